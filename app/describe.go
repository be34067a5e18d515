package app

import (
	"strings"

	"chimera/game"
	"chimera/learn"
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

// Describe names the piece in slot of square sq (a Ctrl+right-click, a long
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
	if p == nil {
		return // the editor's position is not one the rules take
	}
	d, ok := learn.Describe(p, int(sq), slot)
	if !ok {
		a.dismissNote()
		return
	}
	a.caption = &Note{Kind: "describe", Title: d.Title, Text: d.Text}
	a.Game.hint.move = ""
	o := a.owner.overlay()
	for _, s := range d.Moves {
		o.Marks = append(o.Marks, model.Mark{Square: model.Square(s), Kind: model.MarkMove})
	}
	for _, s := range d.Covers {
		o.Marks = append(o.Marks, model.Mark{Square: model.Square(s), Kind: model.MarkCover})
	}
	a.d.Board.SetOverlay(o)
	a.out.show = true
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
	if p == nil {
		return errString("the position on the board is being edited")
	}
	if p.At(int(sq))[0] == game.NoPiece {
		a.dismissNote()
		return errString("there is no piece on " + sq.String())
	}
	a.describe(sq, slot)
	return nil
}
