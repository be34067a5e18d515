// Command engine is the computer player: the AI (package ai) behind a
// small message protocol. Built with GOOS=js GOARCH=wasm it is
// engine.wasm, which web/engine-worker.js runs in the page's Web Worker
// (js.go); built natively it reads the same messages as JSON lines on
// standard input and writes its answers as JSON lines on standard output
// (stdio.go: for tests and tools; `engine <requests >answers`, no flags or
// arguments).
//
// The protocol (the messages, their limits, the errors, how ids are echoed
// and what the engine guarantees whatever it is sent) is written down once,
// in web/README.md, "The engine protocol". In short: 'position' sets the
// game, 'go' asks for a move and gets exactly one 'bestmove' carrying its
// id (after 'info' progress reports, or an 'error' when it cannot be
// searched), 'stop' (or, natively, the end of input) answers now; a go
// with 'multipv' reports that many lines in each info, and an 'infinite'
// one (analysis) searches, and answers, only until stopped; 'nodes' makes
// it a reproducible review search and 'threat' searches the position with
// the other side to move; a
// refused message gets an 'error' that quotes at most 80 characters of it.
// session.go implements it for both builds.
package main

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"chimera/ai"
	"chimera/game"
	"chimera/internal/clip"
)

// Limits on what a message may ask for.
const (
	maxMoves    = 20_000    // moves in a 'position'
	maxMoveLen  = 16        // bytes of a move string (the longest, "a7b8/lxqq", has 9)
	maxMoveTime = 600_000   // ms in a 'go': 10 minutes
	maxSeed     = 1<<53 - 1 // integers a JavaScript number holds exactly
	maxID       = 256       // bytes of a go's id (a string, or natively a number's text)
	maxMultiPV  = 5         // lines a 'go' may ask for
	maxNodes    = 1e9       // a review search's node budget
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
	MultiPV  int  // 0: absent (one line, no 'lines' in the infos)
	Nodes    int  // > 0: a review search (ai.Analyser) of this many nodes
	Infinite bool // no time limit: the search runs until stopped
	Threat   bool // search the position with the other side to move (a null move)
	ID       any  // nil, a string, a float64 or a numberText, echoed in the answers
}

// numberText is a JSON number as the native engine reads numbers
// (JavaScript's arrive as float64s): its text and value, so that a number
// no float64 holds (1e400, value +Inf) is still a number, and an id comes
// back digit for digit. (stdio.go parses the value: strconv.ParseFloat
// would make engine.wasm 25 kB larger.)
type numberText struct {
	text  string
	value float64
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
	review *ai.Analyser // made at the first review search
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
	cancelled *sync.Cond // signalled when cancel is set (an infinite search waits for it)
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
	s.cancelled = sync.NewCond(&s.mu)
	go s.loop()
	return s
}

// handleRaw takes a message in its JSON form (an object decoded to a map of
// strings, float64s or numberTexts, bools, nils, []any and map[string]any)
// or anything else that arrived; it never blocks.
func (s *session) handleRaw(v any) {
	m, err := decodeMessage(v)
	switch {
	case err == nil:
		s.handle(m)
	case m.Type == "go":
		// a refused 'go' is still a 'go': answered in its turn
		s.enqueue(m, err)
	default:
		s.post(out{"type": "error", "message": "engine: " + err.Error()})
		if m.Type == "position" {
			s.refusePosition(err)
		}
	}
}

// refusePosition replaces the position with none: the gos after it are
// refused with err until a valid 'position' arrives (rather than searched
// in a position the sender meant to replace).
func (s *session) refusePosition(err error) {
	s.setPosition(&position{parsed: true, err: err})
}

// setPosition makes p the newest position; it stops a running search.
func (s *session) setPosition(p *position) {
	s.mu.Lock()
	s.pos = p
	if s.searching {
		s.stopSearch()
	}
	s.mu.Unlock()
}

// stopSearch asks the running search to stop (s.mu held).
func (s *session) stopSearch() {
	s.cancel.Store(true)
	s.cancelled.Broadcast()
}

// handle takes one checked message; it never blocks.
func (s *session) handle(m message) {
	switch m.Type {
	case "go":
		s.enqueue(m, nil)
		return
	case "position":
		s.setPosition(&position{msg: m})
		return
	case "stop":
	default:
		s.post(out{"type": "error", "message": "engine: unknown message type " + clip.Quote(m.Type)})
		return
	}
	s.mu.Lock()
	s.stopSeq = s.seq
	if s.searching {
		s.stopSearch()
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
		s.stopSearch()
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
		pm.err = errors.New(clip.Shorten(err.Error(), m.Variant))
		return nil, pm.err
	}
	fen := m.FEN
	if fen == "" {
		fen = "startpos"
	}
	p, err := game.Parse(v, fen)
	if err != nil {
		field, text, why, ok := clip.Position(err)
		switch {
		case !ok:
			pm.err = err
		case field == "":
			pm.err = errors.New("position " + clip.Quote(m.FEN) + ": " + why)
		default:
			pm.err = errors.New("position " + field + " " + text + ": " + why)
		}
		return nil, pm.err
	}
	for i, ms := range m.Moves {
		mv, err := p.ParseMove(ms)
		if err != nil {
			why := err.Error()
			if me, ok := err.(*game.MoveError); ok {
				why = me.Why // the move strings are short (maxMoveLen)
			}
			pm.err = errors.New("move " + itoa(i+1) + " " + clip.Quote(ms) + ": " + why)
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
	if err == nil && m.Threat {
		if p.Variant().Check && p.InCheck() {
			err = errors.New("go: threat: the side to move is in check")
		} else {
			p = p.Clone()
			p.MakeNull()
		}
	}
	if err != nil {
		s.post(errorFor(m, err))
		s.post(answer(m, "", out{"error": err.Error()}))
		return
	}
	if m.Nodes > 0 {
		s.analyse(m, p, stopped)
		return
	}
	lvl := m.Level
	if lvl <= 0 {
		lvl = ai.MaxLevel
	}
	mt := time.Duration(m.MoveTime) * time.Millisecond
	cfg := ai.LevelConfig(lvl, mt, m.Seed)
	if m.Infinite {
		cfg.MoveTime = 0
	}
	if m.Depth > 0 && (cfg.Depth == 0 || m.Depth < cfg.Depth) {
		cfg.Depth = m.Depth
	}
	if stopped {
		cfg.Depth, cfg.Nodes = 1, 0
	}
	cfg.MultiPV = m.MultiPV
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
	if m.Infinite && !stopped {
		// an infinite search that ended by itself (a depth limit, a
		// proven mate, the deepest depth) answers only when told to
		s.mu.Lock()
		for !s.cancel.Load() {
			s.cancelled.Wait()
		}
		s.mu.Unlock()
	}
	move := ""
	if res.Move != game.NoMove {
		move = p.MoveString(res.Move)
	}
	s.post(answer(m, move, nil))
}

// analyse answers a review search: ai.Analyser's, reproducible, with its
// evaluation in the bestmove (and one info).
func (s *session) analyse(m message, p *game.Position, stopped bool) {
	if s.review == nil {
		s.review = ai.NewAnalyser()
	}
	nodes := uint64(m.Nodes)
	if stopped {
		nodes = 1 // a stop came first: answer from a depth-1 search
	}
	a := s.review.Analyse(p, nodes, func() {
		if s.yield != nil {
			s.yield()
		}
		if s.cancel.Load() {
			s.review.Stop()
		}
	})
	pv := make([]string, 0, len(a.PV))
	q := p.Clone()
	for _, mv := range a.PV {
		pv = append(pv, q.MoveString(mv))
		q.Make(mv)
	}
	move := ""
	if a.Move != game.NoMove {
		move = p.MoveString(a.Move)
	}
	extra := out{"depth": a.Depth, "nodes": float64(a.Nodes), "pv": pv}
	setScore(extra, a.Score, a.Mate)
	info := out{"type": "info"}
	for k, v := range extra {
		info[k] = v
	}
	if m.ID != nil {
		info["id"] = m.ID
	}
	s.post(info)
	s.post(answer(m, move, extra))
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
	setScore(o, i.Score, i.Mate)
	if i.Lines != nil {
		lines := make([]any, len(i.Lines))
		for k, l := range i.Lines {
			lpv := make([]any, 0, len(l.PV))
			q := p.Clone()
			for _, m := range l.PV {
				lpv = append(lpv, q.MoveString(m))
				q.Make(m)
			}
			lo := map[string]any{"depth": l.Depth, "pv": lpv}
			setScore(lo, l.Score, l.Mate)
			lines[k] = lo
		}
		o["lines"] = lines
	}
	if id != nil {
		o["id"] = id
	}
	return o
}

// setScore sets a message's score: centipawns, or 'mate N' and mate N.
func setScore(o map[string]any, score, mate int) {
	if mate != 0 {
		o["score"] = "mate " + strconv.Itoa(mate)
		o["mate"] = mate
	} else {
		o["score"] = score
	}
}

// decodeMessage checks a message in its JSON form. A field of the wrong
// type or range refuses the message, with an error that names each such
// field; the returned message then still has the type, when it could be
// read, and a go's id, when it is one that can be echoed.
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
	var faults []string // what is wrong, field by field
	fault := func(why string) { faults = append(faults, why) }
	str := func(k string) string {
		x := obj[k]
		if x == nil {
			return ""
		}
		if s, ok := x.(string); ok {
			return s
		}
		fault(k + " is " + jsonKind(x) + ", want a string")
		return ""
	}
	boolean := func(k string) bool {
		switch x := obj[k].(type) {
		case nil:
		case bool:
			return x
		default:
			fault(k + " is " + jsonKind(x) + ", want a boolean")
		}
		return false
	}
	// num reads a whole number from lo to hi (want: what the error asks
	// for, when more is to be said than the range).
	num := func(k string, lo, hi float64, want string) float64 {
		x := obj[k]
		if x == nil {
			return 0
		}
		f, text, ok := number(x)
		if !ok {
			fault(k + " is " + jsonKind(x) + ", want a number")
			return 0
		}
		if math.IsNaN(f) || f != math.Trunc(f) || f < lo || f > hi {
			if want == "" {
				want = "a whole number from " + ftoa(lo) + " to " + ftoa(hi)
			}
			fault(k + " " + text + ", want " + want)
			return 0
		}
		return f
	}
	switch typ {
	case "stop":
	case "position":
		m.Variant = str("variant")
		m.FEN = str("fen")
		if x := obj["moves"]; x != nil {
			list, ok := x.([]any)
			switch {
			case !ok:
				fault("moves is " + jsonKind(x) + ", want an array of move strings")
			case len(list) > maxMoves:
				fault(itoa(len(list)) + " moves, at most " + itoa(maxMoves))
			default:
				m.Moves = make([]string, len(list))
				for i, e := range list {
					s, ok := e.(string)
					if !ok {
						fault("moves[" + itoa(i) + "] is " + jsonKind(e) + ", want a move string")
						break
					}
					if len(s) > maxMoveLen {
						fault("moves[" + itoa(i) + "] " + clip.Quote(s) + " is not a move string (at most " + itoa(maxMoveLen) + " bytes)")
						break
					}
					m.Moves[i] = s
				}
			}
		}
	case "go":
		switch x := obj["id"].(type) {
		case nil:
		case string:
			if len(x) > maxID {
				fault("id is a string of " + itoa(len(x)) + " bytes, at most " + itoa(maxID))
			} else {
				m.ID = x
			}
		case numberText:
			if len(x.text) > maxID {
				fault("id is a number of " + itoa(len(x.text)) + " characters, at most " + itoa(maxID))
			} else {
				m.ID = x
			}
		case float64:
			m.ID = x
		default:
			fault("id is " + jsonKind(x) + ", want a string or a number")
		}
		m.MoveTime = int(num("movetime", 0, maxMoveTime, "a whole number of milliseconds from 0 to "+itoa(maxMoveTime)+" (10 minutes)"))
		m.Depth = int(num("depth", 0, 1000, ""))
		m.Level = int(num("level", 0, ai.MaxLevel, ""))
		m.Seed = uint64(num("seed", 0, maxSeed, ""))
		m.Nodes = int(num("nodes", 0, maxNodes, ""))
		if obj["multipv"] != nil {
			m.MultiPV = int(num("multipv", 1, maxMultiPV, ""))
		}
		m.Infinite = boolean("infinite")
		m.Threat = boolean("threat")
	default:
		return m, errors.New("unknown message type " + clip.Quote(typ))
	}
	if len(faults) > 0 {
		return m, errors.New(typ + ": " + strings.Join(faults, "; "))
	}
	return m, nil
}

// number reads a JSON number: its value (±Inf when no float64 holds it)
// and its text for messages (at most 80 characters of it). ok is false
// when x is not a number.
func number(x any) (f float64, text string, ok bool) {
	switch n := x.(type) {
	case float64:
		return n, ftoa(n), true
	case numberText:
		return n.value, clip.Text(n.text), true
	}
	return 0, "", false
}

// itoa and ftoa format numbers for messages (the engine does without fmt,
// which would make engine.wasm 0.4 MB larger).
func itoa(n int) string { return strconv.Itoa(n) }

// ftoa writes whole numbers below 1e21 in full, as JavaScript does
// (86400000, not 8.64e+07), others in the shortest form.
func ftoa(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// messageKeys are the fields a message may have.
var messageKeys = []string{"type", "id", "variant", "fen", "moves", "movetime", "depth", "level", "seed", "multipv", "infinite", "nodes", "threat"}

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
	case float64, numberText:
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
