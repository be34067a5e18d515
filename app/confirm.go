package app

import "chimera/render/model"

// Move confirmation (Prefs.Confirm): a move made on the board waits, marked,
// for Confirm (or is dropped by Cancel, Escape or another move) before it is
// played. "auto" asks on a touch screen (SetTouch), where a tap slips more
// easily; a move typed in the Move box is never asked about.

// confirming reports whether board moves wait for Confirm now.
func (a *App) confirming() bool {
	switch a.prefs.Confirm {
	case "on":
		return true
	case "off":
		return false
	}
	return a.touch
}

// SetTouch tells the app whether the page's main pointer is a finger (the
// browser's pointer: coarse), for move confirmation's "auto".
func (a *App) SetTouch(touch bool) {
	a.lock()
	defer a.unlock()
	a.touch = touch
	a.out.show = true
}

// askConfirm holds the player's board move ms until it is confirmed.
func (g *GameController) askConfirm(ms string) {
	p := g.s.Position()
	m, err := p.ParseMove(ms)
	if err != nil {
		return
	}
	g.confirm, g.confirmText = ms, p.Notation(m)
	g.say("Confirm " + g.confirmText + "?")
	if b := g.board(); b != nil {
		b.CancelSelection()
		b.SetOverlay(g.gameOverlay())
	}
	g.a.out.show = true
}

// ConfirmMove plays (yes) or drops the move waiting for confirmation.
func (g *GameController) ConfirmMove(yes bool) error {
	g.a.lock()
	defer g.a.unlock()
	ms := g.confirm
	if ms == "" {
		return errString("no move waits for confirmation")
	}
	g.dropConfirm()
	if !yes {
		g.say("Move cancelled")
		return nil
	}
	return g.playHuman(ms)
}

// dropConfirm forgets the move waiting for confirmation.
func (g *GameController) dropConfirm() {
	if g.confirm == "" {
		return
	}
	g.confirm, g.confirmText = "", ""
	if b := g.board(); b != nil {
		b.SetOverlay(g.gameOverlay())
	}
	g.a.out.show = true
}

// confirmMarks are the squares of the move waiting for confirmation.
func (g *GameController) confirmMarks() []model.Mark {
	if g.confirm == "" {
		return nil
	}
	m, err := g.s.Position().ParseMove(g.confirm)
	if err != nil {
		return nil
	}
	var out []model.Mark
	if !m.IsDrop() {
		out = append(out, model.Mark{Square: model.Square(m.From()), Kind: model.MarkFocus})
	}
	return append(out, model.Mark{Square: model.Square(m.To()), Kind: model.MarkFocus})
}
