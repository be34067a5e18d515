package game

import (
	"strings"
)

func lower(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// MoveString returns the canonical move string of m (docs/RULES.md, "Move strings").
func (p *Position) MoveString(m Move) string {
	v := p.v
	if m.IsDrop() {
		return string(v.Letter(m.Part())) + "@" + SquareName(m.To())
	}
	b := make([]byte, 0, 10)
	b = append(b, SquareName(m.From())...)
	b = append(b, SquareName(m.To())...)
	if k := m.Part(); k != NoKind {
		b = append(b, '/', lower(v.Letter(k)))
	}
	if k := m.Capt(); k != NoKind {
		b = append(b, 'x', lower(v.Letter(k)))
	}
	if k := m.Promo(); k != NoKind {
		b = append(b, lower(v.Letter(k)))
	}
	return string(b)
}

// MoveError reports a move string that cannot be parsed or is not legal.
type MoveError struct {
	Move string
	Why  string
}

func (e *MoveError) Error() string { return format("move %q: %s", e.Move, e.Why) }

// ParseMove reads a move string and returns the legal move it names.
func (p *Position) ParseMove(s string) (Move, error) {
	bad := func(why string, args ...any) (Move, error) {
		return NoMove, &MoveError{Move: s, Why: format(why, args...)}
	}
	v := p.v
	if len(s) >= 4 && s[1] == '@' {
		k := v.KindOf(s[0])
		if k == NoKind || s[0] < 'A' || s[0] > 'Z' {
			return bad("unknown piece letter %q for a drop (use an upper-case letter)", s[0])
		}
		t, ok := ParseSquare(s[2:])
		if !ok {
			return bad("%q is not a square", s[2:])
		}
		if !v.Drops {
			return bad("%s has no drops", v.Name)
		}
		if p.hand[p.turn][k] == 0 {
			return bad("no %s in hand", k.Name())
		}
		return p.findMove(s, "cannot drop on "+SquareName(t))
	}
	if len(s) < 4 {
		return bad("too short: want FROM TO, e.g. e2e4, or a drop like N@e4")
	}
	from, ok1 := ParseSquare(s[0:2])
	to, ok2 := ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return bad("want two squares FROM TO, e.g. e2e4")
	}
	rest := s[4:]
	for rest != "" {
		switch {
		case (rest[0] == '/' || rest[0] == 'x') && len(rest) >= 2:
			if v.KindOf(rest[1]) == NoKind || rest[1] < 'a' {
				return bad("unknown piece letter %q after %q", rest[1], rest[0])
			}
			rest = rest[2:]
		case len(rest) == 1 && rest[0] >= 'a' && v.KindOf(rest[0]) != NoKind:
			rest = ""
		default:
			return bad("cannot read %q after the squares", rest)
		}
	}
	n, _, _ := friends(p.sq[from], p.turn)
	if n == 0 {
		return bad("no piece of the side to move on %s", SquareName(from))
	}
	if from == to {
		return bad("FROM and TO are the same square")
	}
	return p.findMove(s, "not a legal move here")
}

func (p *Position) findMove(s, why string) (Move, error) {
	var ml MoveList
	p.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		if p.MoveString(m) == s {
			return m, nil
		}
	}
	if p.v.Bifold && p.royals[p.turn] == 0 {
		why = "the game is over"
	}
	return NoMove, &MoveError{Move: s, Why: why}
}

// notationLetter returns the human-notation letter of a kind: pawns have
// none, the Paladin is P (as in the seeds), bifold pawns keep L, D, V.
func (v *Variant) notationLetter(k Kind) string {
	switch k {
	case Pawn:
		return ""
	case Paladin:
		return "P"
	}
	return string(v.Letter(k))
}

// Notation returns the human notation of legal move m (docs/RULES.md,
// "Human notation", which describes the Bifold Halfgi notation too).
func (p *Position) Notation(m Move) string {
	v := p.v
	var b strings.Builder
	to := SquareName(m.To())
	switch {
	case m.IsDrop():
		b.WriteString(v.notationLetter(m.Part()))
		b.WriteString("*" + to)
	case m.IsCastle():
		if v.castleRightTo(m.To()).kingSide {
			b.WriteString("O-O")
		} else {
			b.WriteString("O-O-O")
		}
	case v.Bifold:
		p.notationBifold(&b, m)
	default:
		p.notationFull(&b, m)
	}
	p.Make(m)
	var ml MoveList
	p.GenerateMoves(&ml)
	switch {
	case v.Bifold:
		if p.royals[p.turn] == 0 {
			b.WriteByte('#')
		}
	case p.InCheck() && ml.N == 0:
		b.WriteByte('#')
	case p.InCheck():
		b.WriteByte('+')
	}
	p.Unmake()
	return b.String()
}

func (p *Position) notationFull(b *strings.Builder, m Move) {
	v := p.v
	from, to := m.From(), m.To()
	x := p.sq[from][0]
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	if part := m.Part(); part != NoKind {
		c1, c2 := kinds[x.Kind()].comps[0], kinds[x.Kind()].comps[1]
		other := c1
		if part == c1 {
			other = c2
		}
		b.WriteString(format("%s%s-%s; %s=%s", v.notationLetter(part), SquareName(from), SquareName(to), SquareName(from), v.notationLetter(other)))
		return
	}
	b.WriteString(v.notationLetter(x.Kind()))
	b.WriteString(SquareName(from) + sep + SquareName(to))
	p.Make(m)
	after := p.sq[to][0].Kind()
	p.Unmake()
	if after != x.Kind() {
		b.WriteString("=" + v.notationLetter(after))
	}
}

func (p *Position) notationBifold(b *strings.Builder, m Move) {
	v := p.v
	from, to := m.From(), m.To()
	n, x, y := friends(p.sq[from], p.turn)
	switch {
	case m.Part() != NoKind:
		b.WriteString(v.notationLetter(m.Part()))
	case n == 2:
		b.WriteString("(" + string(v.Letter(x.Kind())) + string(v.Letter(y.Kind())) + ")")
	default:
		b.WriteString(v.notationLetter(x.Kind()))
	}
	b.WriteString(SquareName(from))
	if m.IsCapture() {
		b.WriteByte('x')
		if k := m.Capt(); k != NoKind {
			b.WriteByte(v.Letter(k))
		}
	} else {
		b.WriteByte('-')
	}
	b.WriteString(SquareName(to))
	if k := m.Promo(); k != NoKind {
		b.WriteString("=" + string(v.Letter(k)))
	}
}
