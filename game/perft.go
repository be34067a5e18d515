package game

// Perft counts the leaves of the legal move tree of the given depth (bulk
// counting at the last ply). It ignores draws by rule, as RULES.md asks.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	lists := make([]MoveList, depth) // one list per ply, reused: no per-node zeroing
	return perft(p, lists)
}

func perft(p *Position, lists []MoveList) uint64 {
	ml := &lists[0]
	ml.N = 0
	p.GenerateMoves(ml)
	if len(lists) == 1 {
		return uint64(ml.N)
	}
	var n uint64
	if len(lists) == 2 {
		// the last two plies in one loop: two calls less per node (dear
		// under WASM)
		next := &lists[1]
		bifold := p.v.Bifold
		for i := 0; i < ml.N; i++ {
			p.Make(ml.Moves[i&(MaxMoves-1)])
			next.N = 0
			if bifold {
				p.genBifold(next, genAll)
			} else {
				p.genFull(next, genAll)
			}
			n += uint64(next.N)
			p.Unmake()
		}
		return n
	}
	for i := 0; i < ml.N; i++ {
		p.Make(ml.Moves[i&(MaxMoves-1)])
		n += perft(p, lists[1:])
		p.Unmake()
	}
	return n
}

// Divide returns the perft count below each legal root move, keyed by move string.
func Divide(p *Position, depth int) map[string]uint64 {
	out := map[string]uint64{}
	var ml MoveList
	p.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		p.Make(m)
		out[p.stackMoveString()] = Perft(p, depth-1)
		p.Unmake()
	}
	return out
}

// stackMoveString returns the string of the last made move, in the position before it.
func (p *Position) stackMoveString() string {
	m := p.LastMove()
	p.Unmake()
	s := p.MoveString(m)
	p.Make(m)
	return s
}
