package main

import (
	"math"
	"strings"
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

// fakeScorer scores every position with White to move s, with Black to
// move -s (from the side to move's view: the same position for White).
type fakeScorer struct{ s int }

func (f fakeScorer) score(fen string, depth int) (int, error) {
	if strings.Fields(fen)[1] == "b" {
		return -f.s, nil
	}
	return f.s, nil
}

func TestLabel(t *testing.T) {
	in := "1|rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n" +
		"0.5|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n" +
		"not a data line\n"
	var out strings.Builder
	n, err := label(strings.NewReader(in), &out, fakeScorer{35}, 7)
	if err != nil || n != 2 {
		t.Fatalf("label: %d lines, %v", n, err)
	}
	want := "1|rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1|35\n" +
		"0.5|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|35\n"
	if out.String() != want {
		t.Errorf("label wrote\n%s\nwant\n%s", out.String(), want)
	}
}
