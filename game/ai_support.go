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

// Tables of the bifold capture generator.
var (
	rayBB     [64][8]uint64 // squares along each direction (the whole ray)
	knightBB  [64]uint64
	chebDist  [64][64]uint8
	rayRange  [4][64][8]uint64     // rayBB cut to each range class (rNone .. rSlide)
	capReach1 [numKinds][64]uint64 // where a lone piece of the kind could land (no blockers; no pawn moves)
	capReachU [numKinds][64]uint64 // the same with halfling ranges unlimited: a superset for any unit it is part of
	pawnDiag  [2][64]uint64        // both forward diagonals of a pawn of each colour
	promoFrom = [2]uint64{0xff << 48, 0xff << 8}
)

// init fills the tables above. It computes its own rays (the init
// functions of the other files may not have run yet).
func init() {
	var ray [64][8][]int
	for s := 0; s < 64; s++ {
		for d := 0; d < 8; d++ {
			for i := 1; ; i++ {
				nf, nr := fileOf(s)+i*dirFile[d], rankOf(s)+i*dirRank[d]
				if nf < 0 || nf > 7 || nr < 0 || nr > 7 {
					break
				}
				ray[s][d] = append(ray[s][d], nr*8+nf)
			}
		}
		for _, o := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			nf, nr := fileOf(s)+o[0], rankOf(s)+o[1]
			if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				knightBB[s] |= 1 << uint(nr*8+nf)
			}
		}
	}
	reach := func(s int, m movement, unlimited bool) uint64 {
		var b uint64
		for d := 0; d < 8; d++ {
			r := m.Orth
			if d >= 4 {
				r = m.Diag
			}
			lim := 0
			switch r {
			case rStep:
				lim = 1
			case rHalfling:
				lim = (len(ray[s][d]) + 1) / 2
				if unlimited {
					lim = 8
				}
			case rSlide:
				lim = 8
			}
			for i, t := range ray[s][d] {
				if i >= lim {
					break
				}
				b |= 1 << uint(t)
			}
		}
		if m.Leap != lNone {
			b |= knightBB[s]
		}
		return b
	}
	for s := 0; s < 64; s++ {
		for d := 0; d < 8; d++ {
			for i, t := range ray[s][d] {
				rayBB[s][d] |= 1 << uint(t)
				if i == 0 {
					rayRange[rStep][s][d] |= 1 << uint(t)
				}
				if i < (len(ray[s][d])+1)/2 {
					rayRange[rHalfling][s][d] |= 1 << uint(t)
				}
			}
			rayRange[rSlide][s][d] = rayBB[s][d]
		}
		for t := 0; t < 64; t++ {
			chebDist[s][t] = uint8(max(abs(fileOf(s)-fileOf(t)), abs(rankOf(s)-rankOf(t))))
		}
		for k := Kind(1); k < numKinds; k++ {
			capReach1[k][s] = reach(s, kinds[k].move, false)
			capReachU[k][s] = reach(s, kinds[k].move, true)
		}
		for c := White; c <= Black; c++ {
			t := s + 8
			if c == Black {
				t = s - 8
			}
			if t < 0 || t > 63 {
				continue
			}
			if fileOf(s) > 0 {
				pawnDiag[c][s] |= 1 << uint(t-1)
			}
			if fileOf(s) < 7 {
				pawnDiag[c][s] |= 1 << uint(t+1)
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// genBifoldCaptures appends the captures and pawn promotions of a Bifold
// Halfgi position (the quiescence generator). It visits only our occupied
// squares from which an enemy piece is within reach, and along each line
// looks only at the first occupied square (bit scans), not at every empty
// square on the way.
func (p *Position) genBifoldCaptures(ml *MoveList) {
	us := p.turn
	if p.royals[us] == 0 {
		return
	}
	start := ml.N
	them := us.Other()
	enemy := p.occ[them]
	all := p.occ[us] | enemy
	target := enemy
	if p.ep >= 0 {
		target |= 1 << uint(p.ep)
	}
	g := bifoldGen{p: p, ml: ml, us: us, them: them}
	promo := promoFrom[us]
	for bb := p.occ[us]; bb != 0; bb &= bb - 1 {
		s := bits.TrailingZeros64(bb)
		x := p.sq[s]
		a, b := x[0], x[1]
		if a.Color() != us {
			a, b = b, NoPiece
		} else if b != NoPiece && b.Color() != us {
			b = NoPiece
		}
		ka := a.Kind()
		var r uint64
		pawn := kinds[ka].pawn
		if b == NoPiece {
			r = capReach1[ka][s]
		} else {
			kb := b.Kind()
			r = capReachU[ka][s] | capReachU[kb][s]
			pawn = pawn || kinds[kb].pawn
		}
		if pawn && (promo&(1<<uint(s)) != 0 || pawnDiag[us][s]&target != 0) {
			// promotions or pawn captures: the full generator (quiet moves
			// are dropped below)
			if !g.classified {
				g.classify()
			}
			g.gen(1 << uint(s))
			continue
		}
		if r&target == 0 {
			continue
		}
		g.captures(s, all, enemy, target)
	}
	n := start
	for i := start; i < ml.N; i++ {
		if m := ml.Moves[i]; m&flagCapture != 0 || m.Promo() != NoKind {
			ml.Moves[n] = m
			n++
		}
	}
	ml.N = n
}

// captures generates the captures from square s (as gen does, minus the
// quiet moves, which it mostly skips without looking at them). The pawns of
// s have nothing to capture (genBifoldCaptures sends a square whose pawns do
// to gen).
func (g *bifoldGen) captures(s int, all, enemy, target uint64) {
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
		if m := kinds[k].move; !m.Pawn {
			jobs[nj].m, jobs[nj].part, jobs[nj].unit, jobs[nj].royalPath = m, part, false, false
			nj++
		}
	}
	if n == 2 {
		ka, kb := a.Kind(), b.Kind()
		m := cellMove[ka][kb]
		if !kinds[ka].pawn || !kinds[kb].pawn {
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
		var tg uint64 // targets: enemy squares within reach
		if threat == 0 {
			tg = firstBlockers(m, s, all) & enemy
		}
		// a path next to a single royal: no passing through a threatened square
		for d := 0; d < 8 && threat != 0; d++ {
			r := m.Orth
			if d >= 4 {
				r = m.Diag
			}
			lim := uint8(8)
			switch r {
			case rNone:
				continue
			case rStep:
				lim = 1
			case rHalfling:
				lim = uint8(halfRange[s][d])
			}
			blk := rayBB[s][d] & all
			if blk == 0 {
				continue
			}
			var t int
			if d == 0 || d == 1 || d == 4 || d == 7 { // N, E, NE, NW: increasing squares
				t = bits.TrailingZeros64(blk)
			} else {
				t = 63 - bits.LeadingZeros64(blk)
			}
			if enemy&(1<<uint(t)) == 0 || chebDist[s][t] > lim {
				continue
			}
			if threat != 0 && threat&(rayBB[s][d]&^rayBB[t][d]&^(1<<uint(t))) != 0 {
				continue // rule 8: no passing through a threatened square
			}
			tg |= 1 << uint(t)
		}
		switch m.Leap {
		case lLeap:
			tg |= knightBB[s] & enemy
		case lHorse:
			for _, h := range horseSteps[s] {
				if enemy&(1<<uint(h.to)) != 0 && p.sq[h.pass].Empty() && threat&(1<<uint(h.pass)) == 0 {
					tg |= 1 << uint(h.to)
				}
			}
		}
		// the captures, written here rather than through enter (calls are
		// dear under WASM): t holds an enemy piece
		ml := g.ml
		for ; tg != 0; tg &= tg - 1 {
			t := bits.TrailingZeros64(tg)
			y := p.sq[t]
			if ml.N+2 > MaxMoves {
				break
			}
			if unit {
				// a unit captures everything on a square without friends (rule 6)
				if (y[0] != NoPiece && y[0].Color() == g.us) || (y[1] != NoPiece && y[1].Color() == g.us) {
					continue
				}
				ml.Moves[ml.N] = mkMove(s, t, 0, 0, 0, flagCapture)
				ml.N++
				continue
			}
			// a single piece (rule 5): a lone enemy pawn is taken, a lone
			// enemy bifold piece is joined (not a capture); of two pieces,
			// the enemy one beside a friend, or either of two enemies
			switch {
			case y[1] == NoPiece:
				if !kinds[y[0].Kind()].bifold {
					ml.Moves[ml.N] = mkMove(s, t, part, 0, 0, flagCapture)
					ml.N++
				}
			case y[0].Color() == g.us || y[1].Color() == g.us:
				ml.Moves[ml.N] = mkMove(s, t, part, 0, 0, flagCapture)
				ml.N++
			default:
				ml.Moves[ml.N] = mkMove(s, t, part, y[0].Kind(), 0, flagCapture)
				ml.N++
				if y[1].Kind() != y[0].Kind() {
					ml.Moves[ml.N] = mkMove(s, t, part, y[1].Kind(), 0, flagCapture)
					ml.N++
				}
			}
		}
	}
}

// firstBlockers returns the first occupied square of each line of movement m
// from s, within its range (unrolled: N, E, NE and NW run to higher squares,
// S, W, SE and SW to lower).
func firstBlockers(m movement, s int, all uint64) uint64 {
	var tg uint64
	if r := m.Orth; r != rNone {
		ray := &rayRange[r][s]
		if b := ray[0] & all; b != 0 {
			tg |= b & -b
		}
		if b := ray[1] & all; b != 0 {
			tg |= b & -b
		}
		if b := ray[2] & all; b != 0 {
			tg |= 1 << uint(63-bits.LeadingZeros64(b))
		}
		if b := ray[3] & all; b != 0 {
			tg |= 1 << uint(63-bits.LeadingZeros64(b))
		}
	}
	if r := m.Diag; r != rNone {
		ray := &rayRange[r][s]
		if b := ray[4] & all; b != 0 {
			tg |= b & -b
		}
		if b := ray[7] & all; b != 0 {
			tg |= b & -b
		}
		if b := ray[5] & all; b != 0 {
			tg |= 1 << uint(63-bits.LeadingZeros64(b))
		}
		if b := ray[6] & all; b != 0 {
			tg |= 1 << uint(63-bits.LeadingZeros64(b))
		}
	}
	return tg
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
