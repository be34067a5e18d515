package ai

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"chimera/game"
)

// TestWinningChances: in every rule set the chances lie in [-1, 1], grow
// with the score, are odd (the other side's view is the negative) and are
// ±1 for a mate whatever the score.
func TestWinningChances(t *testing.T) {
	for _, v := range game.AllVariants() {
		prev := -2.0
		for s := -5000; s <= 5000; s += 25 {
			w := WinningChances(v, s, 0)
			if w < -1 || w > 1 || w < prev {
				t.Fatalf("%s: score %d: %v (after %v)", v.ID, s, w, prev)
			}
			if math.Abs(w+WinningChances(v, -s, 0)) > 1e-12 {
				t.Fatalf("%s: score %d: %v, but %v for %d", v.ID, s, w, WinningChances(v, -s, 0), -s)
			}
			prev = w
		}
		if WinningChances(v, 0, 0) != 0 || WinningChances(v, 100, 0) <= 0 {
			t.Errorf("%s: 0 -> %v, 100 -> %v", v.ID, WinningChances(v, 0, 0), WinningChances(v, 100, 0))
		}
		for _, tc := range []struct {
			score, mate int
			want        float64
		}{
			{Mate - 1, 1, 1}, {-Mate + 2, -1, -1}, {0, 3, 1}, {500, -2, -1},
		} {
			if got := WinningChances(v, tc.score, tc.mate); got != tc.want {
				t.Errorf("%s: score %d mate %d: %v, want %v", v.ID, tc.score, tc.mate, got, tc.want)
			}
		}
	}
	// by hand: at lichess's scale, 100 cp is 2/(1+e^-0.4)-1
	if got := winChances(ChessWinScale, 100); math.Abs(got-0.197375320225) > 1e-12 {
		t.Errorf("winChances(0.004, 100) = %v", got)
	}
}

// readCounts reads a calibration data file (cmd/calibrate's format: '#'
// comments, then "score wins draws losses" lines).
func readCounts(t *testing.T, path string) []ScoreCount {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []ScoreCount
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) != 4 {
			t.Fatalf("%s: %q", path, line)
		}
		var n [4]int
		for i, x := range fs {
			if n[i], err = strconv.Atoi(x); err != nil {
				t.Fatalf("%s: %q: %v", path, line, err)
			}
		}
		out = append(out, ScoreCount{Score: n[0], Wins: n[1], Draws: n[2], Losses: n[3]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestWinScaleFit replays the calibration: every rule set has a fitted
// scale, made from thousands of positions, which is the maximum-likelihood
// fit of its data (testdata/winchance/ID.txt), at least as good as lichess's
// chess constant there.
func TestWinScaleFit(t *testing.T) {
	for _, v := range game.AllVariants() {
		k, ok := winScales[v.ID]
		if !ok {
			t.Errorf("%s: no fitted scale (go run ./cmd/calibrate)", v.ID)
			continue
		}
		data := readCounts(t, filepath.Join("testdata", "winchance", v.ID+".txt"))
		n := 0
		for _, c := range data {
			n += c.Wins + c.Draws + c.Losses
		}
		if n < 2000 {
			t.Errorf("%s: fitted on %d positions", v.ID, n)
		}
		fit, loss := FitWinScale(data)
		if math.Abs(fit-k) > 1e-6 {
			t.Errorf("%s: the data fit k = %.6f, winchance_fit.go says %.6f", v.ID, fit, k)
		}
		if chess := WinLogLoss(data, ChessWinScale); loss > chess+1e-12 {
			t.Errorf("%s: log-loss %v at the fit, %v at %v", v.ID, loss, chess, ChessWinScale)
		}
		if WinScale(v) != k {
			t.Errorf("%s: WinScale %v, fitted %v", v.ID, WinScale(v), k)
		}
	}
}

// TestFitWinScale fits data made from a known scale: the expected counts
// of each result at each score.
func TestFitWinScale(t *testing.T) {
	for _, k := range []float64{0.001, 0.004, 0.01} {
		var data []ScoreCount
		for s := -1500; s <= 1500; s += 10 {
			p := (1 + winChances(k, s)) / 2 // the side to move's expected result
			// 1000 games, some drawn, whose mean result is p
			draws := int(math.Round(400 * min(p, 1-p)))
			wins := int(math.Round(1000*p - float64(draws)/2))
			data = append(data, ScoreCount{Score: s, Wins: wins, Draws: draws, Losses: 1000 - wins - draws})
		}
		got, _ := FitWinScale(data)
		if math.Abs(got-k)/k > 0.05 {
			t.Errorf("scale %v: fitted %v", k, got)
		}
	}
}
