package game

// What a piece covers, for the page's "describe" and hints: the squares a
// piece attacks (whatever stands there, pins ignored) and whether a square
// is attacked. The move generators do not use these; they answer the
// questions a player asks about a position.

// Covers returns the squares the piece in slot (0 or 1) of square s attacks,
// as a bit set (bit t for square t): in a full-size game every square it
// could capture on by an ordinary capturing move if an enemy piece stood
// there (pins ignored; a pawn's two forward diagonals); in a bifold game the
// squares it threatens in the sense of rule 8 (its movement over empty paths
// within its range, whatever stands on the last square; a pawn's capturing
// diagonals, a weak pawn's only while it is supported), together with those
// of the unit it forms with a friendly partner on the same square. It returns
// 0 for an empty slot.
func (p *Position) Covers(s, slot int) uint64 {
	if s < 0 || s > 63 || slot < 0 || slot > 1 {
		return 0
	}
	x := p.sq[s][slot]
	if x == NoPiece {
		return 0
	}
	c := x.Color()
	all := p.occ[0] | p.occ[1]
	if !p.v.Bifold {
		return pieceAtt(x, s, all)
	}
	ks := [2]Kind{x.Kind(), NoKind}
	if y := p.sq[s][slot^1]; y != NoPiece && y.Color() == c {
		ks[1] = y.Kind()
	}
	var th uint64
	for _, m := range [2]movement{cellMove[ks[0]][NoKind], cellMove[ks[0]][ks[1]]} {
		th |= reach(&m, s, all, ^all)
		l, r := bbt.pawnLeft[c][s], bbt.pawnRight[c][s]
		pc := uint64(m.PawnCap)
		th |= l&-(pc&1) | r&-(pc>>1&1)
		if weak := l&-(pc>>2&1) | r&-(pc>>3&1); weak != 0 && p.threatMap(c)>>uint(s)&1 != 0 {
			th |= weak
		}
	}
	return th
}

// Attacked reports whether side by attacks square s: in a full-size game an
// enemy piece could capture there by an ordinary capturing move (pins
// ignored); in a bifold game s is among the squares by threatens (rule 8).
func (p *Position) Attacked(s int, by Color) bool {
	if s < 0 || s > 63 {
		return false
	}
	if p.v.Bifold {
		return p.threatMap(by)>>uint(s)&1 != 0
	}
	return p.attacked(s, by)
}
