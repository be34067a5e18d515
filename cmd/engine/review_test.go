//go:build !(js && wasm)

package main

import (
	"fmt"
	"testing"
	"time"
)

// TestSessionNodesFresh: a go with a node budget and fresh (a review's
// search) stops at the budget with no time limit, and gives the same
// score, line and move whatever the engine searched before.
func TestSessionNodesFresh(t *testing.T) {
	for _, variant := range []string{"bedlam", "assimilation", "bifold-halfgi"} {
		a := newAnswers()
		s := newSession(a.post, nil, nil)
		pos := map[string]any{"type": "position", "variant": variant, "fen": "startpos", "moves": []any{"e2e4"}}
		other := map[string]any{"type": "position", "variant": variant, "fen": "startpos", "moves": []any{"d2d4", "d7d5"}}
		review := map[string]any{"type": "go", "nodes": 20000.0, "fresh": true, "id": "r"}
		s.handleRaw(pos)
		s.handleRaw(review)
		a.waitFor(t, 1, 120*time.Second)
		s.handleRaw(other)
		s.handleRaw(map[string]any{"type": "go", "depth": 5.0, "id": "x"}) // fills the table with another position
		a.waitFor(t, 1, 120*time.Second)
		s.handleRaw(pos)
		s.handleRaw(review)
		a.waitFor(t, 1, 120*time.Second)
		a.mu.Lock()
		var last []out
		var lastInfo out
		for _, o := range a.all {
			switch o["type"] {
			case "info":
				if o["id"] == "r" {
					lastInfo = o
				}
			case "bestmove":
				if o["id"] == "r" {
					last = append(last, out{"move": o["move"], "score": lastInfo["score"], "nodes": lastInfo["nodes"], "pv": lastInfo["pv"]})
				}
			}
		}
		a.mu.Unlock()
		if len(last) != 2 {
			t.Fatalf("%s: %d review answers", variant, len(last))
		}
		if last[0]["move"] != last[1]["move"] || last[0]["score"] != last[1]["score"] || fmt.Sprint(last[0]["pv"]) != fmt.Sprint(last[1]["pv"]) {
			t.Errorf("%s: fresh searches differ: %v and %v", variant, last[0], last[1])
		}
		if n, _ := last[0]["nodes"].(float64); n > 20000+2048 {
			t.Errorf("%s: %v nodes searched, budget 20000", variant, n)
		}
	}
}

// TestDecodeNodesFresh: nodes is a whole number, fresh a boolean.
func TestDecodeNodesFresh(t *testing.T) {
	for _, c := range []struct {
		msg map[string]any
		ok  bool
	}{
		{map[string]any{"type": "go", "nodes": 5000.0, "fresh": true}, true},
		{map[string]any{"type": "go", "nodes": -1.0}, false},
		{map[string]any{"type": "go", "nodes": 1.5}, false},
		{map[string]any{"type": "go", "fresh": "yes"}, false},
	} {
		m, err := decodeMessage(c.msg)
		if (err == nil) != c.ok {
			t.Errorf("%v: error %v", c.msg, err)
		}
		if c.ok && (m.Nodes != 5000 || !m.Fresh) {
			t.Errorf("%v: read %+v", c.msg, m)
		}
	}
}
