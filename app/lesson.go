package app

import (
	"time"

	"chimera/game"
	"chimera/play"
	"chimera/render/layout"
	"chimera/render/model"
)

// How to play: a lesson is a game's rules in short sections, each with an
// example played on the main board and, for most, an exercise ("Your turn:
// split the Marshall") that accepts the right move and refuses a wrong one
// with a word why. While a lesson is open the board shows it (lesson mode):
// the game, its storage and a thinking computer go on untouched behind it,
// and closing the lesson shows the game again. The lessons' texts and
// positions are data (lessons_*.go), checked by the rules engine in the
// tests.

// Lesson is the How to play of one game (the Bifold Halfgi lesson covers its
// pawn options too).
type Lesson struct {
	Game     string   // the game it teaches: a rule set id ("bedlam", "assimilation", "bifold-halfgi")
	Also     []string // the other rule sets it teaches (Bifold Halfgi's pawn options)
	Sections []Section
	// Notation shows the move list's notation, each example written and said
	// by the engine; an example with Needs is shown only in the rule sets that
	// have that piece (a pawn option's own pawns).
	Notation []NotationExample
}

// NotationExample is a move that shows a feature of the notation.
type NotationExample struct {
	FEN, Move, What string
	Needs           game.Kind // shown only where the rule set has this piece; game.NoKind: always
}

// teaches reports whether l is the lesson of rule set id.
func (l *Lesson) teaches(id string) bool {
	if l.Game == id {
		return true
	}
	for _, a := range l.Also {
		if a == id {
			return true
		}
	}
	return false
}

// Section is one idea of a lesson, with its example and exercise.
type Section struct {
	ID      string   // short id, stable: "fusion"
	Title   string   // "Fusion"
	Variant string   // the rule set of its board; "" for the lesson's game
	Text    []string // paragraphs, in the project's own words
	Start   string   // the example's position string
	Intro   string   // what the board shows before the first move
	Marks   Marks    // squares marked before the first move
	Steps   []Step   // the example's moves
	Try     *Exercise
}

// Step is one move of an example and what it shows.
type Step struct {
	Move  string // move string (docs/RULES.md, "Move strings")
	Say   string // the caption once it is played
	Marks Marks  // squares marked after it
}

// Marks are squares a lesson points at (names such as "e4").
type Marks struct {
	Focus  []string // the squares the text talks about
	Threat []string // squares the opponent threatens (checked: the tests ask the engine)
}

// Exercise is a lesson's "Your turn".
type Exercise struct {
	Start   string   // its position; "" for the example's start
	Prompt  string   // "Your turn: split the Marshall."
	Answers []string // the moves accepted (move strings; the first is the one shown by "Show me")
	Right   string   // said when an answer is played
	Wrong   []Wrong  // other legal moves that are refused with their reason
	Else    string   // said for any other legal move
	Marks   Marks    // squares marked on its board
}

// Wrong is a legal move an exercise refuses, and why.
type Wrong struct {
	Move string
	Why  string
}

// variant returns the rule set of a section of lesson l.
func (s *Section) variant(l *Lesson) *game.Variant {
	id := s.Variant
	if id == "" {
		id = l.Game
	}
	v, err := game.VariantByID(id)
	if err != nil {
		panic("lesson " + l.Game + "/" + s.ID + ": " + err.Error())
	}
	return v
}

// tryStart returns the exercise's position string.
func (s *Section) tryStart() string {
	if s.Try != nil && s.Try.Start != "" {
		return s.Try.Start
	}
	return s.Start
}

// Lessons returns every game's lesson, in the games' order.
func Lessons() []*Lesson { return lessons }

var lessons = []*Lesson{bedlamLesson, assimilationLesson, bifoldLesson}

// LessonFor returns the lesson that teaches rule set id: its own, or for a
// pawn option of Bifold Halfgi the Bifold Halfgi lesson; nil for none.
func LessonFor(id string) *Lesson {
	for _, l := range lessons {
		if l.teaches(id) {
			return l
		}
	}
	return nil
}

// Lesson modes.
const (
	modeExample = "example" // the example, stepped or replayed
	modeTry     = "try"     // the reader's turn
	modeSolved  = "solved"  // the exercise was solved
)

// Timing of a replay: the pause before the first move and between moves
// (time to read each caption), at the normal animation speed.
const (
	replayFirst = 700 * time.Millisecond
	replayNext  = 1600 * time.Millisecond
)

// lessonState is an open lesson.
type lessonState struct {
	l        *Lesson
	variant  string // the rule set it was opened for (its section, pieces and notation)
	sec      int
	pos      *game.Position
	ply      int // example moves made
	mode     string
	feedback string
	right    bool
	playing  bool // a replay runs
	gen      int  // bumped on every change, so a replay's stale timers do nothing
}

func (ls *lessonState) section() *Section { return &ls.l.Sections[ls.sec] }

// LessonView is the open lesson's state, for the page.
type LessonView struct {
	Game     string `json:"game"`     // the lesson's game (chimeraApp.help gives its text)
	For      string `json:"for"`      // the rule set it was opened for
	Variant  string `json:"variant"`  // the rule set on the board
	Section  int    `json:"section"`  // the section shown
	Sections int    `json:"sections"` // how many there are
	Title    string `json:"title"`    // the section's title
	Ply      int    `json:"ply"`      // example moves made
	Plies    int    `json:"plies"`    // the example's moves
	Caption  string `json:"caption"`  // what the board shows now
	Mode     string `json:"mode"`     // "example", "try" or "solved"
	HasTry   bool   `json:"hasTry"`   // the section has an exercise
	Prompt   string `json:"prompt"`   // the exercise's task
	Feedback string `json:"feedback"` // what was said about the reader's move
	Right    bool   `json:"right"`    // the reader's move was right
	Playing  bool   `json:"playing"`  // the example is replaying
	Position string `json:"position"` // the position on the board (position string)
}

// LessonController is How to play on the board: a lesson's sections, each
// example stepped or replayed, and its exercise. It owns the board while a
// lesson is open; the game goes on behind it.
type LessonController struct {
	a  *App
	ls *lessonState // the open lesson, nil when none is
}

// board returns the Board while the lesson owns it, else nil.
func (l *LessonController) board() Board { return l.a.boardFor(l) }

// attach draws the lesson's board whole.
func (l *LessonController) attach(b Board) {
	b.SetFlipped(false)
	if ls := l.ls; ls != nil && ls.pos != nil {
		var targets []model.Target
		if ls.mode == modeTry {
			targets = play.Targets(ls.pos)
		}
		b.SetPosition(play.Board(ls.pos), targets)
		b.SetOverlay(l.overlay())
	}
}

// boardMove takes the reader's move on the exercise's board: an answer is
// played; any other move is refused with why.
func (l *LessonController) boardMove(ms string) {
	ls := l.ls
	if ls == nil || ls.mode != modeTry {
		return
	}
	t := ls.section().Try
	ok, why := t.judge(ls.pos, ms)
	l.a.out.show = true
	if !ok {
		ls.feedback, ls.right = why, false
		// The board put the piece back; the exercise goes on.
		if b := l.board(); b != nil {
			b.SetPosition(play.Board(ls.pos), play.Targets(ls.pos))
			b.SetOverlay(l.overlay())
		}
		return
	}
	l.solve(ms, t.Right)
}

// shownPosition is the lesson's position on the board.
func (l *LessonController) shownPosition() *game.Position { return l.ls.pos }

// Open opens How to play for rule set id at a section (clamped): the board
// shows the section's example, which starts replaying. The game is left as
// it is.
func (l *LessonController) Open(id string, section int) error {
	l.a.lock()
	defer l.a.unlock()
	les := LessonFor(id)
	if les == nil {
		return errString("there is no lesson for " + quote(id))
	}
	if l.ls == nil {
		l.a.d.Board.CancelSelection()
		l.a.clearNote()
	}
	l.end()
	l.ls = &lessonState{l: les, variant: id}
	l.a.take(l)
	l.section(section)
	return nil
}

// Close closes How to play: the board shows the game again, as it is now
// (a computer's reply made meanwhile included).
func (l *LessonController) Close() {
	l.a.lock()
	defer l.a.unlock()
	if l.ls == nil {
		return
	}
	l.a.closeLesson()
	l.a.clearNote()
	l.a.take(l.a.Game)
}

// end forgets the lesson (its timers find it gone).
func (l *LessonController) end() {
	if l.ls != nil {
		l.ls.gen++
		l.ls = nil
		l.a.out.show = true
	}
}

// Section shows section i of the open lesson (clamped) and replays its
// example.
func (l *LessonController) Section(i int) {
	l.a.lock()
	defer l.a.unlock()
	if l.ls != nil {
		l.section(i)
	}
}

func (l *LessonController) section(i int) {
	ls := l.ls
	ls.sec = max(0, min(i, len(ls.l.Sections)-1))
	l.example(0)
	l.startReplay()
}

// example shows the example after n moves, without animation.
func (l *LessonController) example(n int) {
	ls := l.ls
	s := ls.section()
	ls.gen++
	ls.mode, ls.feedback, ls.right, ls.playing = modeExample, "", false, false
	p, err := game.Parse(s.variant(ls.l), s.Start)
	if err != nil {
		panic("lesson " + s.ID + ": " + err.Error()) // the tests parse every lesson
	}
	n = max(0, min(n, len(s.Steps)))
	for _, st := range s.Steps[:n] {
		m, err := p.ParseMove(st.Move)
		if err != nil {
			panic("lesson " + s.ID + ": " + err.Error())
		}
		p.Make(m)
	}
	ls.pos, ls.ply = p, n
	if b := l.board(); b != nil {
		b.SetPosition(play.Board(p), nil)
		b.SetOverlay(l.overlay())
	}
	l.a.out.show = true
}

// forward plays the example's next move with its animation.
func (l *LessonController) forward() bool {
	ls := l.ls
	s := ls.section()
	if ls.mode != modeExample || ls.ply >= len(s.Steps) {
		return false
	}
	m, err := ls.pos.ParseMove(s.Steps[ls.ply].Move)
	if err != nil {
		panic("lesson " + s.ID + ": " + err.Error())
	}
	e := ls.pos.Effects(m)
	ls.pos.Make(m)
	ls.ply++
	if b := l.board(); b != nil {
		b.PlayEvent(play.Event(ls.pos.Variant(), e), play.Board(ls.pos), nil)
		b.SetOverlay(l.overlay())
	}
	l.a.out.show = true
	return true
}

// Step moves the example by delta moves: one forward is played with its
// animation, any other step shown at once (clamped to the example). It
// stops a replay, and from the exercise returns to the example (its start
// going back, its end going forward).
func (l *LessonController) Step(delta int) {
	l.a.lock()
	defer l.a.unlock()
	ls := l.ls
	if ls == nil {
		return
	}
	if ls.mode != modeExample {
		n := 0
		if delta > 0 {
			n = len(ls.section().Steps)
		}
		l.example(n)
		return
	}
	ls.gen++
	ls.playing = false
	l.a.out.show = true
	if delta == 1 {
		l.forward()
		return
	}
	if n := max(0, min(ls.ply+delta, len(ls.section().Steps))); n != ls.ply {
		l.example(n)
	}
}

// Replay plays the example again from its start.
func (l *LessonController) Replay() {
	l.a.lock()
	defer l.a.unlock()
	if l.ls == nil {
		return
	}
	l.example(0)
	l.startReplay()
}

// startReplay plays the example's moves one by one, a caption's reading
// time apart.
func (l *LessonController) startReplay() {
	ls := l.ls
	if len(ls.section().Steps) == 0 {
		return
	}
	ls.playing = true
	l.replayAfter(replayFirst)
}

func (l *LessonController) replayAfter(d time.Duration) {
	ls := l.ls
	gen := ls.gen
	l.a.d.Clock.AfterFunc(d, func() {
		l.a.lock()
		defer l.a.unlock()
		if l.ls != ls || ls.gen != gen || !ls.playing {
			return
		}
		l.forward()
		if ls.ply >= len(ls.section().Steps) {
			ls.playing = false
			return
		}
		left := time.Duration(0)
		if b := l.board(); b != nil {
			left = b.AnimationLeft()
		}
		l.replayAfter(replayNext + left)
	})
}

// Try starts the section's exercise: its position, the reader to move.
func (l *LessonController) Try() {
	l.a.lock()
	defer l.a.unlock()
	ls := l.ls
	if ls == nil || ls.section().Try == nil {
		return
	}
	s := ls.section()
	ls.gen++
	p, err := game.Parse(s.variant(ls.l), s.tryStart())
	if err != nil {
		panic("lesson " + s.ID + ": " + err.Error())
	}
	ls.pos, ls.ply = p, 0
	ls.mode, ls.feedback, ls.right, ls.playing = modeTry, "", false, false
	if b := l.board(); b != nil {
		b.SetPosition(play.Board(p), play.Targets(p))
		b.SetOverlay(l.overlay())
	}
	l.a.out.show = true
}

// solve plays answer ms on the exercise's board.
func (l *LessonController) solve(ms, say string) {
	ls := l.ls
	m, err := ls.pos.ParseMove(ms)
	if err != nil {
		panic("lesson " + ls.section().ID + ": " + err.Error())
	}
	e := ls.pos.Effects(m)
	ls.pos.Make(m)
	ls.mode, ls.feedback, ls.right = modeSolved, say, true
	if b := l.board(); b != nil {
		b.PlayEvent(play.Event(ls.pos.Variant(), e), play.Board(ls.pos), nil)
		b.SetOverlay(l.overlay())
	}
}

// ShowMe plays the exercise's answer for the reader.
func (l *LessonController) ShowMe() {
	l.a.lock()
	defer l.a.unlock()
	ls := l.ls
	if ls == nil || ls.mode != modeTry {
		return
	}
	t := ls.section().Try
	l.solve(t.Answers[0], "This is the move: "+ls.pos.Notation(mustMove(ls.pos, t.Answers[0]))+". "+t.Right)
	l.a.out.show = true
}

func mustMove(p *game.Position, ms string) game.Move {
	m, err := p.ParseMove(ms)
	if err != nil {
		panic(err)
	}
	return m
}

// judge says whether move ms answers the exercise in position p, and if not
// why: an illegal move, a listed wrong move's reason, or the exercise's
// general word with what the move did.
func (t *Exercise) judge(p *game.Position, ms string) (ok bool, why string) {
	m, err := p.ParseMove(ms)
	if err != nil {
		return false, "That move is not legal here."
	}
	ms = p.MoveString(m)
	for _, a := range t.Answers {
		if a == ms {
			return true, ""
		}
	}
	for _, w := range t.Wrong {
		if w.Move == ms {
			return false, w.Why
		}
	}
	why = "Not this one: " + p.Describe(m) + "."
	if t.Else != "" {
		why += " " + t.Else
	}
	return false, why
}

// overlay returns the marks of what the lesson's board shows now.
func (l *LessonController) overlay() model.Overlay {
	ls := l.ls
	if ls == nil {
		return model.Overlay{}
	}
	s := ls.section()
	var mk Marks
	switch {
	case ls.mode == modeExample && ls.ply == 0:
		mk = s.Marks
	case ls.mode == modeExample:
		mk = s.Steps[ls.ply-1].Marks
	case ls.mode == modeTry:
		mk = s.Try.Marks
	}
	return mk.overlay()
}

func (mk Marks) overlay() model.Overlay {
	var o model.Overlay
	for _, list := range []struct {
		sq   []string
		kind model.MarkKind
	}{{mk.Threat, model.MarkThreat}, {mk.Focus, model.MarkFocus}} {
		for _, n := range list.sq {
			o.Marks = append(o.Marks, model.Mark{Square: model.ParseSquare(n), Kind: list.kind})
		}
	}
	return o
}

// view returns the open lesson's state for the page, or nil.
func (l *LessonController) view() *LessonView {
	ls := l.ls
	if ls == nil {
		return nil
	}
	s := ls.section()
	v := &LessonView{Game: ls.l.Game, For: ls.variant, Variant: s.variant(ls.l).ID, Section: ls.sec,
		Sections: len(ls.l.Sections), Title: s.Title, Ply: ls.ply, Plies: len(s.Steps), Mode: ls.mode,
		HasTry: s.Try != nil, Feedback: ls.feedback, Right: ls.right, Playing: ls.playing, Position: ls.pos.String()}
	switch {
	case ls.mode == modeExample && ls.ply == 0:
		v.Caption = s.Intro
	case ls.mode == modeExample:
		v.Caption = s.Steps[ls.ply-1].Say
	}
	if s.Try != nil {
		v.Prompt = s.Try.Prompt
	}
	return v
}

// fill adds the open lesson to the page's view: while it is open the
// canvas has the shape of the lesson's board.
func (l *LessonController) fill(v *View) {
	v.Lesson = l.view()
	if ls := l.ls; ls != nil {
		drops := ls.section().variant(ls.l).Drops
		v.AspectWide, v.AspectTall = layout.Aspect(drops, true), layout.Aspect(drops, false)
	}
}

// State returns the open lesson's state (nil when none is open), for the
// test hook.
func (l *LessonController) State() *LessonView {
	l.a.lock()
	defer l.a.unlock()
	return l.view()
}
