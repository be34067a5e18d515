package app

import (
	"strings"

	"chimera/game"
	"chimera/play"
)

// Candidate is a legal move offered for what was typed in the move box.
type Candidate struct {
	Move  string `json:"move"`  // move string (RULES.md §5)
	Text  string `json:"text"`  // human notation (RULES.md §6)
	Words string `json:"words"` // in words
}

// MaxCandidates is the most moves the move box lists.
const MaxCandidates = 12

// Match returns the legal moves of the live position that what was typed
// may mean: the human notation or the move string, whole or begun, with or
// without the capture, check and separator marks ("Ng1-f3", "Ng1f3",
// "g1f3", "Nf3", "e4", "N@e4", "*e4", "exd5"). exact is set when the text
// names exactly one move. It returns nothing when the player cannot move
// (the computer's turn, an earlier ply shown, the game over).
func (g *GameController) Match(typed string) (c []Candidate, exact bool) {
	g.a.lock()
	defer g.a.unlock()
	return g.match(typed)
}

func (g *GameController) match(typed string) ([]Candidate, bool) {
	if strings.TrimSpace(typed) == "" || g.view != g.s.Ply() || g.s.ComputerToMove() {
		return nil, false
	}
	if r, _ := g.s.Outcome(); r != "" {
		return nil, false
	}
	p := g.s.Position()
	moves, exact := play.Match(p, typed)
	if len(moves) > MaxCandidates {
		moves = moves[:MaxCandidates]
	}
	cs := make([]Candidate, len(moves))
	for i, m := range moves {
		cs[i] = Candidate{Move: p.MoveString(m), Text: p.Notation(m), Words: p.Describe(m)}
	}
	return cs, exact
}

// PlayTyped plays the move typed in the move box if it names exactly one
// legal move; else it says why not.
func (g *GameController) PlayTyped(typed string) error {
	g.a.lock()
	defer g.a.unlock()
	if strings.TrimSpace(typed) == "" {
		return errString("type a move, e.g. e2e4 or Ng1-f3")
	}
	if g.view != g.s.Ply() {
		return errString("you are viewing an earlier move: go to the last move to play")
	}
	if r, why := g.s.Outcome(); r != "" {
		return errString("the game is over: " + game.ResultWords(r, why))
	}
	if !g.a.opts.interactive || g.a.opts.mode == ModeDiagram {
		return errString("this board is for viewing only")
	}
	if g.s.ComputerToMove() {
		// A move typed while the computer thinks is a premove (premove.go).
		if len(g.premoveTargets()) == 0 {
			return errString("it is the computer's turn")
		}
		p := g.s.PositionAt(g.s.Ply())
		p.MakeNull()
		moves, exact := play.Match(p, typed)
		if !exact {
			if len(moves) == 0 {
				return errString(play.Quote(typed) + " is not a move you could premove here")
			}
			return errString(play.Quote(typed) + " could be several moves")
		}
		g.queuePremove(p.MoveString(moves[0]))
		return nil
	}
	cs, exact := g.match(typed)
	switch {
	case exact:
		return g.playHuman(cs[0].Move)
	case len(cs) == 0:
		return errString(play.Quote(typed) + " is not a legal move here")
	}
	return errString(play.Quote(typed) + " could be several moves: " + candidatesText(cs))
}

func candidatesText(cs []Candidate) string {
	var t []string
	for i, c := range cs {
		if i == 4 {
			t = append(t, "…")
			break
		}
		t = append(t, c.Text)
	}
	return strings.Join(t, ", ")
}
