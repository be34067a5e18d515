package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"testing"

	"chimera/game"
	"chimera/learn"
)

// Every piece the help can show has its picture, and each is an SVG image.
func TestWritePieces(t *testing.T) {
	dist := t.TempDir()
	if err := WritePieces(dist); err != nil {
		t.Fatal(err)
	}
	for _, v := range game.AllVariants() {
		for _, k := range v.Pieces {
			for _, c := range []game.Color{game.White, game.Black} {
				name := learn.PieceImage(v.PieceLetter(game.MakePiece(c, k)), v.Bifold)
				data, err := os.ReadFile(filepath.Join(dist, name))
				if err != nil {
					t.Fatalf("%s of %s: %v", name, v.ID, err)
				}
				var doc struct {
					XMLName xml.Name
					ViewBox string `xml:"viewBox,attr"`
				}
				if err := xml.Unmarshal(data, &doc); err != nil || doc.XMLName.Local != "svg" || doc.ViewBox == "" {
					t.Errorf("%s: not an SVG image (%v)", name, err)
				}
			}
		}
	}
}
