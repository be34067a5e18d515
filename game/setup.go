package game

import (
	"slices"
	"strconv"
)

// Setup is a position being set up by hand (the position editor): the
// pieces on the squares and in the hands, the side to move, the castling
// rights, the en passant square and the clocks, in any arrangement the
// board can hold: a full-size square holds one piece, a bifold square one
// or two half-size pieces (or one full-size pawn). Unlike a Position it need
// not be legal; Check checks it as Parse does (RULES.md section 7).
//
// Put combines pieces the way the game holds them: a simple piece put on a
// friendly simple piece becomes their compound where the game has one (the
// kinds table's components, the same table fusion and assimilation read),
// and a half-size piece put on a square holding one makes the pair.
type Setup struct {
	v      *Variant
	cells  [64]Cell
	hand   [2][NumKinds]int
	Turn   Color
	castle uint8 // castleWK ... bits
	ep     int   // the en passant square, NoSquare for none
	// Half and Full are the halfmove clock and the fullmove number.
	Half, Full int
}

// NewSetup returns an empty board of rule set v: White to move, no rights,
// the clocks at 0 and 1.
func NewSetup(v *Variant) *Setup { return &Setup{v: v, ep: NoSquare, Full: 1} }

// SetupOf returns position p as a Setup.
func SetupOf(p *Position) *Setup {
	s := &Setup{v: p.v, cells: p.sq, Turn: p.turn, castle: p.castle, ep: int(p.ep), Half: p.half, Full: p.full}
	for c := range p.hand {
		for k, n := range p.hand[c] {
			s.hand[c][k] = int(n)
		}
	}
	return s
}

// ParseSetup reads a position string (docs/RULES.md, "Position strings")
// as a Setup: its syntax is checked, and what a board cannot hold refused
// (a letter the game does not have, two pieces on a full-size square, a
// full-size piece sharing a square, a hand kind the game does not drop),
// but not the position checks that Check makes (two kings, a pawn on its
// last rank, castling rights without their pieces...), so that such a
// position can be opened and mended.
func ParseSetup(v *Variant, text string) (*Setup, error) {
	f, board, hand, err := splitPosition(v, text)
	if err != nil {
		return nil, err
	}
	p := &Position{v: v, ep: -1}
	if err := p.parseBoard(board, false); err != nil {
		return nil, err
	}
	s := &Setup{v: v, cells: p.sq, ep: NoSquare}
	for i := 0; i < len(hand); i++ {
		k := v.KindOf(hand[i])
		if k == NoKind {
			return nil, perr("hand", hand, "unknown piece letter %q", hand[i])
		}
		if !slices.Contains(v.Hand, k) {
			return nil, perrc(CheckHands, "hand", hand, "a %s (%c) cannot be in hand: %s", k.Name(), hand[i], handKinds(v))
		}
		c := White
		if hand[i] >= 'a' {
			c = Black
		}
		if s.hand[c][k] >= maxHand {
			return nil, perrc(CheckCounts, "hand", hand, "more than %d %c in hand", maxHand, hand[i])
		}
		s.hand[c][k]++
	}
	switch f[1] {
	case "w":
	case "b":
		s.Turn = Black
	default:
		return nil, perr("side", f[1], "side to move must be w or b")
	}
	if f[2] != "-" {
		if v.Castling == nil {
			return nil, perrc(CheckRights, "castling", f[2], "%s has no castling", v.Name)
		}
		for i := 0; i < len(f[2]); i++ {
			bit := map[byte]uint8{'K': castleWK, 'Q': castleWQ, 'k': castleBK, 'q': castleBQ}[f[2][i]]
			if bit == 0 || s.castle&bit != 0 {
				return nil, perr("castling", f[2], "castling rights are a subset of KQkq or -")
			}
			s.castle |= bit
		}
	}
	if f[3] != "-" {
		ep, ok := ParseSquare(f[3])
		if !ok {
			return nil, perr("en passant", f[3], "not a square")
		}
		s.ep = ep
	}
	if s.Half, err = strconv.Atoi(f[4]); err != nil || s.Half < 0 || s.Half > maxClock {
		return nil, perrc(CheckRights, "halfmove", f[4], "halfmove clock must be a number from 0 to %d", maxClock)
	}
	if s.Full, err = strconv.Atoi(f[5]); err != nil || s.Full < 1 || s.Full > maxClock {
		return nil, perrc(CheckRights, "fullmove", f[5], "fullmove number must be a number from 1 to %d", maxClock)
	}
	return s, nil
}

// Variant returns the rule set.
func (s *Setup) Variant() *Variant { return s.v }

// Clone returns a copy.
func (s *Setup) Clone() *Setup { c := *s; return &c }

// At returns what stands on square sq.
func (s *Setup) At(sq int) Cell { return s.cells[sq&63] }

// HandCount returns how many pieces of kind k colour c has in hand.
func (s *Setup) HandCount(c Color, k Kind) int { return s.hand[c&1][k%NumKinds] }

// SetHand sets that count (clamped to 0 and the most a hand can count);
// kinds the game does not drop stay at 0.
func (s *Setup) SetHand(c Color, k Kind, n int) {
	if !slices.Contains(s.v.Hand, k) {
		return
	}
	s.hand[c&1][k] = max(0, min(n, maxHand))
}

// pos returns a Position over the setup's fields, for the shared code of
// Position (normCell, epPossible, String). It is not a playable position.
func (s *Setup) pos() *Position {
	p := &Position{v: s.v, sq: s.cells, turn: s.Turn, castle: s.castle, ep: int8(s.ep), half: s.Half, full: s.Full}
	for c := range s.hand {
		for k, n := range s.hand[c] {
			p.hand[c][k] = uint8(n)
		}
	}
	return p
}

// String returns the position string (canonical, as Position.String).
func (s *Setup) String() string { return s.pos().String() }

// Check parses the setup's position string: the position, or the refusal
// of the first check it fails (a *ParseError, in words).
func (s *Setup) Check() (*Position, error) { return Parse(s.v, s.String()) }

// PieceName is a piece in words: "White Knight", "Black Halfling Rook".
func PieceName(x Piece) string {
	side := "White"
	if x.Color() == Black {
		side = "Black"
	}
	return side + " " + x.Kind().Name()
}

// Put returns what square sq holds with x put on it, or why it cannot:
// an empty square takes it; a full-size square holding a simple piece of
// x's side becomes their compound where the game has one; a bifold square
// holding one half-size piece takes a second one. Nothing is changed.
func (s *Setup) Put(sq int, x Piece) (Cell, error) {
	v := s.v
	k := x.Kind()
	if !v.allows(k) {
		return Cell{}, errorString("a " + k.Name() + " is not a piece of " + v.Name)
	}
	c := s.cells[sq&63]
	at := SquareName(sq)
	if c.Empty() {
		return Cell{x}, nil
	}
	if v.Bifold {
		switch {
		case c.Count() == 2:
			return Cell{}, errorString(at + " already holds two pieces")
		case !k.Bifold():
			return Cell{}, errorString("a " + k.Name() + " is full size: it cannot share " + at + " with the " + PieceName(c[0]))
		case !c[0].Kind().Bifold():
			return Cell{}, errorString("the " + PieceName(c[0]) + " on " + at + " is full size: nothing can share its square")
		}
		return s.pos().normCell(Cell{c[0], x}), nil
	}
	y := c[0]
	if y.Color() != x.Color() {
		return Cell{}, errorString("the " + PieceName(y) + " stands on " + at + ": pieces of both sides cannot share a square")
	}
	comp := compoundOf(k, y.Kind())
	if !kinds[k].simple || !kinds[y.Kind()].simple || comp == NoKind || !v.allows(comp) {
		return Cell{}, errorString("a " + k.Name() + " and a " + y.Kind().Name() + " make no compound in " + v.Name + ": " + at + " holds one piece")
	}
	return Cell{MakePiece(x.Color(), comp)}, nil
}

// Without returns what square sq holds with x taken out of it: one piece
// of a bifold pair, or one component of a full-size compound (the other
// stays); ok false when sq holds x in neither way.
func (s *Setup) Without(sq int, x Piece) (Cell, bool) {
	c := s.cells[sq&63]
	if s.v.Bifold {
		switch {
		case c.Count() == 2 && c[0] == x:
			return Cell{c[1]}, true
		case c.Count() == 2 && c[1] == x:
			return Cell{c[0]}, true
		}
		return Cell{}, false
	}
	y := c[0]
	if y == NoPiece || y.Color() != x.Color() {
		return Cell{}, false
	}
	a, b := y.Kind().Components()
	switch {
	case b == NoKind:
		return Cell{}, false
	case a == x.Kind():
		return Cell{MakePiece(y.Color(), b)}, true
	case b == x.Kind():
		return Cell{MakePiece(y.Color(), a)}, true
	}
	return Cell{}, false
}

// Set puts cell c on square sq (in canonical order), then drops the
// castling rights and the en passant square the board no longer allows.
func (s *Setup) Set(sq int, c Cell) {
	if s.v.Bifold {
		c = s.pos().normCell(c)
	}
	s.cells[sq&63] = c
	s.tidy()
}

// Clear empties the board and the hands, keeping the side to move and the
// clocks.
func (s *Setup) Clear() {
	s.cells = [64]Cell{}
	s.hand = [2][NumKinds]int{}
	s.castle, s.ep = 0, NoSquare
}

// tidy drops rights the board no longer allows.
func (s *Setup) tidy() {
	for i, r := range s.v.castle {
		if s.castle&r.bit != 0 && !s.CastlePossible(i) {
			s.castle &^= r.bit
		}
	}
	if s.ep != NoSquare && !s.pos().epPossible(s.ep) {
		s.ep = NoSquare
	}
}

// CastleLetters are the castling rights in the order of the position
// string; right i is CastleLetters[i].
const CastleLetters = "KQkq"

// CastlePossible reports whether right i (0 to 3: K, Q, k, q) can be held:
// the game castles, and the royal and the rook stand where that castling
// needs them (RULES.md 7.8).
func (s *Setup) CastlePossible(i int) bool {
	if s.v.Castling == nil || i < 0 || i > 3 {
		return false
	}
	r := s.v.castle[i]
	return s.cells[r.from] == r.royal && s.cells[r.rookFrom] == r.rook
}

// Castle reports whether right i is held.
func (s *Setup) Castle(i int) bool {
	return i >= 0 && i < 4 && s.v.Castling != nil && s.castle&s.v.castle[i].bit != 0
}

// SetCastle gives or takes right i; a right the board does not allow is not
// given.
func (s *Setup) SetCastle(i int, on bool) {
	if i < 0 || i > 3 || s.v.Castling == nil {
		return
	}
	bit := s.v.castle[i].bit
	if on && s.CastlePossible(i) {
		s.castle |= bit
	} else if !on {
		s.castle &^= bit
	}
}

// EnPassant returns the en passant square, NoSquare for none.
func (s *Setup) EnPassant() int { return s.ep }

// EnPassantSquares lists the squares that can be the en passant square:
// those a double step of the side not to move can just have crossed, in
// file order.
func (s *Setup) EnPassantSquares() []int {
	var out []int
	p := s.pos()
	for sq := 16; sq < 48; sq++ {
		if p.epPossible(sq) {
			out = append(out, sq)
		}
	}
	return out
}

// SetEnPassant sets the en passant square (NoSquare for none); a square
// that cannot be one is not set.
func (s *Setup) SetEnPassant(sq int) {
	if sq == NoSquare || s.pos().epPossible(sq) {
		s.ep = sq
	}
}

// SetTurn sets the side to move (the en passant square is the other side's,
// so it goes).
func (s *Setup) SetTurn(c Color) {
	if c != s.Turn {
		s.Turn = c & 1
		s.ep = NoSquare
	}
}

// SetClocks sets the halfmove clock and the fullmove number, clamped to
// what a position string may hold.
func (s *Setup) SetClocks(half, full int) {
	s.Half = max(0, min(half, maxClock))
	s.Full = max(1, min(full, maxClock))
}

// PalettePieces returns the pieces of the game in both colours: White's in the
// game's order, then Black's (the editor's palette).
func (v *Variant) PalettePieces() []Piece {
	var out []Piece
	for c := White; c <= Black; c++ {
		for _, k := range v.Pieces {
			out = append(out, MakePiece(c, k))
		}
	}
	return out
}

// PieceOf returns the piece of position-string letter l in the game (upper
// case White), NoPiece for a letter it does not have.
func (v *Variant) PieceOf(l byte) Piece {
	k := v.KindOf(l)
	if k == NoKind {
		return NoPiece
	}
	return letterPiece(l, k)
}
