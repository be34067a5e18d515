package learn

import "chimera/game"

// DangerSquares returns the squares of side c's pieces that the other side
// attacks (in a bifold game: threatens), which the hints mark.
func DangerSquares(p *game.Position, c game.Color) []int {
	var out []int
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
