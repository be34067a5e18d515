package learn

// Claims are what a text says a move does, in a form the checker replays
// with the engine (package game). Every field is optional; a field that is
// set must be true of the move. Piece kinds are written as the rule set's
// position-string letters in upper case ("N", "M"; Bifold "R" is the
// halfling rook). README.md describes every field.
type Claims struct {
	// After is the state once the move is made: "check", "checkmate",
	// "stalemate", "ongoing" (the game goes on, no check), "royals captured"
	// (Bifold: the last enemy royal is gone), "no legal move" (Bifold's
	// draw), "threefold repetition", "50-move rule" or "bare kings".
	After string `json:"after,omitempty"`
	// InCheck: the side moving is in check before the move.
	InCheck bool `json:"inCheck,omitempty"`

	Captures []string `json:"captures,omitempty"` // the enemy pieces the move removes from the board (any order)
	// CaptureCount is how many enemy pieces it removes from the board
	// (where the kind depends on a choice: "one of the two").
	CaptureCount int      `json:"captureCount,omitempty"`
	NoCapture    bool     `json:"noCapture,omitempty"` // the move captures nothing
	ToHand       []string `json:"toHand,omitempty"`    // the pieces that arrive in the mover's hand
	// NoneToHand: nothing arrives in any hand (the captured pieces leave the game or are absorbed).
	NoneToHand bool `json:"noneToHand,omitempty"`
	// Gone are the pieces that leave the game: captured pieces that go to no
	// hand and are not absorbed, and the part a demoted compound loses.
	Gone []string `json:"gone,omitempty"`

	Fuses         string `json:"fuses,omitempty"`         // a fusion of two friendly pieces into this compound (Bedlam)
	Assimilates   string `json:"assimilates,omitempty"`   // a capture that absorbs the captured piece: the captor becomes this (Assimilation)
	Split         *Split `json:"split,omitempty"`         // a compound splits
	Demotes       string `json:"demotes,omitempty"`       // a compound captures and becomes this piece (Bedlam)
	Metamorphosis string `json:"metamorphosis,omitempty"` // a simple piece turns into this as it moves (Bedlam)
	Promotes      string `json:"promotes,omitempty"`      // a pawn (or a pair of pawns) becomes this
	Drop          string `json:"drop,omitempty"`          // the move drops this piece from the hand
	Castles       string `json:"castles,omitempty"`       // "O-O" or "O-O-O"
	EnPassant     bool   `json:"enPassant,omitempty"`     // an en-passant capture
	// Is is what stands on the destination square afterwards, the mover's
	// side's pieces: "Q", or in Bifold "QR" (a unit, in any order).
	Is string `json:"is,omitempty"`
	// Unit (Bifold): "forms" (a piece joins a friendly piece, or is dropped
	// onto one: a unit), "moves" (the two pieces of a square move
	// together) or "leaves" (one piece of a pair moves alone).
	Unit string `json:"unit,omitempty"`
	// Shares (Bifold): the mover ends on a square with this enemy piece,
	// capturing nothing.
	Shares string `json:"shares,omitempty"`

	// IntoThreat: the mover ends on a square the enemy attacks (Bifold:
	// threatens), which is legal where there is no check.
	IntoThreat bool `json:"intoThreat,omitempty"`

	// Attacks are squares the moved piece covers (attacks or defends; in
	// Bifold threatens) once it stands on its destination; NotAttacks
	// squares it does not.
	Attacks    []string `json:"attacks,omitempty"`
	NotAttacks []string `json:"notAttacks,omitempty"`

	// May and MayNot are other moves, in the position before this move,
	// that are and are not legal (the alternatives a caption compares with).
	May    []string `json:"may,omitempty"`
	MayNot []string `json:"mayNot,omitempty"`

	Notation string `json:"notation,omitempty"` // the move as the move list writes it
	Reply    *Reply `json:"reply,omitempty"`    // a legal reply and what it does
}

// Split is what a split leaves: the part that moves and the part that
// stays.
type Split struct {
	Moves string `json:"moves"`
	Stays string `json:"stays"`
}

// Reply is the opponent's answer to a move: legal in the position after
// it, with what it does.
type Reply struct {
	Move   string  `json:"move"`
	Only   bool    `json:"only,omitempty"` // it is the only legal move
	Claims *Claims `json:"claims,omitempty"`
}

// Fact is a claim about a position that a text relies on: after the moves
// Moves (each legal), the moves of May are legal and those of MayNot are
// not, and Move (when set) does what Claims say.
type Fact struct {
	Says     string   `json:"says,omitempty"`     // the words it backs, for the reader of the data file
	Variant  string   `json:"variant,omitempty"`  // its rule set; "" for the section's (a legend entry's: each rule set it is shown in)
	Position string   `json:"position,omitempty"` // position string; "" for the section's start (an exercise's: its start)
	Moves    []string `json:"moves,omitempty"`    // moves made first
	May      []string `json:"may,omitempty"`
	MayNot   []string `json:"mayNot,omitempty"`
	Move     string   `json:"move,omitempty"`
	Claims   *Claims  `json:"claims,omitempty"`
	// About names topics (topics.go) that May and MayNot show and that no
	// claim of a move can state: "castling" for a castling that is not
	// legal, "check" for a king that may not step into check. Allowed only
	// with May or MayNot.
	About []string `json:"about,omitempty"`
}

// After states.
const (
	AfterCheck      = "check"
	AfterCheckmate  = "checkmate"
	AfterStalemate  = "stalemate"
	AfterOngoing    = "ongoing"
	AfterRoyals     = "royals captured"
	AfterNoMove     = "no legal move"
	AfterRepetition = "threefold repetition"
	AfterFifty      = "50-move rule"
	AfterBareKings  = "bare kings"
)
