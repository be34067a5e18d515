package game

import (
	"math/bits"
	"runtime"
)

// Move generation and attack detection for the full-size rule sets (chess,
// Bedlam, Assimilation). The rule differences are the Variant switches.

// Attack flags of a kind: flag 1<<i is attack class i of attacks.go (the
// Position.cls set the piece's square belongs to), which Make and setCell rely on.
const (
	atOrthSlide = 1 << iota
	atDiagSlide
	atOrthStep
	atDiagStep
	atLeap
	atPawn
)

// attackFlags are the attack classes of each kind, by Kind (32 rows, so no
// bounds checks).
var attackFlags = makeAttackFlags()

func makeAttackFlags() (t [32]uint8) {
	for k := Kind(1); k < NumKinds; k++ {
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
		if k == Pawn {
			f |= atPawn
		}
		t[k] = f
	}
	return t
}

// fullCellClass is the attack classes of a full-size cell (pieces x0 and
// x1, low 6 bits each, at index x0 | x1<<6; x1 is NoPiece in these games):
// the Position.cls bits of the square (Variant.cellCls). Package-level
// variables initialised by calls, so that the variants can point at it
// before any init function runs.
var fullCellClass = makeFullCellClass()

func makeFullCellClass() *[4096]uint8 {
	t := new([4096]uint8)
	for x0 := 0; x0 < 64; x0++ {
		for x1 := 0; x1 < 64; x1++ {
			t[x0|x1<<6] = attackFlags[x0&31] | attackFlags[x1&31]
		}
	}
	return t
}

// attacked reports whether square s is attacked by side by (full-size games):
// an enemy piece could capture there by an ordinary capturing move.
func (p *Position) attacked(s int, by Color) bool {
	return s >= 0 && p.attackersTo(s, by, p.occ[0]|p.occ[1]) != 0
}

// InCheck reports whether the side to move has its royal attacked (full-size games).
func (p *Position) InCheck() bool {
	return p.v.Check && p.checkers() != 0
}

// checkers returns the enemy pieces that attack the side to move's royal
// (none without a royal), worked out once per position: the search asks
// InCheck and then generates, which needs them again.
func (p *Position) checkers() uint64 {
	if !p.chkKnown {
		p.chk, p.chkKnown = 0, true
		if rsq := int(p.royal[p.turn&1]); rsq >= 0 {
			p.chk = p.attackersTo(rsq, p.turn^1, p.occ[0]|p.occ[1])
		}
	}
	return p.chk
}

// genFull appends the legal moves of a full-size position, each one legal
// as written (no make/unmake to test it, except en passant). Each piece's
// destinations are a bit set (pieceAtt), cut to its pin line when pinned,
// in check to the squares that capture the single checker or block it
// (evade), and for the royal to squares where it would not be attacked. The
// loops that write moves are inline: under WASM a call or a taken branch
// per move costs more than the move.
//
// The mode picks the moves: genAll every one; genTactical the tactical
// ones (IsTactical: captures and pawn promotions, no quiet moves, drops,
// castling, metamorphosis, fusion or fission) unless the side to move is in
// check, then every evasion; genQuiet the others.
func (p *Position) genFull(ml *MoveList, mode genMode) {
	v := p.v
	us := p.turn
	them := us.Other()
	own, enemy := p.occ[us], p.occ[them]
	all := own | enemy
	empty := ^all
	rsq := int(p.royal[us])
	var checkers, pinned uint64
	evade := ^uint64(0)
	if rsq >= 0 {
		checkers = p.checkers()
		pinned = p.pinnedTo(rsq, us, all)
		if checkers != 0 {
			// a non-royal piece must take a single checker or step between
			// it and the royal (a move onto an own piece, a fusion, does
			// neither); against two checkers only the royal moves
			evade = 0
			if checkers&(checkers-1) == 0 {
				evade = checkers | betweenBB[rsq][bits.TrailingZeros64(checkers)]
			}
		}
	}
	inCheck := checkers != 0
	quiet := empty // the empty squares a quiet move may go to
	if mode == genTactical && !inCheck {
		quiet = 0
	}
	takes := enemy // the squares a capture may go to
	if mode == genQuiet {
		takes = 0
	}
	promote := mode != genQuiet

	pawns := own & p.cls[clsPawn]
	p.genPawnsFull(ml, pawns&^pinned, evade, empty, takes, quiet, promote)
	for pp := pawns & pinned; pp != 0; pp &= pp - 1 {
		s := bits.TrailingZeros64(pp)
		p.genPawnsFull(ml, 1<<uint(s), lineBB[rsq][s]&evade, empty, takes, quiet, promote)
	}
	if ep := int(p.ep); ep >= 0 && promote {
		for pp := pawnDiag[them][ep] & pawns; pp != 0; pp &= pp - 1 {
			if m := mkMove(bits.TrailingZeros64(pp), ep, 0, 0, 0, flagEP|flagCapture); p.legalFull(m) {
				ml.add(m)
			}
		}
	}

	// the friendly pieces a simple piece may fuse with, by kind (attack
	// classes tell them apart: a compound has the classes of both parts)
	var pureN, pureB, pureR uint64
	if v.Fusion && quiet != 0 {
		pureN = own & p.cls[clsLeap] &^ (p.cls[clsOrthStep] | p.cls[clsDiagStep])
		pureB = own & p.cls[clsDiagSlide] &^ (p.cls[clsOrthStep] | p.cls[clsLeap])
		pureR = own & p.cls[clsOrthSlide] &^ (p.cls[clsDiagStep] | p.cls[clsLeap])
	}
	n := ml.N
	for bb := own &^ pawns; bb != 0; bb &= bb - 1 {
		if n > MaxMoves-5*64 {
			break // never in a real game; below, a piece writes at most 5*63 moves, so n&(MaxMoves-1) == n (no bounds checks)
		}
		s := bits.TrailingZeros64(bb)
		k := p.sq[s][0].Kind()
		info := &kinds[k]
		// pieceAtt, written out to save two calls per piece (dear under
		// WASM); a pinned piece keeps to its line (the mask is all ones
		// otherwise)
		ro, rd := &rayRange[info.move.Orth&3][s], &rayRange[info.move.Diag&3][s]
		att := upRay(ro[0], all) | upRay(ro[1], all) | downRay(ro[2], all) | downRay(ro[3], all) |
			upRay(rd[4], all) | upRay(rd[7], all) | downRay(rd[5], all) | downRay(rd[6], all) |
			knightBB[s]&leapMask[info.move.Leap&3]
		att &= lineBB[rsq&63][s] | -(^pinned >> uint(s) & 1)
		if !info.royal {
			att &= evade
		}
		tg := att & (takes | quiet)
		base := Move(s)
		if sp := v.special[k]; sp != 0 {
			// the royal, metamorphosis, fusion and fission: one test for
			// all of them, as under WASM every branch taken costs. Fusion
			// targets: the friendly simple pieces of the kinds this one
			// fuses with (none unless fusing and making quiet moves)
			fuse := att & (pureN&-uint64(sp>>3&1) | pureB&-uint64(sp>>4&1) | pureR&-uint64(sp>>5&1))
			if sp&spRoyal != 0 {
				// the royal may not go where it would be attacked (its own
				// square left empty, so it cannot hide behind itself)
				rest := all &^ (1 << uint(s))
				for t := tg | fuse; t != 0; t &= t - 1 {
					if p.attackersTo(bits.TrailingZeros64(t), them, rest) != 0 {
						tg &^= t & -t
						fuse &^= t & -t
					}
				}
			}
			if sp&spMeta != 0 && quiet != 0 && p.attackersTo(s, them, all) != 0 {
				// Bedlam rule 2: an attacked N, B or R may become Q, A or M as it moves
				promo := base | promoBits(v.meta[k&31])
				for t := tg & quiet; t != 0; t &= t - 1 {
					ml.Moves[n&(MaxMoves-1)] = promo | toBits(bits.TrailingZeros64(t))
					n++
				}
			}
			for ; fuse != 0; fuse &= fuse - 1 {
				ml.Moves[n&(MaxMoves-1)] = base | toBits(bits.TrailingZeros64(fuse))
				n++
			}
			if sp&spSplit != 0 && quiet != 0 {
				// fission: a component alone to an empty square; the other
				// stays, so the square stays occupied and no pin or line opens
				for j := 0; j < 2; j++ {
					part := info.comps[j]
					ptg := pieceAtt(MakePiece(us, part), s, all) & empty
					if !part.Royal() {
						ptg &= evade // the royal may stay behind, in check
					} else {
						for t := ptg; t != 0; t &= t - 1 {
							if p.attackersTo(bits.TrailingZeros64(t), them, all) != 0 {
								ptg &^= t & -t
							}
						}
					}
					pm := base | partBits(part)
					for t := ptg; t != 0; t &= t - 1 {
						ml.Moves[n&(MaxMoves-1)] = pm | toBits(bits.TrailingZeros64(t))
						n++
					}
				}
			}
		}
		// the whole piece, to empty squares and captures in one loop: the
		// capture flag is the target's bit in enemy
		for ; tg != 0; tg &= tg - 1 {
			t := bits.TrailingZeros64(tg)
			ml.Moves[n&(MaxMoves-1)] = base | toBits(t) | captureIf(enemy, uint(t))
			n++
		}
	}
	ml.N = n
	if !inCheck && quiet != 0 && p.castle>>(2*(us&1))&3 != 0 {
		p.genCastle(ml, all, nil)
	}
	if v.Drops && quiet != 0 {
		// in check, a drop is legal only on a square between the royal and a
		// single sliding checker; out of check every drop is legal
		drop := empty
		if inCheck {
			drop = 0
			if checkers&(checkers-1) == 0 {
				drop = betweenBB[rsq][bits.TrailingZeros64(checkers)]
			}
		}
		n = ml.N
		for _, k := range v.Hand {
			if p.hand[us][k] == 0 {
				continue
			}
			tg := drop
			if k == Pawn {
				tg &^= lastRankBB[us]
			}
			dm := partBits(k) | flagDrop
			if n+bits.OnesCount64(tg)+4 > MaxMoves {
				break // never in a real game
			}
			if runtime.GOARCH == "wasm" {
				// four moves a turn (junk past the end, overwritten or
				// ignored): fewer taken branches, each of which WASM pays
				// for; natively the plain loop is faster
				cnt := bits.OnesCount64(tg)
				for j := 0; j < cnt; j += 4 {
					a := bits.TrailingZeros64(tg)
					tg &= tg - 1
					b := bits.TrailingZeros64(tg)
					tg &= tg - 1
					c := bits.TrailingZeros64(tg)
					tg &= tg - 1
					d := bits.TrailingZeros64(tg)
					tg &= tg - 1
					ml.Moves[(n+j)&(MaxMoves-1)] = dm | fromTo(a, a)
					ml.Moves[(n+j+1)&(MaxMoves-1)] = dm | fromTo(b, b)
					ml.Moves[(n+j+2)&(MaxMoves-1)] = dm | fromTo(c, c)
					ml.Moves[(n+j+3)&(MaxMoves-1)] = dm | fromTo(d, d)
				}
				n += cnt
				continue
			}
			for ; tg != 0; tg &= tg - 1 {
				t := bits.TrailingZeros64(tg)
				ml.Moves[n] = dm | fromTo(t, t)
				n++
			}
		}
		ml.N = n
	}
}

// genPawnsFull appends the moves of side to move's pawns in set pawns (all
// at once, by shifting the set), keeping destinations in mask (a pinned
// pawn's line, the squares that answer a check). Steps that do not promote
// go only to squares in quiet (empty, or none for captures only), captures
// to squares in enemy (none for quiet moves only); promotions only with
// promote. En passant is genFull's.
func (p *Position) genPawnsFull(ml *MoveList, pawns, mask, empty, enemy, quiet uint64, promote bool) {
	var one, two, left, right uint64
	var dOne, dLeft, dRight int
	if p.turn == White {
		one = pawns << 8 & empty
		two = (one & (0xff << 16)) << 8 & empty & mask
		left = (pawns &^ fileABB) << 7 & enemy & mask
		right = (pawns &^ fileHBB) << 9 & enemy & mask
		dOne, dLeft, dRight = 8, 7, 9
	} else {
		one = pawns >> 8 & empty
		two = (one & (0xff << 40)) >> 8 & empty & mask
		left = (pawns &^ fileABB) >> 9 & enemy & mask
		right = (pawns &^ fileHBB) >> 7 & enemy & mask
		dOne, dLeft, dRight = -8, -9, -7
	}
	one &= mask
	two &= quiet
	last := lastRankBB[p.turn]
	n := ml.N
	if n > MaxMoves-4*8 {
		return // never in a real game; below, at most 4 moves a pawn without promotions
	}
	for t := one &^ last & quiet; t != 0; t &= t - 1 {
		ts := bits.TrailingZeros64(t)
		ml.Moves[n&(MaxMoves-1)] = fromTo(ts-dOne, ts)
		n++
	}
	for t := two; t != 0; t &= t - 1 {
		ts := bits.TrailingZeros64(t)
		ml.Moves[n&(MaxMoves-1)] = fromTo(ts-2*dOne, ts) | flagDouble
		n++
	}
	for t := left &^ last; t != 0; t &= t - 1 {
		ts := bits.TrailingZeros64(t)
		ml.Moves[n&(MaxMoves-1)] = fromTo(ts-dLeft, ts) | flagCapture
		n++
	}
	for t := right &^ last; t != 0; t &= t - 1 {
		ts := bits.TrailingZeros64(t)
		ml.Moves[n&(MaxMoves-1)] = fromTo(ts-dRight, ts) | flagCapture
		n++
	}
	ml.N = n
	if (one|left|right)&last == 0 || !promote {
		return
	}
	for t := one & last; t != 0; t &= t - 1 {
		ts := bits.TrailingZeros64(t)
		p.addPromotions(ml, ts-dOne, ts, 0)
	}
	for t := left & last; t != 0; t &= t - 1 {
		ts := bits.TrailingZeros64(t)
		p.addPromotions(ml, ts-dLeft, ts, flagCapture)
	}
	for t := right & last; t != 0; t &= t - 1 {
		ts := bits.TrailingZeros64(t)
		p.addPromotions(ml, ts-dRight, ts, flagCapture)
	}
}

// The files a and h, for pawn captures by shifting.
const (
	fileABB = 0x0101010101010101
	fileHBB = fileABB << 7
)

// addPromotions adds a pawn's move from s to t once per promotion choice.
func (p *Position) addPromotions(ml *MoveList, s, t int, flags uint32) {
	for _, k := range p.v.Promotions {
		ml.add(mkMove(s, t, 0, 0, k, flags))
	}
}

// genCastle adds castling for the side to move (both families): each right
// left whose royal and rook stand on their squares with the squares between
// empty and the royal's path (start, crossed and destination squares) not
// attacked (full-size games) or threatened (g, Bifold Halfgi).
func (p *Position) genCastle(ml *MoveList, all uint64, g *bifoldGen) {
	us := p.turn
	for i := 2 * int(us&1); i < 2*int(us&1)+2; i++ {
		r := &p.v.castle[i&3]
		if p.castle&r.bit == 0 || all&r.empty != 0 || p.sq[r.from&63] != r.royal || p.sq[r.rookFrom&63] != r.rook {
			continue
		}
		if g != nil {
			if g.enemyThreat()&r.path != 0 {
				continue
			}
		} else if p.anyAttacked(r.path, us^1, all) {
			continue
		}
		ml.add(mkMove(r.from, r.to, 0, 0, 0, flagCastle))
	}
}

// anyAttacked reports whether side by attacks a square of set (full-size).
func (p *Position) anyAttacked(set uint64, by Color, all uint64) bool {
	for ; set != 0; set &= set - 1 {
		if p.attackersTo(bits.TrailingZeros64(set), by, all) != 0 {
			return true
		}
	}
	return false
}

// legalFull reports whether move m leaves the mover's royal unattacked, by
// making it (genFull decides every other move as it writes it; this is for
// en passant, whose capture empties a square off the mover's line).
func (p *Position) legalFull(m Move) bool {
	us := p.turn
	p.Make(m)
	ok := !p.attacked(int(p.royal[us]), us.Other())
	p.Unmake()
	return ok
}
