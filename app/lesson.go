package app

import (
	"time"

	"chimera/game"
	"chimera/learn"
	"chimera/play"
	"chimera/render/layout"
	"chimera/render/model"
)

// How to play: a lesson (package learn: its sections, examples, exercises
// and every claim they make, checked against the engine) played on the
// main board by the LessonController. While a lesson is open it owns the
// board: the game, its storage and a thinking computer go on untouched
// behind it, and closing the lesson shows the game again.

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
	l        *learn.Lesson
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

func (ls *lessonState) section() *learn.Section { return &ls.l.Sections[ls.sec] }

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
	ok, why := t.Judge(ls.pos, ms)
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
	les := learn.LessonFor(id)
	if les == nil {
		return errString("there is no lesson for " + play.Quote(id))
	}
	if l.ls == nil {
		l.a.d.Board.CancelSelection()
		l.a.clearNote()
	}
	l.a.closeEditor()
	l.a.closeAnalysis()
	l.a.closePuzzles()
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
	p, err := game.Parse(s.RuleSet(ls.l), s.Start)
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
	p, err := game.Parse(s.RuleSet(ls.l), s.TryStart())
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
	l.solve(t.Answers[0], t.ShowMe(ls.pos))
	l.a.out.show = true
}

// overlay returns the marks of what the lesson's board shows now.
func (l *LessonController) overlay() model.Overlay {
	ls := l.ls
	if ls == nil {
		return model.Overlay{}
	}
	s := ls.section()
	var mk learn.Marks
	switch {
	case ls.mode == modeExample && ls.ply == 0:
		mk = s.Marks
	case ls.mode == modeExample:
		mk = s.Steps[ls.ply-1].Marks
	case ls.mode == modeTry:
		mk = s.Try.Marks
	}
	return marksOverlay(mk)
}

// marksOverlay draws a lesson's marks.
func marksOverlay(mk learn.Marks) model.Overlay {
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
	v := &LessonView{Game: ls.l.Game, For: ls.variant, Variant: s.RuleSet(ls.l).ID, Section: ls.sec,
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
		drops := ls.section().RuleSet(ls.l).Drops
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
