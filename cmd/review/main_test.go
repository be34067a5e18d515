package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReview reviews fool's mate, given as moves and as a record: White's
// g4 is the blunder, with a better move; the summary counts it.
func TestReview(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "game.pgn")
	if err := os.WriteFile(rec, []byte("[Variant \"Chess\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-nodes", "20000", "-variant", "chess", "-moves", "f2f3 e7e5 g2g4 d8h4"},
		{"-nodes", "20000", rec},
	} {
		var out bytes.Buffer
		if err := run(args, nil, &out); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		lines := strings.Split(out.String(), "\n")
		if len(lines) < 7 || !strings.Contains(lines[2], "g2-g4") || !strings.Contains(lines[2], "?? blunder") || !strings.Contains(lines[2], "better") ||
			!strings.Contains(lines[3], "Qd8-h4#") || strings.Contains(lines[3], "?") {
			t.Errorf("%v:\n%s", args, out.String())
		}
		// (f2-f3 is marked or not as the evaluation judges it: not asserted)
		white := ""
		for _, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), "White: accuracy") {
				white = l
			}
		}
		if !strings.HasSuffix(white, " 1 blunders") {
			t.Errorf("%v: summary\n%s", args, out.String())
		}
	}
	var out bytes.Buffer
	if err := run([]string{"-variant", "chess"}, nil, &out); err == nil {
		t.Error("no game: no error")
	}
}
