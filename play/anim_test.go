package play

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"chimera/game"
	"chimera/render/anim"
	"chimera/render/model"
)

// A resolver that gives every location its own point: board squares on a
// line (the slot or the centre of a lone piece side by side), hand slots
// below them. Sprites are mapped back to locations by their position.
func testResolve(l anim.Loc) anim.Pos {
	if l.Hand {
		return anim.Pos{X: float64(1000 + 100*l.Color + int(l.Piece.Upper())), Y: -50, Size: 1}
	}
	x := float64(l.Square) * 10
	switch {
	case l.Lone:
		x += 5
	default:
		x += float64(l.Slot*2 + 2)
	}
	return anim.Pos{X: x, Y: 0, Size: 1}
}

// picture is what the player sees at a moment: the pieces on each square
// (sorted) and the count of each hand piece.
type picture struct {
	squares map[model.Square]string
	hands   map[string]int // "0P": White's pawns
}

func (p picture) String() string {
	var sq []int
	for s := range p.squares {
		sq = append(sq, int(s))
	}
	sort.Ints(sq)
	out := ""
	for _, s := range sq {
		out += fmt.Sprintf("%v:%s ", model.Square(s), p.squares[model.Square(s)])
	}
	var hs []string
	for k, n := range p.hands {
		if n != 0 {
			hs = append(hs, fmt.Sprintf("%s×%d", k, n))
		}
	}
	sort.Strings(hs)
	return out + fmt.Sprint(hs)
}

func handKey(c int, p model.Piece) string { return fmt.Sprintf("%d%c", c, p.Upper()) }

// boardPicture is the picture of a board at rest.
func boardPicture(b *model.Board) picture {
	p := picture{squares: map[model.Square]string{}, hands: map[string]int{}}
	for sq := model.Square(0); sq < 64; sq++ {
		for _, pc := range b.Cells[sq] {
			if pc != model.None {
				p.squares[sq] += string(rune(pc))
			}
		}
	}
	for c := 0; c < 2; c++ {
		for _, h := range b.Hands[c] {
			p.hands[handKey(c, h.Piece)] += h.Count
		}
	}
	return p.sorted()
}

func (p picture) sorted() picture {
	for sq, s := range p.squares {
		r := []rune(s)
		sort.Slice(r, func(i, j int) bool { return r[i] < r[j] })
		p.squares[sq] = string(r)
	}
	for k, n := range p.hands {
		if n == 0 {
			delete(p.hands, k)
		}
	}
	return p
}

// planPicture is the picture the renderer draws at time t of plan: the
// new board's static pieces the plan does not hide, the hands less what is
// still in flight, and the plan's sprites (those at least half visible)
// where they are.
func planPicture(t *testing.T, plan *anim.Plan, nb *model.Board, at float64) picture {
	p := picture{squares: map[model.Square]string{}, hands: map[string]int{}}
	for sq := model.Square(0); sq < 64; sq++ {
		for s, pc := range nb.Cells[sq] {
			if pc != model.None && !plan.HidesCell(sq, s) {
				p.squares[sq] += string(rune(pc))
			}
		}
	}
	for c := 0; c < 2; c++ {
		for _, h := range nb.Hands[c] {
			p.hands[handKey(c, h.Piece)] += h.Count + plan.HandDelta(c, h.Piece, at)
		}
	}
	for _, sp := range plan.Sample(at, testResolve) {
		if sp.Alpha < 0.5 {
			continue
		}
		if sp.Y < -10 { // a hand
			c := int(math.Round(sp.X-1000)) / 100
			p.hands[handKey(c, sp.Piece)]++
			continue
		}
		sq := model.Square(int(math.Round(sp.X)) / 10)
		if math.Abs(sp.X-math.Round(sp.X)) > 0.02 || math.Abs(sp.Y) > 0.02 {
			t.Fatalf("a sprite between places at t=%v: %+v", at, sp)
		}
		p.squares[sq] += string(rune(sp.Piece))
	}
	return p.sorted()
}

// TestAnimationsAccountForEveryPiece plays random games of every rule set
// and, for every move, turns the engine's vanish/appear description into
// the board's event (Event) and an animation plan (anim.Build). The plan
// must start from the board before the move and end on the board after it,
// hands included: every piece that vanishes, appears, moves, changes or
// flies to a hand is drawn by it, and nothing else.
func TestAnimationsAccountForEveryPiece(t *testing.T) {
	for _, v := range game.AllVariants() {
		rng := rand.New(rand.NewPCG(5, uint64(len(v.ID))))
		moves := 0
		for g := 0; g < 5; g++ {
			p, _ := game.Parse(v, "startpos")
			for ply := 0; ply < 100; ply++ {
				if r, _ := p.Outcome(); r != "" {
					break
				}
				legal := p.LegalMoves()
				m := legal[rng.IntN(len(legal))]
				ob := Board(p)
				ev := Event(v, p.Effects(m))
				desc := p.MoveString(m) + " in " + p.String()
				p.Make(m)
				nb := Board(p)
				for _, dragged := range []bool{false, true} {
					plan := anim.Build(ev, &ob, &nb, testResolve, anim.Options{Dragged: dragged})
					// (A dragged piece starts where the player dropped it.)
					if got, want := planPicture(t, plan, &nb, 0), boardPicture(&ob); !dragged && got.String() != want.String() {
						t.Fatalf("%s %s (dragged %v): the animation starts from\n%s\nnot the board before\n%s", v.ID, desc, dragged, got, want)
					}
					end := math.Max(0, plan.Total-0.001)
					if got, want := planPicture(t, plan, &nb, end), boardPicture(&nb); got.String() != want.String() {
						t.Fatalf("%s %s (dragged %v): the animation ends on\n%s\nnot the board after\n%s", v.ID, desc, dragged, got, want)
					}
				}
				moves++
			}
		}
		t.Logf("%s: %d moves animated", v.ID, moves)
	}
}
