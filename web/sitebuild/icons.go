package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sync"
)

// The app icon, drawn here (no image file is committed): a pawn split down the
// middle, White's half and Black's half fused into one piece, on a corner of a
// chessboard.

var (
	lightSq  = rgb(0xee, 0xd8, 0xb0)
	darkSq   = rgb(0xb0, 0x7f, 0x56)
	whiteFil = rgb(0xfa, 0xf7, 0xf0)
	blackFil = rgb(0x2a, 0x26, 0x24)
	outline  = rgb(0x14, 0x12, 0x11)
)

type fcolor struct{ r, g, b, a float64 }

func rgb(r, g, b uint8) fcolor {
	return fcolor{float64(r) / 255, float64(g) / 255, float64(b) / 255, 1}
}

type vec struct{ x, y float64 }

// Signed distance functions (negative inside), in the unit square.
func sdCircle(p, c vec, r float64) float64 { return math.Hypot(p.x-c.x, p.y-c.y) - r }

func sdRoundBox(p, c, half vec, r float64) float64 {
	qx := math.Abs(p.x-c.x) - half.x + r
	qy := math.Abs(p.y-c.y) - half.y + r
	return math.Hypot(math.Max(qx, 0), math.Max(qy, 0)) + math.Min(math.Max(qx, qy), 0) - r
}

func sdPolygon(p vec, v []vec) float64 {
	d := (p.x-v[0].x)*(p.x-v[0].x) + (p.y-v[0].y)*(p.y-v[0].y)
	s := 1.0
	for i, j := 0, len(v)-1; i < len(v); j, i = i, i+1 {
		e := vec{v[j].x - v[i].x, v[j].y - v[i].y}
		w := vec{p.x - v[i].x, p.y - v[i].y}
		t := math.Max(0, math.Min(1, (w.x*e.x+w.y*e.y)/(e.x*e.x+e.y*e.y)))
		b := vec{w.x - e.x*t, w.y - e.y*t}
		d = math.Min(d, b.x*b.x+b.y*b.y)
		c1 := p.y >= v[i].y
		c2 := p.y < v[j].y
		c3 := e.x*w.y > e.y*w.x
		if (c1 && c2 && c3) || (!c1 && !c2 && !c3) {
			s = -s
		}
	}
	return s * math.Sqrt(d)
}

// pawn is the piece's distance field, scaled by k around the centre.
func pawn(p vec, k float64) float64 {
	p = vec{0.5 + (p.x-0.5)/k, 0.5 + (p.y-0.5)/k}
	head := sdCircle(p, vec{0.5, 0.29}, 0.115)
	collar := sdRoundBox(p, vec{0.5, 0.42}, vec{0.13, 0.03}, 0.025)
	body := sdPolygon(p, []vec{{0.43, 0.40}, {0.57, 0.40}, {0.68, 0.74}, {0.32, 0.74}})
	base := sdRoundBox(p, vec{0.5, 0.77}, vec{0.25, 0.05}, 0.035)
	return math.Min(math.Min(head, collar), math.Min(body, base)) * k
}

// iconPixel returns the colour at p. maskable icons are full-bleed with the piece
// inside the safe zone; the others have rounded corners.
func iconPixel(p vec, maskable bool) fcolor {
	var bg fcolor
	k := 1.0
	if maskable {
		k = 0.78
	} else if sdRoundBox(p, vec{0.5, 0.5}, vec{0.5, 0.5}, 0.18) > 0 {
		return fcolor{}
	}
	if (int(p.x*4)+int(p.y*4))%2 == 0 {
		bg = lightSq
	} else {
		bg = darkSq
	}
	d := pawn(p, k)
	const line = 0.028
	switch {
	case d > 0:
		return bg
	case d > -line*k:
		return outline
	case math.Abs(p.x-0.5) < line*k/2:
		return outline // the seam between the two halves
	case p.x < 0.5:
		return whiteFil
	default:
		return blackFil
	}
}

// DrawIcon renders the icon at size x size pixels with 4x4 supersampling.
func DrawIcon(size int, maskable, opaque bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	const ss = 4
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			var acc fcolor
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					p := vec{(float64(x) + (float64(sx)+0.5)/ss) / float64(size), (float64(y) + (float64(sy)+0.5)/ss) / float64(size)}
					c := iconPixel(p, maskable || opaque)
					acc.r += c.r * c.a
					acc.g += c.g * c.a
					acc.b += c.b * c.a
					acc.a += c.a
				}
			}
			var out color.NRGBA
			if acc.a > 0 {
				out = color.NRGBA{
					R: uint8(math.Round(acc.r / acc.a * 255)),
					G: uint8(math.Round(acc.g / acc.a * 255)),
					B: uint8(math.Round(acc.b / acc.a * 255)),
					A: uint8(math.Round(acc.a / ss / ss * 255)),
				}
			}
			img.SetNRGBA(x, y, out)
		}
	}
	return img
}

// encodePNG writes img as a PNG; an image of at most 256 colours (the icons
// are drawn in a few flat colours and their edges) as an indexed one, pixel
// for pixel the same, about half the size.
func encodePNG(img image.Image) ([]byte, error) {
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if p, ok := paletted(img); ok {
		img = p
	}
	err := enc.Encode(&b, img)
	return b.Bytes(), err
}

// paletted returns img as an indexed image with exactly its colours, when
// it has at most 256 of them.
func paletted(img image.Image) (*image.Paletted, bool) {
	r := img.Bounds()
	index := map[color.NRGBA]uint8{}
	var pal color.Palette
	out := image.NewPaletted(r, nil)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			if c.A == 0 {
				c = color.NRGBA{} // every transparent pixel is one colour
			}
			i, ok := index[c]
			if !ok {
				if len(pal) == 256 {
					return nil, false
				}
				i = uint8(len(pal))
				index[c] = i
				pal = append(pal, c)
			}
			out.Pix[out.PixOffset(x, y)] = i
		}
	}
	out.Palette = pal
	return out, true
}

// ICO wraps PNG images in an .ico container (PNG entries are valid since Vista).
func ICO(pngs [][]byte, sizes []int) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, [3]uint16{0, 1, uint16(len(pngs))})
	offset := 6 + 16*len(pngs)
	for i, p := range pngs {
		dim := uint8(sizes[i])
		if sizes[i] >= 256 {
			dim = 0
		}
		b.Write([]byte{dim, dim, 0, 0})
		binary.Write(&b, binary.LittleEndian, [2]uint16{1, 32})
		binary.Write(&b, binary.LittleEndian, [2]uint32{uint32(len(p)), uint32(offset)})
		offset += len(p)
	}
	for _, p := range pngs {
		b.Write(p)
	}
	return b.Bytes()
}

var (
	iconsOnce sync.Once
	iconFiles map[string][]byte
	iconsErr  error
)

// WriteIcons writes the icons the manifest and pages refer to (drawn once per
// process).
func WriteIcons(dist string) error {
	iconsOnce.Do(func() { iconFiles, iconsErr = drawIcons() })
	if iconsErr != nil {
		return iconsErr
	}
	for name, data := range iconFiles {
		if err := os.WriteFile(filepath.Join(dist, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func drawIcons() (map[string][]byte, error) {
	out := map[string][]byte{}
	files := []struct {
		name             string
		size             int
		maskable, opaque bool
	}{
		{"icon-192.png", 192, false, false},
		{"icon-512.png", 512, false, false},
		{"icon-maskable-512.png", 512, true, false},
		{"apple-touch-icon.png", 180, false, true},
		{"favicon-32.png", 32, false, false},
	}
	var fav []byte
	for _, f := range files {
		data, err := encodePNG(DrawIcon(f.size, f.maskable, f.opaque))
		if err != nil {
			return nil, err
		}
		if f.size == 32 {
			fav = data
		}
		out[f.name] = data
	}
	out["favicon.ico"] = ICO([][]byte{fav}, []int{32})
	return out, nil
}
