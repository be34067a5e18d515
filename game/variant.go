package game

import (
	"sort"
)

// Variant describes a rule set as data plus a few switches (hooks) that the
// shared generator consults. There is one Variant value per rule set id.
type Variant struct {
	ID   string // "bedlam", "assimilation", "bifold-halfgi", ...
	Name string // for people

	Bifold        bool // squares hold up to two half-size pieces (Bifold Halfgi family)
	Drops         bool // captured pieces go to the captor's hand and may be dropped
	Castling      bool
	Check         bool // the royal may not be left attacked; checkmate wins
	Fusion        bool // Bedlam rule 4
	Split         bool // compounds may split (fission)
	Metamorphosis bool // Bedlam rule 2
	Demotion      bool // Bedlam rule 3
	Assimilation  bool // Assimilation rule 1
	FiftyMove     bool // 100 plies without capture or pawn move draws
	BareKings     bool // K against K draws
	Promotions    []Kind
	PawnKinds     []Kind // the pawn kinds this rule set uses
	Start         string // start position string

	letterKind [128]Kind
	kindLetter [numKinds]byte
	handOrder  []Kind
	slotOrder  [numKinds]int // canonical order inside a bifold square
	castleMask [64]uint8
	special    [32]uint8 // by Kind (32 rows: no bounds checks): what a full-size kind does here besides plain moves (sp* flags)
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

const (
	castleWK = 1
	castleWQ = 2
	castleBK = 4
	castleBQ = 8
)

var (
	fullLetters   = map[byte]Kind{'K': King, 'Q': Queen, 'R': Rook, 'B': Bishop, 'N': Knight, 'P': Pawn, 'M': Marshall, 'A': Paladin, 'O': Pope, 'D': Dragon, 'E': Eques}
	bifoldLetters = map[byte]Kind{'P': Pawn, 'R': HRook, 'B': HBishop, 'Q': HQueen, 'H': Horse, 'W': Wazir, 'F': Ferz, 'L': LPawn, 'D': DPawn, 'V': VPawn}
)

const (
	fullStart   = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	bifoldBack  = "(RR)(HH)(BB)(QQ)(WF)(BB)(HH)(RR)"
	bifoldBlack = "(rr)(hh)(bb)(qq)(wf)(bb)(hh)(rr)"
)

func newVariant(v Variant) *Variant {
	nv := v
	letters := fullLetters
	if v.Bifold {
		letters = bifoldLetters
	}
	for l, k := range letters {
		if !nv.allows(k) {
			continue
		}
		nv.letterKind[l] = k
		nv.letterKind[l+'a'-'A'] = k
		nv.kindLetter[k] = l
	}
	if v.Bifold {
		for i, k := range []Kind{Wazir, Ferz, HQueen, HRook, HBishop, Horse, LPawn, DPawn, VPawn, Pawn} {
			nv.slotOrder[k] = i + 1
		}
		for _, k := range []Kind{HQueen, HRook, HBishop, Horse, LPawn, DPawn, VPawn, Pawn} {
			if nv.allows(k) {
				nv.handOrder = append(nv.handOrder, k)
			}
		}
	} else {
		for _, k := range []Kind{Queen, Marshall, Paladin, Rook, Bishop, Knight, Pawn} {
			nv.handOrder = append(nv.handOrder, k)
		}
	}
	for k := Kind(1); k < numKinds; k++ {
		info := &kinds[k]
		var f uint8
		if info.royal {
			f |= spRoyal
		}
		if v.Metamorphosis && (k == Knight || k == Bishop || k == Rook) {
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
	if nv.Castling {
		for sq, bits := range map[int]uint8{4: castleWK | castleWQ, 7: castleWK, 0: castleWQ, 60: castleBK | castleBQ, 63: castleBK, 56: castleBQ} {
			nv.castleMask[sq] = bits
		}
	}
	return &nv
}

// allows reports whether kind k can appear in this rule set.
func (v *Variant) allows(k Kind) bool {
	if k.IsPawn() {
		for _, pk := range v.PawnKinds {
			if pk == k {
				return true
			}
		}
		return false
	}
	if v.Bifold {
		return k.Bifold()
	}
	if k.Bifold() {
		return false
	}
	if v.ID == "chess" {
		return k == Knight || k == Bishop || k == Rook || k == Queen || k == King
	}
	return true
}

// Letter returns the upper-case position-string letter of kind k in this rule set.
func (v *Variant) Letter(k Kind) byte { return v.kindLetter[k] }

// KindOf returns the kind for a position-string letter (either case), or NoKind.
func (v *Variant) KindOf(l byte) Kind {
	if l >= 128 {
		return NoKind
	}
	return v.letterKind[l]
}

// PieceLetter returns the letter of piece p: upper case for White.
func (v *Variant) PieceLetter(p Piece) byte {
	l := v.kindLetter[p.Kind()]
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// HandOrder returns the kinds that can be in hand, in display order.
func (v *Variant) HandOrder() []Kind { return v.handOrder }

var variants = []*Variant{
	newVariant(Variant{ID: "bedlam", Name: "Bedlam", Drops: true, Check: true, Fusion: true, Split: true,
		Metamorphosis: true, Demotion: true, Promotions: []Kind{Rook, Bishop, Knight}, PawnKinds: []Kind{Pawn},
		Start: fullStart + "[] w - - 0 1"}),
	newVariant(Variant{ID: "assimilation", Name: "Assimilation Chess", Castling: true, Check: true, Split: true,
		Assimilation: true, FiftyMove: true, BareKings: true, Promotions: []Kind{Rook, Bishop, Knight}, PawnKinds: []Kind{Pawn},
		Start: fullStart + " w KQkq - 0 1"}),
	newVariant(Variant{ID: "bifold-halfgi", Name: "Bifold Halfgi", Bifold: true, Drops: true, Castling: true,
		Promotions: []Kind{HQueen, HRook, HBishop, Horse}, PawnKinds: []Kind{Pawn},
		Start: bifoldBlack + "/pppppppp/8/8/8/8/PPPPPPPP/" + bifoldBack + "[] w KQkq - 0 1"}),
	newVariant(Variant{ID: "bifold-halfgi-pawns", Name: "Bifold Halfgi (bifold pawns)", Bifold: true, Drops: true, Castling: true,
		Promotions: []Kind{HQueen, HRook, HBishop, Horse}, PawnKinds: []Kind{LPawn, DPawn},
		Start: bifoldBlack + "/(ld)(ld)(ld)(ld)(ld)(ld)(ld)(ld)/8/8/8/8/(LD)(LD)(LD)(LD)(LD)(LD)(LD)(LD)/" + bifoldBack + "[] w KQkq - 0 1"}),
	newVariant(Variant{ID: "bifold-halfgi-weak", Name: "Bifold Halfgi (weak pawns)", Bifold: true, Drops: true, Castling: true,
		Promotions: []Kind{HQueen, HRook, HBishop, Horse}, PawnKinds: []Kind{VPawn},
		Start: bifoldBlack + "/(vv)(vv)(vv)(vv)(vv)(vv)(vv)(vv)/8/8/8/8/(VV)(VV)(VV)(VV)(VV)(VV)(VV)(VV)/" + bifoldBack + "[] w KQkq - 0 1"}),
	newVariant(Variant{ID: "chess", Name: "Chess", Castling: true, Check: true, FiftyMove: true,
		Promotions: []Kind{Queen, Rook, Bishop, Knight}, PawnKinds: []Kind{Pawn},
		Start: fullStart + " w KQkq - 0 1"}),
}

// Variants returns every rule set, the player-facing ones first and "chess" last.
func Variants() []*Variant { return variants }

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
