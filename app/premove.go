package app

import (
	"chimera/play"
	"chimera/render/model"
)

// Premoves and drawn shapes on the game's board.
//
// While the computer thinks, the player may choose one move of their own (a
// premove): the board offers the moves of the position as if it were their
// turn, the chosen one is marked, and it is played as soon as the
// computer's reply lands if it is legal then (else it is dropped, said). A
// press on the board that selects nothing, Escape, a move taken back or a
// new game drops it.
//
// A right-drag draws an arrow, a right-click a circle (the board's brushes);
// drawing the same shape again removes it, a press that selects nothing
// clears them, and they belong to the position they were drawn on.

// premoveTargets are the player's moves in the live position as if it were
// their turn: the premoves offered while the computer thinks. None when the
// computer is in check (its reply is forced there, and passing the turn is
// not a position), or the game is over.
func (g *GameController) premoveTargets() []model.Target {
	if r, _ := g.s.Outcome(); r != "" || g.view != g.s.Ply() || g.s.Computer < 0 {
		return nil
	}
	p := g.s.PositionAt(g.s.Ply())
	if p.InCheck() {
		return nil
	}
	p.MakeNull()
	ts := play.Targets(p)
	for i := range ts {
		ts[i].Premove = true
	}
	return ts
}

// queuePremove queues the player's move ms, chosen while the computer thinks.
func (g *GameController) queuePremove(ms string) {
	p := g.s.PositionAt(g.s.Ply())
	p.MakeNull()
	m, err := p.ParseMove(ms)
	if err != nil {
		return // not one of the premoves offered
	}
	g.premove, g.premoveText = ms, p.Notation(m)
	g.say("Premove " + g.premoveText + ": played when the computer has moved, if it can be")
	if b := g.board(); b != nil {
		b.SetOverlay(g.gameOverlay())
	}
	g.a.out.show = true
}

// playPremove plays the queued premove after the computer's reply, when it
// is legal in the position now; else it is dropped, and said.
func (g *GameController) playPremove() {
	ms := g.premove
	g.premove = ""
	if ms == "" {
		return
	}
	if _, err := g.s.Position().ParseMove(ms); err != nil {
		g.say("Premove " + g.premoveText + " dropped: it is not legal now")
		g.a.out.show = true
		return
	}
	g.playHuman(ms)
}

// clearPremove drops the queued premove (and says so).
func (g *GameController) clearPremove() bool {
	if g.premove == "" {
		return false
	}
	g.premove = ""
	g.say("Premove cancelled")
	if b := g.board(); b != nil {
		b.SetOverlay(g.gameOverlay())
	}
	g.a.out.show = true
	return true
}

// drawShape adds a drawn arrow or circle to the shown position, or removes
// it when it is there already (any brush).
func (g *GameController) drawShape(sh model.Shape) {
	at := g.shownPosition().String()
	if g.shapesAt != at {
		g.shapes, g.shapesAt = nil, at
	}
	for i, x := range g.shapes {
		if x.From == sh.From && x.To == sh.To {
			g.shapes = append(g.shapes[:i], g.shapes[i+1:]...)
			if x.Brush == sh.Brush {
				sh.From = model.NoSquare // the same again: only removed
			}
			break
		}
	}
	if sh.From.Valid() {
		g.shapes = append(g.shapes, sh)
	}
	if b := g.board(); b != nil {
		b.SetOverlay(g.overlay())
	}
}

// clearShapes removes the drawn shapes.
func (g *GameController) clearShapes() {
	if len(g.shapes) == 0 {
		return
	}
	g.shapes = nil
	if b := g.board(); b != nil {
		b.SetOverlay(g.overlay())
	}
}

// shownShapes are the shapes drawn on the position shown.
func (g *GameController) shownShapes() []model.Shape {
	if g.shapesAt != g.shownPosition().String() {
		return nil
	}
	return g.shapes
}

// Premove returns the queued premove's move string ("" for none).
func (g *GameController) Premove() string {
	g.a.lock()
	defer g.a.unlock()
	return g.premove
}

// BoardClear takes a press on the board that selected nothing: it drops a
// queued premove and the drawn shapes of the game's board.
func (a *App) BoardClear() {
	a.lock()
	defer a.unlock()
	if a.owner == a.Game {
		a.Game.clearPremove()
		a.Game.clearShapes()
	}
}

// BoardDraw takes an arrow or a circle the player drew on the game's board.
func (a *App) BoardDraw(sh model.Shape) {
	a.lock()
	defer a.unlock()
	if a.owner == a.Game {
		a.Game.drawShape(sh)
	}
}
