package game

import (
	"math/rand/v2"
)

// Square is a board square, 0 = a1, 7 = h1, 56 = a8, 63 = h8.
type Square = int

// NoSquare marks the absence of a square.
const NoSquare = -1

// File and Rank of a square, 0-based.
func fileOf(s int) int { return s & 7 }
func rankOf(s int) int { return s >> 3 }

// SquareName returns the algebraic name of a square, e.g. "e4".
func SquareName(s int) string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + fileOf(s)), byte('1' + rankOf(s))})
}

// ParseSquare parses an algebraic square name.
func ParseSquare(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return int(s[0]-'a') + 8*int(s[1]-'1'), true
}

// Cell is the content of a square: up to two pieces. Full-size games use slot 0
// only. In bifold games the pieces are kept in canonical order (White first,
// then W F Q R B H L D V P), so equal positions have equal cells.
type Cell [2]Piece

// Empty reports whether the cell holds no piece.
func (c Cell) Empty() bool { return c[0] == NoPiece }

// Count returns the number of pieces in the cell.
func (c Cell) Count() int {
	if c[0] == NoPiece {
		return 0
	}
	if c[1] == NoPiece {
		return 1
	}
	return 2
}

// undo records what a move changed, so Unmake can restore it exactly.
type undo struct {
	move   Move
	sq     [4]int8
	cell   [4]Cell
	n      uint8
	hands  [2]handSave
	nh     uint8
	castle uint8
	ep     int8
	half   int16
	hash   uint64
	royal  [2]int8
	royals [2]int8
	occ    [2]uint64      // occupancy before the move (Unmake copies it back
	cls    [numCls]uint64 // rather than recomputing it square by square)
}

// handSave is a hand count before a move changed it.
type handSave struct {
	c   Color
	k   Kind
	old uint8
}

// Position is a game position of one rule set, with in-place Make and Unmake.
// The zero value is not usable; create positions with NewPosition or Parse.
type Position struct {
	v      *Variant
	sq     [64]Cell
	hand   [2][NumKinds]uint8
	turn   Color
	castle uint8
	ep     int8 // en-passant target square or -1
	half   int  // plies since the last capture or pawn move
	full   int  // full move number
	hash   uint64
	royal  [2]int8        // full-size games: square of each side's royal, -1 if none
	royals [2]int8        // bifold games: number of royal pieces each side has
	occ    [2]uint64      // squares holding a piece of each colour (bit s for square s)
	cls    [numCls]uint64 // full-size: squares holding a piece of each attack class (attacks.go); bifold: of each cell class (cellClass)
	stack  []undo         // made moves, for Unmake and repetition

	chk      uint64 // checkers(), when chkKnown (Make and Unmake forget it)
	chkKnown bool
}

// Zobrist keys.
var (
	zPiece  [64][2][64]uint64
	zHand   [2][NumKinds][256]uint64 // by hand count: every uint8 count has a key
	zSide   uint64
	zCastle [16]uint64
	zEP     [128]uint64 // by epIndex: squares 0-63, and 127 (zero) for none
)

func init() {
	r := rand.New(rand.NewPCG(0x43686d72, 0x61426564))
	for s := range zPiece {
		for slot := range zPiece[s] {
			for p := 1; p < 64; p++ {
				zPiece[s][slot][p] = r.Uint64()
			}
		}
	}
	for c := range zHand {
		for k := range zHand[c] {
			for n := 1; n < 64; n++ {
				zHand[c][k][n] = r.Uint64()
			}
		}
	}
	zSide = r.Uint64()
	for i := 1; i < 16; i++ {
		zCastle[i] = r.Uint64()
	}
	for i := 0; i < 64; i++ {
		zEP[i] = r.Uint64()
	}
	// counts of 64 and more (only Bedlam's rules, which create pieces by
	// metamorphosis and fission, allow them), drawn last so that every
	// other key stays as it was
	for c := range zHand {
		for k := range zHand[c] {
			for n := 64; n < 256; n++ {
				zHand[c][k][n] = r.Uint64()
			}
		}
	}
}

func cellHash(s int, c Cell) uint64 { return zPiece[s][0][c[0]] ^ zPiece[s][1][c[1]] }

// epIndex maps an en-passant square (or -1) to its zEP row without a branch.
func epIndex(ep int8) int { return int(uint8(ep) & 127) }

// Variant returns the position's rule set.
func (p *Position) Variant() *Variant { return p.v }

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// At returns the content of square s.
func (p *Position) At(s int) Cell { return p.sq[s] }

// HandCount returns how many pieces of kind k side c has in hand.
func (p *Position) HandCount(c Color, k Kind) int { return int(p.hand[c][k]) }

// EnPassant returns the en-passant target square or NoSquare.
func (p *Position) EnPassant() int { return int(p.ep) }

// Halfmove returns the plies since the last capture or pawn move.
func (p *Position) Halfmove() int { return p.half }

// Fullmove returns the full-move number.
func (p *Position) Fullmove() int { return p.full }

// Hash returns the Zobrist hash of the position (board, stacks, hands, side,
// castling rights and en-passant square).
func (p *Position) Hash() uint64 { return p.hash }

// Ply returns the number of moves made on this Position since it was created.
func (p *Position) Ply() int { return len(p.stack) }

// RoyalSquare returns the square of side c's royal piece in full-size games, or NoSquare.
func (p *Position) RoyalSquare(c Color) int { return int(p.royal[c]) }

// ComputeHash recomputes the hash from scratch (tests compare it with Hash).
func (p *Position) ComputeHash() uint64 {
	var h uint64
	for s := 0; s < 64; s++ {
		h ^= cellHash(s, p.sq[s])
	}
	for c := 0; c < 2; c++ {
		for k := range p.hand[c] {
			h ^= zHand[c][k][p.hand[c][k]]
		}
	}
	if p.turn == Black {
		h ^= zSide
	}
	h ^= zCastle[p.castle]
	h ^= zEP[epIndex(p.ep)]
	return h
}

// Clone returns an independent copy of the position (with its move history).
func (p *Position) Clone() *Position {
	q := *p
	q.stack = append(make([]undo, 0, cap(p.stack)), p.stack...)
	return &q
}

// setCell changes square s to x, keeping the hash, the occupancy and the
// class bits up to date (in one function, without branches on the classes:
// this runs twice or more per move). The classes are the pieces' attack
// classes in a full-size game (attackFlags) and the cell's classes in a
// bifold one (cellClass), each looked up by the cell in the rule set's
// table (Variant.cellCls).
func (p *Position) setCell(s int, x Cell) {
	s &= 63
	p.hash ^= cellHash(s, p.sq[s]) ^ cellHash(s, x)
	p.sq[s] = x
	bit := uint64(1) << uint(s)
	p.occ[0] &^= bit
	p.occ[1] &^= bit
	for _, y := range x {
		if y != NoPiece {
			p.occ[y.Color()] |= bit
		}
	}
	f := uint64(p.v.cellCls[uint(x[0])&63|(uint(x[1])&63)<<6])
	p.cls[0] = p.cls[0]&^bit | bit*(f&1)
	p.cls[1] = p.cls[1]&^bit | bit*(f>>1&1)
	p.cls[2] = p.cls[2]&^bit | bit*(f>>2&1)
	p.cls[3] = p.cls[3]&^bit | bit*(f>>3&1)
	p.cls[4] = p.cls[4]&^bit | bit*(f>>4&1)
	p.cls[5] = p.cls[5]&^bit | bit*(f>>5&1)
}

// addHand changes side c's hand count of kind k by d.
func (p *Position) addHand(c Color, k Kind, d int) {
	n := p.hand[c][k]
	p.hash ^= zHand[c][k][n]
	n = uint8(int(n) + d)
	p.hand[c][k] = n
	p.hash ^= zHand[c][k][n]
}

// normCell puts a bifold cell in canonical order.
func (p *Position) normCell(c Cell) Cell {
	if c[0] == NoPiece && c[1] != NoPiece {
		return Cell{c[1], NoPiece}
	}
	if c[1] != NoPiece && p.slotKey(c[1]) < p.slotKey(c[0]) {
		return Cell{c[1], c[0]}
	}
	return c
}

func (p *Position) slotKey(x Piece) int { return int(x.Color())*32 + p.v.slotOrder[x.Kind()] }

// refreshRoyals recomputes the royal bookkeeping, the occupancy and the
// class bits from the board.
func (p *Position) refreshRoyals() {
	p.royal = [2]int8{-1, -1}
	p.royals = [2]int8{}
	for s := 0; s < 64; s++ {
		p.setCell(s, p.sq[s]) // the same cell: the hash stays
		for _, x := range p.sq[s] {
			if x != NoPiece && x.Kind().Royal() {
				p.royal[x.Color()] = int8(s)
				p.royals[x.Color()]++
			}
		}
	}
}
