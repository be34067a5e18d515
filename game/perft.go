package game

// Perft counts the leaves of the legal move tree of the given depth (bulk
// counting at the last ply). It ignores draws by rule, as RULES.md asks.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	p.GenerateMoves(&ml)
	if depth == 1 {
		return uint64(ml.N)
	}
	var n uint64
	for _, m := range ml.Slice() {
		p.Make(m)
		n += Perft(p, depth-1)
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
