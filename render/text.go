//go:build js || native

package render

import (
	"image"
	"image/color"
	"math"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Text is rasterised in pure Go (golang.org/x/image/font over the Go fonts)
// into white-on-transparent images, one per (string, device-pixel size,
// weight), uploaded once and drawn with a colour scale. Ebiten's text/v2 is not
// used: it links a whole shaping engine (go-text/typesetting with harfbuzz and
// bitmap-font image decoders), several hundred kilobytes of wasm for labels
// that need none of it.

// align is where a text's anchor lies: its start, centre or end (horizontally:
// left, middle, right of the advance; vertically: top, middle, bottom of the
// line box, ascent plus descent).
type align uint8

const (
	alignStart align = iota
	alignCenter
	alignEnd
)

type textKey struct {
	s    string
	size int // device pixels
	bold bool
}

// textEntry is one rasterised string.
type textEntry struct {
	img     *ebiten.Image
	ox, oy  int     // the image's top-left relative to the line box's top-left
	advance float64 // device pixels
	height  float64 // line box (ascent + descent), device pixels
	used    uint64
}

// textCache holds the faces and the rasterised strings (bounded: the least
// recently used half is dropped when it grows past maxTexts).
type textCache struct {
	fonts   [2]*opentype.Font
	faces   map[faceKey]font.Face
	entries map[textKey]*textEntry
	clock   uint64
	widths  map[textKey]float64
}

type faceKey struct {
	size int
	bold bool
}

const maxTexts = 400

func newTextCache() *textCache {
	c := &textCache{faces: map[faceKey]font.Face{}, entries: map[textKey]*textEntry{}, widths: map[textKey]float64{}}
	for i, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		if f, err := opentype.Parse(ttf); err == nil {
			c.fonts[i] = f
		}
	}
	return c
}

func textSize(px float64) int {
	return max(6, int(math.Round(px)))
}

// face returns a face of size device pixels.
func (c *textCache) face(size int, bold bool) font.Face {
	k := faceKey{size, bold}
	if f, ok := c.faces[k]; ok {
		return f
	}
	src := c.fonts[0]
	if bold && c.fonts[1] != nil {
		src = c.fonts[1]
	}
	if src == nil {
		return nil
	}
	f, err := opentype.NewFace(src, &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil
	}
	if len(c.faces) > 64 {
		c.faces = map[faceKey]font.Face{}
	}
	c.faces[k] = f
	return f
}

// width returns the advance of s in device pixels.
func (c *textCache) width(s string, size int, bold bool) float64 {
	k := textKey{s, size, bold}
	if e, ok := c.entries[k]; ok {
		return e.advance
	}
	if w, ok := c.widths[k]; ok {
		return w
	}
	f := c.face(size, bold)
	if f == nil {
		return 0
	}
	w := fix(font.MeasureString(f, s))
	if len(c.widths) > 4*maxTexts {
		c.widths = map[textKey]float64{}
	}
	c.widths[k] = w
	return w
}

func fix(v fixed.Int26_6) float64 { return float64(v) / 64 }

// get returns s rasterised at size device pixels, or nil.
func (c *textCache) get(s string, size int, bold bool) *textEntry {
	c.clock++
	k := textKey{s, size, bold}
	if e, ok := c.entries[k]; ok {
		e.used = c.clock
		return e
	}
	f := c.face(size, bold)
	if f == nil {
		return nil
	}
	m := f.Metrics()
	asc, desc := fix(m.Ascent), fix(m.Descent)
	bounds, adv := font.BoundString(f, s)
	// The ink's pixel bounds relative to the baseline origin, with a pixel to spare.
	x0 := bounds.Min.X.Floor() - 1
	y0 := bounds.Min.Y.Floor() - 1
	x1 := bounds.Max.X.Ceil() + 1
	y1 := bounds.Max.Y.Ceil() + 1
	e := &textEntry{advance: fix(adv), height: asc + desc, used: c.clock}
	if x1 > x0 && y1 > y0 {
		base := int(math.Round(asc)) // baseline below the line box's top, whole pixels
		dst := image.NewAlpha(image.Rect(0, 0, x1-x0, y1-y0))
		d := font.Drawer{Dst: dst, Src: image.White, Face: f, Dot: fixed.P(-x0, -y0)}
		d.DrawString(s)
		e.img = ebiten.NewImageFromImage(dst)
		e.ox, e.oy = x0, base+y0
	}
	if len(c.entries) >= maxTexts {
		c.evict()
	}
	c.entries[k] = e
	return e
}

// evict drops the least recently used half of the strings.
func (c *textCache) evict() {
	all := make([]*textEntry, 0, len(c.entries))
	for _, e := range c.entries {
		all = append(all, e)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].used < all[j].used })
	cut := all[len(all)/2].used
	for k, e := range c.entries {
		if e.used < cut {
			if e.img != nil {
				e.img.Deallocate()
			}
			delete(c.entries, k)
		}
	}
}

// draw draws s with its anchor at (x, y), device pixels; the image lands on
// whole pixels so the glyphs stay as rasterised.
func (c *textCache) draw(dst *ebiten.Image, s string, x, y float64, size int, bold bool, clr color.Color, h, v align) {
	if s == "" {
		return
	}
	e := c.get(s, size, bold)
	if e == nil || e.img == nil {
		return
	}
	switch h {
	case alignCenter:
		x -= e.advance / 2
	case alignEnd:
		x -= e.advance
	}
	switch v {
	case alignCenter:
		y -= e.height / 2
	case alignEnd:
		y -= e.height
	}
	dx, dy := math.Round(x)+float64(e.ox), math.Round(y)+float64(e.oy)
	b, ib := dst.Bounds(), e.img.Bounds()
	if dx >= float64(b.Max.X) || dy >= float64(b.Max.Y) || dx+float64(ib.Dx()) <= float64(b.Min.X) || dy+float64(ib.Dy()) <= float64(b.Min.Y) {
		return // outside a clipped repaint
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(dx, dy)
	op.ColorScale.ScaleWithColor(clr)
	dst.DrawImage(e.img, op)
}
