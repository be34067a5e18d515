package app

import (
	"chimera/game"
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
}

// Hint asks the engine for a good move in the live position; the answer is
// drawn as an arrow. It does nothing while the computer thinks, on another
// ply, in a lesson, or when the game is over.
func (a *App) Hint() error {
	a.lock()
	defer a.unlock()
	switch {
	case a.d.Engine == nil:
		return errString("there is no engine to ask")
	case a.lesson != nil || a.view != a.s.Ply():
		return errString("go to the last move for a hint")
	case a.pending || a.s.ComputerToMove():
		return errString("the computer is thinking")
	}
	if r, _ := a.s.Outcome(); r != "" {
		return errString("the game is over")
	}
	if a.hint.busy {
		return nil
	}
	a.goID++
	a.hint = hintState{busy: true, id: a.goID, pos: a.s.Position().String()}
	a.d.Engine.Send(EngineRequest{Type: "position", Variant: a.s.Variant().ID, FEN: a.s.StartPosition(), Moves: a.s.MoveStrings()})
	a.d.Engine.Send(EngineRequest{Type: "go", Level: HintLevel, MoveTime: HintMoveTime, Seed: a.s.Ply() + 1, ID: a.goID})
	a.boardNote = &Note{Kind: "hint", Title: "Hint", Text: "Thinking…"}
	a.out.show = true
	return nil
}

// hintAnswer takes an engine answer that belongs to the hint search and
// reports whether it did. Answers come in the order of the searches (the
// engine answers every 'go' once, a new one stopping the last), so one with
// no id belongs to the hint when no abandoned search is still to answer and
// the computer is not thinking.
func (a *App) hintAnswer(m EngineAnswer) bool {
	if !a.hint.busy {
		return false
	}
	if m.ID != 0 && m.ID != a.hint.id || m.ID == 0 && (a.skip > 0 || a.pending) {
		return false
	}
	if m.Type != "bestmove" {
		return true // its progress is not shown
	}
	a.hint.busy = false
	a.out.show = true
	p := a.s.Position()
	if a.hint.pos != p.String() || m.Move == "" {
		a.hint.move = ""
		if a.boardNote != nil && a.boardNote.Kind == "hint" {
			a.boardNote = nil
		}
		return true
	}
	mv, err := p.ParseMove(m.Move)
	if err != nil {
		a.hint.move = ""
		a.boardNote = &Note{Kind: "hint", Title: "Hint", Text: "The engine's move " + m.Move + " is not legal here."}
		return true
	}
	a.hint.move = m.Move
	a.boardNote = &Note{Kind: "hint", Title: "Hint: " + p.Notation(mv), Text: p.Describe(mv) + ".", Move: m.Move}
	a.board().SetOverlay(a.gameOverlay())
	return true
}

// positionChanged drops what belonged to the position on the board before
// (a described piece's caption, a hint and its search).
func (a *App) positionChanged() {
	if a.boardNote != nil && a.lesson == nil {
		a.boardNote = nil
	}
	if a.hint.pos != "" && a.hint.pos != a.s.Position().String() {
		if a.hint.busy {
			// Its answer still comes; it belongs to an abandoned search now.
			a.d.Engine.Send(EngineRequest{Type: "stop"})
			a.skip++
		}
		a.hint = hintState{}
	}
}

// hintsChanged redraws the game's marks when the setting changes.
func (a *App) hintsChanged() {
	if !a.prefs.Hints {
		a.hint.move = ""
		if a.boardNote != nil && a.boardNote.Kind == "hint" {
			a.boardNote = nil
		}
	}
	if a.lesson == nil {
		a.board().SetOverlay(a.gameOverlay())
	}
}

// gameOverlay returns the marks the game's board shows: with hints on, the
// player's attacked pieces in the live position, and the hint's arrow.
func (a *App) gameOverlay() model.Overlay {
	var o model.Overlay
	if !a.prefs.Hints || a.view != a.s.Ply() {
		return o
	}
	p := a.s.Position()
	if r, _ := p.Outcome(); r != "" {
		return o
	}
	for _, s := range dangerSquares(p, a.playerSide()) {
		o.Marks = append(o.Marks, model.Mark{Square: model.Square(s), Kind: model.MarkDanger})
	}
	if a.hint.move != "" && a.hint.pos == p.String() {
		if m, err := p.ParseMove(a.hint.move); err == nil {
			arrow := model.Arrow{From: model.NoSquare, To: model.Square(m.To())}
			if m.IsDrop() {
				arrow.Drop = model.Piece(p.Variant().PieceLetter(game.MakePiece(p.Turn(), m.Part())))
			} else {
				arrow.From = model.Square(m.From())
			}
			o.Arrows = append(o.Arrows, arrow)
		}
	}
	return o
}

// playerSide is the side whose pieces the hints watch: the player's against
// the computer, else the side to move.
func (a *App) playerSide() game.Color {
	if a.s.Computer >= 0 {
		return game.Color(1 - a.s.Computer)
	}
	return a.s.Position().Turn()
}

// dangerSquares returns the squares of side c's pieces that the other side
// attacks (in a bifold game: threatens).
func dangerSquares(p *game.Position, c game.Color) []int {
	var out []int
	for s := 0; s < 64; s++ {
		for _, x := range p.At(s) {
			if x != game.NoPiece && x.Color() == c && p.Attacked(s, c.Other()) {
				out = append(out, s)
				break
			}
		}
	}
	return out
}
