//go:build js || native

package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"chimera/render/model"
	"chimera/sprites"
)

// spriteKey identifies one rasterised token.
type spriteKey struct {
	p      model.Piece
	bifold bool
	size   int
	down   bool
}

// spriteCache holds rasterised tokens per device-pixel size, plus shared images.
type spriteCache struct {
	tokens map[spriteKey]*ebiten.Image
	white  *ebiten.Image            // 1×1 white, for filling paths
	glow   *ebiten.Image            // a radial glow (check, shadow)
	rounds map[[2]int]*ebiten.Image // discs and rings by (radius, width) in half pixels
	text   *textCache
}

func newSpriteCache() *spriteCache {
	c := &spriteCache{tokens: map[spriteKey]*ebiten.Image{}, rounds: map[[2]int]*ebiten.Image{},
		text: newTextCache()}
	w := ebiten.NewImage(3, 3)
	w.Fill(color.White)
	c.white = w.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	const n = 64
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			d := math.Hypot(float64(x)+0.5-n/2, float64(y)+0.5-n/2) / (n / 2)
			a := math.Max(0, 1-d)
			a = a * a
			img.Pix[img.PixOffset(x, y)+0] = uint8(255 * a)
			img.Pix[img.PixOffset(x, y)+1] = uint8(255 * a)
			img.Pix[img.PixOffset(x, y)+2] = uint8(255 * a)
			img.Pix[img.PixOffset(x, y)+3] = uint8(255 * a)
		}
	}
	c.glow = ebiten.NewImageFromImage(img)
	return c
}

// token returns the rasterised token for p at a square of size device pixels.
func (c *spriteCache) token(p model.Piece, bifold bool, size int, down bool) *ebiten.Image {
	if size < 4 {
		size = 4
	}
	k := spriteKey{p, bifold, size, down}
	if img, ok := c.tokens[k]; ok {
		return img
	}
	if len(c.tokens) > 600 { // sizes changed many times: start afresh
		for _, img := range c.tokens {
			img.Deallocate()
		}
		c.tokens = map[spriteKey]*ebiten.Image{}
	}
	img := ebiten.NewImageFromImage(sprites.Draw(byte(p), bifold, size, down))
	c.tokens[k] = img
	return img
}

// round returns a white anti-aliased disc (w = 0) or ring of radius r and
// stroke width w, device pixels, centred in its image.
func (c *spriteCache) round(r, w float64) *ebiten.Image {
	k := [2]int{int(math.Round(r * 2)), int(math.Round(w * 2))}
	if img, ok := c.rounds[k]; ok {
		return img
	}
	r, w = float64(k[0])/2, float64(k[1])/2
	outer := r + w/2
	if w == 0 {
		outer = r
	}
	n := int(math.Ceil(outer*2)) + 2
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	cx := float64(n) / 2
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			// Coverage from 4×4 supersampling.
			cov := 0
			for sy := 0; sy < 4; sy++ {
				for sx := 0; sx < 4; sx++ {
					d := math.Hypot(float64(x)+(float64(sx)+0.5)/4-cx, float64(y)+(float64(sy)+0.5)/4-cx)
					if d <= outer && (w == 0 || d >= r-w/2) {
						cov++
					}
				}
			}
			a := uint8(cov * 255 / 16)
			o := img.PixOffset(x, y)
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = a, a, a, a
		}
	}
	e := ebiten.NewImageFromImage(img)
	if len(c.rounds) > 300 {
		for _, old := range c.rounds {
			old.Deallocate()
		}
		c.rounds = map[[2]int]*ebiten.Image{}
	}
	c.rounds[k] = e
	return e
}

// painter draws in CSS pixels on a device-pixel screen.
type painter struct {
	dst *ebiten.Image
	s   float64 // device pixels per CSS pixel
	c   *spriteCache
}

func (p painter) f(v float64) float32 { return float32(v * p.s) }

// visible reports whether the CSS-pixel box (x, y, w, h) (grown by m on each
// side) meets the destination: a repaint clipped to a small region skips the
// rest of the scene instead of sending it to the GPU to be clipped there.
func (p painter) visible(x, y, w, h, m float64) bool {
	b := p.dst.Bounds()
	s := p.s
	return (x-m)*s < float64(b.Max.X) && (x+w+m)*s > float64(b.Min.X) &&
		(y-m)*s < float64(b.Max.Y) && (y+h+m)*s > float64(b.Min.Y)
}

func (p painter) rect(x, y, w, h float64, clr color.Color) {
	if !p.visible(x, y, w, h, 1) {
		return
	}
	vector.DrawFilledRect(p.dst, p.f(x), p.f(y), p.f(w), p.f(h), clr, false)
}

// circle fills a disc. Ebiten's anti-aliased vector drawing renders through a
// double-size offscreen and is very slow on software WebGL, so round shapes are
// pre-rasterised images (anti-aliased in pure Go) drawn with a colour scale.
func (p painter) circle(x, y, r float64, clr color.Color) {
	p.ring(x, y, r, 0, clr)
}

// ring strokes a circle of radius r (the stroke centred on it) with width w;
// w = 0 fills the disc.
func (p painter) ring(x, y, r, w float64, clr color.Color) {
	if e := r + w/2 + 2; !p.visible(x-e, y-e, 2*e, 2*e, 0) {
		return
	}
	img := p.c.round(r*p.s, w*p.s)
	b := img.Bounds()
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x*p.s)-float64(b.Dx())/2, math.Round(y*p.s)-float64(b.Dy())/2)
	op.ColorScale.ScaleWithColor(clr)
	p.dst.DrawImage(img, op)
}

func (p painter) line(x0, y0, x1, y1, w float64, clr color.Color) {
	if !p.visible(math.Min(x0, x1), math.Min(y0, y1), math.Abs(x1-x0), math.Abs(y1-y0), w+1) {
		return
	}
	vector.StrokeLine(p.dst, p.f(x0), p.f(y0), p.f(x1), p.f(y1), p.f(w), clr, false)
}

// roundRect fills (or strokes, when sw > 0) a rounded rectangle.
func (p painter) roundRect(x, y, w, h, r, sw float64, clr color.Color) {
	if !p.visible(x, y, w, h, sw+1) {
		return
	}
	r = math.Min(r, math.Min(w, h)/2)
	var path vector.Path
	path.MoveTo(p.f(x+r), p.f(y))
	path.LineTo(p.f(x+w-r), p.f(y))
	path.ArcTo(p.f(x+w), p.f(y), p.f(x+w), p.f(y+r), p.f(r))
	path.LineTo(p.f(x+w), p.f(y+h-r))
	path.ArcTo(p.f(x+w), p.f(y+h), p.f(x+w-r), p.f(y+h), p.f(r))
	path.LineTo(p.f(x+r), p.f(y+h))
	path.ArcTo(p.f(x), p.f(y+h), p.f(x), p.f(y+h-r), p.f(r))
	path.LineTo(p.f(x), p.f(y+r))
	path.ArcTo(p.f(x), p.f(y), p.f(x+r), p.f(y), p.f(r))
	path.Close()
	p.path(&path, sw, clr)
}

func (p painter) poly(clr color.Color, xy ...float64) {
	if len(xy) >= 2 {
		x0, y0, x1, y1 := xy[0], xy[1], xy[0], xy[1]
		for i := 2; i+1 < len(xy); i += 2 {
			x0, x1 = math.Min(x0, xy[i]), math.Max(x1, xy[i])
			y0, y1 = math.Min(y0, xy[i+1]), math.Max(y1, xy[i+1])
		}
		if !p.visible(x0, y0, x1-x0, y1-y0, 1) {
			return
		}
	}
	var path vector.Path
	for i := 0; i+1 < len(xy); i += 2 {
		if i == 0 {
			path.MoveTo(p.f(xy[i]), p.f(xy[i+1]))
		} else {
			path.LineTo(p.f(xy[i]), p.f(xy[i+1]))
		}
	}
	path.Close()
	p.path(&path, 0, clr)
}

func (p painter) path(path *vector.Path, sw float64, clr color.Color) {
	var vs []ebiten.Vertex
	var is []uint16
	if sw > 0 {
		vs, is = path.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: p.f(sw), LineJoin: vector.LineJoinRound})
	} else {
		vs, is = path.AppendVerticesAndIndicesForFilling(nil, nil)
	}
	r, g, b, a := clr.RGBA()
	for i := range vs {
		vs[i].SrcX, vs[i].SrcY = 1, 1
		vs[i].ColorR = float32(r) / 0xffff
		vs[i].ColorG = float32(g) / 0xffff
		vs[i].ColorB = float32(b) / 0xffff
		vs[i].ColorA = float32(a) / 0xffff
	}
	p.dst.DrawTriangles(vs, is, p.c.white, &ebiten.DrawTrianglesOptions{})
}

// glow draws the radial glow centred at (x, y) with radius r.
func (p painter) glow(x, y, r float64, clr color.Color) {
	if !p.visible(x-r, y-r, 2*r, 2*r, 2) {
		return
	}
	op := &ebiten.DrawImageOptions{}
	sz := float64(p.c.glow.Bounds().Dx())
	op.GeoM.Translate(-sz/2, -sz/2)
	op.GeoM.Scale(2*r*p.s/sz, 2*r*p.s/sz)
	op.GeoM.Translate(x*p.s, y*p.s)
	op.ColorScale.ScaleWithColor(clr)
	op.Filter = ebiten.FilterLinear
	p.dst.DrawImage(p.c.glow, op)
}

// text draws s with its anchor at (x, y): h and v choose the anchor.
func (p painter) text(s string, x, y, size float64, bold bool, clr color.Color, h, v align) {
	p.c.text.draw(p.dst, s, x*p.s, y*p.s, textSize(size*p.s), bold, clr, h, v)
}

// textWidth returns the width of s in CSS pixels.
func (p painter) textWidth(s string, size float64, bold bool) float64 {
	return p.c.text.width(s, textSize(size*p.s), bold) / p.s
}

// piece draws token p centred at (x, y) for a square of sq CSS pixels.
func (p painter) piece(pc model.Piece, bifold bool, x, y, sq, scale, alpha float64, down bool) {
	if pc == model.None {
		return
	}
	if e := sq*scale*0.5 + 2; !p.visible(x-e, y-e, 2*e, 2*e, 0) {
		return
	}
	px := int(math.Round(sq * p.s))
	img := p.c.token(pc, bifold, px, down)
	b := img.Bounds()
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(-float64(b.Dx())/2, -float64(b.Dy())/2)
	if scale != 1 {
		op.GeoM.Scale(scale, scale)
		op.Filter = ebiten.FilterLinear
	}
	op.GeoM.Translate(math.Round(x*p.s), math.Round(y*p.s))
	if alpha < 1 {
		op.ColorScale.ScaleAlpha(float32(alpha))
	}
	p.dst.DrawImage(img, op)
}

func rgba(r, g, b, a uint8) color.NRGBA { return color.NRGBA{r, g, b, a} }
