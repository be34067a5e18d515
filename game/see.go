package game

import "math/bits"

// SEE is the static exchange evaluation of capture m for the search in
// package ai: what the side to move gains, in the caller's values, when
// both sides keep capturing on m's destination with their least valuable
// attacker and each may stop when going on would lose. val gives the value
// of a piece on the board by kind, capt what capturing a piece of that kind
// gains (val, plus its worth in the captor's hand in a rule set with drops).
// Each capture's own change of the captor counts: a Bedlam compound demotes
// (rule 3), an Assimilation simple piece taking another type becomes their
// compound (rule 1). Pins are ignored, as in chess engines.
//
// ok is false when the move is not covered and the caller must not rely on
// a value: the Bifold Halfgi family (units, pairs and chosen captures), and
// en passant, promotions, drops and splits. A pawn that recaptures onto the
// last rank is counted as a pawn (its promotion is left out, which can only
// make the side that moved first look better off).
func (p *Position) SEE(m Move, val, capt *[NumKinds]int) (score int, ok bool) {
	if p.v.Bifold || m&flagCapture == 0 || m&(flagEP|flagDrop|flagCastle|promoMask|partMask) != 0 {
		return 0, false
	}
	from, to := m.From()&63, m.To()&63
	us := p.turn
	x, y := p.sq[from][0], p.sq[to][0]
	if x == NoPiece || y == NoPiece || y.Color() == us {
		return 0, false
	}
	var gain [40]int
	k := x.Kind()
	res := p.captureResult(k, y.Kind(), from, to)
	gain[0] = capt[y.Kind()&31] + val[res&31] - val[k&31]
	on := res // the kind standing on to
	occ := (p.occ[0] | p.occ[1]) &^ (1 << uint(from))
	side := us ^ 1
	d := 0
	for d < len(gain)-1 {
		att := p.attackersTo(to, side, occ) & occ
		if att == 0 {
			break
		}
		// the least valuable attacker; a royal last
		s, bv := -1, 1<<30
		for b := att; b != 0; b &= b - 1 {
			t := bits.TrailingZeros64(b)
			kk := p.sq[t][0].Kind()
			v := val[kk&31]
			if kinds[kk&31].royal {
				v = 1 << 29
			}
			if v < bv {
				s, bv = t, v
			}
		}
		a := p.sq[s][0].Kind()
		occ &^= 1 << uint(s)
		if kinds[a&31].royal && p.attackersTo(to, side^1, occ)&occ != 0 {
			break // the royal may not capture onto a defended square
		}
		if kinds[on&31].royal {
			break // (a royal is never captured: the move before was illegal)
		}
		r := p.captureResult(a, on, s, to)
		d++
		gain[d] = capt[on&31] + val[r&31] - val[a&31] - gain[d-1]
		on = r
		side ^= 1
	}
	for ; d > 0; d-- {
		gain[d-1] = min(gain[d-1], -gain[d])
	}
	return gain[0], true
}

// captureResult is the kind a full-size piece of kind k becomes by
// capturing a piece of kind y from square from on square to (no
// promotion): demoted in Bedlam, assimilated in Assimilation Chess.
func (p *Position) captureResult(k, y Kind, from, to int) Kind {
	v := p.v
	switch {
	case v.demote[k&31][0] != NoKind:
		return v.demote[k&31][moveShape(from, to)]
	case v.Assimilation && kinds[k&31].simple && kinds[y&31].simple && y != k:
		return compoundOf(k, y)
	}
	return k
}
