package game

import (
	"flag"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"
)

var soakPlies = flag.Int("soak", 0, "plies per rule set for TestSoak (0: the short version of make test)")

// TestSoak plays seeded random games of every rule set and checks every ply
// (RULES.md section 7 and the README's robustness figures):
//   - the incremental hash equals the hash computed from scratch;
//   - the position string parses back (Parse's checks accept every position
//     a game reaches) to the same string and hash;
//   - Unmake restores the position before the move, string and hash;
//   - the move's Effects (what vanishes and appears, hands included) turn
//     the board and hands before the move into those after it.
//
// Games restart from the start position at their end or after 400 plies;
// one move in three is a capture, drop or promotion when there is one, to
// reach full hands, compounds, stacks and promoted pieces. The long run:
//
//	go test ./game -run Soak -soak 1000000 -v -timeout 0
func TestSoak(t *testing.T) {
	plies := *soakPlies
	if plies <= 0 {
		plies = 20_000
		switch {
		case runtime.GOARCH == "wasm":
			plies = 600
		case testing.Short():
			plies = 3000
		}
	}
	for _, v := range Variants() {
		t.Run(v.ID, func(t *testing.T) {
			t0 := time.Now()
			st := soak(t, v, 1, plies)
			t.Logf("%d plies in %d games (longest %d plies), %v: %v; largest hand of a kind %d; %.0f plies/s",
				plies, st.games, st.longest, time.Since(t0).Round(time.Millisecond), st.kinds, st.maxHand,
				float64(plies)/time.Since(t0).Seconds())
		})
	}
}

type soakStats struct {
	games, longest, maxHand int
	kinds                   map[string]int // moves by Effect kind
}

func soak(t *testing.T, v *Variant, seed uint64, plies int) soakStats {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, uint64(len(v.ID))*7919))
	st := soakStats{kinds: map[string]int{}}
	var p *Position
	var ml MoveList
	gamePly := 0
	for ply := 0; ply < plies; ply++ {
		if p == nil || gamePly >= 400 {
			p, gamePly = NewPosition(v), 0
			st.games++
		}
		ml.N = 0
		p.GenerateMoves(&ml)
		if ml.N == 0 {
			p = nil
			ply--
			continue
		}
		m := ml.Moves[rng.IntN(ml.N)]
		if rng.IntN(3) == 0 {
			var special []Move
			for _, c := range ml.Slice() {
				if c.IsCapture() || c.IsDrop() || c.Promo() != NoKind {
					special = append(special, c)
				}
			}
			if len(special) > 0 {
				m = special[rng.IntN(len(special))]
			}
		}
		before, beforeHash := p.String(), p.Hash()
		snap := snapshotOf(p)
		e := p.Effects(m)
		ms := p.MoveString(m)
		p.Make(m)
		gamePly++
		st.longest = max(st.longest, gamePly)
		st.kinds[e.Kind.String()]++
		after := p.String()

		if p.Hash() != p.ComputeHash() {
			t.Fatalf("%s, %s: incremental hash %x, computed %x", before, ms, p.Hash(), p.ComputeHash())
		}
		q, err := Parse(v, after)
		if err != nil {
			t.Fatalf("%s, %s: the position reached does not parse: %v", before, ms, err)
		}
		if q.String() != after || q.Hash() != p.Hash() {
			t.Fatalf("%s, %s: round trip %s -> %s, hash %x -> %x", before, ms, after, q.String(), p.Hash(), q.Hash())
		}
		if got, want := snap.apply(e), snapshotOf(p); !got.equal(want) {
			t.Fatalf("%s, %s: the effect %+v turns the board into\n%v\nnot\n%v", before, ms, e, got, want)
		}
		p.Unmake()
		if p.String() != before || p.Hash() != beforeHash {
			t.Fatalf("%s, %s: undo gives %s", before, ms, p.String())
		}
		p.Make(m)
		for c := White; c <= Black; c++ {
			for _, k := range v.HandOrder() {
				st.maxHand = max(st.maxHand, p.HandCount(c, k))
			}
		}
	}
	return st
}

// snapshot is a board and hands as plain data.
type snapshot struct {
	sq   [64][]Piece // each square's pieces, sorted
	hand [2][NumKinds]int
}

func snapshotOf(p *Position) snapshot {
	var s snapshot
	for i := 0; i < 64; i++ {
		for _, x := range p.sq[i] {
			if x != NoPiece {
				s.sq[i] = append(s.sq[i], x)
			}
		}
		slices.Sort(s.sq[i])
	}
	for c := range p.hand {
		for k, n := range p.hand[c] {
			s.hand[c][k] = int(n)
		}
	}
	return s
}

// apply returns the snapshot after the effect's vanishes and appears; a
// vanish of a piece that is not there leaves a marker that fails equal.
func (s snapshot) apply(e Effect) snapshot {
	var n snapshot
	n.hand = s.hand
	for i := range s.sq {
		n.sq[i] = slices.Clone(s.sq[i])
	}
	for _, c := range e.Changes {
		if c.Square == NoSquare {
			d := 1
			if !c.Appear {
				d = -1
			}
			n.hand[c.Piece.Color()][c.Piece.Kind()] += d
			continue
		}
		cell := n.sq[c.Square]
		if c.Appear {
			cell = append(cell, c.Piece)
		} else if i := slices.Index(cell, c.Piece); i >= 0 {
			cell = slices.Delete(cell, i, i+1)
		} else {
			cell = append(cell, 255) // vanished from where it was not
		}
		slices.Sort(cell)
		n.sq[c.Square] = cell
	}
	return n
}

func (s snapshot) equal(o snapshot) bool {
	for i := range s.sq {
		if !slices.Equal(s.sq[i], o.sq[i]) {
			return false
		}
	}
	return s.hand == o.hand
}
