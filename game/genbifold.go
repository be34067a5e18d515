package game

import "math/bits"

// Move generation for the Bifold Halfgi family: squares hold one pawn or up to
// two half-size pieces of either colour; pieces move alone or, two of one
// colour on a square, as a unit.
//
// The generator works on bit sets: per node it classifies the occupied
// squares once (classify), then for each piece or unit computes the set of
// squares it reaches (sliding lines by bit operations, no walk along them)
// and splits that set by the classes into quiet moves and captures, written
// by tight loops over the set bits. Branches and calls are dear under WASM
// (Go compiles every function there as one dispatch loop), so the hot paths
// are written inline.

// friends returns the pieces of colour c in cell x (0, 1 or 2 of them).
func friends(x Cell, c Color) (n int, a, b Piece) {
	for _, y := range x {
		if y != NoPiece && y.Color() == c {
			if n == 0 {
				a = y
			} else {
				b = y
			}
			n++
		}
	}
	return
}

// bifoldGen holds per-node state for Bifold Halfgi generation.
type bifoldGen struct {
	p          *Position
	ml         *MoveList
	us, them   Color
	threat     uint64 // squares the opponent threatens (valid if haveThreat)
	haveThreat bool
	support    uint64 // squares we threaten (weak-pawn support)
	haveSup    bool

	// The square classes (valid if classified), bit s for square s.
	classified bool
	all        uint64 // occupied
	empty      uint64
	join       uint64 // exactly one bifold piece, either colour: a single piece shares it
	quietS     uint64 // empty or join: a single piece enters without capturing
	capS       uint64 // a lone enemy pawn, or an enemy beside a friend: a single piece captures (no choice)
	two        uint64 // two enemy pieces: a single piece captures one of them (a choice)
	enemyOnly  uint64 // occupied by the enemy only: a unit (or full pawn) captures everything there
	ourPawns   uint64 // our lone full-size pawns
	pawnSq     uint64 // squares holding one of our pawns (of any kind)
	pieceSq    uint64 // squares holding one of our non-pawn pieces
	epBit      uint64 // the en-passant square, or 0

	mode genMode // genAll, genTactical (captures and promotions) or genQuiet (the others)
}

func (g *bifoldGen) enemyThreat() uint64 {
	if !g.haveThreat {
		g.threat = g.p.threatMap(g.them)
		g.haveThreat = true
	}
	return g.threat
}

func (g *bifoldGen) supported(s int) bool {
	if !g.haveSup {
		g.support = g.p.threatMap(g.us)
		g.haveSup = true
	}
	return g.support&(1<<uint(s)) != 0
}

// classify fills the square classes of g from the position.
func (g *bifoldGen) classify() {
	p := g.p
	friend, enemy := p.occ[g.us], p.occ[g.them]
	all := friend | enemy
	// the cell classes Make keeps up to date (cellClass): one piece; a
	// bifold piece first; ours
	single, bif := p.cls[clsSingle], p.cls[clsBifold]
	g.pawnSq, g.pieceSq = p.cls[clsPawns+g.us&1], p.cls[clsPieces+g.us&1]
	g.all = all
	g.empty = ^all
	g.join = single & bif
	g.quietS = g.empty | g.join
	g.capS = single&^bif&enemy | friend&enemy
	g.two = enemy &^ friend &^ single
	g.enemyOnly = enemy &^ friend
	g.ourPawns = single &^ bif & friend
	g.epBit = 0
	if p.ep >= 0 {
		g.epBit = 1 << uint(p.ep&63)
	}
	if g.mode == genQuiet {
		// no square to capture on
		g.capS, g.two, g.enemyOnly, g.epBit = 0, 0, 0, 0
	}
	g.classified = true
}

// genBifold appends the legal moves of a Bifold Halfgi position of the
// mode's kind (genTactical: captures and promotions only).
func (p *Position) genBifold(ml *MoveList, mode genMode) {
	us := p.turn
	if p.royals[us] == 0 {
		return // both royals lost: no moves
	}
	g := bifoldGen{p: p, ml: ml, us: us, them: us.Other(), mode: mode}
	g.classify()
	g.gen(p.occ[us])
	if mode == genTactical {
		return
	}
	if p.castle != 0 {
		p.genCastle(ml, g.all, &g)
	}
	// drops: onto empty squares, bifold pieces also beside a lone bifold piece
	for _, k := range p.v.Hand {
		if p.hand[us][k] == 0 {
			continue
		}
		tg := g.empty
		if kinds[k].bifold {
			tg = g.quietS
		}
		if kinds[k].pawn {
			tg &^= lastRankBB[us]
		}
		base := mkMove(0, 0, k, 0, 0, flagDrop)
		n := ml.N
		for ; tg != 0; tg &= tg - 1 {
			t := bits.TrailingZeros64(tg)
			if uint(n) < uint(len(ml.Moves)) {
				ml.Moves[n] = base | fromTo(t, t)
				n++
			}
		}
		ml.N = n
	}
}

// genJob is one non-pawn mover of a square: a piece alone (part set when it
// leaves a partner) or the unit of two (not both pawns).
type genJob struct {
	m         movement
	part      Kind
	unit      bool
	royalPath bool // a unit with exactly one royal: rule 8 applies to its path
}

// pawnJob is one pawn mover of a square: a pawn alone, a pawn leaving its
// partner (part), or two pawns (full, with their union movement).
type pawnJob struct {
	m        movement
	part     Kind
	fullMask uint64 // all ones for the full-size pawn or two pawns, else 0
}

// moversOf is what the pieces of one colour on a square do: n non-pawn
// movers and np pawn movers (one for two identical pieces).
type moversOf struct {
	n, np uint8
	jobs  [3]genJob
	pawns [3]pawnJob
}

// cellMovers[ka<<5|kb] lists the movers of a square whose pieces of the
// mover's colour are of kinds ka and kb (kb NoKind for one piece), and
// friendKinds[c][x0][x1] gives that index for a cell of pieces x0, x1 and the
// mover c: two lookups instead of a branching walk over the cell.
var cellMovers, friendKinds = makeCellMovers()

// cellMovement[ka<<5|kb] is cellMove[ka][kb], indexed as cellMovers.
var cellMovement = makeCellMovement()

func makeCellMovement() (t [1024]movement) {
	for ka := Kind(1); ka < NumKinds; ka++ {
		for kb := NoKind; kb < NumKinds; kb++ {
			t[int(ka)<<5|int(kb)] = cellMove[ka][kb]
		}
	}
	return
}

func makeCellMovers() (t *[1024]moversOf, fk *[2][64][64]uint16) {
	t, fk = new([1024]moversOf), new([2][64][64]uint16)
	for ka := Kind(1); ka < NumKinds; ka++ {
		for kb := NoKind; kb < NumKinds; kb++ {
			mv := &t[int(ka)<<5|int(kb)]
			add := func(m movement, part Kind, unit, royalPath, full bool) {
				if m.Pawn && !unit {
					mv.pawns[mv.np] = pawnJob{m, part, 0}
					if full {
						mv.pawns[mv.np].fullMask = ^uint64(0)
					}
					mv.np++
				} else {
					mv.jobs[mv.n] = genJob{m, part, unit, royalPath}
					mv.n++
				}
			}
			if kb == NoKind {
				add(kinds[ka].move, NoKind, false, false, ka == Pawn)
				continue
			}
			add(kinds[ka].move, ka, false, false, ka == Pawn)
			if kb != ka {
				add(kinds[kb].move, kb, false, false, kb == Pawn)
			}
			// two pawns move as a full pawn (or the union of the two),
			// promoting together; only they may capture en passant
			both := kinds[ka].pawn && kinds[kb].pawn
			add(cellMove[ka][kb], NoKind, !both, kinds[ka].royal != kinds[kb].royal && !both, true)
		}
	}
	for c := White; c <= Black; c++ {
		for x0 := 0; x0 < 64; x0++ {
			for x1 := 0; x1 < 64; x1++ {
				a, b := Piece(x0), Piece(x1)
				if a == NoPiece || a.Color() != c {
					a, b = b, NoPiece
				} else if b != NoPiece && b.Color() != c {
					b = NoPiece
				}
				if a == NoPiece || a.Kind() >= NumKinds || b.Kind() >= NumKinds {
					continue
				}
				fk[c][x0][x1] = uint16(a.Kind())<<5 | uint16(b.Kind())
			}
		}
	}
	return
}

// gen generates every move from the squares bb (classified; each holds one or
// two of the mover's pieces): each piece alone (one move for two identical
// pieces) and, for two, the unit. The pawns are done by fullPawns (lone
// full-size pawns not about to promote, set-wise) and pawns; the loop here
// does the other pieces and the units that are not two pawns.
func (g *bifoldGen) gen(bb uint64) {
	p := g.p
	ml := g.ml
	us := g.us
	if pw := bb & g.ourPawns &^ (lastRankBB[us]>>8 | lastRankBB[us]<<8); pw != 0 {
		g.fullPawns(pw)
		bb &^= pw
	}
	if pw := bb & g.pawnSq; pw != 0 {
		g.pawns(pw)
	}
	all, empty, quietS, capS, enemyOnly := g.all, g.empty, g.quietS, g.capS, g.enemyOnly
	enterEmpty, enterQuiet := empty, quietS // where a unit and a single piece go without capturing
	tactical := g.mode == genTactical
	if tactical {
		enterEmpty, enterQuiet = 0, 0
	}
	takes := enemyOnly | capS | g.two // where a unit or a single piece may capture
	for bb &= g.pieceSq; bb != 0; bb &= bb - 1 {
		s := bits.TrailingZeros64(bb) & 63
		x := p.sq[s]
		cm := &cellMovers[friendKinds[us&1][x[0]&63][x[1]&63]&1023]
		for j := 0; j < int(cm.n); j++ {
			jb := &cm.jobs[j]
			m := jb.m
			// captures only: a mover without a pawn's movement that could
			// not take anything on an empty board has no move to write
			// (three look-ups instead of its reach)
			if tactical && !m.Pawn && (orthSpan[m.Orth&3][s]|diagSpan[m.Diag&3][s]|leapSpan[m.Leap&3][s])&takes == 0 {
				continue
			}
			blk := all
			var threat uint64
			if jb.royalPath {
				threat = g.enemyThreat()
				blk |= threat // a threatened square ends the line (it may be entered)
			}
			// the passed squares must be empty (and, on a royal path, unthreatened)
			tg := reach(&m, s, blk, empty&^threat)
			// rule 6: a unit makes one move per target and captures
			// everything on a square without friends; rule 5: a single piece
			// shares a lone bifold piece's square, captures a lone enemy pawn
			// or the enemy beside a friend, and chooses which of two enemies
			// to capture
			base, enter, capt, two := Move(s), enterEmpty|enemyOnly, enemyOnly, uint64(0)
			if jb.unit {
				if m.Pawn {
					tg |= g.unitPawnTargets(s, m, jb.royalPath)
				}
			} else {
				base, enter, capt, two = mkMove(s, 0, jb.part, 0, 0, 0), enterQuiet|capS, capS, tg&g.two
			}
			n := ml.N
			if n > MaxMoves-64 {
				return // never in a real game; below, n&(MaxMoves-1) == n
			}
			for tg &= enter; tg != 0; tg &= tg - 1 {
				t := uint(bits.TrailingZeros64(tg)) & 63
				ml.Moves[n&(MaxMoves-1)] = base | toBits(int(t)) | captureIf(capt, t)
				n++
			}
			ml.N = n
			if two != 0 {
				g.choices(base, two)
			}
		}
	}
}

// reach returns the squares a piece or unit of movement m on s reaches,
// whatever stands there (pawn moves aside): along each line up to and
// including the first square of blk, the knight's leap, and the Horse's
// targets whose orthogonal square is in pass. The generator and the threat
// map (rule 8) both ask it. The lines are pieceAtt's, skipping those a
// mover lacks.
func reach(m *movement, s int, blk, pass uint64) uint64 {
	s &= 63
	var tg uint64
	if m.Orth != rNone {
		ro := &rayRange[m.Orth&3][s]
		tg = upRay(ro[0], blk) | upRay(ro[1], blk) | downRay(ro[2], blk) | downRay(ro[3], blk)
	}
	if m.Diag != rNone {
		rd := &rayRange[m.Diag&3][s]
		tg |= upRay(rd[4], blk) | upRay(rd[7], blk) | downRay(rd[5], blk) | downRay(rd[6], blk)
	}
	switch m.Leap {
	case lLeap:
		tg |= knightBB[s]
	case lHorse:
		hp, ht := &bbt.horsePass[s], &bbt.horseTo[s]
		e0, e1, e2, e3 := pass&hp[0], pass&hp[1], pass&hp[2], pass&hp[3]
		tg |= ht[0]&-((e0|-e0)>>63) | ht[1]&-((e1|-e1)>>63) | ht[2]&-((e2|-e2)>>63) | ht[3]&-((e3|-e3)>>63)
	}
	return tg
}

// pawns generates the moves of the pawn movers of the squares bb (classified):
// a pawn alone, a pawn leaving its partner, and two pawns as a unit. A full
// pawn (the full-size pawn, or two pawns) enters only empty squares and
// captures everything on a square without friends; a bifold pawn alone may
// share a lone bifold piece's square and captures under rule 5.
func (g *bifoldGen) pawns(bb uint64) {
	p := g.p
	ml := g.ml
	us := g.us
	all, empty, join, capS, enemyOnly, ep := g.all, g.empty, g.join, g.capS, g.enemyOnly, g.epBit
	enemy := p.occ[g.them]
	for ; bb != 0; bb &= bb - 1 {
		s := bits.TrailingZeros64(bb) & 63
		push0 := bbt.pawnPush[us][s]
		if push0 == 0 {
			continue // stranded on the last rank
		}
		if g.mode == genTactical && (bbt.pawnLeft[us][s]|bbt.pawnRight[us][s])&(enemy|ep) == 0 && push0&lastRankBB[us] == 0 {
			continue // nothing to take, no promotion
		}
		x := p.sq[s]
		cm := &cellMovers[friendKinds[us&1][x[0]&63][x[1]&63]&1023]
		for j := 0; j < int(cm.np); j++ {
			jb := &cm.pawns[j]
			m := jb.m
			// a pawn alone, leaving its partner, or two pawns. A full pawn
			// enters only empty squares and captures everything on a
			// square without friends; a bifold pawn alone may share a lone
			// bifold piece's square and captures under rule 5
			push := push0
			fm := jb.fullMask // chosen without a branch
			enter, capt, two := empty|join&^fm, enemyOnly&fm|capS&^fm, g.two&^fm
			e := push & empty // a double step passes an empty square
			dbl := bbt.pawnDouble[us][s] & enter & -((e | -e) >> 63)
			push &= enter
			if g.mode == genTactical {
				push, dbl = push&lastRankBB[us], 0 // promotions only
			}
			// the diagonals it takes on: the strong sides, and the weak
			// ones if supported (judged only when there is something to
			// take there: it costs a threat map)
			l, r := bbt.pawnLeft[us][s], bbt.pawnRight[us][s]
			pc := uint64(m.PawnCap)
			diag := l&-(pc&1) | r&-(pc>>1&1)
			if weak := l&-(pc>>2&1) | r&-(pc>>3&1); weak&(all|ep) != 0 && g.supported(s) {
				diag |= weak
			}
			epm := diag & ep
			diag &^= ep
			caps := diag & capt
			two &= diag
			base := mkMove(s, 0, jb.part, 0, 0, 0)
			if (push|caps|two)&lastRankBB[us] != 0 {
				if g.mode != genQuiet {
					g.promotions(base, push, caps, two)
				}
			} else {
				n := ml.N
				for tg := push | caps | dbl; tg != 0; tg &= tg - 1 {
					t := uint(bits.TrailingZeros64(tg)) & 63
					if uint(n) < uint(len(ml.Moves)) {
						ml.Moves[n] = base | toBits(int(t)) | captureIf(caps, t) | doubleIf(dbl, t)
						n++
					}
				}
				ml.N = n
				if two != 0 {
					g.choices(base, two)
				}
			}
			if epm != 0 {
				ml.add(base | toBits(bits.TrailingZeros64(epm)) | flagEP | flagCapture)
			}
		}
	}
}

// choices adds, for each square of tg (two enemy pieces), the capture of
// either piece (one move when they are alike): base | target | capture.
func (g *bifoldGen) choices(base Move, tg uint64) {
	for ; tg != 0; tg &= tg - 1 {
		t := bits.TrailingZeros64(tg)
		y := g.p.sq[t]
		m := base | toBits(t) | flagCapture
		g.ml.add(m | captBits(y[0].Kind()))
		if y[1].Kind() != y[0].Kind() {
			g.ml.add(m | captBits(y[1].Kind()))
		}
	}
}

// fullPawns generates the moves of our lone full-size pawns on pw (none
// about to promote), all at once by shifts.
func (g *bifoldGen) fullPawns(pw uint64) {
	empty, enemyOnly, ep := g.empty, g.enemyOnly, g.epBit
	var push, dbl, capA, capB uint64
	var fwd, da, db int // from = to - delta
	const fileA, fileH = 0x0101010101010101, 0x8080808080808080
	if g.us == White {
		push = pw << 8 & empty
		dbl = (push & 0xff0000) << 8 & empty
		capA, capB = (pw&^fileA)<<7, (pw&^fileH)<<9
		fwd, da, db = 8, 7, 9
	} else {
		push = pw >> 8 & empty
		dbl = (push & 0xff0000000000) >> 8 & empty
		capA, capB = (pw&^fileA)>>9, (pw&^fileH)>>7
		fwd, da, db = -8, -9, -7
	}
	if g.mode == genTactical {
		push, dbl = 0, 0
	}
	ml := g.ml
	n := ml.N
	for ; push != 0; push &= push - 1 {
		t := bits.TrailingZeros64(push)
		if uint(n) < uint(len(ml.Moves)) {
			ml.Moves[n] = fromTo(t-fwd, t)
			n++
		}
	}
	for ; dbl != 0; dbl &= dbl - 1 {
		t := bits.TrailingZeros64(dbl)
		if uint(n) < uint(len(ml.Moves)) {
			ml.Moves[n] = fromTo(t-2*fwd, t) | flagDouble
			n++
		}
	}
	for c := capA & (enemyOnly | ep); c != 0; c &= c - 1 {
		t := uint(bits.TrailingZeros64(c)) & 63
		if uint(n) < uint(len(ml.Moves)) {
			ml.Moves[n] = fromTo(int(t)-da, int(t)) | flagCapture | epIf(ep, t)
			n++
		}
	}
	for c := capB & (enemyOnly | ep); c != 0; c &= c - 1 {
		t := uint(bits.TrailingZeros64(c)) & 63
		if uint(n) < uint(len(ml.Moves)) {
			ml.Moves[n] = fromTo(int(t)-db, int(t)) | flagCapture | epIf(ep, t)
			n++
		}
	}
	ml.N = n
}

// promotions adds the promoting moves base onto push (quiet), caps (capture)
// and two (capture of either of two enemies), one per promotion choice.
func (g *bifoldGen) promotions(base Move, push, caps, two uint64) {
	for _, k := range g.p.v.Promotions {
		b := base | promoBits(k)
		for tg := push | caps; tg != 0; tg &= tg - 1 {
			t := uint(bits.TrailingZeros64(tg)) & 63
			g.ml.add(b | toBits(int(t)) | captureIf(caps, t))
		}
		g.choices(b, two)
	}
}

// unitPawnTargets returns the squares a unit of a pawn and a non-pawn
// reaches with the pawn's movement m: steps and captures, no promotion, no en
// passant (the caller keeps those with no friend on them).
func (g *bifoldGen) unitPawnTargets(s int, m movement, royalPath bool) uint64 {
	s &= 63
	us := g.us
	push := bbt.pawnPush[us][s] & g.empty
	tg := push
	if push != 0 && bbt.pawnDouble[us][s] != 0 && (!royalPath || g.enemyThreat()&push == 0) {
		tg |= bbt.pawnDouble[us][s] & g.empty
	}
	l, r := bbt.pawnLeft[us][s], bbt.pawnRight[us][s]
	pc := uint64(m.PawnCap)
	tg |= (l&-(pc&1) | r&-(pc>>1&1)) & g.all
	if weak := l&-(pc>>2&1) | r&-(pc>>3&1); weak&g.all != 0 && g.supported(s) {
		tg |= weak & g.all
	}
	return tg
}

// threatMap returns the squares side c threatens (rule 8): every square some
// piece or unit of c could move onto by its movement, whatever stands there,
// plus pawn diagonals (bifold pawns on their capturing side; weak pawns only
// while supported). Bit operations: each line's squares up to and including
// its first occupied square at once, without branches.
func (p *Position) threatMap(c Color) uint64 {
	var th uint64
	all := p.occ[0] | p.occ[1]
	empty := ^all
	var weakSq, weakDiag [32]uint64 // weak pawns: their square and weak diagonals
	nw := 0
	for bb := p.occ[c]; bb != 0; bb &= bb - 1 {
		s := bits.TrailingZeros64(bb) & 63
		x := &p.sq[s]
		m := &cellMovement[friendKinds[c&1][x[0]&63][x[1]&63]&1023]
		th |= reach(m, s, all, empty)
		// pawn diagonals (PawnCap is 0 for the others)
		l, r := bbt.pawnLeft[c][s], bbt.pawnRight[c][s]
		pc := uint64(m.PawnCap)
		th |= l&-(pc&1) | r&-(pc>>1&1)
		if pc&(pcWeakLeft|pcWeakRight) != 0 && nw < len(weakSq) {
			weakSq[nw] = 1 << uint(s)
			weakDiag[nw] = l&-(pc>>2&1) | r&-(pc>>3&1)
			nw++
		}
	}
	// weak pawns, from the owner's back rank forward: support comes from behind
	for i := 0; i < nw; i++ {
		j := i
		if c == Black {
			j = nw - 1 - i
		}
		if th&weakSq[j] != 0 {
			th |= weakDiag[j]
		}
	}
	return th
}

// ThreatMap returns the squares side c threatens in a Bifold Halfgi position
// (rule 8), as a bit set with bit s for square s.
func (p *Position) ThreatMap(c Color) uint64 { return p.threatMap(c) }
