package render

import (
	"image/color"
)

// A Palette is the colours the board is drawn in: the page's background,
// the hands' panels and their text (the page's theme: dark or light), and
// the squares (the board's colours).
type Palette struct {
	BG, Panel, PanelHi, Text, TextDim color.RGBA
	Light, Dark                       color.RGBA // the squares
}

// PaletteFor returns the colours of page theme page ("dark", "light") and
// board colours board ("brown", "green", "blue"); an unknown name is the
// first of its list.
func PaletteFor(page, board string) Palette {
	p := Palette{ // dark
		BG: c(0x2c, 0x2a, 0x27), Panel: c(0x3a, 0x37, 0x33), PanelHi: c(0x4d, 0x49, 0x44),
		Text: c(0xe8, 0xe5, 0xe0), TextDim: c(0xa8, 0xa3, 0x9c),
	}
	if page == "light" {
		p.BG, p.Panel, p.PanelHi = c(0xf3, 0xf1, 0xed), c(0xe2, 0xdd, 0xd5), c(0xd4, 0xce, 0xc4)
		p.Text, p.TextDim = c(0x24, 0x21, 0x1e), c(0x5c, 0x56, 0x50)
	}
	switch board {
	case "green":
		p.Light, p.Dark = c(0xee, 0xee, 0xd2), c(0x76, 0x96, 0x56)
	case "blue":
		p.Light, p.Dark = c(0xde, 0xe3, 0xe6), c(0x8c, 0xa2, 0xad)
	default: // brown
		p.Light, p.Dark = c(0xf0, 0xd9, 0xb5), c(0xb5, 0x88, 0x63)
	}
	return p
}

func c(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }
