package ai

import "chimera/game"

// Eval is a position's evaluation: Score in centipawns from the side to
// move's view and Mate as Info.Mate (moves to mate, positive when the side
// to move mates, negative when it is mated, 0 when no mate is seen). A
// position whose game is over is scored by its result: a loss for the side
// to move (checkmate, both royals captured) is {-Mate, -1}, a draw {0, 0}.
type Eval struct{ Score, Mate int }

// Flip returns the evaluation from the other side's view.
func (e Eval) Flip() Eval { return Eval{Score: -e.Score, Mate: -e.Mate} }

// DefaultReviewNodes is the node budget of one position's analysis in a
// game review (Analyser.Analyse with nodes 0). ai/README.md, "Game review",
// has the time an 80-ply game's review takes at it.
const DefaultReviewNodes = 250_000

// ReviewTableMiB is the size of an Analyser's transposition table. It is
// fixed: a search's result depends on its table's size.
const ReviewTableMiB = 4

// Analysis is the result of Analyser.Analyse.
type Analysis struct {
	Eval
	Move  game.Move   // the best move (NoMove when the game is over)
	PV    []game.Move // the best line, starting with Move
	Depth int         // the depth searched (0 when the game is over)
	Nodes uint64
}

// An Analyser analyses positions at a fixed effort, reproducibly: the same
// position (with the same history) always gets the same analysis, from
// any Analyser and whatever it analysed before, so that a review split over
// several workers marks the same moves as one worker does, natively as in
// WebAssembly. One Analyser runs one analysis at a time.
type Analyser struct{ e *Engine }

// NewAnalyser returns an analyser (its table is ReviewTableMiB).
func NewAnalyser() *Analyser { return &Analyser{e: NewEngine(ReviewTableMiB)} }

// Stop ends a running analysis early, from any goroutine (that analysis is
// then not reproducible).
func (a *Analyser) Stop() { a.e.Stop() }

// Analyse searches p (left unchanged) to a budget of nodes (0:
// DefaultReviewNodes), from an empty table, with no noise. yield, if not
// nil, is called every 1024 nodes (Config.Yield). A position whose game is
// over is not searched: its Eval is its result (see Eval).
func (a *Analyser) Analyse(p *game.Position, nodes uint64, yield func()) Analysis {
	if nodes == 0 {
		nodes = DefaultReviewNodes
	}
	if r, _ := p.Outcome(); r != game.Ongoing {
		if r == game.Draw {
			return Analysis{}
		}
		return Analysis{Eval: Eval{Score: -Mate, Mate: -1}}
	}
	e := a.e
	e.Clear()
	e.noise, e.seed = 0, 0
	res := e.Search(p, Config{Limits: Limits{Nodes: nodes}, Yield: yield})
	return Analysis{Eval: Eval{Score: res.Score, Mate: res.Mate}, Move: res.Move,
		PV: append([]game.Move(nil), res.PV...), Depth: res.Depth, Nodes: res.Nodes}
}

// MoveReview is the review of one move of a game.
type MoveReview struct {
	Ply      int        // the move's ply: 0 for the game's first move
	Mover    game.Color // the side that played it
	Played   game.Move
	Move     string // Played's move string
	Best     game.Move
	BestMove string   // Best's move string ("" when the analysis had none)
	BestLine []string // the best line from the position before the move (move strings)
	Before   Eval     // the position before the move: its best line, the mover's view
	After    Eval     // after the move played, the mover's view
	Mark     Mark     // Judge(Before, After); NoMark when Played is Best
}

// PlayerReview sums up one player's moves.
type PlayerReview struct {
	Accuracy                         float64 // GameAccuracy; NaN when the player made no move
	Inaccuracies, Mistakes, Blunders int
}

// Review is a game's review.
type Review struct {
	Evals   []Eval    // every position's evaluation, ply 0 to the last, side to move's view
	Wins    []float64 // White's win percentage (WinPercent) at every position
	Moves   []MoveReview
	Players [2]PlayerReview // by game.Color
}

// ReviewGame reviews the game of moves from start (left unchanged):
// analyses[i] is the Analysis of the position after i moves, so there is
// one more than there are moves (fewer: only the moves with both analyses
// are reviewed). Each move is marked by Judge, unless it is the best move;
// each player gets GameAccuracy and the counts of marks. It does no
// search: the analyses may come from several Analysers.
func ReviewGame(start *game.Position, moves []game.Move, analyses []Analysis) Review {
	v := start.Variant()
	p := start.Clone()
	n := min(len(moves), len(analyses)-1)
	r := Review{}
	first := p.Turn()
	turn := first
	for i := 0; i <= n && i < len(analyses); i++ {
		e := analyses[i].Eval
		r.Evals = append(r.Evals, e)
		if turn == game.Black {
			e = e.Flip()
		}
		r.Wins = append(r.Wins, WinPercent(v, e))
		turn = turn.Other()
	}
	for i := 0; i < n; i++ {
		a := analyses[i]
		m := moves[i]
		mr := MoveReview{Ply: i, Mover: p.Turn(), Played: m, Move: p.MoveString(m), Best: a.Move,
			Before: a.Eval, After: analyses[i+1].Eval.Flip()}
		q := p.Clone()
		for _, bm := range a.PV {
			mr.BestLine = append(mr.BestLine, q.MoveString(bm))
			q.Make(bm)
		}
		if a.Move != game.NoMove {
			mr.BestMove = p.MoveString(a.Move)
		}
		if m != a.Move {
			mr.Mark = Judge(v, mr.Before, mr.After)
		}
		pr := &r.Players[mr.Mover]
		switch mr.Mark {
		case Inaccuracy:
			pr.Inaccuracies++
		case Mistake:
			pr.Mistakes++
		case Blunder:
			pr.Blunders++
		}
		r.Moves = append(r.Moves, mr)
		p.Make(m)
	}
	for c := game.White; c <= game.Black; c++ {
		r.Players[c].Accuracy = GameAccuracy(r.Wins, first, c)
	}
	return r
}

// ReviewWith analyses every position of the game with a at nodes (0:
// DefaultReviewNodes) and reviews it (ReviewGame). progress, if not nil,
// is called after each position with the number done and the total.
func ReviewWith(a *Analyser, start *game.Position, moves []game.Move, nodes uint64, progress func(done, total int)) Review {
	p := start.Clone()
	analyses := make([]Analysis, 0, len(moves)+1)
	for i := 0; ; i++ {
		analyses = append(analyses, a.Analyse(p, nodes, nil))
		if progress != nil {
			progress(i+1, len(moves)+1)
		}
		if i == len(moves) {
			break
		}
		p.Make(moves[i])
	}
	return ReviewGame(start, moves, analyses)
}
