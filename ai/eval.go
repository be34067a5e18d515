package ai

import (
	"chimera/game"
)

// Evaluation. Scores are centipawns from the point of view of the side to
// move. One evaluator serves every rule set; the Variant switches pick the
// terms. The values below were set by reasoning about each piece's power and
// then checked with cmd/arena self-play (see README.md, "Measured"); they are
// deliberately simple so that the evaluation stays fast (one pass over the
// board, no move generation).

// Piece values on the board, centipawns, for the full-size games.
//
//   - Bedlam: a lone N, B or R that is attacked may turn into a Q, A or M on its
//     next quiet move (metamorphosis), so the simple pieces are worth a little
//     more than in chess, and compounds a little less (they demote when they
//     capture). A royal compound (O, D, E) is a King carrying a piece that it
//     can split off at will: worth most of that piece.
//   - Assimilation: chess values; a simple piece grows by capturing, which the
//     search sees; compounds never demote, so they keep their full value.
var fullValue = [...][game.VPawn + 1]int{
	// bedlam
	{game.Pawn: 100, game.Knight: 340, game.Bishop: 350, game.Rook: 500, game.Queen: 860,
		game.Marshall: 820, game.Paladin: 670, game.Pope: 280, game.Dragon: 420, game.Eques: 270},
	// assimilation (and chess)
	{game.Pawn: 100, game.Knight: 320, game.Bishop: 330, game.Rook: 500, game.Queen: 950,
		game.Marshall: 880, game.Paladin: 700, game.Pope: 300, game.Dragon: 450, game.Eques: 280},
}

// Bifold Halfgi values. A halfling's range is about half a full piece's, and
// two of one type on a square (a unit) slide without limit: the unit bonus
// below adds what the pair gains over two halflings. Each royal (W, F) is
// scored like a strong piece: losing one is a heavy blow but not the game
// (losing both is, and the search scores it as mate).
var bifoldValue = [game.VPawn + 1]int{
	game.Pawn: 100, game.HRook: 260, game.HBishop: 180, game.HQueen: 440, game.Horse: 160,
	game.Wazir: 900, game.Ferz: 900, game.LPawn: 65, game.DPawn: 65, game.VPawn: 55,
}

// handBonus is the extra value, in percent, of a piece in hand over one on the
// board in drop games: it can appear anywhere, next to the enemy royal.
const handBonus = 10

// unitBonus is the value a pair of friendly bifold pieces on one square adds
// to the two pieces alone (centipawns), indexed by the two kinds.
var unitBonus [game.VPawn + 1][game.VPawn + 1]int

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
	value  [game.VPawn + 1]int
	hand   [game.VPawn + 1]int
	bifold bool
	drops  bool
	bedlam bool
	noise  int    // half-width of the deterministic evaluation noise (levels)
	seed   uint64 // noise seed
}

func newEvaluator(v *game.Variant) *evaluator {
	e := &evaluator{v: v, bifold: v.Bifold, drops: v.Drops, bedlam: v.ID == "bedlam"}
	switch {
	case v.Bifold:
		e.value = bifoldValue
	case v.ID == "bedlam":
		e.value = fullValue[0]
	default:
		e.value = fullValue[1]
	}
	for k := range e.value {
		e.hand[k] = e.value[k] * (100 + handBonus) / 100
	}
	return e
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

// eval returns the static evaluation of p for the side to move.
func (e *evaluator) eval(p *game.Position) int {
	var s int
	if e.bifold {
		s = e.evalBifold(p)
	} else {
		s = e.evalFull(p)
	}
	if p.Turn() == game.Black {
		s = -s
	}
	s += 12 // tempo
	if e.noise > 0 {
		s += int(mix(p.Hash()^e.seed)%uint64(2*e.noise+1)) - e.noise
	}
	return s
}

// evalFull scores a full-size position from White's point of view.
func (e *evaluator) evalFull(p *game.Position) int {
	var score [2]int
	var nonPawn [2]int
	var royal = [2]int{p.RoyalSquare(game.White), p.RoyalSquare(game.Black)}
	var near [2]int   // enemy pressure near each royal
	var shield [2]int // friendly pieces next to each royal
	var pawnFiles [2][8]int
	for sq := 0; sq < 64; sq++ {
		x := p.At(sq)[0]
		if x == game.NoPiece {
			continue
		}
		c, k := x.Color(), x.Kind()
		v := e.value[k]
		rr := relRank(sq, c)
		switch k {
		case game.Pawn:
			v += pawnAdv[rr]
			pawnFiles[c][sq&7]++
		case game.Knight:
			v += 5*center[sq] - 12
		case game.Bishop, game.Paladin:
			v += 3*center[sq] - 6
		case game.Queen, game.Marshall:
			v += 2 * center[sq]
		case game.Rook:
			if rr == 6 {
				v += 15
			}
		}
		if !k.Royal() && k != game.Pawn {
			nonPawn[c] += e.value[k]
		}
		if !k.Royal() {
			o := royal[c^1]
			if o >= 0 && cheb(sq, o) <= 2 && k != game.Pawn {
				near[c^1] += 1 + e.value[k]/300
			}
			if rk := royal[c]; rk >= 0 && cheb(sq, rk) == 1 {
				shield[c]++
			}
		}
		score[c] += v
	}
	var handVal [2]int
	if e.drops {
		for c := game.White; c <= game.Black; c++ {
			for _, k := range e.v.HandOrder() {
				if n := p.HandCount(c, k); n > 0 {
					handVal[c] += n * e.hand[k]
				}
			}
			score[c] += handVal[c]
		}
	}
	for c := game.White; c <= game.Black; c++ {
		rk := royal[c]
		if rk < 0 {
			continue
		}
		// pawn structure: doubled pawns
		for f := 0; f < 8; f++ {
			if pawnFiles[c][f] > 1 {
				score[c] -= 12 * (pawnFiles[c][f] - 1)
			}
		}
		// royal safety. The enemy's power to attack is its non-pawn material
		// (board and, in Bedlam, hand: a piece in hand lands next to the royal).
		danger := nonPawn[c^1] + handVal[c^1]*2
		rr := relRank(rk, c)
		safety := 0
		if danger > 1200 || e.drops {
			// middle game: stay home, keep guards, keep enemies away
			safety += [8]int{20, 0, -25, -45, -60, -70, -70, -70}[rr]
			safety += 10 * min(shield[c], 4)
			safety -= 12 * near[c]
			if e.drops {
				empty := 0
				for _, t := range neighbours[rk] {
					if p.At(int(t)).Empty() {
						empty++
					}
				}
				safety -= empty * min(handVal[c^1], 2000) / 60
			}
			safety = safety * min(danger, 3000) / 2000
		} else {
			// end game: centralise
			safety += 4 * center[rk]
		}
		score[c] += safety
	}
	return score[0] - score[1]
}

// neighbours lists the squares next to each square; near2 those at
// distance 1 or 2 (king steps).
var neighbours, near2 [64][]int8

func init() {
	for s := 0; s < 64; s++ {
		for t := 0; t < 64; t++ {
			if t != s && cheb(s, t) == 1 {
				neighbours[s] = append(neighbours[s], int8(t))
			}
			if t != s && cheb(s, t) <= 2 {
				near2[s] = append(near2[s], int8(t))
			}
		}
	}
}

// evalBifold scores a Bifold Halfgi position from White's point of view.
func (e *evaluator) evalBifold(p *game.Position) int {
	var score [2]int
	var royals [2][2]int
	var nr [2]int
	for sq := 0; sq < 64; sq++ {
		cell := p.At(sq)
		if cell[0] == game.NoPiece {
			continue
		}
		var mine [2][2]game.Kind
		var nm [2]int
		for _, x := range cell {
			if x == game.NoPiece {
				continue
			}
			c, k := x.Color(), x.Kind()
			v := e.value[k]
			rr := relRank(sq, c)
			switch {
			case k.IsPawn():
				if k == game.Pawn {
					v += pawnAdv[rr]
				} else {
					v += bpawnAdv[rr]
				}
			case k.Royal():
				if nr[c] < 2 {
					royals[c][nr[c]] = sq
					nr[c]++
				}
			default:
				v += 2 * center[sq]
			}
			if nm[c] < 2 {
				mine[c][nm[c]] = k
			}
			nm[c]++
			score[c] += v
		}
		for c := 0; c < 2; c++ {
			if nm[c] == 2 {
				score[c] += unitBonus[mine[c][0]][mine[c][1]]
			} else if nm[c] == 1 && nm[c^1] == 1 {
				// sharing a square with an enemy piece: either may be taken by
				// a single piece entering; slightly bad for the side not to move
				if game.Color(c) != p.Turn() {
					score[c] -= 15
				}
			}
		}
	}
	var handCount [2]int
	for c := game.White; c <= game.Black; c++ {
		for _, k := range e.v.HandOrder() {
			if n := p.HandCount(c, k); n > 0 {
				score[c] += n * e.hand[k]
				handCount[c] += n
			}
		}
	}
	// royal safety: a royal is exposed to enemy pieces nearby (no check in
	// this game: an attacked royal is simply taken) and, when the enemy has
	// pieces in hand, to drops next to it. The search sees direct captures;
	// this term keeps the royals out of reach before that.
	for c := 0; c < 2; c++ {
		o := c ^ 1
		for i := 0; i < nr[c]; i++ {
			rk := royals[c][i]
			safety := [8]int{15, 5, -10, -25, -40, -50, -60, -60}[relRank(rk, game.Color(c))]
			for _, t := range near2[rk] {
				for _, x := range p.At(int(t)) {
					if x == game.NoPiece {
						continue
					}
					if int(x.Color()) == o {
						if !x.Kind().IsPawn() {
							safety -= 12
						}
					} else {
						safety += 3
					}
				}
			}
			if handCount[o] > 0 {
				free := 0
				for _, t := range neighbours[rk] {
					if p.At(int(t)).Count() < 2 {
						free++
					}
				}
				safety -= free * 3 * min(handCount[o], 5)
			}
			score[c] += safety
		}
		if nr[c] == 1 {
			score[c] -= 150 // a lone royal: one more capture loses
		}
	}
	return score[0] - score[1]
}
