package game

import "math/bits"

// Move generation for the Bifold Halfgi family: squares hold one pawn or up to
// two half-size pieces of either colour; pieces move alone or, two of one
// colour on a square, as a unit.

// unitMove is the movement of two bifold pieces moving as a unit.
var unitMove [numKinds][numKinds]movement

func init() {
	for a := Kind(1); a < numKinds; a++ {
		for b := Kind(1); b < numKinds; b++ {
			unitMove[a][b] = union(kinds[a].move, kinds[b].move)
		}
	}
}

// friends returns the pieces of colour c in cell x (0, 1 or 2 of them).
func friends(x Cell, c Color) (n int, a, b Piece) {
	for _, y := range x {
		if y != NoPiece && y.Color() == c {
			if n == 0 {
				a = y
			} else {
				b = y
			}
			n++
		}
	}
	return
}

// bifoldGen holds per-node state for Bifold Halfgi generation.
type bifoldGen struct {
	p          *Position
	ml         *MoveList
	us, them   Color
	threat     uint64 // squares the opponent threatens (valid if haveThreat)
	haveThreat bool
	support    uint64 // squares we threaten (weak-pawn support)
	haveSup    bool
	done       uint64 // targets of the unit being generated
	capsOnly   bool   // skip quiet moves to empty squares (the search's capture generator)
}

func (g *bifoldGen) enemyThreat() uint64 {
	if !g.haveThreat {
		g.threat = g.p.threatMap(g.them)
		g.haveThreat = true
	}
	return g.threat
}

func (g *bifoldGen) supported(s int) bool {
	if !g.haveSup {
		g.support = g.p.threatMap(g.us)
		g.haveSup = true
	}
	return g.support&(1<<uint(s)) != 0
}

// genBifold appends the legal moves of a Bifold Halfgi position.
func (p *Position) genBifold(ml *MoveList) {
	us := p.turn
	if p.royals[us] == 0 {
		return // both royals lost: no moves
	}
	g := bifoldGen{p: p, ml: ml, us: us, them: us.Other()}
	for bb := p.occ[us]; bb != 0; bb &= bb - 1 {
		g.square(bits.TrailingZeros64(bb))
	}
	if p.v.Castling && p.castle != 0 {
		g.castle()
	}
	for _, k := range p.v.handOrder {
		if p.hand[us][k] == 0 {
			continue
		}
		last := lastRank(us)
		for t := 0; t < 64; t++ {
			x := p.sq[t]
			if k.IsPawn() && rankOf(t) == last {
				continue
			}
			if x[0] == NoPiece || (k.Bifold() && x[1] == NoPiece && x[0].Kind().Bifold()) {
				ml.add(mkMove(t, t, k, 0, 0, flagDrop))
			}
		}
	}
}

// pawnDirs returns forward delta and the file deltas of the owner's left and right.
func pawnDirs(c Color) (fwd, left, right int) {
	if c == White {
		return 8, -1, 1
	}
	return -8, 1, -1
}

// square generates every move from square s, which holds one or two of the
// mover's pieces: each piece alone (part written when it leaves a partner; one
// move for two identical pieces) and, for two, the unit. Non-pawn movements
// are walked inline here: function calls are dear under WASM.
func (g *bifoldGen) square(s int) {
	p := g.p
	n, a, b := friends(p.sq[s], g.us)
	var jobs [3]struct {
		m         movement
		part      Kind
		unit      bool
		royalPath bool
	}
	nj := 0
	for i, x := range [2]Piece{a, b} {
		if i >= n || (i == 1 && b.Kind() == a.Kind()) {
			continue
		}
		k := x.Kind()
		part := NoKind
		if n == 2 {
			part = k
		}
		if m := kinds[k].move; m.Pawn {
			g.pawn(s, m, part, false, k == Pawn)
		} else {
			jobs[nj].m, jobs[nj].part, jobs[nj].unit, jobs[nj].royalPath = m, part, false, false
			nj++
		}
	}
	if n == 2 {
		ka, kb := a.Kind(), b.Kind()
		m := unitMove[ka][kb]
		if kinds[ka].pawn && kinds[kb].pawn {
			// two pawns: a full pawn (or the union of the two), promoting together;
			// only they may capture en passant
			g.pawn(s, m, NoKind, true, false)
		} else {
			jobs[nj].m, jobs[nj].part, jobs[nj].unit = m, NoKind, true
			jobs[nj].royalPath = (ka.Royal() || kb.Royal()) && !(ka.Royal() && kb.Royal())
			nj++
		}
	}
	for j := 0; j < nj; j++ {
		m, part, unit := jobs[j].m, jobs[j].part, jobs[j].unit
		var threat uint64
		if jobs[j].royalPath {
			threat = g.enemyThreat()
		}
		g.done = 0 // a unit reaching a square in two ways makes one move
		for d := 0; d < 8; d++ {
			r := m.Orth
			if d >= 4 {
				r = m.Diag
			}
			lim := rangeLimit(r, s, d)
			for i, t := range rays[s][d] {
				if i >= lim {
					break
				}
				if !p.sq[t].Empty() {
					g.enter(s, int(t), part, unit)
					break
				}
				if !g.capsOnly && (!unit || g.done&(1<<uint(t)) == 0) {
					g.done |= 1 << uint(t)
					g.ml.add(mkMove(s, int(t), part, 0, 0, 0))
				}
				if threat&(1<<uint(t)) != 0 {
					break // rule 8: no passing through a threatened square
				}
			}
		}
		switch m.Leap {
		case lLeap:
			for _, t := range knightSq[s] {
				g.enter(s, int(t), part, unit)
			}
		case lHorse:
			for _, h := range horseSteps[s] {
				if p.sq[h.pass].Empty() && threat&(1<<uint(h.pass)) == 0 {
					g.enter(s, int(h.to), part, unit)
				}
			}
		}
		if unit && m.Pawn {
			g.unitPawn(s, m, jobs[j].royalPath)
		}
	}
}

// singleTarget adds the moves of a single bifold piece (or a lone normal pawn
// capturing) entering t, per rule 5. promo is set for promoting pawns.
func (g *bifoldGen) singleTarget(s, t int, part, promo Kind) {
	p := g.p
	y := p.sq[t]
	switch {
	case y[0] == NoPiece:
		g.add(s, t, part, 0, promo, 0)
	case y[1] == NoPiece:
		if !y[0].Kind().Bifold() {
			if y[0].Color() == g.them {
				g.add(s, t, part, 0, promo, flagCapture) // enemy pawn
			}
			return
		}
		g.add(s, t, part, 0, promo, 0) // share the square
	default:
		n, _, _ := friends(y, g.us)
		switch n {
		case 1:
			g.add(s, t, part, 0, promo, flagCapture)
		case 0:
			g.add(s, t, part, y[0].Kind(), promo, flagCapture)
			if y[1].Kind() != y[0].Kind() {
				g.add(s, t, part, y[1].Kind(), promo, flagCapture)
			}
		}
	}
}

// add appends a move, expanding promotion choices when promo is the marker promoAll.
func (g *bifoldGen) add(s, t int, part, capt, promo Kind, flags uint32) {
	if promo == promoAll {
		for _, k := range g.p.v.Promotions {
			g.ml.add(mkMove(s, t, part, capt, k, flags))
		}
		return
	}
	g.ml.add(mkMove(s, t, part, capt, promo, flags))
}

// promoAll marks "every promotion choice" inside the generator.
const promoAll = numKinds

// rangeLimit returns how many squares a range r goes from s in direction d
// (0 for none).
func rangeLimit(r uint8, s, d int) int {
	switch r {
	case rStep:
		return 1
	case rHalfling:
		return halfRange[s][d]
	case rSlide:
		return 8
	}
	return 0
}

// enter adds the move of a single piece (rule 5) or a unit (rule 6) from s onto t.
func (g *bifoldGen) enter(s, t int, part Kind, unit bool) {
	if !unit {
		g.singleTarget(s, t, part, 0)
		return
	}
	if g.done&(1<<uint(t)) != 0 {
		return
	}
	y := g.p.sq[t]
	if y.Empty() {
		g.done |= 1 << uint(t)
		g.ml.add(mkMove(s, t, 0, 0, 0, 0))
		return
	}
	if n, _, _ := friends(y, g.us); n == 0 {
		g.done |= 1 << uint(t)
		g.ml.add(mkMove(s, t, 0, 0, 0, flagCapture))
	}
}

// pawn generates a pawn's moves: a lone pawn (unit false) or a unit with pawn
// movement m. normal is true for the full-size pawn.
func (g *bifoldGen) pawn(s int, m movement, part Kind, unit bool, normal bool) {
	p := g.p
	us := g.us
	fwd, left, right := pawnDirs(us)
	t := s + fwd
	if t < 0 || t > 63 {
		return // stranded on the last rank
	}
	last := lastRank(us)
	promo := NoKind
	if rankOf(t) == last {
		promo = promoAll
	}
	second := 1
	if us == Black {
		second = 6
	}
	canEnter := func(t int) bool {
		y := p.sq[t]
		if normal || unit {
			return y.Empty()
		}
		return y.Empty() || (y[1] == NoPiece && y[0].Kind().Bifold())
	}
	if canEnter(t) {
		g.add(s, t, part, 0, promo, 0)
		if rankOf(s) == second && p.sq[t].Empty() && canEnter(t+fwd) {
			g.add(s, t+fwd, part, 0, NoKind, flagDouble)
		}
	}
	f := fileOf(s)
	for side, df := range [2]int{left, right} {
		strong, weak := uint8(pcLeft), uint8(pcWeakLeft)
		if side == 1 {
			strong, weak = pcRight, pcWeakRight
		}
		if f+df < 0 || f+df > 7 {
			continue
		}
		c := t + df
		y := p.sq[c]
		if y.Empty() && c != int(p.ep) {
			continue
		}
		// support is judged only when there is something to take (it costs a threat map)
		if m.PawnCap&strong == 0 && (m.PawnCap&weak == 0 || !g.supported(s)) {
			continue
		}
		if c == int(p.ep) {
			g.add(s, c, part, 0, NoKind, flagEP|flagCapture)
			continue
		}
		if normal || unit {
			if n, _, _ := friends(y, us); n == 0 {
				g.add(s, c, part, 0, promo, flagCapture)
			}
			continue
		}
		// a lone bifold pawn captures under rule 5, and must capture
		if y[1] == NoPiece {
			if !y[0].Kind().Bifold() && y[0].Color() != us {
				g.add(s, c, part, 0, promo, flagCapture)
			}
			continue
		}
		g.singleTarget(s, c, part, promo)
	}
}

// unitPawn adds the moves a unit of a pawn and a non-pawn makes with the
// pawn's movement: steps and captures, no promotion, no en passant.
func (g *bifoldGen) unitPawn(s int, m movement, royalPath bool) {
	p := g.p
	us := g.us
	fwd, left, right := pawnDirs(us)
	t := s + fwd
	if t < 0 || t > 63 {
		return // stranded on the last rank
	}
	if p.sq[t].Empty() {
		g.enter(s, t, NoKind, true)
		second := 1
		if us == Black {
			second = 6
		}
		pass := !royalPath || g.enemyThreat()&(1<<uint(t)) == 0
		if rankOf(s) == second && pass && p.sq[t+fwd].Empty() && g.done&(1<<uint(t+fwd)) == 0 {
			g.done |= 1 << uint(t+fwd)
			g.ml.add(mkMove(s, t+fwd, 0, 0, 0, 0)) // a mixed unit sets no en-passant square
		}
	}
	f := fileOf(s)
	for side, df := range [2]int{left, right} {
		strong, weak := uint8(pcLeft), uint8(pcWeakLeft)
		if side == 1 {
			strong, weak = pcRight, pcWeakRight
		}
		if f+df < 0 || f+df > 7 || p.sq[t+df].Empty() {
			continue
		}
		if m.PawnCap&strong == 0 && (m.PawnCap&weak == 0 || !g.supported(s)) {
			continue
		}
		g.enter(s, t+df, NoKind, true)
	}
}

// castle generates castling: the (WF) unit moves two squares toward an (RR)
// unit, which lands on the square crossed; the royal's start, crossed and
// destination squares must not be threatened.
func (g *bifoldGen) castle() {
	p := g.p
	us := g.us
	base := 0
	kb, qb := uint8(castleWK), uint8(castleWQ)
	if us == Black {
		base, kb, qb = 56, castleBK, castleBQ
	}
	if p.castle&(kb|qb) == 0 {
		return
	}
	king := Cell{MakePiece(us, Wazir), MakePiece(us, Ferz)}
	rook := Cell{MakePiece(us, HRook), MakePiece(us, HRook)}
	if p.sq[base+4] != king {
		return
	}
	if p.castle&kb != 0 && p.sq[base+7] == rook && p.sq[base+5].Empty() && p.sq[base+6].Empty() {
		if th := g.enemyThreat(); th&(7<<uint(base+4)) == 0 {
			g.ml.add(mkMove(base+4, base+6, 0, 0, 0, flagCastle))
		}
	}
	if p.castle&qb != 0 && p.sq[base] == rook && p.sq[base+1].Empty() && p.sq[base+2].Empty() && p.sq[base+3].Empty() {
		if th := g.enemyThreat(); th&(7<<uint(base+2)) == 0 {
			g.ml.add(mkMove(base+4, base+2, 0, 0, 0, flagCastle))
		}
	}
}

// ThreatMap returns the squares side c threatens in a Bifold Halfgi position
// (rule 8), as a bit set with bit s for square s.
func (p *Position) ThreatMap(c Color) uint64 { return p.threatMap(c) }
