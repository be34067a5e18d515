//go:build js

package main

import (
	"fmt"
	"net/url"
	"sync"
	"syscall/js"

	"chimera/game"
	"chimera/play"
	"chimera/render"
	"chimera/render/model"
)

const storageKey = "chimera.game"

// app connects a play.Session, the renderer and the engine worker.
type app struct {
	mu      sync.Mutex
	s       *play.Session
	g       *render.Game
	view    int // ply shown (== s.Ply() when live)
	worker  js.Value
	pending bool // a search is running for the current position (the computer is thinking)
	skip    int  // bestmove answers still to ignore (abandoned searches)
	depth   int
	score   string
}

func main() {
	a := &app{}
	set, fromURL := urlSettings()
	if !fromURL {
		if s := a.restore(); s != nil {
			a.s = s
		}
	}
	if a.s == nil {
		s, err := play.New(set)
		if err != nil {
			js.Global().Get("console").Call("error", "chimera: "+err.Error())
			set.FEN = ""
			s, _ = play.New(set)
		}
		a.s = s
	}
	a.g = render.New(render.Options{OnIntent: a.onIntent, NewGame: model.NewGameSettings{
		Variant: a.s.Variant().ID, Computer: a.s.Computer, Level: a.s.Level}})
	a.g.SetFlipped(a.s.Computer == 0) // a human playing Black sees Black at the bottom
	a.startWorker()
	a.mu.Lock()
	a.showLocked(nil)
	a.mu.Unlock()
	a.installHook()
	render.Run(a.g, "Chimera")
}

// urlSettings reads the URL parameters variant, fen, ai (white, black, none)
// and level; fromURL reports whether any was given.
func urlSettings() (play.Settings, bool) {
	set := play.DefaultSettings
	u, err := url.Parse(js.Global().Get("location").Get("href").String())
	if err != nil {
		return set, false
	}
	q := u.Query()
	if v := q.Get("variant"); v != "" {
		set.Variant = v
	}
	set.FEN = q.Get("fen")
	switch q.Get("ai") {
	case "white":
		set.Computer = 0
	case "black":
		set.Computer = 1
	case "none":
		set.Computer = -1
	}
	if l := q.Get("level"); l != "" {
		fmt.Sscan(l, &set.Level)
	}
	if _, err := game.VariantByID(set.Variant); err != nil {
		set.Variant = "bedlam"
	}
	return set, q.Has("variant") || q.Has("fen") || q.Has("ai") || q.Has("level")
}

func (a *app) restore() *play.Session {
	ls := js.Global().Get("localStorage")
	if ls.IsUndefined() || ls.IsNull() {
		return nil
	}
	v := ls.Call("getItem", storageKey)
	if v.IsNull() || v.IsUndefined() {
		return nil
	}
	s, err := play.Load([]byte(v.String()))
	if err != nil {
		return nil
	}
	return s
}

func (a *app) saveLocked() {
	defer func() { recover() }() // storage may be unavailable (private mode, embedded)
	ls := js.Global().Get("localStorage")
	if !ls.IsUndefined() && !ls.IsNull() {
		ls.Call("setItem", storageKey, string(a.s.Save()))
	}
}

// showLocked pushes the live position to the renderer, animating ev if given,
// and starts the computer when it is its turn.
func (a *app) showLocked(ev *game.Effect) {
	p := a.s.Position()
	a.view = a.s.Ply()
	board := play.Board(p)
	targets := play.Targets(p)
	if a.s.ComputerToMove() {
		targets = nil // the human waits; browsing the list stays possible
	}
	if ev != nil {
		a.g.PlayEvent(play.Event(a.s.Variant(), *ev), board, targets)
	} else {
		a.g.SetPosition(board, targets)
	}
	a.g.SetMoves(a.s.Notation(), a.view)
	res, why := a.s.Outcome()
	if res != "" {
		a.g.SetGameOver(banner(res, why))
	} else {
		a.g.SetGameOver("")
	}
	a.saveLocked()
	if a.s.ComputerToMove() && !a.pending {
		a.think()
	}
}

func banner(res, why string) string {
	switch res {
	case game.WhiteWins:
		return "White wins: " + why
	case game.BlackWins:
		return "Black wins: " + why
	}
	return "Draw: " + why
}

// onIntent acts on the player's requests (called from the game loop).
func (a *app) onIntent(in model.Intent) {
	a.mu.Lock()
	defer a.mu.Unlock()
	switch in.Kind {
	case model.IntentMove:
		if a.view != a.s.Ply() || a.s.ComputerToMove() {
			return
		}
		if e, err := a.s.Play(in.Move); err == nil {
			a.showLocked(&e)
		}
	case model.IntentViewPly:
		if in.Ply == a.s.Ply() {
			a.showLocked(nil)
			return
		}
		p := a.s.PositionAt(in.Ply)
		a.view = in.Ply
		a.g.SetPosition(play.Board(p), nil)
		a.g.SetMoves(a.s.Notation(), in.Ply)
	case model.IntentNewGame:
		s, err := play.New(play.Settings{Variant: in.NewGame.Variant, Computer: in.NewGame.Computer, Level: in.NewGame.Level})
		if err != nil {
			return
		}
		a.abandon()
		a.s = s
		a.g.SetFlipped(s.Computer == 0)
		a.showLocked(nil)
	case model.IntentUndo:
		a.abandon()
		if a.s.UndoTurn() {
			a.showLocked(nil)
		}
	case model.IntentRedo:
		a.abandon()
		if e, ok := a.s.RedoTurn(); ok {
			a.showLocked(&e)
		}
	}
}

// abandon stops a running search and ignores its answer.
func (a *app) abandon() {
	if a.pending {
		a.worker.Call("postMessage", map[string]any{"type": "stop"})
		a.pending = false
		a.skip++
	}
	a.setThinking(false)
}

func (a *app) setThinking(on bool) {
	if !on {
		a.depth, a.score = 0, ""
	}
	a.g.SetThinking(on, a.depth, a.score)
}

func (a *app) startWorker() {
	w := js.Global().Get("Worker")
	if w.IsUndefined() {
		return
	}
	a.worker = w.New("engine-worker.js")
	a.worker.Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := args[0].Get("data")
		go a.onEngine(msg)
		return nil
	}))
}

// think asks the engine for a move in the current position.
func (a *app) think() {
	if a.worker.IsUndefined() || a.worker.IsNull() {
		return
	}
	moves := make([]any, 0, a.s.Ply())
	for _, m := range a.s.MoveStrings() {
		moves = append(moves, m)
	}
	a.worker.Call("postMessage", map[string]any{"type": "position", "variant": a.s.Variant().ID,
		"fen": a.s.StartPosition(), "moves": moves})
	a.worker.Call("postMessage", map[string]any{"type": "go", "level": a.s.Level, "movetime": 1000,
		"seed": a.s.Ply() + 1})
	a.pending = true
	a.setThinking(true)
}

func (a *app) onEngine(msg js.Value) {
	a.mu.Lock()
	defer a.mu.Unlock()
	switch msg.Get("type").String() {
	case "info":
		if !a.pending {
			return
		}
		if d := msg.Get("depth"); d.Type() == js.TypeNumber {
			a.depth = d.Int()
		}
		if m := msg.Get("mate"); m.Type() == js.TypeNumber && m.Int() != 0 {
			a.score = fmt.Sprintf("M%d", m.Int())
		} else if sc := msg.Get("score"); sc.Type() == js.TypeNumber {
			cp := sc.Int()
			if a.s.Position().Turn() == game.Black {
				cp = -cp // show from White's side
			}
			a.score = fmt.Sprintf("%+.2f", float64(cp)/100)
		}
		a.g.SetThinking(true, a.depth, a.score)
	case "bestmove":
		if a.skip > 0 {
			a.skip--
			return
		}
		a.pending = false
		a.setThinking(false)
		mv := msg.Get("move").String()
		if !a.s.ComputerToMove() || mv == "" {
			return
		}
		wasLive := a.view == a.s.Ply()
		e, err := a.s.Play(mv)
		if err != nil {
			return
		}
		if wasLive {
			a.showLocked(&e)
		} else {
			a.g.SetMoves(a.s.Notation(), a.view)
			a.saveLocked()
		}
	case "error":
		js.Global().Get("console").Call("warn", "engine: "+msg.Get("message").String())
	}
}

// installHook publishes window.chimera for automated browser tests.
func (a *app) installHook() {
	colorArg := func(v js.Value) int {
		if v.Type() == js.TypeNumber {
			return v.Int()
		}
		if s := v.String(); s == "black" || s == "b" {
			return 1
		}
		return 0
	}
	hook := map[string]any{
		"state": js.FuncOf(func(js.Value, []js.Value) any {
			a.mu.Lock()
			defer a.mu.Unlock()
			moves := []any{}
			for _, m := range a.s.MoveStrings() {
				moves = append(moves, m)
			}
			res, why := a.s.Outcome()
			return map[string]any{"variant": a.s.Variant().ID, "position": a.s.Position().String(),
				"moves": moves, "result": res, "reason": why, "turn": a.s.Position().Turn().String(),
				"thinking": a.pending, "animating": a.g.Animating(), "fps": a.g.FPS(), "tps": a.g.TPS(), "repaints": a.g.Repaints(),
				"ply": a.view, "flipped": a.g.Flipped()}
		}),
		"squareCenter": js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) < 1 {
				return nil
			}
			p, ok := a.g.SquareCenter(model.ParseSquare(args[0].String()))
			if !ok {
				return nil
			}
			return map[string]any{"x": p.X, "y": p.Y}
		}),
		"handCenter": js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) < 2 || args[1].String() == "" {
				return nil
			}
			p, ok := a.g.HandCenter(colorArg(args[0]), args[1].String()[0])
			if !ok {
				return nil
			}
			return map[string]any{"x": p.X, "y": p.Y}
		}),
		"choices": js.FuncOf(func(js.Value, []js.Value) any {
			cs := a.g.Choices()
			if cs == nil {
				return nil
			}
			opts := []any{}
			for _, c := range cs {
				opts = append(opts, map[string]any{"label": c.Label, "move": c.Move, "x": c.X, "y": c.Y})
			}
			return map[string]any{"options": opts}
		}),
		"record": js.FuncOf(func(js.Value, []js.Value) any {
			a.mu.Lock()
			defer a.mu.Unlock()
			return a.s.Record()
		}),
	}
	js.Global().Set("chimera", js.ValueOf(hook))
}
