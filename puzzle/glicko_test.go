package puzzle

import (
	"math"
	"testing"
)

// Glickman's worked example: a 1500 player (RD 200, volatility 0.06, tau
// 0.5) beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD
// 300): 1464.06, RD 151.52, volatility 0.05999.
func TestGlickoPaperExample(t *testing.T) {
	r := Rating{R: 1500, RD: 200, Vol: 0.06}.Update(
		Result{Rating{1400, 30, 0.06}, 1},
		Result{Rating{1550, 100, 0.06}, 0},
		Result{Rating{1700, 300, 0.06}, 0},
	)
	for _, c := range []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"rating", r.R, 1464.06, 0.01},
		{"deviation", r.RD, 151.52, 0.01},
		{"volatility", r.Vol, 0.05999, 0.00001},
	} {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s = %.5f, want %.5f", c.name, c.got, c.want)
		}
	}
}

func TestAfterPuzzle(t *testing.T) {
	for _, c := range []struct {
		name   string
		start  Rating
		puzzle int
		solved bool
		up     bool
	}{
		{"new player solves", NewRating, 1500, true, true},
		{"new player fails", NewRating, 1500, false, false},
		{"strong player fails an easy one", Rating{2000, 60, 0.06}, 800, false, false},
		{"weak player solves a hard one", Rating{900, 60, 0.06}, 1800, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			n := c.start.AfterPuzzle(c.puzzle, c.solved)
			if (n.R > c.start.R) != c.up {
				t.Errorf("rating %.1f -> %.1f, want it to go up: %v", c.start.R, n.R, c.up)
			}
			if n.RD < minRD || (c.start == NewRating && n.RD >= c.start.RD) {
				t.Errorf("deviation %.1f -> %.1f: want at least %d, and smaller for a new player", c.start.RD, n.RD, minRD)
			}
		})
	}
	// an unlikely result moves the rating more than a likely one
	easy := Rating{1500, 80, 0.06}.AfterPuzzle(800, true)
	hard := Rating{1500, 80, 0.06}.AfterPuzzle(2200, true)
	if hard.R-1500 <= easy.R-1500 {
		t.Errorf("solving a 2200 gains %.1f, an 800 %.1f: want more for the harder one", hard.R-1500, easy.R-1500)
	}
}
