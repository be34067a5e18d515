package main

import (
	"math"
	"testing"
	"time"

	"chimera/ai"
	"chimera/game"
)

func TestEloEstimate(t *testing.T) {
	tests := []struct {
		w, d, l   int
		elo       float64
		marginPos bool
	}{
		{5, 0, 5, 0, true},
		{75, 0, 25, 190.8, true},
		{0, 10, 0, 0, false},
		{10, 0, 0, 1200, false}, // clamped
	}
	for _, tc := range tests {
		elo, m := eloEstimate(tc.w, tc.d, tc.l)
		if math.Abs(elo-tc.elo) > 0.5 || (m > 0) != tc.marginPos {
			t.Errorf("%d-%d-%d: elo %.1f ± %.1f, want %.1f", tc.w, tc.d, tc.l, elo, m, tc.elo)
		}
	}
}

func TestParsePlayer(t *testing.T) {
	for _, tc := range []struct {
		in   string
		ok   bool
		kind string
	}{{"random", true, "random"}, {"greedy", true, "greedy"}, {"8", true, "engine"}, {"1", true, "engine"}, {"0", false, ""}, {"9", false, ""}, {"x", false, ""}} {
		p, err := parsePlayer(tc.in)
		if (err == nil) != tc.ok || p.kind != tc.kind {
			t.Errorf("%q: %+v %v", tc.in, p, err)
		}
	}
}

// TestPlayGame plays one short game per rule set and checks that it ends
// with a result and a PGN record.
func TestPlayGame(t *testing.T) {
	for _, id := range []string{"bedlam", "bifold-halfgi"} {
		v, _ := game.VariantByID(id)
		a, _ := parsePlayer("3")
		b, _ := parsePlayer("random")
		r := playGame(v, a, b, ai.NewEngine(1), ai.NewEngine(1), 0, 10*time.Millisecond, 1, 60, 4)
		if r.result == game.Ongoing || r.pgn == "" || r.plies == 0 {
			t.Errorf("%s: %+v", id, r)
		}
	}
}
