//go:build js || native

package main

import (
	"strings"

	"chimera/game"
	"chimera/render/model"
)

// snapshot converts the engine position to the board the renderer draws.
func snapshot(p *game.Position) model.Board {
	v := p.Variant()
	b, _ := model.ParseBoard(p.String(), v.Bifold)
	b.HasHands = v.Drops
	b.Turn = int(p.Turn())
	if v.Check && p.InCheck() {
		for s := 0; s < 64; s++ {
			for _, pc := range p.At(s) {
				if pc != game.NoPiece && pc.Color() == p.Turn() && pc.Kind().Royal() {
					b.Check = model.Square(s)
				}
			}
		}
	}
	if p.Ply() > 0 {
		m := p.LastMove()
		b.LastTo = model.Square(m.To())
		if !m.IsDrop() {
			b.LastFrom = model.Square(m.From())
		}
	}
	return b
}

func kindOf(k game.MoveKind) model.MoveKind {
	switch k {
	case game.KindCapture:
		return model.Capture
	case game.KindMerge:
		return model.Merge
	case game.KindSplit, game.KindLeave:
		return model.Split
	case game.KindJoin:
		return model.Join
	case game.KindDrop:
		return model.Drop
	case game.KindPromote:
		return model.Promote
	case game.KindCastle:
		return model.Castle
	}
	return model.Quiet
}

func letter(v *game.Variant, pc game.Piece) model.Piece { return model.Piece(v.PieceLetter(pc)) }

// event converts the engine's description of a move.
func event(p *game.Position, m game.Move) model.Event {
	v := p.Variant()
	e := p.Effects(m)
	ev := model.Event{Kind: kindOf(e.Kind), From: model.Square(e.From), To: model.Square(e.To)}
	for _, c := range e.Changes {
		ev.Changes = append(ev.Changes, model.Change{Appear: c.Appear, Square: model.Square(c.Square),
			HandColor: int(c.Piece.Color()), Slot: c.Slot, Piece: letter(v, c.Piece)})
	}
	return ev
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// targets lists the legal moves with the labels and icons of choice tokens.
func targets(p *game.Position) []model.Target {
	v := p.Variant()
	var out []model.Target
	for _, m := range p.LegalMoves() {
		e := p.Effects(m)
		t := model.Target{From: model.Square(m.From()), To: model.Square(m.To()), Move: p.MoveString(m), Kind: kindOf(e.Kind)}
		if m.IsDrop() {
			t.From = model.NoSquare
			t.Drop = model.Piece(v.Letter(m.Part()))
		} else if m.Part() != game.NoKind && p.At(m.From()).Count() == 2 {
			cell := p.At(m.From())
			if cell[1] != game.NoPiece && cell[1].Kind() == m.Part() && cell[1].Color() == p.Turn() {
				t.Slot = 1
			}
		} else if c := p.At(m.From()); c.Count() == 2 && c[0].Color() == c[1].Color() {
			t.Slot = 2
		}
		// The icon: what stands on the destination afterwards (the captured
		// piece for a choice of victim).
		n := 0
		for _, c := range e.Changes {
			if c.Appear && c.Square == m.To() && n < 2 {
				t.Icon[n] = letter(v, c.Piece)
				n++
			}
		}
		var label []string
		switch {
		case m.Promo() != game.NoKind:
			label = append(label, title(m.Promo().Name()))
		case m.Capt() != game.NoKind:
			label = append(label, "Take "+m.Capt().Name())
			t.Icon = [2]model.Piece{model.Piece(v.PieceLetter(game.MakePiece(p.Turn().Other(), m.Capt()))), 0}
		case m.Part() != game.NoKind && !m.IsDrop():
			label = append(label, title(m.Part().Name())+" alone")
		case t.Slot == 2:
			label = append(label, "Unit")
		default:
			label = append(label, "Whole")
		}
		t.Label = strings.Join(label, " ")
		out = append(out, t)
	}
	return out
}
