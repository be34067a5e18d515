package game

import "math/bits"

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

// HistoryHashes appends to dst the hashes of the positions before each move
// made with Make (oldest first), for repetition detection inside a search.
func (p *Position) HistoryHashes(dst []uint64) []uint64 {
	for i := range p.stack {
		dst = append(dst, p.stack[i].hash)
	}
	return dst
}

// MakeNull passes the turn without moving (a null move, for the search's
// null-move pruning). It clears the en-passant square. Unmake takes it back.
// It must not be used when the side to move is in check.
func (p *Position) MakeNull() {
	u := undo{move: NoMove, castle: p.castle, ep: p.ep, half: int16(p.half), hash: p.hash, royal: p.royal, royals: p.royals, occ: p.occ, cls: p.cls}
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

// GenerateCaptures appends the legal captures and pawn promotions of the
// position (for the search's quiescence): no drops, no castling, no quiet
// moves, no metamorphosis, fusion or fission. In a full-size game whose side
// to move is in check it appends every legal move (all evasions).
func (p *Position) GenerateCaptures(ml *MoveList) {
	if p.v.Bifold {
		p.genBifoldCaptures(ml)
		return
	}
	p.genFull(ml, true)
}

// Occupied returns the squares holding at least one piece of side c, as a
// bit set (bit s for square s).
func (p *Position) Occupied(c Color) uint64 { return p.occ[c] }

// genBifoldCaptures appends the captures and pawn promotions of a Bifold
// Halfgi position (the quiescence generator): the full generator with its
// pieces and units capturing only; the pawns' other moves are dropped here.
func (p *Position) genBifoldCaptures(ml *MoveList) {
	us := p.turn
	if p.royals[us] == 0 {
		return
	}
	start := ml.N
	g := bifoldGen{p: p, ml: ml, us: us, them: us.Other(), capsOnly: true}
	g.classify()
	// pawns only where one could capture (a superset: one-sided and weak
	// pawns are judged by gen) or promote
	target := p.occ[us.Other()] | g.epBit
	var pawnAt uint64
	if us == White {
		pawnAt = (target&^fileHBB)>>7 | (target&^fileABB)>>9 | lastRankBB[White]>>8
	} else {
		pawnAt = (target&^fileHBB)<<9 | (target&^fileABB)<<7 | lastRankBB[Black]<<8
	}
	g.gen(p.occ[us]&g.pieceSq | g.pawnSq&pawnAt)
	n := start
	for i := start; i < ml.N; i++ {
		if m := ml.Moves[i]; m&flagCapture != 0 || m.Promo() != NoKind {
			ml.Moves[n] = m
			n++
		}
	}
	ml.N = n
}

// threatMap returns the squares side c threatens (rule 8): every square some
// piece or unit of c could move onto by its movement, whatever stands there,
// plus pawn diagonals (bifold pawns on their capturing side; weak pawns only
// while supported). Bit operations: each line's squares up to and including
// its first occupied square at once, without branches.
func (p *Position) threatMap(c Color) uint64 {
	var th uint64
	all := p.occ[0] | p.occ[1]
	empty := ^all
	var weakSq, weakDiag [32]uint64 // weak pawns: their square and weak diagonals
	nw := 0
	for bb := p.occ[c]; bb != 0; bb &= bb - 1 {
		s := bits.TrailingZeros64(bb) & 63
		x := &p.sq[s]
		m := &cellMovement[friendKinds[c&1][x[0]&63][x[1]&63]&1023]
		if m.Orth|m.Diag != rNone {
			// each line up to and including its first occupied square
			orth, diag := slideAtt(&rayRange[m.Orth&3][s], &rayRange[m.Diag&3][s], all)
			th |= orth | diag
		}
		th |= knightBB[s] & -uint64(m.Leap>>1) // lLeap
		if m.Leap == lHorse {
			hp, ht := &bbt.horsePass[s], &bbt.horseTo[s]
			e0, e1, e2, e3 := empty&hp[0], empty&hp[1], empty&hp[2], empty&hp[3]
			th |= ht[0]&-((e0|-e0)>>63) | ht[1]&-((e1|-e1)>>63) | ht[2]&-((e2|-e2)>>63) | ht[3]&-((e3|-e3)>>63)
		}
		// pawn diagonals (PawnCap is 0 for the others)
		l, r := bbt.pawnLeft[c][s], bbt.pawnRight[c][s]
		pc := uint64(m.PawnCap)
		th |= l&-(pc&1) | r&-(pc>>1&1)
		if pc&(pcWeakLeft|pcWeakRight) != 0 && nw < len(weakSq) {
			weakSq[nw] = 1 << uint(s)
			weakDiag[nw] = l&-(pc>>2&1) | r&-(pc>>3&1)
			nw++
		}
	}
	// weak pawns, from the owner's back rank forward: support comes from behind
	for i := 0; i < nw; i++ {
		j := i
		if c == Black {
			j = nw - 1 - i
		}
		if th&weakSq[j] != 0 {
			th |= weakDiag[j]
		}
	}
	return th
}
