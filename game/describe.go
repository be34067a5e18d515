package game

import "strings"

// Describe returns legal move m of the position in words, for people and
// screen readers: "White rook a1 to b1, merges with the knight: Marshall",
// "Black drops a pawn on e6", "White castles kingside". It is made from the
// move's vanish/appear description (Effects), so it says what the rules did:
// captures, fusions, splits, metamorphosis and demotion, assimilation, units
// and pairs. Check and the result are not part of it (see CheckWords and
// ResultWords).
func (p *Position) Describe(m Move) string {
	us := p.turn
	side := colorName(us)
	if m.IsDrop() {
		return side + " drops " + article(m.Part()) + " on " + SquareName(m.To())
	}
	if m.IsCastle() {
		if fileOf(m.To()) == 6 {
			return side + " castles kingside"
		}
		return side + " castles queenside"
	}
	e := p.Effects(m)
	from, to := m.From(), m.To()
	var moved, captured, before, arrived []Kind // own pieces leaving from, enemy pieces captured, own pieces replaced on to, own pieces arriving on to
	for _, c := range e.Changes {
		switch {
		case c.Square == NoSquare:
		case !c.Appear && c.Square == from && c.Piece.Color() == us:
			moved = append(moved, c.Piece.Kind())
		case !c.Appear && c.Piece.Color() != us:
			captured = append(captured, c.Piece.Kind())
		case !c.Appear && c.Square == to:
			before = append(before, c.Piece.Kind())
		case c.Appear && c.Square == to && c.Piece.Color() == us:
			arrived = append(arrived, c.Piece.Kind())
		}
	}
	var b strings.Builder
	b.WriteString(side + " ")
	part := m.Part()
	whole := NoKind // the full-size piece standing on from before the move
	if !p.v.Bifold {
		whole = p.sq[from][0].Kind()
	}
	switch {
	case part != NoKind && !p.v.Bifold:
		b.WriteString(spoken(part))
	case part != NoKind:
		b.WriteString(spoken(part))
	case len(moved) == 2:
		b.WriteString("unit of " + pairWords(moved[0], moved[1]))
	case len(moved) == 1:
		b.WriteString(spoken(moved[0]))
	default:
		b.WriteString(spoken(whole))
	}
	b.WriteString(" " + SquareName(from))
	if len(captured) > 0 {
		b.WriteString(" takes ")
		if len(captured) == 2 {
			b.WriteString("the " + pairWords(captured[0], captured[1]))
		} else {
			b.WriteString("the " + spoken(captured[0]))
		}
		if m.IsEnPassant() {
			b.WriteString(" en passant, to " + SquareName(to))
		} else {
			b.WriteString(" on " + SquareName(to))
		}
	} else {
		b.WriteString(" to " + SquareName(to))
	}
	switch {
	case part != NoKind && !p.v.Bifold:
		// A split: the component leaves, the other stays behind.
		a, c := whole.Components()
		rest := a
		if rest == part {
			rest = c
		}
		b.WriteString(", splitting from the " + spoken(whole) + ": the " + spoken(rest) + " stays on " + SquareName(from))
	case part != NoKind:
		if n, x, y := friends(p.sq[from], us); n == 2 {
			rest := x.Kind()
			if rest == part {
				rest = y.Kind()
			}
			b.WriteString(", leaving the " + spoken(rest) + " on " + SquareName(from))
		}
	}
	if len(before) > 0 && len(arrived) == 1 && !p.v.Bifold {
		// A fusion: the mover and the piece it joined became one.
		b.WriteString(", merges with the " + spoken(before[0]) + ": " + spoken(arrived[0]))
		return b.String()
	}
	if p.v.Bifold && len(captured) == 0 {
		// Joining a square: the piece there stays (it is not in the Effect).
		for _, x := range p.sq[to] {
			switch {
			case x == NoPiece:
			case x.Color() == us:
				b.WriteString(", joins the " + spoken(x.Kind()))
			default:
				b.WriteString(", shares the square with " + owner(x.Color()) + " " + spoken(x.Kind()))
			}
		}
	}
	if len(arrived) == 1 {
		mover := whole
		if part != NoKind {
			mover = part
		} else if len(moved) == 1 {
			mover = moved[0]
		}
		if k := arrived[0]; k != mover && mover != NoKind {
			switch {
			case len(captured) == 1 && e.Kind == KindMerge:
				b.WriteString(" and absorbs it: " + spoken(k))
			default:
				b.WriteString(", becomes " + article(k))
			}
		}
	} else if len(arrived) == 2 && len(moved) == 2 && (arrived[0] != moved[0] || arrived[1] != moved[1]) {
		for _, k := range arrived {
			if k != moved[0] && k != moved[1] {
				b.WriteString(", becomes " + article(k))
				break
			}
		}
	}
	return b.String()
}

// CheckWords returns what is said after a move: "checkmate", "check" or "".
func (p *Position) CheckWords() string {
	if p.v.Bifold || !p.InCheck() {
		return ""
	}
	if r, why := p.Outcome(); r != Ongoing && why == "checkmate" {
		return "checkmate"
	}
	return "check"
}

// ResultWords returns a finished game's result and reason as a sentence:
// "White wins by checkmate", "Draw by stalemate"; "" while it goes on.
func ResultWords(result, reason string) string {
	var who string
	switch result {
	case WhiteWins:
		who = "White wins"
	case BlackWins:
		who = "Black wins"
	case Draw:
		who = "Draw"
	default:
		return ""
	}
	switch reason {
	case "":
		return who
	case "checkmate", "stalemate", "threefold repetition":
		return who + " by " + reason
	case "both royals captured":
		return who + ": both royals captured"
	case "50-move rule":
		return who + " by the 50-move rule"
	case "bare kings":
		return who + ": only the kings are left"
	case "agreement":
		return who + " by agreement"
	case "time":
		return who + " on time"
	}
	return who + ": " + reason
}

// colorName returns "White" or "Black".
func colorName(c Color) string {
	if c == Black {
		return "Black"
	}
	return "White"
}

// owner returns "White's" or "Black's".
func owner(c Color) string { return colorName(c) + "'s" }

// spoken returns the kind's name as it is said in a sentence: the plain
// pieces in lower case ("knight", "halfling rook"), the named compounds as
// names ("Marshall", "Dragon King").
func spoken(k Kind) string {
	n := k.Name()
	if _, c := k.Components(); c != NoKind && k != Queen {
		return n
	}
	return strings.ToLower(n)
}

// article returns the kind's name with "a" or "an".
func article(k Kind) string {
	s := spoken(k)
	if s != "" && strings.ContainsRune("aeiouAEIOU", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// pairWords names two pieces together: "two horses", "halfling rook and horse".
func pairWords(a, b Kind) string {
	if a == b {
		return "two " + spoken(a) + "s"
	}
	return spoken(a) + " and " + spoken(b)
}
