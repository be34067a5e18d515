package app

import (
	"fmt"

	"chimera/ai"
	"chimera/game"
	"chimera/play"
)

// Learn from your mistakes: from a reviewed game, the player's marked
// moves one by one: the board shows the position before the move and the
// player looks for a better one. The engine's best move (at the review's
// effort) is right at once and the move of the game wrong; any other move
// is judged by two searches at twice the review's effort, of the position
// after it and after the best move: it is accepted when ai.GoodEnough
// takes it (within ai.LearnMargin of the best in winning chances), else
// the player tries again. Show the answer, skip, and the count of solved.

// mistakesState is learning from mistakes.
type mistakesState struct {
	side   game.Color
	plies  []int // the player's marked moves (1-based plies of the main line)
	k      int   // the one being solved
	state  string
	said   string
	solved int
	tried  int
	// a candidate being checked: the move, and the two searches' answers
	cand         string
	id           int
	candE, bestE *ai.Eval
	last         EngineAnswer
}

// The states of a mistake being solved.
const (
	learnFind     = "find"     // waiting for the player's move
	learnChecking = "checking" // the engine judges the player's move
	learnRight    = "right"    // solved
	learnShown    = "shown"    // the answer was shown
	learnDone     = "done"     // no mistakes left
)

// MistakesView is learning from mistakes, for the page.
type MistakesView struct {
	Side   string `json:"side"`   // "White"
	State  string `json:"state"`  // find, checking, right, shown, done
	Said   string `json:"said"`   // what the page says now
	Index  int    `json:"index"`  // the mistake shown (1-based)
	Count  int    `json:"count"`  // the player's marked moves
	Solved int    `json:"solved"` // solved so far
}

// LearnMistakes starts learning from the mistakes of side ("white" or
// "black"; "" the player's: the side not played by the computer, or the
// side at the bottom of the board).
func (c *AnalysisController) LearnMistakes(side string) error {
	return c.act(func(st *analysisState) error {
		r := st.review
		if r == nil || r.marks == nil || !r.matches(st.tree) {
			return errString("review the game first")
		}
		col := game.White
		switch side {
		case "black":
			col = game.Black
		case "white":
		default:
			if g := c.a.Game.s; g.Computer >= 0 && g.Variant() == r.v {
				col = game.Color(1 - g.Computer)
			} else if st.flipped {
				col = game.Black
			}
		}
		l := &mistakesState{side: col}
		p, _ := game.Parse(r.v, r.start)
		for i, mk := range r.marks {
			if mk != ai.NoMark && p.Turn() == col && r.evals[i].Best != "" {
				l.plies = append(l.plies, i+1)
			}
			m, _ := p.ParseMove(r.moves[i])
			p.Make(m)
		}
		st.learn = l
		if len(l.plies) == 0 {
			l.state = learnDone
			l.said = fmt.Sprintf("%s made no mistakes to learn from in this game", sideName(int(col)))
			c.a.out.announce = append(c.a.out.announce, l.said)
			return nil
		}
		c.learnShow()
		return nil
	})
}

// learnShow sets up mistake k: the board at the position before it.
func (c *AnalysisController) learnShow() {
	st := c.st
	l := st.learn
	if l.k >= len(l.plies) {
		l.state = learnDone
		l.said = fmt.Sprintf("Done: %d of %d solved", l.solved, len(l.plies))
		c.a.out.announce = append(c.a.out.announce, l.said)
		c.a.out.show = true
		return
	}
	ply := l.plies[l.k]
	st.at = st.tree.MainPath(ply - 1)
	l.state, l.cand, l.candE, l.bestE = learnFind, "", nil, nil
	p := st.tree.Position(st.at)
	m, _ := p.ParseMove(st.review.moves[ply-1])
	l.said = fmt.Sprintf("%s played %s, %s. Find a better move", sideName(int(l.side)), notationAt(p, m), article(st.review.marks[ply-1]))
	c.moved(true)
	c.a.out.announce = append(c.a.out.announce, l.said)
}

// article is "an inaccuracy", "a mistake", "a blunder".
func article(m ai.Mark) string {
	if m == ai.Inaccuracy {
		return "an inaccuracy"
	}
	return "a " + m.String()
}

// learnMove takes the player's move while learning; it reports whether the
// move was the lesson's (else the analysis plays it as usual).
func (c *AnalysisController) learnMove(ms string) bool {
	st := c.st
	l := st.learn
	if l.state != learnFind || l.k >= len(l.plies) || st.at != st.tree.MainPath(l.plies[l.k]-1) {
		return false
	}
	ply := l.plies[l.k]
	r := st.review
	p := st.tree.Position(st.at)
	m, err := p.ParseMove(ms)
	if err != nil {
		return true
	}
	l.tried++
	text := p.Notation(m)
	switch ms {
	case r.evals[ply-1].Best:
		c.learnRight(ms, "Right: "+text+" is the engine's best move", true)
		return true
	case r.moves[ply-1]:
		c.learnWrong(text + " is the move of the game")
		return true
	}
	// the engine judges it: the position after it, and after the best move
	l.state, l.cand, l.candE, l.bestE = learnChecking, ms, nil, nil
	l.said = "Checking " + text + "…"
	e := c.analyst(0)
	if e == nil {
		c.learnWrong(text + " cannot be checked here")
		return true
	}
	c.stopEngine()
	if b := c.board(); b != nil {
		after := p.Clone()
		after.Make(m)
		b.PlayEvent(play.Event(r.v, p.Effects(m)), play.Board(after), nil)
		c.st.drawn = nil
	}
	l.id++
	moves := append(movesTo(st.tree, st.at), ms)
	e.Send(EngineRequest{Type: "position", Variant: r.v.ID, FEN: r.start, Moves: moves})
	e.Send(EngineRequest{Type: "go", Nodes: 2 * reviewNodes, ID: learnID(l.id, 0)})
	e.Send(EngineRequest{Type: "position", Variant: r.v.ID, FEN: r.start, Moves: append(movesTo(st.tree, st.at), r.evals[ply-1].Best)})
	e.Send(EngineRequest{Type: "go", Nodes: 2 * reviewNodes, ID: learnID(l.id, 1)})
	c.a.out.show = true
	return true
}

// learnID is the id of a learning check's search (which 0: the
// candidate's, 1: the best move's).
func learnID(n, which int) int { return 1<<29 + 2*n + which }

// learnAnswer takes an engine answer for a check; it reports whether the
// answer was one.
func (c *AnalysisController) learnAnswer(w int, m EngineAnswer) bool {
	l := c.st.learn
	if w != 0 || m.ID < 1<<29 || m.ID >= 1<<30 {
		return false
	}
	if l.state != learnChecking || (m.ID-1<<29)/2 != l.id {
		return true
	}
	switch m.Type {
	case "info":
		if m.HasScore || m.Mate != 0 {
			l.last = m
		}
	case "bestmove":
		e := &ai.Eval{Score: -l.last.Score, Mate: -l.last.Mate} // the mover's view
		if (m.ID-1<<29)%2 == 0 {
			l.candE = e
		} else {
			l.bestE = e
		}
		l.last = EngineAnswer{}
		if l.candE != nil && l.bestE != nil {
			p := c.shownPosition()
			mv, _ := p.ParseMove(l.cand)
			text := p.Notation(mv)
			if ai.GoodEnough(c.st.tree.Variant(), *l.bestE, *l.candE) {
				c.learnRight(l.cand, fmt.Sprintf("Right: %s is good: its winning chances are within %.1f percentage points of the best move's", text, 100*ai.LearnMargin/2), false)
			} else {
				c.learnWrong(text + " is not good enough")
			}
			c.restart()
		}
	}
	return true
}

// learnRight: the player found a good move (said says so); it goes into
// the tree (a side line of the game).
func (c *AnalysisController) learnRight(ms, said string, animate bool) {
	l := c.st.learn
	l.state = learnRight
	l.solved++
	l.said = said
	c.play(ms, animate)
	c.a.out.announce = append(c.a.out.announce, l.said)
	c.a.out.show = true
}

// learnWrong: try again (the board still shows the position).
func (c *AnalysisController) learnWrong(why string) {
	l := c.st.learn
	l.state = learnFind
	l.said = why + ": try again"
	if b := c.board(); b != nil {
		b.SetPosition(c.shownBoard(), c.targets())
		c.st.drawn = nil
	}
	c.a.out.announce = append(c.a.out.announce, l.said)
	c.a.out.show = true
}

// LearnShow plays the answer (the engine's best move).
func (c *AnalysisController) LearnShow() {
	c.act(func(st *analysisState) error {
		l := st.learn
		if l == nil || l.k >= len(l.plies) || l.state == learnRight || l.state == learnShown {
			return nil
		}
		ply := l.plies[l.k]
		st.at = st.tree.MainPath(ply - 1)
		p := st.tree.Position(st.at)
		best := st.review.evals[ply-1].Best
		m, _ := p.ParseMove(best)
		l.state = learnShown
		l.said = "The answer: " + p.Notation(m)
		c.play(best, true)
		c.a.out.announce = append(c.a.out.announce, l.said)
		return nil
	})
}

// LearnNext goes to the next mistake (skipping this one if unsolved).
func (c *AnalysisController) LearnNext() {
	c.act(func(st *analysisState) error {
		if l := st.learn; l != nil && l.state != learnDone {
			l.k++
			c.learnShow()
		}
		return nil
	})
}

// LearnStop ends learning from mistakes.
func (c *AnalysisController) LearnStop() {
	c.act(func(st *analysisState) error {
		st.learn = nil
		c.restart()
		return nil
	})
}

// learnView is learning from mistakes for the page, nil when off.
func (c *AnalysisController) learnView() *MistakesView {
	l := c.st.learn
	if l == nil {
		return nil
	}
	return &MistakesView{Side: sideName(int(l.side)), State: l.state, Said: l.said, Index: min(l.k+1, len(l.plies)),
		Count: len(l.plies), Solved: l.solved}
}
