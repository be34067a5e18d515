// Package layout computes where everything goes on the canvas, in CSS pixels:
// the board, the two hands (a strip above and one below the board in games
// with drops) and the choice tokens. The canvas holds nothing else: the page
// around it (header, move list, buttons, dialogs) is HTML. It also answers hit
// tests. It is pure Go and knows no rules.
package layout

import (
	"math"

	"chimera/render/model"
)

// Rect is an axis-aligned rectangle in CSS pixels.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether (x, y) lies inside r.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && y >= r.Y && x < r.X+r.W && y < r.Y+r.H
}

// Center returns the centre of r.
func (r Rect) Center() (x, y float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Inset returns r shrunk by d on every side.
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// Empty reports whether r has no area.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// Point is a position in CSS pixels.
type Point struct{ X, Y float64 }

// MinTouch is the smallest touch target, in CSS pixels.
const MinTouch = 44

// HandRatio is a hand slot's side in squares.
const HandRatio = 0.9

// Hands go above and below the board on a tall canvas (a phone) and in a
// column of two beside it on a wide one (a landscape window): handCols slots
// a row, the top player's hand in the upper half, the bottom player's in the
// lower.
const (
	handCols = 2
	handGap  = 0.15 // between the board and the column, in squares
)

// Aspect returns the canvas's width over its height: the board alone, or the
// board with its hands above and below (wide false) or beside it (wide
// true). The page sizes the canvas to one of these, so the board fills it.
func Aspect(hasHands, wide bool) float64 {
	switch {
	case !hasHands:
		return 1
	case wide:
		return (8 + handGap + handCols*HandRatio) / 8
	}
	return 8 / (8 + 2*HandRatio)
}

// Params are the inputs of Compute.
type Params struct {
	W, H     float64 // canvas size in CSS pixels
	Flipped  bool    // Black at the bottom
	HasHands bool    // show the hands
}

// Layout is the computed placement of every element.
type Layout struct {
	Params
	Board    Rect    // the 8×8 board
	Sq       float64 // one square's side
	Hands    [2]Rect // [0] White's hand, [1] Black's hand (empty when no hands)
	HandCell float64 // side of one hand slot (the slots are squares)
	Beside   bool    // the hands are in a column beside the board
}

// TopColor returns the colour drawn at the top of the board.
func (l *Layout) TopColor() int {
	if l.Flipped {
		return 0
	}
	return 1
}

// Compute lays the canvas out for p: the largest board (a whole number of
// CSS pixels per square) that fits with its hands, centred. The hands go
// beside the board when the canvas is wider than the two arrangements'
// middle, else above and below.
func Compute(p Params) Layout {
	l := Layout{Params: p}
	if p.W < 1 || p.H < 1 {
		return l
	}
	cols, rows := 8.0, 8.0
	if p.HasHands {
		l.Beside = p.W/p.H > math.Sqrt(Aspect(true, true)*Aspect(true, false))
		if l.Beside {
			cols += handGap + handCols*HandRatio
		} else {
			rows += 2 * HandRatio
		}
	}
	l.Sq = math.Max(4, math.Floor(math.Min(p.W/cols, p.H/rows)+1e-9))
	size := 8 * l.Sq
	x := math.Max(0, math.Floor((p.W-cols*l.Sq)/2))
	y := math.Max(0, math.Floor((p.H-rows*l.Sq)/2))
	tc := l.TopColor()
	if !p.HasHands {
		l.Board = Rect{x, y, size, size}
		return l
	}
	l.HandCell = math.Floor(l.Sq * HandRatio)
	if l.Beside {
		l.Board = Rect{x, y, size, size}
		hx := x + size + math.Round(l.Sq*handGap)
		hw, hh := handCols*l.HandCell, 4*l.HandCell
		l.Hands[tc] = Rect{hx, y, hw, hh}
		l.Hands[1-tc] = Rect{hx, y + size - hh, hw, hh}
		return l
	}
	handH := l.HandCell
	l.Hands[tc] = Rect{x, y, size, handH}
	l.Board = Rect{x, y + handH, size, size}
	l.Hands[1-tc] = Rect{x, y + handH + size, size, handH}
	return l
}

// SquareRect returns the screen rectangle of sq (honouring the flip).
func (l *Layout) SquareRect(sq model.Square) Rect {
	f, r := sq.File(), sq.Rank()
	col, row := f, 7-r
	if l.Flipped {
		col, row = 7-f, r
	}
	return Rect{l.Board.X + float64(col)*l.Sq, l.Board.Y + float64(row)*l.Sq, l.Sq, l.Sq}
}

// SquareCenter returns the centre of sq.
func (l *Layout) SquareCenter(sq model.Square) Point {
	x, y := l.SquareRect(sq).Center()
	return Point{x, y}
}

// SlotCenter returns where the token in slot of sq is centred: the square's
// centre for full-size pieces and lone bifold pieces, else its left (slot 0)
// or right (slot 1) half.
func (l *Layout) SlotCenter(sq model.Square, slot int, half, lone bool) Point {
	p := l.SquareCenter(sq)
	if half && !lone {
		if slot == 0 {
			p.X -= l.Sq / 4
		} else {
			p.X += l.Sq / 4
		}
	}
	return p
}

// SquareAt returns the square under (x, y), if any.
func (l *Layout) SquareAt(x, y float64) (model.Square, bool) {
	if !l.Board.Contains(x, y) || l.Sq <= 0 {
		return model.NoSquare, false
	}
	col := int((x - l.Board.X) / l.Sq)
	row := int((y - l.Board.Y) / l.Sq)
	col, row = min(max(col, 0), 7), min(max(row, 0), 7)
	f, r := col, 7-row
	if l.Flipped {
		f, r = 7-col, row
	}
	return model.Sq(f, r), true
}

// HandSlot returns the rectangle of the index-th piece type in color's hand:
// above or below the board one row of up to eight, centred under the
// board's squares; beside it rows of handCols from the hand's top.
func (l *Layout) HandSlot(color, index int) Rect {
	h := l.Hands[color]
	if h.Empty() || l.HandCell <= 0 || index < 0 {
		return Rect{}
	}
	c := l.HandCell
	if l.Beside {
		per := handCols
		rows := max(1, int(h.H/c))
		row := min(index/per, rows-1)
		return Rect{h.X + float64(index%per)*c, h.Y + float64(row)*c, c, c}
	}
	per := max(1, int(h.W/l.Sq))
	index = min(index, per-1)
	x := h.X + (h.W-float64(per)*l.Sq)/2 + float64(index)*l.Sq + (l.Sq-c)/2
	return Rect{x, h.Y + (h.H-c)/2, c, c}
}

// HandAt returns the hand colour and slot index under (x, y).
func (l *Layout) HandAt(x, y float64, counts [2]int) (color, index int, ok bool) {
	for c := 0; c < 2; c++ {
		if !l.Hands[c].Contains(x, y) {
			continue
		}
		for i := 0; i < counts[c]; i++ {
			if l.HandSlot(c, i).Contains(x, y) {
				return c, i, true
			}
		}
	}
	return 0, 0, false
}

// ChoiceRadius is the radius of a choice token.
func (l *Layout) ChoiceRadius() float64 { return math.Max(MinTouch/2, l.Sq*0.46) }

// MaxColumnChoices is the most options shown as a column next to the
// destination; more (a bifold unit's promotion: which pawns times which
// piece) are laid out as a grid over the board, where their labels fit.
const MaxColumnChoices = 4

// choiceGrid is the grid for n options: columns, rows and the cell size.
func (l *Layout) choiceGrid(n int) (cols, rows int, cw, ch float64) {
	cols = 3
	if n > 12 {
		cols = 4
	}
	rows = (n + cols - 1) / cols
	cw = l.Board.W / float64(cols)
	ch = math.Min(l.Board.H/float64(rows), cw)
	return cols, rows, cw, ch
}

// ChoiceLabelWidth is the widest a label of one of n options may be drawn
// without running into its neighbours.
func (l *Layout) ChoiceLabelWidth(n int) float64 {
	if n <= MaxColumnChoices {
		return math.Min(l.Board.W-4, l.Sq*2.6)
	}
	_, _, cw, _ := l.choiceGrid(n)
	return cw - 6
}

// ChoiceCenters places n choice tokens: up to MaxColumnChoices next to the
// move's destination to, in a column starting on the destination square and
// running towards the middle of the board (as lichess shows promotions);
// more as a grid centred on the board, row by row, each token in the upper
// part of its cell with room for its label below.
func (l *Layout) ChoiceCenters(to model.Square, n int) []Point {
	if n <= 0 || !to.Valid() {
		return nil
	}
	if n > MaxColumnChoices {
		cols, rows, cw, ch := l.choiceGrid(n)
		x0 := l.Board.X + (l.Board.W-float64(cols)*cw)/2
		y0 := l.Board.Y + (l.Board.H-float64(rows)*ch)/2
		r := l.ChoiceRadius()
		out := make([]Point, 0, n)
		for i := 0; i < n; i++ {
			row, col := i/cols, i%cols
			inRow := min(cols, n-row*cols) // a short last row is centred
			x := x0 + (float64(cols-inRow)/2+float64(col)+0.5)*cw
			y := y0 + float64(row)*ch + math.Max(r+2, ch*0.36)
			out = append(out, Point{x, y})
		}
		return out
	}
	r := l.SquareRect(to)
	col := int(math.Round((r.X - l.Board.X) / l.Sq))
	row := int(math.Round((r.Y - l.Board.Y) / l.Sq))
	dir := 1
	if row >= 4 {
		dir = -1
	}
	step := l.Sq
	if 2*l.ChoiceRadius() > step {
		step = 2 * l.ChoiceRadius()
	}
	var out []Point
	for _, dc := range []int{0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7} {
		c := col + dc
		if c < 0 || c > 7 {
			continue
		}
		for k := 0; k < 8; k++ {
			rr := row + dir*k
			if rr < 0 || rr > 7 {
				break
			}
			out = append(out, Point{
				l.Board.X + (float64(c)+0.5)*l.Sq,
				l.Board.Y + (float64(row)+0.5)*l.Sq + float64(dir*k)*step,
			})
			if len(out) == n {
				return out
			}
		}
	}
	return out
}
