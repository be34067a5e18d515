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
	// OnIntent receives the player's requests (moves, new game, undo, redo,
	// flip, viewing a ply). It is called from the game loop (Update) without
	// the renderer's lock held, so it may call the renderer's setters.
	OnIntent func(model.Intent)
	// NewGame is the initial selection of the new-game dialog (the owner's
	// settings: the renderer has no defaults of its own).
	NewGame model.NewGameSettings
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

	plan      *anim.Plan
	planStart time.Time

	moves     []string
	ply       int // the ply being shown (len(moves) = the latest)
	moveFirst int // first visible move-list row
	banner    string
	bannerOff bool // dismissed by the player
	thinking  bool
	depth     int
	score     string
	flipped   bool

	cssW, cssH float64
	scale      float64 // device pixels per CSS pixel
	lay        layout.Layout

	dialog    *dialogState
	showMoves bool // portrait: move list over the board

	dirty   bool
	frames  []time.Time // frames repainted in the last second
	draws   []time.Time // Draw calls in the last second
	updates []time.Time // updates in the last second

	// pointer tracking
	mouseDown     bool
	touchID       ebiten.TouchID
	touchOn       bool
	touchX        float64
	touchY        float64
	lastTouch     time.Time
	touchBuf      []ebiten.TouchID
	pending       []model.Intent
	spr           *spriteCache
	pressOnUI     bool  // the current press started on a UI control, not the board
	lastIndicator int64 // the indicatorStep last painted
	keyState      []ebiten.Key

	// partial repaints (see Draw)
	statusDirty          bool              // only the status line changed
	wasDragging          bool              // a drag was drawn in the last frame
	lastDragX, lastDragY float64           // where it was drawn
	prevRects            []image.Rectangle // what moved in the last frame, device pixels
}

type dialogState struct {
	settings model.NewGameSettings
}

// New returns a renderer showing an empty board.
func New(opts Options) *Game {
	g := &Game{opts: opts, now: opts.Now, board: model.EmptyBoard(), scale: 1, dirty: true}
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
	g.plan = anim.Build(ev, &old, &nb, g.resolve, anim.Options{Dragged: dragged})
	g.planStart = g.now()
	g.setBoard(b, targets)
}

// SetMoves sets the move list (human notation) and the ply being shown
// (0 = the start position, len(moves) = the latest).
func (g *Game) SetMoves(moves []string, ply int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.moves = append(g.moves[:0:0], moves...)
	g.ply = max(0, min(ply, len(moves)))
	g.moveFirst = g.lay.FirstRow(len(g.moves), g.ply-1, g.moveFirst)
	g.dirty = true
}

// SetGameOver shows a banner with text (e.g. "Checkmate — White wins"); ""
// removes it.
func (g *Game) SetGameOver(text string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if text != g.banner {
		g.bannerOff = false
	}
	g.banner = text
	g.dirty = true
}

// SetThinking shows or hides the computer's thinking indicator with the
// current search depth and score text (e.g. "+0.35").
func (g *Game) SetThinking(on bool, depth int, score string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.thinking, g.depth, g.score = on, depth, score
	g.statusDirty = true
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

// SquareCenter returns the centre of sq in CSS pixels for the current layout
// and orientation.
func (g *Game) SquareCenter(sq model.Square) (Point, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !sq.Valid() || g.lay.Sq <= 0 {
		return Point{}, false
	}
	return g.lay.SquareCenter(sq), true
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
	return Point{X: x, Y: y}, true
}

// ChoiceOption is one option of an open choice, for the test hook.
type ChoiceOption struct {
	Label string
	Move  string
	X, Y  float64 // centre, CSS pixels
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
		out = append(out, ChoiceOption{Label: o.Target.Label, Move: o.Target.Move, X: o.X, Y: o.Y})
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
	return g.plan.Active(ms(now.Sub(g.planStart)))
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
// thinks only the small indicator is repainted.
func (g *Game) Repaints() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return countSince(g.frames, g.now().Add(-time.Second))
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
	g.moveFirst = g.lay.FirstRow(len(g.moves), g.ply-1, g.moveFirst)
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
	toCSS := func(x, y int) (float64, float64) { return float64(x) / g.scale, float64(y) / g.scale }
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
				g.motion(x, y)
			}
		} else {
			g.touchOn = false
			g.release(g.touchX, g.touchY)
		}
		g.lastTouch = now
	} else if len(g.touchBuf) > 0 {
		g.touchOn, g.touchID = true, g.touchBuf[0]
		g.touchX, g.touchY = toCSS(ebiten.TouchPosition(g.touchID))
		g.lastTouch = now
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
			g.motion(x, y)
		}
	case !down && g.mouseDown:
		g.mouseDown = false
		if !recentTouch {
			g.release(x, y)
		}
	}
	if _, wy := ebiten.Wheel(); wy != 0 && g.lay.Moves.Contains(x, y) {
		g.moveFirst = max(0, g.moveFirst-int(math.Copysign(1, wy)))
		g.moveFirst = g.lay.FirstRow(len(g.moves), g.moveFirst*2, g.moveFirst)
		g.dirty = true
	}
	g.keys()
}

func (g *Game) press(x, y float64, touch bool) {
	g.dirty = true
	g.pressOnUI = true
	if g.dialog != nil {
		g.dialogPress(x, y)
		return
	}
	if id, ok := g.lay.ButtonAt(x, y); ok {
		g.button(id)
		return
	}
	if g.showMoves {
		if c, ok := g.moveCellAt(x, y); ok {
			g.emit(model.Intent{Kind: model.IntentViewPly, Ply: c + 1})
		}
		g.showMoves = false
		return
	}
	if g.banner != "" && !g.bannerOff && g.bannerRect().Contains(x, y) {
		g.bannerOff = true
		return
	}
	if c, ok := g.moveCellAt(x, y); ok {
		g.emit(model.Intent{Kind: model.IntentViewPly, Ply: c + 1})
		return
	}
	g.pressOnUI = false
	if mv := g.in.Press(x, y, touch, env{g}); mv != "" {
		g.emit(model.Intent{Kind: model.IntentMove, Move: mv})
	}
}

func (g *Game) motion(x, y float64) {
	if g.pressOnUI {
		return
	}
	g.in.Motion(x, y) // Draw repaints where the dragged piece was and is
}

func (g *Game) release(x, y float64) {
	if g.pressOnUI {
		g.pressOnUI = false
		return
	}
	g.dirty = true
	if mv := g.in.Release(x, y, env{g}); mv != "" {
		g.emit(model.Intent{Kind: model.IntentMove, Move: mv})
	}
}

func (g *Game) button(id layout.ButtonID) {
	g.in.Reset() // any control closes a selection or an open choice
	switch id {
	case layout.BtnNew:
		g.dialog = &dialogState{settings: g.opts.NewGame}
	case layout.BtnUndo:
		g.emit(model.Intent{Kind: model.IntentUndo})
	case layout.BtnRedo:
		g.emit(model.Intent{Kind: model.IntentRedo})
	case layout.BtnFlip:
		g.flipped = !g.flipped
		g.relayout()
		g.emit(model.Intent{Kind: model.IntentFlip, Flipped: g.flipped})
	case layout.BtnMenu:
		g.showMoves = !g.showMoves
	}
}

func (g *Game) dialogPress(x, y float64) {
	d := layout.DialogLayout(g.cssW, g.cssH, len(model.Variants))
	s := &g.dialog.settings
	for i, r := range d.Variants {
		if r.Contains(x, y) {
			s.Variant = model.Variants[i].ID
		}
	}
	for i, r := range d.Opp {
		if r.Contains(x, y) {
			s.Computer = []int{0, 1, -1}[i]
		}
	}
	for i, r := range d.Levels {
		if r.Contains(x, y) {
			s.Level = i + 1
		}
	}
	switch {
	case d.Start.Contains(x, y):
		g.opts.NewGame = *s
		g.emit(model.Intent{Kind: model.IntentNewGame, NewGame: *s})
		g.dialog = nil
	case d.Cancel.Contains(x, y), !d.Panel.Contains(x, y):
		g.dialog = nil
	}
}

// moveCellAt returns the move index under (x, y) in the move list.
func (g *Game) moveCellAt(x, y float64) (int, bool) {
	cells, _ := g.moveCells()
	for _, c := range cells {
		if c.R.Contains(x, y) {
			return c.Ply, true
		}
	}
	return 0, false
}

func (g *Game) moveCells() ([]layout.MoveCell, layout.Rect) {
	l := g.lay
	if g.showMoves && l.Portrait {
		l.Moves = l.Board.Inset(8)
		first := l.FirstRow(len(g.moves), g.ply-1, 0)
		c, _ := l.MoveCells(len(g.moves), first)
		return c, l.Moves
	}
	c, _ := l.MoveCells(len(g.moves), g.moveFirst)
	return c, l.Moves
}

func (g *Game) keyDown(k ebiten.Key) bool {
	for _, x := range g.keyState {
		if x == k {
			return true
		}
	}
	return false
}

func (g *Game) keys() {
	for _, k := range []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyArrowRight} {
		if ebiten.IsKeyPressed(k) && !g.keyDown(k) {
			p := g.ply - 1
			if k == ebiten.KeyArrowRight {
				p = g.ply + 1
			}
			if p >= 0 && p <= len(g.moves) {
				g.emit(model.Intent{Kind: model.IntentViewPly, Ply: p})
			}
		}
	}
	g.keyState = g.keyState[:0]
	for _, k := range []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyArrowRight} {
		if ebiten.IsKeyPressed(k) {
			g.keyState = append(g.keyState, k)
		}
	}
}
