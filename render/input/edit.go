package input

import (
	"math"

	"chimera/render/model"
)

// EditEnv answers the hit tests of the position editor's board.
type EditEnv interface {
	SquareAt(x, y float64) (model.Square, bool)
	// SlotAt is the piece of sq under x: on a bifold square holding two
	// pieces 0 (left) or 1 (right); otherwise 0.
	SlotAt(sq model.Square, x float64) int
	// Occupied reports whether sq holds a piece.
	Occupied(sq model.Square) bool
	// HandSideAt is the hand under (x, y), if any.
	HandSideAt(x, y float64) (color int, ok bool)
}

// EditPress handles a pointer going down on the editor's board: a piece
// under it may be dragged (it is the selection while the pointer is down).
func (m *Machine) EditPress(x, y float64, touch bool, env EditEnv) {
	m.Reset()
	sq, ok := env.SquareAt(x, y)
	if !ok {
		return
	}
	s := Source{Square: sq}
	if env.Occupied(sq) {
		s.Only = env.SlotAt(sq, x) + 1
	}
	m.sel = &s
	m.pressed, m.dragging, m.touch = true, false, touch
	m.px, m.py, m.dx, m.dy = x, y, x, y
}

// EditMotion handles the pointer moving while down: a press on a piece
// that moves farther than the drag threshold drags it.
func (m *Machine) EditMotion(x, y float64) {
	if !m.pressed || m.sel == nil {
		return
	}
	m.dx, m.dy = x, y
	th := DragMouse
	if m.touch {
		th = DragTouch
	}
	if !m.dragging && m.sel.Only > 0 && math.Hypot(x-m.px, y-m.py) > th {
		m.dragging = true
	}
}

// EditRelease handles the pointer going up: a tap on a square, or a piece
// dragged onto a square, onto a hand or off the board (ok false: nothing).
func (m *Machine) EditRelease(x, y float64, env EditEnv) (model.Intent, bool) {
	s := m.sel
	pressed, dragging := m.pressed, m.dragging
	m.Reset()
	if s == nil || !pressed {
		return model.Intent{}, false
	}
	slot := max(0, s.Only-1)
	if !dragging {
		return model.Intent{Kind: model.IntentEditTap, Square: s.Square, Slot: slot}, true
	}
	in := model.Intent{Kind: model.IntentEditDrag, Square: s.Square, Slot: slot, To: model.NoSquare, Hand: -1}
	if to, ok := env.SquareAt(x, y); ok {
		if to == s.Square {
			return model.Intent{}, false // put back where it was
		}
		in.To = to
	} else if c, ok := env.HandSideAt(x, y); ok {
		in.Hand = c
	}
	return in, true
}
