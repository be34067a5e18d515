package app

import (
	"fmt"
	"time"

	"chimera/game"
)

// EngineRequest is a message to the engine worker (web/README.md): a
// position to think about ("position": Variant, FEN, Moves), a search
// ("go": Level, MoveTime, Seed, ID) or "stop".
type EngineRequest struct {
	Type     string
	Variant  string
	FEN      string
	Moves    []string
	Level    int
	MoveTime int // ms
	Seed     int
	ID       int // echoed in the answers by engines that know it
	// Analysis (analysis.go, review.go): MultiPV best lines (0: one);
	// Infinite searches until a stop; Depth bounds the search (0: no
	// bound); Nodes > 0 makes it a review search (ai.Analyser's: that many
	// nodes from an empty table, the same answer whatever came before).
	MultiPV  int
	Infinite bool
	Depth    int
	Nodes    int
}

// EngineLine is one of the best lines of an analysis: Score in
// centipawns from the side to move's view, or Mate in moves (N < 0 when
// the side to move is mated); PV its moves (move strings).
type EngineLine struct {
	Score int
	Mate  int
	Depth int
	PV    []string
}

// EngineAnswer is a message from the engine worker: "info" (Depth, Score in
// centipawns from the side to move's view, or Mate in moves, N < 0 when the
// side to move is mated), "bestmove" (Move, "" when there is none), "error"
// (Message) or "ready". ID is the 'go' it answers, 0 when the engine does
// not say.
type EngineAnswer struct {
	Type     string
	ID       int
	Depth    int
	Score    int
	HasScore bool
	Mate     int
	Move     string
	Message  string
	// With an analysis: the best lines (best first), the nodes searched,
	// the time in ms and the principal variation.
	Lines []EngineLine
	Nodes int
	Time  int
	PV    []string
}

// MoveTime is how long the computer thinks at most, in milliseconds (weak
// levels stop earlier by depth).
const MoveTime = 1000

// think asks the engine for a move in the live position.
func (g *GameController) think() {
	if g.a.d.Engine == nil || g.a.opts.mode == ModeDiagram {
		return
	}
	g.goID++
	g.pending = true
	g.depth, g.score, g.engErr = 0, "", ""
	g.a.d.Engine.Send(EngineRequest{Type: "position", Variant: g.s.Variant().ID, FEN: g.s.StartPosition(), Moves: g.s.MoveStrings()})
	g.a.d.Engine.Send(EngineRequest{Type: "go", Level: g.s.Level, MoveTime: g.computerTime(), Seed: g.s.Ply() + 1, ID: g.goID})
	g.a.out.show = true
}

// abandon stops a running search and ignores its answer, and drops a reply
// held back for the board's animation.
func (g *GameController) abandon() {
	if g.pending && g.waiting == 0 {
		g.a.d.Engine.Send(EngineRequest{Type: "stop"})
		g.skip++
	}
	g.pending = false
	g.waiting = 0
	g.depth, g.score = 0, ""
	g.a.out.show = true
}

// stale reports whether an answer belongs to an abandoned search; a
// bestmove ends one.
func (g *GameController) stale(m EngineAnswer) bool {
	if m.ID != 0 {
		if m.Type == "bestmove" && m.ID != g.goID && g.skip > 0 {
			g.skip--
		}
		return m.ID != g.goID || !g.pending
	}
	if g.skip > 0 {
		if m.Type == "bestmove" {
			g.skip--
		}
		return true
	}
	return !g.pending
}

// EngineAnswer takes a message from the engine.
func (g *GameController) EngineAnswer(m EngineAnswer) {
	g.a.lock()
	defer g.a.unlock()
	if g.hintAnswer(m) {
		return
	}
	switch m.Type {
	case "info":
		if g.stale(m) || g.waiting != 0 {
			return
		}
		if m.Depth > 0 {
			g.depth = m.Depth
		}
		white := g.s.Position().Turn() == game.White
		switch {
		case m.Mate != 0:
			n := m.Mate
			if !white {
				n = -n
			}
			g.score = fmt.Sprintf("#%d", n)
		case m.HasScore:
			cp := m.Score
			if !white {
				cp = -cp
			}
			g.score = fmt.Sprintf("%+.1f", float64(cp)/100)
		}
		g.a.out.show = true
	case "bestmove":
		if g.stale(m) {
			return
		}
		if m.Move == "" || !g.s.ComputerToMove() {
			g.pending = false
			g.a.out.show = true
			return
		}
		// The player's own move may still be sliding: the reply waits for it.
		if left := g.animationLeft(); left > 0 {
			g.gen++
			gen := g.gen
			g.waiting = gen
			g.a.d.Clock.AfterFunc(left+20*time.Millisecond, func() { g.reply(gen, m.Move) })
			return
		}
		g.playReply(m.Move)
	case "error":
		if g.stale(m) && m.ID != 0 {
			return
		}
		g.engErr = m.Message
		g.a.out.show = true
	}
}

// animationLeft is how long the game's board still animates (none behind
// a lesson).
func (g *GameController) animationLeft() time.Duration {
	if b := g.board(); b != nil {
		return b.AnimationLeft()
	}
	return 0
}

// reply plays a held-back reply unless the game changed meanwhile.
func (g *GameController) reply(gen int, move string) {
	g.a.lock()
	defer g.a.unlock()
	if g.waiting != gen || g.gen != gen {
		return
	}
	g.waiting = 0
	g.playReply(move)
}

// playReply plays the computer's move.
func (g *GameController) playReply(move string) {
	g.pending = false
	g.depth, g.score = 0, ""
	wasLive := g.view == g.s.Ply()
	e, err := g.s.Play(move)
	if err != nil {
		g.engErr = "the computer's move " + move + " is not legal: " + err.Error()
		g.a.out.show = true
		return
	}
	g.gen++
	g.moved(e)
	g.save()
	if wasLive {
		g.showLive(&e)
		g.playPremove()
		return
	}
	g.premove = ""
	// The player is browsing earlier moves: the board stays where it is.
	g.a.out.show = true
}
