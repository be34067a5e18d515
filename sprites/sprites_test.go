package sprites

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"testing"
)

func TestDrawAllPieces(t *testing.T) {
	for _, fam := range []struct {
		bifold  bool
		letters string
	}{{false, "KQRBNPMAODE"}, {true, "PRBQHWFLDV"}} {
		unknown := Draw('x', fam.bifold, 64, false) // the fallback: a plain token
		for _, c := range []byte(fam.letters) {
			for _, l := range []byte{c, c | 0x20} {
				img := Draw(l, fam.bifold, 64, false)
				if bytes.Equal(img.Pix, unknown.Pix) {
					t.Errorf("%c (bifold %v) is drawn as the unknown-letter fallback", l, fam.bifold)
				}
				w, h := Size(l, fam.bifold, 64)
				if img.Bounds().Dx() != w || img.Bounds().Dy() != h {
					t.Errorf("%c: size %v, want %dx%d", l, img.Bounds(), w, h)
				}
				// Some pixels opaque, some transparent, and both colours present.
				var opaque, clear int
				for i := 3; i < len(img.Pix); i += 4 {
					switch img.Pix[i] {
					case 255:
						opaque++
					case 0:
						clear++
					}
				}
				if opaque < w*h/10 || clear < w*h/10 {
					t.Errorf("%c bifold=%v: opaque %d clear %d of %d", l, fam.bifold, opaque, clear, w*h)
				}
			}
		}
	}
}

func TestIsHalf(t *testing.T) {
	cases := []struct {
		l      byte
		bifold bool
		want   bool
	}{{'R', false, false}, {'R', true, true}, {'P', true, false}, {'p', true, false}, {'d', true, true}, {'D', false, false}, {'w', true, true}}
	for _, c := range cases {
		if got := IsHalf(c.l, c.bifold); got != c.want {
			t.Errorf("IsHalf(%c,%v) = %v", c.l, c.bifold, got)
		}
	}
}

// TestSheet writes a contact sheet of every piece when SPRITE_SHEET names a file.
func TestSheet(t *testing.T) {
	out := os.Getenv("SPRITE_SHEET")
	if out == "" {
		t.Skip("set SPRITE_SHEET=file.png to write a contact sheet")
	}
	const sq = 96
	rows := []struct {
		bifold  bool
		letters string
	}{{false, "KQRBNPMAODE"}, {false, "kqrbnpmaode"}, {true, "RBQHWFLDVP"}, {true, "rbqhwfldvp"}}
	sheet := image.NewRGBA(image.Rect(0, 0, 11*sq, len(rows)*sq))
	for y, r := range rows {
		for x, c := range []byte(r.letters) {
			light := (x+y)%2 == 0
			cell := image.Rect(x*sq, y*sq, (x+1)*sq, (y+1)*sq)
			bg := [4]uint8{0xb5, 0x88, 0x63, 255}
			if light {
				bg = [4]uint8{0xf0, 0xd9, 0xb5, 255}
			}
			for yy := cell.Min.Y; yy < cell.Max.Y; yy++ {
				for xx := cell.Min.X; xx < cell.Max.X; xx++ {
					o := sheet.PixOffset(xx, yy)
					copy(sheet.Pix[o:o+4], bg[:])
				}
			}
			img := Draw(c, r.bifold, sq, false)
			draw.Draw(sheet, img.Bounds().Add(cell.Min), img, image.Point{}, draw.Over)
			if IsHalf(c, r.bifold) {
				img2 := Draw(c, r.bifold, sq, true)
				draw.Draw(sheet, img2.Bounds().Add(cell.Min).Add(image.Pt(sq/2, 0)), img2, image.Point{}, draw.Over)
			}
		}
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, sheet); err != nil {
		t.Fatal(err)
	}
}

// TestHandedPawnMark checks that the mark of a handed bifold pawn points
// along the pawn's forward direction and to its owner's side: up and left for
// White's L as White sees it; down and to the screen's right for a pawn that
// moves down the screen (Black's L with White at the bottom, whose left is
// the screen's right); D the other way round.
func TestHandedPawnMark(t *testing.T) {
	const sq = 200
	// ink returns the share of opaque pixels of the token in the quadrant
	// (left/right, top/bottom part above/below the head's centre).
	ink := func(img *image.RGBA, right, below bool) float64 {
		b := img.Bounds()
		head := int(0.31 * float64(b.Dy()))
		n, total := 0, 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			if (y > head) != below || y > head+head/2+b.Dy()/8 || y < head-head {
				continue
			}
			for x := b.Min.X; x < b.Max.X; x++ {
				if (x >= b.Min.X+b.Dx()/2) != right {
					continue
				}
				total++
				if img.RGBAAt(x, y).A > 128 {
					n++
				}
			}
		}
		return float64(n) / float64(total)
	}
	cases := []struct {
		letter       byte
		down         bool
		right, below bool // where the arrow is
	}{
		{'L', false, false, false}, {'l', true, true, true},
		{'D', false, true, false}, {'d', true, false, true},
		{'l', false, false, false}, {'L', true, true, true}, // flipped board
	}
	for _, c := range cases {
		img := Draw(c.letter, true, sq, c.down)
		with := ink(img, c.right, c.below)
		without := ink(img, !c.right, c.below)
		if with <= without+0.02 {
			t.Errorf("%c down=%v: ink %.3f where the arrow should be, %.3f on the other side", c.letter, c.down, with, without)
		}
	}
}

// BenchmarkDraw draws a queen at the size of a phone's square (390 CSS px
// wide at DPR 3: 146 px), as the board does for each kind when it first
// shows it.
func BenchmarkDraw(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Draw('Q', false, 146, false)
	}
}

// dilateEach is dilate as it was first written: every offset of the disc
// tried at every pixel. The reference for TestDilate.
func (m *mask) dilateEach(r float32) *mask {
	out := newMask(m.w, m.h)
	ri := int(math.Ceil(float64(r))) + 1
	type off struct {
		dx, dy int
		wt     float32
	}
	var offs []off
	for dy := -ri; dy <= ri; dy++ {
		for dx := -ri; dx <= ri; dx++ {
			wt := r + 0.5 - float32(math.Hypot(float64(dx), float64(dy)))
			if wt <= 0 {
				continue
			}
			offs = append(offs, off{dx, dy, min(wt, 1)})
		}
	}
	for y := 0; y < m.h; y++ {
		for x := 0; x < m.w; x++ {
			var best float32
			for _, o := range offs {
				xx, yy := x+o.dx, y+o.dy
				if xx < 0 || yy < 0 || xx >= m.w || yy >= m.h {
					continue
				}
				if v := m.a[yy*m.w+xx] * o.wt; v > best {
					best = v
				}
			}
			out.a[y*m.w+x] = best
		}
	}
	return out
}

// TestDilate: dilate gives exactly what trying every offset gives, for
// every piece's layers at several sizes and outline widths, and for random
// masks (sparse, dense, all zero, narrower than the disc).
func TestDilate(t *testing.T) {
	check := func(name string, m *mask, r float32) {
		t.Helper()
		got, want := m.dilate(r), m.dilateEach(r)
		for i := range want.a {
			if got.a[i] != want.a[i] {
				t.Fatalf("%s, r %.2f: pixel %d,%d is %v, want %v", name, r, i%m.w, i/m.w, got.a[i], want.a[i])
			}
		}
	}
	for _, sq := range []int{20, 57, 146} {
		scale := float32(sq) / 100
		for _, c := range []byte("KQRBNPMAOD") {
			for _, bifold := range []bool{false, true} {
				for _, l := range layers(c, bifold, false) {
					w, h := Size(c, bifold, sq)
					fm := raster(&l.fill, w, h, scale)
					for _, r := range []float32{1.1, scale * 3.2, 4.7} {
						check(fmt.Sprintf("%c bifold=%v at %d", c, bifold, sq), fm, r)
					}
				}
			}
		}
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for i, dims := range [][2]int{{31, 17}, {3, 40}, {40, 2}, {1, 1}, {64, 64}} {
		for _, density := range []float64{0, 0.02, 0.3, 0.9} {
			m := newMask(dims[0], dims[1])
			for j := range m.a {
				if rnd.Float64() < density {
					m.a[j] = float32(rnd.IntN(256)) / 255
				}
			}
			for _, r := range []float32{0.3, 1.1, 2.5, 5} {
				check(fmt.Sprintf("random %d density %.2f", i, density), m, r)
			}
		}
	}
}

// BenchmarkDilate: the queen's outline at a phone's square size, by
// dilate and by trying every offset (dilateEach).
func BenchmarkDilate(b *testing.B) {
	scale := float32(146) / 100
	w, h := Size('Q', false, 146)
	fm := raster(&layers('Q', false, false)[0].fill, w, h, scale)
	b.Run("dilate", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			fm.dilate(scale * 3.2)
		}
	})
	b.Run("each", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			fm.dilateEach(scale * 3.2)
		}
	})
}
