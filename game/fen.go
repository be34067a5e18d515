package game

import (
	"slices"
	"strconv"
	"strings"
)

// ParseError reports a malformed or impossible position string: the field,
// the offending text, why, and which check of RULES.md section 7 refused it.
type ParseError struct {
	Field string // "board", "hand", "side", "castling", "en passant", "halfmove", "fullmove", "position"
	Text  string // the offending text
	Why   string
	Check string // CheckSyntax, CheckSquares, ... (RULES.md 7.1-7.8)
}

// The position checks of RULES.md section 7, as named in ParseError.Check.
const (
	CheckSyntax    = "syntax"     // 7.1 fields, letters, ranks and files
	CheckSquares   = "squares"    // 7.2 what may share a square
	CheckRoyals    = "royals"     // 7.3 the royal pieces each side has
	CheckPawnRanks = "pawn ranks" // 7.4 the ranks a pawn may stand on
	CheckCheck     = "check"      // 7.5 the side not to move is not in check
	CheckHands     = "hands"      // 7.6 what a hand may hold
	CheckCounts    = "counts"     // 7.7 material the rule set can reach
	CheckRights    = "rights"     // 7.8 castling rights, en passant square, clocks
)

var checkSections = map[string]string{CheckSyntax: "7.1", CheckSquares: "7.2", CheckRoyals: "7.3",
	CheckPawnRanks: "7.4", CheckCheck: "7.5", CheckHands: "7.6", CheckCounts: "7.7", CheckRights: "7.8"}

func (e *ParseError) Error() string {
	msg := format("position %s %q: %s", e.Field, e.Text, e.Why)
	if sec, ok := checkSections[e.Check]; ok {
		msg += " (" + e.Check + ", RULES.md " + sec + ")"
	}
	return msg
}

// perrc is a refusal by a check; perr is one by the syntax check.
func perrc(check, field, text, why string, args ...any) error {
	return &ParseError{Field: field, Text: text, Why: format(why, args...), Check: check}
}

func perr(field, text, why string, args ...any) error {
	return perrc(CheckSyntax, field, text, why, args...)
}

// splitPosition reads a position string's fields ("startpos" is the start
// position; missing trailing fields default to "w - - 0 1") and splits its
// board field into the board and the hand (empty when none is written). It
// checks what Parse and ParseSetup both require: the number of fields, the
// hand's brackets, and a hand only in a game with drops.
func splitPosition(v *Variant, s string) (f []string, board, hand string, err error) {
	s = strings.TrimSpace(s)
	if s == "startpos" {
		s = v.Start
	}
	f = strings.Fields(s)
	if len(f) == 0 {
		return nil, "", "", perr("position", s, "empty position string")
	}
	if len(f) > 6 {
		return nil, "", "", perr("position", s, "too many fields (%d, want at most 6)", len(f))
	}
	defaults := []string{"", "w", "-", "-", "0", "1"}
	for len(f) < 6 {
		f = append(f, defaults[len(f)])
	}
	board = f[0]
	if i := strings.IndexByte(board, '['); i >= 0 {
		if !strings.HasSuffix(board, "]") {
			return nil, "", "", perr("hand", board[i:], "hand must be written in square brackets at the end of the board")
		}
		board, hand = board[:i], board[i+1:len(board)-1]
		if strings.ContainsAny(hand, "[]") {
			return nil, "", "", perr("hand", hand, "brackets inside the hand")
		}
		if hand != "" && !v.Drops {
			return nil, "", "", perrc(CheckHands, "hand", hand, "%s has no pieces in hand", v.Name)
		}
	}
	return f, board, hand, nil
}

// NewPosition returns the start position of rule set v.
func NewPosition(v *Variant) *Position {
	p, err := Parse(v, v.Start)
	if err != nil {
		panic("bad start position for " + v.ID + ": " + err.Error())
	}
	return p
}

// Parse reads a position string of rule set v (docs/RULES.md, "Position
// strings"). The word "startpos" gives the start position. Missing trailing
// fields default to "w - - 0 1"; a missing hand means empty hands.
func Parse(v *Variant, s string) (*Position, error) {
	f, board, hand, err := splitPosition(v, s)
	if err != nil {
		return nil, err
	}
	p := &Position{v: v, ep: -1}
	if err := p.parseBoard(board, true); err != nil {
		return nil, err
	}
	for i := 0; i < len(hand); i++ {
		l := hand[i]
		k := v.KindOf(l)
		if k == NoKind {
			return nil, perr("hand", hand, "unknown piece letter %q", l)
		}
		if !slices.Contains(v.Hand, k) {
			return nil, perrc(CheckHands, "hand", hand, "a %s (%c) cannot be in hand: %s", k.Name(), l, handKinds(v))
		}
		c := White
		if l >= 'a' {
			c = Black
		}
		if p.hand[c][k] >= maxHand {
			return nil, perrc(CheckCounts, "hand", hand, "more than %d %c in hand", maxHand, l)
		}
		p.hand[c][k]++
	}
	switch f[1] {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
	default:
		return nil, perr("side", f[1], "side to move must be w or b")
	}
	if f[2] != "-" {
		if v.Castling == nil {
			return nil, perrc(CheckRights, "castling", f[2], "%s has no castling", v.Name)
		}
		for i := 0; i < len(f[2]); i++ {
			bit := map[byte]uint8{'K': castleWK, 'Q': castleWQ, 'k': castleBK, 'q': castleBQ}[f[2][i]]
			if bit == 0 || p.castle&bit != 0 {
				return nil, perr("castling", f[2], "castling rights are a subset of KQkq or -")
			}
			p.castle |= bit
		}
		if err := p.checkCastling(f[2]); err != nil {
			return nil, err
		}
	}
	if f[3] != "-" {
		ep, ok := ParseSquare(f[3])
		if !ok {
			return nil, perr("en passant", f[3], "not a square")
		}
		if !p.epPossible(ep) {
			return nil, perrc(CheckRights, "en passant", f[3], "no double step by the side that just moved can have crossed %s", f[3])
		}
		p.ep = int8(ep)
	}
	if p.half, err = strconv.Atoi(f[4]); err != nil || p.half < 0 || p.half > maxClock {
		return nil, perrc(CheckRights, "halfmove", f[4], "halfmove clock must be a number from 0 to %d", maxClock)
	}
	if p.full, err = strconv.Atoi(f[5]); err != nil || p.full < 1 || p.full > maxClock {
		return nil, perrc(CheckRights, "fullmove", f[5], "fullmove number must be a number from 1 to %d", maxClock)
	}
	p.refreshRoyals()
	if err := p.checkRoyals(board); err != nil {
		return nil, err
	}
	if v.Check && p.attacked(int(p.royal[p.turn.Other()]), p.turn) {
		return nil, perrc(CheckCheck, "position", s, "the side not to move is in check")
	}
	if err := p.checkCounts(f[0]); err != nil {
		return nil, err
	}
	p.hash = p.ComputeHash()
	p.stack = make([]undo, 0, 64)
	return p, nil
}

// parseBoard reads the board field; pawnRanks: also refuse a pawn where it
// could never stand (RULES.md 7.4; a Setup holds any arrangement).
func (p *Position) parseBoard(board string, pawnRanks bool) error {
	v := p.v
	ranks := strings.Split(board, "/")
	if len(ranks) != 8 {
		return perr("board", board, "want 8 ranks separated by /, have %d", len(ranks))
	}
	for ri, rank := range ranks {
		r := 7 - ri
		file := 0
		for i := 0; i < len(rank); i++ {
			ch := rank[i]
			if file > 7 {
				return perr("board", rank, "rank %d has more than 8 squares", r+1)
			}
			switch {
			case ch >= '1' && ch <= '8':
				file += int(ch - '0')
				if file > 8 {
					return perr("board", rank, "rank %d has more than 8 squares", r+1)
				}
				continue
			case ch == '(':
				if !v.Bifold {
					return perrc(CheckSquares, "board", rank, "%s has no stacked squares", v.Name)
				}
				j := strings.IndexByte(rank[i:], ')')
				if j < 0 {
					return perr("board", rank, "unclosed (")
				}
				inner := rank[i+1 : i+j]
				if len(inner) != 2 {
					return perrc(CheckSquares, "board", rank[i:i+j+1], "a square holds one or two pieces, not %d", len(inner))
				}
				var c Cell
				for n := 0; n < 2; n++ {
					k := v.KindOf(inner[n])
					if k == NoKind {
						return perr("board", rank, "unknown piece letter %q", inner[n])
					}
					if !k.Bifold() {
						return perrc(CheckSquares, "board", rank[i:i+j+1], "only bifold pieces can share a square (%c is full size)", inner[n])
					}
					c[n] = letterPiece(inner[n], k)
				}
				p.sq[r*8+file] = p.normCell(c)
				i += j
			default:
				k := v.KindOf(ch)
				if k == NoKind {
					return perr("board", rank, "unknown piece letter %q", ch)
				}
				p.sq[r*8+file] = Cell{letterPiece(ch, k), NoPiece}
			}
			s := r*8 + file
			for _, x := range p.sq[s] {
				if x == NoPiece || !x.Kind().IsPawn() || !pawnRanks {
					continue
				}
				last := 7
				if x.Color() == Black {
					last = 0
				}
				if r == last && !x.Kind().Bifold() {
					return perrc(CheckPawnRanks, "board", rank, "a pawn cannot stand on its last rank (%s)", SquareName(s))
				}
				if r == 7-last && !v.Drops {
					return perrc(CheckPawnRanks, "board", rank, "a pawn cannot stand on its first rank (%s)", SquareName(s))
				}
			}
			file++
		}
		if file != 8 {
			return perr("board", rank, "rank %d has %d squares, want 8", r+1, file)
		}
	}
	return nil
}

func letterPiece(l byte, k Kind) Piece {
	if l >= 'a' {
		return MakePiece(Black, k)
	}
	return MakePiece(White, k)
}

func (p *Position) checkRoyals(board string) error {
	for c := White; c <= Black; c++ {
		var count [NumKinds]int
		for s := 0; s < 64; s++ {
			for _, x := range p.sq[s] {
				if x != NoPiece && x.Color() == c && x.Kind().Royal() {
					count[x.Kind()]++
				}
			}
		}
		side := "White"
		if c == Black {
			side = "Black"
		}
		if p.v.Bifold {
			if count[Wazir] > 1 || count[Ferz] > 1 {
				return perrc(CheckRoyals, "board", board, "%s has more than one Wazir or Ferz", side)
			}
			if c != p.turn && p.royals[c] == 0 {
				return perrc(CheckRoyals, "board", board, "%s, not to move, has no royal piece (the game ended when it lost its last one, with %s to move)", side, side)
			}
		} else if p.royals[c] != 1 {
			return perrc(CheckRoyals, "board", board, "%s must have exactly one royal piece, has %d", side, p.royals[c])
		}
	}
	return nil
}

func (p *Position) checkCastling(text string) error {
	for _, r := range p.v.castle {
		if p.castle&r.bit != 0 && (p.sq[r.from] != r.royal || p.sq[r.rookFrom] != r.rook) {
			return perrc(CheckRights, "castling", text, "castling right without the unmoved royal and rook on %s and %s", SquareName(r.from), SquareName(r.rookFrom))
		}
	}
	return nil
}

// epPossible reports whether ep could be the square crossed by a double step
// just made by the side not to move.
func (p *Position) epPossible(ep int) bool {
	mover := p.turn.Other()
	wantRank, dir := 2, 8
	if mover == Black {
		wantRank, dir = 5, -8
	}
	if rankOf(ep) != wantRank || !p.sq[ep].Empty() {
		return false
	}
	land := p.sq[ep+dir]
	hasPawn := false
	for _, x := range land {
		if x != NoPiece && x.Color() == mover && x.Kind().IsPawn() {
			hasPawn = true
		}
	}
	if !hasPawn {
		return false
	}
	if !p.v.Bifold && !p.sq[ep-dir].Empty() {
		return false
	}
	return true
}

// String returns the canonical position string.
func (p *Position) String() string {
	var b strings.Builder
	v := p.v
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			c := p.sq[r*8+f]
			if c.Empty() {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			if c[1] != NoPiece {
				b.WriteByte('(')
				b.WriteByte(v.PieceLetter(c[0]))
				b.WriteByte(v.PieceLetter(c[1]))
				b.WriteByte(')')
			} else {
				b.WriteByte(v.PieceLetter(c[0]))
			}
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if v.Drops {
		b.WriteByte('[')
		for c := White; c <= Black; c++ {
			for _, k := range v.Hand {
				for i := 0; i < int(p.hand[c][k]); i++ {
					b.WriteByte(v.PieceLetter(MakePiece(c, k)))
				}
			}
		}
		b.WriteByte(']')
	}
	b.WriteByte(' ')
	b.WriteString(p.turn.String())
	b.WriteByte(' ')
	if p.castle == 0 {
		b.WriteByte('-')
	} else {
		for i, l := range "KQkq" {
			if p.castle&(1<<i) != 0 {
				b.WriteRune(l)
			}
		}
	}
	b.WriteByte(' ')
	b.WriteString(SquareName(int(p.ep)))
	b.WriteString(" " + strconv.Itoa(p.half) + " " + strconv.Itoa(p.full))
	return b.String()
}
