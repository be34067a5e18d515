package ai

import (
	"math"

	"chimera/game"
)

// Mark is the judgement of a move played: none, or how bad a mistake.
type Mark int

// The marks, from none to the worst.
const (
	NoMark Mark = iota
	Inaccuracy
	Mistake
	Blunder
)

// Glyph returns the mark's annotation glyph: "?!", "?", "??", or "" for
// NoMark.
func (m Mark) Glyph() string {
	switch m {
	case Inaccuracy:
		return "?!"
	case Mistake:
		return "?"
	case Blunder:
		return "??"
	}
	return ""
}

// String returns the mark's name: "inaccuracy", "mistake", "blunder", or ""
// for NoMark.
func (m Mark) String() string {
	switch m {
	case Inaccuracy:
		return "inaccuracy"
	case Mistake:
		return "mistake"
	case Blunder:
		return "blunder"
	}
	return ""
}

// Drops in winning chances (ai.WinningChances, from -1 to 1) that mark a
// move.
const (
	InaccuracyDrop = 0.1
	MistakeDrop    = 0.2
	BlunderDrop    = 0.3
)

// Winning chances near mate that soften a mate mark: a move that walks
// into a forced mate from winning chances at or below -LostChances is only
// an inaccuracy (the game was lost anyway), at or below -BadChances a
// mistake; one that lets a forced mate go and keeps winning chances of at
// least LostChances is only an inaccuracy, at least BadChances a mistake.
// (They are lichess's -999 and -700 centipawns at its scale 0.004.)
const (
	LostChances = 0.96
	BadChances  = 0.88
)

// Judge marks a move: best is the evaluation of the position before it
// (its best line), played the evaluation after the move played, both from
// the view of the side that moved (the position after the move's
// Analyse(...).Eval.Flip()). The rules, in the spirit of lichess's:
//
//   - neither is a mate: a drop in winning chances of at least 0.3 is a
//     blunder, 0.2 a mistake, 0.1 an inaccuracy;
//   - walking into a forced mate (best no mate, played mated): a blunder,
//     only a mistake or an inaccuracy when best's winning chances were
//     already at most -BadChances or -LostChances;
//   - letting a forced mate go (best mates, played does not): a blunder
//     when played is mated, else by played's winning chances (at least
//     LostChances an inaccuracy, BadChances a mistake, less a blunder);
//   - a slower mate, a faster or slower mate against the mover, and a mate
//     found where best saw none are no mistakes.
func Judge(v *game.Variant, best, played Eval) Mark {
	switch {
	case best.Mate == 0 && played.Mate == 0:
		drop := WinningChances(v, best.Score, 0) - WinningChances(v, played.Score, 0)
		switch {
		case drop >= BlunderDrop:
			return Blunder
		case drop >= MistakeDrop:
			return Mistake
		case drop >= InaccuracyDrop:
			return Inaccuracy
		}
	case best.Mate == 0 && played.Mate < 0:
		w := WinningChances(v, best.Score, 0)
		switch {
		case w <= -LostChances:
			return Inaccuracy
		case w <= -BadChances:
			return Mistake
		}
		return Blunder
	case best.Mate > 0 && played.Mate < 0:
		return Blunder
	case best.Mate > 0 && played.Mate == 0:
		w := WinningChances(v, played.Score, 0)
		switch {
		case w >= LostChances:
			return Inaccuracy
		case w >= BadChances:
			return Mistake
		}
		return Blunder
	}
	return NoMark
}

// WinPercent is e's winning chances as a percentage, 0 to 100, from the
// same side's view (50: even).
func WinPercent(v *game.Variant, e Eval) float64 {
	return 50 + 50*WinningChances(v, e.Score, e.Mate)
}

// MoveAccuracy is the accuracy of a move, in percent, from the win
// percentages (WinPercent) of the mover before and after it:
// 103.1668·e^(-0.04354·drop) - 3.1669, drop = max(0, before-after),
// clamped to 0-100 (100 for no drop). This is lichess's curve.
func MoveAccuracy(winBefore, winAfter float64) float64 {
	drop := winBefore - winAfter
	if drop <= 0 {
		return 100
	}
	a := 103.1668*math.Exp(-0.04354*drop) - 3.1669
	return min(max(a, 0), 100)
}

// GameAccuracy is the accuracy of player c over a game, in percent. wins
// are White's win percentages (WinPercent from White's view) at every
// position, from ply 0 (the start) to the last; the move from ply i to i+1
// is first's when i is even. As lichess does, it is the mean of two means
// of the player's move accuracies (MoveAccuracy, from the player's view):
// one weighted by how much the game swung around each move (the standard
// deviation of the win percentages in a window of max(2, min(8, moves/10))
// positions ending after the move, the first windows all the game's first
// one; each weight clamped to 0.5-12), so that a mistake in a sharp position
// counts more than one in a dead one, and a harmonic mean, which a single
// bad move pulls down. NaN when c made no move.
func GameAccuracy(wins []float64, first, c game.Color) float64 {
	moves := len(wins) - 1
	if moves < 1 {
		return math.NaN()
	}
	size := min(max(moves/10, 2), 8)
	size = min(size, len(wins))
	var sumW, sumWA, sumInv float64
	n, zero := 0, false
	for i := 0; i < moves; i++ {
		// the window of move i: the first window for the first size-2
		// moves, then the windows sliding one position a move
		start := max(0, i-(size-2))
		if start+size > len(wins) {
			start = len(wins) - size
		}
		w := min(max(stdDev(wins[start:start+size]), 0.5), 12)
		mover := first
		if i%2 == 1 {
			mover = first.Other()
		}
		if mover != c {
			continue
		}
		before, after := wins[i], wins[i+1]
		if c == game.Black {
			before, after = 100-before, 100-after
		}
		a := MoveAccuracy(before, after)
		sumW += w
		sumWA += w * a
		if a == 0 {
			zero = true
		} else {
			sumInv += 1 / a
		}
		n++
	}
	if n == 0 {
		return math.NaN()
	}
	harmonic := 0.0
	if !zero {
		harmonic = float64(n) / sumInv
	}
	return (sumWA/sumW + harmonic) / 2
}

// stdDev is the population standard deviation of xs.
func stdDev(xs []float64) float64 {
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	s := 0.0
	for _, x := range xs {
		s += (x - mean) * (x - mean)
	}
	return math.Sqrt(s / float64(len(xs)))
}

// LearnMargin is how far below the best move's winning chances (from -1
// to 1) an answer in "learn from your mistakes" may be and still be
// accepted (GoodEnough): half an inaccuracy.
const LearnMargin = 0.05

// Learnable says whether "learn from your mistakes" offers a move: the
// moves Judge marks, an inaccuracy or worse (a drop in winning chances of
// at least 0.1, or a mate rule), so that the lessons are the moves the
// review marks.
func Learnable(v *game.Variant, best, played Eval) bool {
	return Judge(v, best, played) != NoMark
}

// GoodEnough says whether a learner's answer is accepted: candidate is the
// evaluation after it, best the position's best line's, both from the
// mover's view (as Judge's). A forced mate is always good enough (a slower
// one too); being mated only when best is mated too, and no sooner; else
// the answer's winning chances must be within LearnMargin of best's (a
// mated best counts -1, a mating one 1).
func GoodEnough(v *game.Variant, best, candidate Eval) bool {
	switch {
	case candidate.Mate > 0:
		return true
	case candidate.Mate < 0:
		return best.Mate < 0 && candidate.Mate <= best.Mate
	}
	return WinningChances(v, best.Score, best.Mate)-WinningChances(v, candidate.Score, 0) <= LearnMargin
}
