package app

import (
	"testing"

	"chimera/render/model"
)

func TestPremove(t *testing.T) {
	r := newRig(t, nil, link("bedlam", "", "black"))
	r.play(t, "e2e4") // the computer thinks
	if !r.board.hasTarget("d2d4") || !r.board.hasTarget("g1f3") {
		t.Fatalf("no premoves offered while the computer thinks: %d targets", len(r.board.targets))
	}
	for _, tg := range r.board.targets {
		if !tg.Premove {
			t.Fatalf("target %s is not marked as a premove", tg.Move)
		}
	}
	r.BoardMove("d2d4")
	if r.Game.s.Ply() != 1 || r.Game.premove != "d2d4" || len(r.board.overlay.Marks) != 2 {
		t.Fatalf("premove not queued: ply %d premove %q marks %v", r.Game.s.Ply(), r.Game.premove, r.board.overlay.Marks)
	}
	if r.page.lastSaid() != "Premove d2-d4: played when the computer has moved, if it can be" {
		t.Errorf("said %q", r.page.lastSaid())
	}
	r.answer("e7e5")
	if got := r.Game.s.MoveStrings(); len(got) != 3 || got[2] != "d2d4" || r.Game.premove != "" {
		t.Errorf("premove not played on the reply: %v", got)
	}
	// A premove made illegal by the reply is dropped.
	r3 := newRig(t, nil, link("assimilation", "", "black"))
	r3.play(t, "e2e4")
	r3.BoardMove("e4e5")
	r3.answer("e7e5") // e5 is taken: the pawn cannot move there
	if got := r3.Game.s.MoveStrings(); len(got) != 2 || r3.Game.premove != "" || r3.page.lastSaid() != "Premove e4-e5 dropped: it is not legal now" {
		t.Errorf("an illegal premove: %v %q said %q", got, r3.Game.premove, r3.page.lastSaid())
	}
	// Typed in the Move box while the computer thinks: a premove too.
	r4 := newRig(t, nil, link("bedlam", "", "black"))
	r4.play(t, "e2e4")
	if err := r4.PlayTyped("Nf3"); err != nil || r4.Game.premove != "g1f3" {
		t.Errorf("typed premove: %v %q", err, r4.Game.premove)
	}
	if err := r4.PlayTyped("Qh8"); err == nil {
		t.Error("an impossible typed premove was queued")
	}
	// Cancelled by a press on nothing, and by Escape.
	r3.play(t, "g1f3")
	r3.BoardMove("f3g5")
	r3.BoardClear()
	if r3.Game.premove != "" || r3.page.lastSaid() != "Premove cancelled" {
		t.Errorf("a press on nothing kept the premove %q", r3.Game.premove)
	}
	r3.BoardMove("f3g5")
	r3.CancelSelection()
	if r3.Game.premove != "" {
		t.Errorf("Escape kept the premove %q", r3.Game.premove)
	}
}

func TestDrawnShapes(t *testing.T) {
	r := newRig(t, nil, link("bedlam", "", "none"))
	e2, e4, d5 := model.Square(12), model.Square(28), model.Square(35)
	r.BoardDraw(model.Shape{From: e2, To: e4, Brush: model.BrushGreen})
	r.BoardDraw(model.Shape{From: d5, To: d5, Brush: model.BrushRed})
	if got := r.board.overlay.Shapes; len(got) != 2 {
		t.Fatalf("shapes %v", got)
	}
	r.BoardDraw(model.Shape{From: e2, To: e4, Brush: model.BrushBlue}) // another brush: replaced
	if got := r.board.overlay.Shapes; len(got) != 2 || got[1].Brush != model.BrushBlue {
		t.Errorf("recoloured: %v", got)
	}
	r.BoardDraw(model.Shape{From: e2, To: e4, Brush: model.BrushBlue}) // the same again: removed
	if got := r.board.overlay.Shapes; len(got) != 1 || got[0].To != d5 {
		t.Errorf("removed: %v", got)
	}
	r.BoardClear()
	if got := r.board.overlay.Shapes; len(got) != 0 {
		t.Errorf("cleared: %v", got)
	}
	r.BoardDraw(model.Shape{From: e2, To: e4})
	r.play(t, "e2e4") // another position: they are gone
	if got := r.board.overlay.Shapes; len(got) != 0 {
		t.Errorf("kept after a move: %v", got)
	}
}
