package layout

import (
	"math"
	"testing"

	"chimera/render/model"
)

func TestComputeFits(t *testing.T) {
	cases := []struct {
		name     string
		w, h     float64
		hands    bool
		portrait bool
	}{
		{"640x480", 640, 480, true, false},
		{"1280x720", 1280, 720, true, false},
		{"1280x720 no hands", 1280, 720, false, false},
		{"phone", 390, 844, true, true},
		{"phone no hands", 390, 844, false, true},
		{"small phone", 320, 568, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := Compute(Params{W: c.w, H: c.h, HasHands: c.hands})
			if l.Portrait != c.portrait {
				t.Fatalf("portrait = %v", l.Portrait)
			}
			win := Rect{0, 0, c.w, c.h}
			inside := func(what string, r Rect) {
				if r.X < win.X-0.01 || r.Y < win.Y-0.01 || r.X+r.W > c.w+0.01 || r.Y+r.H > c.h+0.01 {
					t.Errorf("%s %+v outside the window", what, r)
				}
			}
			inside("board", l.Board)
			if l.Sq*8 != l.Board.W {
				t.Errorf("square %v board %v", l.Sq, l.Board.W)
			}
			for _, b := range l.Buttons {
				inside(b.Label, b.R)
				if b.R.H < MinTouch && c.portrait {
					t.Errorf("button %s height %v < %d", b.Label, b.R.H, MinTouch)
				}
				if overlaps(b.R, l.Board) {
					t.Errorf("button %s overlaps the board", b.Label)
				}
			}
			if c.portrait {
				if len(l.Buttons) != 5 {
					t.Errorf("portrait has %d buttons", len(l.Buttons))
				}
				if l.Board.W < c.w-16 {
					t.Errorf("portrait board %v not full width %v", l.Board.W, c.w)
				}
			} else if l.Board.H < c.h*0.85 {
				t.Errorf("landscape board %v too small for height %v", l.Board.H, c.h)
			}
			if c.hands {
				for col := 0; col < 2; col++ {
					inside("hand", l.Hands[col])
					if overlaps(l.Hands[col], l.Board) {
						t.Errorf("hand %d overlaps the board", col)
					}
					if l.HandCell < MinTouch && c.portrait {
						t.Errorf("hand cell %v < %d", l.HandCell, MinTouch)
					}
				}
				// The top hand is Black's unless flipped.
				if l.Hands[1].Y > l.Hands[0].Y {
					t.Errorf("black hand below white's")
				}
			}
			inside("moves", l.Moves)
		})
	}
}

func overlaps(a, b Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

func TestSquareRoundTrip(t *testing.T) {
	for _, flipped := range []bool{false, true} {
		l := Compute(Params{W: 800, H: 600, Flipped: flipped})
		for sq := model.Square(0); sq < 64; sq++ {
			c := l.SquareCenter(sq)
			got, ok := l.SquareAt(c.X, c.Y)
			if !ok || got != sq {
				t.Errorf("flipped=%v: SquareAt(center(%v)) = %v", flipped, sq, got)
			}
		}
		a1 := l.SquareCenter(model.ParseSquare("a1"))
		h8 := l.SquareCenter(model.ParseSquare("h8"))
		if (a1.X < h8.X) == flipped || (a1.Y > h8.Y) == flipped {
			t.Errorf("flipped=%v: a1 %v h8 %v", flipped, a1, h8)
		}
	}
	l := Compute(Params{W: 800, H: 600})
	if _, ok := l.SquareAt(l.Board.X-1, l.Board.Y+5); ok {
		t.Error("point left of the board hit a square")
	}
}

func TestSlotCenter(t *testing.T) {
	l := Compute(Params{W: 800, H: 600})
	sq := model.ParseSquare("d4")
	c := l.SquareCenter(sq)
	cases := []struct {
		slot       int
		half, lone bool
		dx         float64
	}{
		{0, false, false, 0}, {0, true, true, 0}, {1, true, true, 0},
		{0, true, false, -l.Sq / 4}, {1, true, false, l.Sq / 4},
	}
	for _, k := range cases {
		p := l.SlotCenter(sq, k.slot, k.half, k.lone)
		if p.X-c.X != k.dx || p.Y != c.Y {
			t.Errorf("%+v: got dx %v", k, p.X-c.X)
		}
	}
}

func TestHandSlots(t *testing.T) {
	for _, p := range []Params{{W: 1280, H: 720, HasHands: true}, {W: 390, H: 844, HasHands: true}, {W: 640, H: 480, HasHands: true, Flipped: true}} {
		l := Compute(p)
		for c := 0; c < 2; c++ {
			seen := map[[2]float64]bool{}
			for i := 0; i < 7; i++ {
				r := l.HandSlot(c, i)
				if r.Empty() {
					t.Fatalf("%+v: slot %d empty", p, i)
				}
				x, y := r.Center()
				if seen[[2]float64{x, y}] {
					t.Errorf("%+v: colour %d slot %d reuses a place", p, c, i)
				}
				seen[[2]float64{x, y}] = true
				col, idx, ok := l.HandAt(x, y, [2]int{7, 7})
				if !ok || col != c || idx != i {
					t.Errorf("%+v: HandAt(slot %d,%d) = %d,%d,%v", p, c, i, col, idx, ok)
				}
			}
		}
	}
}

func TestChoiceCenters(t *testing.T) {
	l := Compute(Params{W: 800, H: 800})
	cases := []struct {
		to   string
		n    int
		down bool
	}{{"e8", 3, true}, {"e1", 3, false}, {"a5", 4, true}, {"h4", 2, false}, {"d4", 8, false}, {"a8", 12, false}, {"h1", 16, false}}
	for _, c := range cases {
		sq := model.ParseSquare(c.to)
		pts := l.ChoiceCenters(sq, c.n)
		if len(pts) != c.n {
			t.Fatalf("%s: %d points", c.to, len(pts))
		}
		if c.n <= MaxColumnChoices {
			first := l.SquareCenter(sq)
			if pts[0] != first {
				t.Errorf("%s: first option %v not on the square %v", c.to, pts[0], first)
			}
			if c.n > 1 && (pts[1].Y > pts[0].Y) != c.down {
				t.Errorf("%s: second option goes the wrong way", c.to)
			}
		}
		r := l.ChoiceRadius()
		for i, p := range pts {
			if !l.Board.Contains(p.X, p.Y) {
				t.Errorf("%s: option %d off the board", c.to, i)
			}
			for j := 0; j < i; j++ {
				if math.Hypot(pts[j].X-p.X, pts[j].Y-p.Y) < 2*r-0.01 {
					t.Errorf("%s: options %d and %d overlap", c.to, i, j)
				}
			}
		}
	}
	// Labels of a grid fit their cells.
	for _, n := range []int{5, 12, 16} {
		if w := l.ChoiceLabelWidth(n); w < l.Sq*1.5 {
			t.Errorf("%d options: labels only %.0f wide", n, w)
		}
	}
	// Phone size too: the tokens of a big choice keep apart.
	p := Compute(Params{W: 390, H: 844, HasHands: true})
	pts := p.ChoiceCenters(model.ParseSquare("a8"), 12)
	for i := range pts {
		for j := 0; j < i; j++ {
			if math.Hypot(pts[j].X-pts[i].X, pts[j].Y-pts[i].Y) < 2*p.ChoiceRadius() {
				t.Errorf("phone: options %d and %d overlap", i, j)
			}
		}
	}
}

func TestMoveCells(t *testing.T) {
	l := Compute(Params{W: 1280, H: 720})
	cells, vis := l.MoveCells(5, 0)
	if vis < 5 || len(cells) != 5 {
		t.Fatalf("vis %d cells %d", vis, len(cells))
	}
	if cells[0].Num != 1 || cells[1].Num != 1 || !cells[1].Side || cells[2].Num != 2 {
		t.Errorf("numbering %+v", cells[:3])
	}
	if cells[0].R.Y != cells[1].R.Y || cells[2].R.Y <= cells[0].R.Y {
		t.Error("two moves per row expected")
	}
	// Following the end of a long game keeps the last row visible.
	n := vis*2 + 20
	first := l.FirstRow(n, n-1, 0)
	cells, _ = l.MoveCells(n, first)
	if cells[len(cells)-1].Ply != n-1 {
		t.Errorf("last visible ply %d, want %d", cells[len(cells)-1].Ply, n-1)
	}
	if l.FirstRow(n, 0, first) != 0 {
		t.Error("viewing ply 0 should scroll to the top")
	}
}

func TestDialogFits(t *testing.T) {
	for _, sz := range [][2]float64{{640, 480}, {1280, 720}, {390, 844}, {320, 480}} {
		d := DialogLayout(sz[0], sz[1], 5)
		if d.Panel.X < 0 || d.Panel.Y < 0 || d.Panel.X+d.Panel.W > sz[0] || d.Panel.Y+d.Panel.H > sz[1]+0.01 {
			t.Errorf("%v: panel %+v outside", sz, d.Panel)
		}
		all := append([]Rect{d.Start, d.Cancel}, d.Variants...)
		all = append(all, d.Opp[:]...)
		all = append(all, d.Levels[:]...)
		for i, a := range all {
			if a.X < d.Panel.X || a.X+a.W > d.Panel.X+d.Panel.W+0.01 || a.Y+a.H > d.Panel.Y+d.Panel.H+0.01 {
				t.Errorf("%v: control %d outside the panel", sz, i)
			}
			for j := 0; j < i; j++ {
				if overlaps(a, all[j]) {
					t.Errorf("%v: controls %d and %d overlap", sz, i, j)
				}
			}
		}
	}
}
