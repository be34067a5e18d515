package game

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
	for s := 0; s < 64; s++ {
		x := p.sq[s][0]
		if x == NoPiece || x.Color() != us {
			continue
		}
		k := x.Kind()
		if k == Pawn {
			p.genPawnFull(ml, s)
			continue
		}
		info := &kinds[k]
		meta := v.Metamorphosis && (k == Knight || k == Bishop || k == Rook) && p.attacked(s, them)
		fuse := v.Fusion && info.simple
		p.genSteps(ml, s, info.move, func(t int, y Piece) {
			switch {
			case y == NoPiece:
				ml.add(mkMove(s, t, 0, 0, 0, 0))
				if meta {
					ml.add(mkMove(s, t, 0, 0, metaKind(k), 0))
				}
			case y.Color() == them:
				ml.add(mkMove(s, t, 0, 0, 0, flagCapture))
			case fuse:
				yk := y.Kind()
				if yk != k && !yk.Royal() && kinds[yk].simple && compoundOf(k, yk) != NoKind {
					ml.add(mkMove(s, t, 0, 0, 0, 0))
				}
			}
		})
		if v.Split && info.comps[0] != NoKind {
			for _, c := range info.comps {
				p.genSteps(ml, s, kinds[c].move, func(t int, y Piece) {
					if y == NoPiece {
						ml.add(mkMove(s, t, c, 0, 0, 0))
					}
				})
			}
		}
	}
	if v.Castling {
		p.genCastleFull(ml, inCheck)
	}
	if v.Drops {
		for _, k := range v.handOrder {
			if p.hand[us][k] == 0 {
				continue
			}
			for t := 0; t < 64; t++ {
				if !p.sq[t].Empty() {
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
		if p.legalFull(m, inCheck, rsq) {
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

// genSteps calls emit for each square reachable by movement m from s (paths
// empty), with the piece standing there (NoPiece when empty).
func (p *Position) genSteps(ml *MoveList, s int, m movement, emit func(t int, y Piece)) {
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
			emit(int(t), y)
			if y != NoPiece {
				break
			}
		}
	}
	if m.Leap == lLeap {
		for _, t := range knightSq[s] {
			emit(int(t), p.sq[t][0])
		}
	}
}

func (p *Position) genPawnFull(ml *MoveList, s int) {
	us := p.turn
	fwd, second := 8, 1
	if us == Black {
		fwd, second = -8, 6
	}
	last := lastRank(us)
	add := func(t int, flags uint32) {
		if rankOf(t) == last {
			for _, k := range p.v.Promotions {
				ml.add(mkMove(s, t, 0, 0, k, flags))
			}
			return
		}
		ml.add(mkMove(s, t, 0, 0, 0, flags))
	}
	t := s + fwd
	if t < 0 || t > 63 {
		return
	}
	if p.sq[t][0] == NoPiece {
		add(t, 0)
		if rankOf(s) == second && p.sq[t+fwd][0] == NoPiece {
			ml.add(mkMove(s, t+fwd, 0, 0, 0, flagDouble))
		}
	}
	f := fileOf(s)
	for _, df := range [2]int{-1, 1} {
		if f+df < 0 || f+df > 7 {
			continue
		}
		c := t + df
		y := p.sq[c][0]
		if y != NoPiece && y.Color() != us {
			add(c, flagCapture)
		} else if c == int(p.ep) {
			ml.add(mkMove(s, c, 0, 0, 0, flagEP|flagCapture))
		}
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

// legalFull reports whether pseudo-legal move m leaves the mover's royal safe.
func (p *Position) legalFull(m Move, inCheck bool, rsq int) bool {
	if m.IsDrop() {
		if !inCheck {
			return true
		}
	} else if !inCheck && m&flagEP == 0 {
		from := m.From()
		if from != rsq {
			if !aligned[from][rsq] {
				return true
			}
		} else if m.Part() != NoKind && !m.Part().Royal() {
			return true // a component leaves the royal compound, which stays put
		}
	}
	us := p.turn
	p.Make(m)
	ok := !p.attacked(int(p.royal[us]), us.Other())
	p.Unmake()
	return ok
}
