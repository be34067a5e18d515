package main

import (
	"strings"

	"chimera/game"
)

// notation returns a move's text for the PGN: standard algebraic notation
// in chess (so that any chess tool reads the file), the project's own
// notation in the other rule sets.
func (m *match) notation(p *game.Position, mv game.Move) string {
	if m.v.ID != "chess" {
		return p.Notation(mv)
	}
	return san(p, mv)
}

// san returns the standard algebraic notation of legal chess move mv.
func san(p *game.Position, mv game.Move) string {
	var b strings.Builder
	from, to := mv.From(), mv.To()
	k := p.At(from)[0].Kind()
	switch {
	case mv.IsCastle():
		if to&7 == 6 {
			b.WriteString("O-O")
		} else {
			b.WriteString("O-O-O")
		}
	case k == game.Pawn:
		if mv.IsCapture() {
			b.WriteByte(game.SquareName(from)[0])
			b.WriteByte('x')
		}
		b.WriteString(game.SquareName(to))
		if pr := mv.Promo(); pr != game.NoKind {
			b.WriteByte('=')
			b.WriteByte(p.Variant().Letter(pr))
		}
	default:
		b.WriteByte(p.Variant().Letter(k))
		// disambiguate among same-kind pieces that can reach the square
		var sameFile, sameRank, other bool
		for _, o := range p.LegalMoves() {
			if o.To() != to || o.From() == from || o.IsDrop() || p.At(o.From())[0].Kind() != k {
				continue
			}
			other = true
			if o.From()&7 == from&7 {
				sameFile = true
			}
			if o.From()>>3 == from>>3 {
				sameRank = true
			}
		}
		sq := game.SquareName(from)
		switch {
		case other && !sameFile:
			b.WriteByte(sq[0])
		case other && !sameRank:
			b.WriteByte(sq[1])
		case other:
			b.WriteString(sq)
		}
		if mv.IsCapture() {
			b.WriteByte('x')
		}
		b.WriteString(game.SquareName(to))
	}
	p.Make(mv)
	if p.InCheck() {
		if len(p.LegalMoves()) == 0 {
			b.WriteByte('#')
		} else {
			b.WriteByte('+')
		}
	}
	p.Unmake()
	return b.String()
}
