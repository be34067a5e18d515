package app

import (
	"testing"
	"time"

	"chimera/play"
)

func TestLossOnTime(t *testing.T) {
	r := newRig(t, nil, nil)
	tc := play.TimeControl{Base: 60_000, Inc: 1_000}
	if err := r.NewGame(play.Settings{Variant: "bedlam", Computer: -1, Time: tc}); err != nil {
		t.Fatal(err)
	}
	v := r.page.last()
	if v.Clock == nil || v.Clock.White != 60_000 || v.Clock.Running != "" || v.Clock.Control != "1+1" || v.LowTime != 10_000 {
		t.Fatalf("new game's clock %+v low %d", v.Clock, v.LowTime)
	}
	r.clock.advance(20 * time.Second) // before the first move nothing runs
	r.play(t, "e2e4")
	r.clock.advance(10 * time.Second)
	r.play(t, "e7e5") // Black used 10 s and gains 1 s
	if v := r.page.last(); v.Clock.Black != 51_000 || v.Clock.White != 60_000 || v.Clock.Running != "white" {
		t.Errorf("after two moves: %+v", v.Clock)
	}
	// Hidden, a game of two players stops its clock.
	r.SetVisible(false)
	r.clock.advance(5 * time.Minute)
	r.Refresh()
	if v := r.page.last(); v.Result != "" || v.Clock.Running != "" || v.Clock.White != 60_000 {
		t.Errorf("hidden: %q %+v", v.Result, v.Clock)
	}
	r.SetVisible(true)
	r.clock.advance(59 * time.Second)
	r.Refresh()
	if v := r.page.last(); v.Result != "" || v.Clock.White != 1_000 {
		t.Errorf("a second left: %q %+v", v.Result, v.Clock)
	}
	// Closed (hidden first) and opened again: the clock is kept and runs on
	// for the side to move.
	r.SetVisible(false)
	r2 := newRig(t, r.store, nil)
	if v := r2.page.last(); v.Clock == nil || v.Clock.Running != "white" || v.Clock.White != 1_000 || v.Clock.Black != 51_000 {
		t.Errorf("reloaded: %+v", v.Clock)
	}
	r.SetVisible(true)
	r.clock.advance(2 * time.Second)
	v = r.page.last()
	if v.Result != "0-1" || v.Outcome != "Black wins on time" || v.Clock.Running != "" || v.Clock.White != 0 {
		t.Errorf("flag: %q %q %+v", v.Result, v.Outcome, v.Clock)
	}
	if r.page.lastSaid() != "Black wins on time" {
		t.Errorf("said %q", r.page.lastSaid())
	}
	if r.BoardMove("g1f3"); r.Game.s.Ply() != 2 {
		t.Error("a move after the flag")
	}
}

func TestComputerThinksByItsClock(t *testing.T) {
	r := newRig(t, nil, nil)
	r.NewGame(play.Settings{Variant: "assimilation", Computer: 1, Level: 8, Time: play.TimeControl{Base: 15_000, Inc: 0}})
	r.play(t, "e2e4")
	if g := r.engine.lastGo(t); g.MoveTime != 500 {
		t.Errorf("with 15 s left the computer thinks %d ms", g.MoveTime)
	}
	r.clock.advance(400 * time.Millisecond)
	r.answer("e7e5")
	r.Refresh()
	if v := r.page.last(); v.Clock.Black != 14_600 || v.Clock.Running != "white" {
		t.Errorf("the computer's time: %+v", v.Clock)
	}
	r.NewGame(play.Settings{Variant: "assimilation", Computer: 1, Level: 8})
	r.play(t, "e2e4")
	if g := r.engine.lastGo(t); g.MoveTime != MoveTime || r.page.last().Clock != nil {
		t.Errorf("without a clock the computer thinks %d ms", g.MoveTime)
	}
}
