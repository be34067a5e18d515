package game

import "math/bits"

// Move generation and attack detection for the full-size rule sets (chess,
// Bedlam, Assimilation). The rule differences are the Variant switches.

// attack flags per piece, precomputed
const (
	atOrthSlide = 1 << iota
	atDiagSlide
	atOrthStep
	atDiagStep
	atLeap
)

var attackFlags [numKinds]uint8

func init() {
	for k := Kind(1); k < numKinds; k++ {
		m := kinds[k].move
		var f uint8
		switch m.Orth {
		case rSlide:
			f |= atOrthSlide | atOrthStep
		case rStep:
			f |= atOrthStep
		}
		switch m.Diag {
		case rSlide:
			f |= atDiagSlide | atDiagStep
		case rStep:
			f |= atDiagStep
		}
		if m.Leap == lLeap {
			f |= atLeap
		}
		attackFlags[k] = f
	}
}

// attacked reports whether square s is attacked by side by (full-size games):
// an enemy piece could capture there by an ordinary capturing move.
func (p *Position) attacked(s int, by Color) bool {
	if s < 0 {
		return false
	}
	for d := 0; d < 8; d++ {
		slide, step := uint8(atOrthSlide), uint8(atOrthStep)
		if d >= 4 {
			slide, step = atDiagSlide, atDiagStep
		}
		for i, t := range rays[s][d] {
			x := p.sq[t][0]
			if x == NoPiece {
				continue
			}
			if x.Color() == by {
				f := attackFlags[x.Kind()]
				if f&slide != 0 || (i == 0 && f&step != 0) {
					return true
				}
			}
			break
		}
	}
	for _, t := range knightSq[s] {
		x := p.sq[t][0]
		if x != NoPiece && x.Color() == by && attackFlags[x.Kind()]&atLeap != 0 {
			return true
		}
	}
	// pawns of side by attack diagonally forward, so look backward from s
	f := fileOf(s)
	back := -8
	if by == Black {
		back = 8
	}
	if b := s + back; b >= 0 && b < 64 {
		pawn := MakePiece(by, Pawn)
		if f > 0 && p.sq[b-1][0] == pawn {
			return true
		}
		if f < 7 && p.sq[b+1][0] == pawn {
			return true
		}
	}
	return false
}

// InCheck reports whether the side to move has its royal attacked (full-size games).
func (p *Position) InCheck() bool {
	return p.v.Check && p.attacked(int(p.royal[p.turn]), p.turn.Other())
}

// genFull appends the legal moves of a full-size position.
func (p *Position) genFull(ml *MoveList) {
	v := p.v
	us := p.turn
	them := us.Other()
	rsq := int(p.royal[us])
	inCheck := p.attacked(rsq, them)
	start := ml.N
	fwd, second, last := 8, 1, 7
	if us == Black {
		fwd, second, last = -8, 6, 0
	}
	for bb := p.occ[us]; bb != 0; bb &= bb - 1 {
		s := bits.TrailingZeros64(bb)
		x := p.sq[s][0]
		k := x.Kind()
		if k == Pawn {
			// pawns inline: calls are dear under WASM; promotions go through addPromotions
			t := s + fwd
			if t < 0 || t > 63 {
				continue
			}
			promo := rankOf(t) == last
			if p.sq[t][0] == NoPiece {
				if promo {
					p.addPromotions(ml, s, t, 0)
				} else {
					ml.add(mkMove(s, t, 0, 0, 0, 0))
					if rankOf(s) == second && p.sq[t+fwd][0] == NoPiece {
						ml.add(mkMove(s, t+fwd, 0, 0, 0, flagDouble))
					}
				}
			}
			f := fileOf(s)
			for df := -1; df <= 1; df += 2 {
				if f+df < 0 || f+df > 7 {
					continue
				}
				c := t + df
				y := p.sq[c][0]
				switch {
				case y != NoPiece && y.Color() == them:
					if promo {
						p.addPromotions(ml, s, c, flagCapture)
					} else {
						ml.add(mkMove(s, c, 0, 0, 0, flagCapture))
					}
				case c == int(p.ep):
					ml.add(mkMove(s, c, 0, 0, 0, flagEP|flagCapture))
				}
			}
			continue
		}
		info := &kinds[k]
		meta := v.Metamorphosis && (k == Knight || k == Bishop || k == Rook) && p.attacked(s, them)
		fuse := v.Fusion && info.simple
		// the whole piece, then (for a splitting compound) each component alone
		jobs := 1
		if v.Split && info.comps[0] != NoKind {
			jobs = 3
		}
		for j := 0; j < jobs; j++ {
			m, part := info.move, NoKind
			if j > 0 {
				part = info.comps[j-1]
				m = kinds[part].move
			}
			for d := 0; d < 8; d++ {
				r := m.Orth
				if d >= 4 {
					r = m.Diag
				}
				if r == rNone {
					continue
				}
				ray := rays[s][d]
				if r == rStep && len(ray) > 1 {
					ray = ray[:1]
				}
				for _, t := range ray {
					y := p.sq[t][0]
					if y == NoPiece {
						ml.add(mkMove(s, int(t), part, 0, 0, 0))
						if meta && part == NoKind {
							ml.add(mkMove(s, int(t), 0, 0, metaKind(k), 0))
						}
						continue
					}
					if part == NoKind {
						p.fullTarget(ml, s, int(t), k, y, fuse)
					}
					break
				}
			}
			if m.Leap == lLeap {
				for _, t := range knightSq[s] {
					y := p.sq[t][0]
					if y == NoPiece {
						ml.add(mkMove(s, int(t), part, 0, 0, 0))
						if meta && part == NoKind {
							ml.add(mkMove(s, int(t), 0, 0, metaKind(k), 0))
						}
					} else if part == NoKind {
						p.fullTarget(ml, s, int(t), k, y, fuse)
					}
				}
			}
		}
	}
	if v.Castling {
		p.genCastleFull(ml, inCheck)
	}
	if v.Drops {
		// in check, a drop is legal only on a square between the royal and a
		// single sliding checker; out of check every drop is legal
		dropMask := ^uint64(0)
		if inCheck {
			dropMask = p.blockSquares(rsq, them)
		}
		for _, k := range v.handOrder {
			if p.hand[us][k] == 0 {
				continue
			}
			for t := 0; t < 64; t++ {
				if !p.sq[t].Empty() || dropMask&(1<<uint(t)) == 0 {
					continue
				}
				if k == Pawn && rankOf(t) == lastRank(us) {
					continue
				}
				ml.add(mkMove(t, t, k, 0, 0, flagDrop))
			}
		}
	}
	// keep the legal ones
	n := start
	for i := start; i < ml.N; i++ {
		m := ml.Moves[i]
		if plainlyLegal(m, inCheck, rsq) || p.legalFull(m, inCheck, rsq) {
			ml.Moves[n] = m
			n++
		}
	}
	ml.N = n
}

func metaKind(k Kind) Kind {
	switch k {
	case Knight:
		return Queen
	case Bishop:
		return Paladin
	case Rook:
		return Marshall
	}
	return NoKind
}

func lastRank(c Color) int {
	if c == White {
		return 7
	}
	return 0
}

// fullTarget adds the move of a whole piece of kind k from s onto the
// occupied square t: a capture, or a fusion with a friendly piece.
func (p *Position) fullTarget(ml *MoveList, s, t int, k Kind, y Piece, fuse bool) {
	if y.Color() != p.turn {
		ml.add(mkMove(s, t, 0, 0, 0, flagCapture))
		return
	}
	if fuse {
		yk := y.Kind()
		if yk != k && !yk.Royal() && kinds[yk].simple && compoundOf(k, yk) != NoKind {
			ml.add(mkMove(s, t, 0, 0, 0, 0))
		}
	}
}

// addPromotions adds a pawn's move from s to t once per promotion choice.
func (p *Position) addPromotions(ml *MoveList, s, t int, flags uint32) {
	for _, k := range p.v.Promotions {
		ml.add(mkMove(s, t, 0, 0, k, flags))
	}
}

func (p *Position) genCastleFull(ml *MoveList, inCheck bool) {
	us := p.turn
	if inCheck {
		return
	}
	them := us.Other()
	base := 0
	kb, qb := uint8(castleWK), uint8(castleWQ)
	if us == Black {
		base, kb, qb = 56, castleBK, castleBQ
	}
	king := MakePiece(us, King)
	rook := MakePiece(us, Rook)
	if p.sq[base+4][0] != king {
		return
	}
	if p.castle&kb != 0 && p.sq[base+7][0] == rook && p.sq[base+5].Empty() && p.sq[base+6].Empty() &&
		!p.attacked(base+5, them) && !p.attacked(base+6, them) {
		ml.add(mkMove(base+4, base+6, 0, 0, 0, flagCastle))
	}
	if p.castle&qb != 0 && p.sq[base][0] == rook && p.sq[base+1].Empty() && p.sq[base+2].Empty() && p.sq[base+3].Empty() &&
		!p.attacked(base+3, them) && !p.attacked(base+2, them) {
		ml.add(mkMove(base+4, base+2, 0, 0, 0, flagCastle))
	}
}

// lineDir[a][b] is the direction (0-7) from a toward b when they share a
// rank, file or diagonal, else -1.
var lineDir [64][64]int8

// initLineDir fills lineDir; move.go's init calls it once the rays exist.
func initLineDir() {
	for a := range lineDir {
		for b := range lineDir[a] {
			lineDir[a][b] = -1
		}
		for d := 0; d < 8; d++ {
			for _, t := range rays[a][d] {
				lineDir[a][t] = int8(d)
			}
		}
	}
}

// blockSquares returns the squares on which a piece would block the check on
// the royal at rsq: those between it and the checker when exactly one sliding
// piece of side by gives check, else none.
func (p *Position) blockSquares(rsq int, by Color) uint64 {
	var mask uint64
	checkers := 0
	for d := 0; d < 8; d++ {
		slide, step := uint8(atOrthSlide), uint8(atOrthStep)
		if d >= 4 {
			slide, step = atDiagSlide, atDiagStep
		}
		var between uint64
		for i, t := range rays[rsq][d] {
			x := p.sq[t][0]
			if x == NoPiece {
				between |= 1 << uint(t)
				continue
			}
			if x.Color() == by {
				f := attackFlags[x.Kind()]
				if f&slide != 0 {
					checkers++
					mask = between
				} else if i == 0 && f&step != 0 {
					checkers++
				}
			}
			break
		}
	}
	for _, t := range knightSq[rsq] {
		if x := p.sq[t][0]; x != NoPiece && x.Color() == by && attackFlags[x.Kind()]&atLeap != 0 {
			checkers++
		}
	}
	back := -8
	if by == Black {
		back = 8
	}
	if b := rsq + back; b >= 0 && b < 64 {
		pawn := MakePiece(by, Pawn)
		if f := fileOf(rsq); (f > 0 && p.sq[b-1][0] == pawn) || (f < 7 && p.sq[b+1][0] == pawn) {
			checkers++
		}
	}
	if checkers != 1 {
		return 0
	}
	return mask
}

// plainlyLegal decides the common case without a look at the board (and,
// being inlined, without a call, which is dear under WASM): a drop (generated
// only where legal), or out of check a non-royal piece leaving a square off
// the royal's lines, or a component leaving a compound, whose square stays
// occupied.
func plainlyLegal(m Move, inCheck bool, rsq int) bool {
	if m&flagDrop != 0 {
		return true
	}
	from := m.From()
	return !inCheck && rsq >= 0 && m&flagEP == 0 && from != rsq && (!aligned[from][rsq] || m.Part() != NoKind)
}

// legalFull reports whether pseudo-legal move m leaves the mover's royal
// safe. Common cases are decided without making the move: drops and splits
// out of check, non-royal moves off the royal's lines or along a pin, and
// royal moves by an attack test on the destination.
func (p *Position) legalFull(m Move, inCheck bool, rsq int) bool {
	if !inCheck && m&flagEP == 0 {
		if m.IsDrop() {
			return true
		}
		from, to := m.From(), m.To()
		part := m.Part()
		them := p.turn.Other()
		if from == rsq {
			if part != NoKind {
				// a component leaves the royal compound, which stays put; or the
				// King leaves the other component behind on its square
				return !part.Royal() || !p.attacked(to, them)
			}
			// attacked reads only p.sq, so the square is emptied without
			// touching the hash or the occupancy bits, and restored at once
			saved := p.sq[from]
			p.sq[from] = Cell{}
			ok := !p.attacked(to, them)
			p.sq[from] = saved
			return ok
		}
		if part != NoKind {
			return true // the square stays occupied
		}
		d := int(lineDir[rsq][from])
		if d < 0 || int(lineDir[rsq][to]) == d {
			return true
		}
		for _, t := range rays[rsq][d] {
			if int(t) == from {
				break
			}
			if p.sq[t][0] != NoPiece {
				return true // another piece shields the royal
			}
		}
		slide := uint8(atOrthSlide)
		if d >= 4 {
			slide = atDiagSlide
		}
		for _, t := range rays[from][d] {
			y := p.sq[t][0]
			if y == NoPiece {
				continue
			}
			return y.Color() != them || attackFlags[y.Kind()]&slide == 0
		}
		return true
	}
	us := p.turn
	p.Make(m)
	ok := !p.attacked(int(p.royal[us]), us.Other())
	p.Unmake()
	return ok
}

// genPawnFull adds the moves of the pawn on s (used by GenerateCaptures;
// genFull has the same logic inline for speed).
func (p *Position) genPawnFull(ml *MoveList, s int) {
	us := p.turn
	fwd, second := 8, 1
	if us == Black {
		fwd, second = -8, 6
	}
	t := s + fwd
	if t < 0 || t > 63 {
		return
	}
	promo := rankOf(t) == lastRank(us)
	if p.sq[t][0] == NoPiece {
		if promo {
			p.addPromotions(ml, s, t, 0)
		} else {
			ml.add(mkMove(s, t, 0, 0, 0, 0))
			if rankOf(s) == second && p.sq[t+fwd][0] == NoPiece {
				ml.add(mkMove(s, t+fwd, 0, 0, 0, flagDouble))
			}
		}
	}
	for df := -1; df <= 1; df += 2 {
		if f := fileOf(s) + df; f < 0 || f > 7 {
			continue
		}
		c := t + df
		if y := p.sq[c][0]; y != NoPiece && y.Color() != us {
			if promo {
				p.addPromotions(ml, s, c, flagCapture)
			} else {
				ml.add(mkMove(s, c, 0, 0, 0, flagCapture))
			}
		} else if c == int(p.ep) {
			ml.add(mkMove(s, c, 0, 0, 0, flagEP|flagCapture))
		}
	}
}
