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

// Attacked reports whether square s is attacked by side by in a full-size
// game: some piece of by could capture there by an ordinary capturing move
// (pins ignored).
func (p *Position) Attacked(s int, by Color) bool { return p.attacked(s, by) }

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
	u := undo{move: NoMove, castle: p.castle, ep: p.ep, half: int16(p.half), hash: p.hash, royal: p.royal, royals: p.royals}
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
// moves, no metamorphosis. In a full-size game whose side to move is in
// check it appends every legal move (all evasions).
func (p *Position) GenerateCaptures(ml *MoveList) {
	start := ml.N
	if p.v.Bifold {
		us := p.turn
		if p.royals[us] == 0 {
			return
		}
		g := bifoldGen{p: p, ml: ml, us: us, them: us.Other(), capsOnly: true}
		for bb := p.occ[us]; bb != 0; bb &= bb - 1 {
			g.square(bits.TrailingZeros64(bb))
		}
		n := start
		for i := start; i < ml.N; i++ {
			if m := ml.Moves[i]; m&flagCapture != 0 || m.Promo() != NoKind {
				ml.Moves[n] = m
				n++
			}
		}
		ml.N = n
		return
	}
	us := p.turn
	them := us.Other()
	rsq := int(p.royal[us])
	if p.attacked(rsq, them) {
		p.genFull(ml)
		return
	}
	for bb := p.occ[us]; bb != 0; bb &= bb - 1 {
		s := bits.TrailingZeros64(bb)
		x := p.sq[s][0]
		k := x.Kind()
		if k == Pawn {
			p.genPawnFull(ml, s)
			continue
		}
		m := kinds[k].move
		for d := 0; d < 8; d++ {
			r := m.Orth
			if d >= 4 {
				r = m.Diag
			}
			if r == rNone {
				continue
			}
			for i, t := range rays[s][d] {
				if r == rStep && i > 0 {
					break
				}
				y := p.sq[t][0]
				if y != NoPiece {
					if y.Color() == them {
						ml.add(mkMove(s, int(t), 0, 0, 0, flagCapture))
					}
					break
				}
			}
		}
		if m.Leap == lLeap {
			for _, t := range knightSq[s] {
				if y := p.sq[t][0]; y != NoPiece && y.Color() == them {
					ml.add(mkMove(s, int(t), 0, 0, 0, flagCapture))
				}
			}
		}
	}
	n := start
	for i := start; i < ml.N; i++ {
		m := ml.Moves[i]
		if (m&flagCapture != 0 || m.Promo() != NoKind) && p.legalFull(m, false, rsq) {
			ml.Moves[n] = m
			n++
		}
	}
	ml.N = n
}
