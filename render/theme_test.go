package render

import (
	"image/color"
	"math"
	"testing"

	"chimera/render/model"
)

// luminance is the relative luminance of c (WCAG 2).
func luminance(c color.RGBA) float64 {
	ch := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.03928 {
			return x / 12.92
		}
		return pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
}

func pow(x, y float64) float64 { return math.Pow(x, y) }

func contrast(a, b color.RGBA) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// Every theme keeps the hands' text readable on their panels (WCAG AA for
// large text, 3:1, and 4.5:1 for the main text) and the two square colours
// apart, and the pieces (drawn white with a dark outline, or dark) stand out
// from both squares.
func TestPalettesAreReadable(t *testing.T) {
	white, black := c(0xf8, 0xf8, 0xf8), c(0x22, 0x22, 0x22)
	for _, page := range model.PageThemes {
		for _, board := range model.BoardThemes {
			p := PaletteFor(page, board)
			if r := contrast(p.Text, p.Panel); r < 4.5 {
				t.Errorf("%s/%s: text on panels %.2f:1", page, board, r)
			}
			if r := contrast(p.TextDim, p.Panel); r < 3 {
				t.Errorf("%s/%s: dim text on panels %.2f:1", page, board, r)
			}
			if r := contrast(p.Light, p.Dark); r < 1.6 {
				t.Errorf("%s/%s: the squares are too alike, %.2f:1", page, board, r)
			}
			for _, sq := range []color.RGBA{p.Light, p.Dark} {
				if contrast(black, sq) < 3 && contrast(white, sq) < 3 {
					t.Errorf("%s/%s: square %v is close to both piece colours", page, board, sq)
				}
			}
		}
	}
	if PaletteFor("nope", "nope") != PaletteFor("dark", "brown") {
		t.Error("an unknown theme is not the default")
	}
}
