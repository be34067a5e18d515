//go:build js || native

package render

import "github.com/hajimehoshi/ebiten/v2"

// Run configures Ebiten for the board (resizable window, 60 updates per
// second, the screen kept between frames so an idle board is not redrawn) and
// runs g until the window closes.
func Run(g *Game, title string) error {
	tuneWebGL()
	ebiten.SetWindowTitle(title)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetTPS(60)
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.SetRunnableOnUnfocused(true)
	return ebiten.RunGame(g)
}

// DrawFinalScreen implements ebiten.FinalScreenDrawer: the offscreen (opaque:
// Draw paints every pixel) is copied to the screen without blending, one
// read of the destination fewer per pixel and frame than Ebiten's default on
// software WebGL. The offscreen is the window at the device scale factor, so
// the scale is 1 but for rounding; then it is filtered linearly.
func (g *Game) DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	op := &ebiten.DrawImageOptions{}
	op.GeoM = geoM
	op.Blend = ebiten.BlendCopy
	if geoM.Element(0, 0) != 1 || geoM.Element(1, 1) != 1 {
		op.Filter = ebiten.FilterLinear
	}
	screen.DrawImage(offscreen, op)
}
