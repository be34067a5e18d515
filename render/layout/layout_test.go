package layout

import (
	"math"
	"testing"

	"chimera/render/model"
)

func TestComputeFits(t *testing.T) {
	cases := []struct {
		name  string
		w, h  float64
		hands bool
	}{
		{"exact with hands", 400, 400 / Aspect(true, false), true},
		{"exact with hands beside", 500, 500 / Aspect(true, true), true},
		{"exact board", 600, 600, false},
		{"wide", 1280, 720, true},
		{"tall", 390, 844, true},
		{"tall no hands", 390, 844, false},
		{"tiny", 240, 240, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := Compute(Params{W: c.w, H: c.h, HasHands: c.hands})
			inside := func(what string, r Rect) {
				if r.X < -0.01 || r.Y < -0.01 || r.X+r.W > c.w+0.01 || r.Y+r.H > c.h+0.01 {
					t.Errorf("%s %+v outside the %vx%v canvas", what, r, c.w, c.h)
				}
			}
			inside("board", l.Board)
			if l.Sq*8 != l.Board.W || l.Sq != math.Floor(l.Sq) {
				t.Errorf("square %v board %v", l.Sq, l.Board.W)
			}
			// The board is as large as the canvas allows (whole pixels per square).
			// Beside on a wide canvas, else above and below.
			if wide := c.w > c.h; c.hands && l.Beside != wide {
				t.Errorf("beside %v on a %vx%v canvas", l.Beside, c.w, c.h)
			}
			cols, rows := 8.0, 8.0
			if c.hands && l.Beside {
				cols = 8 * Aspect(true, true)
			} else if c.hands {
				rows = 8 / Aspect(true, false)
			}
			if want := math.Floor(math.Min(c.w/cols, c.h/rows) + 1e-9); l.Sq != want {
				t.Errorf("square %v, want %v", l.Sq, want)
			}
			if !c.hands {
				if !l.Hands[0].Empty() || !l.Hands[1].Empty() {
					t.Error("hands without drops")
				}
				return
			}
			for col := 0; col < 2; col++ {
				inside("hand", l.Hands[col])
				if overlaps(l.Hands[col], l.Board) || overlaps(l.Hands[col], l.Hands[1-col]) {
					t.Errorf("hand %d overlaps", col)
				}
				// Every slot of a full hand (seven kinds) is inside the canvas, apart.
				for i := 0; i < 7; i++ {
					inside("hand slot", l.HandSlot(col, i))
					if l.HandSlot(col, i).W < l.Sq*0.85 {
						t.Errorf("hand slot %v for squares of %v", l.HandSlot(col, i).W, l.Sq)
					}
				}
			}
			// The top hand is Black's (unflipped); above and below, the hands touch the board.
			if l.Hands[1].Y >= l.Hands[0].Y {
				t.Errorf("Black's hand %+v not above White's %+v", l.Hands[1], l.Hands[0])
			}
			if !l.Beside && (l.Hands[1].Y+l.Hands[1].H != l.Board.Y || l.Hands[0].Y != l.Board.Y+l.Board.H) {
				t.Errorf("hands %+v not above and below the board %+v", l.Hands, l.Board)
			}
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
