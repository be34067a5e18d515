package game

// save records square s's content c before a move changes it (a move
// changes at most four squares).
func (u *undo) save(s int, c Cell) {
	u.sq[u.n&3] = int8(s)
	u.cell[u.n&3] = c
	u.n++
}

// handChange adds d to side c's count of kind k, remembering the old count.
func (p *Position) handChange(u *undo, c Color, k Kind, d int) {
	if u.nh < 2 {
		u.hands[u.nh] = handSave{c, k, p.hand[c][k]}
		u.nh++
	}
	p.addHand(c, k, d)
}

// Make plays move m (which must be legal in this position) in place.
func (p *Position) Make(m Move) {
	us := p.turn
	// the undo record is filled in place on the stack (no copy of a large struct)
	if len(p.stack) < cap(p.stack) {
		p.stack = p.stack[:len(p.stack)+1]
	} else {
		p.stack = append(p.stack, undo{})
	}
	u := &p.stack[len(p.stack)-1]
	u.move, u.castle, u.ep, u.half, u.hash, u.royal, u.royals = m, p.castle, p.ep, int16(p.half), p.hash, p.royal, p.royals
	// word by word: a struct copy becomes a memory.copy under WASM
	u.occ[0], u.occ[1] = p.occ[0], p.occ[1]
	u.cls[0], u.cls[1], u.cls[2], u.cls[3], u.cls[4], u.cls[5] = p.cls[0], p.cls[1], p.cls[2], p.cls[3], p.cls[4], p.cls[5]
	u.n, u.nh = 0, 0
	p.chkKnown = false
	resetHalf := m.IsCapture()
	to := m.To()
	switch {
	case m&flagDrop == 0 && !p.v.Bifold:
		// a full-size board move: en passant's capture, castling's Rook
		// and a split first (makeFullExtra); then the whole piece from one
		// square to another, which it may capture on, fuse with or promote
		// on, written out here (calls are dear under WASM)
		if m&(flagEP|flagCastle|partMask) != 0 && p.makeFullExtra(u, m) {
			break
		}
		from := m.From()
		x, y := p.sq[from][0], p.sq[to][0]
		u.save(from, p.sq[from])
		u.save(to, p.sq[to])
		k := x.Kind()
		res := k
		if m&(promoMask|flagCapture) != 0 || y != NoPiece {
			res = p.fullResult(u, m, k, y)
		}
		nx := MakePiece(us, res)
		p.hash ^= zPiece[from][0][x&63] ^ zPiece[to][0][y&63] ^ zPiece[to][0][nx&63]
		p.sq[from][0] = NoPiece
		p.sq[to][0] = nx
		fb, tb := uint64(1)<<uint(from), uint64(1)<<uint(to)
		p.occ[us&1] = p.occ[us&1]&^fb | tb
		p.occ[(us^1)&1] &^= tb
		f := uint64(attackFlags[res&31])
		both := fb | tb
		p.cls[0] = p.cls[0]&^both | tb*(f&1)
		p.cls[1] = p.cls[1]&^both | tb*(f>>1&1)
		p.cls[2] = p.cls[2]&^both | tb*(f>>2&1)
		p.cls[3] = p.cls[3]&^both | tb*(f>>3&1)
		p.cls[4] = p.cls[4]&^both | tb*(f>>4&1)
		p.cls[5] = p.cls[5]&^both | tb*(f>>5&1)
		if kinds[res&31].royal {
			p.royal[us&1] = int8(to)
		}
		resetHalf = resetHalf || k == Pawn
	case m.IsDrop():
		k := m.Part()
		u.save(to, p.sq[to])
		x := MakePiece(us, k)
		c := p.sq[to]
		if c[0] == NoPiece {
			c[0] = x
		} else {
			c[1] = x
		}
		p.setCell(to, p.normCell(c))
		p.handChange(u, us, k, -1)
		resetHalf = resetHalf || k.IsPawn()
	default:
		resetHalf = p.makeBifold(u, m) || resetHalf
	}
	// the rest without branches (each taken branch costs under WASM); a
	// drop has from == to
	from := m.From()
	p.castleUpdate(p.castle &^ (p.v.castleMask[from] | p.v.castleMask[to]))
	p.hash ^= zEP[epIndex(p.ep)]
	p.ep = int8(((from+to)/2+1)*m.double() - 1) // the square passed by a double step, or -1
	p.hash ^= zEP[epIndex(p.ep)]
	p.half++
	if resetHalf {
		p.half = 0
	}
	p.full += int(us)
	p.turn = us.Other()
	p.hash ^= zSide
}

func (p *Position) castleUpdate(c uint8) {
	p.hash ^= zCastle[p.castle] ^ zCastle[c]
	p.castle = c
}

// makeFullExtra does what a full-size move does besides moving one whole
// piece: en passant takes the pawn passed, castling moves the Rook, and a
// split (a component leaving its compound) is made whole here. It reports
// whether the move is done (a split).
func (p *Position) makeFullExtra(u *undo, m Move) bool {
	us := p.turn
	from, to := m.From(), m.To()
	if m.IsEnPassant() {
		cs := to - 8
		if us == Black {
			cs = to + 8
		}
		u.save(cs, p.sq[cs])
		p.setCell(cs, Cell{})
		if p.v.Drops {
			p.handChange(u, us, Pawn, 1)
		}
	}
	if m.IsCastle() {
		p.castleRook(u, to)
	}
	part := m.Part()
	if part == NoKind {
		return false
	}
	k := p.sq[from][0].Kind()
	other := kinds[k].comps[0]
	if part == other {
		other = kinds[k].comps[1]
	}
	u.save(from, p.sq[from])
	u.save(to, p.sq[to])
	p.setCell(from, Cell{MakePiece(us, other)})
	p.setCell(to, Cell{MakePiece(us, part)})
	if part.Royal() {
		p.royal[us] = int8(to)
	}
	return true
}

// fullResult returns the kind that a whole full-size piece of kind k
// becomes by move m onto a square holding y (promotion, fusion, demotion,
// assimilation), and puts a captured piece in the captor's hand when the
// rule set has drops.
func (p *Position) fullResult(u *undo, m Move, k Kind, y Piece) Kind {
	v := p.v
	capture := y != NoPiece && y.Color() != p.turn
	res := k
	switch {
	case m.Promo() != NoKind:
		res = m.Promo()
	case y != NoPiece && !capture:
		res = compoundOf(k, y.Kind()) // fusion
	case capture && v.demote[k&31][0] != NoKind:
		res = v.demote[k&31][moveShape(m.From(), m.To())] // Bedlam rule 3
	case capture && v.Assimilation && kinds[k].simple && kinds[y.Kind()].simple && y.Kind() != k:
		res = compoundOf(k, y.Kind())
	}
	if capture && v.Drops {
		p.handChange(u, p.turn, y.Kind(), 1)
	}
	return res
}

// castleRook moves the castling rook (or RR unit) for a royal castling
// onto square to.
func (p *Position) castleRook(u *undo, to int) {
	r := p.v.castleRightTo(to)
	u.save(r.rookFrom, p.sq[r.rookFrom])
	u.save(r.rookTo, p.sq[r.rookTo])
	p.setCell(r.rookTo, p.sq[r.rookFrom])
	p.setCell(r.rookFrom, Cell{})
}

// makeBifold plays a board move of the Bifold Halfgi family; it reports
// whether a pawn moved.
func (p *Position) makeBifold(u *undo, m Move) bool {
	us := p.turn
	them := us.Other()
	from, to := m.From(), m.To()
	src := p.sq[from]
	var movers, rest Cell
	nm, nr := 0, 0
	part := m.Part()
	for _, x := range src {
		if x == NoPiece {
			continue
		}
		moves := x.Color() == us && (part == NoKind || (x.Kind() == part && nm == 0))
		if moves {
			movers[nm] = x
			nm++
		} else {
			rest[nr] = x
			nr++
		}
	}
	pawnMoved := movers[0].Kind().IsPawn() || (movers[1] != NoPiece && movers[1].Kind().IsPawn())
	capture := func(x Piece) {
		if x.Kind().Royal() {
			p.royals[x.Color()]--
			return
		}
		p.handChange(u, us, x.Kind(), 1)
	}
	if m.IsEnPassant() {
		cs := to - 8
		if us == Black {
			cs = to + 8
		}
		c := p.sq[cs]
		u.save(cs, c)
		var keep Cell
		n := 0
		for _, x := range c {
			if x == NoPiece {
				continue
			}
			if x.Color() == them && x.Kind().IsPawn() {
				capture(x)
			} else {
				keep[n] = x
				n++
			}
		}
		p.setCell(cs, keep)
	}
	if m.IsCastle() {
		p.castleRook(u, to)
	}
	u.save(from, src)
	p.setCell(from, p.normCell(rest))
	dst := p.sq[to]
	u.save(to, dst)
	var out Cell
	n := 0
	capt := m.Capt()
	took := false // with a chosen victim, only one piece of that kind is taken
	for _, x := range dst {
		if x == NoPiece {
			continue
		}
		if x.Color() == them && m.IsCapture() && !m.IsEnPassant() && (capt == NoKind || (x.Kind() == capt && !took)) {
			capture(x)
			took = true
			continue
		}
		out[n] = x
		n++
	}
	if promo := m.Promo(); promo != NoKind {
		for i := 0; i < nm; i++ {
			movers[i] = MakePiece(us, promo)
		}
	}
	for i := 0; i < nm; i++ {
		out[n] = movers[i]
		n++
	}
	p.setCell(to, p.normCell(out))
	return pawnMoved
}

// Unmake takes back the last move made with Make.
func (p *Position) Unmake() {
	u := &p.stack[len(p.stack)-1]
	p.chkKnown = false
	for i := int(u.n) - 1; i >= 0; i-- {
		p.sq[u.sq[i&3]&63] = u.cell[i&3]
	}
	p.occ[0], p.occ[1] = u.occ[0], u.occ[1]
	p.cls[0], p.cls[1], p.cls[2], p.cls[3], p.cls[4], p.cls[5] = u.cls[0], u.cls[1], u.cls[2], u.cls[3], u.cls[4], u.cls[5]
	for i := int(u.nh) - 1; i >= 0; i-- {
		h := u.hands[i]
		p.hand[h.c][h.k] = h.old
	}
	p.castle = u.castle
	p.ep = u.ep
	p.half = int(u.half)
	p.hash = u.hash
	p.royal = u.royal
	p.royals = u.royals
	p.turn = p.turn.Other()
	p.full -= int(p.turn)
	p.stack = p.stack[:len(p.stack)-1]
}

// LastMove returns the most recent move made with Make, or NoMove.
func (p *Position) LastMove() Move {
	if len(p.stack) == 0 {
		return NoMove
	}
	return p.stack[len(p.stack)-1].move
}
