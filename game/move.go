package game

// Move is a move packed in 32 bits: from and to squares, the piece that moves
// alone (a split or one bifold piece leaving its pair), the enemy piece chosen
// for capture (Bifold Halfgi), the piece the mover becomes (promotion,
// metamorphosis), and flags. A drop keeps the dropped kind in the Part field.
type Move uint32

// NoMove is the zero move.
const NoMove Move = 0

// The layout of a Move: bits 0-5 the origin, 6-11 the destination, then
// three kinds of 5 bits (Part, Capt, Promo) and five flags. The generators
// and Make build and test moves through the names below (each one inlined:
// no cost over the raw shifts).
const (
	toShift    = 6
	partShift  = 12
	captShift  = 17
	promoShift = 22
	partMask   = 31 << partShift
	promoMask  = 31 << promoShift

	flagDrop    = 1 << 27
	flagEP      = 1 << 28
	flagCastle  = 1 << 29
	flagDouble  = 1 << 30
	flagCapture = 1 << 31
)

func mkMove(from, to int, part, capt, promo Kind, flags uint32) Move {
	return fromTo(from, to) | partBits(part) | captBits(capt) | promoBits(promo) | Move(flags)
}

// fromTo is a move's squares (a drop has from == to).
func fromTo(from, to int) Move { return Move(from) | Move(to)<<toShift }

// toBits is a move's destination square.
func toBits(to int) Move { return Move(to) << toShift }

// partBits, captBits and promoBits are a move's Part, Capt and Promo fields.
func partBits(k Kind) Move  { return Move(k) << partShift }
func captBits(k Kind) Move  { return Move(k) << captShift }
func promoBits(k Kind) Move { return Move(k) << promoShift }

// captureIf, doubleIf and epIf are the capture, double-step and en-passant
// flags when square t is in set (no flag otherwise): branch-free flags for
// the generators' loops.
func captureIf(set uint64, t uint) Move { return Move(set>>(t&63)&1) << 31 }
func doubleIf(set uint64, t uint) Move  { return Move(set>>(t&63)&1) << 30 }
func epIf(set uint64, t uint) Move      { return Move(set>>(t&63)&1) << 28 }

// From returns the origin square (for a drop, the destination).
func (m Move) From() int { return int(m & 63) }

// To returns the destination square.
func (m Move) To() int { return int(m >> toShift & 63) }

// Part returns the kind that moves alone (split or leaving a pair), or the
// dropped kind for a drop; NoKind when the whole content moves.
func (m Move) Part() Kind { return Kind(m >> partShift & 31) }

// Capt returns the enemy piece kind chosen for capture in Bifold Halfgi, or NoKind.
func (m Move) Capt() Kind { return Kind(m >> captShift & 31) }

// Promo returns the kind the mover becomes, or NoKind.
func (m Move) Promo() Kind { return Kind(m >> promoShift & 31) }

// double is 1 for a pawn's double step, else 0.
func (m Move) double() int { return int(m >> 30 & 1) }

// IsDrop reports whether the move drops a piece from the hand.
func (m Move) IsDrop() bool { return m&flagDrop != 0 }

// IsEnPassant reports an en-passant capture.
func (m Move) IsEnPassant() bool { return m&flagEP != 0 }

// IsCastle reports castling.
func (m Move) IsCastle() bool { return m&flagCastle != 0 }

// IsDouble reports a pawn double step.
func (m Move) IsDouble() bool { return m&flagDouble != 0 }

// IsCapture reports whether the move captures something.
func (m Move) IsCapture() bool { return m&flagCapture != 0 }

// MaxMoves bounds the number of legal moves in any position of any rule set.
const MaxMoves = 1024

// MoveList is a fixed-size list of moves, so generation does not allocate.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

func (l *MoveList) add(m Move) {
	if l.N < MaxMoves {
		l.Moves[l.N] = m
		l.N++
	}
}

// Slice returns the moves in the list.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

// directions: 0-3 orthogonal (N, E, S, W), 4-7 diagonal (NE, SE, SW, NW).
var (
	dirFile = [8]int{0, 1, 0, -1, 1, 1, -1, -1}
	dirRank = [8]int{1, 0, -1, 0, 1, -1, -1, 1}
)
