//go:build js || native

package render

import (
	"image"
	"math"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"chimera/render/anim"
	"chimera/render/layout"
)

// Draw implements ebiten.Game. The screen is not cleared between frames, so
// only what changed is repainted, and an idle board costs nothing (Ebiten
// then presents nothing). What changed is the damage list (g.dmg): every
// change of state adds to it what it alters on screen (the squares and hands
// a new position changes, the selection's squares, the overlay's, or the
// whole canvas for a new layout or style), and each frame adds what moves:
// the animation's tokens and a dragged piece, where they were in the last
// frame and where they are now. On software WebGL (and on phones) a frame
// costs its pixels, so a move's arrival repaints its squares, not the board.
func (g *Game) Draw(screen *ebiten.Image) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	g.stats.draws = append(g.stats.draws, now)
	g.ptr.hold.Frame()
	moving := g.movingRects(now)
	if !slices.Equal(moving, g.prevMoving) {
		g.dmg.Add(g.prevMoving...)
		g.dmg.Add(moving...)
	}
	if g.plan != nil && !g.animating(now) {
		// The last frame of an animation: its pieces rest as the board's.
		g.dmg.Add(g.planEndRects()...)
		g.plan = nil
	}
	g.prevMoving = moving
	full, rects := g.dmg.Take()
	if g.lay.Sq <= 0 {
		full = true
	}
	if !full && len(rects) == 0 {
		return
	}
	g.stats.frames = append(g.stats.frames, now)
	if full {
		g.paint(painter{dst: screen, s: g.scale, c: g.spr}, now)
		return
	}
	dev := make([]image.Rectangle, len(rects))
	for i, r := range rects {
		dev[i] = g.devRect(r)
	}
	bounds := screen.Bounds()
	for _, r := range mergeRects(dev) {
		r = r.Intersect(bounds)
		if r.Empty() {
			continue
		}
		g.paint(painter{dst: screen.SubImage(r).(*ebiten.Image), s: g.scale, c: g.spr}, now)
	}
}

// inputChange runs f, a step of the selection machine, and marks what it
// changed on screen: the selection before and after.
func (g *Game) inputChange(f func()) {
	before, bd := g.selectionRects(), g.in.Dragging()
	f()
	after, ad := g.selectionRects(), g.in.Dragging()
	if bd != ad || !slices.Equal(before, after) {
		g.dmg.Add(before...)
		g.dmg.Add(after...)
	}
}

// selectionRects is where the selection is drawn: the selected piece (its
// square with its lift and shadow, or its hand slot), its destinations'
// marks, and an open choice (the whole board, which it dims).
func (g *Game) selectionRects() []layout.Rect {
	var out []layout.Rect
	if g.in.Choice() != nil {
		out = append(out, g.lay.Board.Grow(2))
	}
	src, ok := g.in.Selected()
	if !ok {
		return out
	}
	if src.Hand {
		i := g.board.HandIndex(src.Color, src.Piece)
		out = append(out, g.lay.HandSlot(src.Color, i).Grow(2))
	} else {
		out = append(out, g.lay.SquareArea(src.Square, layout.Glow))
	}
	for _, t := range g.in.Dests() {
		out = append(out, g.lay.SquareArea(t.To, 0.02))
	}
	return out
}

// overlayRects is where the overlay is drawn: its marked squares (a glow
// reaches beyond) and its arrows' boxes.
func (g *Game) overlayRects() []layout.Rect {
	var out []layout.Rect
	for _, m := range g.overlay.Marks {
		if m.Square.Valid() {
			out = append(out, g.lay.SquareArea(m.Square, layout.Glow))
		}
	}
	for _, a := range g.overlay.Arrows {
		if !a.To.Valid() {
			continue
		}
		r := g.lay.SquareRect(a.To)
		switch {
		case a.From.Valid():
			r = union(r, g.lay.SquareRect(a.From))
		case g.board.HasHands && a.Drop.Color() >= 0:
			r = union(r, g.lay.HandSlot(a.Drop.Color(), g.board.HandIndex(a.Drop.Color(), a.Drop)))
		}
		out = append(out, r.Grow(g.lay.Sq*0.3))
	}
	for _, sh := range g.overlay.Shapes {
		if sh.From.Valid() && sh.To.Valid() {
			out = append(out, union(g.lay.SquareRect(sh.From), g.lay.SquareRect(sh.To)).Grow(g.lay.Sq*0.3))
		}
	}
	return out
}

func union(a, b layout.Rect) layout.Rect {
	x0, y0 := math.Min(a.X, b.X), math.Min(a.Y, b.Y)
	x1, y1 := math.Max(a.X+a.W, b.X+b.W), math.Max(a.Y+a.H, b.Y+b.H)
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// movingRects is what moves in this frame: the animation's tokens (and the
// hands whose counts it holds back) and a dragged piece.
func (g *Game) movingRects(now time.Time) []layout.Rect {
	var out []layout.Rect
	if g.animating(now) {
		t := g.planTime(now)
		for _, s := range g.plan.Sample(t, g.resolve) {
			out = append(out, tokenRect(s.X, s.Y, s.Size, s.Scale))
		}
		for _, h := range g.plan.Hands {
			if h.Color >= 0 && h.Color < 2 {
				out = append(out, g.lay.Hands[h.Color].Grow(2))
			}
		}
	}
	_, x, y, touch, ok := g.in.Drag()
	if !ok {
		return out
	}
	sq := g.lay.Sq
	if touch {
		// Above the finger and larger, with the square under it marked.
		if t, ok := g.lay.SquareAt(x, y); ok {
			cx, cy := g.lay.SquareRect(t).Center()
			out = append(out, tokenRect(cx, cy, 2*sq, 1.05))
		}
		return append(out, tokenRect(x, y-sq*0.9, sq*1.4, 1.05))
	}
	return append(out, tokenRect(x, y, sq, 1.05))
}

// planEndRects is where the finished plan's pieces rest (their static cells
// now show) and the hands it touched.
func (g *Game) planEndRects() []layout.Rect {
	var out []layout.Rect
	for _, tr := range g.plan.Tracks {
		for _, l := range []anim.Loc{tr.From, tr.To} {
			switch {
			case l.Hand && l.Color >= 0 && l.Color < 2:
				out = append(out, g.lay.Hands[l.Color].Grow(2))
			case !l.Hand && l.Square.Valid():
				out = append(out, g.lay.SquareArea(l.Square, 0.05))
			}
		}
	}
	for _, h := range g.plan.Hands {
		if h.Color >= 0 && h.Color < 2 {
			out = append(out, g.lay.Hands[h.Color].Grow(2))
		}
	}
	return out
}

// tokenRect is the box of a token for a square of sq CSS pixels at (x, y)
// scaled by scale, with a margin for rounding and filtering.
func tokenRect(x, y, sq, scale float64) layout.Rect {
	h := sq*scale*0.5 + 2
	return layout.Rect{X: x - h, Y: y - h, W: 2 * h, H: 2 * h}
}

// devRect converts a CSS-pixel rectangle to device pixels, a pixel to spare.
func (g *Game) devRect(r layout.Rect) image.Rectangle {
	s := g.scale
	return image.Rect(int(math.Floor(r.X*s))-1, int(math.Floor(r.Y*s))-1,
		int(math.Ceil((r.X+r.W)*s))+1, int(math.Ceil((r.Y+r.H)*s))+1)
}

// mergeRects unites overlapping rectangles (so no pixel is painted twice).
func mergeRects(rs []image.Rectangle) []image.Rectangle {
	out := make([]image.Rectangle, 0, len(rs))
	for _, r := range rs {
		if !r.Empty() {
			out = append(out, r)
		}
	}
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(out) && !merged; i++ {
			for j := i + 1; j < len(out); j++ {
				if out[i].Overlaps(out[j]) {
					out[i] = out[i].Union(out[j])
					out = append(out[:j], out[j+1:]...)
					merged = true
					break
				}
			}
		}
	}
	return out
}
