package ai

import (
	"chimera/game"
)

// RandomMove returns a uniformly chosen legal move of p (NoMove if none),
// from the seed and the position: the baseline "random" player.
func RandomMove(p *game.Position, seed uint64) game.Move {
	var ml game.MoveList
	p.GenerateMoves(&ml)
	if ml.N == 0 {
		return game.NoMove
	}
	return ml.Moves[mix(seed^p.Hash()^uint64(p.Ply())<<48)%uint64(ml.N)]
}

// GreedyMove returns the legal move of p with the best immediate material
// gain (1 ply; a mating move or the capture of the last enemy royal first;
// ties broken by the seed): the baseline "greedy" player.
func GreedyMove(p *game.Position, seed uint64) game.Move {
	var ml game.MoveList
	p.GenerateMoves(&ml)
	if ml.N == 0 {
		return game.NoMove
	}
	ev := newEvaluator(p.Variant())
	us := p.Turn()
	best, bestScore, bestTie := game.NoMove, -infinity, uint64(0)
	var reply game.MoveList
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		p.Make(m)
		score := ev.material(p, us)
		if p.Variant().Bifold {
			if p.RoyalCount(us.Other()) == 0 {
				score = Mate
			}
		} else if p.InCheck() {
			reply.N = 0
			p.GenerateMoves(&reply)
			if reply.N == 0 {
				score = Mate
			}
		}
		p.Unmake()
		tie := mix(seed ^ uint64(m) ^ p.Hash())
		if score > bestScore || (score == bestScore && tie > bestTie) {
			best, bestScore, bestTie = m, score, tie
		}
	}
	return best
}

// material returns the material balance (board and hand) for side c.
func (e *evaluator) material(p *game.Position, c game.Color) int {
	var s [2]int
	for sq := 0; sq < 64; sq++ {
		for _, x := range p.At(sq) {
			if x != game.NoPiece {
				k := x.Kind()
				if e.bifold {
					s[x.Color()] += bifoldCaptValue(&e.value, k)
				} else {
					s[x.Color()] += e.value[k]
				}
			}
		}
	}
	if e.drops {
		for col := game.White; col <= game.Black; col++ {
			for _, k := range e.v.HandOrder() {
				s[col] += p.HandCount(col, k) * e.value[k]
			}
		}
	}
	return s[c] - s[c^1]
}
