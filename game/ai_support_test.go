package game

import (
	"math/rand/v2"
	"testing"
)

// TestGenerateCapturesRandom checks the quiescence generator against the
// full one along many random games of every rule set: the same set of
// captures and pawn promotions (every move when in check).
func TestGenerateCapturesRandom(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 10
	}
	r := rand.New(rand.NewPCG(7, 11))
	for _, v := range AllVariants() {
		for g := 0; g < games; g++ {
			p := NewPosition(v)
			for ply := 0; ply < 160; ply++ {
				var all, caps MoveList
				p.GenerateMoves(&all)
				if all.N == 0 {
					break
				}
				p.GenerateCaptures(&caps)
				inCheck := !v.Bifold && p.InCheck()
				want := map[Move]bool{}
				for _, m := range all.Slice() {
					pawnPromo := m.Promo() != NoKind && (v.Bifold || p.At(m.From())[0].Kind() == Pawn)
					if inCheck || m.IsCapture() || pawnPromo {
						want[m] = true
					}
				}
				got := map[Move]bool{}
				for _, m := range caps.Slice() {
					if !want[m] {
						t.Fatalf("%s %s: unexpected %s", v.ID, p, p.MoveString(m))
					}
					if got[m] {
						t.Fatalf("%s %s: %s twice", v.ID, p, p.MoveString(m))
					}
					got[m] = true
				}
				for m := range want {
					if !got[m] {
						t.Fatalf("%s %s: missing %s", v.ID, p, p.MoveString(m))
					}
				}
				// prefer captures, so that games reach crowded tactical positions
				var m Move
				if caps.N > 0 && r.IntN(3) == 0 {
					m = caps.Moves[r.IntN(caps.N)]
				} else {
					m = all.Moves[r.IntN(all.N)]
				}
				p.Make(m)
			}
		}
	}
}
