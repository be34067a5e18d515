package game

import (
	"math/rand/v2"
	"testing"
)

// checkPosition verifies the invariants of one position: the string round
// trip, unique move strings that parse back to the same move, and that Make
// then Unmake restores the exact position and hash, with the incremental hash
// equal to a recomputed one after each.
func checkPosition(t *testing.T, p *Position) {
	t.Helper()
	s := p.String()
	q, err := Parse(p.v, s)
	if err != nil {
		t.Fatalf("%s: reparse failed: %v", s, err)
	}
	if q.String() != s {
		t.Fatalf("round trip: %s -> %s", s, q.String())
	}
	if q.Hash() != p.Hash() || p.Hash() != p.ComputeHash() {
		t.Fatalf("%s: hash %x, reparsed %x, recomputed %x", s, p.Hash(), q.Hash(), p.ComputeHash())
	}
	var ml MoveList
	p.GenerateMoves(&ml)
	seen := map[string]Move{}
	for _, m := range ml.Slice() {
		ms := p.MoveString(m)
		if old, dup := seen[ms]; dup {
			t.Fatalf("%s: two moves %x and %x with the string %s", s, old, m, ms)
		}
		seen[ms] = m
		back, err := p.ParseMove(ms)
		if err != nil || back != m {
			t.Fatalf("%s: move %s parses to %x, %v; want %x", s, ms, back, err, m)
		}
		p.Make(m)
		checkOcc(t, p)
		if p.Hash() != p.ComputeHash() {
			t.Fatalf("%s: after %s incremental hash %x != recomputed %x", s, ms, p.Hash(), p.ComputeHash())
		}
		after := p.String()
		if _, err := Parse(p.v, after); err != nil {
			t.Fatalf("%s: after %s the position %s does not parse: %v", s, ms, after, err)
		}
		p.Unmake()
		checkOcc(t, p)
		if p.String() != s || p.Hash() != q.Hash() {
			t.Fatalf("%s: make/unmake %s gives %s", s, ms, p.String())
		}
		_ = p.Notation(m)
		_ = p.Effects(m)
	}
}

// TestRandomPlayouts runs seeded random games in every rule set and checks
// the invariants in every position reached.
func TestRandomPlayouts(t *testing.T) {
	games := 16
	if testing.Short() {
		games = 4
	}
	for _, v := range AllVariants() {
		t.Run(v.ID, func(t *testing.T) {
			n := randomGames(v, 1, games, 120, func(p *Position) { checkPosition(t, p) })
			t.Logf("%d positions checked", n)
		})
	}
}

// randomGames plays seeded random games (preferring a capture one move in
// three, to reach hands, compounds and stacks) and calls visit in every
// position reached; it returns how many positions it visited.
func randomGames(v *Variant, seed uint64, games, plies int, visit func(p *Position)) int {
	rng := rand.New(rand.NewPCG(seed, uint64(len(v.ID))))
	n := 0
	for g := 0; g < games; g++ {
		p := NewPosition(v)
		for ply := 0; ply < plies; ply++ {
			visit(p)
			n++
			var ml MoveList
			p.GenerateMoves(&ml)
			if ml.N == 0 {
				break
			}
			m := ml.Moves[rng.IntN(ml.N)]
			if rng.IntN(3) == 0 {
				for _, c := range ml.Slice() {
					if c.IsCapture() {
						m = c
						break
					}
				}
			}
			p.Make(m)
		}
	}
	return n
}

// checkOcc compares the occupancy bit sets with the board.
func checkOcc(t *testing.T, p *Position) {
	t.Helper()
	var occ [2]uint64
	for s := 0; s < 64; s++ {
		for _, x := range p.sq[s] {
			if x != NoPiece {
				occ[x.Color()] |= 1 << uint(s)
			}
		}
	}
	if occ != p.occ {
		t.Fatalf("%s: occupancy %x, want %x", p, p.occ, occ)
	}
}
