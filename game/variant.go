package game

import (
	"sort"
)

// Variant describes a game (a rule set): every fact that differs between the
// games is a field here, declared once in the variants list below and read
// by the shared generators, Make, the parsers, the evaluation (Values) and
// the page (Name, ShortName, Description). The switches name the rules of
// docs/RULES.md; the derived tables (unexported) are built by newVariant.
// There is one Variant value per id; treat it as read-only.
type Variant struct {
	ID          string // "bedlam", "assimilation", "bifold-halfgi", ...: URLs, the API, tools
	Name        string // the one spelling for people: "Bifold Halfgi · weak pawns"
	ShortName   string // where room is short (a new-game button): "Bifold · weak pawns"
	Description string // one line for a new-game dialog
	Hidden      bool   // not offered to players (chess checks the rules engine)

	Bifold       bool // squares hold up to two half-size pieces (Bifold Halfgi family)
	Check        bool // the royal may not be left attacked; checkmate wins
	Fusion       bool // Bedlam rule 4: a simple piece moves onto a friendly one and they become their compound (kinds' components)
	Split        bool // compounds may split (fission)
	Demotion     bool // Bedlam rule 3: a compound that captures becomes the component it moved as (a royal one its royal)
	Assimilation bool // Assimilation rule 1: a simple piece that captures another simple kind becomes their compound
	FiftyMove    bool // 100 plies without capture or pawn move draws
	BareKings    bool // K against K draws

	// Pieces are the kinds of this game; their letters are the kinds
	// table's. In bifold games this is also the order of two pieces on one
	// square (canonical cells: White first, then this order).
	Pieces []Kind
	// Hand lists the kinds that can be in hand, in display order; none
	// means the game has no drops.
	Hand []Kind
	// Promotions are what a pawn may become on its last rank.
	Promotions []Kind
	// Metamorphosis maps the kinds that may change as they move while
	// attacked to what they become (Bedlam rule 2).
	Metamorphosis map[Kind]Kind
	// Castling is the castling geometry, nil without castling.
	Castling *Castling
	// Values are the piece values in centipawns that the evaluation
	// starts from (package ai adds its positional terms).
	Values map[Kind]int
	// HandBonus is how much more, in percent, the evaluation values a
	// piece in hand than one on the board (games with drops).
	HandBonus int
	// Structure has the evaluation weigh pawn structure, mobility and
	// king safety (ai/structure.go), where the arena showed it helps.
	Structure bool
	Start     string // the start position string

	Drops bool // derived: Hand is not empty

	letterKind [128]Kind
	pieceSet   uint32              // bit k for each kind of Pieces
	slotOrder  [NumKinds]int       // canonical order inside a bifold square
	value      [NumKinds]int       // Values as an array
	meta       [32]Kind            // Metamorphosis as a table (32 rows: no bounds checks)
	demote     [32][numShapes]Kind // by kind and the move's shape: what a compound becomes by capturing
	castle     [4]castleRight      // by right: castleWK, WQ, BK, BQ as bit indexes
	castleMask [64]uint8           // the rights lost by a move from or to each square
	fullPieces Piece               // a mask keeping every piece in full-size games, none in bifold ones
	cellCls    *[4096]uint8        // the Position.cls bits of a cell (pieces x0 | x1<<6): attackFlags or cellClass
	special    [32]uint8           // by Kind (32 rows: no bounds checks): what a full-size kind does here besides plain moves (sp* flags)
}

// Castling describes castling on White's first rank (Black's mirrors it on
// the eighth): what stands on the royal's and the rook's start squares, the
// royal's file and, for each side, the rook's file and where both land.
// The squares between royal and rook must be empty, and the royal's start,
// crossed and destination squares unattacked (Bifold: unthreatened).
type Castling struct {
	Royal, Rook Cell // White's pieces on the start squares
	RoyalFile   int
	Sides       [2]CastleSide // king side (toward h), queen side
}

// CastleSide is one side's castling: the rook's start file, the royal's and
// the rook's destination files.
type CastleSide struct {
	RookFile, RoyalTo, RookTo int
}

// castleRight is one castling right worked out on the board.
type castleRight struct {
	royal, rook      Cell   // what stands on the start squares
	from, to         int    // the royal's squares
	rookFrom, rookTo int    // the rook's squares
	empty, path      uint64 // must be empty; must not be attacked (the royal's start to destination)
	bit              uint8  // the right's bit in Position.castle
	kingSide         bool
}

// Flags of Variant.special: the full-size generator's work beyond plain
// moves, per kind, so that it tests bits instead of rules.
const (
	spRoyal = 1 << iota // royal: goes only to unattacked squares
	spMeta              // metamorphosis when attacked (Bedlam rule 2)
	spSplit             // a compound that may split (fission)
	spFuseN             // may fuse onto a friendly Knight (Bedlam rule 4)
	spFuseB             // onto a Bishop
	spFuseR             // onto a Rook
)

// The castling rights, bits of Position.castle (KQkq).
const (
	castleWK = 1
	castleWQ = 2
	castleBK = 4
	castleBQ = 8
)

// The shapes of a move from one square to another, for demotion.
const (
	shapeOrth = iota // along a rank or file
	shapeDiag        // along a diagonal
	shapeLeap        // a knight's leap
	numShapes
)

// moveShape returns the shape of a move from one square to another (a
// move that is neither a line nor a leap counts as diagonal).
func moveShape(from, to int) int {
	switch {
	case knightBB[from&63]>>uint(to&63)&1 != 0:
		return shapeLeap
	case orthLines[from&63]>>uint(to&63)&1 != 0:
		return shapeOrth
	}
	return shapeDiag
}

func newVariant(v Variant) *Variant {
	nv := v
	nv.Drops = len(v.Hand) > 0
	nv.cellCls = cellClass
	if !v.Bifold {
		nv.fullPieces = 63
		nv.cellCls = fullCellClass
	}
	for i, k := range v.Pieces {
		nv.pieceSet |= 1 << k
		l := kinds[k].letter
		nv.letterKind[l] = k
		nv.letterKind[l+'a'-'A'] = k
		nv.slotOrder[k] = i + 1
	}
	for k, x := range v.Values {
		nv.value[k] = x
	}
	for k, to := range v.Metamorphosis {
		nv.meta[k] = to
	}
	for k := Kind(1); k < NumKinds; k++ {
		info := &kinds[k]
		if v.Demotion && info.comps[0] != NoKind {
			for sh := range numShapes {
				nv.demote[k][sh] = demotion(k, sh)
			}
		}
		var f uint8
		if info.royal {
			f |= spRoyal
		}
		if nv.meta[k] != NoKind {
			f |= spMeta
		}
		if v.Split && info.comps[0] != NoKind {
			f |= spSplit
		}
		if v.Fusion && info.simple {
			for i, y := range [3]Kind{Knight, Bishop, Rook} {
				if y != k && compoundOf(k, y) != NoKind {
					f |= spFuseN << i
				}
			}
		}
		nv.special[k] = f
	}
	if c := v.Castling; c != nil {
		for i := range 4 {
			side, black := c.Sides[i&1], i>>1
			base := 56 * black
			r := castleRight{
				from: base + c.RoyalFile, to: base + side.RoyalTo,
				rookFrom: base + side.RookFile, rookTo: base + side.RookTo,
				bit: 1 << i, kingSide: i&1 == 0,
			}
			for j := range 2 {
				if c.Royal[j] != NoPiece {
					r.royal[j] = MakePiece(Color(black), c.Royal[j].Kind())
				}
				if c.Rook[j] != NoPiece {
					r.rook[j] = MakePiece(Color(black), c.Rook[j].Kind())
				}
			}
			span := func(a, b int) (m uint64) { // the squares from a to b, both included
				for s := min(a, b); s <= max(a, b); s++ {
					m |= 1 << uint(s)
				}
				return m
			}
			r.empty = (span(r.from, r.rookFrom) | span(r.to, r.rookTo)) &^ (1<<uint(r.from) | 1<<uint(r.rookFrom))
			r.path = span(r.from, r.to)
			nv.castle[i] = r
			nv.castleMask[r.from] |= r.bit
			nv.castleMask[r.rookFrom] |= r.bit
		}
	}
	return &nv
}

// demotion returns what compound k becomes when it captures by a move of
// the given shape: the component that moves that way (its royal component
// for a royal compound).
func demotion(k Kind, shape int) Kind {
	a, b := kinds[k].comps[0], kinds[k].comps[1]
	if kinds[k].royal {
		if kinds[a].royal {
			return a
		}
		return b
	}
	if has := func(x Kind) bool {
		m := kinds[x].move
		return [numShapes]bool{m.Orth != rNone, m.Diag != rNone, m.Leap != lNone}[shape]
	}; !has(a) {
		return b
	}
	return a
}

// allows reports whether kind k can appear in this rule set.
func (v *Variant) allows(k Kind) bool { return k < NumKinds && v.pieceSet>>k&1 != 0 }

// Letter returns the upper-case position-string letter of kind k in this
// rule set (0 for a kind it does not have).
func (v *Variant) Letter(k Kind) byte {
	if !v.allows(k) {
		return 0
	}
	return kinds[k].letter
}

// KindOf returns the kind for a position-string letter (either case), or NoKind.
func (v *Variant) KindOf(l byte) Kind {
	if l >= 128 {
		return NoKind
	}
	return v.letterKind[l]
}

// PieceLetter returns the letter of piece p: upper case for White.
func (v *Variant) PieceLetter(p Piece) byte {
	l := v.Letter(p.Kind())
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// HandOrder returns the kinds that can be in hand, in display order.
func (v *Variant) HandOrder() []Kind { return v.Hand }

// Value returns the value of kind k in centipawns that the evaluation
// starts from (Values).
func (v *Variant) Value(k Kind) int {
	if k >= NumKinds {
		return 0
	}
	return v.value[k]
}

// castleRightTo returns the castling right whose royal lands on square to.
func (v *Variant) castleRightTo(to int) *castleRight {
	for i := range v.castle {
		if v.castle[i].to == to {
			return &v.castle[i]
		}
	}
	return &v.castle[0]
}

// The pieces of the full-size games and of the Bifold Halfgi family (whose
// order is the canonical order of two pieces on a square; each game adds its
// pawns).
var (
	chessPieces  = []Kind{King, Queen, Rook, Bishop, Knight, Pawn}
	fusionPieces = []Kind{King, Queen, Rook, Bishop, Knight, Pawn, Marshall, Paladin, Pope, Dragon, Eques}
	bifoldPieces = []Kind{Wazir, Ferz, HQueen, HRook, HBishop, Horse}
	fullHand     = []Kind{Queen, Marshall, Paladin, Rook, Bishop, Knight, Pawn}
	bifoldHand   = []Kind{HQueen, HRook, HBishop, Horse}
)

// Castling in chess and Assimilation, and in the Bifold Halfgi family (the
// (WF) unit toward an (RR) unit).
var (
	fideCastling = &Castling{
		Royal: Cell{MakePiece(White, King)}, Rook: Cell{MakePiece(White, Rook)}, RoyalFile: 4,
		Sides: [2]CastleSide{{RookFile: 7, RoyalTo: 6, RookTo: 5}, {RookFile: 0, RoyalTo: 2, RookTo: 3}},
	}
	bifoldCastling = &Castling{
		Royal: Cell{MakePiece(White, Wazir), MakePiece(White, Ferz)}, Rook: Cell{MakePiece(White, HRook), MakePiece(White, HRook)}, RoyalFile: 4,
		Sides: fideCastling.Sides,
	}
)

// Piece values (centipawns) that the evaluation starts from.
//
//   - Bedlam: a lone N, B or R that is attacked may turn into a Q, A or M on its
//     next quiet move (metamorphosis), so the simple pieces are worth a little
//     more than in chess, and compounds a little less (they demote when they
//     capture). A royal compound (O, D, E) is a King carrying a piece that it
//     can split off at will: worth most of that piece.
//   - Assimilation (and chess): chess values; a simple piece grows by
//     capturing, which the search sees; compounds never demote, so they keep
//     their full value.
//   - Bifold Halfgi: a halfling's range is about half a full piece's, and two
//     of one type on a square (a unit) slide without limit (the evaluation's
//     unit bonus adds what the pair gains). Each royal (W, F) is scored like a
//     strong piece: losing one is a heavy blow but not the game.
var (
	bedlamValues = map[Kind]int{Pawn: 100, Knight: 340, Bishop: 350, Rook: 500, Queen: 860,
		Marshall: 820, Paladin: 670, Pope: 280, Dragon: 420, Eques: 270}
	chessValues = map[Kind]int{Pawn: 100, Knight: 320, Bishop: 330, Rook: 500, Queen: 950,
		Marshall: 880, Paladin: 700, Pope: 300, Dragon: 450, Eques: 280}
	bifoldValues = map[Kind]int{Pawn: 100, HRook: 260, HBishop: 180, HQueen: 440, Horse: 160,
		Wazir: 900, Ferz: 900, LPawn: 65, DPawn: 65, VPawn: 55}
	// Fitted by the tuner (ai/tune_test.go) for bifold-halfgi, with no
	// bonus for a piece in hand: 61.4% in 400 games at 20,000 nodes a move
	// against bifoldValues; bifold-halfgi-weak with them: 60.0% in 200
	// (its own fit lost, 43.8%). ai/README.md, "Strength".
	bifoldTunedValues = map[Kind]int{Pawn: 100, HRook: 192, HBishop: 202, HQueen: 382, Horse: 96,
		Wazir: 1350, Ferz: 1276, LPawn: 65, DPawn: 65, VPawn: 55}
)

const (
	fullStart   = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	bifoldBack  = "(RR)(HH)(BB)(QQ)(WF)(BB)(HH)(RR)"
	bifoldBlack = "(rr)(hh)(bb)(qq)(wf)(bb)(hh)(rr)"
)

// variants are every game, in the order the page offers them (hidden ones last).
var variants = []*Variant{
	newVariant(Variant{ID: "bedlam", Name: "Bedlam", ShortName: "Bedlam",
		Description: "Pieces fuse into compounds and split again, threatened pieces change, captured pieces return as drops.",
		Check:       true, Fusion: true, Split: true, Demotion: true,
		Pieces: fusionPieces, Hand: fullHand, Promotions: []Kind{Rook, Bishop, Knight},
		Metamorphosis: map[Kind]Kind{Knight: Queen, Bishop: Paladin, Rook: Marshall},
		Values:        bedlamValues, HandBonus: 10, Start: fullStart + "[] w - - 0 1"}),
	newVariant(Variant{ID: "assimilation", Name: "Assimilation Chess", ShortName: "Assimilation",
		Description: "A piece that captures takes on the powers of what it captured.",
		Check:       true, Split: true, Assimilation: true, FiftyMove: true, BareKings: true,
		Pieces: fusionPieces, Promotions: []Kind{Rook, Bishop, Knight}, Castling: fideCastling,
		Values: chessValues, Structure: true, Start: fullStart + " w KQkq - 0 1"}),
	newVariant(Variant{ID: "bifold-halfgi", Name: "Bifold Halfgi", ShortName: "Bifold Halfgi",
		Description: "Half-size pieces share squares and move in pairs or alone; captured pieces return as drops.",
		Bifold:      true, Pieces: append(bifoldPieces[:len(bifoldPieces):len(bifoldPieces)], Pawn),
		Hand: append(bifoldHand[:len(bifoldHand):len(bifoldHand)], Pawn), Promotions: bifoldHand, Castling: bifoldCastling,
		Values: bifoldTunedValues, Start: bifoldBlack + "/pppppppp/8/8/8/8/PPPPPPPP/" + bifoldBack + "[] w KQkq - 0 1"}),
	newVariant(Variant{ID: "bifold-halfgi-pawns", Name: "Bifold Halfgi · bifold pawns", ShortName: "Bifold · bifold pawns",
		Description: "Bifold Halfgi with half-size pawns in pairs, each capturing to one side only.",
		Bifold:      true, Pieces: append(bifoldPieces[:len(bifoldPieces):len(bifoldPieces)], LPawn, DPawn),
		Hand: append(bifoldHand[:len(bifoldHand):len(bifoldHand)], LPawn, DPawn), Promotions: bifoldHand, Castling: bifoldCastling,
		Values: bifoldValues, HandBonus: 10,
		Start: bifoldBlack + "/(ld)(ld)(ld)(ld)(ld)(ld)(ld)(ld)/8/8/8/8/(LD)(LD)(LD)(LD)(LD)(LD)(LD)(LD)/" + bifoldBack + "[] w KQkq - 0 1"}),
	newVariant(Variant{ID: "bifold-halfgi-weak", Name: "Bifold Halfgi · weak pawns", ShortName: "Bifold · weak pawns",
		Description: "Bifold Halfgi with half-size pawns in pairs that capture only while supported.",
		Bifold:      true, Pieces: append(bifoldPieces[:len(bifoldPieces):len(bifoldPieces)], VPawn),
		Hand: append(bifoldHand[:len(bifoldHand):len(bifoldHand)], VPawn), Promotions: bifoldHand, Castling: bifoldCastling,
		Values: bifoldTunedValues,
		Start:  bifoldBlack + "/(vv)(vv)(vv)(vv)(vv)(vv)(vv)(vv)/8/8/8/8/(VV)(VV)(VV)(VV)(VV)(VV)(VV)(VV)/" + bifoldBack + "[] w KQkq - 0 1"}),
	newVariant(Variant{ID: "chess", Name: "Chess", ShortName: "Chess", Hidden: true,
		Description: "FIDE chess: the rules engine's check against published perft counts.",
		Check:       true, FiftyMove: true,
		Pieces: chessPieces, Promotions: []Kind{Queen, Rook, Bishop, Knight}, Castling: fideCastling,
		Values: chessValues, Structure: true, Start: fullStart + " w KQkq - 0 1"}),
}

// playable are the games offered to players, in display order.
var playable = func() (out []*Variant) {
	for _, v := range variants {
		if !v.Hidden {
			out = append(out, v)
		}
	}
	return out
}()

// Variants returns the games offered to players, in display order: the
// page's game list (id, Name, ShortName, Description). Chess is not among
// them (AllVariants).
func Variants() []*Variant { return playable }

// AllVariants returns every rule set: the playable games, then the hidden
// ones (chess).
func AllVariants() []*Variant { return variants }

// VariantByID returns the rule set with the given id.
func VariantByID(id string) (*Variant, error) {
	for _, v := range variants {
		if v.ID == id {
			return v, nil
		}
	}
	ids := make([]string, len(variants))
	for i, v := range variants {
		ids[i] = v.ID
	}
	sort.Strings(ids)
	return nil, errorString(format("unknown variant %q (known: %v)", id, ids))
}
