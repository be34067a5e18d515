package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chimera/app"
	"chimera/game"
	"chimera/learn"
)

// TestWriteHelp: every rule set with a lesson gets its How to play as the
// game's own help() gives it (web/learn.js shows it before main.wasm), and
// no other file is written.
func TestWriteHelp(t *testing.T) {
	dist := t.TempDir()
	if err := WriteHelp(dist); err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, v := range game.Variants() {
		if learn.LessonFor(v.ID) == nil {
			continue
		}
		want++
		got, err := os.ReadFile(filepath.Join(dist, HelpFile(v.ID)))
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		h, _ := learn.HelpFor(v.ID)
		b, _ := json.Marshal(h)
		if !bytes.Equal(got, b) {
			t.Errorf("%s: the file is not the game's help", v.ID)
		}
	}
	if names, _ := os.ReadDir(dist); len(names) != want || want < 5 {
		t.Errorf("%d files written for %d rule sets with a lesson", len(names), want)
	}
}

// TestStampPaintPrefs: the Menu's settings before the game are the game's
// defaults, and each rule set's line is the new-game dialog's.
func TestStampPaintPrefs(t *testing.T) {
	out, err := StampPaint([]byte(`const G = {"__CHIMERA_GAMES__": 0}; const S = {"__CHIMERA_SHEETS__": 0}; const P = {"__CHIMERA_PREFS__": 0};`))
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	p := s[strings.Index(s, "const P = ")+len("const P = ") : len(s)-1]
	var got app.Prefs
	if err := json.Unmarshal([]byte(p), &got); err != nil || got != app.DefaultPrefs {
		t.Errorf("stamped prefs %s (%v), want %+v", p, err, app.DefaultPrefs)
	}
	g := s[strings.Index(s, "const G = ")+len("const G = ") : strings.Index(s, "; const S")]
	var games map[string]paintGame
	if err := json.Unmarshal([]byte(g), &games); err != nil {
		t.Fatal(err)
	}
	for _, v := range game.Variants() {
		if games[v.ID].Line != v.Description || games[v.ID].Line == "" {
			t.Errorf("%s: line %q, want %q", v.ID, games[v.ID].Line, v.Description)
		}
	}
	if _, err := StampPaint([]byte(`{"__CHIMERA_GAMES__": 0} {"__CHIMERA_SHEETS__": 0}`)); err == nil {
		t.Error("a paint.js without the prefs' placeholder was stamped")
	}
}
