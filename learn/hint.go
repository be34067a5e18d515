package learn

import "chimera/game"

// DangerSquares returns the squares of side c's pieces that the other side
// could capture, which the hints mark ("mark my attacked pieces"). In
// Bedlam and Assimilation that is the rules' "attacked": an enemy piece
// could capture there by an ordinary capturing move, pins ignored
// (game.Position.Attacked). In the Bifold Halfgi games a threatened piece
// is not always one that can be captured (a lone piece entering a square
// with one enemy piece shares it), so there a square is marked when one of
// the other side's legal moves, were it that side's turn, captures a piece
// of c on it (en passant included when it is the other side's turn).
func DangerSquares(p *game.Position, c game.Color) []int {
	var out []int
	if !p.Variant().Bifold {
		for s := 0; s < 64; s++ {
			for _, x := range p.At(s) {
				if x != game.NoPiece && x.Color() == c && p.Attacked(s, c.Other()) {
					out = append(out, s)
					break
				}
			}
		}
		return out
	}
	q := p
	if p.Turn() == c {
		if q = withTurn(p, c.Other()); q == nil {
			return nil
		}
	}
	var danger [64]bool
	for _, m := range q.LegalMoves() {
		if !m.IsCapture() {
			continue
		}
		for _, ch := range q.Effects(m).Changes {
			if !ch.Appear && ch.Square != game.NoSquare && ch.Piece.Color() == c {
				danger[ch.Square] = true
			}
		}
	}
	for s, d := range danger {
		if d {
			out = append(out, s)
		}
	}
	return out
}
