package game

// Bit-set tables of the Bifold Halfgi generator (genbifold.go). They are
// package-level variables initialised by function calls, so they are ready
// before any init function runs and do not depend on the order of the files.

// bbTables holds the per-square bit sets of the bifold generator.
type bbTables struct {
	// pawnPush is the square in front of a pawn of each colour (0 on the
	// last rank); pawnDouble the square two ahead, for pawns on their
	// second rank only.
	pawnPush, pawnDouble [2][64]uint64
	// pawnLeft and pawnRight are a pawn's forward diagonals to its owner's
	// left and right (0 off the board).
	pawnLeft, pawnRight [2][64]uint64
	// horsePass is the orthogonal neighbour a Horse passes in each direction
	// N, E, S, W (0 off the board); horseTo the two targets beyond it.
	horsePass, horseTo [64][4]uint64
}

var bbt = makeBBTables()

func makeBBTables() *bbTables {
	t := new(bbTables)
	on := func(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }
	bit := func(f, r int) uint64 { return 1 << uint(r*8+f) }
	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		for c := 0; c < 2; c++ {
			dr, left, second := 1, -1, 1
			if c == 1 {
				dr, left, second = -1, 1, 6
			}
			if !on(f, r+dr) {
				continue
			}
			t.pawnPush[c][s] = bit(f, r+dr)
			if r == second {
				t.pawnDouble[c][s] = bit(f, r+2*dr)
			}
			if on(f+left, r+dr) {
				t.pawnLeft[c][s] = bit(f+left, r+dr)
			}
			if on(f-left, r+dr) {
				t.pawnRight[c][s] = bit(f-left, r+dr)
			}
		}
		// a Horse: the orthogonal neighbour it passes in direction d, then
		// one diagonal step outward on either side
		for d := 0; d < 4; d++ {
			df, dr := dirFile[d], dirRank[d]
			pf, pr := f+df, r+dr
			if !on(pf, pr) {
				continue
			}
			t.horsePass[s][d] = bit(pf, pr)
			for _, side := range [2]int{-1, 1} {
				nf, nr := pf+df+dr*side, pr+dr+df*side
				if on(nf, nr) {
					t.horseTo[s][d] |= bit(nf, nr)
				}
			}
		}
	}
	return t
}

// cellMove is the movement of a square's pieces of one colour:
// cellMove[a][NoKind] that of a lone piece of kind a, cellMove[a][b] that of
// the unit of a and b (union).
var cellMove = makeCellMove()

func makeCellMove() (t [NumKinds][NumKinds]movement) {
	for a := Kind(1); a < NumKinds; a++ {
		t[a][NoKind] = kinds[a].move
		for b := Kind(1); b < NumKinds; b++ {
			t[a][b] = union(kinds[a].move, kinds[b].move)
		}
	}
	return
}

// Bits of cellClass: bit i is the cell class that Position.cls[i] holds in
// a bifold game (the generator's classify reads them there).
const (
	clSingle = 1  // one piece (the second slot is empty)
	clBifold = 2  // the first piece is a half-size piece
	clPawn   = 4  // a pawn of any kind; clPawn<<1 for Black
	clPiece  = 16 // a non-pawn piece; clPiece<<1 for Black
)

// The indexes into Position.cls of the cell classes in a bifold game.
const (
	clsSingle = iota // clSingle
	clsBifold        // clBifold
	clsPawns         // clPawn: clsPawns+c for side c
	_
	clsPieces // clPiece: clsPieces+c for side c
)

// cellClass classifies each cell (pieces x0 and x1, low 6 bits each, at index
// x0 | x1<<6; 0 for an empty cell), so that Position.setCell keeps the
// classes of every square in Position.cls: one lookup instead of branches.
var cellClass = makeCellClass()

func makeCellClass() *[4096]uint8 {
	var pc [64]uint8 // per piece: clBifold, clPawn, clPiece bits
	for p := Piece(1); p < 64; p++ {
		k := p.Kind()
		if k == NoKind || k >= NumKinds {
			continue
		}
		if kinds[k].bifold {
			pc[p] |= clBifold
		}
		if kinds[k].pawn {
			pc[p] |= clPawn << p.Color()
		} else {
			pc[p] |= clPiece << p.Color()
		}
	}
	t := new([4096]uint8)
	for x0 := 1; x0 < 64; x0++ {
		for x1 := 0; x1 < 64; x1++ {
			c := pc[x0]&clBifold | (pc[x0]|pc[x1])&^clBifold
			if x1 == 0 {
				c |= clSingle
			}
			t[x0|x1<<6] = c
		}
	}
	return t
}
