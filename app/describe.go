package app

import (
	"fmt"
	"strings"

	"chimera/game"
	"chimera/render/model"
)

// Note is a caption about the board, shown in the page beside it: a
// described piece or a hint.
type Note struct {
	Kind  string `json:"kind"`  // "describe" or "hint"
	Title string `json:"title"` // "White Marshall on b1", "Hint"
	Text  string `json:"text"`  // what it is made of and what the marks mean; the hint's move in words
	Move  string `json:"move"`  // a hint's move string
}

func (a *App) clearNote() {
	if a.caption != nil {
		a.caption = nil
		a.out.show = true
	}
}

// DismissNote hides the caption and the marks that go with it.
func (a *App) DismissNote() {
	a.lock()
	defer a.unlock()
	a.dismissNote()
}

// dismissNote hides the caption: the board's owner shows its own marks
// again (and a hint's arrow goes with its caption).
func (a *App) dismissNote() {
	if a.caption == nil {
		return
	}
	a.caption = nil
	a.out.show = true
	if a.owner == a.Game {
		a.Game.hint.move = "" // a hint's arrow goes with its caption
	}
	a.d.Board.SetOverlay(a.owner.overlay())
}

// dropCaption drops the caption when c owns the board (its position
// changed under it).
func (a *App) dropCaption(c controller) {
	if a.owner == c {
		a.caption = nil
	}
}

// Describe names the piece in slot of square sq (a right-click, a long
// press, or "?e4" in the move box) and marks, in the position on the board,
// every square it can move to and every other square it covers (attacks or
// defends). For a piece of the side not to move, its moves are those it
// would have if its side were to move. An empty square clears the marks.
func (a *App) Describe(sq model.Square, slot int) {
	a.lock()
	defer a.unlock()
	a.describe(sq, slot)
}

func (a *App) describe(sq model.Square, slot int) {
	p := a.owner.shownPosition()
	d, ok := describePiece(p, int(sq), slot)
	if !ok {
		a.dismissNote()
		return
	}
	a.caption = &Note{Kind: "describe", Title: d.title, Text: d.text}
	a.Game.hint.move = ""
	o := a.owner.overlay()
	o.Marks = append(o.Marks, d.marks...)
	a.d.Board.SetOverlay(o)
	a.out.show = true
}

// description is what Describe says and marks.
type description struct {
	title, text string
	marks       []model.Mark
	moves       []string // the squares it can move to (names), for the tests
}

// describePiece describes the piece in slot of square s of p.
func describePiece(p *game.Position, s, slot int) (description, bool) {
	if s < 0 || s > 63 || slot < 0 || slot > 1 {
		return description{}, false
	}
	cell := p.At(s)
	x := cell[slot]
	if x == game.NoPiece {
		x = cell[0] // a click beside a lone piece
		slot = 0
	}
	if x == game.NoPiece {
		return description{}, false
	}
	v := p.Variant()
	k := x.Kind()
	side := "White"
	if x.Color() == game.Black {
		side = "Black"
	}
	d := description{title: side + " " + kindName(k) + " on " + game.SquareName(s)}
	var parts []string
	parts = append(parts, madeOf(v, k)+".")
	partner := game.NoPiece
	if y := cell[slot^1]; y != game.NoPiece && y.Color() == x.Color() && v.Bifold {
		partner = y
		parts = append(parts, "With the "+strings.ToLower(kindName(y.Kind()))+" beside it, it forms a unit: "+unitWords(k, y.Kind())+".")
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
				d.marks = append(d.marks, model.Mark{Square: model.Square(m.To()), Kind: model.MarkMove})
				d.moves = append(d.moves, game.SquareName(m.To()))
			}
		}
	}
	covers := 0
	for t, set := 0, p.Covers(s, slot); t < 64; t++ {
		if set>>uint(t)&1 != 0 && !seen[t] {
			covers++
			d.marks = append(d.marks, model.Mark{Square: model.Square(t), Kind: model.MarkCover})
		}
	}
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
	d.text = strings.Join(parts, " ")
	return d, true
}

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

// DescribeSquare describes the piece on the square named by text ("e4",
// "?e4", "e4/2" for the second piece of a bifold square); it returns an
// error when text names no square.
func (a *App) DescribeSquare(text string) error {
	t := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(text), "?"))
	slot := 0
	if i := strings.IndexByte(t, '/'); i >= 0 {
		if t[i+1:] == "2" {
			slot = 1
		}
		t = t[:i]
	}
	sq := model.ParseSquare(strings.ToLower(t))
	if sq == model.NoSquare {
		return errString("type a square to describe its piece, e.g. ?e4")
	}
	a.lock()
	defer a.unlock()
	p := a.owner.shownPosition()
	if p.At(int(sq))[0] == game.NoPiece {
		a.dismissNote()
		return errString("there is no piece on " + sq.String())
	}
	a.describe(sq, slot)
	return nil
}
