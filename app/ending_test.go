package app

import (
	"strings"
	"testing"
	"time"

	"chimera/play"
)

func TestResignAndRematch(t *testing.T) {
	r := newRig(t, nil, link("bedlam", "", "black"))
	r.play(t, "e2e4")
	r.answer("e7e5")
	if v := r.page.last(); !v.CanResign || !v.CanDraw || v.CanRematch {
		t.Fatalf("live game: resign %v draw %v rematch %v", v.CanResign, v.CanDraw, v.CanRematch)
	}
	if err := r.Resign(); err != nil {
		t.Fatal(err)
	}
	v := r.page.last()
	if v.Result != "0-1" || v.Outcome != "Black wins: White resigned" || v.Status != v.Outcome || v.CanUndo || v.CanResign || !v.CanRematch {
		t.Errorf("resigned: %q %q undo %v resign %v rematch %v", v.Result, v.Status, v.CanUndo, v.CanResign, v.CanRematch)
	}
	if r.page.lastSaid() != "Black wins: White resigned" {
		t.Errorf("said %q", r.page.lastSaid())
	}
	r.Undo()
	if r.page.last().Result != "0-1" {
		t.Error("a resignation was taken back")
	}
	if err := r.Resign(); err == nil {
		t.Error("resigned twice")
	}
	if rec := r.Record(); !strings.Contains(rec, `[Result "0-1"]`) || !strings.Contains(rec, `[Termination "White resigned"]`) {
		t.Errorf("record:\n%s", rec)
	}
	// Reloaded, the game is still over.
	r2 := newRig(t, r.store, nil)
	if v := r2.page.last(); v.Result != "0-1" || v.Outcome != "Black wins: White resigned" {
		t.Errorf("reloaded: %q %q", v.Result, v.Outcome)
	}
	// Rematch: colours swapped, the same game.
	if err := r.Rematch(); err != nil {
		t.Fatal(err)
	}
	v = r.page.last()
	if r.Game.s.Computer != 0 || v.Players != "Computer, level 3 vs You" || v.Live != 0 || !v.Flipped || v.Variant != "bedlam" {
		t.Errorf("rematch: computer %d %q live %d flipped %v", r.Game.s.Computer, v.Players, v.Live, v.Flipped)
	}
	if err := r.Rematch(); err == nil {
		t.Error("a rematch of a game under way")
	}
	// Two players: the side to move resigns; a rematch turns the board.
	r3 := newRig(t, nil, link("assimilation", "", "none"))
	r3.play(t, "e2e4")
	r3.Resign()
	if v := r3.page.last(); v.Outcome != "White wins: Black resigned" {
		t.Errorf("two players: %q", v.Outcome)
	}
	r3.Rematch()
	if v := r3.page.last(); !v.Flipped || v.Players != "Two players" {
		t.Errorf("two players' rematch: flipped %v %q", v.Flipped, v.Players)
	}
}

func TestDrawBetweenTwoPlayers(t *testing.T) {
	r := newRig(t, nil, link("bedlam", "", "none"))
	if err := r.AnswerDraw(true); err == nil {
		t.Error("a draw accepted that nobody offered")
	}
	r.OfferDraw()
	if v := r.page.last(); v.DrawOffer != "white" || v.CanDraw || r.page.lastSaid() != "White offers a draw" {
		t.Errorf("offered: %q can %v said %q", v.DrawOffer, v.CanDraw, r.page.lastSaid())
	}
	r.play(t, "e2e4") // the offer stands through the offerer's move
	r.AnswerDraw(false)
	if v := r.page.last(); v.DrawOffer != "" || v.Result != "" || r.page.lastSaid() != "Black declines the draw" {
		t.Errorf("declined: %q %q said %q", v.DrawOffer, v.Result, r.page.lastSaid())
	}
	r.OfferDraw()             // Black offers
	r.play(t, "e7e5", "g1f3") // White moves instead of answering: declined
	if v := r.page.last(); v.DrawOffer != "" {
		t.Errorf("a move did not decline the offer: %q", v.DrawOffer)
	}
	r.OfferDraw()
	if err := r.AnswerDraw(true); err != nil {
		t.Fatal(err)
	}
	if v := r.page.last(); v.Result != "1/2-1/2" || v.Outcome != "Draw by agreement" {
		t.Errorf("accepted: %q %q", v.Result, v.Outcome)
	}
}

func TestComputerWeighsADraw(t *testing.T) {
	for _, c := range []struct {
		info   EngineAnswer // the weighing search's last report (the player's view)
		accept bool
	}{
		{EngineAnswer{Type: "info", Depth: 6, Score: 300, HasScore: true}, true},  // the computer stands worse
		{EngineAnswer{Type: "info", Depth: 6, Score: -10, HasScore: true}, true},  // level
		{EngineAnswer{Type: "info", Depth: 6, Score: -26, HasScore: true}, false}, // it stands better
		{EngineAnswer{Type: "info", Depth: 6, Mate: -3}, false},                   // it mates
		{EngineAnswer{Type: "info", Depth: 6, Mate: 2}, true},                     // it is mated
	} {
		r := newRig(t, nil, link("bedlam", "", "black"))
		r.play(t, "e2e4")
		r.answer("e7e5")
		if err := r.OfferDraw(); err != nil {
			t.Fatal(err)
		}
		if v := r.page.last(); !v.Weighing || v.CanDraw {
			t.Errorf("weighing %v can draw %v", v.Weighing, v.CanDraw)
		}
		g := r.engine.lastGo(t)
		c.info.ID = g.ID
		r.EngineAnswer(c.info)
		r.EngineAnswer(EngineAnswer{Type: "bestmove", ID: g.ID, Move: "g1f3"})
		v := r.page.last()
		if got := v.Result == "1/2-1/2"; got != c.accept || v.Weighing || r.Game.s.Ply() != 2 {
			t.Errorf("%+v: accepted %v (%q), weighing %v, ply %d", c.info, got, v.Outcome, v.Weighing, r.Game.s.Ply())
		}
		if !c.accept && r.page.lastSaid() != "The computer declines the draw" {
			t.Errorf("%+v: said %q", c.info, r.page.lastSaid())
		}
	}
	// Not while it thinks.
	r := newRig(t, nil, link("bedlam", "", "black"))
	r.play(t, "e2e4")
	if err := r.OfferDraw(); err == nil || r.page.last().CanDraw {
		t.Error("a draw offered while the computer thinks")
	}
}

func TestRandomColour(t *testing.T) {
	seen := map[int]bool{}
	r := newRig(t, nil, nil)
	for i := 0; i < 16 && len(seen) < 2; i++ {
		r.clock.advance(time.Duration(i+1) * 1357 * time.Millisecond)
		if err := r.NewGame(play.Settings{Variant: "bedlam", Computer: RandomSide, Level: 2}); err != nil {
			t.Fatal(err)
		}
		seen[r.Game.s.Computer] = true
	}
	if !seen[0] || !seen[1] || len(seen) != 2 {
		t.Errorf("random colour gave %v", seen)
	}
}
