package main

import (
	"math"
	"testing"
)

func TestEloEstimate(t *testing.T) {
	tests := []struct {
		w, d, l     int
		elo, lo, hi float64 // want, within 1
	}{
		{50, 0, 50, 0, -69, 69},
		{0, 100, 0, 0, 0, 0},
		{75, 0, 25, 191, 119, 282},
		{20, 0, 0, 1200, 1200, 1200},
	}
	for _, tc := range tests {
		elo, lo, hi := eloEstimate(tc.w, tc.d, tc.l)
		for _, x := range [][2]float64{{elo, tc.elo}, {lo, tc.lo}, {hi, tc.hi}} {
			if math.Abs(x[0]-x[1]) > 1 {
				t.Errorf("%d-%d-%d: elo %.0f [%.0f, %.0f], want %.0f [%.0f, %.0f]", tc.w, tc.d, tc.l, elo, lo, hi, tc.elo, tc.lo, tc.hi)
				break
			}
		}
	}
}

func TestParseScore(t *testing.T) {
	tests := []struct {
		line string
		want int
		ok   bool
	}{
		{"info depth 10 seldepth 14 multipv 1 score cp 35 nodes 1000 pv e2e4", 35, true},
		{"info depth 12 score mate 3 nodes 5", mateScore - 6, true},
		{"info depth 12 score mate -2 nodes 5", -mateScore + 4, true},
		{"info depth 9 score cp 50 lowerbound nodes 3", 0, false},
		{"info string hello", 0, false},
	}
	for _, tc := range tests {
		got, ok := parseScore(tc.line)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%q: %d %v, want %d %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}
