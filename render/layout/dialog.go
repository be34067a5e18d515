package layout

import "math"

// Dialog is the placement of the new-game dialog.
type Dialog struct {
	Panel    Rect
	Title    Rect
	GameLbl  Rect    // "Game" caption
	Variants []Rect  // one per variant, in model.Variants order
	OppLbl   Rect    // "Computer plays" caption
	Opp      [3]Rect // White, Black, None
	LevelLbl Rect
	Levels   [8]Rect // levels 1..8
	Start    Rect
	Cancel   Rect
}

// DialogLayout places the new-game dialog with n variant buttons in a W×H window.
func DialogLayout(w, h float64, n int) Dialog {
	var d Dialog
	pw := math.Min(w-16, 520)
	cols := 1
	if pw >= 400 {
		cols = 2
	}
	bh := float64(MinTouch)
	gap := 6.0
	cap := 22.0
	rows := (n + cols - 1) / cols
	ph := 12 + 34 + cap + float64(rows)*(bh+gap) + cap + bh + gap + cap + bh + 2*gap + bh + 12
	if ph > h-8 { // squeeze on very small windows
		bh = math.Max(28, bh-(ph-h+8)/float64(rows+3))
		ph = 12 + 34 + cap + float64(rows)*(bh+gap) + cap + bh + gap + cap + bh + 2*gap + bh + 12
	}
	d.Panel = Rect{(w - pw) / 2, math.Max(4, (h-ph)/2), pw, ph}
	x, y, iw := d.Panel.X+12, d.Panel.Y+12, pw-24
	d.Title = Rect{x, y, iw, 34}
	y += 34
	d.GameLbl = Rect{x, y, iw, cap}
	y += cap
	cw := (iw - gap*float64(cols-1)) / float64(cols)
	for i := 0; i < n; i++ {
		r, c := i/cols, i%cols
		d.Variants = append(d.Variants, Rect{x + float64(c)*(cw+gap), y + float64(r)*(bh+gap), cw, bh})
	}
	y += float64(rows) * (bh + gap)
	d.OppLbl = Rect{x, y, iw, cap}
	y += cap
	ow := (iw - 2*gap) / 3
	for i := range d.Opp {
		d.Opp[i] = Rect{x + float64(i)*(ow+gap), y, ow, bh}
	}
	y += bh + gap
	d.LevelLbl = Rect{x, y, iw, cap}
	y += cap
	lw := (iw - 7*3) / 8
	for i := range d.Levels {
		d.Levels[i] = Rect{x + float64(i)*(lw+3), y, lw, bh}
	}
	y += bh + 2*gap
	bw := (iw - gap) / 2
	d.Cancel = Rect{x, y, bw, bh}
	d.Start = Rect{x + bw + gap, y, bw, bh}
	return d
}
