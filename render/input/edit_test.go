package input

import (
	"testing"

	"chimera/render/model"
)

// editEnv is fakeEnv's board with pieces on e2 and a pair on d4 (slot 1
// right of the centre), and the hands below (White) and above (Black).
type editEnv struct{ fakeEnv }

func (editEnv) SlotAt(s model.Square, x float64) int {
	if s == sq("d4") && x > 350 {
		return 1
	}
	return 0
}
func (editEnv) Occupied(s model.Square) bool { return s == sq("e2") || s == sq("d4") }
func (editEnv) HandSideAt(x, y float64) (int, bool) {
	switch {
	case y >= 800 && y < 900:
		return 0, true
	case y < 0 && y >= -100:
		return 1, true
	}
	return 0, false
}

// TestEditGestures: on the editor's board a press and release is a tap, a
// press on a piece moved past the threshold a drag onto a square, a hand
// or off the board; an empty square is never dragged.
func TestEditGestures(t *testing.T) {
	x, y := center(sq("e2"))
	for _, c := range []struct {
		name           string
		px, py, rx, ry float64
		touch          bool
		want           model.Intent
		none           bool
	}{
		{"tap on a piece", x, y, x + 2, y, false, model.Intent{Kind: model.IntentEditTap, Square: sq("e2")}, false},
		{"tap on an empty square", 50, 50, 50, 50, false, model.Intent{Kind: model.IntentEditTap, Square: sq("a8")}, false},
		{"touch within the threshold", x, y, x + 6, y, true, model.Intent{Kind: model.IntentEditTap, Square: sq("e2")}, false},
		{"drag to a square", x, y, x, y - 200, false, model.Intent{Kind: model.IntentEditDrag, Square: sq("e2"), To: sq("e4"), Hand: -1}, false},
		{"drag the right piece of a pair", 375, 450, 575, 450, false, model.Intent{Kind: model.IntentEditDrag, Square: sq("d4"), Slot: 1, To: sq("f4"), Hand: -1}, false},
		{"drag the left piece of a pair", 325, 450, 575, 450, false, model.Intent{Kind: model.IntentEditDrag, Square: sq("d4"), To: sq("f4"), Hand: -1}, false},
		{"drag onto White's hand", x, y, x, 850, false, model.Intent{Kind: model.IntentEditDrag, Square: sq("e2"), To: model.NoSquare, Hand: 0}, false},
		{"drag onto Black's hand", x, y, x, -50, false, model.Intent{Kind: model.IntentEditDrag, Square: sq("e2"), To: model.NoSquare, Hand: 1}, false},
		{"drag off the board", x, y, 1200, y, false, model.Intent{Kind: model.IntentEditDrag, Square: sq("e2"), To: model.NoSquare, Hand: -1}, false},
		{"drag back to its square", x, y, x + 30, y + 30, false, model.Intent{}, true},
		{"press off the board", 1200, 50, 1200, 50, false, model.Intent{}, true},
		{"an empty square is not dragged", 50, 50, 50, 350, false, model.Intent{Kind: model.IntentEditTap, Square: sq("a8")}, false},
	} {
		var m Machine
		e := editEnv{}
		m.EditPress(c.px, c.py, c.touch, e)
		m.EditMotion((c.px+c.rx)/2, (c.py+c.ry)/2)
		m.EditMotion(c.rx, c.ry)
		got, ok := m.EditRelease(c.rx, c.ry, e)
		if ok == c.none || got != c.want {
			t.Errorf("%s: %+v %v, want %+v", c.name, got, ok, c.want)
		}
		if _, sel := m.Selected(); sel || m.Dragging() {
			t.Errorf("%s: the machine kept a selection", c.name)
		}
	}
}
