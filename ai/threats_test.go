package ai

import (
	"testing"

	"chimera/game"
)

// TestThreatCounts checks what the threat terms count, in chess positions
// made for it: with the weights set to 1 (a piece attacked by a pawn), 10
// (a rook or queen attacked by a knight or bishop) and 100 (a piece
// attacked and not defended), the same in both phases, the evaluation
// with threats minus the one without is White's sum minus Black's.
func TestThreatCounts(t *testing.T) {
	v, err := game.VariantByID("chess")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		fen  string
		want int // White's view
		why  string
	}{
		{"4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", 101, "a knight attacked by a pawn, not defended"},
		{"4k3/8/8/4p3/3N4/8/8/4K3 b - - 0 1", -101, "the same for Black"},
		{"4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", 1, "attacked by a pawn, defended by one"},
		{"4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", 110, "a rook attacked by a knight, not defended"},
		{"4k3/8/2p5/3q4/8/8/6B1/5K2 w - - 0 1", 10, "a queen attacked by a bishop, each defended"},
		{"4k3/8/8/3r4/8/R7/8/4K3 w - - 0 1", 0, "rooks that attack nothing"},
		{"4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", 100, "a knight the royal attacks, not defended"},
		{"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", 0, "pawns and royals are no targets"},
		{"4k3/3P4/8/8/8/8/8/4K3 b - - 0 1", 0, "a royal attacked by a pawn is check, not a threat"},
		{"4k3/8/8/8/8/1n6/8/RK6 w - - 0 1", -10, "a rook attacked by a knight, defended by the royal"},
	}
	for _, tc := range tests {
		p, err := game.Parse(v, tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.fen, err)
		}
		score := func(threats bool) int {
			e := newEvaluator(v)
			tt := *e.terms
			tt.byPawn, tt.byMinor, tt.hanging = [2]int{1, 1}, [2]int{10, 10}, [2]int{100, 100}
			e.terms, e.threats = &tt, threats
			e.reset(p)
			return e.eval(p)
		}
		got := score(true) - score(false)
		if p.Turn() == game.Black {
			got = -got
		}
		if got != tc.want {
			t.Errorf("%s (%s): threats %d, want %d", tc.fen, tc.why, got, tc.want)
		}
	}
}
