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
}

// MoveTime is how long the computer thinks at most, in milliseconds (weak
// levels stop earlier by depth).
const MoveTime = 1000

// think asks the engine for a move in the live position.
func (a *App) think() {
	if a.d.Engine == nil || a.opts.mode == ModeDiagram {
		return
	}
	a.goID++
	a.pending = true
	a.depth, a.score, a.engErr = 0, "", ""
	a.d.Engine.Send(EngineRequest{Type: "position", Variant: a.s.Variant().ID, FEN: a.s.StartPosition(), Moves: a.s.MoveStrings()})
	a.d.Engine.Send(EngineRequest{Type: "go", Level: a.s.Level, MoveTime: MoveTime, Seed: a.s.Ply() + 1, ID: a.goID})
	a.out.show = true
}

// abandon stops a running search and ignores its answer, and drops a reply
// held back for the board's animation.
func (a *App) abandon() {
	if a.pending && a.waiting == 0 {
		a.d.Engine.Send(EngineRequest{Type: "stop"})
		a.skip++
	}
	a.pending = false
	a.waiting = 0
	a.depth, a.score = 0, ""
	a.out.show = true
}

// stale reports whether an answer belongs to an abandoned search; a
// bestmove ends one.
func (a *App) stale(m EngineAnswer) bool {
	if m.ID != 0 {
		if m.Type == "bestmove" && m.ID != a.goID && a.skip > 0 {
			a.skip--
		}
		return m.ID != a.goID || !a.pending
	}
	if a.skip > 0 {
		if m.Type == "bestmove" {
			a.skip--
		}
		return true
	}
	return !a.pending
}

// EngineAnswer takes a message from the engine.
func (a *App) EngineAnswer(m EngineAnswer) {
	a.lock()
	defer a.unlock()
	if a.hintAnswer(m) {
		return
	}
	switch m.Type {
	case "info":
		if a.stale(m) || a.waiting != 0 {
			return
		}
		if m.Depth > 0 {
			a.depth = m.Depth
		}
		white := a.s.Position().Turn() == game.White
		switch {
		case m.Mate != 0:
			n := m.Mate
			if !white {
				n = -n
			}
			a.score = fmt.Sprintf("#%d", n)
		case m.HasScore:
			cp := m.Score
			if !white {
				cp = -cp
			}
			a.score = fmt.Sprintf("%+.1f", float64(cp)/100)
		}
		a.out.show = true
	case "bestmove":
		if a.stale(m) {
			return
		}
		if m.Move == "" || !a.s.ComputerToMove() {
			a.pending = false
			a.out.show = true
			return
		}
		// The player's own move may still be sliding: the reply waits for it.
		if left := a.board().AnimationLeft(); left > 0 {
			a.gen++
			gen := a.gen
			a.waiting = gen
			a.d.Clock.AfterFunc(left+20*time.Millisecond, func() { a.reply(gen, m.Move) })
			return
		}
		a.playReply(m.Move)
	case "error":
		if a.stale(m) && m.ID != 0 {
			return
		}
		a.engErr = m.Message
		a.out.show = true
	}
}

// reply plays a held-back reply unless the game changed meanwhile.
func (a *App) reply(gen int, move string) {
	a.lock()
	defer a.unlock()
	if a.waiting != gen || a.gen != gen {
		return
	}
	a.waiting = 0
	a.playReply(move)
}

// playReply plays the computer's move.
func (a *App) playReply(move string) {
	a.pending = false
	a.depth, a.score = 0, ""
	wasLive := a.view == a.s.Ply()
	e, err := a.s.Play(move)
	if err != nil {
		a.engErr = "the computer's move " + move + " is not legal: " + err.Error()
		a.out.show = true
		return
	}
	a.gen++
	a.moved(e)
	a.save()
	if wasLive {
		a.showLive(&e)
		return
	}
	// The player is browsing earlier moves: the board stays where it is.
	a.out.show = true
}
