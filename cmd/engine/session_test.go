//go:build !(js && wasm)

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"chimera/ai"
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

// TestDecodeMessage checks that junk is refused with a reason that names
// the fields at fault and good messages are read, as the native engine
// reads them (numbers as their text) and as the worker does (float64s).
func TestDecodeMessage(t *testing.T) {
	tests := []struct {
		in      string // JSON
		typ     string // the type read, also on an error
		wantErr string // "" when the message is good
	}{
		{`{"type":"go","movetime":600000}`, "go", ""},
		{`{"type":"go","movetime":600001}`, "go", "go: movetime 600001, want a whole number of milliseconds from 0 to 600000 (10 minutes)"},
		{`{"type":"go","movetime":86400000}`, "go", "movetime 86400000, want a whole number of milliseconds from 0 to 600000"}, // was taken: a day
		{`{"type":"go","movetime":1e400,"id":7}`, "go", "go: movetime 1e400, want"},                                            // natively: "not JSON"
		{`{"type":"go","movetime":"1s","level":99,"depth":true}`, "go", "go: movetime is a string, want a number; depth is a boolean, want a number; level 99, want a whole number from 0 to 8"},
		{`{"type":"go","depth":1` + strings.Repeat("0", 200) + `}`, "go", "go: depth 1" + strings.Repeat("0", 79) + "… (201 bytes), want"},
		{`{"type":"go","id":1e400}`, "go", ""},
		{`{"type":"go","id":-2.5}`, "go", ""},
		{`{"type":"go","id":"` + strings.Repeat("i", 257) + `"}`, "go", "go: id is a string of 257 bytes, at most 256"},
		{`{"type":"go","id":true}`, "go", "go: id is a boolean, want a string or a number"},
		{`{"type":"position","id":{}}`, "position", ""}, // an id means nothing to a position
		{`{"type":"position","variant":1,"fen":[]}`, "position", "position: variant is a number, want a string; fen is an array, want a string"},
		{`{"type":"position","moves":["e2e4","` + strings.Repeat("x", 100) + `"]}`, "position", `position: moves[1] "` + strings.Repeat("x", 80) + `"… (100 bytes) is not a move string (at most 16 bytes)`},
		{`{"type":"` + strings.Repeat("t", 1000) + `"}`, strings.Repeat("t", 1000), `unknown message type "` + strings.Repeat("t", 80) + `"… (1000 bytes)`},
		{`{"type":"position","variant":"bedlam","fen":"startpos","moves":["e2e4"]}`, "position", ""},
		{`{"type":"go","movetime":100,"depth":3,"level":4,"seed":9007199254740991,"id":"a"}`, "go", ""},
		{`{"type":"go","id":7}`, "go", ""},
		{`{"type":"go","multipv":5,"infinite":true}`, "go", ""},
		{`{"type":"go","multipv":1,"infinite":false}`, "go", ""},
		{`{"type":"go","multipv":null,"infinite":null}`, "go", ""},
		{`{"type":"go","multipv":0}`, "go", "go: multipv 0, want a whole number from 1 to 5"},
		{`{"type":"go","multipv":6}`, "go", "go: multipv 6, want a whole number from 1 to 5"},
		{`{"type":"go","multipv":2.5,"infinite":"yes"}`, "go", "go: multipv 2.5, want a whole number from 1 to 5; infinite is a string, want a boolean"},
		{`{"type":"go","multipv":"3"}`, "go", "go: multipv is a string, want a number"},
		{`{"type":"go","infinite":1}`, "go", "go: infinite is a number, want a boolean"},
		{`{"type":"go","nodes":150000}`, "go", ""},
		{`{"type":"go","threat":true,"infinite":true,"multipv":3}`, "go", ""},
		{`{"type":"go","threat":"yes"}`, "go", "go: threat is a string, want a boolean"},
		{`{"type":"go","nodes":-1}`, "go", "go: nodes -1, want a whole number from 0 to 1000000000"},
		{`{"type":"go","nodes":1e10}`, "go", "go: nodes 1e10, want a whole number from 0 to 1000000000"},
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
		{`{"type":"go","seed":1e300}`, "go", "seed 1e300"},
		{`{"type":"go","id":{}}`, "go", "id is an object"},
		{`{"type":"position","variant":1}`, "position", "variant is a number"},
		{`{"type":"position","moves":"e2e4"}`, "position", "moves is a string"},
		{`{"type":"position","moves":["e2e4",5]}`, "position", "moves[1] is a number"},
	}
	for _, tc := range tests {
		native, err := decodeJSON([]byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		forms := []any{native}
		var worker any // JavaScript's numbers are float64s
		if json.Unmarshal([]byte(tc.in), &worker) == nil {
			forms = append(forms, worker)
		}
		for i, v := range forms {
			m, err := decodeMessage(v)
			if m.Type != tc.typ {
				t.Errorf("%.100s: type %q, want %q", tc.in, m.Type, tc.typ)
			}
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("%.100s: %v", tc.in, err)
			case tc.wantErr != "" && i == 0 && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("%.100s: error %v, want it to say %q", tc.in, err, tc.wantErr)
			case tc.wantErr != "" && err == nil:
				t.Errorf("%.100s (as float64s): taken", tc.in)
			case err != nil && len(err.Error()) > 400:
				t.Errorf("%.100s: an error of %d bytes", tc.in, len(err.Error()))
			}
		}
	}
	// numbers from JavaScript are written as JavaScript does
	for _, tc := range []struct {
		msg  map[string]any
		want string
	}{
		{map[string]any{"type": "go", "movetime": 86400000.0}, "go: movetime 86400000, want a whole number of milliseconds from 0 to 600000 (10 minutes)"},
		{map[string]any{"type": "go", "seed": -1.0}, "go: seed -1, want a whole number from 0 to 9007199254740991"},
		{map[string]any{"type": "go", "depth": 1e300}, "go: depth 1e+300, want"},
		{map[string]any{"type": "go", "level": math.Inf(-1)}, "go: level -Inf, want"},
	} {
		if _, err := decodeMessage(tc.msg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.msg, err, tc.want)
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
		go func() { e.done <- serve(inR, outW, io.Discard); outW.Close() }()
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
	t.Run("end of input stops the search", func(t *testing.T) {
		// it waited out the search: here 10 minutes
		e := start()
		send(e, `{"type":"position","variant":"chess"}`, `{"type":"go","movetime":600000,"id":1}`)
		next(e, "info")
		t0 := time.Now()
		e.in.Close()
		if b := next(e, "bestmove"); b["id"] != 1.0 || !legalIn(t, "chess", nil, b["move"].(string)) {
			t.Errorf("answer %v", b)
		}
		if code := <-e.done; code != 0 {
			t.Errorf("exit %d", code)
		}
		if el := time.Since(t0); el > 30*time.Second {
			t.Errorf("answered %v after the end of input", el)
		}
		// a go not started yet when the input ends is answered too
		e = start()
		send(e, `{"type":"position","variant":"chess"}`, `{"type":"go","movetime":600000,"id":1}`)
		e.in.Close()
		if b := next(e, "bestmove"); b["id"] != 1.0 || !legalIn(t, "chess", nil, b["move"].(string)) {
			t.Errorf("answer %v", b)
		}
		<-e.done
	})
	t.Run("a line too long drops the position", func(t *testing.T) {
		// it may have been a position: the old one is not searched
		e := start()
		send(e, `{"type":"position","variant":"chess"}`, `{"type":"position","fen":"`+strings.Repeat("x", maxLine)+`"}`,
			`{"type":"go","depth":1,"id":1}`)
		if m := next(e, "error"); !strings.Contains(m["message"].(string), "line 2 is") {
			t.Errorf("error %v", m)
		}
		if m := next(e, "error"); m["id"] != 1.0 || !strings.Contains(m["message"].(string), "no position: line 2") {
			t.Errorf("error %v", m)
		}
		if b := next(e, "bestmove"); b["id"] != 1.0 || b["move"] != "" || b["error"] == nil {
			t.Errorf("answer %v", b)
		}
		e.in.Close()
		<-e.done
	})
	t.Run("analysis", func(t *testing.T) {
		// an infinite go with lines, as JSON lines: its movetime ignored,
		// answered at the stop
		e := start()
		send(e, `{"type":"position","variant":"bifold-halfgi-pawns"}`, `{"type":"go","infinite":true,"multipv":2,"movetime":1,"id":1}`)
		var last map[string]any
		for i := 0; i < 3; i++ {
			m := next(e, "info", "bestmove")
			if m["type"] != "info" {
				t.Fatalf("answered before the stop: %v", m)
			}
			if ls, _ := m["lines"].([]any); len(ls) != 2 || m["id"] != 1.0 {
				t.Fatalf("info %v: want 2 lines and the id", m)
			}
			last = m
		}
		time.Sleep(200 * time.Millisecond)
		send(e, `{"type":"stop"}`)
		b := next(e, "bestmove")
		if b["id"] != 1.0 || !legalIn(t, "bifold-halfgi-pawns", nil, b["move"].(string)) {
			t.Errorf("answer %v (last info %v)", b, last)
		}
		e.in.Close()
		if code := <-e.done; code != 0 {
			t.Errorf("exit %d", code)
		}
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

// TestRefusedPosition: a refused 'position' replaces the old one with none,
// so the gos after it are errors with their ids (and a bestmove with an
// empty move and error set) until a valid one arrives. It used to leave the
// old position, and the next go answered for it with no error.
func TestRefusedPosition(t *testing.T) {
	tooMany := make([]any, maxMoves+1)
	for i := range tooMany {
		tooMany[i] = "e2e4"
	}
	tests := []struct {
		name string
		pos  map[string]any
		why  string // in the go's error
	}{
		{"20,001 moves", map[string]any{"moves": tooMany}, "20001 moves, at most 20000"},
		{"moves a string", map[string]any{"moves": "e2e4"}, "moves is a string"},
		{"a move a number", map[string]any{"moves": []any{"e2e4", 5.0}}, "moves[1] is a number"},
		{"a move too long", map[string]any{"moves": []any{strings.Repeat("e2e4", 10)}}, "is not a move string"},
		{"variant a number", map[string]any{"variant": 3.0}, "variant is a number"},
		{"fen an object", map[string]any{"fen": map[string]any{}}, "fen is an object"},
		{"unknown variant", map[string]any{"variant": "nope"}, `unknown variant "nope"`},
		{"bad fen", map[string]any{"fen": "xyz"}, `position board "xyz"`},
		{"illegal move", map[string]any{"moves": []any{"e2e5"}}, `move 1 "e2e5": not a legal move here`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := newAnswers()
			s := newSession(a.post, nil, nil)
			good := map[string]any{"type": "position", "variant": "chess", "moves": []any{"e2e4"}}
			bad := map[string]any{"type": "position", "variant": "chess"}
			for k, v := range tc.pos {
				bad[k] = v
			}
			gos := 0
			goAndWait := func() out {
				gos++
				s.handleRaw(map[string]any{"type": "go", "id": float64(gos), "depth": 1.0})
				a.waitFor(t, 1, 120*time.Second)
				a.mu.Lock()
				defer a.mu.Unlock()
				return a.best[len(a.best)-1]
			}
			s.handleRaw(good)
			if b := goAndWait(); b["move"] == "" {
				t.Fatalf("the good position: %v", b)
			}
			s.handleRaw(bad)
			for i := 0; i < 2; i++ { // refused until a valid position arrives
				b := goAndWait()
				if b["move"] != "" || !strings.Contains(fmt.Sprint(b["error"]), tc.why) || b["id"] != float64(gos) {
					t.Errorf("go %d after the refused position: %v, want an error saying %q", gos, b, tc.why)
				}
			}
			s.handleRaw(good)
			if b := goAndWait(); b["move"] == "" || b["error"] != nil {
				t.Errorf("after a good position again: %v", b)
			}
			a.checkOnePerGo(t, gos)
			a.mu.Lock()
			defer a.mu.Unlock()
			withID := 0
			for _, o := range a.all {
				if o["type"] == "error" && o["id"] != nil {
					withID++
					if !strings.Contains(o["message"].(string), tc.why) {
						t.Errorf("error %v, want it to say %q", o, tc.why)
					}
				}
			}
			if withID != 2 {
				t.Errorf("%d errors with a go's id, want 2: %v", withID, a.all)
			}
		})
	}
}

// TestErrorsQuoteAPrefix: errors quote at most 80 characters of the input,
// exactly (escaped), then '…' and its length (a 20 MB position came back
// in full, twice: in the error and in the bestmove).
func TestErrorsQuoteAPrefix(t *testing.T) {
	huge := strings.Repeat("x\"", 10_000_000) // 20 MB, with a character to escape
	prefix := `"` + strings.Repeat(`x\"`, 40) + `"… (20000000 bytes)`
	tests := []struct {
		name string
		msg  map[string]any
		want string // in the error about it (and in the go's, for a position)
	}{
		{"fen", map[string]any{"type": "position", "variant": "chess", "fen": huge}, "position board " + prefix + ": want 8 ranks"},
		{"fields", map[string]any{"type": "position", "variant": "chess", "fen": strings.Repeat("x ", 10_000_000)}, `position "` + strings.Repeat("x ", 40) + `"… (20000000 bytes): too many fields`},
		{"variant", map[string]any{"type": "position", "variant": huge}, "unknown variant " + prefix + " (known: ["},
		{"move", map[string]any{"type": "position", "variant": "chess", "moves": []any{huge}}, "moves[0] " + prefix + " is not a move string"},
		{"type", map[string]any{"type": huge}, "unknown message type " + prefix},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := newAnswers()
			s := newSession(a.post, nil, nil)
			s.handleRaw(tc.msg)
			s.handleRaw(map[string]any{"type": "go", "id": 1.0, "depth": 1.0})
			a.waitFor(t, 1, 120*time.Second)
			s.wait()
			a.mu.Lock()
			defer a.mu.Unlock()
			size, saying := 0, 0
			for _, o := range a.all {
				b, _ := json.Marshal(o)
				size += len(b)
				if o["type"] == "error" && strings.Contains(o["message"].(string), tc.want) {
					saying++
				}
			}
			if size > 2000 || saying == 0 {
				t.Errorf("%d bytes of answers, %d errors saying %s: %.1000v", size, saying, tc.want, a.all)
			}
		})
	}
}

// TestEveryGoAnswered: every 'go' line gets exactly one bestmove, in
// order, whatever its fields hold; its id comes back as it was sent when
// it is a string or a number (natively digit for digit, 1e400 too), and
// not at all when it is of another type (the go is refused then). A go
// with a number no float64 holds (movetime 1e400) got no answer: its line
// was "not JSON".
func TestEveryGoAnswered(t *testing.T) {
	tests := []struct {
		line  string
		id    string // the id's JSON in the bestmove; "" for none
		error string // in the bestmove's error; "" for a move
	}{
		{`{"type":"go","movetime":1e400,"id":7}`, `7`, "movetime 1e400, want a whole number of milliseconds"},
		{`{"type":"go","movetime":86400000,"id":8}`, `8`, "from 0 to 600000 (10 minutes)"},
		{`{"type":"go","depth":1,"id":1e400}`, `1e400`, ""},
		{`{"type":"go","depth":1,"id":-1e400}`, `-1e400`, ""},
		{`{"type":"go","depth":1,"id":123456789012345678901234567890}`, `123456789012345678901234567890`, ""},
		{`{"type":"go","depth":1,"id":-3}`, `-3`, ""},
		{`{"type":"go","depth":1,"id":2.50}`, `2.50`, ""},
		{`{"type":"go","depth":1,"id":-0}`, `-0`, ""},
		{`{"type":"go","depth":1,"id":"a \"quoted\" id"}`, `"a \"quoted\" id"`, ""},
		{`{"type":"go","depth":1,"id":""}`, `""`, ""},
		{`{"type":"go","depth":1,"id":null}`, ``, ""},
		{`{"type":"go","depth":1}`, ``, ""},
		{`{"type":"go","depth":1,"id":true}`, ``, "id is a boolean, want a string or a number"},
		{`{"type":"go","depth":1,"id":{"n":1}}`, ``, "id is an object"},
		{`{"type":"go","depth":1,"id":[1]}`, ``, "id is an array"},
		{`{"type":"go","depth":1,"id":"` + strings.Repeat("i", 300) + `"}`, ``, "id is a string of 300 bytes, at most 256"},
		{`{"type":"go","depth":1.5,"level":1e999,"id":9}`, `9`, "depth 1.5, want a whole number from 0 to 1000; level 1e999, want"},
		{`{"type":"go","seed":-1,"id":"s"}`, `"s"`, "seed -1"},
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errb bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- serve(inR, outW, &errb); outW.Close() }()
	lines := make(chan string, 1024)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	io.WriteString(inW, `{"type":"position","variant":"chess"}`+"\n")
	for _, tc := range tests {
		// one go at a time: none is superseded
		io.WriteString(inW, tc.line+"\n")
		var b map[string]json.RawMessage
		timeout := time.After(60 * time.Second)
		for b == nil {
			var line string
			select {
			case line = <-lines:
			case <-timeout:
				t.Fatalf("%.80s: no bestmove within 60 s", tc.line)
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatalf("output %q: %v", line, err)
			}
			if string(m["type"]) == `"bestmove"` {
				b = m
			}
		}
		var move, why string
		json.Unmarshal(b["move"], &move)
		json.Unmarshal(b["error"], &why)
		if string(b["id"]) != tc.id {
			t.Errorf("%.80s: id %s, want %s", tc.line, b["id"], tc.id)
		}
		if tc.error == "" && (move == "" || why != "") || tc.error != "" && (move != "" || !strings.Contains(why, tc.error)) {
			t.Errorf("%.80s: move %q, error %q, want %q", tc.line, move, why, tc.error)
		}
	}
	inW.Close()
	for line := range lines {
		if strings.Contains(line, `"bestmove"`) {
			t.Errorf("an extra bestmove: %s", line)
		}
	}
	if code := <-done; code != 0 || errb.Len() > 0 {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}

// buildEngine builds the native engine into a temporary folder.
func buildEngine(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "engine")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestCommandLine: flags and arguments are refused with the usage and exit
// code 2 (they were taken silently); when its answers cannot be written
// (/dev/full) the engine exits 1 at once, saying why on stderr (it exited
// 0, or waited for the end of its input).
func TestCommandLine(t *testing.T) {
	bin := buildEngine(t)
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"-x"}, 2, "engine: flag provided but not defined: -x\nusage: engine"},
		{[]string{"extra"}, 2, "engine: unexpected argument \"extra\"\nusage: engine"},
		{[]string{"--", "-x"}, 2, "engine: unexpected argument \"-x\""},
		{[]string{"-h"}, 0, "usage: engine"},
		{nil, 0, ""},
	} {
		cmd := exec.Command(bin, tc.args...)
		cmd.Stdin = strings.NewReader(`{"type":"stop"}` + "\n")
		var outb, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &outb, &errb
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != tc.code || !strings.HasPrefix(errb.String(), tc.err) || tc.err == "" && errb.Len() > 0 {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tc.args, code, errb.String(), tc.code, tc.err)
		}
		if tc.code != 0 && outb.Len() > 0 {
			t.Errorf("%q: stdout %q", tc.args, outb.String())
		}
	}

	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	for _, keepOpen := range []bool{false, true} {
		cmd := exec.Command(bin)
		inW, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = full, &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		io.WriteString(inW, `{"type":"position","variant":"chess"}`+"\n"+`{"type":"go","depth":1,"id":1}`+"\n")
		if !keepOpen {
			inW.Close()
		}
		timer := time.AfterFunc(60*time.Second, func() { cmd.Process.Kill() })
		err = cmd.Wait()
		timer.Stop()
		inW.Close()
		if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.HasPrefix(errb.String(), "engine: writing the answers: ") {
			t.Errorf(">/dev/full (input kept open: %v): exit %d (%v), stderr %q", keepOpen, code, err, errb.String())
		}
	}
}

// TestSessionLines: a go with multipv reports that many lines in every
// info (one line when the position has fewer moves), best first, each with
// its score, depth and a legal pv whose first line is the info's own; a go
// without it reports no lines.
func TestSessionLines(t *testing.T) {
	tests := []struct {
		name    string
		variant string
		fen     string
		multipv any // nil: absent
		want    int // lines in each info (0: no lines key)
	}{
		{"bedlam 3", "bedlam", "startpos", 3.0, 3},
		{"bifold 5", "bifold-halfgi", "startpos", 5.0, 5},
		{"assimilation 1", "assimilation", "startpos", 1.0, 1},
		{"chess absent", "chess", "startpos", nil, 0},
		{"two legal moves", "chess", "7k/8/8/8/8/8/8/K6q w - - 0 1", 4.0, 4}, // Ka2 or Kb2: as many lines as moves
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, _ := game.VariantByID(tc.variant)
			p, err := game.Parse(v, tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			want := tc.want
			if n := len(p.LegalMoves()); want > n {
				want = n
			}
			a := newAnswers()
			s := newSession(a.post, nil, nil)
			s.infoEvery = time.Nanosecond
			s.handleRaw(map[string]any{"type": "position", "variant": tc.variant, "fen": tc.fen})
			g := map[string]any{"type": "go", "depth": 4.0, "id": "l"}
			if tc.multipv != nil {
				g["multipv"] = tc.multipv
			}
			s.handleRaw(g)
			a.waitFor(t, 1, 120*time.Second)
			a.mu.Lock()
			defer a.mu.Unlock()
			infos := 0
			for _, o := range a.all {
				if o["type"] != "info" {
					continue
				}
				infos++
				lines, has := o["lines"].([]any)
				if want == 0 {
					if _, ok := o["lines"]; ok {
						t.Fatalf("lines without multipv: %v", o)
					}
					continue
				}
				if !has || len(lines) != want {
					t.Fatalf("info %v: want %d lines", o, want)
				}
				prev := math.Inf(1)
				for i, l := range lines {
					m := l.(map[string]any)
					pv := m["pv"].([]any)
					q := p.Clone()
					for _, ms := range pv {
						mv, err := q.ParseMove(ms.(string))
						if err != nil {
							t.Fatalf("line %d pv %v: %v", i, pv, err)
						}
						q.Make(mv)
					}
					if len(pv) == 0 || m["depth"].(int) < 1 || m["depth"].(int) > o["depth"].(int) {
						t.Fatalf("line %d: %v (info depth %v)", i, m, o["depth"])
					}
					sc := lineValue(t, m)
					if sc > prev {
						t.Errorf("line %d (%v) above the one before it: %v", i, sc, lines)
					}
					prev = sc
					if i == 0 {
						top := o["pv"].([]string)
						if len(top) != len(pv) || top[0] != pv[0].(string) || fmt.Sprint(o["score"]) != fmt.Sprint(m["score"]) {
							t.Errorf("the first line %v is not the info's %v %v", m, o["score"], top)
						}
					}
				}
			}
			if infos == 0 {
				t.Fatal("no info")
			}
		})
	}
}

// lineValue orders a line by its score: a mate as ±(100000 - N).
func lineValue(t *testing.T, m map[string]any) float64 {
	t.Helper()
	if n, ok := m["mate"].(int); ok {
		if m["score"] != "mate "+fmt.Sprint(n) {
			t.Errorf("mate %d with score %v", n, m["score"])
		}
		if n > 0 {
			return 100000 - float64(n)
		}
		return -100000 - float64(n)
	}
	sc, ok := m["score"].(int)
	if !ok {
		t.Fatalf("score %v", m["score"])
	}
	return float64(sc)
}

// TestSessionInfinite: an infinite go ignores its movetime and answers only
// when a stop, a go or a position arrives, also when its search has ended
// by itself (a depth limit, a proven mate); always one bestmove per go.
func TestSessionInfinite(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		depth float64
		end   map[string]any // what ends it
	}{
		{"stop", "startpos", 0, map[string]any{"type": "stop"}},
		{"position", "startpos", 0, map[string]any{"type": "position", "variant": "chess"}},
		{"go", "startpos", 0, map[string]any{"type": "go", "depth": 1.0, "id": "next"}},
		{"depth limit, then stop", "startpos", 2, map[string]any{"type": "stop"}},
		{"a proven mate, then stop", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 0, map[string]any{"type": "stop"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := newAnswers()
			s := newSession(a.post, nil, nil)
			s.handleRaw(map[string]any{"type": "position", "variant": "chess", "fen": tc.fen})
			s.handleRaw(map[string]any{"type": "go", "infinite": true, "movetime": 20.0, "depth": tc.depth, "id": "inf"})
			// the movetime has long passed, and a depth-2 search or the
			// mate in 1 has long ended
			time.Sleep(700 * time.Millisecond)
			a.mu.Lock()
			early := len(a.best) > 0
			a.mu.Unlock()
			if early {
				t.Fatalf("answered before it was stopped: %v", a.all)
			}
			s.handleRaw(tc.end)
			n := 1
			if tc.end["type"] == "go" {
				n = 2
			}
			a.waitFor(t, n, 120*time.Second)
			s.handle(message{Type: "stop"})
			s.wait()
			a.mu.Lock()
			defer a.mu.Unlock()
			var ids []any
			for _, o := range a.all {
				if o["type"] == "bestmove" {
					ids = append(ids, o["id"])
					if o["id"] == "inf" && !legalIn(t, "chess", nil, o["move"].(string)) && tc.fen == "startpos" {
						t.Errorf("bestmove %v", o)
					}
					if o["id"] == "inf" && tc.fen != "startpos" && o["move"] != "a1a8" {
						t.Errorf("bestmove %v, want the mate a1a8", o)
					}
				}
			}
			if fmt.Sprint(ids) != fmt.Sprint([]any{"inf"}) && fmt.Sprint(ids) != fmt.Sprint([]any{"inf", "next"}) {
				t.Errorf("bestmoves for %v", ids)
			}
		})
	}
}

// TestSessionReview: a go with nodes is a review search: the same answer
// as ai.Analyser's for the position, whatever the session searched before
// (a level search, another review), with its score, depth and pv in the
// bestmove; a position whose game is over answers its result.
func TestSessionReview(t *testing.T) {
	tests := []struct {
		variant, fen string
		moves        []string
	}{
		{"bedlam", "startpos", []string{"e2e4", "e7e5", "g1f3"}},
		{"bifold-halfgi", "startpos", nil},
		{"assimilation", "startpos", []string{"d2d4"}},
		{"chess", "startpos", []string{"f2f3", "e7e5", "g2g4", "d8h4"}}, // checkmated
	}
	a := newAnswers()
	s := newSession(a.post, nil, nil)
	gos := 0
	ask := func(tc int, msg map[string]any) out {
		t.Helper()
		moves := make([]any, len(tests[tc].moves))
		for i, m := range tests[tc].moves {
			moves[i] = m
		}
		s.handleRaw(map[string]any{"type": "position", "variant": tests[tc].variant, "fen": tests[tc].fen, "moves": moves})
		s.handleRaw(msg)
		gos++
		a.waitFor(t, 1, 120*time.Second)
		a.mu.Lock()
		defer a.mu.Unlock()
		return a.best[gos-1]
	}
	for i, tc := range tests {
		v, _ := game.VariantByID(tc.variant)
		p, _ := game.Parse(v, tc.fen)
		for _, m := range tc.moves {
			mv, _ := p.ParseMove(m)
			p.Make(mv)
		}
		want := ai.NewAnalyser().Analyse(p, 20_000, nil)
		first := ask(i, map[string]any{"type": "go", "nodes": 20_000.0, "id": 1.0})
		ask(i, map[string]any{"type": "go", "level": 8.0, "depth": 3.0})
		again := ask(i, map[string]any{"type": "go", "nodes": 20_000.0, "level": 2.0, "multipv": 3.0, "id": 2.0})
		for _, b := range []out{first, again} {
			wantMove := ""
			if want.Move != game.NoMove {
				wantMove = p.MoveString(want.Move)
			}
			score := any(want.Score)
			if want.Mate != 0 {
				score = "mate " + fmt.Sprint(want.Mate)
			}
			if b["move"] != wantMove || b["score"] != score || b["depth"] != want.Depth {
				t.Errorf("%s %v: %v, want %s %v depth %d", tc.variant, tc.moves, b, wantMove, score, want.Depth)
			}
		}
		if tc.variant == "chess" && (first["move"] != "" || first["mate"] != -1) {
			t.Errorf("checkmated: %v", first)
		}
	}
}

// TestSessionThreat: a threat go searches the position with the other side
// to move: its moves are that side's (here the mate it threatens), and it
// is refused, with its bestmove, when the side to move is in check.
func TestSessionThreat(t *testing.T) {
	tests := []struct {
		name, variant, fen string
		want               string // the threat's best move; "" refused
	}{
		// White to move; Black threatens Re1#
		{"mate threat", "chess", "4r1k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", "e8e1"},
		{"in check", "chess", "6k1/5ppp/8/8/8/8/6Pq/7K w - - 0 1", ""},
		{"bifold", "bifold-halfgi", "startpos", "any"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := newAnswers()
			s := newSession(a.post, nil, nil)
			s.handleRaw(map[string]any{"type": "position", "variant": tc.variant, "fen": tc.fen})
			s.handleRaw(map[string]any{"type": "go", "threat": true, "depth": 3.0, "multipv": 2.0, "id": "t"})
			a.waitFor(t, 1, 120*time.Second)
			a.mu.Lock()
			defer a.mu.Unlock()
			b := a.best[0]
			if tc.want == "" {
				if b["move"] != "" || !strings.Contains(fmt.Sprint(b["error"]), "in check") {
					t.Errorf("bestmove %v", b)
				}
				return
			}
			v, _ := game.VariantByID(tc.variant)
			p, _ := game.Parse(v, tc.fen)
			p.MakeNull()
			if _, err := p.ParseMove(b["move"].(string)); err != nil || (tc.want != "any" && b["move"] != tc.want) {
				t.Errorf("bestmove %v (%v): want the other side's %s", b, err, tc.want)
			}
			var last out
			for _, o := range a.all {
				if o["type"] == "info" {
					last = o
				}
			}
			if ls, _ := last["lines"].([]any); len(ls) != 2 || (tc.want != "any" && last["mate"] != 1) {
				t.Errorf("last info %v: want 2 lines (and the mate in 1)", last)
			}
		})
	}
}
