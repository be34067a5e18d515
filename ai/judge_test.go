package ai

import (
	"math"
	"testing"

	"chimera/game"
)

// scoreAt is the score whose winning chances in v are w (the inverse of
// WinningChances), rounded to a whole centipawn.
func scoreAt(v *game.Variant, w float64) int {
	return int(math.Round(math.Log((1+w)/(1-w)) / WinScale(v)))
}

func TestMarkNames(t *testing.T) {
	tests := []struct {
		m            Mark
		glyph, words string
	}{
		{NoMark, "", ""},
		{Inaccuracy, "?!", "inaccuracy"},
		{Mistake, "?", "mistake"},
		{Blunder, "??", "blunder"},
	}
	for _, tc := range tests {
		if tc.m.Glyph() != tc.glyph || tc.m.String() != tc.words {
			t.Errorf("%d: %q %q, want %q %q", tc.m, tc.m.Glyph(), tc.m.String(), tc.glyph, tc.words)
		}
	}
}

// TestJudge marks moves by their drop in winning chances (given here as
// the chances the scores stand for in each rule set) and by the mate rules.
func TestJudge(t *testing.T) {
	type ev struct {
		w    float64 // winning chances (when mate is 0)
		mate int
	}
	tests := []struct {
		name         string
		best, played ev
		want         Mark
	}{
		{"the best move", ev{0.3, 0}, ev{0.3, 0}, NoMark},
		{"better than the best", ev{0.3, 0}, ev{0.5, 0}, NoMark},
		{"a small drop", ev{0.5, 0}, ev{0.45, 0}, NoMark},
		{"drop 0.15", ev{0.5, 0}, ev{0.35, 0}, Inaccuracy},
		{"drop 0.25", ev{0.5, 0}, ev{0.25, 0}, Mistake},
		{"drop 0.35", ev{0.5, 0}, ev{0.15, 0}, Blunder},
		{"drop 0.9", ev{0.6, 0}, ev{-0.3, 0}, Blunder},
		{"a loss deepened a little", ev{-0.9, 0}, ev{-0.95, 0}, NoMark},
		{"walked into a mate", ev{0, 0}, ev{0, -3}, Blunder},
		{"walked into a mate, bad already", ev{-0.9, 0}, ev{0, -3}, Mistake},
		{"walked into a mate, lost already", ev{-0.97, 0}, ev{0, -1}, Inaccuracy},
		{"had a mate, now mated", ev{0, 2}, ev{0, -4}, Blunder},
		{"let the mate go, still winning big", ev{0, 3}, ev{0.99, 0}, Inaccuracy},
		{"let the mate go, winning", ev{0, 3}, ev{0.9, 0}, Mistake},
		{"let the mate go", ev{0, 1}, ev{0.5, 0}, Blunder},
		{"a slower mate", ev{0, 2}, ev{0, 6}, NoMark},
		{"the mate", ev{0, 1}, ev{0, 1}, NoMark},
		{"found a mate", ev{0.2, 0}, ev{0, 5}, NoMark},
		{"mated sooner", ev{0, -6}, ev{0, -2}, NoMark},
		{"escaped a mate", ev{0, -2}, ev{-0.5, 0}, NoMark},
	}
	for _, v := range game.AllVariants() {
		for _, tc := range tests {
			e := func(x ev) Eval {
				if x.mate != 0 {
					return Eval{Score: Mate - 2*abs(x.mate), Mate: x.mate}
				}
				return Eval{Score: scoreAt(v, x.w)}
			}
			if got := Judge(v, e(tc.best), e(tc.played)); got != tc.want {
				t.Errorf("%s, %s: %v (%v -> %v), want %v", v.ID, tc.name, got, e(tc.best), e(tc.played), tc.want)
			}
		}
	}
}

func TestWinPercent(t *testing.T) {
	chess, _ := game.VariantByID("chess")
	tests := []struct {
		e    Eval
		want float64
	}{
		{Eval{}, 50},
		{Eval{Score: -Mate, Mate: -1}, 0},
		{Eval{Score: Mate - 3, Mate: 2}, 100},
		{Eval{Score: scoreAt(chess, 0.5)}, 75},
		{Eval{Score: scoreAt(chess, -0.5)}, 25},
	}
	for _, tc := range tests {
		if got := WinPercent(chess, tc.e); math.Abs(got-tc.want) > 0.1 {
			t.Errorf("%v: %v, want %v", tc.e, got, tc.want)
		}
	}
}

// TestMoveAccuracy against values worked out by hand from the curve
// 103.1668·e^(-0.04354·drop) - 3.1669.
func TestMoveAccuracy(t *testing.T) {
	tests := []struct {
		before, after, want float64
	}{
		{50, 50, 100},
		{40, 60, 100},            // better than before
		{60, 50, 63.58261930711}, // drop 10
		{80, 60, 40.02042700569}, // drop 20
		{55, 50, 79.81704006344}, // drop 5
		{100, 0, 0},              // the curve is below 0 there
	}
	for _, tc := range tests {
		if got := MoveAccuracy(tc.before, tc.after); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%v -> %v: %v, want %v", tc.before, tc.after, got, tc.want)
		}
	}
}

// TestGameAccuracy against values worked out by hand.
func TestGameAccuracy(t *testing.T) {
	a10, a20 := 63.58261930711, 40.02042700569 // MoveAccuracy of drops 10 and 20
	tests := []struct {
		name     string
		wins     []float64
		first, c game.Color
		want     float64 // NaN: none
	}{
		{"no drop", []float64{50, 50, 50}, game.White, game.White, 100},
		{"the other side's drops", []float64{50, 40, 40, 30, 30}, game.White, game.Black, 100},
		{"two equal drops", []float64{50, 40, 40, 30, 30}, game.White, game.White, a10},
		// windows of 2: weights 5 (50, 40) and 10 (40, 20); the weighted
		// mean (5·a10 + 10·a20)/15 and the harmonic 2/(1/a10 + 1/a20)
		{"two drops", []float64{50, 40, 40, 20, 20}, game.White, game.White, ((5*a10+10*a20)/15 + 2/(1/a10+1/a20)) / 2},
		{"a zero accuracy", []float64{100, 0, 0}, game.White, game.White, (0 + 0) / 2},
		{"black first", []float64{50, 60}, game.Black, game.Black, a10},
		{"black first, white's none", []float64{50, 60}, game.Black, game.White, math.NaN()},
		{"no moves", []float64{50}, game.White, game.White, math.NaN()},
	}
	for _, tc := range tests {
		got := GameAccuracy(tc.wins, tc.first, tc.c)
		if math.IsNaN(tc.want) != math.IsNaN(got) || (!math.IsNaN(got) && math.Abs(got-tc.want) > 1e-9) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	// a long game: the windows of 8 positions, a weighted mean between
	// the plain mean and the harmonic one's side
	wins := make([]float64, 101)
	for i := range wins {
		wins[i] = 50
	}
	wins[41] = 20 // White's move 40 drops 30, Black's 41 wins it back
	got := GameAccuracy(wins, game.White, game.White)
	a30 := MoveAccuracy(50, 20)
	harmonic := 50 / (49/100.0 + 1/a30)
	if !(got < 100 && got > a30 && got < (100+harmonic)/2) {
		t.Errorf("one drop of 30 in 50 moves: %v (harmonic %v)", got, harmonic)
	}
}

func TestGoodEnough(t *testing.T) {
	chess, _ := game.VariantByID("chess")
	w := func(x float64) Eval { return Eval{Score: scoreAt(chess, x)} }
	tests := []struct {
		name            string
		best, candidate Eval
		want            bool
	}{
		{"the best", w(0.3), w(0.3), true},
		{"within the margin", w(0.3), w(0.27), true},
		{"beyond it", w(0.3), w(0.2), false},
		{"a mate", w(0.3), Eval{Mate - 5, 3}, true},
		{"a slower mate", Eval{Mate - 1, 1}, Eval{Mate - 9, 5}, true},
		{"no mate for a mate", Eval{Mate - 1, 1}, w(0.9), false},
		{"mated", w(0), Eval{-Mate + 4, -2}, false},
		{"mated anyway, as late", Eval{-Mate + 6, -3}, Eval{-Mate + 6, -3}, true},
		{"mated sooner", Eval{-Mate + 6, -3}, Eval{-Mate + 2, -1}, false},
		{"escaped a mate", Eval{-Mate + 6, -3}, w(-0.8), true},
	}
	for _, tc := range tests {
		if got := GoodEnough(chess, tc.best, tc.candidate); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	// Learnable offers the marked moves
	if Learnable(chess, w(0.5), w(0.45)) || !Learnable(chess, w(0.5), w(0.35)) {
		t.Error("Learnable is not Judge's marks")
	}
}
