// Package app is what the browser page does, in pure Go: it keeps the game
// session, asks the engine for the computer's moves and ignores stale
// answers, remembers the game and the player's settings, walks the moves,
// reads moves typed into the move box, and tells the page what to show,
// say and play. It talks to the world through small interfaces (Board,
// Engine, Storage, Page, Clock) so that it is tested with plain `go test`
// and fakes; cmd/wasm only binds them to the browser.
//
// Concurrency: every exported method locks the App. Calls to the Board and
// the Engine are made with the lock held (they never call back into the App
// synchronously); calls to the Page are made after it is released, so a page
// handler may call the App again.
package app

import (
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"

	"chimera/game"
	"chimera/play"
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
	Board   Board
	Engine  Engine // nil: no computer player (it never moves)
	Storage Storage
	Tab     Storage // the tab's own storage (sessionStorage): which game a reload shows; nil: none
	Page    Page
	Clock   Clock
	Site    string // the page's address, for game records
	// Foreign: a page of another origin frames this one. The page is then
	// an embedded board whatever its address says: it never shows, opens,
	// changes or deletes the visitor's games.
	Foreign bool
}

// keyPrefs is the storage key of the player's settings.
const keyPrefs = "chimera.prefs"

// App is the page's logic. Create it with New.
type App struct {
	mu sync.Mutex
	d  Deps

	s     *play.Session
	view  int // the ply shown (== s.Ply() when live)
	prefs Prefs
	// graphics is how the board is drawn, told once by the page at start.
	graphics layout.Graphics
	id       string // the kept game's id ("" until its first move is kept)
	created  int64  // when it began, ms since 1970
	idSeq    int

	opts         options
	ephemeral    bool   // keep nothing in the visitor's games (an embedded board)
	embedKey     string // where an embed with save=1 keeps its game
	storageNoted bool   // the player was told that storage failed

	// The engine: one search at a time for the live position.
	pending bool   // a search for the current position runs (the computer is thinking)
	goID    int    // id of the newest 'go' sent
	skip    int    // answers still to come from abandoned searches
	depth   int    // progress of the running search
	score   string // its score, White's view: "+0.35", "#3", "#-2"
	waiting int    // generation of a reply held back until the board's animation ends (0: none)
	gen     int    // bumped whenever the game changes under a held-back reply
	engErr  string // the engine's last error, shown until the next search

	notices []string // messages for the player ("Unknown game ...")
	noticed map[string]bool

	lesson    *lessonState // How to play is open: the board shows a lesson (lesson.go)
	boardNote *Note        // a caption about the board: a described piece, a hint (describe.go)
	hint      hintState    // the hint search and its move (hint.go)

	out outbox // what to tell the page once the lock is released
}

// outbox collects the page calls made while the App is locked.
type outbox struct {
	show     bool
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
	a.prefs = a.loadPrefs()
	switch {
	case a.opts.embedded():
		a.openEmbedded(q)
	case HasGame(q):
		a.openLink(q)
	default:
		a.openKept()
	}
	if a.s == nil {
		a.s, _ = play.New(play.DefaultSettings)
	}
	a.d.Board.SetStyle(a.style())
	a.d.Board.SetFlipped(a.flipped())
	a.showLive(nil)
	if a.opts.ply >= 0 {
		a.gotoPly(a.opts.ply)
	}
	a.out.events = append(a.out.events, HostEvent{Type: "chimera:ready", Variant: a.s.Variant().ID})
	a.unlock()
	return a
}

// openEmbedded shows the game of an embedded board: its parameters' game, or
// with save=1 the game it kept under them. It never reads or writes the
// visitor's games; a diagram has no opponent.
func (a *App) openEmbedded(q url.Values) {
	a.ephemeral = true
	if a.opts.mode == ModeDiagram {
		q = cloneValues(q)
		q.Set("ai", "none")
	} else if q.Get("ai") == "" {
		q = cloneValues(q)
		q.Set("ai", "none") // an embedded game is for two players unless it names the computer
	}
	if a.opts.save {
		a.embedKey = embedKey(q)
		a.moveLegacyEmbed(q)
		if data, ok, err := a.d.Storage.Get(a.embedKey); err == nil && ok && data != "" {
			if s, problems, err := play.Load([]byte(data)); err == nil && len(problems) == 0 {
				a.s = s
				return
			}
		}
	}
	a.s = a.fromLink(q)
}

func cloneValues(q url.Values) url.Values {
	c := url.Values{}
	for k, v := range q {
		c[k] = append([]string(nil), v...)
	}
	return c
}

// openLink shows the game of a link: the kept game that is the same (this
// tab's first: a reload), else the link's game as a new one, kept at once
// when it has moves. It never writes over another game.
func (a *App) openLink(q url.Values) {
	link := a.fromLink(q)
	a.s = link
	es := a.entries()
	try := func(e Entry) bool {
		if e.Variant != link.Variant().ID || e.Plies != link.Ply() {
			return false
		}
		s, err := a.loadEntry(e)
		if err != nil || !sameGame(s, link) {
			return false
		}
		a.s, a.id, a.created = s, e.ID, e.Created
		return true
	}
	if e, ok := findEntry(es, a.tabID()); ok && try(e) {
		return
	}
	sort.SliceStable(es, func(i, j int) bool { return es[i].Updated > es[j].Updated })
	for _, e := range es {
		if try(e) {
			a.setLast(e.ID)
			return
		}
	}
	a.save() // a new game (if it has moves)
}

// openKept continues this tab's game or the game played last; an earlier
// version's one saved game joins the list first.
func (a *App) openKept() {
	es := a.entries()
	if data, ok, _ := a.d.Storage.Get(keyOldGame); ok && data != "" {
		if s, problems, err := play.Load([]byte(data)); err == nil && len(problems) == 0 {
			a.s = s
			a.save()
			a.d.Storage.Set(keyOldGame, "")
			return
		}
	}
	last, _, _ := a.d.Storage.Get(keyLast)
	for _, id := range []string{a.tabID(), last} {
		e, ok := findEntry(es, id)
		if !ok {
			continue
		}
		s, err := a.loadEntry(e)
		if err != nil {
			a.note("The saved " + gameName(e.Variant) + " game could not be read (" + err.Error() + "): a new game was started; the saved one is kept as it was")
			continue
		}
		a.s, a.id, a.created = s, e.ID, e.Created
		return
	}
}

// tabID is the game this tab showed.
func (a *App) tabID() string {
	if a.d.Tab == nil {
		return ""
	}
	id, _, _ := a.d.Tab.Get(keyTab)
	return id
}

// unlock releases the lock and then tells the page what happened.
func (a *App) unlock() {
	o := a.out
	a.out = outbox{}
	var v View
	var addr string
	if o.show {
		v = a.buildView()
		if !a.ephemeral {
			addr = Link(a.linkQuery())
		}
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
	}
}

func (a *App) lock() { a.mu.Lock() }

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

// showLive shows the live position (animating e if given) and starts the
// computer when it is its turn. (Changes to the game are kept by save.)
func (a *App) showLive(e *game.Effect) {
	p := a.s.Position()
	a.view = a.s.Ply()
	board := play.Board(p)
	var targets []model.Target
	if !a.s.ComputerToMove() && a.opts.interactive && a.opts.mode != ModeDiagram {
		targets = play.Targets(p)
	}
	a.positionChanged()
	if e != nil {
		a.board().PlayEvent(play.Event(a.s.Variant(), *e), board, targets)
	} else {
		a.board().SetPosition(board, targets)
	}
	a.board().SetOverlay(a.gameOverlay())
	a.out.show = true
	if a.s.ComputerToMove() && !a.pending {
		a.think()
	}
}

// moved reports a move just played (by either side): announcement and sound.
func (a *App) moved(e game.Effect) {
	n := a.s.Ply()
	words := a.s.Words()[n-1]
	res, why := a.s.Outcome()
	if res != "" {
		words += ". " + game.ResultWords(res, why)
	}
	a.out.events = append(a.out.events, HostEvent{Type: "chimera:move", Move: a.s.MoveStrings()[n-1],
		Notation: a.s.Notation()[n-1], Position: a.s.Position().String(), Ply: n})
	if res != "" {
		a.out.events = append(a.out.events, HostEvent{Type: "chimera:gameover", Result: res, Reason: why})
	}
	a.out.announce = append(a.out.announce, words)
	if !a.prefs.Sound {
		return
	}
	s := SoundMove
	switch e.Kind {
	case game.KindCapture:
		s = SoundCapture
	case game.KindMerge:
		s = SoundMerge
	case game.KindSplit, game.KindLeave:
		s = SoundSplit
	case game.KindDrop:
		s = SoundDrop
	}
	switch {
	case res != "":
		s = SoundEnd
	case a.s.Position().InCheck():
		s = SoundCheck
	}
	a.out.sounds = append(a.out.sounds, s)
}

// BoardMove plays a move the player made on the board (a move string).
func (a *App) BoardMove(ms string) {
	a.lock()
	defer a.unlock()
	if a.lesson != nil {
		a.lessonMove(ms)
		return
	}
	a.playHuman(ms)
}

// playHuman plays the player's move if it is their turn at the live ply.
func (a *App) playHuman(ms string) error {
	if a.view != a.s.Ply() {
		return errString("you are viewing an earlier move: go to the last move to play")
	}
	if a.s.ComputerToMove() {
		return errString("it is the computer's turn")
	}
	e, err := a.s.Play(ms)
	if err != nil {
		return err
	}
	a.gen++
	a.moved(e)
	a.save()
	a.showLive(&e)
	return nil
}

type errString string

func (e errString) Error() string { return string(e) }

// NewGame starts a game with the given settings.
func (a *App) NewGame(set play.Settings) error {
	a.lock()
	defer a.unlock()
	s, err := play.New(set)
	if err != nil {
		return err
	}
	a.switchTo(s, "", 0) // a new game shows the player's side at the bottom
	return nil
}

// flipped reports whether Black is at the bottom: the side the page's
// orient parameter names is, else the player's side (White's in a game of
// two players), unless the player turned the board.
func (a *App) flipped() bool {
	base := a.s.Computer == 0
	if a.opts.orient != "" {
		base = a.opts.orient == "black"
	}
	return base != a.prefs.Turned
}

// Undo takes back the last move (and the computer's reply).
func (a *App) Undo() {
	a.lock()
	defer a.unlock()
	a.abandon()
	a.gen++
	if a.s.UndoTurn() {
		a.save()
		a.showLive(nil)
	} else if a.view != a.s.Ply() {
		a.showLive(nil)
	}
}

// Redo replays a taken-back move (and the computer's reply).
func (a *App) Redo() {
	a.lock()
	defer a.unlock()
	a.abandon()
	a.gen++
	if e, ok := a.s.RedoTurn(); ok {
		a.save()
		a.showLive(&e)
	}
}

// Goto shows the position after ply moves (0: the start); the live ply
// (Ply of the session) returns to play.
func (a *App) Goto(ply int) {
	a.lock()
	defer a.unlock()
	a.gotoPly(ply)
}

func (a *App) gotoPly(ply int) {
	ply = max(0, min(ply, a.s.Ply()))
	if ply == a.view {
		return
	}
	if ply == a.s.Ply() {
		a.showLive(nil)
		return
	}
	a.view = ply
	a.positionChanged()
	a.board().SetPosition(play.Board(a.s.PositionAt(ply)), nil)
	a.out.show = true
}

// Step moves the viewed ply by delta (the arrow keys).
func (a *App) Step(delta int) {
	a.lock()
	defer a.unlock()
	a.gotoPly(a.view + delta)
}

// Flip turns the board around and remembers it.
func (a *App) Flip() {
	a.lock()
	defer a.unlock()
	a.flip()
}

func (a *App) flip() {
	a.prefs.Turned = !a.prefs.Turned
	a.savePrefs()
	a.board().SetFlipped(a.flipped())
	a.out.show = true
}

// CancelSelection drops the board's selection, and a caption with its
// marks (Escape).
func (a *App) CancelSelection() {
	a.lock()
	defer a.unlock()
	a.d.Board.CancelSelection()
	a.dismissNote()
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
		a.hintsChanged()
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
