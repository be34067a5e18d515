package main

import (
	"fmt"
	"math"

	"chimera/ai"
	"chimera/game"
	"chimera/puzzle"
)

// Criteria, in the engine's centipawns from the solver's point of view
// (docs/PUZZLES.md says why these numbers).
const (
	winAt        = 300  // a solver move is winning at this score or more
	onlyGap      = 0.45 // ... and the only good one when the second-best line's winning chances are this much lower
	maxMateMoves = 5    // the longest mate kept
	maxWinMoves  = 3    // the longest advantage line searched
)

// miner holds the searches' budgets and the analysis engine.
type miner struct {
	scan, deep uint64 // nodes of the scan search and of the checks
	eng        *ai.Engine
}

// step is one solver move found by the two-line search.
type step struct {
	move   game.Move
	mate   int // moves to mate (0: no mate)
	score  int
	stable int // the depth from which the search keeps choosing move
}

// analyse searches q with two lines at the deep budget. It returns the best
// move's step and the second line (nil when q has one legal move).
func (mn *miner) analyse(q *game.Position) (step, *ai.Line) {
	var best []game.Move
	r := mn.eng.Search(q, ai.Config{Limits: ai.Limits{Nodes: mn.deep}, MultiPV: 2,
		OnInfo: func(in ai.Info) {
			if len(in.PV) > 0 {
				for len(best) < in.Depth {
					best = append(best, game.NoMove)
				}
				best[in.Depth-1] = in.PV[0]
			}
		}})
	st := step{move: r.Move, mate: r.Mate, score: r.Score}
	st.stable = len(best) + 1
	for d := len(best); d >= 1 && best[d-1] == r.Move; d-- {
		st.stable = d
	}
	if len(r.Lines) < 2 {
		return st, nil
	}
	return st, &r.Lines[1]
}

// onlyMate reports whether best mates and no other move does. (The last
// move of a longer mate may have others: any move that wins is right then.)
func onlyMate(st step, second *ai.Line) bool {
	return st.mate > 0 && (second == nil || second.Mate <= 0)
}

// onlyWin reports whether best wins by score and the second-best line's
// winning chances are onlyGap lower.
func onlyWin(st step, second *ai.Line) bool {
	return st.score >= winAt && (second == nil || (second.Mate <= 0 && chances(st.score)-chances(second.Score) >= onlyGap))
}

// chances maps a score to the side to move's winning chances, -1 (lost) to
// 1 (won): a logistic curve with lichess's chess constant; our centipawns
// are near enough chess's for a threshold (docs/PUZZLES.md).
func chances(cp int) float64 {
	cp = min(max(cp, -2000), 2000)
	return 2/(1+math.Exp(-0.00368208*float64(cp))) - 1
}

// solveIf is solve after a cheaper look: a two-line search of q (the
// position after opp) at twice the scan budget must already show an only
// winning move or an only mate.
func (mn *miner) solveIf(before *game.Position, opp game.Move, q *game.Position) (puzzle.Puzzle, error) {
	mn.eng.Clear()
	r := mn.eng.Search(q, ai.Config{Limits: ai.Limits{Nodes: 2 * mn.scan}, MultiPV: 2})
	if len(r.Lines) < 2 {
		return puzzle.Puzzle{}, fmt.Errorf("a forced move")
	}
	st := step{move: r.Move, mate: r.Mate, score: r.Score}
	if !onlyMate(st, &r.Lines[1]) && !onlyWin(st, &r.Lines[1]) {
		return puzzle.Puzzle{}, fmt.Errorf("no only move at the scan's depth")
	}
	return mn.solve(before, opp)
}

// reply returns the defender's move: the engine's best at the deep budget.
func (mn *miner) reply(q *game.Position) game.Move {
	return mn.eng.Search(q, ai.Config{Limits: ai.Limits{Nodes: mn.deep}}).Move
}

// solve builds the puzzle that starts with the opponent's move opp from
// before (the solver moves next), or says why there is none. It starts from
// an empty transposition table, so that the same position always gives the
// same puzzle (-verify relies on it).
func (mn *miner) solve(before *game.Position, opp game.Move) (puzzle.Puzzle, error) {
	mn.eng.Clear()
	z := puzzle.Puzzle{Position: before.String(), Moves: []string{before.MoveString(opp)}}
	q := before.Clone()
	q.Make(opp)
	if r, _ := q.Outcome(); r != game.Ongoing {
		return z, fmt.Errorf("the game is over")
	}
	if len(q.LegalMoves()) < 2 {
		return z, fmt.Errorf("a forced move")
	}
	solver := q.Turn()
	start := puzzle.Material(q, solver)
	first, second := mn.analyse(q)
	mate := onlyMate(first, second)
	if !mate && !onlyWin(first, second) {
		return z, fmt.Errorf("not an only winning move (best %d mate %d)", first.score, first.mate)
	}
	if mate && first.mate > maxMateMoves {
		return z, fmt.Errorf("mate in %d is too long", first.mate)
	}
	var moves []string
	var steps []step
	// gains[j]: the solver's material gain after solver move j and the
	// defender's reply to it (rest), and right after the move (static)
	var rest, static []int
	st := first
	for j := 0; ; j++ {
		if j > 0 {
			var sec *ai.Line
			st, sec = mn.analyse(q)
			if mate && !onlyMate(st, sec) && st.mate != 1 {
				return z, fmt.Errorf("solver move %d is not the only mate", j+1)
			}
			if !mate && !onlyWin(st, sec) {
				break
			}
		}
		steps = append(steps, st)
		moves = append(moves, q.MoveString(st.move))
		q.Make(st.move)
		static = append(static, puzzle.Material(q, solver)-start)
		if r, _ := q.Outcome(); r != game.Ongoing {
			if !mate || r != winner(solver) {
				return z, fmt.Errorf("the line ends the game without the solver's win")
			}
			break
		}
		if mate && j+1 >= maxMateMoves {
			return z, fmt.Errorf("no mate within %d moves", maxMateMoves)
		}
		d := mn.reply(q)
		ds := q.MoveString(d)
		q.Make(d)
		rest = append(rest, puzzle.Material(q, solver)-start)
		if r, _ := q.Outcome(); r != game.Ongoing || (!mate && j+1 >= maxWinMoves) {
			break
		}
		moves = append(moves, ds)
	}
	n := len(steps)
	if r, _ := q.Outcome(); mate && r != winner(solver) {
		return z, fmt.Errorf("the mate line ends otherwise (%q)", r)
	}
	if !mate {
		// the shortest line that reaches the largest gain at rest
		bestJ := 0
		for j := range rest {
			if rest[j] > rest[bestJ] {
				bestJ = j
			}
		}
		if len(rest) == 0 || rest[bestJ] < puzzle.MinGain || static[bestJ] < puzzle.MinGain {
			return z, fmt.Errorf("no material gain")
		}
		n = bestJ + 1
	}
	if !mate && n == 1 && steps[0].move.IsCapture() && steps[0].move.To() == opp.To() {
		return z, fmt.Errorf("a plain recapture")
	}
	z.Moves = append(z.Moves, moves[:2*n-1]...)
	deepest := 0
	for _, s := range steps[:n] {
		deepest = max(deepest, s.stable)
	}
	z.Rating = rating(deepest, n)
	l, err := puzzle.Replay(before.Variant(), &z)
	if err != nil {
		return z, err
	}
	if mate {
		z.Themes = []string{"mate", fmt.Sprintf("mateIn%d", n)}
	} else {
		z.Themes = []string{"advantage"}
	}
	z.Themes = ordered(append(z.Themes, puzzle.MoveThemes(l)...))
	return z, nil
}

// rating estimates a puzzle's difficulty from the search depth its hardest
// solver move needs (the depth from which the search keeps choosing it) and
// the number of solver moves: 600 for a move found at depth 1, 150 more
// per ply of depth, 100 more per further move.
func rating(depth, moves int) int {
	r := 600 + 150*(depth-1) + 100*(moves-1)
	return min(max(r, puzzle.MinRating), puzzle.MaxRating)
}

func winner(c game.Color) string {
	if c == game.White {
		return game.WhiteWins
	}
	return game.BlackWins
}

// ordered sorts theme names into the order of puzzle.Themes.
func ordered(ts []string) []string {
	has := map[string]bool{}
	for _, t := range ts {
		has[t] = true
	}
	var out []string
	for _, t := range puzzle.Themes {
		if has[t.Name] {
			out = append(out, t.Name)
		}
	}
	return out
}
