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
		e := p.Effects(m)
		p.Make(m)
		checkEffect(t, p, q.sq, q.hand, s+" "+ms, e)
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

// checkOcc compares the occupancy and class bit sets with the board.
func checkOcc(t *testing.T, p *Position) {
	t.Helper()
	var occ [2]uint64
	var cls [numCls]uint64
	for s := 0; s < 64; s++ {
		for _, x := range p.sq[s] {
			if x != NoPiece {
				occ[x.Color()] |= 1 << uint(s)
			}
		}
		x0, x1 := p.sq[s][0], p.sq[s][1]
		// the classes, worked out without the tables: attack classes in a
		// full-size game, cell classes in a bifold one
		var f uint8
		switch {
		case !p.v.Bifold:
			f = attackFlags[x0.Kind()]
		case x0 != NoPiece:
			if x1 == NoPiece {
				f |= clSingle
			}
			if x0.Kind().Bifold() {
				f |= clBifold
			}
			for _, x := range p.sq[s] {
				switch {
				case x == NoPiece:
				case x.Kind().IsPawn():
					f |= clPawn << x.Color()
				default:
					f |= clPiece << x.Color()
				}
			}
		}
		for i := range cls {
			cls[i] |= uint64(f>>uint(i)&1) << uint(s)
		}
	}
	if occ != p.occ {
		t.Fatalf("%s: occupancy %x, want %x", p, p.occ, occ)
	}
	if cls != p.cls {
		t.Fatalf("%s: classes %x, want %x", p, p.cls, cls)
	}
}

// checkEffect asserts what animations stand on: the board and hands before
// move m (sq, hand), minus the pieces e says vanish, plus those it says
// appear, are the board and hands of p after it (each change at its square
// and slot, a hand's owner being the piece's colour), vanishes listed
// before appears.
func checkEffect(t *testing.T, p *Position, sq [64]Cell, hand [2][NumKinds]uint8, ms string, e Effect) {
	t.Helper()
	// each square's pieces: before, less the vanished, plus the appeared
	// (fixed arrays: this runs for every move of every random game)
	var on [64][6]Piece
	var n [64]int8 // pieces in on[s]; -1: not looked at (the square did not change)
	for s := range sq {
		n[s] = -1
		if sq[s] != p.sq[s] {
			on[s][0], on[s][1], n[s] = sq[s][0], sq[s][1], 2
		}
	}
	appeared := false
	for _, c := range e.Changes {
		if c.Appear {
			appeared = true
		} else if appeared {
			t.Fatalf("%s: a vanish after an appear in %+v", ms, e.Changes)
		}
		if c.Square == NoSquare {
			h := &hand[c.Piece.Color()][c.Piece.Kind()]
			if c.Appear {
				*h++
			} else if *h == 0 {
				t.Fatalf("%s: %c vanishes from an empty hand", ms, p.v.PieceLetter(c.Piece))
			} else {
				*h--
			}
			continue
		}
		s := c.Square
		cell := sq[s]
		if c.Appear {
			cell = p.sq[s]
		}
		if c.Piece == NoPiece || cell[c.Slot&1] != c.Piece {
			t.Fatalf("%s: change %+v: slot %d holds %v", ms, c, c.Slot, cell)
		}
		if n[s] < 0 {
			on[s][0], on[s][1], n[s] = sq[s][0], sq[s][1], 2
		}
		if c.Appear {
			if n[s] == int8(len(on[s])) {
				t.Fatalf("%s: too many pieces appear on %s (%+v)", ms, SquareName(s), e.Changes)
			}
			on[s][n[s]] = c.Piece
			n[s]++
			continue
		}
		i := int8(0)
		for i < n[s] && on[s][i] != c.Piece {
			i++
		}
		if i == n[s] {
			t.Fatalf("%s: %c vanishes from %s, which does not hold it (%+v)", ms, p.v.PieceLetter(c.Piece), SquareName(s), e.Changes)
		}
		n[s]--
		on[s][i] = on[s][n[s]]
	}
	for s := range on {
		if n[s] < 0 {
			continue
		}
		// the same pieces as after the move (empty slots aside)
		var left [2]Piece
		k := 0
		for _, x := range on[s][:n[s]] {
			if x == NoPiece {
				continue
			}
			if k == 2 {
				t.Fatalf("%s: on %s before - vanished + appeared is %v, after the move %v (%+v)", ms, SquareName(s), on[s][:n[s]], p.sq[s], e.Changes)
			}
			left[k] = x
			k++
		}
		a := p.sq[s]
		if !(left == a || left[0] == a[1] && left[1] == a[0]) {
			t.Fatalf("%s: on %s before - vanished + appeared is %v, after the move %v (%+v)", ms, SquareName(s), left, a, e.Changes)
		}
	}
	if hand != p.hand {
		t.Fatalf("%s: before - vanished + appeared gives hands %v, after the move %v (%+v)", ms, hand, p.hand, e.Changes)
	}
}
