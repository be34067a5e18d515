package layout

import (
	"math"
	"testing"
)

func TestSoftwareRenderer(t *testing.T) {
	for _, c := range []struct {
		name string
		want bool
	}{
		{"ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)", true},
		{"llvmpipe, or similar", true},
		{"llvmpipe (LLVM 19.1.7, 256 bits)", true},
		{"Mesa softpipe", true},
		{"Google SwiftShader", true},
		{"ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)", true},
		{"ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)", false},
		{"Apple GPU", false},
		{"Mali-G78", false},
		{"", false},
	} {
		if got := SoftwareRenderer(c.name); got != c.want {
			t.Errorf("SoftwareRenderer(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestChooseGraphics(t *testing.T) {
	const swift = "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)"
	for _, c := range []struct {
		what      string
		renderer  string
		dpr, w, h float64
		sharp     bool
		scale     float64
		reduced   bool
		maxPixels float64 // 0: no bound
		software  bool
	}{
		{what: "a GPU keeps the device pixel ratio", renderer: "Apple GPU", dpr: 3, w: 390, h: 478, scale: 3},
		{what: "a GPU at 1280x720", renderer: "Mali-G78", dpr: 1, w: 860, h: 691, scale: 1},
		{what: "software, small canvas: full resolution", renderer: swift, dpr: 1, w: 334, h: 269, scale: 1, software: true},
		{what: "software 1280x720: below 1", renderer: swift, dpr: 1, w: 860, h: 691, scale: 0.64, reduced: true, software: true, maxPixels: SoftwarePixels},
		{what: "software phone DPR 3", renderer: "llvmpipe, or similar", dpr: 3, w: 390, h: 478, scale: 1.15, reduced: true, software: true, maxPixels: SoftwarePixels},
		{what: "software, the player wants it sharp", renderer: swift, dpr: 3, w: 390, h: 478, sharp: true, scale: 3, software: true},
		{what: "software, huge canvas: never below MinScale", renderer: swift, dpr: 1, w: 3840, h: 2160, scale: MinScale, reduced: true, software: true},
		{what: "not laid out yet counts as 1280x720", renderer: swift, dpr: 2, w: 0, h: 0, scale: 0.52, reduced: true, software: true, maxPixels: SoftwarePixels},
		{what: "no device pixel ratio: 1", renderer: "", dpr: 0, w: 800, h: 600, scale: 1},
	} {
		g := ChooseGraphics(c.renderer, c.dpr, c.w, c.h, c.sharp)
		if math.Abs(g.Scale-c.scale) > 1e-9 || g.Reduced() != c.reduced || g.Software != c.software {
			t.Errorf("%s: got %+v (reduced %v), want scale %v reduced %v software %v", c.what, g, g.Reduced(), c.scale, c.reduced, c.software)
		}
		if g.Renderer != c.renderer {
			t.Errorf("%s: renderer %q, want %q", c.what, g.Renderer, c.renderer)
		}
		w, h := c.w, c.h
		if w == 0 {
			w, h = 1280, 720
		}
		if c.maxPixels > 0 && w*g.Scale*h*g.Scale > c.maxPixels {
			t.Errorf("%s: %v x %v at %v is %.0f pixels, over %v", c.what, w, h, g.Scale, w*g.Scale*h*g.Scale, c.maxPixels)
		}
	}
}
