package main

import (
	"os"
	"path/filepath"

	"chimera/learn"
	"chimera/sprites"
)

// WritePieces writes the pictures of every piece of both families in both
// colours (learn.PieceImage names them) as SVG drawn by package sprites: the
// help's legend and its small diagrams show the board's own pieces. A
// Black handed pawn points down the page, as it moves on a board with White
// at the bottom.
func WritePieces(dist string) error {
	full, bifold := learn.PieceLetters()
	for _, fam := range []struct {
		letters string
		bifold  bool
	}{{full, false}, {bifold, true}} {
		for _, l := range []byte(fam.letters) {
			for _, x := range []byte{l, l | 0x20} {
				svg := sprites.SVG(x, fam.bifold, x >= 'a')
				if err := os.WriteFile(filepath.Join(dist, learn.PieceImage(x, fam.bifold)), svg, 0o644); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
