// Package layout computes where everything goes on the screen, in CSS pixels:
// the board, the hands, the move list, the buttons and the choice tokens, for a
// landscape window (board as large as the height allows, the rest at its side)
// or a portrait phone (board full width, hands above and below, a bottom bar).
// It also answers hit tests. It is pure Go and knows no rules.
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

// ButtonID names a control button.
type ButtonID int

// The buttons.
const (
	BtnNew ButtonID = iota
	BtnUndo
	BtnRedo
	BtnFlip
	BtnMenu // portrait only: shows the move list over the board
)

// Button is a labelled control.
type Button struct {
	ID    ButtonID
	Label string
	R     Rect
}

// MinTouch is the smallest touch target, in CSS pixels.
const MinTouch = 44

// Params are the inputs of Compute.
type Params struct {
	W, H     float64 // window size in CSS pixels
	Flipped  bool    // Black at the bottom
	HasHands bool    // show the hands
}

// Layout is the computed placement of every element.
type Layout struct {
	Params
	Portrait bool
	Board    Rect    // the 8×8 board
	Sq       float64 // one square's side
	Hands    [2]Rect // [0] White's hand, [1] Black's hand (empty when no hands)
	HandCell float64 // side of one hand slot
	Status   Rect    // the turn / thinking line
	Moves    Rect    // the move list
	RowH     float64 // move list row height
	Buttons  []Button
	Margin   float64
}

// TopColor returns the colour drawn at the top of the board.
func (l *Layout) TopColor() int {
	if l.Flipped {
		return 0
	}
	return 1
}

// Compute lays the screen out for p.
func Compute(p Params) Layout {
	l := Layout{Params: p, RowH: 26}
	if p.W < 1 || p.H < 1 {
		return l
	}
	l.Portrait = p.W < p.H*1.05
	if l.Portrait {
		l.portrait()
	} else {
		l.landscape()
	}
	return l
}

func (l *Layout) landscape() {
	m := math.Max(6, math.Min(l.W, l.H)*0.02)
	l.Margin = m
	side := math.Max(180, math.Min(320, l.W*0.3))
	size := math.Min(l.H-2*m, l.W-3*m-side)
	size = math.Max(64, math.Floor(size/8)*8)
	l.Sq = size / 8
	// Centre board + panel horizontally.
	total := size + m + math.Min(side+120, l.W-3*m-size)
	x0 := math.Max(m, (l.W-total)/2)
	l.Board = Rect{x0, (l.H - size) / 2, size, size}
	px := l.Board.X + size + m
	pw := math.Max(100, l.W-px-m)
	pw = math.Min(pw, side+120)
	top, bottom := l.Board.Y, l.Board.Y+size
	if l.HasHands {
		l.HandCell = math.Min(l.Sq*0.8, math.Max(MinTouch, pw/7))
		per := math.Max(1, math.Floor(pw/l.HandCell))
		rows := math.Ceil(7 / per)
		if rows > 2 {
			rows = 2
		}
		h := rows * l.HandCell
		tc := l.TopColor()
		l.Hands[tc] = Rect{px, top, pw, h}
		l.Hands[1-tc] = Rect{px, bottom - h, pw, h}
		top += h + m/2
		bottom -= h + m/2
	}
	bh := 40.0
	if pw/4 < 64 {
		bh = MinTouch
	}
	l.buttonRow(Rect{px, bottom - bh, pw, bh}, []string{"New", "Undo", "Redo", "Flip"})
	bottom -= bh + m/2
	l.Status = Rect{px, top, pw, 28}
	top += 28 + m/4
	l.Moves = Rect{px, top, pw, math.Max(0, bottom-top)}
}

func (l *Layout) portrait() {
	m := 0.0
	l.Margin = 4
	bar := 56.0
	l.HandCell = 0
	handH := 0.0
	if l.HasHands {
		l.HandCell = math.Max(MinTouch, math.Min(56, l.W/8))
		handH = l.HandCell
	}
	status := 26.0
	minMoves := 2 * l.RowH
	size := math.Min(l.W-2*m, l.H-bar-2*handH-status-minMoves)
	size = math.Max(64, math.Floor(size/8)*8)
	l.Sq = size / 8
	y := 0.0
	tc := l.TopColor()
	if l.HasHands {
		l.Hands[tc] = Rect{0, y, l.W, handH}
		y += handH
	}
	l.Status = Rect{4, y, l.W - 8, status}
	y += status
	l.Board = Rect{(l.W - size) / 2, y, size, size}
	y += size
	if l.HasHands {
		l.Hands[1-tc] = Rect{0, y, l.W, handH}
		y += handH
	}
	l.Moves = Rect{4, y + 2, l.W - 8, math.Max(0, l.H-bar-y-4)}
	l.buttonRow(Rect{0, l.H - bar, l.W, bar}, []string{"New", "Undo", "Redo", "Flip", "Menu"})
}

func (l *Layout) buttonRow(r Rect, labels []string) {
	n := float64(len(labels))
	gap := 4.0
	w := (r.W - gap*(n-1)) / n
	for i, s := range labels {
		l.Buttons = append(l.Buttons, Button{ButtonID(i), s, Rect{r.X + float64(i)*(w+gap), r.Y, w, r.H}})
	}
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

// HandSlot returns the rectangle of the index-th piece type in color's hand.
func (l *Layout) HandSlot(color, index int) Rect {
	h := l.Hands[color]
	if h.Empty() || l.HandCell <= 0 {
		return Rect{}
	}
	per := max(1, int(h.W/l.HandCell))
	row, col := index/per, index%per
	rows := max(1, int(math.Round(h.H/l.HandCell)))
	if row >= rows {
		row = rows - 1
	}
	// The bottom hand fills from its bottom row so it hugs the board's bottom edge
	// in landscape; rows then grow upwards.
	if !l.Portrait && color != l.TopColor() {
		row = rows - 1 - row
	}
	x := h.X + float64(col)*l.HandCell
	if l.Portrait {
		// Centre the row of slots.
		x += (h.W - float64(per)*l.HandCell) / 2
	}
	return Rect{x, h.Y + float64(row)*l.HandCell, l.HandCell, l.HandCell}
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

// ButtonAt returns the button under (x, y).
func (l *Layout) ButtonAt(x, y float64) (ButtonID, bool) {
	for _, b := range l.Buttons {
		if b.R.Contains(x, y) {
			return b.ID, true
		}
	}
	return 0, false
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

// MoveCell is one move in the move list.
type MoveCell struct {
	Ply  int // index into the move list (0 = first move)
	R    Rect
	Num  int  // the move number, shown on White's cells
	Side bool // true for Black's moves
}

// MoveCells lays out n moves (two per row, numbered) in the move list,
// starting at row first. It also returns the row rectangles' count that fit.
func (l *Layout) MoveCells(n, first int) (cells []MoveCell, visibleRows int) {
	r := l.Moves
	if r.Empty() || l.RowH <= 0 {
		return nil, 0
	}
	visibleRows = int(r.H / l.RowH)
	numW := math.Min(44, r.W*0.2)
	colW := (r.W - numW) / 2
	for i := first * 2; i < n; i++ {
		row := i/2 - first
		if row >= visibleRows {
			break
		}
		x := r.X + numW + float64(i%2)*colW
		cells = append(cells, MoveCell{Ply: i, Num: i/2 + 1, Side: i%2 == 1,
			R: Rect{x, r.Y + float64(row)*l.RowH, colW, l.RowH}})
	}
	return cells, visibleRows
}

// FirstRow returns the first move-list row to show so that the row of ply cur
// is visible, given the total n moves and the current first row.
func (l *Layout) FirstRow(n, cur, first int) int {
	_, vis := l.MoveCells(0, 0)
	if vis <= 0 {
		return 0
	}
	rows := (n + 1) / 2
	if cur < 0 {
		cur = 0
	}
	row := cur / 2
	if row < first {
		first = row
	}
	if row >= first+vis {
		first = row - vis + 1
	}
	return max(0, min(first, max(0, rows-vis)))
}
