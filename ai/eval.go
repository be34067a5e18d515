package ai

import (
	"math/bits"

	"chimera/game"
)

// Evaluation. Scores are centipawns from the point of view of the side to
// move. One evaluator serves every rule set; the Variant switches pick the
// terms. The values below were set by reasoning about each piece's power and
// then checked with cmd/arena self-play (see README.md, "Measured"); they are
// deliberately simple so that the evaluation stays fast (one pass over the
// board, no move generation).

// The piece values the evaluation starts from are the game's
// (game.Variant.Values, with the reasoning behind them in game/variant.go);
// the terms below are added to them.

// unitBonus is the value a pair of friendly bifold pieces on one square adds
// to the two pieces alone (centipawns), indexed by the two kinds.
var unitBonus [game.NumKinds][game.NumKinds]int

func init() {
	set := func(a, b game.Kind, v int) { unitBonus[a][b], unitBonus[b][a] = v, v }
	set(game.HRook, game.HRook, 90)     // a full Rook
	set(game.HBishop, game.HBishop, 70) // a full Bishop
	set(game.HQueen, game.HQueen, 160)  // a full Queen
	set(game.HQueen, game.HRook, 80)    // Rook + halfling Bishop
	set(game.HQueen, game.HBishop, 70)  // Bishop + halfling Rook
	set(game.Horse, game.Horse, 60)     // a leaping Knight
	set(game.Wazir, game.Ferz, 0)       // a King: mobile, but a unit can take both at once
	for _, p := range []game.Kind{game.LPawn, game.DPawn, game.VPawn} {
		for _, q := range []game.Kind{game.LPawn, game.DPawn, game.VPawn} {
			set(p, q, 15) // a full pawn
		}
	}
	set(game.VPawn, game.VPawn, 25) // weak pawns together capture freely
}

// Piece-square terms (White's view; Black mirrors the rank).
var (
	center   [64]int // 0 at the corners .. 6 in the centre
	pawnAdv  = [8]int{0, 0, 6, 14, 26, 44, 70, 0}
	bpawnAdv = [8]int{0, 0, 4, 10, 18, 30, 50, 0}
)

func init() {
	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		df, dr := f, r
		if df > 3 {
			df = 7 - df
		}
		if dr > 3 {
			dr = 7 - dr
		}
		center[s] = df + dr
	}
}

func relRank(s int, c game.Color) int {
	if c == game.White {
		return s >> 3
	}
	return 7 - s>>3
}

func cheb(a, b int) int {
	df := a&7 - b&7
	if df < 0 {
		df = -df
	}
	dr := a>>3 - b>>3
	if dr < 0 {
		dr = -dr
	}
	return max(df, dr)
}

// evaluator holds per-variant tables.
type evaluator struct {
	v      *game.Variant
	value  [game.NumKinds]int
	hand   [game.NumKinds]int
	bifold bool
	drops  bool
	noise  int    // half-width of the deterministic evaluation noise (levels)
	seed   uint64 // noise seed
	// pst is each piece's value plus its piece-square term on each square,
	// from White's point of view (negative for Black's pieces), indexed by
	// game.Piece (kind and colour bit) and square.
	pst [64][64]int32
	// pstEg is pst with the end-game boards of squares (nil without them):
	// the evaluation blends the two by the non-pawn material left
	pstEg *[64][64]int32
	// nonPawn is the value of a piece counted as attacking material (0 for
	// pawns and royals), indexed by game.Piece.
	nonPawn [64]int32
	// handOrder lists the kinds that can be in hand.
	handOrder []game.Kind
	// squares are fitted piece-square terms (pst.go) used instead of
	// pieceSquare's for the kinds they cover; nil: none
	squares *pieceSquares
	// terms are the weights of the structural terms of the full-size
	// evaluation (pawn structure, mobility, king attack, rooks, bishop
	// pair, pawn shield); nil where they are off.
	terms *fullTerms
	// pawnCache keeps the pawn terms of structure by pawn placement (with
	// terms only)
	pawnCache *[pawnCacheSize]pawnEntry
	// evalCache keeps the evaluations of full-size positions by hash (with
	// terms only: where an evaluation is dear)
	evalCache *[evalCacheSize]evalEntry
	// st[top] is the incremental part of the evaluation of the current
	// position; make and unmake push and pop it.
	st  [evStack]evState
	top int
}

// evStack is the size of the evaluator's state stack: a power of two at
// least maxPly+2, so that masked indexes need no bounds checks.
const evStack = 128

var _ = [evStack - maxPly - 2]int{} // evStack >= maxPly+2

// Piece properties indexed by game.Piece (kind in the low 5 bits).
var (
	isRoyal [64]bool
	isPawn  [64]bool
	pawnBit [64]uint8 // isPawn as 0 or 1
)

func init() {
	for x := 1; x < 64; x++ {
		k := game.Piece(x).Kind()
		if k >= game.NumKinds {
			continue
		}
		isRoyal[x] = k.Royal()
		isPawn[x] = k.IsPawn()
		if isPawn[x] {
			pawnBit[x] = 1
		}
	}
}

func newEvaluator(v *game.Variant) *evaluator { return newEvaluatorWith(v, nil, v.HandBonus, nil) }

// newEvaluatorWith is newEvaluator with some piece values and the bonus of a
// piece in hand (percent) replaced: the tuner's trials (tune_test.go).
func newEvaluatorWith(v *game.Variant, values map[game.Kind]int, handBonus int, squares *pieceSquares) *evaluator {
	e := &evaluator{v: v, bifold: v.Bifold, drops: v.Drops, squares: squares}
	if squares != nil {
		e.pstEg = new([64][64]int32)
	}
	for k := range e.value {
		e.value[k] = v.Value(game.Kind(k))
		if x, ok := values[game.Kind(k)]; ok {
			e.value[k] = x
		}
		e.hand[k] = e.value[k] * (100 + handBonus) / 100
	}
	e.handOrder = v.HandOrder()
	if v.Structure {
		e.addStructure()
	}
	for c := game.White; c <= game.Black; c++ {
		sign := int32(1)
		if c == game.Black {
			sign = -1
		}
		for k := game.Pawn; k < game.NumKinds; k++ {
			x := game.MakePiece(c, k)
			if !k.Royal() && !k.IsPawn() {
				e.nonPawn[x] = int32(e.value[k])
			}
			for sq := 0; sq < 64; sq++ {
				e.pst[x][sq] = sign * int32(e.value[k]+e.pieceSquare(k, c, sq, 0))
				if e.pstEg != nil {
					e.pstEg[x][sq] = sign * int32(e.value[k]+e.pieceSquare(k, c, sq, 1))
				}
			}
		}
	}
	return e
}

// addStructure turns on chess's structural terms (structure.go), with the
// caches that keep their cost down.
func (e *evaluator) addStructure() {
	if e.terms == nil {
		e.useTerms(&chessTerms)
	}
}

// useTerms has the evaluation weigh the structural terms by t (turning them
// on where they were off) and empties the caches that hold their sums.
func (e *evaluator) useTerms(t *fullTerms) {
	e.terms = t
	if e.pawnCache == nil {
		e.pawnCache = new([pawnCacheSize]pawnEntry)
		e.evalCache = new([evalCacheSize]evalEntry)
	}
	*e.pawnCache = [pawnCacheSize]pawnEntry{}
	*e.evalCache = [evalCacheSize]evalEntry{}
}

// pieceSquare is the positional term of a piece of kind k and colour c on
// sq, in the middle game (phase 0) or the end game (1): the hand-set terms
// below are the same in both, the fitted ones (e.squares) differ.
func (e *evaluator) pieceSquare(k game.Kind, c game.Color, sq, phase int) int {
	if v, ok := e.squares.term(k, c, sq, phase); ok {
		return v
	}
	rr := relRank(sq, c)
	if e.bifold {
		switch {
		case k == game.Pawn:
			return pawnAdv[rr]
		case k.IsPawn():
			return bpawnAdv[rr]
		case k.Royal():
			return 0
		}
		return 2 * center[sq]
	}
	switch k {
	case game.Pawn:
		return pawnAdv[rr]
	case game.Knight:
		return 5*center[sq] - 12
	case game.Bishop, game.Paladin:
		return 3*center[sq] - 6
	case game.Queen, game.Marshall:
		return 2 * center[sq]
	case game.Rook:
		if rr == 6 {
			return 15
		}
	}
	return 0
}

// mix is a 64-bit hash finaliser (splitmix64), used for evaluation noise.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// eval returns the static evaluation of p for the side to move. It is not
// inlined (its cost is above the compiler's budget), so search and quiesce
// write the choice out themselves at their hot call sites.
func (e *evaluator) eval(p *game.Position) int {
	if e.bifold {
		return e.evalBifold(p)
	}
	return e.evalFull(p)
}

// final turns a score from White's point of view into the side to move's,
// with the tempo bonus and the level's noise.
func (e *evaluator) final(p *game.Position, s int) int {
	if p.Turn() == game.Black {
		s = -s
	}
	s += 12 // tempo
	if e.noise > 0 {
		s += int(mix(p.Hash()^e.seed)%uint64(2*e.noise+1)) - e.noise
	}
	return s
}

// Square masks: nbMask the squares next to each square, zoneMask those at
// distance 1 or 2 (king steps).
var nbMask, zoneMask [64]uint64

func init() {
	for s := 0; s < 64; s++ {
		for t := 0; t < 64; t++ {
			if t != s && cheb(s, t) == 1 {
				nbMask[s] |= 1 << uint(t)
			}
			if t != s && cheb(s, t) <= 2 {
				zoneMask[s] |= 1 << uint(t)
			}
		}
	}
}

// royalRank is the middle-game royal placement term by relative rank.
var (
	royalRankFull   = [8]int{20, 0, -25, -45, -60, -70, -70, -70}
	royalRankBifold = [8]int{15, 5, -10, -25, -40, -50, -60, -60}
)

// files returns the set of files (bits 0-7) holding a square of b.
func files(b uint64) uint64 {
	b |= b >> 32
	b |= b >> 16
	b |= b >> 8
	return b & 0xff
}

// evState is the part of the evaluation kept up to date move by move (the
// terms that depend on single squares), so that an evaluation need not visit
// every piece. Scores are from White's point of view.
type evState struct {
	score   int       // piece values, piece-square terms, bifold unit bonuses
	scoreEg int       // full-size with fitted squares: score with the end-game terms
	mixed   int       // bifold: squares shared by a White and a Black piece
	nonPawn [2]int    // full-size: attacking material (not pawns, not royal)
	pawns   [2]uint64 // full-size: pawn squares
	np1     [2]uint64 // bifold: squares with at least one non-pawn piece of a side
	np2     [2]uint64 // bifold: squares with two non-pawn pieces of a side
	dbl     [2]uint64 // bifold: squares with two pieces of a side
	full    uint64    // bifold: squares with two pieces
	roy1    [2]uint64 // bifold: squares with at least one royal of a side
	roy2    [2]uint64 // bifold: squares with two royals of a side
}

// changeCell updates st for square sq going from cell old to cell x: it
// takes the terms of old away (and clears the square's bits whatever they
// were), then adds those of x. One call per changed square (calls are dear
// under WASM).
func (e *evaluator) changeCell(st *evState, sq int, old, x game.Cell) {
	bit := uint64(1) << uint(sq&63)
	for c := 0; c < 2; c++ {
		st.pawns[c] &^= bit
		st.np1[c] &^= bit
		st.np2[c] &^= bit
		st.dbl[c] &^= bit
		st.roy1[c] &^= bit
		st.roy2[c] &^= bit
	}
	st.full &^= bit
	for i, cell := range [2]game.Cell{old, x} {
		sign := 2*i - 1 // old: -1, x: +1
		x0, x1 := cell[0], cell[1]
		if x0 == game.NoPiece {
			continue
		}
		v := int(e.pst[x0][sq])
		c0 := x0.Color()
		if !e.bifold {
			st.score += sign * v
			if e.pstEg != nil {
				st.scoreEg += sign * int(e.pstEg[x0][sq])
			}
			st.nonPawn[c0] += sign * int(e.nonPawn[x0])
			if sign > 0 && isPawn[x0] {
				st.pawns[c0] |= bit
			}
			continue
		}
		if sign > 0 && !isPawn[x0] {
			st.np1[c0] |= bit
			if isRoyal[x0] {
				st.roy1[c0] |= bit
			}
		}
		if x1 != game.NoPiece {
			v += int(e.pst[x1][sq])
			c1 := x1.Color()
			if sign > 0 {
				st.full |= bit
				if !isPawn[x1] {
					st.np2[c1] |= st.np1[c1] & bit
					st.np1[c1] |= bit
					if isRoyal[x1] {
						st.roy2[c1] |= st.roy1[c1] & bit
						st.roy1[c1] |= bit
					}
				}
			}
			if c0 == c1 {
				if sign > 0 {
					st.dbl[c0] |= bit
				}
				if c0 == game.White {
					v += unitBonus[x0.Kind()][x1.Kind()]
				} else {
					v -= unitBonus[x0.Kind()][x1.Kind()]
				}
			} else {
				st.mixed += sign
			}
		}
		st.score += sign * v
	}
}

// reset computes the state of position p from scratch and makes it the only
// one on the stack.
func (e *evaluator) reset(p *game.Position) {
	e.top = 0
	st := &e.st[0]
	*st = evState{}
	for bb := p.Occupied(game.White) | p.Occupied(game.Black); bb != 0; bb &= bb - 1 {
		sq := bits.TrailingZeros64(bb)
		e.changeCell(st, sq, game.Cell{}, p.At(sq))
	}
}

// make plays m on p (p.Make) and pushes the state of the new position,
// updated from the squares the move changed (Position.ChangedSquare).
func (e *evaluator) make(p *game.Position, m game.Move) {
	p.Make(m)
	e.top++
	st, prev := &e.st[e.top&(evStack-1)], &e.st[(e.top-1)&(evStack-1)]
	n := p.Changed()
	if !e.bifold {
		// the full-size terms only, written out (no call per square): a
		// piece's value and square term, its attacking material, its pawn bit
		st.score, st.scoreEg, st.nonPawn, st.pawns = prev.score, prev.scoreEg, prev.nonPawn, prev.pawns
		for i := 0; i < n; i++ {
			sq, old := p.ChangedSquare(i)
			sq &= 63
			x, o := p.At(sq)[0]&63, old[0]&63
			st.score += int(e.pst[x][sq]) - int(e.pst[o][sq])
			if e.pstEg != nil {
				st.scoreEg += int(e.pstEg[x][sq]) - int(e.pstEg[o][sq])
			}
			st.nonPawn[x>>5&1] += int(e.nonPawn[x])
			st.nonPawn[o>>5&1] -= int(e.nonPawn[o])
			bit := uint64(1) << uint(sq)
			st.pawns[0] &^= bit
			st.pawns[1] &^= bit
			st.pawns[x>>5&1] |= bit & -uint64(pawnBit[x])
		}
		return
	}
	*st = *prev
	for i := 0; i < n; i++ {
		sq, old := p.ChangedSquare(i)
		e.changeCell(st, sq, old, p.At(sq))
	}
}

// unmake takes back the last make.
func (e *evaluator) unmake(p *game.Position) {
	p.Unmake()
	e.top--
}

// evalEntry is an evaluation kept in the evaluator's cache: the score of the
// position whose whole Zobrist hash is key (set says the entry is used).
type evalEntry struct {
	key   uint64
	score int32
	set   bool
}

// evalCacheSize is the number of entries of the evaluation cache (a power
// of two). Iterative deepening evaluates the same positions again at every
// iteration, quiescence mostly, where the table of the search is not asked;
// with the structural terms an evaluation costs more than a look-up. The
// whole hash is compared, so only a collision of all 64 bits (the table of
// the search trusts 32) could give another position's score.
const evalCacheSize = 1 << 15

// evalFull scores a full-size position (for the side to move) from the
// incremental state; only the pieces near the royals are visited. With the
// structural terms the score goes through the evaluation cache.
func (e *evaluator) evalFull(p *game.Position) int {
	var ce *evalEntry
	var h uint64
	if e.evalCache != nil {
		h = p.Hash()
		ce = &e.evalCache[h&(evalCacheSize-1)]
		if ce.set && ce.key == h {
			return int(ce.score)
		}
	}
	st := &e.st[e.top]
	occ := [2]uint64{p.Occupied(game.White), p.Occupied(game.Black)}
	royal := [2]int{p.RoyalSquare(game.White), p.RoyalSquare(game.Black)}
	s := st.score
	if e.pstEg != nil {
		s = taper(st.score, st.scoreEg, st.nonPawn[0]+st.nonPawn[1])
	}
	var handVal [2]int
	if e.drops {
		for c := game.White; c <= game.Black; c++ {
			for _, k := range e.handOrder {
				if n := p.HandCount(c, k); n > 0 {
					handVal[c] += n * e.hand[k]
				}
			}
		}
		s += handVal[0] - handVal[1]
	}
	for c := 0; c < 2; c++ {
		rk := royal[c]
		if rk < 0 {
			continue
		}
		sc := 0
		// pawn structure: doubled pawns
		sc -= 12 * (bits.OnesCount64(st.pawns[c]) - bits.OnesCount64(files(st.pawns[c])))
		// royal safety. The enemy's power to attack is its non-pawn material
		// (board and, in Bedlam, hand: a piece in hand lands next to the royal).
		danger := st.nonPawn[c^1] + handVal[c^1]*2
		safety := 0
		if danger > 1200 || e.drops {
			// middle game: stay home, keep guards, keep enemies away
			safety += royalRankFull[relRank(rk, game.Color(c))]
			safety += 10 * min(bits.OnesCount64(nbMask[rk]&occ[c]), 4)
			near := 0 // enemy pressure near the royal
			for bb := zoneMask[rk] & occ[c^1]; bb != 0; bb &= bb - 1 {
				if np := int(e.nonPawn[p.At(bits.TrailingZeros64(bb))[0]]); np != 0 {
					near += 1 + np/300
				}
			}
			safety -= 12 * near
			if e.drops {
				empty := bits.OnesCount64(nbMask[rk] &^ (occ[0] | occ[1]))
				safety -= empty * min(handVal[c^1], 2000) / 60
			}
			safety = safety * min(danger, 3000) / 2000
		} else {
			// end game: centralise
			safety += 4 * center[rk]
		}
		sc += safety
		if c == 0 {
			s += sc
		} else {
			s -= sc
		}
	}
	if e.terms != nil {
		s += e.structure(p, st, occ, royal)
	}
	s = e.final(p, s)
	if ce != nil {
		*ce = evalEntry{key: h, score: int32(s), set: true}
	}
	return s
}

// evalBifold scores a Bifold Halfgi position (for the side to move) from
// the incremental state: the royal-safety terms are bit counts.
func (e *evaluator) evalBifold(p *game.Position) int {
	st := &e.st[e.top]
	s := st.score
	// sharing a square with an enemy piece: either may be taken by a single
	// piece entering; slightly bad for the side not to move
	if p.Turn() == game.White {
		s += 15 * st.mixed
	} else {
		s -= 15 * st.mixed
	}
	var handCount [2]int
	for c := game.White; c <= game.Black; c++ {
		hv := 0
		for _, k := range e.handOrder {
			if n := p.HandCount(c, k); n > 0 {
				hv += n * e.hand[k]
				handCount[c] += n
			}
		}
		if c == game.White {
			s += hv
		} else {
			s -= hv
		}
	}
	// royal safety: a royal is exposed to enemy pieces nearby (no check in
	// this game: an attacked royal is simply taken) and, when the enemy has
	// pieces in hand, to drops next to it. The search sees direct captures;
	// this term keeps the royals out of reach before that.
	occ := [2]uint64{p.Occupied(game.White), p.Occupied(game.Black)}
	for c := 0; c < 2; c++ {
		o := c ^ 1
		sc := 0
		nr := 0
		for bb := st.roy1[c]; bb != 0; bb &= bb - 1 {
			rk := bits.TrailingZeros64(bb)
			z := zoneMask[rk]
			safety := royalRankBifold[relRank(rk, game.Color(c))]
			safety -= 12 * (bits.OnesCount64(z&st.np1[o]) + bits.OnesCount64(z&st.np2[o]))
			safety += 3 * (bits.OnesCount64(z&occ[c]) + bits.OnesCount64(z&st.dbl[c]))
			if handCount[o] > 0 {
				free := bits.OnesCount64(nbMask[rk] &^ st.full)
				safety -= free * 3 * min(handCount[o], 5)
			}
			n := 1
			if st.roy2[c]&(1<<uint(rk)) != 0 {
				n = 2 // both royals on one square
			}
			sc += n * safety
			nr += n
		}
		if nr == 1 {
			sc -= 150 // a lone royal: one more capture loses
		}
		if c == 0 {
			s += sc
		} else {
			s -= sc
		}
	}
	return e.final(p, s)
}

// taperMax is the non-pawn material (both sides) from which a position is
// all middle game for taper.
const taperMax = 6400

// taper blends a middle-game and an end-game score by the non-pawn
// material left (nonPawn, both sides).
func taper(mg, eg, nonPawn int) int {
	ph := min(nonPawn, taperMax)
	return (mg*ph + eg*(taperMax-ph)) / taperMax
}
