//go:build js || native

package render

import (
	"image"
	"math"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"chimera/render/anim"
	"chimera/render/input"
	"chimera/render/layout"
	"chimera/render/model"
)

// Options configure New.
type Options struct {
	// OnIntent receives the player's moves. It is called from the game loop
	// (Update) without the renderer's lock held, so it may call the
	// renderer's setters.
	OnIntent func(model.Intent)
	// Now returns the current time; nil means time.Now (tests may fake it).
	Now func() time.Time
}

// Game is the board view; it implements ebiten.Game (with LayoutF). All its
// methods are safe for concurrent use.
type Game struct {
	mu   sync.Mutex
	opts Options
	now  func() time.Time

	board   model.Board
	targets []model.Target
	in      input.Machine
	overlay model.Overlay

	plan      *anim.Plan
	planStart time.Time

	flipped bool
	style   model.Style

	cssW, cssH       float64
	scale            float64 // device pixels per CSS pixel
	originX, originY float64 // the canvas's top-left in the page's viewport, CSS pixels
	lay              layout.Layout

	dirty   bool
	frames  []time.Time // frames repainted in the last second
	draws   []time.Time // Draw calls in the last second
	updates []time.Time // updates in the last second
	nUpdate int         // updates since the start

	// pointer tracking
	mouseDown bool
	touchID   ebiten.TouchID
	touchOn   bool
	touchX    float64
	touchY    float64
	lastTouch time.Time
	touchBuf  []ebiten.TouchID
	hold      input.Hold // a long press describes the piece under it
	rightDown bool       // the right mouse button is down (a right-click describes)
	pending   []model.Intent
	spr       *spriteCache

	// partial repaints (see Draw)
	wasDragging          bool              // a drag was drawn in the last frame
	lastDragX, lastDragY float64           // where it was drawn
	prevRects            []image.Rectangle // what moved in the last frame, device pixels
}

// New returns a renderer showing an empty board.
func New(opts Options) *Game {
	g := &Game{opts: opts, now: opts.Now, board: model.EmptyBoard(), scale: 1, dirty: true, style: model.DefaultStyle}
	if g.now == nil {
		g.now = time.Now
	}
	g.spr = newSpriteCache()
	return g
}

// SetPosition shows board with its legal targets at once (no animation): a new
// game, a viewed ply, an undo.
func (g *Game) SetPosition(b model.Board, targets []model.Target) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.plan = nil
	g.setBoard(b, targets)
}

func (g *Game) setBoard(b model.Board, targets []model.Target) {
	hadHands := g.board.HasHands
	g.board = b
	g.targets = targets
	g.overlay = model.Overlay{}
	g.in.SetTargets(targets, b.Turn)
	if hadHands != b.HasHands {
		g.relayout()
	}
	g.dirty = true
}

// PlayEvent animates ev, a move just made, and shows the resulting board and
// its targets. The state is final at once; a running animation is finished.
func (g *Game) PlayEvent(ev model.Event, b model.Board, targets []model.Target) {
	g.mu.Lock()
	defer g.mu.Unlock()
	old := g.board
	if old.HasHands != b.HasHands {
		g.board = b
		g.relayout()
	}
	nb := b
	dragged := g.in.LastByDrag
	g.in.LastByDrag = false
	g.plan = nil
	if g.style.AnimSpeed > 0 {
		g.plan = anim.Build(ev, &old, &nb, g.resolve, anim.Options{Dragged: dragged})
		g.planStart = g.now()
	}
	g.setBoard(b, targets)
}

// SetOverlay marks squares and draws arrows over the position shown (a
// described piece's squares, hints, a lesson's squares) until the next
// SetOverlay, SetPosition or PlayEvent.
func (g *Game) SetOverlay(o model.Overlay) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.overlay = model.Overlay{Marks: append([]model.Mark(nil), o.Marks...), Arrows: append([]model.Arrow(nil), o.Arrows...)}
	g.dirty = true
}

// Overlay returns the marks and arrows drawn (for the test hook).
func (g *Game) Overlay() model.Overlay {
	g.mu.Lock()
	defer g.mu.Unlock()
	return model.Overlay{Marks: append([]model.Mark(nil), g.overlay.Marks...), Arrows: append([]model.Arrow(nil), g.overlay.Arrows...)}
}

// SetStyle applies the player's display settings.
func (g *Game) SetStyle(s model.Style) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if s.AnimSpeed < 0 {
		s.AnimSpeed = 0
	}
	if s.AnimSpeed == 0 {
		g.plan = nil
	}
	g.style = s
	g.dirty = true
}

// CancelSelection drops the selected piece, a drag and an open choice (the
// page's Escape key).
func (g *Game) CancelSelection() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.in.Reset()
	g.dirty = true
}

// AnimationLeft returns how long the running move animation still takes
// (0 when none runs): the owner waits for it before showing the computer's
// reply.
func (g *Game) AnimationLeft() time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.plan == nil || g.style.AnimSpeed <= 0 {
		return 0
	}
	left := (g.plan.Total - g.planTime(g.now())) / g.style.AnimSpeed
	if left <= 0 {
		return 0
	}
	return time.Duration(left * float64(time.Millisecond))
}

// planTime is the animation's clock at now, in plan milliseconds.
func (g *Game) planTime(now time.Time) float64 {
	return ms(now.Sub(g.planStart)) * g.style.AnimSpeed
}

// SetFlipped sets the board orientation (true = Black at the bottom).
func (g *Game) SetFlipped(f bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.flipped != f {
		g.flipped = f
		g.relayout()
	}
}

// Flipped reports the board orientation.
func (g *Game) Flipped() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.flipped
}

// Point is a position in CSS pixels of the page.
type Point = layout.Point

// SquareCenter returns the centre of sq in CSS pixels of the page (the
// viewport) for the current layout and orientation.
func (g *Game) SquareCenter(sq model.Square) (Point, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !sq.Valid() || g.lay.Sq <= 0 {
		return Point{}, false
	}
	p := g.lay.SquareCenter(sq)
	return Point{X: p.X + g.originX, Y: p.Y + g.originY}, true
}

// HandCenter returns the centre of piece letter (either case) in color's hand.
func (g *Game) HandCenter(color int, letter byte) (Point, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if color < 0 || color > 1 || !g.board.HasHands {
		return Point{}, false
	}
	i := g.board.HandIndex(color, model.Piece(letter))
	if i < 0 {
		return Point{}, false
	}
	x, y := g.lay.HandSlot(color, i).Center()
	return Point{X: x + g.originX, Y: y + g.originY}, true
}

// ChoiceOption is one option of an open choice, for the test hook.
type ChoiceOption struct {
	Label string
	Move  string
	X, Y  float64 // centre, CSS pixels of the page
}

// Choices returns the open choice's options, or nil when no choice is open.
func (g *Game) Choices() []ChoiceOption {
	g.mu.Lock()
	defer g.mu.Unlock()
	ch := g.in.Choice()
	if ch == nil {
		return nil
	}
	out := make([]ChoiceOption, 0, len(ch.Options))
	for _, o := range ch.Options {
		out = append(out, ChoiceOption{Label: o.Target.Label, Move: o.Target.Move, X: o.X + g.originX, Y: o.Y + g.originY})
	}
	return out
}

// Animating reports whether a move animation is running.
func (g *Game) Animating() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.animating(g.now())
}

func (g *Game) animating(now time.Time) bool {
	return g.plan.Active(g.planTime(now))
}

// FPS returns the number of frames Ebiten asked for in the last second (calls
// of Draw; an idle board answers them without repainting).
func (g *Game) FPS() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return countSince(g.draws, g.now().Add(-time.Second))
}

// Repaints returns the number of frames actually repainted in the last second:
// none on an idle board, about 60 while pieces move; while the computer
// thinks nothing is.
func (g *Game) Repaints() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return countSince(g.frames, g.now().Add(-time.Second))
}

// Updates returns the number of game updates since the start. Input is read
// once per update, so a press is seen once an update began after it: the
// browser tests hold a press until this has grown.
func (g *Game) Updates() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.nUpdate
}

// TPS returns the number of game updates in the last second.
func (g *Game) TPS() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return countSince(g.updates, g.now().Add(-time.Second))
}

func countSince(ts []time.Time, t time.Time) int {
	n := 0
	for _, x := range ts {
		if x.After(t) {
			n++
		}
	}
	return n
}

func trim(ts []time.Time, now time.Time) []time.Time {
	cut := now.Add(-time.Second)
	i := 0
	for i < len(ts) && !ts[i].After(cut) {
		i++
	}
	return append(ts[:0], ts[i:]...)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Layout implements ebiten.Game; LayoutF is used instead where supported.
func (g *Game) Layout(w, h int) (int, int) {
	fw, fh := g.LayoutF(float64(w), float64(h))
	return int(math.Ceil(fw)), int(math.Ceil(fh))
}

// LayoutF implements ebiten.LayoutFer: the screen is the window's size in
// device pixels, so everything is drawn crisp at the device scale factor.
func (g *Game) LayoutF(w, h float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	if s <= 0 {
		s = 1
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if w != g.cssW || h != g.cssH || s != g.scale {
		g.cssW, g.cssH, g.scale = w, h, s
		g.relayout()
	}
	return math.Ceil(w * s), math.Ceil(h * s)
}

func (g *Game) relayout() {
	g.lay = layout.Compute(layout.Params{W: g.cssW, H: g.cssH, Flipped: g.flipped, HasHands: g.board.HasHands})
	g.in.Reset()
	g.dirty = true
}

// resolve maps an animation location to the screen (CSS pixels).
func (g *Game) resolve(l anim.Loc) anim.Pos {
	if l.Hand {
		i := g.board.HandIndex(l.Color, l.Piece)
		if i < 0 {
			i = len(g.board.Hands[l.Color])
		}
		r := g.lay.HandSlot(l.Color, i)
		x, y := r.Center()
		return anim.Pos{X: x, Y: y, Size: r.W}
	}
	p := g.lay.SlotCenter(l.Square, l.Slot, g.board.Bifold, l.Lone)
	return anim.Pos{X: p.X, Y: p.Y, Size: g.lay.Sq}
}

// env adapts the layout and board to the input machine.
type env struct{ g *Game }

func (e env) SquareAt(x, y float64) (model.Square, bool) { return e.g.lay.SquareAt(x, y) }
func (e env) HandAt(x, y float64) (int, model.Piece, bool) {
	b := &e.g.board
	if !b.HasHands {
		return 0, 0, false
	}
	c, i, ok := e.g.lay.HandAt(x, y, [2]int{len(b.Hands[0]), len(b.Hands[1])})
	if !ok {
		return 0, 0, false
	}
	return c, b.Hands[c][i].Piece, true
}
func (e env) ChoiceCenters(to model.Square, n int) []layout.Point {
	return e.g.lay.ChoiceCenters(to, n)
}
func (e env) ChoiceRadius() float64 { return e.g.lay.ChoiceRadius() }

func (g *Game) emit(i model.Intent) { g.pending = append(g.pending, i) }

// Update implements ebiten.Game: it samples the pointer and reports intents.
func (g *Game) Update() error {
	g.mu.Lock()
	now := g.now()
	g.updates = append(trim(g.updates, now), now)
	g.nUpdate++
	g.frames = trim(g.frames, now)
	g.draws = trim(g.draws, now)
	g.handleInput(now)
	out := g.pending
	g.pending = nil
	cb := g.opts.OnIntent
	g.mu.Unlock()
	for _, i := range out {
		if cb != nil {
			cb(i)
		}
	}
	return nil
}

func (g *Game) handleInput(now time.Time) {
	// Ebiten reports pointer positions relative to the page's viewport; the
	// canvas need not start at its corner (the page puts HTML around it).
	g.originX, g.originY = canvasOrigin()
	toCSS := func(x, y int) (float64, float64) {
		return float64(x)/g.scale - g.originX, float64(y)/g.scale - g.originY
	}
	// Touch: follow one finger at a time.
	g.touchBuf = ebiten.AppendTouchIDs(g.touchBuf[:0])
	if g.touchOn {
		still := false
		for _, id := range g.touchBuf {
			if id == g.touchID {
				still = true
			}
		}
		if still {
			x, y := toCSS(ebiten.TouchPosition(g.touchID))
			if x != g.touchX || y != g.touchY {
				g.touchX, g.touchY = x, y
				g.in.Motion(x, y) // Draw repaints where the dragged piece was and is
				g.hold.Motion(x, y)
			}
			if hx, hy, ok := g.hold.Due(now); ok {
				// A long press: describe the piece, and forget the tap.
				g.in.Reset()
				g.dirty = true
				g.describe(hx, hy)
			}
		} else {
			g.touchOn = false
			if !g.hold.Release() {
				g.release(g.touchX, g.touchY)
			}
		}
		g.lastTouch = now
	} else if len(g.touchBuf) > 0 {
		g.touchOn, g.touchID = true, g.touchBuf[0]
		g.touchX, g.touchY = toCSS(ebiten.TouchPosition(g.touchID))
		g.lastTouch = now
		g.hold.Press(g.touchX, g.touchY, now)
		g.press(g.touchX, g.touchY, true)
	}
	// Mouse (and pen), ignored right after touches.
	down := ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	recentTouch := now.Sub(g.lastTouch) < 700*time.Millisecond
	x, y := toCSS(ebiten.CursorPosition())
	switch {
	case down && !g.mouseDown:
		g.mouseDown = true
		if !recentTouch {
			g.press(x, y, false)
		}
	case down && g.mouseDown:
		if !recentTouch {
			g.in.Motion(x, y)
		}
	case !down && g.mouseDown:
		g.mouseDown = false
		if !recentTouch {
			g.release(x, y)
		}
	}
	// A right-click describes the piece under the pointer.
	right := ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight)
	if right && !g.rightDown && !recentTouch {
		g.in.Reset()
		g.dirty = true
		g.describe(x, y)
	}
	g.rightDown = right
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
	g.dirty = true
	if g.style.TapDescribes {
		g.describe(x, y)
		return
	}
	if mv := g.in.Press(x, y, touch, env{g}); mv != "" {
		g.emit(model.Intent{Kind: model.IntentMove, Move: mv})
	}
}

func (g *Game) release(x, y float64) {
	g.dirty = true
	if mv := g.in.Release(x, y, env{g}); mv != "" {
		g.emit(model.Intent{Kind: model.IntentMove, Move: mv})
	}
}
