package layout

import (
	"math"
	"strings"
)

// SoftwarePixels is the most device pixels the board's canvas gets when the
// browser draws WebGL in software and the player has not asked for a sharp
// board. Drawing the board costs little; presenting it does not: a browser
// compositing in software runs every WebGL frame on the CPU and reads the
// whole canvas back, so in headless Chromium (SwiftShader) on this project's
// 2-core test machine 1280x720's board and hands (860x691 CSS pixels,
// 594,000 device pixels) moved at 34 frames a second and a phone at device
// pixel ratio 3 (1170x1434) at 18. Measured with perf.test.mjs: 320,000
// pixels gave 44 and 45, 250,000 gave 48 and 46 (scale 0.64 and 1.15), the
// 45 the board is meant to keep.
const SoftwarePixels = 250000

// MinScale is the lowest device scale factor the board is ever drawn at:
// below it coordinates and counts stop being legible.
const MinScale = 0.5

// Graphics is how the board is drawn: the browser's WebGL renderer, whether
// it draws in software, and the device scale factor chosen for the canvas
// against the browser's device pixel ratio.
type Graphics struct {
	Renderer string  `json:"renderer"` // the WebGL renderer's name, as the browser tells it
	Software bool    `json:"software"` // WebGL is drawn by the CPU (SwiftShader, llvmpipe, ...)
	DPR      float64 `json:"dpr"`      // the browser's device pixel ratio
	Scale    float64 `json:"scale"`    // the device scale factor the canvas is drawn at
}

// Reduced reports whether the board is drawn below the browser's resolution.
func (g Graphics) Reduced() bool { return g.Scale < g.DPR }

// softwareRenderers are parts of the renderer names of WebGL drawn in
// software: Chromium's SwiftShader, Mesa's llvmpipe, softpipe and lavapipe
// (Firefox and WebKitGTK on Linux without a GPU), Windows' basic render
// driver. Safari and WebKitGTK hide the name ("Apple GPU"), so there the
// board is always drawn at full resolution.
var softwareRenderers = []string{"swiftshader", "llvmpipe", "softpipe", "lavapipe", "software", "basic render driver"}

// SoftwareRenderer reports whether a WebGL renderer's name is that of a
// renderer drawing in software.
func SoftwareRenderer(name string) bool {
	n := strings.ToLower(name)
	for _, s := range softwareRenderers {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

// ChooseGraphics picks the device scale factor of a canvas of w x h CSS
// pixels (the board and its hands) on a browser with device pixel ratio dpr
// and the named WebGL renderer. It is dpr, but for a software renderer, where
// the canvas gets at most SoftwarePixels device pixels (never a scale below
// MinScale, in hundredths) unless sharp (the player's setting "sharp board").
// A size of zero (not laid out yet) counts as 1280x720.
func ChooseGraphics(renderer string, dpr, w, h float64, sharp bool) Graphics {
	if !(dpr > 0) {
		dpr = 1
	}
	g := Graphics{Renderer: renderer, Software: SoftwareRenderer(renderer), DPR: dpr, Scale: dpr}
	if !g.Software || sharp {
		return g
	}
	if !(w > 0 && h > 0) {
		w, h = 1280, 720
	}
	s := math.Floor(math.Sqrt(SoftwarePixels/(w*h))*100) / 100
	if s < MinScale {
		s = MinScale
	}
	if s < g.Scale {
		g.Scale = s
	}
	return g
}
