package game

// Small read-only queries for the search in package ai. They expose
// bookkeeping the Position already keeps, so the search does not have to
// rescan the board at every node.

// RoyalCount returns how many royal pieces side c has on the board: 0 or 1 in
// the full-size games, 0 to 2 in the Bifold Halfgi family.
func (p *Position) RoyalCount(c Color) int {
	if p.v.Bifold {
		return int(p.royals[c])
	}
	if p.royal[c] >= 0 {
		return 1
	}
	return 0
}

// MakeNull passes the turn without moving (a null move, for the search's
// null-move pruning). It clears the en-passant square. Unmake takes it back.
// It must not be used when the side to move is in check.
func (p *Position) MakeNull() {
	u := undo{move: NoMove, castle: p.castle, ep: p.ep, half: int16(p.half), hash: p.hash, royal: p.royal, royals: p.royals, occ: p.occ, cls: p.cls}
	p.chkKnown = false
	p.hash ^= zEP[epIndex(p.ep)]
	p.ep = -1
	p.hash ^= zEP[epIndex(p.ep)]
	p.half++
	if p.turn == Black {
		p.full++
	}
	p.turn = p.turn.Other()
	p.hash ^= zSide
	p.stack = append(p.stack, u)
}

// Occupied returns the squares holding at least one piece of side c, as a
// bit set (bit s for square s).
func (p *Position) Occupied(c Color) uint64 { return p.occ[c] }

// Changed returns how many squares the last move made with Make changed
// (at most four; each square once), for an evaluation kept up to date move
// by move.
func (p *Position) Changed() int { return int(p.stack[len(p.stack)-1].n) }

// ChangedSquare returns the i-th square (0 <= i < Changed()) that the last
// move made with Make changed, and its content before the move.
func (p *Position) ChangedSquare(i int) (int, Cell) {
	u := &p.stack[len(p.stack)-1]
	return int(u.sq[i&3]), u.cell[i&3]
}

// Attacks returns the squares that the piece on s attacks in a full-size
// game (where it could capture, blocked by the pieces in the way; for a pawn
// its two forward diagonals), whatever stands on them; 0 for an empty square
// and in the Bifold Halfgi games. The search's evaluation counts mobility
// with it; it is small enough to be inlined there (one call per piece: the
// rule set's fullPieces mask makes every piece NoPiece in a bifold game,
// instead of a test and a return).
func (p *Position) Attacks(s int) uint64 {
	return pieceAtt(p.sq[s][0]&p.v.fullPieces, s, p.occ[0]|p.occ[1])
}
