package sprites

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"
)

// SVG returns the piece letter (upper case White, lower case Black) of the
// given family as an SVG image: the same shapes as Draw, for the page's
// pictures (the help's legend, small diagrams), crisp at any size. The
// outline is a stroke under the fill (Draw dilates the fill; the two agree
// but for anti-aliasing), details and a halfling's hatching are clipped to
// the fill. Its viewBox is the design box: 100 by 100, 50 by 100 for a
// half-size token.
func SVG(letter byte, bifold, down bool) []byte {
	w := 100
	if IsHalf(letter, bifold) {
		w = 50
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d 100" width="%d" height="100">`, w, w)
	writeShapes(&b, letter, bifold, down, "")
	b.WriteString("</svg>")
	return []byte(b.String())
}

// Symbol returns the same picture as SVG as an SVG <symbol> with the given
// id (its clip paths' ids start with it), for a sheet of pieces that a page
// draws with <use href="#id">: the board's picture before the board itself
// has loaded (web/paint.js).
func Symbol(letter byte, bifold, down bool, id string) string {
	w := 100
	if IsHalf(letter, bifold) {
		w = 50
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<symbol id="%s" viewBox="0 0 %d 100">`, id, w)
	writeShapes(&b, letter, bifold, down, id+"-")
	b.WriteString("</symbol>")
	return b.String()
}

// writeShapes writes the piece's layers; prefix starts the ids of its clip
// paths.
func writeShapes(b *strings.Builder, letter byte, bifold, down bool, prefix string) {
	w := 100
	if IsHalf(letter, bifold) {
		w = 50
	}
	fill, line := WhiteFill, WhiteLine
	if letter >= 'a' && letter <= 'z' {
		fill, line = BlackFill, BlackLine
	}
	for i, l := range layers(letter, bifold, down) {
		shape := svgPath(&l.fill, false) + svgPath(&l.hole, true)
		if len(l.detail.polys) > 0 || len(l.hatch.polys) > 0 {
			fmt.Fprintf(b, `<clipPath id="%sc%d"><path d="%s"/></clipPath>`, prefix, i, shape)
		}
		fmt.Fprintf(b, `<path d="%s" fill="%s" stroke="%s" stroke-width="6.4" stroke-linejoin="round" paint-order="stroke"/>`,
			shape, hex(fill), hex(line))
		if len(l.detail.polys) > 0 {
			fmt.Fprintf(b, `<path d="%s" fill="%s" clip-path="url(#%sc%d)"/>`, svgPath(&l.detail, false), hex(line), prefix, i)
		}
		if len(l.hatch.polys) > 0 {
			fmt.Fprintf(b, `<clipPath id="%sr%d"><rect x="%d" y="0" width="%d" height="100"/></clipPath>`, prefix, i, w/2, w-w/2)
			fmt.Fprintf(b, `<g clip-path="url(#%sr%d)"><path d="%s" fill="%s" clip-path="url(#%sc%d)"/></g>`, prefix, i, svgPath(&l.hatch, false), hex(line), prefix, i)
		}
	}
}

// svgPath writes a shape as path data; reversed turns its outlines the
// other way round, so that under the non-zero rule they cut holes.
func svgPath(s *shape, reversed bool) string {
	var b strings.Builder
	i := 0
	if reversed {
		i = 1
	}
	for _, p := range s.paths {
		b.WriteString(p[i])
	}
	return b.String()
}

// svgPoint writes the i-th point of a polygon's path data.
func svgPoint(i int, q pt) string {
	c := "L"
	if i == 0 {
		c = "M"
	}
	return c + num(q.x) + " " + num(q.y)
}

// num writes v with at most one decimal.
func num(v float32) string {
	return strconv.FormatFloat(float64(int64(v*10+sign(v)*0.5))/10, 'f', -1, 64)
}

func sign(v float32) float32 {
	if v < 0 {
		return -1
	}
	return 1
}

func hex(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
