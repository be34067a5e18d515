package learn

import (
	"fmt"
	"strings"

	"chimera/game"
)

// Description is what the board's caption says about one piece (a
// Ctrl+right-click, a long press or "?e4" in the move box) and the squares it
// marks.
type Description struct {
	Title  string // "White Marshall on b1"
	Text   string // what it is made of, its unit, what the marks mean
	Moves  []int  // the squares it can move to (dots), in the order of the engine's moves
	Covers []int  // the other squares it covers (rings), in square order: it attacks or defends them but cannot go there now
}

// Describe describes the piece in slot of square s of p (a click beside a
// lone piece describes it): its moves are the engine's legal moves from s,
// or for a piece of the side not to move those it would have if its side
// were to move, without the moves of a partner leaving its unit alone; its
// covers are game.Position.Covers. It reports false for an empty square or
// no square.
func Describe(p *game.Position, s, slot int) (Description, bool) {
	if s < 0 || s > 63 || slot < 0 || slot > 1 {
		return Description{}, false
	}
	cell := p.At(s)
	x := cell[slot]
	if x == game.NoPiece {
		x = cell[0] // a click beside a lone piece
		slot = 0
	}
	if x == game.NoPiece {
		return Description{}, false
	}
	v := p.Variant()
	k := x.Kind()
	side := "White"
	if x.Color() == game.Black {
		side = "Black"
	}
	d := Description{Title: side + " " + KindName(k) + " on " + game.SquareName(s)}
	var parts []string
	parts = append(parts, MadeOf(v, k)+".")
	partner := game.NoPiece
	if y := cell[slot^1]; y != game.NoPiece && y.Color() == x.Color() && v.Bifold {
		partner = y
		parts = append(parts, "With the "+strings.ToLower(KindName(y.Kind()))+" beside it, it forms a unit: "+UnitWords(k, y.Kind())+".")
	}
	// Its moves: in the position as it is, or as if its side were to move.
	q := p
	if x.Color() != p.Turn() {
		q = withTurn(p, x.Color())
	}
	seen := map[int]bool{}
	if q != nil {
		for _, m := range q.LegalMoves() {
			if m.IsDrop() || m.From() != s {
				continue
			}
			if partner != game.NoPiece && m.Part() != game.NoKind && m.Part() != k {
				continue // the partner leaving alone
			}
			if !seen[m.To()] {
				seen[m.To()] = true
				d.Moves = append(d.Moves, m.To())
			}
		}
	}
	for t, set := 0, p.Covers(s, slot); t < 64; t++ {
		if set>>uint(t)&1 != 0 && !seen[t] {
			d.Covers = append(d.Covers, t)
		}
	}
	covers := len(d.Covers)
	switch {
	case q == nil:
		parts = append(parts, "Its side cannot move in this position (the other side is in check), so only what it covers is marked: "+count(covers, "square")+" (rings).")
	case len(seen) == 0 && covers == 0:
		parts = append(parts, "It cannot move and covers nothing here.")
	default:
		s := "It can move to " + count(len(seen), "square") + " (dots)"
		if covers > 0 {
			s += " and covers " + count(covers, "more square") + " (rings): it attacks or defends them but cannot go there now"
		}
		if x.Color() != p.Turn() {
			s += ", if its side were to move"
		}
		parts = append(parts, s+".")
	}
	d.Text = strings.Join(parts, " ")
	return d, true
}

// count says n things: "1 square", "3 squares".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// withTurn returns a copy of p with side c to move (no en-passant square),
// or nil when that position is not legal (the other side is in check).
func withTurn(p *game.Position, c game.Color) *game.Position {
	f := strings.Fields(p.String())
	if len(f) < 4 {
		return nil
	}
	f[1], f[3] = c.String(), "-"
	q, err := game.Parse(p.Variant(), strings.Join(f, " "))
	if err != nil {
		return nil
	}
	return q
}
