// Package input is the board's selection state machine: tap-tap and
// drag-and-drop for board moves and drops from the hand, and the choice tokens
// that resolve a move needing one more answer (promotion piece, metamorphosis
// or not, which component or piece moves, which enemy piece is taken). It is
// pure Go: it sees pointer presses, motions and releases in CSS pixels and the
// legal targets, and returns the move strings the player chose.
package input

import (
	"math"

	"chimera/render/layout"
	"chimera/render/model"
)

// Env answers hit tests for the machine (implemented by layout plus the board).
type Env interface {
	SquareAt(x, y float64) (model.Square, bool)
	// HandAt returns the hand piece under the pointer (its letter in its colour).
	HandAt(x, y float64) (color int, piece model.Piece, ok bool)
	ChoiceCenters(to model.Square, n int) []layout.Point
	ChoiceRadius() float64
}

// Source is what a move starts from: a board square or a piece in a hand.
type Source struct {
	Hand   bool
	Square model.Square // the board square (NoSquare for the hand)
	Color  int          // the hand's colour
	Piece  model.Piece  // the hand piece
	// Only is, on the editor's board (EditPress), the piece of the square
	// pressed: 1 + its slot; 0 for none (an empty square) or, in play,
	// the whole square.
	Only int
}

// Matches reports whether target t starts from s.
func (s Source) Matches(t model.Target) bool {
	if s.Hand {
		return t.From == model.NoSquare && t.Drop.SameKind(s.Piece)
	}
	return t.From == s.Square && s.Square.Valid()
}

// Option is one choice token.
type Option struct {
	Target model.Target
	X, Y   float64 // centre, CSS pixels
	R      float64 // radius, CSS pixels
}

// Choice is an open question: several legal moves share a source and a destination.
type Choice struct {
	From    Source
	To      model.Square
	Options []Option
}

// Drag thresholds in CSS pixels: a press that moves farther becomes a drag.
const (
	DragMouse = 4.0
	DragTouch = 8.0
)

// Machine is the selection state. The zero value is idle with no targets.
type Machine struct {
	targets []model.Target
	turn    int

	sel         *Source // the selected source, if any
	pressed     bool    // a pointer is down on the selected source
	wasSelected bool    // the pressed source was already selected before the press
	touch       bool
	px, py      float64 // press position
	dragging    bool
	dx, dy      float64 // pointer position while dragging
	choice      *Choice
	// LastByDrag is true when the last move returned was made by dropping a
	// dragged piece (so it needs no slide animation).
	LastByDrag bool
}

// SetTargets installs the legal moves of a new position (for side turn) and
// clears the selection, any drag and any open choice.
func (m *Machine) SetTargets(t []model.Target, turn int) {
	m.targets = t
	m.turn = turn
	m.Reset()
}

// Reset drops the selection, drag and choice.
func (m *Machine) Reset() {
	m.sel, m.pressed, m.dragging, m.choice = nil, false, false, nil
}

// Selected returns the selected source.
func (m *Machine) Selected() (Source, bool) {
	if m.sel == nil {
		return Source{}, false
	}
	return *m.sel, true
}

// Dests returns the targets of the selected source.
func (m *Machine) Dests() []model.Target {
	if m.sel == nil {
		return nil
	}
	var out []model.Target
	for _, t := range m.targets {
		if m.sel.Matches(t) {
			out = append(out, t)
		}
	}
	return out
}

// Dragging reports whether a piece is being dragged.
func (m *Machine) Dragging() bool { return m.dragging && m.sel != nil }

// Drag returns the dragged source and pointer position while dragging.
func (m *Machine) Drag() (src Source, x, y float64, touch, ok bool) {
	if !m.dragging || m.sel == nil {
		return Source{}, 0, 0, false, false
	}
	return *m.sel, m.dx, m.dy, m.touch, true
}

// Choice returns the open choice, or nil.
func (m *Machine) Choice() *Choice { return m.choice }

func (m *Machine) hasSource(s Source) bool {
	for _, t := range m.targets {
		if s.Matches(t) {
			return true
		}
	}
	return false
}

func (m *Machine) sourceAt(x, y float64, env Env) (Source, bool) {
	if sq, ok := env.SquareAt(x, y); ok {
		s := Source{Square: sq}
		return s, m.hasSource(s)
	}
	if c, p, ok := env.HandAt(x, y); ok && c == m.turn {
		s := Source{Hand: true, Square: model.NoSquare, Color: c, Piece: p}
		return s, m.hasSource(s)
	}
	return Source{}, false
}

func (m *Machine) candidates(to model.Square) []model.Target {
	if m.sel == nil {
		return nil
	}
	var out []model.Target
	seen := map[string]bool{}
	for _, t := range m.targets {
		if m.sel.Matches(t) && t.To == to && !seen[t.Move] {
			seen[t.Move] = true
			out = append(out, t)
		}
	}
	return out
}

// attempt tries to move the selection to sq: one candidate is played at once,
// several open a choice.
func (m *Machine) attempt(sq model.Square, env Env, byDrag bool) string {
	c := m.candidates(sq)
	switch len(c) {
	case 0:
		return ""
	case 1:
		m.Reset()
		m.LastByDrag = byDrag
		return c[0].Move
	}
	pts := env.ChoiceCenters(sq, len(c))
	r := env.ChoiceRadius()
	ch := &Choice{From: *m.sel, To: sq}
	for i, t := range c {
		if i >= len(pts) {
			break
		}
		ch.Options = append(ch.Options, Option{Target: t, X: pts[i].X, Y: pts[i].Y, R: r})
	}
	m.pressed, m.dragging = false, false
	m.choice = ch
	m.LastByDrag = byDrag
	return ""
}

// Press handles a pointer going down at (x, y). It returns a move string when
// the press completes a move (tap on a destination, or a choice token).
func (m *Machine) Press(x, y float64, touch bool, env Env) string {
	if m.choice != nil {
		ch := m.choice
		m.Reset()
		for _, o := range ch.Options {
			if math.Hypot(x-o.X, y-o.Y) <= o.R {
				return o.Target.Move
			}
		}
		return "" // a press elsewhere just closes the choice
	}
	if sq, ok := env.SquareAt(x, y); ok && m.sel != nil && len(m.candidates(sq)) > 0 {
		return m.attempt(sq, env, false)
	}
	if s, ok := m.sourceAt(x, y, env); ok {
		m.wasSelected = m.sel != nil && *m.sel == s
		m.sel = &s
		m.pressed, m.dragging, m.touch = true, false, touch
		m.px, m.py, m.dx, m.dy = x, y, x, y
		return ""
	}
	m.Reset()
	return ""
}

// Motion handles the pointer moving to (x, y) while down.
func (m *Machine) Motion(x, y float64) {
	if !m.pressed {
		return
	}
	m.dx, m.dy = x, y
	th := DragMouse
	if m.touch {
		th = DragTouch
	}
	if !m.dragging && math.Hypot(x-m.px, y-m.py) > th {
		m.dragging = true
	}
}

// Release handles the pointer going up at (x, y); it returns a move string
// when a drag ends on a destination with a single move.
func (m *Machine) Release(x, y float64, env Env) string {
	if !m.pressed {
		return ""
	}
	m.pressed = false
	if m.dragging {
		m.dragging = false
		sq, ok := env.SquareAt(x, y)
		if ok && len(m.candidates(sq)) > 0 {
			return m.attempt(sq, env, true)
		}
		if ok && m.sel != nil && !m.sel.Hand && sq == m.sel.Square {
			return "" // dropped back on its square: stays selected
		}
		m.Reset()
		return ""
	}
	if m.wasSelected {
		m.Reset() // a second tap on the selected piece deselects it
	}
	return ""
}
