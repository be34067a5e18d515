package play

import (
	"strings"

	"chimera/game"
	"chimera/render/model"
)

// letter returns the board's piece letter for p.
func letter(v *game.Variant, p game.Piece) model.Piece {
	if p == game.NoPiece {
		return model.None
	}
	return model.Piece(v.PieceLetter(p))
}

// Pieces is what a board shows of a position or of an editor's setup
// (game.Position, game.Setup): its rule set, squares and hands.
type Pieces interface {
	Variant() *game.Variant
	At(sq int) game.Cell
	HandCount(c game.Color, k game.Kind) int
}

// PiecesBoard returns the view of the pieces of p with turn to move, without
// highlights.
func PiecesBoard(p Pieces, turn game.Color) model.Board {
	v := p.Variant()
	b := model.EmptyBoard()
	b.Bifold = v.Bifold
	b.HasHands = v.Drops
	b.Turn = int(turn)
	for s := 0; s < 64; s++ {
		c := p.At(s)
		b.Cells[s] = [2]model.Piece{letter(v, c[0]), letter(v, c[1])}
	}
	for c := game.White; c <= game.Black; c++ {
		for _, k := range v.HandOrder() {
			if n := p.HandCount(c, k); n > 0 {
				b.Hands[c] = append(b.Hands[c], model.HandItem{Piece: letter(v, game.MakePiece(c, k)), Count: n})
			}
		}
	}
	return b
}

// Board returns the view of position p, with the last-move tint on the move
// that led to it (p.LastMove).
func Board(p *game.Position) model.Board {
	b := PiecesBoard(p, p.Turn())
	if p.InCheck() {
		b.Check = model.Square(p.RoyalSquare(p.Turn()))
	}
	if last := p.LastMove(); last != game.NoMove {
		b.LastTo = model.Square(last.To())
		if !last.IsDrop() {
			b.LastFrom = model.Square(last.From())
		}
	}
	return b
}

// Event converts a move's effect into the board's event: the one place where
// the rules engine's description of a move becomes the board's. The kinds
// are the same list (model.MoveKind follows game.MoveKind), the pieces
// become letters and the squares the board's.
func Event(v *game.Variant, e game.Effect) model.Event {
	ev := model.Event{Kind: model.MoveKind(e.Kind), From: model.Square(e.From), To: model.Square(e.To)}
	for _, c := range e.Changes {
		mc := model.Change{Appear: c.Appear, Square: model.Square(c.Square), Slot: c.Slot, Piece: letter(v, c.Piece)}
		if c.Square == game.NoSquare {
			mc.HandColor = int(c.Piece.Color())
		}
		ev.Changes = append(ev.Changes, mc)
	}
	return ev
}

// Targets returns every legal move of p as the board's targets, with the
// labels and icons of the choice tokens shown when several moves share a
// source and a destination.
func Targets(p *game.Position) []model.Target {
	if r, _ := p.Outcome(); r != "" {
		return nil
	}
	v := p.Variant()
	us := p.Turn()
	var out []model.Target
	for _, m := range p.LegalMoves() {
		t := model.Target{From: model.NoSquare, To: model.Square(m.To()), Move: p.MoveString(m)}
		e := p.Effects(m)
		t.Kind = model.MoveKind(e.Kind)
		if m.IsDrop() {
			t.Drop = letter(v, game.MakePiece(us, m.Part()))
			t.Label = m.Part().Name()
			t.Icon[0] = t.Drop
			out = append(out, t)
			continue
		}
		t.From = model.Square(m.From())
		src := p.At(m.From())
		friends := 0
		for _, x := range src {
			if x != game.NoPiece && x.Color() == us {
				friends++
			}
		}
		var label []string
		mover := src[0]
		if src[0] == game.NoPiece || src[0].Color() != us {
			mover = src[1]
		}
		switch {
		case v.Bifold && friends == 2 && m.Part() == game.NoKind:
			t.Slot = 2
			label = append(label, "Unit")
			t.Icon = [2]model.Piece{letter(v, src[0]), letter(v, src[1])}
		case m.Part() != game.NoKind:
			for i, x := range src {
				if x != game.NoPiece && x.Color() == us && x.Kind() == m.Part() {
					if v.Bifold {
						t.Slot = i
					}
					break
				}
			}
			if v.Bifold {
				label = append(label, m.Part().Name()+" alone")
			} else {
				label = append(label, m.Part().Name()+" splits")
			}
			t.Icon[0] = letter(v, game.MakePiece(us, m.Part()))
		default:
			t.Icon[0] = letter(v, mover)
			if !v.Bifold && mover.Kind() != game.Pawn {
				if a, b := mover.Kind().Components(); b != game.NoKind && a != game.NoKind {
					label = append(label, "Whole "+mover.Kind().Name())
				}
			}
		}
		if k := m.Capt(); k != game.NoKind {
			label = append(label, "takes "+k.Name())
			t.Icon = [2]model.Piece{letter(v, game.MakePiece(us.Other(), k))}
		}
		if m.Promo() == game.NoKind && !v.Bifold {
			t.Becomes = becomes(v, e, mover, m)
		}
		if k := m.Promo(); k != game.NoKind {
			label = append(label, "becomes "+k.Name())
			t.Icon[0] = letter(v, game.MakePiece(us, k))
			if t.Slot == 2 {
				t.Icon[1] = t.Icon[0]
			}
		} else if len(v.Metamorphosis) > 0 && len(label) == 0 {
			label = append(label, "stays "+mover.Kind().Name())
		}
		if len(label) == 0 {
			label = append(label, mover.Kind().Name())
		}
		t.Label = strings.ToUpper(label[0][:1]) + strings.Join(label, ", ")[1:]
		out = append(out, t)
	}
	return out
}

// becomes is the piece a capture (an enemy piece leaves the destination) by mover (moving whole, or the part of m)
// leaves on its destination when that is not the piece that moved, as the
// move's effects say: a Bedlam compound's demotion, an Assimilation
// capturer's new compound. None when the mover stays what it is.
func becomes(v *game.Variant, e game.Effect, mover game.Piece, m game.Move) model.Piece {
	moved := mover.Kind()
	if m.Part() != game.NoKind {
		moved = m.Part()
	}
	captured := false
	for _, c := range e.Changes {
		captured = captured || (!c.Appear && c.Square == m.To() && c.Piece.Color() != mover.Color())
	}
	if !captured {
		return model.None
	}
	for _, c := range e.Changes {
		if c.Appear && c.Square == m.To() && c.Piece.Color() == mover.Color() {
			if c.Piece.Kind() != moved {
				return letter(v, c.Piece)
			}
			return model.None
		}
	}
	return model.None
}
