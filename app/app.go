// Package app is what the browser page does, in pure Go. It talks to the
// world through small interfaces (Board, Engine, Storage, Page, Clock) so
// that it is tested with plain `go test` and fakes; cmd/wasm only binds
// them to the browser.
//
// An App is a thin router between the page's activities, each a
// controller that owns the board alone while it is active:
//   - GameController (game.go): the game session: the moves, the computer
//     player and its stale answers, the games kept on this device, links,
//     records, the move box, hints and the embedding page's messages;
//   - LessonController (lesson.go): How to play, a lesson's examples and
//     exercises on the board;
//   - EditorController (editor.go): the position editor;
//   - PuzzleController (puzzle.go): puzzles.
//
// The router holds what the page has once (the player's settings, the
// notices, the caption about the board) and decides who draws: a
// controller reaches the Board only through App.boardFor, which gives it
// only to the controller that owns it. The game goes on behind an open
// lesson (a computer's reply included) without drawing, and is drawn
// whole again when the lesson closes.
//
// Concurrency: every exported method locks the App. Calls to the Board and
// the Engine are made with the lock held (they never call back into the App
// synchronously); calls to the Page are made after it is released, so a page
// handler may call the App again.
package app

import (
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"chimera/game"
	"chimera/render/layout"
	"chimera/render/model"
)

// Board is the canvas board (render.Game implements it).
type Board interface {
	// SetPosition shows a board at once; PlayEvent animates a move into it.
	SetPosition(b model.Board, targets []model.Target)
	PlayEvent(ev model.Event, b model.Board, targets []model.Target)
	SetFlipped(flipped bool)
	SetStyle(s model.Style)
	// CancelSelection drops a selected piece or an open choice.
	CancelSelection()
	// AnimationLeft is how long the running move animation still takes.
	AnimationLeft() time.Duration
	// SetOverlay marks squares and draws arrows over the position shown
	// until the next SetOverlay, SetPosition or PlayEvent.
	SetOverlay(o model.Overlay)
}

// Engine sends requests to the computer player (the engine worker). Its
// answers come back through App.EngineAnswer.
type Engine interface {
	Send(r EngineRequest)
}

// Storage keeps strings across reloads (the browser's localStorage). Get
// reports ok=false for a missing key; Keys lists every key; each may fail
// (private mode, storage blocked in an iframe, the quota).
type Storage interface {
	Get(key string) (value string, ok bool, err error)
	Set(key, value string) error
	Remove(key string) error
	Keys() ([]string, error)
}

// Page is the HTML around the board.
type Page interface {
	// Show draws the page's state.
	Show(v View)
	// ShowAnalysis draws the analysis board's part of it alone (the
	// engine's reports, several a second: the rest did not change).
	ShowAnalysis(v *AnalysisView)
	// Announce says text in the ARIA live region.
	Announce(text string)
	// Sound plays a short sound (only called when sound is on).
	Sound(s Sound)
	// SetAddress puts the game's URL query (Link) in the address bar,
	// keeping the page's other parameters.
	SetAddress(query string)
	// Notify tells the page that embeds the board what happened (the
	// message API; the glue posts it to the host's origin only).
	Notify(e HostEvent)
}

// Clock gives the time and runs f after d (on any goroutine; f locks the
// App itself).
type Clock interface {
	Now() time.Time
	AfterFunc(d time.Duration, f func())
}

// Sound names a sound effect.
type Sound string

// The sounds.
const (
	SoundMove    Sound = "move"
	SoundCapture Sound = "capture"
	SoundMerge   Sound = "merge"
	SoundSplit   Sound = "split"
	SoundDrop    Sound = "drop"
	SoundCheck   Sound = "check"
	SoundEnd     Sound = "end"
)

// Deps are what an App works with.
type Deps struct {
	Board  Board
	Engine Engine // nil: no computer player (it never moves)
	// Analysts are the analysis board's and the review's engines, each
	// its own worker (as many as the device has cores for, at least one;
	// none: no analysis engine). Their answers come back through
	// AnalysisController.AnalysisAnswer with the worker's index.
	Analysts []Engine
	Storage  Storage
	Tab      Storage // the tab's own storage (sessionStorage): which game a reload shows; nil: none
	Page     Page
	Clock    Clock
	Site     string // the page's address, for game records
	// Foreign: a page of another origin frames this one. The page is then
	// an embedded board whatever its address says: it never shows, opens,
	// changes or deletes the visitor's games.
	Foreign bool
}

// keyPrefs is the storage key of the player's settings.
const keyPrefs = "chimera.prefs"

// App is the page's router: it holds what the page has once and gives the
// board to one controller at a time. Create it with New.
type App struct {
	mu sync.Mutex
	d  Deps

	// Game is the game on the page; Lesson is How to play (open or not).
	Game   *GameController
	Lesson *LessonController
	Editor *EditorController // the position editor (open or not)
	// Analysis is the analysis board (open or not).
	Analysis *AnalysisController
	// Puzzles is puzzle mode (open or not).
	Puzzles *PuzzleController
	owner   controller // the controller that owns the board

	opts  options // the page's URL options (mode, orientation, ...)
	prefs Prefs
	// graphics is how the board is drawn, told once by the page at start.
	graphics layout.Graphics
	scheme   string // the browser's colour scheme (SetScheme)
	touch    bool   // the page\'s main pointer is a finger (SetTouch)

	notices      []string // messages for the player ("Unknown game ...")
	noticed      map[string]bool
	storageNoted bool  // the player was told that storage failed
	caption      *Note // a caption about the board: a described piece, a hint (describe.go)

	out outbox // what to tell the page once the lock is released
}

// controller is an activity of the page that owns the board while it is
// active.
type controller interface {
	// attach draws the controller's whole board: it owns the board now.
	attach(b Board)
	// boardMove takes a move the player made on the board (a move string).
	boardMove(ms string)
	// shownPosition is the position on the board.
	shownPosition() *game.Position
	// overlay is what the controller marks on its board, under a caption's
	// marks.
	overlay() model.Overlay
}

// outbox collects the page calls made while the App is locked.
type outbox struct {
	show     bool
	analysis bool // only the analysis board's part changed (ShowAnalysis)
	announce []string
	sounds   []Sound
	events   []HostEvent
}

// New makes an App and shows a game: the one URL parameters q name (see
// fromLink: the kept game that is the same, or a new one), else the game
// this tab showed (a reload), else the game played last, else a new game.
// When it is the computer's turn it starts the engine.
func New(d Deps, q url.Values) *App {
	a := &App{d: d, noticed: map[string]bool{}}
	a.mu.Lock()
	a.opts = a.readOptions(q)
	if d.Foreign && a.opts.mode == ModePlay {
		a.opts.mode = ModeEmbed
	}
	if a.opts.embedded() {
		a.opts.editor = false // a guest's page has no editor
		a.opts.analysis = false
		a.opts.puzzle = false
	}
	a.prefs = a.loadPrefs()
	a.Lesson = &LessonController{a: a}
	a.Editor = &EditorController{a: a}
	a.Analysis = &AnalysisController{a: a}
	a.Puzzles = &PuzzleController{a: a}
	gq := q
	if a.opts.editor || a.opts.analysis || a.opts.puzzle {
		gq = withoutGame(q) // the link is the editor's, the analysis's or puzzles': the game behind it is the one a reload shows
	}
	a.Game = newGame(a, gq)
	a.d.Board.SetStyle(a.style())
	a.owner = a.Game
	a.Game.start()
	if a.opts.editor {
		a.Editor.openLink(q.Get("variant"), q.Get("fen"))
	} else if a.opts.analysis {
		a.Analysis.openLink(q)
	} else if a.opts.puzzle {
		a.Puzzles.openLink(q.Get("variant"), q.Get("theme"), q.Get("id"))
	}
	a.unlock()
	return a
}

// take gives the board to c, which draws it whole.
func (a *App) take(c controller) {
	a.owner = c
	c.attach(a.d.Board)
	a.out.show = true
}

// boardFor returns the Board when c owns it, else nil: the one way a
// controller reaches the board.
func (a *App) boardFor(c controller) Board {
	if a.owner == c {
		return a.d.Board
	}
	return nil
}

// closeLesson ends an open lesson and gives the board back to the game,
// which draws it (switchTo, CloseLesson).
func (a *App) closeLesson() {
	a.Lesson.end()
	a.owner = a.Game
}

// closePuzzles closes open puzzles; the game owns the board again (the
// caller draws it).
func (a *App) closePuzzles() {
	a.Puzzles.end()
	if a.owner == a.Puzzles {
		a.owner = a.Game
	}
}

// closeEditor closes an open editor; the game owns the board again (the
// caller draws it).
func (a *App) closeEditor() {
	if a.Editor.es != nil {
		a.Editor.end()
	}
}

// closeAnalysis closes an open analysis board; the game owns the board
// again (the caller draws it).
func (a *App) closeAnalysis() {
	if a.Analysis.st != nil {
		a.Analysis.end()
	}
}

// guest reports whether the page is a guest in another page (an embed or a
// diagram, or framed by another origin): it keeps nothing of the visitor's.
func (a *App) guest() bool { return a.opts.embedded() }

// unlock releases the lock and then tells the page what happened.
func (a *App) unlock() {
	o := a.out
	a.out = outbox{}
	var v View
	var addr string
	var av *AnalysisView
	if o.show {
		v = a.buildView()
		if !a.guest() {
			addr = a.address()
		}
	} else if o.analysis {
		av = a.Analysis.view()
	}
	a.mu.Unlock()
	for _, s := range o.sounds {
		a.d.Page.Sound(s)
	}
	for _, t := range o.announce {
		a.d.Page.Announce(t)
	}
	for _, e := range o.events {
		a.d.Page.Notify(e)
	}
	if o.show {
		a.d.Page.Show(v)
		if addr != "" {
			a.d.Page.SetAddress(addr)
		}
	} else if av != nil {
		a.d.Page.ShowAnalysis(av)
	}
}

func (a *App) lock() { a.mu.Lock() }

// address is the page's URL query: the editor's while it is open, else
// the game's.
func (a *App) address() string {
	if a.Editor.es != nil {
		return a.Editor.link()
	}
	if a.Analysis.st != nil {
		return a.Analysis.link()
	}
	if a.Puzzles.ps != nil {
		return a.Puzzles.link()
	}
	return Link(a.Game.linkQuery())
}

// withoutGame returns q without the parameters that name a game.
func withoutGame(q url.Values) url.Values {
	out := url.Values{}
	for k, v := range q {
		if !slices.Contains(LinkKeys, k) {
			out[k] = v
		}
	}
	return out
}

// note adds a message for the player (each text once a page).
func (a *App) note(text string) {
	if a.noticed[text] {
		return
	}
	a.noticed[text] = true
	a.notices = append(a.notices, text)
	a.out.show = true
}

// DismissNotice hides the messages.
func (a *App) DismissNotice() {
	a.lock()
	defer a.unlock()
	a.notices = nil
	a.out.show = true
}

// storageFailed tells the player, once a page, that the browser did not
// keep what was asked: the game on the board goes on, but what was not
// kept is lost on leaving the page (a reload shows what was kept before).
func (a *App) storageFailed(err error) {
	if a.storageNoted {
		return
	}
	a.storageNoted = true
	why, _, _ := strings.Cut(err.Error(), ":") // the error's name: the rest names a key
	a.note("This browser did not keep the game (" + why + "): play goes on, but the moves from here are lost when the page is closed. Copy game keeps them")
}

// BoardEdit takes a tap or a drag on the editor's board (an
// IntentEditTap or IntentEditDrag): the editor uses it while it owns the
// board.
func (a *App) BoardEdit(in model.Intent) {
	a.lock()
	defer a.unlock()
	if a.owner != a.Editor {
		return
	}
	switch in.Kind {
	case model.IntentEditTap:
		a.Editor.tap(in.Square, in.Slot)
	case model.IntentEditDrag:
		a.Editor.drag(in.Square, in.Slot, in.To, in.Hand)
	}
}

// BoardMove takes a move the player made on the board (a move string): the
// board's owner plays it.
func (a *App) BoardMove(ms string) {
	a.lock()
	defer a.unlock()
	a.owner.boardMove(ms)
}

type errString string

func (e errString) Error() string { return string(e) }

// CancelSelection drops the board's selection, and a caption with its
// marks (Escape).
func (a *App) CancelSelection() {
	a.lock()
	defer a.unlock()
	a.d.Board.CancelSelection()
	a.dismissNote()
	if a.owner == a.Game {
		a.Game.clearPremove()
		a.Game.dropConfirm()
	}
}

// SetPrefs changes the player's settings and remembers them.
func (a *App) SetPrefs(p Prefs) {
	a.lock()
	defer a.unlock()
	p.Turned = a.prefs.Turned
	p = p.normal()
	hints := p.Hints != a.prefs.Hints
	a.prefs = p
	a.savePrefs()
	a.d.Board.SetStyle(a.style())
	if hints {
		a.Game.hintsChanged()
	}
	a.out.show = true
}

// SetGraphics tells how the board is drawn (the page chooses it at start,
// from the browser's renderer and Prefs.Sharp), for the page to show.
func (a *App) SetGraphics(g layout.Graphics) {
	a.lock()
	defer a.unlock()
	a.graphics = g
	a.out.show = true
}

// Prefs returns the player's settings.
func (a *App) Prefs() Prefs {
	a.lock()
	defer a.unlock()
	return a.prefs
}

// Refresh asks for the page to be drawn again.
func (a *App) Refresh() {
	a.lock()
	defer a.unlock()
	a.out.show = true
}
