package layout

import "chimera/render/model"

// Damage collects what must be repainted in the next frame: the whole
// canvas, or rectangles (CSS pixels). It is the renderer's one record of
// what changed on screen; every change of state adds to it and each frame
// takes it.
type Damage struct {
	full  bool
	rects []Rect
}

// All marks the whole canvas.
func (d *Damage) All() { d.full = true }

// Add marks rectangles (empty ones are ignored).
func (d *Damage) Add(rs ...Rect) {
	for _, r := range rs {
		if !r.Empty() {
			d.rects = append(d.rects, r)
		}
	}
}

// Take returns what was marked since the last Take, and forgets it.
func (d *Damage) Take() (full bool, rects []Rect) {
	full, rects = d.full, d.rects
	d.full, d.rects = false, nil
	return full, rects
}

// Grow returns r grown by d on every side.
func (r Rect) Grow(d float64) Rect { return Rect{r.X - d, r.Y - d, r.W + 2*d, r.H + 2*d} }

// SquareArea is the square sq grown by m squares on every side (a glow or a
// lifted piece reaches beyond its square).
func (l *Layout) SquareArea(sq model.Square, m float64) Rect {
	return l.SquareRect(sq).Grow(m * l.Sq)
}

// Glow is how far beyond its square a square's glow (check, the selected
// piece's shadow and lift) reaches, in squares.
const Glow = 0.3

// Changed returns what looks different between boards a and b, drawn with
// this layout: each square whose pieces or last-move tint differ, each
// square gaining or losing the check glow (with the glow's reach), and each
// hand whose pieces or turn mark differ.
func (l *Layout) Changed(a, b *model.Board) []Rect {
	var out []Rect
	if a.Bifold != b.Bifold {
		return []Rect{{0, 0, l.W, l.H}}
	}
	last := func(bd *model.Board, sq model.Square) bool { return sq == bd.LastFrom || sq == bd.LastTo }
	for sq := model.Square(0); sq < 64; sq++ {
		if a.Cells[sq] != b.Cells[sq] || last(a, sq) != last(b, sq) {
			out = append(out, l.SquareArea(sq, 0.02))
		}
	}
	if a.Check != b.Check {
		for _, sq := range []model.Square{a.Check, b.Check} {
			if sq.Valid() {
				out = append(out, l.SquareArea(sq, Glow))
			}
		}
	}
	for c := 0; c < 2; c++ {
		if a.HasHands != b.HasHands || (a.Turn == c) != (b.Turn == c) || !sameHand(a.Hands[c], b.Hands[c]) {
			out = append(out, l.Hands[c].Grow(2))
		}
	}
	return out
}

func sameHand(a, b []model.HandItem) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
