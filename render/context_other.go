//go:build native && !js

package render

func tuneWebGL() {}

// canvasOrigin is the window's corner natively: the board fills the window.
func canvasOrigin() (x, y float64) { return 0, 0 }

// pressMods are the modifier keys of the last press: none natively.
func pressMods() (shift, alt, ctrl bool) { return false, false, false }
