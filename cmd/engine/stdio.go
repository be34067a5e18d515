//go:build !(js && wasm)

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sync"
)

// main reads messages as JSON lines on standard input and writes the
// answers as JSON lines (a test harness for the protocol). It exits at the
// end of input, after the last search has answered.
func main() {
	var mu sync.Mutex
	enc := json.NewEncoder(os.Stdout)
	done := make(chan struct{}, 64)
	post := func(o out) {
		mu.Lock()
		enc.Encode(o)
		mu.Unlock()
		if o["type"] == "bestmove" {
			done <- struct{}{}
		}
	}
	s := newSession(post, nil)
	gos := 0
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		var m struct {
			Type     string   `json:"type"`
			Variant  string   `json:"variant"`
			FEN      string   `json:"fen"`
			Moves    []string `json:"moves"`
			MoveTime int      `json:"movetime"`
			Depth    int      `json:"depth"`
			Level    int      `json:"level"`
			Seed     uint64   `json:"seed"`
		}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			fmt.Fprintln(os.Stderr, "engine:", err)
			continue
		}
		if m.Type == "go" {
			gos++
		}
		s.handle(message{Type: m.Type, Variant: m.Variant, FEN: m.FEN, Moves: m.Moves, MoveTime: m.MoveTime, Depth: m.Depth, Level: m.Level, Seed: m.Seed})
	}
	for ; gos > 0; gos-- {
		<-done
	}
}
