// Package sprites draws the Chimera chess pieces: flat vector art described by
// code and rasterised in pure Go (golang.org/x/image/vector), so tokens are crisp
// at any size and the package runs anywhere (no graphics context needed).
//
// Every piece is drawn as a light fill with a dark outline (White) or a dark
// fill with a light outline (Black). Compound pieces show their two component
// silhouettes on one shared plinth, so that a player reads what they split
// into (the Queen of Bedlam and Assimilation is a rook and a bishop); royal
// compounds include the King with its cross. Bifold pieces are half-width
// tokens with a wide plinth so that a pair touches; halflings (R, B, Q) are
// cut down the middle with their right half hatched (half of a piece), and
// the Horse, which walks rather than leaps, is a horse's head seen from the
// front, unlike the knight's leaping profile. SVG writes the same shapes as
// an SVG image for the page.
//
// Callers rasterise once per size and cache the result (see render).
package sprites

import (
	"image"
	"image/color"
)

// Colours of the two sides.
var (
	WhiteFill = color.NRGBA{0xf7, 0xf3, 0xea, 0xff}
	WhiteLine = color.NRGBA{0x27, 0x25, 0x23, 0xff}
	BlackFill = color.NRGBA{0x34, 0x32, 0x38, 0xff}
	BlackLine = color.NRGBA{0xee, 0xea, 0xe2, 0xff}
)

// layer is one silhouette: its fill (minus holes) gets an outline; details are
// drawn in the line colour inside the fill.
type layer struct{ fill, hole, detail, hatch shape }

// IsHalf reports whether letter (either case) is a half-width bifold token in
// the given family. The full-size pawn P of the bifold games is not.
func IsHalf(letter byte, bifold bool) bool {
	if !bifold {
		return false
	}
	switch letter | 0x20 {
	case 'r', 'b', 'q', 'h', 'w', 'f', 'l', 'd', 'v':
		return true
	}
	return false
}

// Size returns the pixel size of the token for letter when a square is sq
// pixels: sq×sq for full pieces, (sq/2)×sq for half-width bifold pieces.
func Size(letter byte, bifold bool, sq int) (w, h int) {
	if IsHalf(letter, bifold) {
		return (sq + 1) / 2, sq
	}
	return sq, sq
}

// Draw rasterises the piece letter (uppercase White, lowercase Black) of the
// given family for a square of sq pixels. The result has the size given by
// Size. down says the piece moves down the screen (Black with White at the
// bottom, or White on a flipped board): the mark of a handed bifold pawn (L, D)
// points along the pawn's own forward direction and to its owner's side, so
// it is mirrored and turned downwards. Other pieces are drawn the same either
// way. Unknown letters give a plain disc.
func Draw(letter byte, bifold bool, sq int, down bool) *image.RGBA {
	w, h := Size(letter, bifold, sq)
	if sq < 4 {
		sq, w, h = 4, 4, 4
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill, line := WhiteFill, WhiteLine
	if letter >= 'a' && letter <= 'z' {
		fill, line = BlackFill, BlackLine
	}
	scale := float32(sq) / 100 // design units: 100 per square
	outline := scale * 3.2
	if outline < 1.1 {
		outline = 1.1
	}
	for _, l := range layers(letter, bifold, down) {
		fm := raster(&l.fill, w, h, scale)
		if len(l.hole.polys) > 0 {
			fm.minus(raster(&l.hole, w, h, scale))
		}
		paint(img, fm.dilate(outline), line)
		paint(img, fm, fill)
		if len(l.detail.polys) > 0 {
			paint(img, raster(&l.detail, w, h, scale).times(fm), line)
		}
		if len(l.hatch.polys) > 0 {
			// Inside the fill and on the token's right half only.
			paint(img, raster(&l.hatch, w, h, scale).times(fm).rightOf(float32(w)/2), line)
		}
	}
	return img
}

// Layers of a full-size piece in the 100×100 design box.
func layers(letter byte, bifold, down bool) []layer {
	c := letter | 0x20
	if IsHalf(letter, bifold) {
		// Half tokens: 50×100 design box, the glyph at 0.68 scale, a wide plinth.
		t := xform{s: 0.68, ox: 25 - 50*0.68, oy: 77 - 80*0.68}
		var ls []layer
		var g layer
		switch c {
		case 'r':
			rookGlyph(&g, t)
		case 'b':
			bishopGlyph(&g, t)
		case 'q':
			queenGlyph(&g, t)
		case 'h':
			horseGlyph(&g, t)
		case 'w', 'f':
			royalGlyph(&g, t, c == 'f')
		case 'l', 'd':
			pawnGlyph(&g, t)
			handMark(&g, t, c == 'd', down)
		case 'v':
			pawnGlyph(&g, t)
			weakMark(&g, t)
		}
		if c == 'r' || c == 'b' || c == 'q' {
			halfMark(&g)
		}
		ls = append(ls, g)
		var base layer
		base.fill.roundRect(identity, 3, 74, 44, 9, 3)
		return append(ls, base)
	}
	one := func(f func(*layer, xform)) []layer {
		var g layer
		f(&g, identity)
		return []layer{g, plinth(false)}
	}
	pair := func(left, right func(*layer, xform)) []layer {
		var a, b layer
		left(&a, xform{s: 0.72, ox: 35 - 50*0.72, oy: 80 - 80*0.72})
		right(&b, xform{s: 0.72, ox: 65 - 50*0.72, oy: 80 - 80*0.72})
		return []layer{a, b, plinth(true)}
	}
	knight := func(l *layer, t xform) { knightGlyph(l, t, true) }
	switch c {
	case 'k':
		return one(kingGlyph)
	case 'q':
		if bifold {
			break
		}
		// The Queen splits into a rook and a bishop: it shows them.
		return pair(rookGlyph, bishopGlyph)
	case 'r':
		return one(rookGlyph)
	case 'b':
		return one(bishopGlyph)
	case 'n':
		return one(knight)
	case 'p':
		return one(pawnGlyph)
	case 'm':
		return pair(rookGlyph, knight)
	case 'a':
		return pair(bishopGlyph, knight)
	case 'o':
		return pair(kingGlyph, bishopGlyph)
	case 'd':
		return pair(kingGlyph, rookGlyph)
	case 'e':
		return pair(kingGlyph, knight)
	}
	var g layer
	g.fill.circle(identity, 50, 50, 30)
	return []layer{g}
}

// plinth is the base of a full-size token (wider for compounds).
func plinth(wide bool) layer {
	var l layer
	if wide {
		l.fill.roundRect(identity, 12, 78, 76, 11, 3)
	} else {
		l.fill.roundRect(identity, 22, 78, 56, 11, 3)
	}
	return l
}

func pawnGlyph(l *layer, t xform) {
	l.fill.circle(t, 50, 31, 12.5)
	l.fill.roundRect(t, 38, 44, 24, 6, 3)
	l.fill.poly(t, 44, 46, 56, 46, 60, 64, 68, 80, 32, 80, 40, 64)
	l.detail.stroke(t, 2.2, 39, 47, 61, 47)
}

func rookGlyph(l *layer, t xform) {
	l.fill.rect(t, 27, 26, 46, 12)
	l.fill.rect(t, 27, 15, 12, 13)
	l.fill.rect(t, 44, 15, 12, 13)
	l.fill.rect(t, 61, 15, 12, 13)
	l.fill.poly(t, 33, 36, 67, 36, 64, 80, 36, 80)
	l.detail.stroke(t, 2.4, 27, 38, 73, 38)
	l.detail.stroke(t, 2.4, 35, 70, 65, 70)
}

func bishopGlyph(l *layer, t xform) {
	l.fill.curve(t, 50, 21,
		60, 28, 68, 40, 66, 52,
		64, 62, 59, 68, 58, 70,
		52, 70.5, 48, 70.5, 42, 70,
		41, 68, 36, 62, 34, 52,
		32, 40, 40, 28, 50, 21)
	l.fill.circle(t, 50, 15, 5.5)
	l.fill.roundRect(t, 37, 67, 26, 8, 2)
	l.fill.poly(t, 42, 74, 58, 74, 64, 80, 36, 80)
	l.detail.stroke(t, 3.2, 48, 47, 58, 36)
	l.detail.stroke(t, 2.2, 38, 74.5, 62, 74.5)
}

func knightGlyph(l *layer, t xform, mane bool) {
	l.fill.curve(t, 34, 80,
		36, 68, 42, 60, 46, 54,
		40, 57, 33, 58, 28, 57,
		21, 56, 18, 50, 22, 44,
		26, 38, 34, 28, 42, 22,
		46, 18, 50, 14, 54, 9,
		56, 13, 58, 17, 60, 20,
		70, 26, 73, 46, 70, 80)
	l.detail.circle(t, 43, 31, 3.2)
	l.detail.circle(t, 25.5, 48.5, 1.8)
	if mane {
		// The leaping flourish: a jagged mane down the back of the neck.
		l.detail.stroke(t, 2.4, 63, 26, 59, 31)
		l.detail.stroke(t, 2.4, 67, 35, 62, 39)
		l.detail.stroke(t, 2.4, 69, 45, 64, 48)
		l.detail.stroke(t, 2.4, 70, 56, 65, 58)
	} else {
		// The Horse: a plain bridle instead of the mane.
		l.detail.stroke(t, 2.4, 30, 42, 44, 42, 56, 30)
	}
}

func kingGlyph(l *layer, t xform) {
	l.fill.rect(t, 46.5, 8, 7, 24)
	l.fill.rect(t, 40, 14, 20, 7)
	l.fill.ellipse(t, 50, 44, 19, 13)
	l.fill.poly(t, 35, 48, 65, 48, 62, 80, 38, 80)
	l.detail.stroke(t, 2.4, 33, 56, 67, 56)
}

func queenGlyph(l *layer, t xform) {
	l.fill.poly(t, 34, 58, 27, 27, 33.5, 44, 39, 21, 44.5, 42, 50, 17, 55.5, 42, 61, 21, 66.5, 44, 73, 27, 66, 58)
	for _, p := range [][2]float32{{27, 25}, {39, 19}, {50, 14}, {61, 19}, {73, 25}} {
		l.fill.circle(t, p[0], p[1], 4.2)
	}
	l.fill.poly(t, 36, 56, 64, 56, 63, 80, 37, 80)
	l.detail.stroke(t, 2.4, 35, 58, 65, 58)
}

// royalGlyph is the bifold Wazir (a plus) or Ferz (a cross) under a crown.
func royalGlyph(l *layer, t xform, ferz bool) {
	l.fill.poly(t, 29, 48, 25, 19, 39, 33, 50, 13, 61, 33, 75, 19, 71, 48)
	for _, p := range [][2]float32{{25, 18}, {50, 12}, {75, 18}} {
		l.fill.circle(t, p[0], p[1], 4.2)
	}
	l.fill.poly(t, 30, 46, 70, 46, 66, 80, 34, 80)
	l.detail.stroke(t, 2.4, 29, 48, 71, 48)
	if ferz {
		l.detail.stroke(t, 4.5, 41, 55, 59, 73)
		l.detail.stroke(t, 4.5, 59, 55, 41, 73)
	} else {
		l.detail.stroke(t, 4.5, 50, 53, 50, 75)
		l.detail.stroke(t, 4.5, 39, 64, 61, 64)
	}
}

// handMark adds an arrow from the pawn's head towards the one side it may
// capture to: forward and to its owner's left for L, right for D. Seen from
// the owner's side of the board that is up and left (or right); a pawn that
// moves down the screen (down) has it pointing down and mirrored, since its
// owner's left is the screen's right.
func handMark(l *layer, t xform, right, down bool) {
	const head = 31 // the head's centre: a downward mark is reflected about it
	x := func(v float32) float32 {
		if right != down {
			return 100 - v
		}
		return v
	}
	y := func(v float32) float32 {
		if down {
			return 2*head - v
		}
		return v
	}
	l.fill.stroke(t, 5, x(40), y(25), x(29), y(14))
	l.fill.poly(t, x(20), y(5), x(35), y(9), x(24), y(20))
}

// weakMark hollows the head of the weak pawn and cracks its body.
func weakMark(l *layer, t xform) {
	l.hole.circle(t, 50, 31, 5)
	l.detail.stroke(t, 2.4, 47, 52, 53, 59, 46, 66, 55, 75)
}

// halfMark shows a halfling as half of a piece: a cut down the glyph's
// middle, and its right half hatched in the outline colour. In the
// half-token design box (50 wide).
func halfMark(l *layer) {
	l.detail.stroke(identity, 1.8, 25, 0, 25, 76)
	for x := float32(20); x < 90; x += 6.5 {
		l.hatch.stroke(identity, 2.2, x, 0, x-40, 80)
	}
}

// horseGlyph is the Horse: a horse's head seen from the front, with a
// noseband (it walks, it does not leap), unlike the knight's profile.
func horseGlyph(l *layer, t xform) {
	// narrow upright ears and a forelock between them
	l.fill.poly(t, 38, 26, 36, 5, 46, 20)
	l.fill.poly(t, 54, 20, 64, 5, 62, 26)
	l.fill.poly(t, 44, 21, 50, 12, 56, 21)
	// a long face: widest at the eyes, narrow cheeks, a rounded muzzle
	l.fill.curve(t, 50, 17,
		58, 17, 64, 22, 65, 32,
		66, 42, 60, 50, 59, 58,
		62, 62, 63, 70, 59, 75,
		55, 79, 45, 79, 41, 75,
		37, 70, 38, 62, 41, 58,
		40, 50, 34, 42, 35, 32,
		36, 22, 42, 17, 50, 17)
	// the neck down to the plinth
	l.fill.poly(t, 40, 68, 60, 68, 66, 80, 34, 80)
	l.detail.circle(t, 39.5, 34, 3.2)
	l.detail.circle(t, 60.5, 34, 3.2)
	l.detail.circle(t, 45.5, 69, 2.4)
	l.detail.circle(t, 54.5, 69, 2.4)
	l.detail.stroke(t, 2.6, 38, 56, 62, 56)
}
