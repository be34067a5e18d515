package ai

import (
	"math/rand/v2"
	"testing"

	"chimera/game"
)

// TestEvalMatchesReference checks the incremental evaluation against the
// straightforward 64-square version it replaced, along random games (moves
// made and some taken back through the evaluator, as the search does), and
// against a state computed from scratch.
func TestEvalMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	type run struct {
		id        string
		squares   *pieceSquares
		structure bool       // tuning's structural terms
		terms     *fullTerms // their fitted weights (nil: chessTerms)
	}
	var runs []run
	for _, id := range allVariants {
		tn := tunings[id]
		runs = append(runs, run{id, tn.squares, tn.structure, tn.terms}) // (nil: the hand-set terms)
		// fitted squares, whatever their values: random ones for every kind
		// of the rule set (a middle-game and an end-game board; in the
		// Bifold Halfgi family one for both), with the structural terms
		// where they apply, their weights random too (the middle and end
		// game apart)
		v, _ := game.VariantByID(id)
		t := new(pieceSquares)
		phases := 2
		if v.Bifold {
			phases = 1
		}
		for _, k := range v.Pieces {
			t[k] = make(kindSquares, phases)
			for ph := range t[k] {
				for sq := range t[k][ph] {
					t[k][ph][sq] = int16(r.IntN(201) - 100)
				}
			}
		}
		var w *fullTerms
		if !v.Bifold {
			w = randomTerms(r)
		}
		runs = append(runs, run{id, t, !v.Bifold, w})
	}
	for _, rn := range runs {
		id := rn.id
		v, _ := game.VariantByID(id)
		e := newEvaluatorWith(v, nil, v.HandBonus, rn.squares)
		if rn.structure {
			e.addStructure()
		}
		if rn.terms != nil {
			e.useTerms(rn.terms)
		}
		check := func(p *game.Position, what string) {
			t.Helper()
			want := e.refEvalFull(p)
			if v.Bifold {
				want = e.refEvalBifold(p)
			}
			if got := e.eval(p); got != e.final(p, want) {
				t.Fatalf("%s %s (%s): eval %d, reference %d", id, p, what, got, e.final(p, want))
			}
		}
		for g := 0; g < 30; g++ {
			p := game.NewPosition(v)
			e.reset(p)
			for ply := 0; ply < 150; ply++ {
				check(p, "incremental")
				var ml game.MoveList
				p.GenerateMoves(&ml)
				if ml.N == 0 {
					break
				}
				if r.IntN(4) == 0 {
					// a move and its take-back
					e.make(p, ml.Moves[r.IntN(ml.N)])
					check(p, "after a move to be taken back")
					e.unmake(p)
					check(p, "after a take-back")
				}
				// prefer captures: crowded tactical positions, hands filled
				m := ml.Moves[r.IntN(ml.N)]
				for i := 0; i < 3 && !m.IsCapture(); i++ {
					m = ml.Moves[r.IntN(ml.N)]
				}
				e.make(p, m)
				if e.top > maxPly {
					e.reset(p) // the stack is as deep as a search; restart it
				}
			}
			e.reset(p)
			check(p, "from scratch")
		}
	}
}

// evalFull scores a full-size position from White's point of view.
func (e *evaluator) refEvalFull(p *game.Position) int {
	var score [2]int
	var nonPawn [2]int
	var royal = [2]int{p.RoyalSquare(game.White), p.RoyalSquare(game.Black)}
	var near [2]int   // enemy pressure near each royal
	var shield [2]int // friendly pieces next to each royal
	var pawnFiles [2][8]int
	var fitted [2]int // with fitted squares: their pieces, middle and end game (White - Black)
	for sq := 0; sq < 64; sq++ {
		x := p.At(sq)[0]
		if x == game.NoPiece {
			continue
		}
		c, k := x.Color(), x.Kind()
		v := e.value[k]
		rr := relRank(sq, c)
		if k == game.Pawn {
			pawnFiles[c][sq&7]++
		}
		switch k {
		case game.Pawn:
			v += pawnAdv[rr]
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
		if e.squares == nil {
			score[c] += v
			continue
		}
		// fitted squares: every piece in a middle-game and an end-game sum,
		// tapered below; the fitted terms where they cover the kind
		sign := 1 - 2*int(c)
		mg, eg := v, v
		if t, ok := e.squares.term(k, c, sq, 0); ok {
			t1, _ := e.squares.term(k, c, sq, 1)
			mg, eg = e.value[k]+t, e.value[k]+t1
		}
		fitted[0] += sign * mg
		fitted[1] += sign * eg
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
				for _, t := range refNeighbours[rk] {
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
	total := score[0] - score[1]
	if e.squares != nil {
		total += taper(fitted[0], fitted[1], nonPawn[0]+nonPawn[1])
	}
	if e.terms != nil {
		total += e.refStructure(p)
	}
	return total
}

// refStructure is structure square by square: pawn structure, mobility
// (walking each line), rooks on open files, the bishop pair, pawn shields.
func (e *evaluator) refStructure(p *game.Position) int {
	t := e.terms
	pawnAt := func(sq int, c game.Color) bool {
		x := p.At(sq)[0]
		return x != game.NoPiece && x.Kind() == game.Pawn && x.Color() == c
	}
	// attackedByPawn reports whether a pawn of c attacks sq
	attackedByPawn := func(sq int, c game.Color) bool {
		dr := -1 // the pawn stands one rank behind sq, from c's view
		if c == game.Black {
			dr = 1
		}
		r := sq>>3 + dr
		for _, df := range []int{-1, 1} {
			f := sq&7 + df
			if r >= 0 && r < 8 && f >= 0 && f < 8 && pawnAt(r*8+f, c) {
				return true
			}
		}
		return false
	}
	ph := 0
	for sq := 0; sq < 64; sq++ {
		if x := p.At(sq)[0]; x != game.NoPiece {
			ph += int(e.nonPawn[x])
		}
	}
	ph = min(ph, taperMax)
	total := 0
	royal := [2]int{p.RoyalSquare(game.White), p.RoyalSquare(game.Black)}
	for c := game.White; c <= game.Black; c++ {
		mg, eg := 0, 0
		bishops, attackers, units := 0, 0, 0
		for sq := 0; sq < 64; sq++ {
			x := p.At(sq)[0]
			if x == game.NoPiece || x.Color() != c {
				continue
			}
			f, r := sq&7, sq>>3
			switch k := x.Kind(); k {
			case game.Pawn:
				if f <= 1 || f >= 6 {
					mg -= pawnAdv[relRank(sq, c)] * t.flankPawn / 100
				}
				eg += pawnAdv[relRank(sq, c)] * t.endPawn / 100
				passed, isolated := true, true
				for tq := 0; tq < 64; tq++ {
					tf, tr := tq&7, tq>>3
					if tf < f-1 || tf > f+1 {
						continue
					}
					ahead := tr > r
					if c == game.Black {
						ahead = tr < r
					}
					if ahead && pawnAt(tq, c^1) {
						passed = false
					}
					if tf != f && pawnAt(tq, c) {
						isolated = false
					}
				}
				if passed {
					mg += t.passedMg[relRank(sq, c)]
					eg += t.passedEg[relRank(sq, c)]
				}
				if isolated {
					mg -= t.isolated
					eg -= t.isolatedEg
				}
			default:
				if k == game.Bishop {
					bishops++
				}
				if k == game.Rook {
					own, any := false, false
					for tr := 0; tr < 8; tr++ {
						if y := p.At(tr*8 + f)[0]; y != game.NoPiece && y.Kind() == game.Pawn {
							any = true
							own = own || y.Color() == c
						}
					}
					switch {
					case !any:
						mg += t.rookOpen
						eg += t.rookOpenEg
					case !own:
						mg += t.rookSemi
						eg += t.rookSemiEg
					}
				}
				if t.mob[k] != 0 || t.mobEg[k] != 0 || t.attackUnits[k] != 0 {
					n, zone := 0, false
					for _, tq := range refAttacks(p, sq) {
						y := p.At(tq)[0]
						if (y == game.NoPiece || y.Color() != c) && !attackedByPawn(tq, c^1) {
							n++
						}
						if rk := royal[c^1]; rk >= 0 && cheb(tq, rk) <= 1 {
							zone = true
						}
					}
					mg += t.mob[k] * (n - t.mobBase[k])
					eg += t.mobEg[k] * (n - t.mobBase[k])
					if zone && t.attackUnits[k] != 0 {
						attackers++
						units += t.attackUnits[k]
					}
				}
				if k.Royal() {
					mg += t.royalFile[f]
					for g := f - 1; g <= f+1; g++ {
						if g < 0 || g > 7 {
							continue
						}
						own := false
						for r := 0; r < 8; r++ {
							own = own || pawnAt(r*8+g, c)
						}
						if !own {
							mg -= t.openRoyal
						}
					}
				}
				if k.Royal() && relRank(sq, c) <= 1 {
					for tq := 0; tq < 64; tq++ {
						d := relRank(tq, c) - relRank(sq, c)
						if d >= 1 && d <= 2 && tq&7 >= f-1 && tq&7 <= f+1 && pawnAt(tq, c) {
							mg += t.shield
						}
					}
				}
			}
		}
		if bishops >= 2 {
			mg += t.bishopPair
			eg += t.bishopPairEg
		}
		if attackers >= 2 {
			mg += min(t.attackScale*units*units/16, t.attackMax)
		}
		v := (mg*ph + eg*(taperMax-ph)) / taperMax
		if c == game.White {
			total += v
		} else {
			total -= v
		}
	}
	return total
}

// refAttacks lists the squares a full-size piece on sq attacks, walking its
// lines square by square.
func refAttacks(p *game.Position, sq int) []int {
	var out []int
	f, r := sq&7, sq>>3
	add := func(df, dr int, slide bool) {
		for i := 1; i < 8; i++ {
			tf, tr := f+i*df, r+i*dr
			if tf < 0 || tf > 7 || tr < 0 || tr > 7 {
				return
			}
			out = append(out, tr*8+tf)
			if !slide || p.At(tr*8 + tf)[0] != game.NoPiece {
				return
			}
		}
	}
	k := p.At(sq)[0].Kind()
	in := func(ks ...game.Kind) bool {
		for _, x := range ks {
			if k == x {
				return true
			}
		}
		return false
	}
	if in(game.Knight, game.Marshall, game.Paladin, game.Eques) {
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			add(d[0], d[1], false)
		}
	}
	// orthogonal lines: sliders, or a step for the King and the Pope
	if in(game.Rook, game.Queen, game.Marshall, game.Dragon, game.King, game.Pope, game.Eques) {
		for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			add(d[0], d[1], in(game.Rook, game.Queen, game.Marshall, game.Dragon))
		}
	}
	if in(game.Bishop, game.Queen, game.Paladin, game.Pope, game.King, game.Dragon, game.Eques) {
		for _, d := range [4][2]int{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}} {
			add(d[0], d[1], in(game.Bishop, game.Queen, game.Paladin, game.Pope))
		}
	}
	return out
}

// neighbours lists the squares next to each square; near2 those at
// distance 1 or 2 (king steps).
var refNeighbours, refNear2 [64][]int8

func init() {
	for s := 0; s < 64; s++ {
		for t := 0; t < 64; t++ {
			if t != s && cheb(s, t) == 1 {
				refNeighbours[s] = append(refNeighbours[s], int8(t))
			}
			if t != s && cheb(s, t) <= 2 {
				refNear2[s] = append(refNear2[s], int8(t))
			}
		}
	}
}

// evalBifold scores a Bifold Halfgi position from White's point of view.
func (e *evaluator) refEvalBifold(p *game.Position) int {
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
			t, fitted := e.squares.term(k, c, sq, 0)
			switch {
			case fitted:
				v += t
			case k.IsPawn():
				if k == game.Pawn {
					v += pawnAdv[rr]
				} else {
					v += bpawnAdv[rr]
				}
			case k.Royal():
			default:
				v += 2 * center[sq]
			}
			if k.Royal() && nr[c] < 2 {
				royals[c][nr[c]] = sq
				nr[c]++
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
			for _, t := range refNear2[rk] {
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
				for _, t := range refNeighbours[rk] {
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

// randomTerms returns chessTerms with every weight but the mobility bases
// and the king attack's cap replaced by a random one (-30..30; the
// king-attack units 1..6 and scale 1..10, the pawn advance's shares
// 0..100): the reference check covers every term, the middle-game and
// end-game weights apart.
func randomTerms(r *rand.Rand) *fullTerms {
	t := chessTerms
	w := func() int { return r.IntN(61) - 30 }
	for i := 1; i < 7; i++ {
		t.passedMg[i], t.passedEg[i] = w(), w()
	}
	for _, x := range []*int{&t.isolated, &t.isolatedEg, &t.bishopPair, &t.bishopPairEg,
		&t.rookOpen, &t.rookSemi, &t.rookOpenEg, &t.rookSemiEg, &t.shield, &t.openRoyal} {
		*x = w()
	}
	for k := range t.mob {
		if t.mob[k] != 0 {
			t.mob[k], t.mobEg[k] = w(), w()
		}
	}
	for k := range t.attackUnits {
		if t.attackUnits[k] != 0 {
			t.attackUnits[k] = 1 + r.IntN(6)
		}
	}
	t.attackScale = 1 + r.IntN(10)
	t.flankPawn, t.endPawn = r.IntN(101), r.IntN(101)
	for f := range t.royalFile {
		t.royalFile[f] = w()
	}
	return &t
}
