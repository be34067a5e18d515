//go:build !(js && wasm)

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"chimera/game"
)

// collector records the messages a session posts.
type collector struct {
	mu   sync.Mutex
	msgs []out
	best chan string
}

func newCollector() *collector { return &collector{best: make(chan string, 8)} }

func (c *collector) post(o out) {
	c.mu.Lock()
	c.msgs = append(c.msgs, o)
	c.mu.Unlock()
	if o["type"] == "bestmove" {
		c.best <- o["move"].(string)
	}
}

func (c *collector) count(typ string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, m := range c.msgs {
		if m["type"] == typ {
			n++
		}
	}
	return n
}

// TestSessionProtocol plays the protocol natively: position, go (depth
// and level), stop, and errors.
func TestSessionProtocol(t *testing.T) {
	tests := []struct {
		name     string
		pos      message
		goMsg    message
		stop     bool
		wantMove bool
		wantErr  bool
	}{
		{"bedlam depth", message{Type: "position", Variant: "bedlam", Moves: []string{"e2e4"}}, message{Type: "go", Depth: 3}, false, true, false},
		{"bifold level", message{Type: "position", Variant: "bifold-halfgi", FEN: "startpos"}, message{Type: "go", Level: 2, Seed: 5}, false, true, false},
		{"assimilation stop", message{Type: "position", Variant: "assimilation"}, message{Type: "go", MoveTime: 60_000}, true, true, false},
		{"stop at once", message{Type: "position", Variant: "bifold-halfgi-weak"}, message{Type: "go", MoveTime: 60_000}, true, true, false},
		{"bad variant", message{Type: "position", Variant: "nope"}, message{Type: "go", Depth: 1}, false, false, true},
		{"bad move", message{Type: "position", Variant: "bedlam", Moves: []string{"e2e5"}}, message{Type: "go", Depth: 1}, false, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := newCollector()
			s := newSession(c.post, nil, nil)
			s.handle(tc.pos)
			s.handle(tc.goMsg)
			if tc.stop {
				if tc.name != "stop at once" {
					time.Sleep(100 * time.Millisecond)
				}
				s.handle(message{Type: "stop"})
			}
			var move string
			select {
			case move = <-c.best:
			case <-time.After(120 * time.Second):
				t.Fatal("no bestmove")
			}
			if got := move != ""; got != tc.wantMove {
				t.Fatalf("bestmove %q", move)
			}
			if tc.wantMove {
				v, _ := game.VariantByID(tc.pos.Variant)
				p, _ := game.Parse(v, "startpos")
				for _, m := range tc.pos.Moves {
					mv, _ := p.ParseMove(m)
					p.Make(mv)
				}
				if _, err := p.ParseMove(move); err != nil {
					t.Fatalf("bestmove %q: %v", move, err)
				}
				if c.count("info") == 0 {
					t.Error("no info")
				}
			}
			if got := c.count("error") > 0; got != tc.wantErr {
				t.Errorf("errors: %v", c.msgs)
			}
		})
	}
}

// TestDecodeMessage checks that junk is refused with a reason and good
// messages are read.
func TestDecodeMessage(t *testing.T) {
	tests := []struct {
		in      string // JSON
		typ     string // the type read, also on an error
		wantErr string // "" when the message is good
	}{
		{`{"type":"position","variant":"bedlam","fen":"startpos","moves":["e2e4"]}`, "position", ""},
		{`{"type":"go","movetime":100,"depth":3,"level":4,"seed":9007199254740991,"id":"a"}`, "go", ""},
		{`{"type":"go","id":7}`, "go", ""},
		{`{"type":"stop","extra":[1,2]}`, "stop", ""},
		{`"go"`, "", "not an object (a string)"},
		{`[1]`, "", "not an object (an array)"},
		{`null`, "", "not an object (null)"},
		{`{}`, "", "no type"},
		{`{"type":3}`, "", "type is a number"},
		{`{"type":"think"}`, "think", `unknown message type "think"`},
		{`{"type":"go","movetime":"1s"}`, "go", "movetime is a string"},
		{`{"type":"go","movetime":-1}`, "go", "movetime -1"},
		{`{"type":"go","depth":2.5}`, "go", "depth 2.5"},
		{`{"type":"go","level":9}`, "go", "level 9"},
		{`{"type":"go","seed":1e300}`, "go", "seed 1e+300"},
		{`{"type":"go","id":{}}`, "go", "id is an object"},
		{`{"type":"position","variant":1}`, "position", "variant is a number"},
		{`{"type":"position","moves":"e2e4"}`, "position", "moves is a string"},
		{`{"type":"position","moves":["e2e4",5]}`, "position", "moves[1] is a number"},
	}
	for _, tc := range tests {
		var v any
		if err := json.Unmarshal([]byte(tc.in), &v); err != nil {
			t.Fatal(err)
		}
		m, err := decodeMessage(v)
		if m.Type != tc.typ {
			t.Errorf("%s: type %q, want %q", tc.in, m.Type, tc.typ)
		}
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("%s: %v", tc.in, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%s: error %v, want it to say %q", tc.in, err, tc.wantErr)
		}
	}
	// a position of more moves than allowed
	moves := make([]any, maxMoves+1)
	for i := range moves {
		moves[i] = "e2e4"
	}
	if _, err := decodeMessage(map[string]any{"type": "position", "moves": moves}); err == nil {
		t.Error("a position of too many moves was taken")
	}
}

// answers collects a session's (or the stdio engine's) output and checks
// that each 'go' got exactly one bestmove.
type answers struct {
	mu    sync.Mutex
	all   []out
	best  []out
	count chan struct{} // one token per bestmove
}

func newAnswers() *answers { return &answers{count: make(chan struct{}, 1<<20)} }

func (a *answers) post(o out) {
	a.mu.Lock()
	a.all = append(a.all, o)
	if o["type"] == "bestmove" {
		a.best = append(a.best, o)
	}
	a.mu.Unlock()
	if o["type"] == "bestmove" {
		a.count <- struct{}{}
	}
}

// waitFor waits for n bestmoves in all (within d).
func (a *answers) waitFor(t *testing.T, n int, d time.Duration) {
	t.Helper()
	deadline := time.After(d)
	for i := 0; i < n; i++ {
		select {
		case <-a.count:
		case <-deadline:
			t.Fatalf("%d of %d bestmoves within %v", i, n, d)
		}
	}
}

// checkOnePerGo checks that the bestmoves carry the ids 1..gos, once each,
// in order.
func (a *answers) checkOnePerGo(t *testing.T, gos int) {
	t.Helper()
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.best) != gos {
		t.Fatalf("%d bestmoves for %d gos", len(a.best), gos)
	}
	for i, b := range a.best {
		if id, _ := b["id"].(float64); int(id) != i+1 {
			t.Fatalf("bestmove %d answers go %v: %v", i+1, b["id"], b)
		}
	}
}

// flood is a seeded stream of messages in their JSON form: positions of
// every rule set (some invalid), gos with ids 1, 2, ... (some with refused
// fields), stops, and junk.
type flood struct {
	rng *rand.Rand
	gos int
}

func (f *flood) next() any {
	variants := []string{"bedlam", "assimilation", "bifold-halfgi", "bifold-halfgi-pawns", "bifold-halfgi-weak", "chess"}
	prefixes := [][]any{{}, {"e2e4"}, {"e2e4", "e7e5"}, {"d2d4", "d7d5", "c2c4"}}
	goMsg := func(extra map[string]any) any {
		f.gos++
		m := map[string]any{"type": "go", "id": float64(f.gos)}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	switch r := f.rng.IntN(100); {
	case r < 40:
		return map[string]any{"type": "position", "variant": variants[f.rng.IntN(len(variants))], "fen": "startpos",
			"moves": prefixes[f.rng.IntN(len(prefixes))]}
	case r < 75:
		return goMsg(map[string]any{"level": float64(1 + f.rng.IntN(8)), "movetime": float64(5 + f.rng.IntN(200)), "seed": float64(f.rng.IntN(1000))})
	case r < 85:
		return map[string]any{"type": "stop"}
	}
	junk := []func() any{
		func() any { return "not an object" },
		func() any { return 42.0 },
		func() any { return nil },
		func() any { return []any{1.0} },
		func() any { return map[string]any{} },
		func() any { return map[string]any{"type": "nonsense"} },
		func() any { return goMsg(map[string]any{"movetime": "soon"}) },
		func() any { return goMsg(map[string]any{"depth": -3.0}) },
		func() any { return goMsg(map[string]any{"level": 99.0}) },
		func() any { return map[string]any{"type": "position", "variant": "nope"} },
		func() any { return map[string]any{"type": "position", "variant": "bedlam", "moves": []any{"e2e5"}} },
		func() any {
			return map[string]any{"type": "position", "variant": "chess", "fen": "8/8/8/8/8/8/8/8 w - - 0 1"}
		},
		func() any { return map[string]any{"type": "position", "variant": "bedlam", "moves": "e2e4"} },
	}
	return junk[f.rng.IntN(len(junk))]()
}

// TestSessionFlood sends 10,000 messages in bursts of 1-200 while searches
// run (the loop of the browser worker and of the stdio engine) and checks
// that every 'go' gets exactly one bestmove, in order, and that the last
// one, after a valid position, plays a legal move.
func TestSessionFlood(t *testing.T) {
	a := newAnswers()
	s := newSession(a.post, nil, nil)
	f := &flood{rng: rand.New(rand.NewPCG(1, 2))}
	for sent := 0; sent < 10_000; {
		n := min(10_000-sent, 1+f.rng.IntN(200))
		for k := 0; k < n; k++ {
			s.handleRaw(f.next())
		}
		sent += n
		time.Sleep(time.Duration(f.rng.IntN(3000)) * time.Microsecond)
	}
	s.handleRaw(map[string]any{"type": "position", "variant": "bedlam", "moves": []any{"e2e4"}})
	f.gos++
	s.handleRaw(map[string]any{"type": "go", "id": float64(f.gos), "level": 4.0})
	s.wait()
	a.waitFor(t, f.gos, 120*time.Second)
	a.checkOnePerGo(t, f.gos)
	last := a.best[len(a.best)-1]
	if mv, _ := last["move"].(string); mv == "" || !legalIn(t, "bedlam", []string{"e2e4"}, mv) {
		t.Errorf("last answer %v", last)
	}
	superseded := 0
	for _, b := range a.best {
		if b["superseded"] == true {
			superseded++
		}
	}
	t.Logf("%d gos, %d superseded, %d messages out", f.gos, superseded, len(a.all))
}

func legalIn(t *testing.T, variant string, moves []string, move string) bool {
	v, _ := game.VariantByID(variant)
	p, _ := game.Parse(v, "startpos")
	for _, m := range moves {
		mv, err := p.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(mv)
	}
	_, err := p.ParseMove(move)
	return err == nil
}

// TestSessionSupersede checks what a 'go' that never started answers, and
// that a 'position' stops the running search.
func TestSessionSupersede(t *testing.T) {
	a := newAnswers()
	s := newSession(a.post, nil, nil)
	pos := map[string]any{"type": "position", "variant": "assimilation"}
	s.handleRaw(pos)
	s.handleRaw(map[string]any{"type": "go", "id": 1.0, "movetime": 60_000.0})
	time.Sleep(50 * time.Millisecond)
	s.handleRaw(map[string]any{"type": "go", "id": 2.0, "movetime": 60_000.0}) // stops 1, then is superseded by 3
	s.handleRaw(map[string]any{"type": "go", "id": 3.0, "depth": 2.0})
	a.waitFor(t, 3, 120*time.Second)
	a.checkOnePerGo(t, 3)
	if a.best[0]["move"] == "" || a.best[1]["move"] != "" || a.best[1]["superseded"] != true || a.best[2]["move"] == "" {
		t.Errorf("answers %v", a.best)
	}
	// a position stops a search; the next go searches the new position
	s.handleRaw(map[string]any{"type": "go", "id": 4.0, "movetime": 60_000.0})
	time.Sleep(50 * time.Millisecond)
	t0 := time.Now()
	s.handleRaw(map[string]any{"type": "position", "variant": "chess", "moves": []any{"e2e4"}})
	a.waitFor(t, 1, 120*time.Second)
	if el := time.Since(t0); el > 30*time.Second {
		t.Errorf("a position stopped a 60 s search only after %v", el)
	}
	s.handleRaw(map[string]any{"type": "go", "id": 5.0, "depth": 1.0})
	a.waitFor(t, 1, 120*time.Second)
	a.checkOnePerGo(t, 5)
	if mv, _ := a.best[4]["move"].(string); !legalIn(t, "chess", []string{"e2e4"}, mv) {
		t.Errorf("answer %v", a.best[4])
	}
}

// TestSessionInfo checks that a search reports its progress while an
// iteration runs (Config.InfoEvery), not only when one completes: with
// reports due every nanosecond (and the clock read every 1024 nodes), the
// iterations of more than 1024 nodes are reported from inside too (with the
// go's id).
func TestSessionInfo(t *testing.T) {
	a := newAnswers()
	s := newSession(a.post, nil, nil)
	s.infoEvery = time.Nanosecond
	s.handleRaw(map[string]any{"type": "position", "variant": "bedlam", "fen": "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[] w - - 4 4"})
	s.handleRaw(map[string]any{"type": "go", "id": 1.0, "depth": 5.0})
	a.waitFor(t, 1, 120*time.Second)
	a.mu.Lock()
	defer a.mu.Unlock()
	depths := map[int]int{}
	for _, o := range a.all {
		if o["type"] == "info" {
			depths[o["depth"].(int)]++
			if o["id"] != 1.0 {
				t.Errorf("info without the go's id: %v", o)
			}
		}
	}
	for d := 4; d <= 5; d++ {
		if depths[d] < 2 {
			t.Errorf("depth %d: %d reports (want its own and some from inside it): %v", d, depths[d], depths)
		}
	}
}

// TestStdio runs the stdio engine's loop on pipes: one 'go' at a time (it
// hung at the 66th), 300 piped gos (it deadlocked), a line over 64 KB (it
// stopped reading silently), junk (it wrote to stderr only) and 10,000
// flood messages.
func TestStdio(t *testing.T) {
	type engine struct {
		in   *io.PipeWriter
		outs chan map[string]any
		done chan int
	}
	start := func() *engine {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		e := &engine{in: inW, outs: make(chan map[string]any, 1<<16), done: make(chan int, 1)}
		go func() { e.done <- serve(inR, outW); outW.Close() }()
		go func() {
			sc := bufio.NewScanner(outR)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				var m map[string]any
				if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
					t.Errorf("output %q: %v", sc.Text(), err)
				}
				e.outs <- m
			}
			close(e.outs)
		}()
		return e
	}
	send := func(e *engine, lines ...string) {
		for _, l := range lines {
			if _, err := io.WriteString(e.in, l+"\n"); err != nil {
				t.Fatal(err)
			}
		}
	}
	// next returns the next message of one of the types.
	next := func(e *engine, types ...string) map[string]any {
		t.Helper()
		timeout := time.After(120 * time.Second)
		for {
			select {
			case m, ok := <-e.outs:
				if !ok {
					t.Fatalf("engine ended waiting for %v", types)
				}
				for _, typ := range types {
					if m["type"] == typ {
						return m
					}
				}
			case <-timeout:
				t.Fatalf("no %v within 120 s", types)
			}
		}
	}

	t.Run("one go at a time", func(t *testing.T) {
		e := start()
		send(e, `{"type":"position","variant":"chess"}`)
		for i := 1; i <= 100; i++ {
			send(e, fmt.Sprintf(`{"type":"go","depth":1,"id":%d}`, i))
			if b := next(e, "bestmove"); b["id"] != float64(i) || b["move"] == "" {
				t.Fatalf("go %d: %v", i, b)
			}
		}
		e.in.Close()
		if code := <-e.done; code != 0 {
			t.Errorf("exit %d", code)
		}
	})
	t.Run("300 piped gos", func(t *testing.T) {
		e := start()
		send(e, `{"type":"position","variant":"chess"}`)
		for i := 1; i <= 300; i++ {
			send(e, fmt.Sprintf(`{"type":"go","depth":1,"id":%d}`, i))
		}
		e.in.Close()
		for i := 1; i <= 300; i++ {
			if b := next(e, "bestmove"); b["id"] != float64(i) {
				t.Fatalf("answer %d: %v", i, b)
			}
		}
		if code := <-e.done; code != 0 {
			t.Errorf("exit %d", code)
		}
	})
	t.Run("long lines and junk", func(t *testing.T) {
		e := start()
		moves := strings.Repeat(`"e2e4",`, 20_000) // about 140 KB, refused by the move limit
		send(e,
			`{"type":"position","variant":"chess","moves":[`+moves+`"e2e4"]}`,
			`{"type":"position","fen":"`+strings.Repeat("x", maxLine)+`"}`, // over the line limit
			`this is not json`,
			`{"type":"position","variant":"chess","moves":["e2e4"]}`,
			`{"type":"go","depth":2,"id":1}`)
		for _, want := range []string{"too many|at most 20000", "line 2 is", "line 3 is not JSON"} {
			m := next(e, "error")
			ok := false
			for _, w := range strings.Split(want, "|") {
				ok = ok || strings.Contains(m["message"].(string), w)
			}
			if !ok {
				t.Errorf("error %q, want %q", m["message"], want)
			}
		}
		b := next(e, "bestmove", "error")
		if b["type"] != "bestmove" || !legalIn(t, "chess", []string{"e2e4"}, b["move"].(string)) {
			t.Errorf("after the long lines: %v", b)
		}
		e.in.Close()
		<-e.done
	})
	t.Run("flood", func(t *testing.T) {
		e := start()
		f := &flood{rng: rand.New(rand.NewPCG(3, 4))}
		var lines []string
		for i := 0; i < 10_000; i++ {
			b, _ := json.Marshal(f.next())
			lines = append(lines, string(b))
		}
		lines = append(lines, `{"type":"position","variant":"bifold-halfgi"}`, fmt.Sprintf(`{"type":"go","level":3,"id":%d}`, f.gos+1))
		f.gos++
		go func() {
			for i := 0; i < len(lines); {
				n := min(len(lines)-i, 1+f.rng.IntN(200))
				send(e, lines[i:i+n]...)
				i += n
				time.Sleep(time.Duration(f.rng.IntN(3000)) * time.Microsecond)
			}
			e.in.Close()
		}()
		for i := 1; i <= f.gos; i++ {
			if b := next(e, "bestmove"); b["id"] != float64(i) {
				t.Fatalf("answer %d: %v", i, b)
			} else if i == f.gos && b["move"] == "" {
				t.Errorf("last answer: %v", b)
			}
		}
		if code := <-e.done; code != 0 {
			t.Errorf("exit %d", code)
		}
		for m := range e.outs {
			if m["type"] == "bestmove" {
				t.Errorf("extra bestmove %v", m)
			}
		}
	})
}

// TestErrorsCarryTheGoID: the error about a go that cannot be searched says
// which go (the page ignores those of abandoned searches).
func TestErrorsCarryTheGoID(t *testing.T) {
	a := newAnswers()
	s := newSession(a.post, nil, nil)
	s.handleRaw(map[string]any{"type": "position", "variant": "nope"})
	s.handleRaw(map[string]any{"type": "go", "id": 1.0})
	a.waitFor(t, 1, 120*time.Second) // (a go sent at once would supersede it)
	s.handleRaw(map[string]any{"type": "go", "id": 2.0, "level": 12.0})
	a.waitFor(t, 1, 120*time.Second)
	s.wait()
	a.mu.Lock()
	defer a.mu.Unlock()
	ids := []any{}
	for _, o := range a.all {
		if o["type"] == "error" {
			ids = append(ids, o["id"])
		}
	}
	if len(ids) != 2 || ids[0] != 1.0 || ids[1] != 2.0 {
		t.Errorf("errors %v", a.all)
	}
}
