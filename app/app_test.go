package app

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"chimera/game"
	"chimera/play"
	"chimera/render/layout"
	"chimera/render/model"
)

func TestFirstVisit(t *testing.T) {
	r := newRig(t, nil, nil)
	v := r.page.last()
	bedlam, _ := game.VariantByID("bedlam")
	if v.Variant != "bedlam" || v.Game != bedlam.Name || v.Computer != "black" || v.Level != 3 {
		t.Errorf("first game %+v", v)
	}
	if v.Players != "You vs Computer, level 3" || v.White != "You" || v.Black != "Computer, level 3" {
		t.Errorf("players %q (%q, %q)", v.Players, v.White, v.Black)
	}
	if v.Status != "Your move (White)" || v.Thinking || v.Ply != 0 || v.Live != 0 {
		t.Errorf("status %q thinking %v", v.Status, v.Thinking)
	}
	if len(r.engine.sent) != 0 {
		t.Errorf("engine asked on the player's turn: %+v", r.engine.sent)
	}
	if r.board.flipped || !r.board.hasTarget("e2e4") || v.AspectTall >= 1 || v.AspectWide <= 1 {
		t.Errorf("board flipped %v, targets %d, aspect %v", r.board.flipped, len(r.board.targets), v.AspectTall)
	}
	if len(v.Games) != 5 || v.Games[0].ID != "bedlam" {
		t.Errorf("games %+v", v.Games)
	}
}

func TestComputerReplies(t *testing.T) {
	r := newRig(t, nil, nil)
	r.play(t, "e2e4")
	v := r.page.last()
	if !v.Thinking || r.page.lastSaid() != "White pawn e2 to e4" {
		t.Fatalf("thinking %v, said %q", v.Thinking, r.page.lastSaid())
	}
	for _, tg := range r.board.targets { // only premoves while it thinks (premove.go)
		if !tg.Premove {
			t.Fatalf("a move offered to play while the computer thinks: %s", tg.Move)
		}
	}
	if v.Status != "Computer (Black) to move" {
		t.Errorf("status %q", v.Status)
	}
	pos := r.engine.sent[0]
	g := r.engine.lastGo(t)
	if pos.Type != "position" || pos.Variant != "bedlam" || strings.Join(pos.Moves, ",") != "e2e4" || g.Level != 3 {
		t.Errorf("requests %+v", r.engine.sent)
	}
	// Progress while thinking: depth and score from White's view.
	r.EngineAnswer(EngineAnswer{Type: "info", ID: g.ID, Depth: 4, Score: 35, HasScore: true})
	if v := r.page.last(); v.Depth != 4 || v.Score != "-0.3" && v.Score != "-0.4" {
		t.Errorf("progress depth %d score %q", v.Depth, v.Score)
	}
	r.EngineAnswer(EngineAnswer{Type: "info", ID: g.ID, Depth: 9, Mate: 3})
	if v := r.page.last(); v.Depth != 9 || v.Score != "#-3" {
		t.Errorf("mate score %q", v.Score)
	}
	r.answer("c7c5")
	v = r.page.last()
	if v.Thinking || v.Live != 2 || !r.board.hasTarget("g1f3") || v.Status != "Your move (White)" {
		t.Errorf("after the reply: %+v", v)
	}
	if r.page.lastSaid() != "Black pawn c7 to c5" || len(r.board.events) != 2 {
		t.Errorf("said %q, events %d", r.page.lastSaid(), len(r.board.events))
	}
	if got := r.page.sounds; len(got) != 2 || got[0] != SoundMove {
		t.Errorf("sounds %v", got)
	}
	if v.Moves[1].Text != "c7-c5" || v.Moves[1].Num != 1 || !v.Moves[1].Black || v.Moves[1].Words != "Black pawn c7 to c5" {
		t.Errorf("move list %+v", v.Moves)
	}
}

// An answer that arrives after the player took the move back, started a new
// game or reloaded the page is ignored; the next search's answer counts.
func TestStaleAnswers(t *testing.T) {
	for _, withID := range []bool{true, false} {
		answer := func(r *rig, id int, move string) {
			if !withID {
				id = 0
			}
			r.EngineAnswer(EngineAnswer{Type: "bestmove", ID: id, Move: move})
		}
		t.Run("undo", func(t *testing.T) {
			r := newRig(t, nil, nil)
			r.play(t, "e2e4")
			old := r.engine.lastGo(t).ID
			r.Undo()
			if r.engine.count("stop") != 1 || r.page.last().Thinking || r.Game.s.Ply() != 0 {
				t.Fatalf("undo: stops %d, ply %d", r.engine.count("stop"), r.Game.s.Ply())
			}
			if r.page.last().Status != "Your move (White)" {
				t.Errorf("after undo: %q", r.page.last().Status)
			}
			r.play(t, "d2d4")
			// The abandoned search's answer comes now: a legal move in the
			// new position too, but not an answer to it.
			answer(r, old, "e7e5")
			if r.Game.s.Ply() != 1 || !r.page.last().Thinking {
				t.Fatalf("stale answer played: %s", r.position())
			}
			answer(r, r.engine.lastGo(t).ID, "d7d5")
			if got := strings.Join(r.Game.s.MoveStrings(), " "); got != "d2d4 d7d5" {
				t.Errorf("moves %q", got)
			}
		})
		t.Run("new game", func(t *testing.T) {
			r := newRig(t, nil, nil)
			r.play(t, "e2e4")
			old := r.engine.lastGo(t).ID
			if err := r.NewGame(play.Settings{Variant: "assimilation", Computer: 0, Level: 2}); err != nil {
				t.Fatal(err)
			}
			// The computer plays White now: it is asked at once.
			g := r.engine.lastGo(t)
			if g.ID == old && withID || !r.board.flipped {
				t.Fatalf("new game: go %+v flipped %v", g, r.board.flipped)
			}
			answer(r, old, "e2e4") // legal for the computer's White too, but stale
			if r.Game.s.Ply() != 0 || !r.page.last().Thinking {
				t.Fatalf("stale answer played in the new game")
			}
			answer(r, g.ID, "d2d4")
			if r.Game.s.Ply() != 1 || r.Game.s.Variant().ID != "assimilation" || r.Game.s.MoveStrings()[0] != "d2d4" {
				t.Errorf("new game's reply: ply %d", r.Game.s.Ply())
			}
		})
	}
	t.Run("reload", func(t *testing.T) {
		store := newStorage()
		r := newRig(t, store, nil)
		r.play(t, "e2e4")
		// The page reloads while the computer thinks: the new page shows the
		// same game and asks its own engine.
		r2 := newRig(t, store, nil)
		if r2.position() != r.position() || !r2.page.last().Thinking || r2.engine.count("go") != 1 {
			t.Fatalf("reload: %s thinking %v", r2.position(), r2.page.last().Thinking)
		}
		r2.answer("e7e5")
		r2.answer("d7d5") // a second answer (an old worker's) is ignored
		if got := strings.Join(r2.Game.s.MoveStrings(), " "); got != "e2e4 e7e5" {
			t.Errorf("moves %q", got)
		}
	})
}

func TestReplyWaitsForAnimation(t *testing.T) {
	r := newRig(t, nil, nil)
	r.play(t, "e2e4")
	r.board.left = 300 * time.Millisecond
	r.answer("e7e5")
	if r.Game.s.Ply() != 1 || !r.page.last().Thinking {
		t.Fatalf("reply shown during the player's animation")
	}
	r.board.left = 0
	r.clock.advance(400 * time.Millisecond)
	if r.Game.s.Ply() != 2 || r.page.last().Thinking {
		t.Fatalf("reply not shown after the animation: ply %d", r.Game.s.Ply())
	}
	// A held-back reply is dropped by an undo.
	r.play(t, "g1f3")
	r.board.left = 300 * time.Millisecond
	r.answer("b8c6")
	r.Undo()
	r.clock.advance(time.Second)
	if got := strings.Join(r.Game.s.MoveStrings(), " "); got != "e2e4 e7e5" {
		t.Errorf("after undo during the wait: %q", got)
	}
}

func TestFinishedGameHasNoSideToMove(t *testing.T) {
	r := newRig(t, nil, link("assimilation", "", "none"))
	r.play(t, "f2f3", "e7e5", "g2g4")
	if r.board.board.Turn != 1 {
		t.Fatalf("before the mate: turn %d", r.board.board.Turn)
	}
	r.play(t, "d8h4")
	if r.board.board.Turn != model.NoTurn || r.page.last().Result != "0-1" {
		t.Errorf("after the mate: turn %d, result %q", r.board.board.Turn, r.page.last().Result)
	}
	r.Undo()
	if r.board.board.Turn != 1 {
		t.Errorf("the mate taken back: turn %d", r.board.board.Turn)
	}
}

func TestUndoAndRedoAreSaid(t *testing.T) {
	r := newRig(t, nil, link("bedlam", "", "black"))
	r.play(t, "e2e4")
	r.answer("e7e5")
	r.Undo()
	if got := r.page.lastSaid(); got != "Taken back: White pawn e2 to e4; Black pawn e7 to e5. White to move" {
		t.Errorf("undo said %q", got)
	}
	r.Redo()
	if got := r.page.lastSaid(); got != "Replayed: White pawn e2 to e4; Black pawn e7 to e5. White to move" {
		t.Errorf("redo said %q", got)
	}
}

func TestViewingMoves(t *testing.T) {
	r := newRig(t, nil, link("assimilation", "", "none"))
	r.play(t, "e2e4", "e7e5", "g1f3")
	r.Goto(1)
	v := r.page.last()
	if v.Ply != 1 || v.Status != "Viewing 1. e2-e4 (the game is at 2. Ng1-f3)" || v.Turn != "black" || r.board.targets != nil {
		t.Errorf("viewing: %+v targets %d", v, len(r.board.targets))
	}
	if r.BoardMove("b8c6"); r.Game.s.Ply() != 3 {
		t.Error("a move was played while viewing an earlier ply")
	}
	r.Step(-5)
	if v := r.page.last(); v.Ply != 0 || v.Status != "Viewing the start (the game is at 2. Ng1-f3)" {
		t.Errorf("home: %+v", v.Status)
	}
	r.Step(+10)
	if v := r.page.last(); v.Ply != 3 || v.Status != "Black to move" || !r.board.hasTarget("b8c6") {
		t.Errorf("end: %q", v.Status)
	}
	// After an undo the player may move: the status says whose move it is.
	r.Undo()
	if v := r.page.last(); v.Status != "White to move" || v.Live != 2 || !v.CanRedo {
		t.Errorf("after undo: %q %+v", v.Status, v)
	}
	r.Redo()
	if v := r.page.last(); v.Live != 3 || v.CanRedo {
		t.Errorf("after redo: %+v", v)
	}
}

func TestMoveBox(t *testing.T) {
	r := newRig(t, nil, link("bedlam", "", "none"))
	cases := []struct {
		typed string
		exact string // the move it names, "" when not exactly one
		n     int    // candidates (when not exact), -1: any number > 1
	}{
		{"e2e4", "e2e4", 1},
		{"e2-e4", "e2e4", 1},
		{"e4", "e2e4", 1},
		{"Ng1-f3", "g1f3", 1},
		{"Nf3", "g1f3", 1},
		{"g1h3", "g1h3", 1},
		{"N", "", -1},
		// A fusion written without its result, whole or short (RULES.md §6:
		// "Rh1-g1=M"), when it is the only move it can be.
		{"Rh1-g1", "h1g1", 1},
		{"Rh1-g1=M", "h1g1", 1},
		{"Rg1", "h1g1", 1},
		{"Ke1-f1", "e1f1", 1},
		{"Nb1", "", 2}, // Nb1-a3, Nb1-c3
		{"e9", "", 0},
		{"zz", "", 0},
	}
	for _, c := range cases {
		cs, exact := r.Match(c.typed)
		switch {
		case c.exact != "":
			if !exact || cs[0].Move != c.exact || cs[0].Words == "" {
				t.Errorf("%q: %+v exact %v, want %s", c.typed, cs, exact, c.exact)
			}
		case exact || (c.n >= 0 && len(cs) != c.n) || (c.n < 0 && len(cs) < 2):
			t.Errorf("%q: %d candidates exact %v, want %d", c.typed, len(cs), exact, c.n)
		}
	}
	if err := r.PlayTyped("Nf4"); err == nil || !strings.Contains(err.Error(), "not a legal move") {
		t.Errorf("illegal typed move: %v", err)
	}
	if err := r.PlayTyped("N"); err == nil || !strings.Contains(err.Error(), "several moves") {
		t.Errorf("ambiguous typed move: %v", err)
	}
	for _, m := range []string{"Ng1-f3", "d7d5", "Nf3xe5"} {
		if err := r.PlayTyped(m); err != nil && m != "Nf3xe5" {
			t.Fatalf("%s: %v", m, err)
		}
	}
	// Drops by either notation: put a piece in hand first.
	r2 := newRig(t, nil, link("bedlam", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "none"))
	if cs, exact := r2.Match("N@e4"); !exact || cs[0].Move != "N@e4" {
		t.Errorf("drop by move string: %+v", cs)
	}
	if cs, exact := r2.Match("N*e4"); !exact || cs[0].Move != "N@e4" || cs[0].Words != "White drops a knight on e4" {
		t.Errorf("drop by notation: %+v", cs)
	}
	if err := r2.PlayTyped("N*e4"); err != nil || r2.page.lastSaid() != "White drops a knight on e4" {
		t.Errorf("typed drop: %v, said %q", err, r2.page.lastSaid())
	}
}

func TestAnnouncements(t *testing.T) {
	cases := []struct {
		variant, fen string
		moves        []string
		said         string
		sound        Sound
	}{
		{"bedlam", "4k3/8/8/8/8/8/8/RN2K3[] w - - 0 1", []string{"a1b1"}, "White rook a1 to b1, merges with the knight: Marshall", SoundMerge},
		{"bedlam", "4k3/8/8/8/8/8/8/1M2K3[] w - - 0 1", []string{"b1a1/r"}, "White rook b1 to a1, splitting from the Marshall: the knight stays on b1", SoundSplit},
		{"bedlam", "4k3/8/8/8/8/8/8/4K3[p] b - - 0 1", []string{"P@e6"}, "Black drops a pawn on e6", SoundDrop},
		{"assimilation", "", []string{"f2f3", "e7e5", "g2g4", "d8h4"}, "Black queen d8 to h4, checkmate. Black wins by checkmate", SoundEnd},
		{"assimilation", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", []string{"h1h8"}, "White rook h1 to h8, check", SoundCheck},
	}
	for _, c := range cases {
		r := newRig(t, nil, link(c.variant, c.fen, "none"))
		r.play(t, c.moves...)
		if got := r.page.lastSaid(); got != c.said {
			t.Errorf("%s %v: said %q, want %q", c.variant, c.moves, got, c.said)
		}
		if got := r.page.sounds[len(r.page.sounds)-1]; got != c.sound {
			t.Errorf("%s %v: sound %q, want %q", c.variant, c.moves, got, c.sound)
		}
	}
	// No sound when it is off.
	r := newRig(t, nil, link("assimilation", "", "none"))
	p := r.Prefs()
	p.Sound = false
	r.SetPrefs(p)
	r.play(t, "e2e4")
	if len(r.page.sounds) != 0 || r.page.lastSaid() == "" {
		t.Errorf("sound off: sounds %v, said %q", r.page.sounds, r.page.lastSaid())
	}
}

// The page tells how the board is drawn; the view carries it (the page
// offers the sharp-board setting only for software rendering).
func TestGraphicsInView(t *testing.T) {
	r := newRig(t, newStorage(), nil)
	if g := r.page.last().Graphics; g != (layout.Graphics{}) {
		t.Errorf("before the page tells: %+v", g)
	}
	g := layout.ChooseGraphics("llvmpipe, or similar", 3, 390, 478, r.Prefs().Sharp)
	r.SetGraphics(g)
	if got := r.page.last().Graphics; got != g || !got.Software || !got.Reduced() {
		t.Errorf("view's graphics %+v, want %+v (software, reduced)", got, g)
	}
}

func TestPrefsRemembered(t *testing.T) {
	store := newStorage()
	r := newRig(t, store, nil)
	r.Flip()
	p := r.Prefs()
	p.Anim, p.Dots, p.Coords, p.Sound, p.Sharp = "slow", false, false, false, true
	p.Theme, p.Board, p.Confirm = "light", "green", "on"
	r.SetPrefs(p)
	if r.board.style.AnimSpeed != 0.6 || r.board.style.Dots || !r.board.flipped || r.board.style.Theme != "light" || r.board.style.Board != "green" {
		t.Errorf("board style %+v flipped %v", r.board.style, r.board.flipped)
	}
	r2 := newRig(t, store, nil)
	want := Prefs{Turned: true, Anim: "slow", Sharp: true, Theme: "light", Board: "green", Confirm: "on"}
	if got := r2.Prefs(); got != want || !r2.board.flipped || r2.board.style.AnimSpeed != 0.6 {
		t.Errorf("after reload: %+v", got)
	}
	// The system's theme, when the player leaves it to the system.
	p.Theme = "system"
	r2.SetPrefs(p)
	r2.SetScheme("light")
	if r2.board.style.Theme != "light" {
		t.Errorf("system light: %q", r2.board.style.Theme)
	}
	r2.SetScheme("dark")
	if r2.board.style.Theme != "dark" {
		t.Errorf("system dark: %q", r2.board.style.Theme)
	}
	p.Theme, p.Board, p.Confirm = "neon", "plaid", "maybe"
	r2.SetPrefs(p)
	if got := r2.Prefs(); got.Theme != "system" || got.Board != "brown" || got.Confirm != "auto" {
		t.Errorf("unknown themes kept: %+v", got)
	}
	p.Anim = "ludicrous"
	r2.SetPrefs(p)
	if r2.Prefs().Anim != "normal" {
		t.Errorf("unknown speed kept: %q", r2.Prefs().Anim)
	}
	// A new game turns the board to the player's side.
	r2.NewGame(play.Settings{Variant: "bedlam", Computer: 1, Level: 1})
	if r2.board.flipped || r2.Prefs().Turned {
		t.Error("new game as White still flipped")
	}
	r2.NewGame(play.Settings{Variant: "bedlam", Computer: 0, Level: 1})
	if !r2.board.flipped {
		t.Error("new game as Black not flipped")
	}
	// Turned stays with a game opened again (a reload with the game's settings).
	r2.Flip()
	r3 := newRig(t, store, link("bedlam", "", "white", "level", "1"))
	if r3.board.flipped {
		t.Error("turned board not remembered")
	}
}

func TestStorageTrouble(t *testing.T) {
	store := newStorage()
	store.failSet = true
	r := newRig(t, store, link("assimilation", "", "none"))
	r.play(t, "e2e4", "e7e5")
	v := r.page.last()
	// said once, with the error's name (not the key it names), and true:
	// nothing says a reload starts afresh
	want := "This browser did not keep the game (QuotaExceededError): play goes on, but the moves from here are lost when the page is closed. Copy game keeps them"
	if strings.Join(v.Notices, "|") != want || v.Live != 2 {
		t.Errorf("notice %q live %d", strings.Join(v.Notices, "|"), v.Live)
	}
	r.DismissNotice()
	r.play(t, "g1f3")
	if v := r.page.last(); strings.Join(v.Notices, " ") != "" {
		t.Errorf("the notice came back: %q", strings.Join(v.Notices, " "))
	}
	// Storage that cannot even be read.
	store = newStorage()
	store.failGet = true
	r = newRig(t, store, nil)
	if v := r.page.last(); !strings.Contains(strings.Join(v.Notices, " "), "did not keep the game (SecurityError)") {
		t.Errorf("blocked storage: %q", strings.Join(v.Notices, " "))
	}
}

func TestEngineError(t *testing.T) {
	r := newRig(t, nil, nil)
	r.play(t, "e2e4")
	r.EngineAnswer(EngineAnswer{Type: "error", Message: "engine: out of memory"})
	if v := r.page.last(); v.Engine != "engine: out of memory" {
		t.Errorf("engine error %q", v.Engine)
	}
	r.answer("")
	if v := r.page.last(); v.Thinking {
		t.Error("still thinking after an empty answer")
	}
}

// The view carries the position the board shows, for the page's picture of
// the board on the next visit (web/paint.js): the live one, or the one
// looked back at.
func TestViewPosition(t *testing.T) {
	r := newRig(t, nil, url.Values{"ai": {"none"}})
	bedlam, _ := game.VariantByID("bedlam")
	if v := r.page.last(); v.Position != bedlam.Start {
		t.Errorf("position at the start %q, want %q", v.Position, bedlam.Start)
	}
	r.play(t, "e2e4")
	r.play(t, "e7e5")
	live := r.page.last().Position
	if !strings.HasPrefix(live, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[] w") {
		t.Errorf("position after 1. e4 e5 %q", live)
	}
	r.Goto(1)
	if v := r.page.last(); !strings.HasPrefix(v.Position, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b") || v.Ply != 1 {
		t.Errorf("position looked back at %q (ply %d)", v.Position, v.Ply)
	}
}
