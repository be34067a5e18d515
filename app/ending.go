package app

import (
	"chimera/game"
	"chimera/play"
)

// Ending a game as players do: resigning, offering a draw (the computer
// weighs it with a short search; a second player on this device accepts or
// declines it), and a rematch with the colours swapped.

// DrawAcceptMax is the most the computer may think it is ahead, in
// centipawns of its own view, and still accept a draw: it takes one when it
// is not better than level, never when it stands better.
const DrawAcceptMax = 25

// drawState is a draw offer under way.
type drawState struct {
	by    game.Color // who offered it
	ply   int        // the ply it was offered at
	open  bool       // an offer stands (two players: the other answers; against the computer: it weighs it)
	score int        // the computer's weighing: the last score of its search, side to move's view
	has   bool       // score is set
}

// Resign ends the game as lost for the player: against the computer the
// player's side, between two players the side to move.
func (g *GameController) Resign() error {
	g.a.lock()
	defer g.a.unlock()
	if err := g.canEnd(); err != nil {
		return err
	}
	side := g.playerSide()
	winner := game.WhiteWins
	if side == game.White {
		winner = game.BlackWins
	}
	return g.declare(winner, play.Resigned(side))
}

// OfferDraw offers a draw. Between two players the offer stands until the
// other answers it (AnswerDraw) or moves. Against the computer it is made on
// the player's turn; the computer weighs it with a short search and accepts
// when it is not better (DrawAcceptMax).
func (g *GameController) OfferDraw() error {
	g.a.lock()
	defer g.a.unlock()
	if err := g.canEnd(); err != nil {
		return err
	}
	if g.draw.open {
		return errString("a draw is offered already")
	}
	if g.s.Computer < 0 {
		g.draw = drawState{by: g.s.Position().Turn(), ply: g.s.Ply(), open: true}
		g.say(sideName(int(g.draw.by)) + " offers a draw")
		g.a.out.show = true
		return nil
	}
	switch {
	case g.a.d.Engine == nil:
		return errString("there is no engine to ask")
	case g.pending || g.s.ComputerToMove():
		return errString("offer a draw on your turn, when the computer is not thinking")
	case g.hint.busy:
		return errString("wait for the hint first")
	}
	g.draw = drawState{by: g.playerSide(), ply: g.s.Ply(), open: true}
	g.goID++
	g.hint = hintState{busy: true, id: g.goID, pos: g.s.Position().String(), draw: true}
	g.a.d.Engine.Send(EngineRequest{Type: "position", Variant: g.s.Variant().ID, FEN: g.s.StartPosition(), Moves: g.s.MoveStrings()})
	g.a.d.Engine.Send(EngineRequest{Type: "go", Level: max(g.s.Level, 4), MoveTime: HintMoveTime, Seed: g.s.Ply() + 1, ID: g.goID})
	g.say("You offer a draw; the computer is considering it")
	g.a.out.show = true
	return nil
}

// AnswerDraw accepts or declines the draw a player offered (two players).
func (g *GameController) AnswerDraw(accept bool) error {
	g.a.lock()
	defer g.a.unlock()
	g.lapseDraw()
	if !g.draw.open || g.s.Computer >= 0 {
		return errString("no draw is offered")
	}
	if r, _ := g.s.Outcome(); r != "" {
		return errString("the game is over")
	}
	by := g.draw.by
	g.draw = drawState{}
	if !accept {
		g.say(sideName(int(by.Other())) + " declines the draw")
		g.a.out.show = true
		return nil
	}
	return g.declare(game.Draw, play.ReasonAgreement)
}

// drawWeighed ends the computer's weighing of a draw offer: its search's
// last score, from the side to move's view (the player's, who offered on
// their turn), decides.
func (g *GameController) drawWeighed() {
	d := g.draw
	g.draw = drawState{}
	if !d.open || g.s.Ply() != d.ply {
		return
	}
	ahead := 0 // the computer's view
	switch {
	case d.has:
		ahead = -d.score
	default:
		ahead = DrawAcceptMax + 1 // no score: it plays on
	}
	if ahead > DrawAcceptMax {
		g.say("The computer declines the draw")
		g.a.note("The computer declines the draw: it thinks it stands better")
		g.a.out.show = true
		return
	}
	g.declare(game.Draw, play.ReasonAgreement)
}

// drawInfo notes the score of the computer's weighing search.
func (g *GameController) drawInfo(m EngineAnswer) {
	switch {
	case m.Mate != 0:
		g.draw.score, g.draw.has = 100000*sign(m.Mate), true
	case m.HasScore:
		g.draw.score, g.draw.has = m.Score, true
	}
}

func sign(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}

// lapseDraw drops a standing offer of two players once the player it was
// offered to has moved (moving declines it).
func (g *GameController) lapseDraw() {
	if g.draw.open && g.s.Computer < 0 && g.s.Ply() > g.draw.ply+1 {
		g.draw = drawState{}
	}
}

// canEnd says why the game cannot be resigned or drawn: it is over, or it
// is not a game (a diagram, a board for viewing only).
func (g *GameController) canEnd() error {
	if r, why := g.s.Outcome(); r != "" {
		return errString("the game is over: " + game.ResultWords(r, why))
	}
	if !g.a.opts.interactive || g.a.opts.mode == ModeDiagram {
		return errString("this board is for viewing only")
	}
	return nil
}

// declare ends the game with a declared result, keeps it and says it.
func (g *GameController) declare(result, reason string) error {
	g.abandon()
	g.gen++
	if g.view != g.s.Ply() {
		g.view = g.s.Ply()
	}
	if err := g.s.Declare(result, reason); err != nil {
		return err
	}
	if k := g.s.Clock(); k != nil {
		k.Pause(g.nowMS())
		g.armFlag()
	}
	g.draw = drawState{}
	g.save()
	g.showLive(nil)
	g.say(game.ResultWords(result, reason))
	g.a.out.sounds = append(g.a.out.sounds, SoundEnd)
	g.a.out.events = append(g.a.out.events, HostEvent{Type: "chimera:gameover", Result: result, Reason: reason})
	return nil
}

// Rematch starts the same game again (the same rule set and start, the
// same level) with the colours swapped: the computer plays the other side;
// two players swap who sits at the bottom.
func (g *GameController) Rematch() error {
	g.a.lock()
	defer g.a.unlock()
	if r, _ := g.s.Outcome(); r == "" {
		return errString("the game is not over: resign or offer a draw first")
	}
	set := g.s.Settings
	set.FEN = g.s.StartPosition()
	if set.Computer >= 0 {
		set.Computer = 1 - set.Computer
	}
	s, err := play.New(set)
	if err != nil {
		return err
	}
	turned := !g.flipped()
	g.switchTo(s, "", 0)
	if g.flipped() != turned {
		g.a.prefs.Turned = !g.a.prefs.Turned
		g.a.savePrefs()
		if b := g.board(); b != nil {
			b.SetFlipped(g.flipped())
		}
	}
	g.say("Rematch: " + playersLine(s))
	return nil
}

// playersLine is the players of s in words: "You vs Computer, level 3".
func playersLine(s *play.Session) string {
	_, _, line := playersOf(s.Computer, s.Level)
	return line
}
