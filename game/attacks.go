package game

import "math/bits"

// Bit-set attack tables and functions. A set of squares is a uint64 with bit
// s for square s. Sliding attacks are computed without branches (a sentinel
// bit stands for the board edge), which matters under WASM, where Go turns
// every taken branch into a jump through the function's dispatch table.

// Attack classes of the full-size pieces, the index into Position.cls: the
// squares holding a piece that attacks that way (either colour; intersect
// with Position.occ). A piece is in every class of its components.
const (
	clsOrthSlide = iota // R, Q, M, D
	clsDiagSlide        // B, Q, A, O
	clsOrthStep         // K and the orthogonal sliders
	clsDiagStep         // K and the diagonal sliders
	clsLeap             // N, M, A, E
	clsPawn             // the full-size Pawn
	numCls
)

// The tables, by square.
var (
	rayBB     [64][8]uint64    // the squares along each direction d: 0-3 N, E, S, W; 4-7 NE, SE, SW, NW
	rayRange  [4][64][8]uint64 // rayBB cut to each range class: rNone none, rStep one square, rHalfling ceil(n/2) of its n, rSlide all
	knightBB  [64]uint64
	pawnDiag  [2][64]uint64  // both forward diagonals of a pawn of each colour
	betweenBB [64][64]uint64 // squares strictly between two squares on a line, else 0
	lineBB    [64][64]uint64 // the whole line through two aligned squares, else 0
	orthLines [64]uint64     // the rank and file through a square (without it)
	diagLines [64]uint64     // both diagonals through a square (without it)
	stepOrth  [64]uint64     // orthogonal neighbours
	stepDiag  [64]uint64     // diagonal neighbours
	leapMask  = [4]uint64{lLeap: ^uint64(0)}
	// orthSpan and diagSpan are every square of the orthogonal and of the
	// diagonal rays of each range class from a square (rayRange), leapSpan
	// every target of each leap (knightBB; for the Horse all of
	// bbt.horseTo): the most a mover could reach on an empty board, for the
	// captures-only bifold generator to skip a mover with nothing to take
	// in range.
	orthSpan, diagSpan [4][64]uint64
	leapSpan           [4][64]uint64
	// lastRankBB is each side's promotion rank.
	lastRankBB = [2]uint64{0xff << 56, 0xff}
)

func init() {
	on := func(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }
	for s := 0; s < 64; s++ {
		f, r := fileOf(s), rankOf(s)
		for d := 0; d < 8; d++ {
			n := 0
			for on(f+(n+1)*dirFile[d], r+(n+1)*dirRank[d]) {
				n++
				t := uint(r+n*dirRank[d])*8 + uint(f+n*dirFile[d])
				rayBB[s][d] |= 1 << t
				if n == 1 {
					rayRange[rStep][s][d] = 1 << t
				}
			}
			for i := 1; i <= (n+1)/2; i++ {
				rayRange[rHalfling][s][d] |= 1 << (uint(r+i*dirRank[d])*8 + uint(f+i*dirFile[d]))
			}
			rayRange[rSlide][s][d] = rayBB[s][d]
		}
		for _, o := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if on(f+o[0], r+o[1]) {
				knightBB[s] |= 1 << uint((r+o[1])*8+f+o[0])
			}
		}
		for c, dr := range [2]int{1, -1} {
			for _, df := range [2]int{-1, 1} {
				if on(f+df, r+dr) {
					pawnDiag[c][s] |= 1 << uint((r+dr)*8+f+df)
				}
			}
		}
	}
	for s := 0; s < 64; s++ {
		for rg := 0; rg < 4; rg++ {
			for d := 0; d < 4; d++ {
				orthSpan[rg][s] |= rayRange[rg][s][d]
				diagSpan[rg][s] |= rayRange[rg][s][4+d]
			}
		}
		leapSpan[lLeap][s] = knightBB[s]
		for d := 0; d < 4; d++ {
			leapSpan[lHorse][s] |= bbt.horseTo[s][d]
		}
		for d := 0; d < 8; d++ {
			if d < 4 {
				orthLines[s] |= rayBB[s][d]
				stepOrth[s] |= rayRange[rStep][s][d]
			} else {
				diagLines[s] |= rayBB[s][d]
				stepDiag[s] |= rayRange[rStep][s][d]
			}
			opp := (d + 2) & 3
			if d >= 4 {
				opp = 4 + (d-4+2)&3
			}
			for r := rayBB[s][d]; r != 0; r &= r - 1 {
				t := bits.TrailingZeros64(r)
				betweenBB[s][t] = rayBB[s][d] &^ rayBB[t][d] &^ (1 << uint(t))
				lineBB[s][t] = rayBB[s][d] | rayBB[s][opp] | 1<<uint(s)
			}
		}
	}
}

// upRay and downRay return the squares of ray r (toward higher squares:
// N, E, NE, NW; toward lower ones: S, W, SE, SW) up to and including the
// first one in blk, without branches: a sentinel bit stands for the board's
// edge.
func upRay(r, blk uint64) uint64 {
	q := r&blk | 1<<63
	return r & (q ^ (q - 1))
}

func downRay(r, blk uint64) uint64 {
	q := r&blk | 1
	return r & -(uint64(1) << (uint(63-bits.LeadingZeros64(q)) & 63))
}

// pieceAtt returns the squares the full-size piece x on s attacks with the
// squares in all occupied: along each of its rays up to and including the
// first occupied square, its leap, and for a pawn its two forward
// diagonals; nothing for NoPiece. The eight rays are written out (no call
// per ray or per direction class: calls are dear under WASM); a missing
// class has empty rays (rayRange[rNone]), and the pawn's diagonals are
// chosen by its attack class, without a branch.
func pieceAtt(x Piece, s int, all uint64) uint64 {
	s &= 63
	m := &kinds[x&31].move
	o, d := &rayRange[m.Orth&3][s], &rayRange[m.Diag&3][s]
	pawn := uint64(attackFlags[x&31]) >> clsPawn & 1
	return upRay(o[0], all) | upRay(o[1], all) | downRay(o[2], all) | downRay(o[3], all) |
		upRay(d[4], all) | upRay(d[7], all) | downRay(d[5], all) | downRay(d[6], all) |
		knightBB[s]&leapMask[m.Leap&3] | pawnDiag[x>>5&1][s]&-pawn
}

// attackersTo returns the pieces of side by that attack square s in a
// full-size position whose occupied squares are all (which may differ from
// the board: a royal's own square is left out when it tests where it could go).
func (p *Position) attackersTo(s int, by Color, all uint64) uint64 {
	s &= 63
	them := p.occ[by&1]
	a := stepOrth[s]&p.cls[clsOrthStep] |
		stepDiag[s]&p.cls[clsDiagStep] |
		knightBB[s]&p.cls[clsLeap] |
		pawnDiag[by^1][s]&p.cls[clsPawn]
	// the lines only when an enemy slider stands on one of them
	if (orthLines[s]&p.cls[clsOrthSlide]|diagLines[s]&p.cls[clsDiagSlide])&them != 0 {
		r := &rayBB[s]
		orth := upRay(r[0], all) | upRay(r[1], all) | downRay(r[2], all) | downRay(r[3], all)
		diag := upRay(r[4], all) | upRay(r[7], all) | downRay(r[5], all) | downRay(r[6], all)
		a |= orth&p.cls[clsOrthSlide] | diag&p.cls[clsDiagSlide]
	}
	return a & them
}

// pinnedTo returns side us's pieces that are the only piece between the
// royal on rsq and an enemy slider that would attack it along that line.
func (p *Position) pinnedTo(rsq int, us Color, all uint64) uint64 {
	them := us ^ 1
	snipers := (orthLines[rsq]&p.cls[clsOrthSlide] | diagLines[rsq]&p.cls[clsDiagSlide]) & p.occ[them]
	var pinned uint64
	for ; snipers != 0; snipers &= snipers - 1 {
		b := betweenBB[rsq][bits.TrailingZeros64(snipers)] & all
		if b != 0 && b&(b-1) == 0 {
			pinned |= b
		}
	}
	return pinned & p.occ[us]
}
