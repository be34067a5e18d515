//go:build js || native

package render

import (
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
// methods are safe for concurrent use. Its jobs are in their own files: this
// one holds what is shown and the owner's API; pointer.go reads the devices,
// repaint.go decides what to repaint (one damage list) and draw.go paints;
// stats.go counts frames.
type Game struct {
	mu   sync.Mutex
	opts Options
	now  func() time.Time

	// What is shown.
	board     model.Board
	targets   []model.Target
	overlay   model.Overlay
	plan      *anim.Plan
	planStart time.Time
	flipped   bool
	style     model.Style
	pal       Palette // the colours of style's themes

	// Where: the canvas in CSS pixels, the device scale, its place in the page.
	cssW, cssH       float64
	scale            float64 // device pixels per CSS pixel
	originX, originY float64 // the canvas's top-left in the page's viewport, CSS pixels
	lay              layout.Layout

	in      input.Machine // the selection, a drag, an open choice
	ptr     pointer       // the mouse and the touches
	pending []model.Intent

	dmg        layout.Damage // what to repaint in the next frame
	prevMoving []layout.Rect // what moved in the last frame painted (animation, drag)
	spr        *spriteCache
	stats      stats
}

// New returns a renderer showing an empty board.
func New(opts Options) *Game {
	g := &Game{opts: opts, now: opts.Now, board: model.EmptyBoard(), scale: 1, style: model.DefaultStyle, pal: PaletteFor("", "")}
	g.dmg.All()
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

// setBoard shows b: what looks different from the board shown so far is
// repainted, with the selection and the overlay it drops.
func (g *Game) setBoard(b model.Board, targets []model.Target) {
	old := g.board
	g.dmg.Add(g.lay.Changed(&old, &b)...)
	g.dmg.Add(g.selectionRects()...)
	g.dmg.Add(g.overlayRects()...)
	g.board = b
	g.targets = targets
	g.overlay = model.Overlay{}
	g.in.SetTargets(targets, b.Turn)
	if old.HasHands != b.HasHands {
		g.relayout()
	}
}

// PlayEvent animates ev, a move just made, and shows the resulting board and
// its targets. The state is final at once; a running animation is finished.
func (g *Game) PlayEvent(ev model.Event, b model.Board, targets []model.Target) {
	g.mu.Lock()
	defer g.mu.Unlock()
	old := g.board
	if old.HasHands != b.HasHands {
		g.board.HasHands = b.HasHands
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
	g.dmg.Add(g.overlayRects()...)
	g.overlay = model.Overlay{Marks: append([]model.Mark(nil), o.Marks...), Arrows: append([]model.Arrow(nil), o.Arrows...),
		Shapes: append([]model.Shape(nil), o.Shapes...)}
	g.dmg.Add(g.overlayRects()...)
}

// Overlay returns the marks and arrows drawn (for the test hook).
func (g *Game) Overlay() model.Overlay {
	g.mu.Lock()
	defer g.mu.Unlock()
	return model.Overlay{Marks: append([]model.Mark(nil), g.overlay.Marks...), Arrows: append([]model.Arrow(nil), g.overlay.Arrows...),
		Shapes: append([]model.Shape(nil), g.overlay.Shapes...)}
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
	if s.Edit != g.style.Edit {
		g.in.Reset()
	}
	g.style = s
	g.pal = PaletteFor(s.Theme, s.Board)
	g.dmg.All()
}

// HandPanelCenter returns the centre of color's hand panel in CSS pixels
// of the page (ok false without hands).
func (g *Game) HandPanelCenter(color int) (Point, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.board.HasHands || color < 0 || color > 1 || g.lay.Hands[color].Empty() {
		return Point{}, false
	}
	x, y := g.lay.Hands[color].Center()
	return Point{X: x + g.originX, Y: y + g.originY}, true
}

// PageHit says what is under (x, y), CSS pixels of the page's viewport: a
// square (hand -1), or the hand of colour hand (sq NoSquare); ok false for
// neither. The page's palette drags drop pieces with it.
func (g *Game) PageHit(x, y float64) (sq model.Square, hand int, ok bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	x, y = x-g.originX, y-g.originY
	if s, ok := g.lay.SquareAt(x, y); ok {
		return s, -1, true
	}
	if c, ok := (env{g}).HandSideAt(x, y); ok {
		return model.NoSquare, c, true
	}
	return model.NoSquare, -1, false
}

// CancelSelection drops the selected piece, a drag and an open choice (the
// page's Escape key).
func (g *Game) CancelSelection() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.inputChange(g.in.Reset)
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

// DeviceScale returns the device pixels per CSS pixel the board is drawn at
// (Ebiten's device scale factor; 1 before the first layout).
func (g *Game) DeviceScale() float64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.scale
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

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Layout implements ebiten.Game; LayoutF is used instead where supported.
func (g *Game) Layout(w, h int) (int, int) {
	fw, fh := g.LayoutF(float64(w), float64(h))
	return int(math.Ceil(fw)), int(math.Ceil(fh))
}

// LayoutF implements ebiten.LayoutFer: the screen is the window's size in
// device pixels, so everything is drawn crisp at the device scale factor.
// The size is not rounded: Ebiten makes its final screen of the same
// fractional size, so the offscreen is copied at scale 1. (Rounded up, it was
// shrunk by a fraction of a pixel where the size times a fractional scale
// is not whole, which blurred it and left a dark line along an edge.)
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
	return w * s, h * s
}

func (g *Game) relayout() {
	g.lay = layout.Compute(layout.Params{W: g.cssW, H: g.cssH, Flipped: g.flipped, HasHands: g.board.HasHands})
	g.in.Reset()
	g.dmg.All()
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

// SlotAt, Occupied and HandSideAt answer the editor's board (input.EditEnv).
func (e env) SlotAt(sq model.Square, x float64) int {
	if e.g.board.Bifold && e.g.board.Count(sq) == 2 && x > e.g.lay.SquareCenter(sq).X {
		return 1
	}
	return 0
}
func (e env) Occupied(sq model.Square) bool { return e.g.board.Count(sq) > 0 }
func (e env) HandSideAt(x, y float64) (int, bool) {
	if !e.g.board.HasHands {
		return 0, false
	}
	for c := 0; c < 2; c++ {
		if e.g.lay.Hands[c].Contains(x, y) {
			return c, true
		}
	}
	return 0, false
}

func (g *Game) emit(i model.Intent) { g.pending = append(g.pending, i) }

// Update implements ebiten.Game: it samples the pointer and reports intents.
func (g *Game) Update() error {
	g.mu.Lock()
	now := g.now()
	g.stats.update(now)
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
