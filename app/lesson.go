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

// board returns the Board the game draws on: nothing while a lesson has the
// board (the game goes on behind it and is shown again when it closes).
func (a *App) board() Board {
	if a.lesson != nil {
		return nopBoard{}
	}
	return a.d.Board
}

// nopBoard draws nothing.
type nopBoard struct{}

func (nopBoard) SetPosition(model.Board, []model.Target)            {}
func (nopBoard) PlayEvent(model.Event, model.Board, []model.Target) {}
func (nopBoard) SetFlipped(bool)                                    {}
func (nopBoard) SetStyle(model.Style)                               {}
func (nopBoard) CancelSelection()                                   {}
func (nopBoard) AnimationLeft() time.Duration                       { return 0 }
func (nopBoard) SetOverlay(model.Overlay)                           {}

// OpenLesson opens How to play for rule set id at a section (clamped): the
// board shows the section's example, which starts replaying. The game is
// left as it is.
func (a *App) OpenLesson(id string, section int) error {
	a.lock()
	defer a.unlock()
	l := LessonFor(id)
	if l == nil {
		return errString("there is no lesson for " + quote(id))
	}
	if a.lesson == nil {
		a.d.Board.CancelSelection()
		a.clearNote()
	}
	a.lesson = &lessonState{l: l, variant: id}
	a.d.Board.SetFlipped(false)
	a.lessonSection(section)
	return nil
}

// CloseLesson closes How to play: the board shows the game again, as it is
// now (a computer's reply made meanwhile included).
func (a *App) CloseLesson() {
	a.lock()
	defer a.unlock()
	if a.lesson == nil {
		return
	}
	a.endLesson()
	a.d.Board.SetFlipped(a.flipped())
	a.clearNote()
	if a.view == a.s.Ply() {
		a.showLive(nil)
	} else {
		a.d.Board.SetPosition(play.Board(a.s.PositionAt(a.view)), nil)
		a.out.show = true
	}
}

// endLesson forgets the lesson (its timers find it gone).
func (a *App) endLesson() {
	if a.lesson != nil {
		a.lesson.gen++
		a.lesson = nil
		a.out.show = true
	}
}

// LessonSection shows section i of the open lesson (clamped) and replays
// its example.
func (a *App) LessonSection(i int) {
	a.lock()
	defer a.unlock()
	if a.lesson != nil {
		a.lessonSection(i)
	}
}

func (a *App) lessonSection(i int) {
	ls := a.lesson
	ls.sec = max(0, min(i, len(ls.l.Sections)-1))
	a.lessonExample(0)
	a.startReplay()
}

// lessonExample shows the example after n moves, without animation.
func (a *App) lessonExample(n int) {
	ls := a.lesson
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
	a.d.Board.SetPosition(play.Board(p), nil)
	a.d.Board.SetOverlay(a.lessonOverlay())
	a.out.show = true
}

// lessonForward plays the example's next move with its animation.
func (a *App) lessonForward() bool {
	ls := a.lesson
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
	a.d.Board.PlayEvent(play.Event(ls.pos.Variant(), e), play.Board(ls.pos), nil)
	a.d.Board.SetOverlay(a.lessonOverlay())
	a.out.show = true
	return true
}

// LessonStep moves the example by delta moves: one forward is played with
// its animation, any other step shown at once (clamped to the example). It
// stops a replay, and from the exercise returns to the example (its start
// going back, its end going forward).
func (a *App) LessonStep(delta int) {
	a.lock()
	defer a.unlock()
	ls := a.lesson
	if ls == nil {
		return
	}
	if ls.mode != modeExample {
		n := 0
		if delta > 0 {
			n = len(ls.section().Steps)
		}
		a.lessonExample(n)
		return
	}
	ls.gen++
	ls.playing = false
	a.out.show = true
	if delta == 1 {
		a.lessonForward()
		return
	}
	if n := max(0, min(ls.ply+delta, len(ls.section().Steps))); n != ls.ply {
		a.lessonExample(n)
	}
}

// LessonReplay plays the example again from its start.
func (a *App) LessonReplay() {
	a.lock()
	defer a.unlock()
	if a.lesson == nil {
		return
	}
	a.lessonExample(0)
	a.startReplay()
}

// startReplay plays the example's moves one by one, a caption's reading
// time apart.
func (a *App) startReplay() {
	ls := a.lesson
	if len(ls.section().Steps) == 0 {
		return
	}
	ls.playing = true
	a.replayAfter(replayFirst)
}

func (a *App) replayAfter(d time.Duration) {
	ls := a.lesson
	gen := ls.gen
	a.d.Clock.AfterFunc(d, func() {
		a.lock()
		defer a.unlock()
		if a.lesson != ls || ls.gen != gen || !ls.playing {
			return
		}
		a.lessonForward()
		if ls.ply >= len(ls.section().Steps) {
			ls.playing = false
			return
		}
		a.replayAfter(replayNext + a.d.Board.AnimationLeft())
	})
}

// LessonTry starts the section's exercise: its position, the reader to
// move.
func (a *App) LessonTry() {
	a.lock()
	defer a.unlock()
	ls := a.lesson
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
	a.d.Board.SetPosition(play.Board(p), play.Targets(p))
	a.d.Board.SetOverlay(a.lessonOverlay())
	a.out.show = true
}

// lessonMove takes the reader's move on the exercise's board: an answer is
// played; any other move is refused with why.
func (a *App) lessonMove(ms string) {
	ls := a.lesson
	if ls.mode != modeTry {
		return
	}
	t := ls.section().Try
	ok, why := t.judge(ls.pos, ms)
	a.out.show = true
	if !ok {
		ls.feedback, ls.right = why, false
		// The board put the piece back; the exercise goes on.
		a.d.Board.SetPosition(play.Board(ls.pos), play.Targets(ls.pos))
		a.d.Board.SetOverlay(a.lessonOverlay())
		return
	}
	a.lessonSolve(ms, t.Right)
}

// lessonSolve plays answer ms on the exercise's board.
func (a *App) lessonSolve(ms, say string) {
	ls := a.lesson
	m, err := ls.pos.ParseMove(ms)
	if err != nil {
		panic("lesson " + ls.section().ID + ": " + err.Error())
	}
	e := ls.pos.Effects(m)
	ls.pos.Make(m)
	ls.mode, ls.feedback, ls.right = modeSolved, say, true
	a.d.Board.PlayEvent(play.Event(ls.pos.Variant(), e), play.Board(ls.pos), nil)
	a.d.Board.SetOverlay(a.lessonOverlay())
}

// LessonShowMe plays the exercise's answer for the reader.
func (a *App) LessonShowMe() {
	a.lock()
	defer a.unlock()
	ls := a.lesson
	if ls == nil || ls.mode != modeTry {
		return
	}
	t := ls.section().Try
	a.lessonSolve(t.Answers[0], "This is the move: "+ls.pos.Notation(mustMove(ls.pos, t.Answers[0]))+". "+t.Right)
	a.out.show = true
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

// lessonOverlay returns the marks of what the board shows now.
func (a *App) lessonOverlay() model.Overlay {
	ls := a.lesson
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

// lessonView returns the open lesson's state for the page, or nil.
func (a *App) lessonView() *LessonView {
	ls := a.lesson
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

// learnView adds the lesson, the caption and the hint to the page's view;
// while a lesson is open the canvas has the shape of the lesson's board.
func (a *App) learnView(v *View) {
	v.Lesson = a.lessonView()
	v.Note = a.boardNote
	v.Hinting = a.hint.busy
	if ls := a.lesson; ls != nil {
		drops := ls.section().variant(ls.l).Drops
		v.AspectWide, v.AspectTall = layout.Aspect(drops, true), layout.Aspect(drops, false)
	}
}

// LessonState returns the open lesson's state (nil when none is open), for
// the test hook.
func (a *App) LessonState() *LessonView {
	a.lock()
	defer a.unlock()
	return a.lessonView()
}
