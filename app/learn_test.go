package app

import (
	"sort"
	"strings"
	"testing"
	"time"

	"chimera/game"
	"chimera/learn"
	"chimera/play"
	"chimera/render/model"
)

// marksOf returns the squares of the board's overlay marks of one kind, sorted.
func marksOf(o model.Overlay, k model.MarkKind) string {
	var out []string
	for _, m := range o.Marks {
		if m.Kind == k {
			out = append(out, m.Square.String())
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// boardPosition returns the position string drawn on the fake board's
// squares (the board field only).
func boardCells(b model.Board) [64][2]model.Piece { return b.Cells }

func cellsOf(t *testing.T, id, pos string) [64][2]model.Piece {
	t.Helper()
	v, err := game.VariantByID(id)
	if err != nil {
		t.Fatal(err)
	}
	p, err := game.Parse(v, pos)
	if err != nil {
		t.Fatal(err)
	}
	return play.Board(p).Cells
}

// A lesson opened while the computer thinks: the board shows the lesson,
// the computer's reply goes into the game (and its storage) without
// touching the board, and closing the lesson shows the game with the reply.
func TestLessonLeavesTheGameAlone(t *testing.T) {
	r := newRig(t, nil, nil) // Bedlam, the computer plays Black
	r.play(t, "e2e4")
	if !r.page.last().Thinking {
		t.Fatal("the computer is not thinking")
	}
	saved := r.store.m[keyGameData+r.Game.id]
	if err := r.Lesson.Open("bedlam", 1); err != nil {
		t.Fatal(err)
	}
	_, s := findSection(t, "bedlam", "split")
	if got := boardCells(r.board.board); got != cellsOf(t, "bedlam", s.Start) {
		t.Fatal("the board does not show the lesson's position")
	}
	v := r.page.last()
	if v.Lesson == nil || v.Lesson.Title != "Splitting" || v.Lesson.Mode != modeExample || !v.Lesson.Playing {
		t.Fatalf("lesson view %+v", v.Lesson)
	}
	if r.store.m[keyGameData+r.Game.id] != saved {
		t.Error("opening a lesson changed the saved game")
	}
	// The reply arrives: the game has it, the board still shows the lesson.
	events := len(r.board.events)
	r.answer("e7e5")
	if r.s.Ply() != 2 || len(r.board.events) != events {
		t.Fatalf("ply %d, board events %d -> %d", r.s.Ply(), events, len(r.board.events))
	}
	if boardCells(r.board.board) != cellsOf(t, "bedlam", s.Start) {
		t.Error("the computer's reply was drawn over the lesson")
	}
	if !strings.Contains(r.store.m[keyGameData+r.Game.id], "e7e5") {
		t.Error("the reply was not saved")
	}
	// The player's moves on the board go to the lesson, not the game.
	r.BoardMove("g1f3")
	if r.s.Ply() != 2 {
		t.Error("a move on the lesson's board was played in the game")
	}
	sets := r.store.setCalls
	r.Lesson.Close()
	if r.store.setCalls != sets {
		t.Error("closing the lesson wrote to the storage")
	}
	v = r.page.last()
	if v.Lesson != nil || v.Live != 2 || boardCells(r.board.board) != play.Board(r.s.Position()).Cells {
		t.Fatalf("after closing: lesson %+v, live %d", v.Lesson, v.Live)
	}
	if !r.board.hasTarget("g1f3") || r.board.flipped {
		t.Error("the game's board is not back: targets or orientation")
	}
	if v.AspectWide != r.page.views[0].AspectWide {
		t.Error("the canvas keeps the lesson's shape")
	}
}

// A lesson of a game without hands gives the canvas that game's shape.
func TestLessonAspect(t *testing.T) {
	r := newRig(t, nil, link("bedlam", "", "none"))
	withHands := r.page.last().AspectTall
	if err := r.Lesson.Open("assimilation", 0); err != nil {
		t.Fatal(err)
	}
	v := r.page.last()
	if v.AspectTall == withHands || v.Lesson.Game != "assimilation" {
		t.Errorf("aspect %v (with hands %v)", v.AspectTall, withHands)
	}
	if err := r.Lesson.Open("chess", 0); err == nil {
		t.Error("a lesson for chess")
	}
	if err := r.Lesson.Open("bifold-halfgi-weak", 0); err != nil || r.page.last().Lesson.Game != "bifold-halfgi" || r.page.last().Lesson.For != "bifold-halfgi-weak" {
		t.Errorf("the weak-pawn option's lesson: %v %+v", err, r.page.last().Lesson)
	}
}

// Replay plays the example on the clock; stepping goes back and forth.
func TestLessonExample(t *testing.T) {
	r := newRig(t, nil, link("bedlam", "", "none"))
	if err := r.Lesson.Open("bedlam", 0); err != nil {
		t.Fatal(err)
	}
	_, s := findSection(t, "bedlam", "fusion")
	if v := r.page.last().Lesson; v.Plies != 3 || v.Ply != 0 || v.Caption != s.Intro {
		t.Fatalf("start %+v", v)
	}
	r.clock.advance(replayFirst)
	if v := r.page.last().Lesson; v.Ply != 1 || v.Caption != s.Steps[0].Say || !v.Playing {
		t.Fatalf("after the first move %+v", v)
	}
	if marksOf(r.board.overlay, model.MarkFocus) != "b1" {
		t.Errorf("focus marks %q", marksOf(r.board.overlay, model.MarkFocus))
	}
	for i := 0; i < 5; i++ {
		r.clock.advance(replayNext)
	}
	v := r.page.last().Lesson
	if v.Ply != 3 || v.Playing {
		t.Fatalf("after the replay %+v", v)
	}
	if len(r.board.events) != 3 {
		t.Errorf("%d moves animated", len(r.board.events))
	}
	r.Lesson.Step(-1)
	if v := r.page.last().Lesson; v.Ply != 2 || v.Caption != s.Steps[1].Say {
		t.Errorf("a step back %+v", v)
	}
	r.Lesson.Step(-1)
	r.Lesson.Step(-1)
	r.Lesson.Step(-1) // nothing before the start
	if v := r.page.last().Lesson; v.Ply != 0 {
		t.Errorf("back to the start %+v", v)
	}
	r.Lesson.Step(1)
	if v := r.page.last().Lesson; v.Ply != 1 || v.Playing {
		t.Errorf("a step forward %+v", v)
	}
	// A replay started again, then a step: the replay stops.
	r.Lesson.Replay()
	r.Lesson.Step(1)
	r.clock.advance(10 * time.Second)
	if v := r.page.last().Lesson; v.Ply != 1 || v.Playing {
		t.Errorf("a step during a replay %+v", v)
	}
	// Another section, then close: its timers do nothing.
	r.Lesson.Section(3)
	r.Lesson.Close()
	r.clock.advance(10 * time.Second)
	if r.page.last().Lesson != nil {
		t.Error("the lesson came back")
	}
}

// The exercise takes the right move and refuses a wrong one with why.
func TestLessonExercise(t *testing.T) {
	r := newRig(t, nil, link("bedlam", "", "none"))
	r.Lesson.Open("bedlam", 1) // split
	_, s := findSection(t, "bedlam", "split")
	r.Lesson.Try()
	v := r.page.last().Lesson
	if v.Mode != modeTry || v.Prompt != s.Try.Prompt || !r.board.hasTarget("b1c3/n") || !r.board.hasTarget("b1c3") {
		t.Fatalf("exercise %+v, targets %d", v, len(r.board.targets))
	}
	r.BoardMove("b1c3")
	v = r.page.last().Lesson
	if v.Mode != modeTry || v.Right || v.Feedback != s.Try.Wrong[0].Why || !r.board.hasTarget("b1c3/n") {
		t.Fatalf("a wrong move %+v", v)
	}
	r.BoardMove("b1b8/r")
	if v := r.page.last().Lesson; v.Mode != modeTry || !strings.HasPrefix(v.Feedback, "Not this one: White rook b1 to b8") {
		t.Errorf("another move: %q", v.Feedback)
	}
	r.BoardMove("b1c3/n")
	v = r.page.last().Lesson
	if v.Mode != modeSolved || !v.Right || v.Feedback != s.Try.Right || len(r.board.targets) != 0 {
		t.Fatalf("the right move %+v", v)
	}
	if r.s.Ply() != 0 {
		t.Error("the exercise played in the game")
	}
	// Show me plays the answer.
	r.Lesson.Try()
	r.Lesson.ShowMe()
	if v := r.page.last().Lesson; v.Mode != modeSolved || !strings.Contains(v.Feedback, "Nb1-c3; b1=R") {
		t.Errorf("show me %+v", v)
	}
	// A step from the exercise returns to the example.
	r.Lesson.Step(-1)
	if v := r.page.last().Lesson; v.Mode != modeExample || v.Ply != 0 {
		t.Errorf("back to the example %+v", v)
	}
}

// A new game closes the lesson.
func TestNewGameClosesTheLesson(t *testing.T) {
	r := newRig(t, nil, nil)
	r.Lesson.Open("assimilation", 2)
	if err := r.NewGame(play.Settings{Variant: "assimilation", Computer: -1}); err != nil {
		t.Fatal(err)
	}
	if v := r.page.last(); v.Lesson != nil || v.Variant != "assimilation" || !r.board.hasTarget("e2e4") {
		t.Errorf("after a new game: %+v", v.Lesson)
	}
}

// Describe marks exactly the piece's legal moves and the other squares it
// covers, names it and says what it is made of; for the side not to move
// it marks the moves it would have.
func TestDescribe(t *testing.T) {
	cases := []struct {
		name, variant, fen, sq string
		slot                   int
		title, moves, covers   string
		text                   string // a part of the caption
	}{
		{"a Marshall", "bedlam", "4k3/8/8/8/8/8/8/1M2K3[] w - - 0 1", "b1", 0, "White Marshall on b1",
			"a1 a3 b2 b3 b4 b5 b6 b7 b8 c1 c3 d1 d2", "e1", "Rook + Knight"},
		{"a pinned knight covers but cannot move", "bedlam", "4r2k/8/8/8/8/8/4N3/4K3[] w - - 0 1", "e2", 0, "White Knight on e2",
			"", "c1 c3 d4 f4 g1 g3", "It can move to 0 squares"},
		{"the side not to move", "bedlam", "4r2k/8/8/8/8/8/4N3/4K3[] w - - 0 1", "e8", 0, "Black Rook on e8",
			"a8 b8 c8 d8 e2 e3 e4 e5 e6 e7 f8 g8", "h8", "if its side were to move"},
		{"a halfling in a pair", "bifold-halfgi", "(wf)7/8/8/8/8/8/8/(RB)5(WF)1[] w - - 0 1", "a1", 1, "White Halfling Bishop on a1",
			"a2 a3 a4 a5 b1 b2 c1 c3 d1 d4 e1 e5", "", "forms a unit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRig(t, nil, link(c.variant, c.fen, "none"))
			r.Describe(model.ParseSquare(c.sq), c.slot)
			n := r.page.last().Note
			if n == nil || n.Kind != "describe" || n.Title != c.title || !strings.Contains(n.Text, c.text) {
				t.Fatalf("note %+v", n)
			}
			if got := marksOf(r.board.overlay, model.MarkMove); got != c.moves {
				t.Errorf("move marks %q, want %q", got, c.moves)
			}
			if got := marksOf(r.board.overlay, model.MarkCover); got != c.covers {
				t.Errorf("cover marks %q, want %q", got, c.covers)
			}
			// The move marks are the engine's legal moves from that square.
			p := r.s.Position()
			if p.At(int(model.ParseSquare(c.sq)))[c.slot].Color() == p.Turn() {
				var want []string
				seen := map[string]bool{}
				for _, m := range p.LegalMoves() {
					if !m.IsDrop() && m.From() == int(model.ParseSquare(c.sq)) && !seen[game.SquareName(m.To())] {
						seen[game.SquareName(m.To())] = true
						want = append(want, game.SquareName(m.To()))
					}
				}
				sort.Strings(want)
				if strings.Join(want, " ") != c.moves {
					t.Errorf("the engine's moves from %s: %v", c.sq, want)
				}
			}
			// An empty square, or Escape, clears it.
			r.Describe(model.ParseSquare("h4"), 0)
			if r.page.last().Note != nil || len(r.board.overlay.Marks) != 0 {
				t.Error("describing an empty square left the caption or marks")
			}
		})
	}
	r := newRig(t, nil, link("bedlam", "", "none"))
	if err := r.DescribeSquare("?e2"); err != nil || r.page.last().Note.Title != "White Pawn on e2" {
		t.Errorf("?e2: %v %+v", err, r.page.last().Note)
	}
	r.CancelSelection()
	if r.page.last().Note != nil || len(r.board.overlay.Marks) != 0 {
		t.Error("Escape left the caption or its marks")
	}
	if err := r.DescribeSquare("?e4"); err == nil {
		t.Error("an empty square described")
	}
	if err := r.DescribeSquare("?z9"); err == nil {
		t.Error("no square described")
	}
	// A move clears the caption.
	r.DescribeSquare("e2")
	r.play(t, "e2e4")
	if r.page.last().Note != nil {
		t.Error("the caption outlived the move")
	}
}

// Hints: off by default; on, the player's attacked pieces are marked and a
// hint asks the engine and draws its move; a move drops a pending hint.
func TestHints(t *testing.T) {
	r := newRig(t, nil, link("assimilation", "4k3/8/8/8/3r4/8/3N4/4K3 w - - 0 1", "black"))
	if r.Prefs().Hints || len(r.board.overlay.Marks) != 0 {
		t.Fatal("hints are on by default")
	}
	p := r.Prefs()
	p.Hints = true
	r.SetPrefs(p)
	if got := marksOf(r.board.overlay, model.MarkDanger); got != "d2" {
		t.Errorf("attacked pieces %q, want d2", got)
	}
	if err := r.Hint(); err != nil {
		t.Fatal(err)
	}
	g := r.engine.lastGo(t)
	if g.Level != HintLevel || g.MoveTime != HintMoveTime || !r.page.last().Hinting {
		t.Errorf("hint request %+v", g)
	}
	r.EngineAnswer(EngineAnswer{Type: "bestmove", ID: g.ID, Move: "d2f3"})
	v := r.page.last()
	if v.Hinting || v.Note == nil || v.Note.Kind != "hint" || v.Note.Move != "d2f3" || v.Note.Title != "Hint: Nd2-f3" {
		t.Fatalf("hint %+v", v.Note)
	}
	if a := r.board.overlay.Arrows; len(a) != 1 || a[0].From.String() != "d2" || a[0].To.String() != "f3" {
		t.Errorf("arrows %+v", a)
	}
	if r.s.Ply() != 0 {
		t.Error("the hint was played")
	}
	// A hint asked, then a move before it arrives: the answer is ignored,
	// and the computer's search answers normally.
	r.Hint()
	hid := r.engine.lastGo(t).ID
	r.play(t, "d2b3")
	if r.page.last().Note != nil || len(r.board.overlay.Arrows) != 0 {
		t.Error("the hint outlived the move")
	}
	cg := r.engine.lastGo(t)
	if cg.ID == hid || cg.Level == HintLevel {
		t.Fatalf("the computer's search %+v", cg)
	}
	r.EngineAnswer(EngineAnswer{Type: "bestmove", ID: hid, Move: "d2f3"})
	if len(r.board.overlay.Arrows) != 0 || r.s.Ply() != 1 {
		t.Error("a stale hint was shown or played")
	}
	r.answer("d4d1")
	if r.s.Ply() != 2 {
		t.Error("the computer's reply was lost")
	}
	// No hint while the computer thinks or in a lesson; none with hints off.
	r.Lesson.Open("assimilation", 0)
	if err := r.Hint(); err == nil {
		t.Error("a hint in a lesson")
	}
	r.Lesson.Close()
	p.Hints = false
	r.SetPrefs(p)
	if len(r.board.overlay.Marks) != 0 {
		t.Error("marks with hints off")
	}
}

// Engines that do not echo ids: a hint's answer is told from the
// computer's by order.
func TestHintWithoutIDs(t *testing.T) {
	r := newRig(t, nil, link("assimilation", "", "black"))
	p := r.Prefs()
	p.Hints = true
	r.SetPrefs(p)
	r.Hint()
	r.EngineAnswer(EngineAnswer{Type: "info", Depth: 3})
	r.EngineAnswer(EngineAnswer{Type: "bestmove", Move: "e2e4"})
	if n := r.page.last().Note; n == nil || n.Move != "e2e4" {
		t.Fatalf("hint %+v", n)
	}
	// Asked again, then a move: the old answer comes first and is skipped.
	r.Hint()
	r.play(t, "d2d4")
	r.EngineAnswer(EngineAnswer{Type: "bestmove", Move: "e2e4"}) // the abandoned hint
	if r.s.Ply() != 1 {
		t.Fatal("the hint's answer was played as the computer's")
	}
	r.EngineAnswer(EngineAnswer{Type: "bestmove", Move: "d7d5"})
	if r.s.Ply() != 2 {
		t.Error("the computer's answer was lost")
	}
}

// While a lesson owns the board, nothing the game does reaches it: moves
// taken back, plies walked, the board turned, a host's messages, a
// computer's reply; closing the lesson draws the game whole, as it is.
func TestOneOwnerOfTheBoard(t *testing.T) {
	r := newRig(t, nil, link("assimilation", "", "black"))
	r.play(t, "e2e4")
	r.answer("e7e5")
	r.play(t, "g1f3")
	if err := r.Lesson.Open("assimilation", 0); err != nil {
		t.Fatal(err)
	}
	lessonBoard, draws := boardCells(r.board.board), r.board.draws
	r.answer("b8c6")
	r.Undo()
	r.Goto(0)
	r.Step(1)
	r.Flip()
	r.Game.HostMessage(`{"type":"chimera:flip"}`)
	r.SetPrefs(Prefs{Hints: true, Anim: "fast"})
	if r.board.draws != draws || boardCells(r.board.board) != lessonBoard || r.board.flipped {
		t.Fatalf("the game drew over the lesson: %d draws", r.board.draws-draws)
	}
	r.Lesson.Close()
	if boardCells(r.board.board) != play.Board(r.Game.shownPosition()).Cells || r.board.flipped != r.Game.flipped() {
		t.Error("closing the lesson did not draw the game as it is")
	}
	if v := r.page.last(); v.Ply != r.Game.view || v.Lesson != nil {
		t.Errorf("view ply %d, game %d", v.Ply, r.Game.view)
	}
}

// findSection returns the section id of the lesson of rule set game.
func findSection(t *testing.T, game, id string) (*learn.Lesson, *learn.Section) {
	t.Helper()
	l := learn.LessonFor(game)
	for i := range l.Sections {
		if l.Sections[i].ID == id {
			return l, &l.Sections[i]
		}
	}
	t.Fatalf("%s has no section %q", game, id)
	return nil, nil
}
