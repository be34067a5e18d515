// Command engine is the computer player for the browser: built with
// GOOS=js GOARCH=wasm it runs in a Web Worker (web/engine-worker.js), which
// calls the global function self.chimeraEngine(msg) for each message from
// the page; the engine answers with self.postMessage. Built natively it
// reads the same messages as JSON lines on standard input and writes the
// answers as JSON lines, for testing.
//
// Messages in:
//
//	{type:'position', variant, fen, moves:[...move strings]}  fen may be '' or 'startpos'
//	{type:'go', movetime, depth, level, seed}                 all optional; level 1-8 (default 8),
//	                                                          movetime ms (default 1000)
//	{type:'stop'}                                             answer bestmove now
//
// Messages out:
//
//	{type:'info', depth, score, mate, pv:[...], nodes, time}  after each iteration; score is
//	                                                          centipawns for the side to move, or
//	                                                          the string 'mate N' (N < 0: mated)
//	{type:'bestmove', move}                                   move '' when there is no legal move
//	{type:'error', message}
//
// ('ready' is posted by engine-worker.js once this program has registered
// self.chimeraEngine.) A 'go' always ends with one 'bestmove'. A 'position'
// or 'go' that arrives while a search runs stops that search first (its
// bestmove is still sent); a 'go' stopped before it began answers at once
// from a depth-1 search.
package main

import (
	"strconv"
	"sync"
	"time"

	"chimera/ai"
	"chimera/game"
)

// message is an incoming message, decoded by the platform glue.
type message struct {
	Type     string
	Variant  string
	FEN      string
	Moves    []string
	MoveTime int // ms; 0: default
	Depth    int
	Level    int // 0: 8
	Seed     uint64
	seq      uint64 // which 'go' this is (set by handle)
}

// out is an outgoing message: keys and values (numbers, strings, string lists).
type out map[string]any

// session keeps the engine state between messages.
type session struct {
	eng   *ai.Engine
	post  func(out)
	yield func()

	mu      sync.Mutex
	pos     *game.Position
	queue   chan message
	running bool   // a search runs or is queued
	goSeq   uint64 // number of 'go' messages received
	stopSeq uint64 // goSeq when the last stop was asked for
}

func newSession(post func(out), yield func()) *session {
	s := &session{eng: ai.NewEngine(32), post: post, yield: yield, queue: make(chan message, 64)}
	go s.loop()
	return s
}

// handle takes one message; it never blocks (the search runs in its own
// goroutine).
func (s *session) handle(m message) {
	switch m.Type {
	case "stop":
		s.mu.Lock()
		s.stopSeq = s.goSeq
		s.mu.Unlock()
		s.eng.Stop()
	case "position", "go":
		s.mu.Lock()
		if s.running {
			s.stopSeq = s.goSeq
			s.eng.Stop()
		}
		if m.Type == "go" {
			s.running = true
			s.goSeq++
			m.seq = s.goSeq
		}
		s.mu.Unlock()
		s.queue <- m
	default:
		s.post(out{"type": "error", "message": "engine: unknown message type " + strconv.Quote(m.Type)})
	}
}

// loop processes position and go messages in order.
func (s *session) loop() {
	for m := range s.queue {
		switch m.Type {
		case "position":
			s.setPosition(m)
		case "go":
			s.search(m)
			s.mu.Lock()
			s.running = false
			s.mu.Unlock()
		}
	}
}

func (s *session) setPosition(m message) {
	v, err := game.VariantByID(m.Variant)
	if err != nil {
		s.fail(err)
		return
	}
	fen := m.FEN
	if fen == "" {
		fen = "startpos"
	}
	p, err := game.Parse(v, fen)
	if err != nil {
		s.fail(err)
		return
	}
	for _, ms := range m.Moves {
		mv, err := p.ParseMove(ms)
		if err != nil {
			s.fail(err)
			return
		}
		p.Make(mv)
	}
	s.pos = p
}

func (s *session) fail(err error) {
	s.pos = nil
	s.post(out{"type": "error", "message": "engine: " + err.Error()})
}

func (s *session) search(m message) {
	if s.pos == nil {
		s.post(out{"type": "error", "message": "engine: go without a valid position"})
		s.post(out{"type": "bestmove", "move": ""})
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
	s.mu.Lock()
	if s.stopSeq >= m.seq {
		// stopped before it started: answer at once
		cfg.Depth, cfg.Nodes = 1, 0
	}
	s.mu.Unlock()
	p := s.pos
	cfg.Yield = s.yield
	cfg.OnInfo = func(i ai.Info) { s.post(infoMessage(p, i)) }
	r := s.eng.Search(p, cfg)
	move := ""
	if r.Move != game.NoMove {
		move = p.MoveString(r.Move)
	}
	s.post(out{"type": "bestmove", "move": move})
}

// infoMessage converts a progress report to its message.
func infoMessage(p *game.Position, i ai.Info) out {
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
	return o
}
