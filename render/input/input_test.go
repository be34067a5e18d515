package input

import (
	"testing"

	"chimera/render/layout"
	"chimera/render/model"
)

// fakeEnv: squares are 100 px (a1 at 0..100, 700..800), White's hand row below
// the board at y 800..900 holding N then P, choices stacked downwards.
type fakeEnv struct{}

func (fakeEnv) SquareAt(x, y float64) (model.Square, bool) {
	if x < 0 || y < 0 || x >= 800 || y >= 800 {
		return model.NoSquare, false
	}
	return model.Sq(int(x/100), 7-int(y/100)), true
}
func (fakeEnv) HandAt(x, y float64) (int, model.Piece, bool) {
	if y >= 800 && y < 900 && x >= 0 && x < 200 {
		return 0, []model.Piece{'N', 'P'}[int(x/100)], true
	}
	return 0, 0, false
}
func (fakeEnv) ChoiceCenters(to model.Square, n int) []layout.Point {
	x, y := center(to)
	var out []layout.Point
	for i := 0; i < n; i++ {
		out = append(out, layout.Point{X: x, Y: y + float64(i)*100})
	}
	return out
}
func (fakeEnv) ChoiceRadius() float64 { return 45 }

func center(sq model.Square) (float64, float64) {
	return float64(sq.File())*100 + 50, float64(7-sq.Rank())*100 + 50
}

func sq(s string) model.Square { return model.ParseSquare(s) }

func tg(from, to, move string, kind model.MoveKind) model.Target {
	f := model.NoSquare
	if from != "" {
		f = sq(from)
	}
	return model.Target{From: f, To: sq(to), Move: move, Kind: kind}
}

var targets = []model.Target{
	tg("e2", "e4", "e2e4", model.Quiet),
	tg("e2", "e3", "e2e3", model.Quiet),
	tg("b1", "c3", "b1c3", model.Quiet),
	tg("b1", "c3", "b1c3q", model.Promote),
	tg("b1", "d2", "b1d2", model.Merge),
	tg("d1", "d2", "d1d2", model.Merge), // the Queen's square d2 holds a friendly Bishop
	{From: -1, Drop: 'N', To: sq("e5"), Move: "N@e5", Kind: model.Drop},
}

type step struct {
	op   string // "press", "move", "release", "tap" (press+release)
	at   string // a square, or "hand0"/"hand1", or "opt0".. for choice options, or "off"
	want string // the move expected from this step ("" none)
}

func point(m *Machine, at string) (float64, float64) {
	switch {
	case at == "off":
		return 900, 50
	case at == "hand0":
		return 50, 850
	case at == "hand1":
		return 150, 850
	case len(at) == 4 && at[:3] == "opt":
		o := m.Choice().Options[at[3]-'0']
		return o.X, o.Y
	}
	return center(sq(at))
}

func TestMachine(t *testing.T) {
	cases := []struct {
		name  string
		steps []step
		sel   string // selected square at the end ("" none, "hand" a hand piece)
		open  int    // options of the open choice at the end
	}{
		{"tap-tap", []step{{"tap", "e2", ""}, {"tap", "e4", "e2e4"}}, "", 0},
		{"tap then tap elsewhere deselects", []step{{"tap", "e2", ""}, {"tap", "h5", ""}}, "", 0},
		{"second tap deselects", []step{{"tap", "e2", ""}, {"tap", "e2", ""}}, "", 0},
		{"switch selection", []step{{"tap", "e2", ""}, {"tap", "b1", ""}}, "b1", 0},
		{"drag", []step{{"press", "e2", ""}, {"move", "e3", ""}, {"release", "e4", "e2e4"}}, "", 0},
		{"drag to illegal square", []step{{"press", "e2", ""}, {"move", "e3", ""}, {"release", "e6", ""}}, "", 0},
		{"drag back keeps the selection", []step{{"press", "e2", ""}, {"move", "e3", ""}, {"release", "e2", ""}}, "e2", 0},
		{"empty square does nothing", []step{{"tap", "e4", ""}}, "", 0},
		{"choice opens", []step{{"tap", "b1", ""}, {"tap", "c3", ""}}, "b1", 2},
		{"choice answered with one tap", []step{{"tap", "b1", ""}, {"tap", "c3", ""}, {"press", "opt1", "b1c3q"}}, "", 0},
		{"choice by drag", []step{{"press", "b1", ""}, {"move", "b3", ""}, {"release", "c3", ""}, {"press", "opt0", "b1c3"}}, "", 0},
		{"choice dismissed", []step{{"tap", "b1", ""}, {"tap", "c3", ""}, {"press", "off", ""}}, "", 0},
		{"destination wins over own piece (merge)", []step{{"tap", "d1", ""}, {"tap", "d2", "d1d2"}}, "", 0},
		{"drop by taps", []step{{"tap", "hand0", ""}, {"tap", "e5", "N@e5"}}, "", 0},
		{"drop by drag", []step{{"press", "hand0", ""}, {"move", "e4", ""}, {"release", "e5", "N@e5"}}, "", 0},
		{"hand piece without drops", []step{{"tap", "hand1", ""}}, "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var m Machine
			m.SetTargets(targets, 0)
			env := fakeEnv{}
			for i, s := range c.steps {
				x, y := point(&m, s.at)
				var got string
				switch s.op {
				case "press":
					got = m.Press(x, y, false, env)
				case "move":
					m.Motion(x, y)
				case "release":
					got = m.Release(x, y, env)
				case "tap":
					got = m.Press(x, y, false, env)
					if r := m.Release(x, y, env); r != "" {
						got = r
					}
				}
				if got != s.want {
					t.Fatalf("step %d %v: move %q, want %q", i, s, got, s.want)
				}
			}
			src, ok := m.Selected()
			switch {
			case c.sel == "" && ok:
				t.Errorf("selected %+v, want none", src)
			case c.sel == "hand" && (!ok || !src.Hand):
				t.Errorf("selected %+v, want a hand piece", src)
			case c.sel != "" && c.sel != "hand" && (!ok || src.Square != sq(c.sel)):
				t.Errorf("selected %+v, want %s", src, c.sel)
			}
			n := 0
			if ch := m.Choice(); ch != nil {
				n = len(ch.Options)
			}
			if n != c.open {
				t.Errorf("choice with %d options, want %d", n, c.open)
			}
		})
	}
}

func TestDestsAndDrag(t *testing.T) {
	var m Machine
	m.SetTargets(targets, 0)
	env := fakeEnv{}
	x, y := center(sq("b1"))
	m.Press(x, y, true, env)
	if d := m.Dests(); len(d) != 3 {
		t.Errorf("b1 has %d dests, want 3", len(d))
	}
	m.Motion(x+5, y) // below the touch threshold
	if _, _, _, _, ok := m.Drag(); ok {
		t.Error("a 5 px touch motion is not a drag")
	}
	m.Motion(x+30, y-40)
	src, dx, dy, touch, ok := m.Drag()
	if !ok || src.Square != sq("b1") || dx != x+30 || dy != y-40 || !touch {
		t.Errorf("drag %+v %v %v %v %v", src, dx, dy, touch, ok)
	}
	m.SetTargets(targets, 1)
	if _, ok := m.Selected(); ok {
		t.Error("a new position clears the selection")
	}
}

func TestLastByDrag(t *testing.T) {
	var m Machine
	m.SetTargets(targets, 0)
	env := fakeEnv{}
	x, y := center(sq("e2"))
	m.Press(x, y, false, env)
	m.Motion(x, y-100)
	tx, ty := center(sq("e4"))
	if mv := m.Release(tx, ty, env); mv != "e2e4" || !m.LastByDrag {
		t.Errorf("move %q byDrag %v", mv, m.LastByDrag)
	}
	m.Press(x, y, false, env)
	m.Release(x, y, env)
	if mv := m.Press(tx, ty, false, env); mv != "e2e4" || m.LastByDrag {
		t.Errorf("tap move %q byDrag %v", mv, m.LastByDrag)
	}
}
