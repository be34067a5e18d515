package app

import (
	"net/url"
	"sort"
	"strings"

	"chimera/game"
	"chimera/play"
	"chimera/render/model"
)

// GameController is the game on the page: the session and the ply shown,
// the computer player (engine.go), the games kept on this device
// (games.go), links (link.go), records (records.go), the move box
// (movebox.go), hints (hint.go) and the embedding page's messages
// (embed.go). It draws on the board only while it owns it
// (App.boardFor); behind an open lesson it goes on without drawing.
type GameController struct {
	a *App // the router: settings, notices, the page

	s       *play.Session
	view    int    // the ply shown (== s.Ply() when live)
	id      string // the kept game's id ("" until its first move is kept)
	created int64  // when it began, ms since 1970
	idSeq   int

	embedKey string // where an embed with save=1 keeps its game

	// The engine: one search at a time for the live position.
	pending bool   // a search for the current position runs (the computer is thinking)
	goID    int    // id of the newest 'go' sent
	skip    int    // answers still to come from abandoned searches
	depth   int    // progress of the running search
	score   string // its score, White's view: "+0.35", "#3", "#-2"
	waiting int    // generation of a reply held back until the board's animation ends (0: none)
	gen     int    // bumped whenever the game changes under a held-back reply
	engErr  string // the engine's last error, shown until the next search

	hint hintState // the hint search and its move (hint.go)
	draw drawState // a draw offer under way (ending.go)

	premove     string // the player's move queued while the computer thinks (premove.go)
	premoveText string // in the move list's notation
	confirm     string // the board move waiting for Confirm (confirm.go), and its notation
	confirmText string
	shapes      []model.Shape // arrows and circles drawn on the position shapesAt
	shapesAt    string

	flagGen int  // the clock's flag timer (clock.go): only the newest counts
	hidden  bool // the page is out of sight (SetVisible)

	keep *keeper // the games kept on this device (games.go)
}

// newGame opens the game the page shows: an embed's, a link's, or the game
// kept on this device (see New).
func newGame(a *App, q url.Values) *GameController {
	g := &GameController{a: a, keep: &keeper{st: a.d.Storage, tab: a.d.Tab, clock: a.d.Clock, note: a.note, failed: a.storageFailed}}
	switch {
	case a.opts.embedded():
		g.openEmbedded(q)
	case HasGame(q):
		g.openLink(q)
	default:
		g.openKept()
	}
	if g.s == nil {
		g.s, _ = play.New(play.DefaultSettings)
	}
	return g
}

// start shows the game for the first time (at the ply the page asks for)
// and tells the embedding page it is ready.
func (g *GameController) start() {
	if b := g.board(); b != nil {
		b.SetFlipped(g.flipped())
	}
	g.showLive(nil)
	g.runClock()
	if g.a.opts.ply >= 0 {
		g.gotoPly(g.a.opts.ply)
	}
	g.a.out.events = append(g.a.out.events, HostEvent{Type: "chimera:ready", Variant: g.s.Variant().ID})
}

// board returns the Board while the game owns it, else nil.
func (g *GameController) board() Board { return g.a.boardFor(g) }

// attach draws the game whole: the board is the game's again.
func (g *GameController) attach(b Board) {
	b.SetFlipped(g.flipped())
	if g.view == g.s.Ply() {
		b.SetPosition(g.liveBoard(), g.targets())
	} else {
		b.SetPosition(play.Board(g.s.PositionAt(g.view)), nil)
	}
	b.SetOverlay(g.overlay())
}

// liveBoard is the board of the live position; once the game is over no
// side is to move.
func (g *GameController) liveBoard() model.Board {
	b := play.Board(g.s.Position())
	if r, _ := g.s.Outcome(); r != "" {
		b.Turn = model.NoTurn
	}
	return b
}

// boardMove plays a move the player made on the board.
func (g *GameController) boardMove(ms string) {
	if g.s.ComputerToMove() && g.view == g.s.Ply() {
		g.queuePremove(ms)
		return
	}
	if g.a.confirming() && g.view == g.s.Ply() {
		g.askConfirm(ms)
		return
	}
	g.playHuman(ms)
}

// shownPosition returns the game's position at the ply viewed.
func (g *GameController) shownPosition() *game.Position {
	if g.view != g.s.Ply() {
		return g.s.PositionAt(g.view)
	}
	return g.s.Position()
}

// overlay is what the game marks: see gameOverlay.
func (g *GameController) overlay() model.Overlay { return g.gameOverlay() }

// targets are the moves the player may make on the board in the live
// position: none while the computer is to move or on a board for viewing.
func (g *GameController) targets() []model.Target {
	if !g.a.opts.interactive || g.a.opts.mode == ModeDiagram {
		return nil
	}
	if g.s.ComputerToMove() {
		return g.premoveTargets()
	}
	return play.Targets(g.s.Position())
}

// openEmbedded shows the game of an embedded board: its parameters' game, or
// with save=1 the game it kept under them. It never reads or writes the
// visitor's games; a diagram has no opponent.
func (g *GameController) openEmbedded(q url.Values) {
	if g.a.opts.mode == ModeDiagram {
		q = cloneValues(q)
		q.Set("ai", "none")
	} else if q.Get("ai") == "" {
		q = cloneValues(q)
		q.Set("ai", "none") // an embedded game is for two players unless it names the computer
	}
	if g.a.opts.save {
		g.embedKey = embedKey(q)
		g.keep.moveLegacyEmbed(q, g.embedKey)
		if data, ok, err := g.a.d.Storage.Get(g.embedKey); err == nil && ok && data != "" {
			if s, problems, err := play.Load([]byte(data)); err == nil && len(problems) == 0 {
				g.s = s
				return
			}
		}
	}
	g.s = g.fromLink(q)
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
func (g *GameController) openLink(q url.Values) {
	link := g.fromLink(q)
	g.s = link
	if e, s, ok := g.keptSame(link, g.keep.tabID()); ok {
		g.s, g.id, g.created = s, e.ID, e.Created
		if e.ID != g.keep.tabID() {
			g.keep.setLast(e.ID)
		}
		return
	}
	g.save() // a new game (if it has moves)
}

// keptSame finds the kept game that is the same as s (sameGame): the game
// first (if it is one), else the one played last.
func (g *GameController) keptSame(s *play.Session, first string) (Entry, *play.Session, bool) {
	es := g.keep.entries()
	try := func(e Entry) (*play.Session, bool) {
		if e.Variant != s.Variant().ID || e.Plies != s.Ply() {
			return nil, false
		}
		k, err := g.keep.loadEntry(e)
		if err != nil || !sameGame(k, s) {
			return nil, false
		}
		return k, true
	}
	if e, ok := findEntry(es, first); ok {
		if k, ok := try(e); ok {
			return e, k, true
		}
	}
	sort.SliceStable(es, func(i, j int) bool { return es[i].Updated > es[j].Updated })
	for _, e := range es {
		if k, ok := try(e); ok {
			return e, k, true
		}
	}
	return Entry{}, nil, false
}

// openKept continues this tab's game or the game played last; an earlier
// version's one saved game joins the list first.
func (g *GameController) openKept() {
	es := g.keep.entries()
	if data, ok, _ := g.a.d.Storage.Get(keyOldGame); ok && data != "" {
		if s, problems, err := play.Load([]byte(data)); err == nil && len(problems) == 0 {
			g.s = s
			g.save()
			g.a.d.Storage.Set(keyOldGame, "")
			return
		}
	}
	last, _, _ := g.a.d.Storage.Get(keyLast)
	for _, id := range []string{g.keep.tabID(), last} {
		e, ok := findEntry(es, id)
		if !ok {
			continue
		}
		s, err := g.keep.loadEntry(e)
		if err != nil {
			g.a.note("The saved " + gameName(e.Variant) + " game could not be read (" + err.Error() + "): a new game was started; the saved one is kept as it was")
			continue
		}
		g.s, g.id, g.created = s, e.ID, e.Created
		return
	}
}

// showLive shows the live position (animating e if given) and starts the
// computer when it is its turn. (Changes to the game are kept by save.)
func (g *GameController) showLive(e *game.Effect) {
	g.view = g.s.Ply()
	g.positionChanged()
	if b := g.board(); b != nil {
		if e != nil {
			b.PlayEvent(play.Event(g.s.Variant(), *e), g.liveBoard(), g.targets())
		} else {
			b.SetPosition(g.liveBoard(), g.targets())
		}
		b.SetOverlay(g.gameOverlay())
	}
	g.a.out.show = true
	if g.s.ComputerToMove() && !g.pending {
		g.think()
	}
}

// moved reports a move just played (by either side): announcement and sound.
func (g *GameController) moved(e game.Effect) {
	n := g.s.Ply()
	words := g.s.Words()[n-1]
	res, why := g.s.Outcome()
	if res != "" {
		words += ". " + game.ResultWords(res, why)
	}
	g.lapseDraw()
	g.clockMoved(g.s.Position().Turn().Other())
	g.a.out.events = append(g.a.out.events, HostEvent{Type: "chimera:move", Move: g.s.MoveStrings()[n-1],
		Notation: g.s.Notation()[n-1], Position: g.s.Position().String(), Ply: n})
	if res != "" {
		g.a.out.events = append(g.a.out.events, HostEvent{Type: "chimera:gameover", Result: res, Reason: why})
	}
	g.say(words)
	if !g.a.prefs.Sound {
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
	case g.s.Position().InCheck():
		s = SoundCheck
	}
	g.a.out.sounds = append(g.a.out.sounds, s)
}

// playHuman plays the player's move if it is their turn at the live ply.
func (g *GameController) playHuman(ms string) error {
	if g.view != g.s.Ply() {
		return errString("you are viewing an earlier move: go to the last move to play")
	}
	if g.s.ComputerToMove() {
		return errString("it is the computer's turn")
	}
	g.premove = ""
	g.dropConfirm()
	e, err := g.s.Play(ms)
	if err != nil {
		return err
	}
	g.gen++
	g.moved(e)
	g.save()
	g.showLive(&e)
	return nil
}

// RandomSide, as NewGame's computer, lets chance choose the computer's
// colour (the player's "random colour").
const RandomSide = -3

// NewGame starts a game with the given settings.
func (g *GameController) NewGame(set play.Settings) error {
	g.a.lock()
	defer g.a.unlock()
	if set.Computer == RandomSide {
		set.Computer = int(g.a.d.Clock.Now().UnixNano()>>20) & 1
	}
	s, err := play.New(set)
	if err != nil {
		return err
	}
	g.switchTo(s, "", 0) // a new game shows the player's side at the bottom
	return nil
}

// flipped reports whether Black is at the bottom: the side the page's
// orient parameter names is, else the player's side (White's in a game of
// two players), unless the player turned the board.
func (g *GameController) flipped() bool {
	base := g.s.Computer == 0
	if g.a.opts.orient != "" {
		base = g.a.opts.orient == "black"
	}
	return base != g.a.prefs.Turned
}

// Undo takes back the last move (and the computer's reply).
func (g *GameController) Undo() {
	g.a.lock()
	defer g.a.unlock()
	if g.s.Declared() != nil {
		return // a resignation or an agreed draw is not taken back
	}
	g.abandon()
	g.gen++
	g.premove = ""
	words, n := g.s.Words(), g.s.Ply()
	if g.s.UndoTurn() {
		g.save()
		g.showLive(nil)
		g.runClock()
		g.say("Taken back: " + strings.Join(words[g.s.Ply():n], "; ") + ". " + g.toMove())
	} else if g.view != g.s.Ply() {
		g.showLive(nil)
	}
}

// Redo replays a taken-back move (and the computer's reply).
func (g *GameController) Redo() {
	g.a.lock()
	defer g.a.unlock()
	g.abandon()
	g.gen++
	n := g.s.Ply()
	if e, ok := g.s.RedoTurn(); ok {
		g.save()
		g.showLive(&e)
		g.runClock()
		g.say("Replayed: " + strings.Join(g.s.Words()[n:], "; ") + ". " + g.toMove())
	}
}

// say says text in the live region (after what the update says already).
func (g *GameController) say(text string) {
	g.a.out.announce = append(g.a.out.announce, text)
}

// toMove is the live position's status: who is to move, or the result.
func (g *GameController) toMove() string {
	if r, why := g.s.Outcome(); r != "" {
		return game.ResultWords(r, why)
	}
	return sideName(int(g.s.Position().Turn())) + " to move"
}

// Goto shows the position after ply moves (0: the start); the live ply
// (Ply of the session) returns to play.
func (g *GameController) Goto(ply int) {
	g.a.lock()
	defer g.a.unlock()
	g.gotoPly(ply)
}

func (g *GameController) gotoPly(ply int) {
	ply = max(0, min(ply, g.s.Ply()))
	if ply == g.view {
		return
	}
	if ply == g.s.Ply() {
		g.showLive(nil)
		return
	}
	g.view = ply
	g.positionChanged()
	if b := g.board(); b != nil {
		b.SetPosition(play.Board(g.s.PositionAt(ply)), nil)
	}
	g.a.out.show = true
}

// Step moves the viewed ply by delta (the arrow keys).
func (g *GameController) Step(delta int) {
	g.a.lock()
	defer g.a.unlock()
	g.gotoPly(g.view + delta)
}

// Flip turns the board around and remembers it.
func (g *GameController) Flip() {
	g.a.lock()
	defer g.a.unlock()
	g.flip()
}

func (g *GameController) flip() {
	g.a.prefs.Turned = !g.a.prefs.Turned
	g.a.savePrefs()
	if b := g.board(); b != nil {
		b.SetFlipped(g.flipped())
	}
	g.a.out.show = true
}
