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
