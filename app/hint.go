package app

import (
	"chimera/game"
	"chimera/learn"
	"chimera/render/model"
)

// Hints (a setting, off by default): the player's pieces that stand
// attacked are marked, and the Hint button asks the engine for a move (a
// short search) shown as an arrow.

// Hint search: the level and the time it may take (a short search; level 6
// is bounded by nodes, so it suggests the same move on any machine fast
// enough).
const (
	HintLevel    = 6
	HintMoveTime = 600 // ms
)

// hintState is the hint search and the move it found.
type hintState struct {
	busy bool   // a hint search runs
	id   int    // its 'go' id
	pos  string // the position it is for
	move string // the move found, shown while the position is pos
	draw bool   // the search weighs a draw offer (ending.go), not a hint
}

// Hint asks the engine for a good move in the live position; the answer is
// drawn as an arrow. It does nothing while the computer thinks, on another
// ply, in a lesson, or when the game is over.
func (g *GameController) Hint() error {
	g.a.lock()
	defer g.a.unlock()
	switch {
	case g.a.d.Engine == nil:
		return errString("there is no engine to ask")
	case g.board() == nil || g.view != g.s.Ply():
		return errString("go to the last move for a hint")
	case g.pending || g.s.ComputerToMove():
		return errString("the computer is thinking")
	}
	if r, _ := g.s.Outcome(); r != "" {
		return errString("the game is over")
	}
	if g.hint.busy {
		return nil
	}
	g.goID++
	g.hint = hintState{busy: true, id: g.goID, pos: g.s.Position().String()}
	g.a.d.Engine.Send(EngineRequest{Type: "position", Variant: g.s.Variant().ID, FEN: g.s.StartPosition(), Moves: g.s.MoveStrings()})
	g.a.d.Engine.Send(EngineRequest{Type: "go", Level: HintLevel, MoveTime: HintMoveTime, Seed: g.s.Ply() + 1, ID: g.goID})
	g.a.caption = &Note{Kind: "hint", Title: "Hint", Text: "Thinking…"}
	g.a.out.show = true
	return nil
}

// hintAnswer takes an engine answer that belongs to the hint search and
// reports whether it did. Answers come in the order of the searches (the
// engine answers every 'go' once, a new one stopping the last), so one with
// no id belongs to the hint when no abandoned search is still to answer and
// the computer is not thinking.
func (g *GameController) hintAnswer(m EngineAnswer) bool {
	if !g.hint.busy {
		return false
	}
	if m.ID != 0 && m.ID != g.hint.id || m.ID == 0 && (g.skip > 0 || g.pending) {
		return false
	}
	if g.hint.draw {
		switch m.Type {
		case "info":
			g.drawInfo(m)
		case "bestmove", "error":
			g.hint = hintState{}
			g.drawWeighed()
		}
		return true
	}
	if m.Type != "bestmove" {
		return true // its progress is not shown
	}
	g.hint.busy = false
	g.a.out.show = true
	p := g.s.Position()
	if g.hint.pos != p.String() || m.Move == "" {
		g.hint.move = ""
		if g.a.caption != nil && g.a.caption.Kind == "hint" {
			g.a.caption = nil
		}
		return true
	}
	mv, err := p.ParseMove(m.Move)
	if err != nil {
		g.hint.move = ""
		g.a.caption = &Note{Kind: "hint", Title: "Hint", Text: "The engine's move " + m.Move + " is not legal here."}
		return true
	}
	g.hint.move = m.Move
	g.a.caption = &Note{Kind: "hint", Title: "Hint: " + p.Notation(mv), Text: p.Describe(mv) + ".", Move: m.Move}
	if b := g.board(); b != nil {
		b.SetOverlay(g.gameOverlay())
	}
	return true
}

// positionChanged drops what belonged to the position on the board before
// (a described piece's caption, a hint and its search).
func (g *GameController) positionChanged() {
	g.a.dropCaption(g)
	g.dropConfirm()
	if g.hint.pos != "" && g.hint.pos != g.s.Position().String() {
		if g.hint.busy {
			// Its answer still comes; it belongs to an abandoned search now.
			g.a.d.Engine.Send(EngineRequest{Type: "stop"})
			g.skip++
		}
		g.hint = hintState{}
		g.draw = drawState{}
	}
}

// hintsChanged redraws the game's marks when the setting changes.
func (g *GameController) hintsChanged() {
	if !g.a.prefs.Hints {
		g.hint.move = ""
		if g.a.caption != nil && g.a.caption.Kind == "hint" {
			g.a.caption = nil
		}
	}
	if b := g.board(); b != nil {
		b.SetOverlay(g.gameOverlay())
	}
}

// gameOverlay returns the marks the game's board shows: the shapes the
// player drew and a queued premove (premove.go); with hints on, the
// player's attacked pieces in the live position, and the hint's arrow.
func (g *GameController) gameOverlay() model.Overlay {
	o := model.Overlay{Shapes: g.shownShapes(), Marks: g.confirmMarks()}
	if g.premove != "" && g.view == g.s.Ply() {
		p := g.s.PositionAt(g.s.Ply())
		p.MakeNull()
		if m, err := p.ParseMove(g.premove); err == nil {
			if !m.IsDrop() {
				o.Marks = append(o.Marks, model.Mark{Square: model.Square(m.From()), Kind: model.MarkPremove})
			}
			o.Marks = append(o.Marks, model.Mark{Square: model.Square(m.To()), Kind: model.MarkPremove})
		}
	}
	if !g.a.prefs.Hints || g.view != g.s.Ply() {
		return o
	}
	p := g.s.Position()
	if r, _ := p.Outcome(); r != "" {
		return o
	}
	for _, s := range learn.DangerSquares(p, g.playerSide()) {
		o.Marks = append(o.Marks, model.Mark{Square: model.Square(s), Kind: model.MarkDanger})
	}
	if g.hint.move != "" && g.hint.pos == p.String() {
		if m, err := p.ParseMove(g.hint.move); err == nil {
			o.Arrows = append(o.Arrows, moveArrow(p, m))
		}
	}
	return o
}

// moveArrow is the arrow of move m of position p: from its square, or
// from the hand piece it drops.
func moveArrow(p *game.Position, m game.Move) model.Arrow {
	a := model.Arrow{From: model.NoSquare, To: model.Square(m.To())}
	if m.IsDrop() {
		a.Drop = model.Piece(p.Variant().PieceLetter(game.MakePiece(p.Turn(), m.Part())))
	} else {
		a.From = model.Square(m.From())
	}
	return a
}

// playerSide is the side whose pieces the hints watch: the player's against
// the computer, else the side to move.
func (g *GameController) playerSide() game.Color {
	if g.s.Computer >= 0 {
		return game.Color(1 - g.s.Computer)
	}
	return g.s.Position().Turn()
}
