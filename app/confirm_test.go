package app

import "testing"

func TestMoveConfirmation(t *testing.T) {
	r := newRig(t, nil, link("bedlam", "", "none"))
	r.BoardMove("e2e4") // a desktop, "auto": played at once
	if r.Game.s.Ply() != 1 {
		t.Fatal("auto on a desktop asked for confirmation")
	}
	r.SetTouch(true) // a phone: "auto" asks
	r.BoardMove("e7e5")
	if v := r.page.last(); r.Game.s.Ply() != 1 || v.Confirm != "e7-e5" || r.page.lastSaid() != "Confirm e7-e5?" || len(r.board.overlay.Marks) != 2 {
		t.Fatalf("not held: ply %d confirm %q said %q marks %v", r.Game.s.Ply(), v.Confirm, r.page.lastSaid(), r.board.overlay.Marks)
	}
	if err := r.ConfirmMove(true); err != nil || r.Game.s.Ply() != 2 || r.page.last().Confirm != "" {
		t.Fatalf("confirmed: %v ply %d", err, r.Game.s.Ply())
	}
	r.BoardMove("g1f3")
	r.ConfirmMove(false)
	if r.Game.s.Ply() != 2 || r.page.last().Confirm != "" || r.page.lastSaid() != "Move cancelled" {
		t.Errorf("cancelled: ply %d %q", r.Game.s.Ply(), r.page.lastSaid())
	}
	r.BoardMove("g1f3")
	r.CancelSelection() // Escape
	if r.page.last().Confirm != "" {
		t.Error("Escape kept the move waiting")
	}
	if err := r.ConfirmMove(true); err == nil || r.Game.s.Ply() != 2 {
		t.Error("a dropped move was confirmed")
	}
	if err := r.PlayTyped("g1f3"); err != nil || r.Game.s.Ply() != 3 {
		t.Errorf("a typed move waited: %v", err)
	}
	// "off" never asks, "on" always does.
	p := r.Prefs()
	p.Confirm = "off"
	r.SetPrefs(p)
	r.BoardMove("b8c6")
	if r.Game.s.Ply() != 4 {
		t.Error("off asked")
	}
	p.Confirm = "on"
	r.SetPrefs(p)
	r.SetTouch(false)
	r.BoardMove("b1c3")
	if r.Game.s.Ply() != 4 || r.page.last().Confirm != "Nb1-c3" {
		t.Errorf("on did not ask: %q", r.page.last().Confirm)
	}
	r.Undo() // a move taken back drops it
	if r.page.last().Confirm != "" {
		t.Error("a move taken back kept the move waiting")
	}
}
