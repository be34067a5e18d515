package game

import (
	"math/rand/v2"
	"testing"
)

// TestGenerateStages checks the generator's modes against the whole list
// along many random games of every rule set: GenerateCaptures gives exactly
// the tactical moves (every move when in check), each once, and
// GenerateQuiets exactly the others, in GenerateMoves' order (the search's
// two stages then search what one list would give, in the same order).
func TestGenerateStages(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 10
	}
	r := rand.New(rand.NewPCG(7, 11))
	for _, v := range AllVariants() {
		for g := 0; g < games; g++ {
			p := NewPosition(v)
			for ply := 0; ply < 160; ply++ {
				var all, caps, quiets MoveList
				p.GenerateMoves(&all)
				if all.N == 0 {
					break
				}
				p.GenerateCaptures(&caps)
				p.GenerateQuiets(&quiets)
				inCheck := !v.Bifold && p.InCheck()
				want := map[Move]bool{}
				var wantQuiets []Move
				for _, m := range all.Slice() {
					if inCheck || p.IsTactical(m) {
						want[m] = true
					}
					if !p.IsTactical(m) {
						wantQuiets = append(wantQuiets, m)
					}
				}
				got := map[Move]bool{}
				for _, m := range caps.Slice() {
					if !want[m] {
						t.Fatalf("%s %s: unexpected capture %s", v.ID, p, p.MoveString(m))
					}
					if got[m] {
						t.Fatalf("%s %s: %s twice", v.ID, p, p.MoveString(m))
					}
					got[m] = true
				}
				for m := range want {
					if !got[m] {
						t.Fatalf("%s %s: missing capture %s", v.ID, p, p.MoveString(m))
					}
				}
				if quiets.N != len(wantQuiets) {
					t.Fatalf("%s %s: %d quiet moves, want %d", v.ID, p, quiets.N, len(wantQuiets))
				}
				for i, m := range wantQuiets {
					if quiets.Moves[i] != m {
						t.Fatalf("%s %s: quiet move %d is %s, want %s", v.ID, p, i, p.MoveString(quiets.Moves[i]), p.MoveString(m))
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
