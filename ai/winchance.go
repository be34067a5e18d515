package ai

import (
	"math"

	"chimera/game"
)

// ChessWinScale is the constant lichess uses to turn a chess engine's
// centipawns into winning chances, 2/(1+e^(-0.004·cp))-1. Our scores are
// not chess centipawns, so each rule set has its own fitted scale
// (WinScale); this one is only the comparison the fit is measured against.
const ChessWinScale = 0.004

// WinScale returns k, the fitted scale of rule set v's winning chances
// (winchance_fit.go, made by cmd/calibrate), or ChessWinScale for a rule
// set that has none.
func WinScale(v *game.Variant) float64 {
	if k, ok := winScales[v.ID]; ok {
		return k
	}
	return ChessWinScale
}

// WinningChances turns a search score into winning chances in [-1, 1], from
// the same side's view as the score: 2/(1+e^(-k·score))-1 with k =
// WinScale(v). mate is the score's mate in moves (Info.Mate): positive is 1,
// negative -1, whatever the score.
func WinningChances(v *game.Variant, score, mate int) float64 {
	switch {
	case mate > 0:
		return 1
	case mate < 0:
		return -1
	}
	return winChances(WinScale(v), score)
}

// winChances is the logistic of scale k.
func winChances(k float64, score int) float64 {
	return 2/(1+math.Exp(-k*float64(score))) - 1
}

// ScoreCount counts, for one score, the positions of self-play games that
// scored it (from the side to move's view) by the result of the game for
// the side to move: the calibration data (ai/testdata/winchance/).
type ScoreCount struct {
	Score               int
	Wins, Draws, Losses int
}

// WinLogLoss is the mean log-loss of predicting each counted position's
// result (1, ½ or 0 for the side to move) by (1+W)/2, W the winning chances
// of scale k.
func WinLogLoss(data []ScoreCount, k float64) float64 {
	sum, n := 0.0, 0
	for _, c := range data {
		p := (1 + winChances(k, c.Score)) / 2
		p = min(max(p, 1e-12), 1-1e-12)
		lw, ll := -math.Log(p), -math.Log(1-p)
		sum += float64(c.Wins)*lw + float64(c.Losses)*ll + float64(c.Draws)*(lw+ll)/2
		n += c.Wins + c.Draws + c.Losses
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// FitWinScale returns the scale k that maximises the likelihood of the
// results (minimises WinLogLoss; the loss is convex in k) and its log-loss.
// It searches k in [1e-5, 0.1] by golden sections on log k, to a relative
// precision of about 1e-7.
func FitWinScale(data []ScoreCount) (k, logLoss float64) {
	lo, hi := math.Log(1e-5), math.Log(0.1)
	f := func(x float64) float64 { return WinLogLoss(data, math.Exp(x)) }
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := f(a), f(b)
	for hi-lo > 1e-7 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = f(b)
		}
	}
	k = math.Exp((lo + hi) / 2)
	return k, WinLogLoss(data, k)
}
