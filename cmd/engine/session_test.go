//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
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
			s := newSession(c.post, nil)
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
			case <-time.After(10 * time.Second):
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

// TestWasmUnderNode builds engine.wasm and runs it under Node the way the
// Web Worker does (testdata/node_harness.js): it must answer 'stop' at once
// and play a level-3 move. Skipped without node.
func TestWasmUnderNode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the wasm")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found")
	}
	dir := t.TempDir()
	wasm := filepath.Join(dir, "engine.wasm")
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if outp, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, outp)
	}
	execJS := filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js")
	outp, err := exec.Command(node, "testdata/node_harness.js", execJS, wasm).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, outp)
	}
	var bests []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(string(outp)), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if m["type"] == "bestmove" {
			bests = append(bests, m)
		}
	}
	if len(bests) != 2 {
		t.Fatalf("want 2 bestmoves:\n%s", outp)
	}
	// the first search had 5 s and was stopped after 300 ms
	if ms := bests[0]["ms"].(float64); ms > 2000 || bests[0]["move"] == "" {
		t.Errorf("stopped search answered at %v ms: %v", ms, bests[0])
	}
	if bests[1]["move"] == "" {
		t.Errorf("level 3: no move")
	}
	t.Logf("%s", outp)
}
