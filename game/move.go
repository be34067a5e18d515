package game

// Move is a move packed in 32 bits: from and to squares, the piece that moves
// alone (a split or one bifold piece leaving its pair), the enemy piece chosen
// for capture (Bifold Halfgi), the piece the mover becomes (promotion,
// metamorphosis), and flags. A drop keeps the dropped kind in the Part field.
type Move uint32

// NoMove is the zero move.
const NoMove Move = 0

const (
	flagDrop    = 1 << 27
	flagEP      = 1 << 28
	flagCastle  = 1 << 29
	flagDouble  = 1 << 30
	flagCapture = 1 << 31
)

func mkMove(from, to int, part, capt, promo Kind, flags uint32) Move {
	return Move(uint32(from) | uint32(to)<<6 | uint32(part)<<12 | uint32(capt)<<17 | uint32(promo)<<22 | flags)
}

// From returns the origin square (meaningless for drops).
func (m Move) From() int { return int(m & 63) }

// To returns the destination square.
func (m Move) To() int { return int(m >> 6 & 63) }

// Part returns the kind that moves alone (split or leaving a pair), or the
// dropped kind for a drop; NoKind when the whole content moves.
func (m Move) Part() Kind { return Kind(m >> 12 & 31) }

// Capt returns the enemy piece kind chosen for capture in Bifold Halfgi, or NoKind.
func (m Move) Capt() Kind { return Kind(m >> 17 & 31) }

// Promo returns the kind the mover becomes, or NoKind.
func (m Move) Promo() Kind { return Kind(m >> 22 & 31) }

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
