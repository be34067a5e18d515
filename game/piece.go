package game

// Color is a side: White or Black.
type Color uint8

// The two sides.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposing side.
func (c Color) Other() Color { return c ^ 1 }

// String returns "w" or "b".
func (c Color) String() string {
	if c == White {
		return "w"
	}
	return "b"
}

// Kind is a type of piece, independent of colour. The full-size kinds are used
// by chess, Bedlam and Assimilation; the bifold kinds (and Pawn) by Bifold Halfgi.
type Kind uint8

// Piece kinds.
const (
	NoKind Kind = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen    // R+B
	King     // royal
	Marshall // R+N
	Paladin  // B+N
	Pope     // K+B, royal
	Dragon   // K+R, royal (Dragon King)
	Eques    // K+N, royal (Eques Rex)
	HRook    // bifold halfling rook
	HBishop  // bifold halfling bishop
	HQueen   // bifold halfling queen
	Horse    // bifold non-leaping knight
	Wazir    // bifold royal wazir
	Ferz     // bifold royal ferz
	LPawn    // bifold left-handed pawn
	DPawn    // bifold right-handed pawn
	VPawn    // bifold weak pawn
	NumKinds
)

// Piece is a coloured piece: kind in the low 5 bits, colour in bit 5. Zero is no piece.
type Piece uint8

// NoPiece is the empty value.
const NoPiece Piece = 0

// MakePiece returns the piece of kind k and colour c.
func MakePiece(c Color, k Kind) Piece { return Piece(k) | Piece(c)<<5 }

// Kind returns the piece's kind.
func (p Piece) Kind() Kind { return Kind(p & 31) }

// Color returns the piece's colour.
func (p Piece) Color() Color { return Color(p >> 5 & 1) }

// Range values for a direction class of a movement.
const (
	rNone     = 0
	rStep     = 1 // one square
	rHalfling = 2 // ceil(n/2) squares, n = squares to the edge
	rSlide    = 3 // unlimited
)

// Leap values.
const (
	lNone  = 0
	lHorse = 1 // non-leaping knight: orthogonal step through an empty square, then diagonal outward
	lLeap  = 2 // knight leap
)

// Pawn capture abilities (bit set), from the owner's point of view.
const (
	pcLeft      = 1 // captures diagonally to the owner's left
	pcRight     = 2 // captures diagonally to the owner's right
	pcWeakLeft  = 4 // to the left only while supported
	pcWeakRight = 8 // to the right only while supported
)

// movement describes how a piece (or a bifold unit) moves: the union of its
// components. Orth and Diag give the range in the four orthogonal and four
// diagonal directions; Leap the knight move; Pawn non-zero for pawn movement
// (forward steps) with the capture bits in PawnCap.
type movement struct {
	Orth, Diag uint8
	Leap       uint8
	Pawn       bool
	PawnCap    uint8
}

// union combines two movements of pieces moving as one unit: a direction class
// where both are halfling sliders becomes unlimited; two Horses leap as a Knight;
// otherwise the union of the two.
func union(a, b movement) movement {
	m := movement{Orth: max(a.Orth, b.Orth), Diag: max(a.Diag, b.Diag), Leap: max(a.Leap, b.Leap), Pawn: a.Pawn || b.Pawn, PawnCap: a.PawnCap | b.PawnCap}
	if a.Orth == rHalfling && b.Orth == rHalfling {
		m.Orth = rSlide
	}
	if a.Diag == rHalfling && b.Diag == rHalfling {
		m.Diag = rSlide
	}
	if a.Leap == lHorse && b.Leap == lHorse {
		m.Leap = lLeap
	}
	// A weak side becomes strong when the other pawn captures there unconditionally,
	// and two weak pawns together are a full pawn.
	if a.PawnCap&(pcWeakLeft|pcWeakRight) != 0 && b.PawnCap&(pcWeakLeft|pcWeakRight) != 0 {
		m.PawnCap |= pcLeft | pcRight
	}
	if m.PawnCap&pcLeft != 0 {
		m.PawnCap &^= pcWeakLeft
	}
	if m.PawnCap&pcRight != 0 {
		m.PawnCap &^= pcWeakRight
	}
	return m
}

// kindInfo is the static description of a kind.
type kindInfo struct {
	name   string
	move   movement
	royal  bool
	bifold bool
	pawn   bool
	simple bool    // K, R, B, N (full-size)
	comps  [2]Kind // components of a compound (full-size)
	letter byte    // position-string letter (upper case); unique within a game
}

// The table has 32 rows (a Kind has 5 bits) so that kinds[x.Kind()] needs
// no bounds check.
var kinds = [32]kindInfo{
	Pawn:     {name: "Pawn", move: movement{Pawn: true, PawnCap: pcLeft | pcRight}, pawn: true, letter: 'P'},
	Knight:   {name: "Knight", move: movement{Leap: lLeap}, simple: true, letter: 'N'},
	Bishop:   {name: "Bishop", move: movement{Diag: rSlide}, simple: true, letter: 'B'},
	Rook:     {name: "Rook", move: movement{Orth: rSlide}, simple: true, letter: 'R'},
	Queen:    {name: "Queen", move: movement{Orth: rSlide, Diag: rSlide}, comps: [2]Kind{Rook, Bishop}, letter: 'Q'},
	King:     {name: "King", move: movement{Orth: rStep, Diag: rStep}, royal: true, simple: true, letter: 'K'},
	Marshall: {name: "Marshall", move: movement{Orth: rSlide, Leap: lLeap}, comps: [2]Kind{Rook, Knight}, letter: 'M'},
	Paladin:  {name: "Paladin", move: movement{Diag: rSlide, Leap: lLeap}, comps: [2]Kind{Bishop, Knight}, letter: 'A'},
	Pope:     {name: "Pope", move: movement{Orth: rStep, Diag: rSlide}, royal: true, comps: [2]Kind{King, Bishop}, letter: 'O'},
	Dragon:   {name: "Dragon King", move: movement{Orth: rSlide, Diag: rStep}, royal: true, comps: [2]Kind{King, Rook}, letter: 'D'},
	Eques:    {name: "Eques Rex", move: movement{Orth: rStep, Diag: rStep, Leap: lLeap}, royal: true, comps: [2]Kind{King, Knight}, letter: 'E'},
	HRook:    {name: "Halfling Rook", move: movement{Orth: rHalfling}, bifold: true, letter: 'R'},
	HBishop:  {name: "Halfling Bishop", move: movement{Diag: rHalfling}, bifold: true, letter: 'B'},
	HQueen:   {name: "Halfling Queen", move: movement{Orth: rHalfling, Diag: rHalfling}, bifold: true, letter: 'Q'},
	Horse:    {name: "Horse", move: movement{Leap: lHorse}, bifold: true, letter: 'H'},
	Wazir:    {name: "Wazir", move: movement{Orth: rStep}, royal: true, bifold: true, letter: 'W'},
	Ferz:     {name: "Ferz", move: movement{Diag: rStep}, royal: true, bifold: true, letter: 'F'},
	LPawn:    {name: "Left Pawn", move: movement{Pawn: true, PawnCap: pcLeft}, bifold: true, pawn: true, letter: 'L'},
	DPawn:    {name: "Right Pawn", move: movement{Pawn: true, PawnCap: pcRight}, bifold: true, pawn: true, letter: 'D'},
	VPawn:    {name: "Weak Pawn", move: movement{Pawn: true, PawnCap: pcWeakLeft | pcWeakRight}, bifold: true, pawn: true, letter: 'V'},
}

// compoundOf names the compound of two simple kinds (fusion and
// assimilation); NoKind when the pair does not combine. The pairs are the
// components in the kinds table: that table is the one place they are named.
func compoundOf(a, b Kind) Kind { return compounds[a&31][b&31] }

// compounds[a][b] is the compound whose components are a and b (both orders).
var compounds = func() (t [32][32]Kind) {
	for k := range kinds {
		if c := kinds[k].comps; c[0] != NoKind {
			t[c[0]][c[1]], t[c[1]][c[0]] = Kind(k), Kind(k)
		}
	}
	return t
}()

// Name returns the English name of the kind.
func (k Kind) Name() string {
	if k < NumKinds {
		return kinds[k].name
	}
	return "?"
}

// Royal reports whether the kind is royal (K, O, D, E, W, F).
func (k Kind) Royal() bool { return k < NumKinds && kinds[k].royal }

// Bifold reports whether the kind is a half-size bifold piece.
func (k Kind) Bifold() bool { return k < NumKinds && kinds[k].bifold }

// IsPawn reports whether the kind is a pawn of any sort.
func (k Kind) IsPawn() bool { return k < NumKinds && kinds[k].pawn }

// Components returns the two components of a full-size compound, or (k, NoKind).
func (k Kind) Components() (Kind, Kind) {
	if k < NumKinds && kinds[k].comps[0] != NoKind {
		return kinds[k].comps[0], kinds[k].comps[1]
	}
	return k, NoKind
}
