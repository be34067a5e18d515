//go:build js || native

package render

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"chimera/render/input"
	"chimera/render/model"
)

// pointer follows the mouse (and pen) and one finger at a time. Ebiten
// samples the devices once per update; the presses and releases are
// inpututil's edges. A touch produces no mouse events in Ebiten, but the
// mouse is ignored for a moment after a touch all the same (a browser may
// emulate one).
type pointer struct {
	touchID        ebiten.TouchID
	touchOn        bool
	touchX, touchY float64 // where the followed finger is, CSS pixels of the canvas
	lastTouch      time.Time
	touchBuf       []ebiten.TouchID
	mouseOn        bool       // a left press is being followed
	hold           input.Hold // a long press describes the piece under it
	rightOn        bool       // a right-drag is under way, from rightFrom
	rightFrom      model.Square
	rightBrush     model.Brush // from the keys held as it began
}

// touchGrace is how long after a touch the mouse is ignored.
const touchGrace = 700 * time.Millisecond

// handleInput reads the devices and feeds the selection machine.
func (g *Game) handleInput(now time.Time) {
	// Ebiten reports pointer positions relative to the page's viewport; the
	// canvas need not start at its corner (the page puts HTML around it).
	g.originX, g.originY = canvasOrigin()
	toCSS := func(x, y int) (float64, float64) {
		return float64(x)/g.scale - g.originX, float64(y)/g.scale - g.originY
	}
	p := &g.ptr
	// Touch: follow one finger at a time.
	switch {
	case p.touchOn && inpututil.IsTouchJustReleased(p.touchID):
		p.touchOn = false
		p.lastTouch = now
		if !p.hold.Release() {
			g.release(p.touchX, p.touchY)
		}
	case p.touchOn:
		x, y := toCSS(ebiten.TouchPosition(p.touchID))
		if x != p.touchX || y != p.touchY {
			p.touchX, p.touchY = x, y
			g.motion(x, y)
			p.hold.Motion(x, y)
		}
		if hx, hy, ok := p.hold.Due(now); ok && !g.style.Edit {
			// A long press: describe the piece, and forget the tap.
			g.stats.nLongPress++
			g.inputChange(g.in.Reset)
			g.describe(hx, hy)
		}
		p.lastTouch = now
	default:
		p.touchBuf = inpututil.AppendJustPressedTouchIDs(p.touchBuf[:0])
		if len(p.touchBuf) > 0 {
			p.touchOn, p.touchID = true, p.touchBuf[0]
			p.touchX, p.touchY = toCSS(ebiten.TouchPosition(p.touchID))
			p.lastTouch = now
			p.hold.Press(p.touchX, p.touchY, now)
			g.press(p.touchX, p.touchY, true)
		}
	}
	// The mouse (and pen), ignored right after touches.
	if now.Sub(p.lastTouch) < touchGrace {
		p.mouseOn = false
		return
	}
	x, y := toCSS(ebiten.CursorPosition())
	switch {
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft):
		p.mouseOn = true
		g.press(x, y, false)
	case p.mouseOn && inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft):
		p.mouseOn = false
		g.release(x, y)
	case p.mouseOn:
		g.motion(x, y)
	}
	// The right button draws: a right-drag from a square to another an
	// arrow, a right-click a circle (Shift, Alt: other colours). With Ctrl
	// or ⌘ (and on a diagram) a right-click describes the piece instead.
	switch {
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) && !g.style.Edit: // the editor's board neither draws nor describes
		g.inputChange(g.in.Reset)
		shift, alt, ctrl := pressMods()
		if sq, ok := g.lay.SquareAt(x, y); ok && !ctrl && !g.style.TapDescribes {
			p.rightFrom, p.rightOn, p.rightBrush = sq, true, model.BrushFor(shift, alt)
		} else {
			g.describe(x, y)
		}
	case p.rightOn && inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonRight):
		p.rightOn = false
		if to, ok := g.lay.SquareAt(x, y); ok {
			g.emit(model.Intent{Kind: model.IntentDraw, Drawn: model.Shape{From: p.rightFrom, To: to, Brush: p.rightBrush}})
		}
	}
}

// describe reports the square (and, on a bifold square holding two pieces,
// the slot) under (x, y) as an IntentDescribe.
func (g *Game) describe(x, y float64) {
	sq, ok := g.lay.SquareAt(x, y)
	if !ok {
		return
	}
	slot := 0
	if g.board.Bifold && g.board.Count(sq) == 2 && x > g.lay.SquareCenter(sq).X {
		slot = 1
	}
	g.emit(model.Intent{Kind: model.IntentDescribe, Square: sq, Slot: slot})
}

func (g *Game) press(x, y float64, touch bool) {
	if g.style.Edit {
		g.inputChange(func() { g.in.EditPress(x, y, touch, env{g}) })
		return
	}
	if g.style.TapDescribes {
		g.describe(x, y)
		return
	}
	var mv string
	_, had := g.in.Selected()
	choosing := g.in.Choice() != nil
	g.inputChange(func() { mv = g.in.Press(x, y, touch, env{g}) })
	if mv != "" {
		g.emit(model.Intent{Kind: model.IntentMove, Move: mv})
		return
	}
	// A press that selects nothing (and deselected nothing): the owner drops
	// a queued premove and the drawn shapes.
	if _, now := g.in.Selected(); !now && !had && !choosing {
		g.emit(model.Intent{Kind: model.IntentClear})
	}
}

func (g *Game) motion(x, y float64) {
	if g.style.Edit {
		g.inputChange(func() { g.in.EditMotion(x, y) })
		return
	}
	g.inputChange(func() { g.in.Motion(x, y) }) // a drag's token is repainted by Draw
}

func (g *Game) release(x, y float64) {
	if g.style.Edit {
		var in model.Intent
		var ok bool
		g.inputChange(func() { in, ok = g.in.EditRelease(x, y, env{g}) })
		if ok {
			g.emit(in)
		}
		return
	}
	var mv string
	g.inputChange(func() { mv = g.in.Release(x, y, env{g}) })
	if mv != "" {
		g.emit(model.Intent{Kind: model.IntentMove, Move: mv})
	}
}
