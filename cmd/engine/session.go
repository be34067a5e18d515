// Command engine is the computer player for the browser: built with
// GOOS=js GOARCH=wasm it runs in a Web Worker (web/engine-worker.js), which
// calls the global function self.chimeraEngine(msg) for each message from
// the page; the engine answers with self.postMessage. Built natively it
// reads the same messages as JSON lines on standard input and writes the
// answers as JSON lines (for tests and tools; lines up to 4 MiB, a longer
// one is refused with an error). web/README.md describes the protocol for
// the page.
//
// Messages in:
//
//	{type:'position', variant, fen, moves:[...move strings]}  fen may be '' or 'startpos'
//	{type:'go', movetime, depth, level, seed, id}             all optional; level 1-8 (default 8),
//	                                                          movetime ms (default 1000), depth
//	                                                          plies (0: no limit), id echoed back
//	{type:'stop'}                                             answer bestmove now
//
// Messages out:
//
//	{type:'info', depth, score, mate, pv:[...], nodes, time, id}
//	        progress: after each iteration, and about every 100 ms while
//	        one runs (depth is then the iteration being searched, score and pv
//	        the last completed one's); score is centipawns for the side to
//	        move, or the string 'mate N' with mate: N (N < 0: mated)
//	{type:'bestmove', move, id}
//	        the answer to one 'go'; move '' when there is none (see below)
//	{type:'error', message, id}
//	        a message that was refused, or a 'go' that cannot be searched
//	        (then with the go's id)
//
// ('ready' is posted by engine-worker.js once this program has registered
// self.chimeraEngine.)
//
// Guarantees:
//   - Every 'go' gets exactly one 'bestmove' (carrying the go's id, if it
//     had one), whatever else arrives, in the order the gos came. A 'go'
//     whose fields are refused, or with no valid position, gets an 'error'
//     and then a 'bestmove' with an empty move and error set.
//   - A 'position' or 'go' that arrives while a search runs stops that
//     search (its 'bestmove' is still sent, with the best move found so
//     far). A 'go' that has not started when a later 'position' or 'go'
//     arrives is superseded: it is answered at once with an empty move and
//     superseded: true. A 'stop' makes a 'go' that has not started yet
//     answer from a depth-1 search.
//   - Only the newest position matters: a 'position' is parsed when a 'go'
//     needs it, so a flood of them costs one parse; its errors are reported
//     then.
//   - Receiving a message never waits for a search (in the browser, it
//     never blocks the worker's event loop); a message that is not an
//     object, has no known type, or has a field of the wrong type or range
//     is answered with an 'error'.
package main

import (
	"errors"
	"math"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"chimera/ai"
	"chimera/game"
)

// Limits on what a message may ask for.
const (
	maxMoves    = 20_000        // moves in a 'position'
	maxMoveTime = 24 * 3600_000 // ms in a 'go'
	maxSeed     = 1<<53 - 1     // integers a JavaScript number holds exactly
	infoEvery   = 100 * time.Millisecond
)

// message is an incoming message, checked by decodeMessage.
type message struct {
	Type     string
	Variant  string
	FEN      string
	Moves    []string
	MoveTime int // ms; 0: default
	Depth    int
	Level    int // 0: 8
	Seed     uint64
	ID       any // nil, a string or a float64, echoed in the answers
}

// out is an outgoing message: keys and values (numbers, strings, string
// lists, booleans).
type out map[string]any

// position is the newest 'position' message, parsed when a 'go' needs it.
type position struct {
	msg    message
	parsed bool
	pos    *game.Position
	err    error
}

// request is a 'go' waiting to be searched.
type request struct {
	msg message
	pos *position // the newest position when it arrived
	seq uint64
	err error // why the message was refused, or nil
}

// session keeps the engine state between messages. handle never waits for
// a search: it records the message under mu and wakes the loop goroutine,
// which runs the searches one at a time.
type session struct {
	eng    *ai.Engine
	post   func(out)
	yield  func()        // called every 1024 nodes of a search (nil: none)
	settle func()        // called before the loop takes a request (nil: none)
	wake   chan struct{} // capacity 1: the state changed

	infoEvery time.Duration // progress reports while an iteration runs

	// cancel asks the running search to stop. It is checked every 1024
	// nodes (Config.Yield), so a request that arrives just before a search
	// starts is not lost (Search clears ai.Engine's own stop flag).
	cancel atomic.Bool

	mu        sync.Mutex
	idle      *sync.Cond // signalled when a 'go' is answered
	pos       *position  // the newest position (nil: none yet)
	queue     []request  // gos not started, oldest first
	seq       uint64     // gos received
	stopSeq   uint64     // seq at the last 'stop'
	searching bool       // the loop is running a search
	open      int        // gos not yet answered
}

// newSession starts a session that answers with post. The platform's
// yield is called every 1024 nodes of a search and settle before each
// request is taken: under js/wasm both give the event loop a turn, so that
// messages get in (settle lets a burst of messages all arrive before the
// loop looks, and makes the call that delivered a message return at once
// instead of running the start of a search). Either may be nil.
func newSession(post func(out), yield, settle func()) *session {
	s := &session{eng: ai.NewEngine(32), post: post, yield: yield, settle: settle, wake: make(chan struct{}, 1), infoEvery: infoEvery}
	s.idle = sync.NewCond(&s.mu)
	go s.loop()
	return s
}

// handleRaw takes a message in its JSON form (an object decoded to a map of
// strings, float64s, bools, nils, []any and map[string]any) or anything
// else that arrived; it never blocks.
func (s *session) handleRaw(v any) {
	m, err := decodeMessage(v)
	if err == nil {
		s.handle(m)
		return
	}
	if m.Type != "go" {
		s.post(out{"type": "error", "message": "engine: " + err.Error()})
		return
	}
	// a refused 'go' is still a 'go': answered in its turn
	s.enqueue(m, err)
}

// handle takes one checked message; it never blocks.
func (s *session) handle(m message) {
	switch m.Type {
	case "go":
		s.enqueue(m, nil)
		return
	case "stop", "position":
	default:
		s.post(out{"type": "error", "message": "engine: unknown message type " + strconv.Quote(m.Type)})
		return
	}
	s.mu.Lock()
	if m.Type == "stop" {
		s.stopSeq = s.seq
	} else {
		s.pos = &position{msg: m}
	}
	if s.searching {
		s.cancel.Store(true)
	}
	s.mu.Unlock()
}

// enqueue queues a 'go' (err: the reason it is refused) and wakes the loop.
func (s *session) enqueue(m message, err error) {
	s.mu.Lock()
	s.seq++
	s.open++
	s.queue = append(s.queue, request{msg: m, pos: s.pos, seq: s.seq, err: err})
	if s.searching {
		s.cancel.Store(true)
	}
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// wait returns when every 'go' received so far has been answered.
func (s *session) wait() {
	s.mu.Lock()
	for s.open > 0 {
		s.idle.Wait()
	}
	s.mu.Unlock()
}

// loop answers the gos in order, searching only the newest.
func (s *session) loop() {
	for range s.wake {
		for {
			if s.settle != nil {
				s.settle()
			}
			s.mu.Lock()
			if len(s.queue) == 0 {
				s.mu.Unlock()
				break
			}
			r := s.queue[0]
			s.queue[0] = request{}
			s.queue = s.queue[1:]
			if len(s.queue) == 0 {
				s.queue = nil // let a flood's backing array go
			}
			superseded := len(s.queue) > 0 || s.pos != r.pos
			stopped := s.stopSeq >= r.seq
			if !superseded && r.err == nil {
				s.searching = true
				s.cancel.Store(false)
			}
			s.mu.Unlock()

			switch {
			case r.err != nil:
				s.post(errorFor(r.msg, r.err))
				s.post(answer(r.msg, "", out{"error": r.err.Error()}))
			case superseded:
				s.post(answer(r.msg, "", out{"superseded": true}))
			default:
				s.search(r, stopped)
			}

			s.mu.Lock()
			s.searching = false
			s.open--
			s.idle.Broadcast()
			s.mu.Unlock()
		}
	}
}

// answer is the bestmove message for go m, with extra fields.
func answer(m message, move string, extra out) out {
	o := out{"type": "bestmove", "move": move}
	if m.ID != nil {
		o["id"] = m.ID
	}
	for k, v := range extra {
		o[k] = v
	}
	return o
}

// errorFor is the error message about go m, with its id.
func errorFor(m message, err error) out {
	o := out{"type": "error", "message": "engine: " + err.Error()}
	if m.ID != nil {
		o["id"] = m.ID
	}
	return o
}

// get returns the position of a 'position' message, parsing it once.
func (pm *position) get() (*game.Position, error) {
	if pm.parsed {
		return pm.pos, pm.err
	}
	pm.parsed = true
	m := pm.msg
	v, err := game.VariantByID(m.Variant)
	if err != nil {
		pm.err = err
		return nil, err
	}
	fen := m.FEN
	if fen == "" {
		fen = "startpos"
	}
	p, err := game.Parse(v, fen)
	if err != nil {
		pm.err = err
		return nil, err
	}
	for i, ms := range m.Moves {
		mv, err := p.ParseMove(ms)
		if err != nil {
			pm.err = errors.New("move " + itoa(i+1) + ": " + err.Error())
			return nil, pm.err
		}
		p.Make(mv)
	}
	pm.pos = p
	return p, nil
}

// search answers request r with a search of its position (a depth-1 search
// when a 'stop' came before it started).
func (s *session) search(r request, stopped bool) {
	m := r.msg
	var p *game.Position
	err := errors.New("go without a position")
	if r.pos != nil {
		p, err = r.pos.get()
	}
	if err != nil {
		s.post(errorFor(m, err))
		s.post(answer(m, "", out{"error": err.Error()}))
		return
	}
	lvl := m.Level
	if lvl <= 0 {
		lvl = ai.MaxLevel
	}
	mt := time.Duration(m.MoveTime) * time.Millisecond
	cfg := ai.LevelConfig(lvl, mt, m.Seed)
	if m.Depth > 0 && (cfg.Depth == 0 || m.Depth < cfg.Depth) {
		cfg.Depth = m.Depth
	}
	if stopped {
		cfg.Depth, cfg.Nodes = 1, 0
	}
	cfg.Yield = func() {
		if s.yield != nil {
			s.yield()
		}
		if s.cancel.Load() {
			s.eng.Stop()
		}
	}
	cfg.InfoEvery = s.infoEvery
	cfg.OnInfo = func(i ai.Info) { s.post(infoMessage(p, i, m.ID)) }
	res := s.eng.Search(p, cfg)
	move := ""
	if res.Move != game.NoMove {
		move = p.MoveString(res.Move)
	}
	s.post(answer(m, move, nil))
}

// infoMessage converts a progress report to its message.
func infoMessage(p *game.Position, i ai.Info, id any) out {
	pv := make([]string, 0, len(i.PV))
	q := p.Clone()
	for _, m := range i.PV {
		pv = append(pv, q.MoveString(m))
		q.Make(m)
	}
	o := out{"type": "info", "depth": i.Depth, "nodes": float64(i.Nodes), "time": i.Time.Milliseconds(), "pv": pv}
	if i.Mate != 0 {
		o["score"] = "mate " + strconv.Itoa(i.Mate)
		o["mate"] = i.Mate
	} else {
		o["score"] = i.Score
	}
	if id != nil {
		o["id"] = id
	}
	return o
}

// decodeMessage checks a message in its JSON form. On an error the
// returned message still has the type, when it could be read, and the id.
func decodeMessage(v any) (message, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return message{}, errors.New("message is not an object (" + jsonKind(v) + ")")
	}
	var m message
	typ, ok := obj["type"].(string)
	if !ok {
		if _, has := obj["type"]; !has {
			return m, errors.New("message has no type")
		}
		return m, errors.New("message type is " + jsonKind(obj["type"]) + ", want a string")
	}
	m.Type = typ
	if id, has := obj["id"]; has && id != nil {
		switch x := id.(type) {
		case string:
			m.ID = x
		case float64:
			m.ID = x
		default:
			return m, errors.New(typ + ": id is " + jsonKind(id) + ", want a string or a number")
		}
	}
	str := func(k string) (string, error) {
		x, has := obj[k]
		if !has || x == nil {
			return "", nil
		}
		if s, ok := x.(string); ok {
			return s, nil
		}
		return "", errors.New(typ + ": " + k + " is " + jsonKind(x) + ", want a string")
	}
	num := func(k string, lo, hi float64) (float64, error) {
		x, has := obj[k]
		if !has || x == nil {
			return 0, nil
		}
		f, ok := x.(float64)
		if !ok {
			return 0, errors.New(typ + ": " + k + " is " + jsonKind(x) + ", want a number")
		}
		if math.IsNaN(f) || f != math.Trunc(f) || f < lo || f > hi {
			return 0, errors.New(typ + ": " + k + " " + ftoa(f) + ", want a whole number from " + ftoa(lo) + " to " + ftoa(hi))
		}
		return f, nil
	}
	var err error
	switch typ {
	case "stop":
	case "position":
		if m.Variant, err = str("variant"); err != nil {
			return m, err
		}
		if m.FEN, err = str("fen"); err != nil {
			return m, err
		}
		if x, has := obj["moves"]; has && x != nil {
			list, ok := x.([]any)
			if !ok {
				return m, errors.New("position: moves is " + jsonKind(x) + ", want an array of move strings")
			}
			if len(list) > maxMoves {
				return m, errors.New("position: " + itoa(len(list)) + " moves, at most " + itoa(maxMoves))
			}
			m.Moves = make([]string, len(list))
			for i, e := range list {
				s, ok := e.(string)
				if !ok {
					return m, errors.New("position: moves[" + itoa(i) + "] is " + jsonKind(e) + ", want a move string")
				}
				m.Moves[i] = s
			}
		}
	case "go":
		var f float64
		if f, err = num("movetime", 0, maxMoveTime); err != nil {
			return m, err
		}
		m.MoveTime = int(f)
		if f, err = num("depth", 0, 1000); err != nil {
			return m, err
		}
		m.Depth = int(f)
		if f, err = num("level", 0, ai.MaxLevel); err != nil {
			return m, err
		}
		m.Level = int(f)
		if f, err = num("seed", 0, maxSeed); err != nil {
			return m, err
		}
		m.Seed = uint64(f)
	default:
		return m, errors.New("unknown message type " + strconv.Quote(typ))
	}
	return m, nil
}

// itoa and ftoa format numbers for messages (the engine does without fmt,
// which would make engine.wasm 0.4 MB larger).
func itoa(n int) string { return strconv.Itoa(n) }

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// messageKeys are the fields a message may have.
var messageKeys = []string{"type", "id", "variant", "fen", "moves", "movetime", "depth", "level", "seed"}

// otherKind stands for a value JSON has no type for (a JavaScript function,
// symbol or undefined), by its name.
type otherKind string

// jsonKind names the JSON type of a decoded value, for error messages.
func jsonKind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	case otherKind:
		return string(x)
	}
	return "an unknown value"
}
