// Package model holds the plain data types exchanged between the board renderer
// and its owner: position snapshots, legal move targets, move events and the
// intents the renderer reports back. It knows no chess rules and imports no
// graphics library, so it can be used (and tested) anywhere.
package model

import "strings"

// Piece is a position-string letter: uppercase White, lowercase Black, 0 = none.
//
// Full-size games (Bedlam, Assimilation): K Q R B N P, M = Marshall (R+N),
// A = Paladin (B+N), O = Pope (K+B), D = Dragon King (K+R), E = Eques Rex (K+N).
//
// Bifold games: P = normal full-size pawn; half-size bifold pieces R B Q
// (halfling rook/bishop/queen), H (Horse, a non-leaping knight), W (royal Wazir),
// F (royal Ferz), L, D (left/right-handed bifold pawns), V (weak bifold pawn).
//
// The letter alone is ambiguous (D, R, B, Q differ between the families), so
// Board.Bifold says which family.
type Piece byte

// None is the absent piece.
const None Piece = 0

// IsWhite reports whether p is a White piece (an uppercase letter).
func (p Piece) IsWhite() bool { return p >= 'A' && p <= 'Z' }

// IsBlack reports whether p is a Black piece (a lowercase letter).
func (p Piece) IsBlack() bool { return p >= 'a' && p <= 'z' }

// Color returns 0 for White, 1 for Black and -1 for None.
func (p Piece) Color() int {
	switch {
	case p.IsWhite():
		return 0
	case p.IsBlack():
		return 1
	}
	return -1
}

// Upper returns the White (uppercase) form of p.
func (p Piece) Upper() Piece {
	if p.IsBlack() {
		return p - 'a' + 'A'
	}
	return p
}

// Lower returns the Black (lowercase) form of p.
func (p Piece) Lower() Piece {
	if p.IsWhite() {
		return p - 'A' + 'a'
	}
	return p
}

// Flipped returns p with its colour swapped (used when a capture goes to hand).
func (p Piece) Flipped() Piece {
	if p.IsWhite() {
		return p.Lower()
	}
	return p.Upper()
}

// SameKind reports whether p and q are the same piece type, ignoring colour.
func (p Piece) SameKind(q Piece) bool { return p.Upper() == q.Upper() }

// String returns the letter, or "." for None.
func (p Piece) String() string {
	if p == None {
		return "."
	}
	return string(rune(p))
}

// Square is a board square: 0 = a1, 7 = h1, 56 = a8, 63 = h8; -1 = none or the hand.
type Square int

// NoSquare is the absent square (also used for "the hand").
const NoSquare Square = -1

// File returns 0..7 for files a..h.
func (s Square) File() int { return int(s) & 7 }

// Rank returns 0..7 for ranks 1..8.
func (s Square) Rank() int { return int(s) >> 3 }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < 64 }

// String returns the algebraic name ("e4"), or "-" for an invalid square.
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// Sq builds a square from a file and rank (both 0..7).
func Sq(file, rank int) Square { return Square(rank*8 + file) }

// ParseSquare parses "e4"; it returns NoSquare for anything else.
func ParseSquare(s string) Square {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare
	}
	return Sq(int(s[0]-'a'), int(s[1]-'1'))
}

// HandItem is one piece type in a hand with its count.
type HandItem struct {
	Piece Piece
	Count int
}

// Board is a snapshot of everything the board view shows.
type Board struct {
	// Cells holds slot 0 and slot 1 of every square. Full-size games use slot 0
	// only. Bifold games may hold two half-size tokens, slot 0 drawn left.
	Cells    [64][2]Piece
	Bifold   bool
	HasHands bool
	Hands    [2][]HandItem // [0] White, [1] Black, in display order
	Turn     int           // 0 White, 1 Black to move, NoTurn: the game is over
	Check    Square        // royal square in check, -1 none
	// LastFrom and LastTo are the last move's squares, -1 none; a drop has LastFrom -1.
	LastFrom, LastTo Square
}

// NoTurn, as Board.Turn, is a finished game: no side is to move (no hand is
// outlined).
const NoTurn = -1

// EmptyBoard returns a board with no pieces and no highlights.
func EmptyBoard() Board {
	return Board{Check: NoSquare, LastFrom: NoSquare, LastTo: NoSquare}
}

// Count returns how many pieces stand on sq (0, 1 or 2).
func (b *Board) Count(sq Square) int {
	if !sq.Valid() {
		return 0
	}
	n := 0
	for _, p := range b.Cells[sq] {
		if p != None {
			n++
		}
	}
	return n
}

// Lone reports whether sq holds exactly one piece in a bifold game, which is then
// drawn centred rather than in its slot.
func (b *Board) Lone(sq Square) bool { return b.Bifold && b.Count(sq) == 1 }

// HandCount returns the count of piece p (exact letter) in the hand of color.
func (b *Board) HandCount(color int, p Piece) int {
	if color < 0 || color > 1 {
		return 0
	}
	for _, h := range b.Hands[color] {
		if h.Piece == p {
			return h.Count
		}
	}
	return 0
}

// HandIndex returns the display index of p in the hand of color, or -1.
func (b *Board) HandIndex(color int, p Piece) int {
	if color < 0 || color > 1 {
		return -1
	}
	for i, h := range b.Hands[color] {
		if h.Piece.SameKind(p) {
			return i
		}
	}
	return -1
}

// ParseBoard reads the board and hand fields of a position string (see
// docs/RULES.md, "Position strings") into a Board. It is a convenience for
// demos and tests; the rules engine remains the authority. Only the first
// field (with its optional [hand]) and the side to move are read.
func ParseBoard(pos string, bifold bool) (Board, bool) {
	b := EmptyBoard()
	b.Bifold = bifold
	fields := strings.Fields(pos)
	if len(fields) == 0 {
		return b, false
	}
	bs := fields[0]
	if i := strings.IndexByte(bs, '['); i >= 0 {
		b.HasHands = true
		j := strings.IndexByte(bs, ']')
		if j < i {
			return b, false
		}
		for _, c := range []byte(bs[i+1 : j]) {
			p := Piece(c)
			col := p.Color()
			if col < 0 {
				return b, false
			}
			found := false
			for k := range b.Hands[col] {
				if b.Hands[col][k].Piece == p {
					b.Hands[col][k].Count++
					found = true
				}
			}
			if !found {
				b.Hands[col] = append(b.Hands[col], HandItem{p, 1})
			}
		}
		bs = bs[:i]
	}
	rank, file := 7, 0
	for i := 0; i < len(bs); i++ {
		c := bs[i]
		switch {
		case c == '/':
			rank--
			file = 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
		case c == '(':
			if i+3 >= len(bs) || bs[i+3] != ')' || file > 7 || rank < 0 {
				return b, false
			}
			b.Cells[Sq(file, rank)] = [2]Piece{Piece(bs[i+1]), Piece(bs[i+2])}
			i += 3
			file++
		default:
			if file > 7 || rank < 0 || Piece(c).Color() < 0 {
				return b, false
			}
			b.Cells[Sq(file, rank)][0] = Piece(c)
			file++
		}
	}
	if len(fields) > 1 && fields[1] == "b" {
		b.Turn = 1
	}
	return b, rank == 0
}

// MoveKind classifies a move for highlighting and animation. The kinds are
// the rules engine's (game.MoveKind), in its order, so that a move's kind
// reaches the board unchanged (play.Event converts it by value; a test
// there checks that the names agree).
type MoveKind int

// The move kinds.
const (
	Quiet   MoveKind = iota // a plain move to an empty square
	Capture                 // takes an enemy piece
	Merge                   // fusion or assimilation: two pieces become one compound
	Split                   // a component moves away from its compound
	Join                    // a bifold piece joins a square holding one piece
	Leave                   // one bifold piece of a pair moves away alone
	Drop                    // a piece from the hand is put on the board
	Promote                 // pawn promotion or Bedlam metamorphosis
	Castle                  // castling
)

var kindNames = [...]string{"quiet", "capture", "merge", "split", "join", "leave", "drop", "promote", "castle"}

// String returns a lower-case name of the kind.
func (k MoveKind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Target is one legal move as the board sees it.
type Target struct {
	From Square // -1 for a drop
	Drop Piece  // the hand piece for a drop (either case)
	// Slot: for a bifold square with two friendly pieces, 0 or 1 = that piece
	// moves alone, 2 = both as a unit; otherwise 0.
	Slot  int
	To    Square
	Move  string   // canonical move string, e.g. "e2e4", "d1e2/b", "N@e4", "e7e8q"
	Kind  MoveKind // see MoveKind
	Label string   // short text for a choice, e.g. "Queen", "Bishop splits", "Unit", "Take R"
	Icon  [2]Piece // what to draw on the choice token (e.g. the resulting piece); Icon[1] for a pair
	// Premove marks a move that is queued, not played: the player's move
	// chosen while the computer thinks (played when its reply lands, if it
	// is legal then).
	Premove bool
	// Becomes is what the mover turns into by the move without the player
	// choosing it (a Bedlam compound demoted by its capture, an Assimilation
	// capturer that absorbs its victim); None when it stays what it is. The
	// board shows it at the destination before the move.
	Becomes Piece
}

// Change is one piece vanishing from or appearing on a square or a hand.
type Change struct {
	Appear    bool
	Square    Square // -1 = the hand of HandColor
	HandColor int
	Slot      int
	Piece     Piece
}

// Event describes a move that was just made, from the rules engine's
// vanish/appear description.
type Event struct {
	Kind MoveKind
	// Changes lists vanishes first, then appears. A merge is two vanishes and one
	// appear on the target; a split one vanish and two appears; a capture into
	// hand is a vanish on the board and an appear in the captor's hand with the
	// other colour.
	Changes  []Change
	From, To Square
}

// IntentKind says what the player asked for on the board.
type IntentKind int

// The intents reported by the renderer. Everything else the player asks for
// (new game, undo, viewing a move, flipping) comes from the page's controls.
const (
	IntentMove     IntentKind = iota // play Intent.Move
	IntentDescribe                   // name the piece on Intent.Square (slot Intent.Slot) and mark what it covers
	IntentClear                      // a press on the board that selects nothing: drop a queued premove, the drawn arrows
	IntentDraw                       // a right-drag drew Intent.Drawn (an arrow, or a circle when From == To)
	// The position editor's board (Style.Edit): a tap on Intent.Square, and
	// the piece of Square (slot Slot) dragged onto To, or onto the hand of
	// colour Hand (To NoSquare), or off the board (To NoSquare, Hand -1).
	IntentEditTap
	IntentEditDrag
)

// Intent is one request from the player to the renderer's owner.
type Intent struct {
	Kind   IntentKind
	Move   string // IntentMove
	Square Square // IntentDescribe: the square pointed at
	// Slot is, for IntentDescribe on a bifold square holding two pieces, the
	// one pointed at (0 left, 1 right); otherwise 0.
	Slot int
	// Drawn is IntentDraw's arrow or circle.
	Drawn Shape
	To    Square // IntentEditDrag: where the piece was dropped, NoSquare off the board
	Hand  int    // IntentEditDrag: the hand it was dropped on (0 White, 1 Black), -1 none
}

// A Shape is an arrow or a circle the player drew on the board with a
// right-drag (a circle: a right-click, From == To), in one of the Brushes.
type Shape struct {
	From, To Square
	Brush    Brush
}

// Brush is a drawn shape's colour: a right-drag alone is green, with Shift
// red, with Alt (Option) blue, with both yellow, as on lichess.
type Brush int

// The brushes.
const (
	BrushGreen Brush = iota
	BrushRed
	BrushBlue
	BrushYellow
)

// BrushFor is the brush of a right-drag with the Shift and Alt keys held as given.
func BrushFor(shift, alt bool) Brush {
	switch {
	case shift && alt:
		return BrushYellow
	case shift:
		return BrushRed
	case alt:
		return BrushBlue
	}
	return BrushGreen
}

// MarkKind says what a marked square means.
type MarkKind int

// The marks. The board draws each kind its own way; none hides a piece.
const (
	MarkMove    MarkKind = iota // the described piece can move here: a dot, a ring on an occupied square
	MarkCover                   // the described piece attacks (or defends) this square but cannot move there
	MarkDanger                  // a piece of the player's stands attacked here (hints)
	MarkThreat                  // the opponent threatens this square (e.g. the royal path rule)
	MarkFocus                   // a square the text is talking about
	MarkPremove                 // a square of the premove queued while the computer thinks
)

var markNames = [...]string{"move", "cover", "danger", "threat", "focus", "premove"}

// String returns a lower-case name of the kind.
func (k MarkKind) String() string {
	if k >= 0 && int(k) < len(markNames) {
		return markNames[k]
	}
	return "unknown"
}

// Mark is one marked square.
type Mark struct {
	Square Square
	Kind   MarkKind
}

// Arrow points from a square (or, for a drop, from the piece in its
// colour's hand) to a square: a suggested move.
type Arrow struct {
	From Square // NoSquare for a drop
	Drop Piece  // the dropped piece (its colour gives the hand) when From is NoSquare
	To   Square
	// Rank is the arrow's place among an analysis's lines: 0 the best (or
	// a hint's arrow), 1 the second best, ...: each drawn thinner and
	// fainter than the one before.
	Rank int
	// Threat draws the arrow in the threat's colour (what the side not to
	// move threatens).
	Threat bool
}

// Overlay is what the board draws over a position besides the selection:
// marked squares and arrows. Setting a position clears it.
type Overlay struct {
	Marks  []Mark
	Arrows []Arrow
	Shapes []Shape // drawn by the player (right-drag)
}

// Style holds the player's display settings for the board.
type Style struct {
	// AnimSpeed multiplies the speed of the move animations: 1 normal, 2
	// fast, 0.6 slow; 0 shows moves without animation.
	AnimSpeed float64
	Dots      bool // mark the legal destinations of the selected piece
	Coords    bool // file letters and rank numbers on the board's edge
	// TapDescribes makes a tap or a click on a piece describe it
	// (IntentDescribe) instead of selecting it: a diagram, for reading.
	TapDescribes bool
	// Theme is the page's colours ("dark", "light") and Board the squares'
	// ("brown", "green", "blue"): render.PaletteFor.
	Theme, Board string
	// Edit is the position editor's board: a tap or a drag is reported as
	// IntentEditTap or IntentEditDrag (input.Machine.EditPress), any piece
	// may be dragged, and nothing is described.
	Edit bool
}

// PageThemes and BoardThemes are the themes of Style (the page's own
// colours in web/app.css follow the same names).
var (
	PageThemes  = []string{"dark", "light"}
	BoardThemes = []string{"brown", "green", "blue"}
)

// DefaultStyle is the board's style until the player changes it.
var DefaultStyle = Style{AnimSpeed: 1, Dots: true, Coords: true}
