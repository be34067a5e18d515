//go:build js

package render

import (
	"sync"
	"syscall/js"

	"chimera/render/layout"
)

// ChooseGraphics decides how many device pixels the board is drawn at
// (layout.ChooseGraphics) and makes Ebiten draw at that scale. Call it
// before the page first lays out the board box (<body>): it reads the WebGL
// renderer's name from a throwaway context and the device pixel ratio now,
// and where the renderer draws in software (and sharp, the player's setting
// app.Prefs.Sharp, is off) it replaces window.devicePixelRatio with a getter
// that chooses the scale from the board box's size when it is first read.
// Ebiten reads it once, at the first resize of the board box (web/ui.js tells
// it of every one), and keeps it; the getter then puts the browser's own
// property back. The returned function tells the choice (making it if
// nothing read it yet); it holds until the page reloads.
func ChooseGraphics(sharp bool) func() layout.Graphics {
	win := js.Global()
	ratio := 1.0
	if v := win.Get("devicePixelRatio"); v.Type() == js.TypeNumber {
		ratio = v.Float()
	}
	renderer := rendererName()
	choose := sync.OnceValue(func() layout.Graphics {
		var w, h float64
		if body := win.Get("document").Get("body"); body.Truthy() {
			w, h = body.Get("clientWidth").Float(), body.Get("clientHeight").Float()
		}
		return layout.ChooseGraphics(renderer, ratio, w, h, sharp)
	})
	if layout.SoftwareRenderer(renderer) && !sharp {
		object := win.Get("Object")
		orig := object.Call("getOwnPropertyDescriptor", win, "devicePixelRatio")
		desc := object.New()
		var get js.Func
		get = js.FuncOf(func(js.Value, []js.Value) any {
			// The first reader is Ebiten, which keeps the value: the page
			// gets the browser's own property back.
			if orig.Truthy() {
				object.Call("defineProperty", win, "devicePixelRatio", orig)
			} else {
				win.Get("Reflect").Call("deleteProperty", win, "devicePixelRatio")
			}
			get.Release()
			return choose().Scale
		})
		desc.Set("get", get)
		desc.Set("configurable", true)
		object.Call("defineProperty", win, "devicePixelRatio", desc)
	}
	return choose
}

// rendererName is the WebGL renderer's name ("" without WebGL): the unmasked
// one where the browser tells it (Chromium, Firefox), else RENDERER.
func rendererName() (name string) {
	defer func() {
		if recover() != nil {
			name = ""
		}
	}()
	c := js.Global().Get("document").Call("createElement", "canvas")
	gl := c.Call("getContext", "webgl2")
	if !gl.Truthy() {
		gl = c.Call("getContext", "webgl")
	}
	if !gl.Truthy() {
		return ""
	}
	defer func() {
		if lose := gl.Call("getExtension", "WEBGL_lose_context"); lose.Truthy() {
			lose.Call("loseContext")
		}
	}()
	param := gl.Get("RENDERER")
	if ext := gl.Call("getExtension", "WEBGL_debug_renderer_info"); ext.Truthy() {
		param = ext.Get("UNMASKED_RENDERER_WEBGL")
	}
	if v := gl.Call("getParameter", param); v.Type() == js.TypeString {
		return v.String()
	}
	return ""
}

// tuneWebGL makes the WebGL context Ebiten is about to create cheaper to
// present: no multisampled back buffer (Ebiten draws everything into its own
// offscreen images and copies the result to the canvas, so multisampling the
// canvas only adds a resolve per frame; on software WebGL that costs as much as
// the frame), and the desynchronized low-latency hint. It wraps
// HTMLCanvasElement.prototype.getContext once, before ebiten.RunGame.
func tuneWebGL() {
	proto := js.Global().Get("HTMLCanvasElement")
	if !proto.Truthy() {
		return
	}
	proto = proto.Get("prototype")
	orig := proto.Get("getContext")
	if !orig.Truthy() || proto.Get("__chimeraTuned").Truthy() {
		return
	}
	proto.Set("__chimeraTuned", true)
	proto.Set("getContext", js.FuncOf(func(this js.Value, args []js.Value) any {
		in := make([]any, len(args))
		for i, a := range args {
			in[i] = a
		}
		if len(args) >= 1 && (args[0].String() == "webgl2" || args[0].String() == "webgl") {
			attr := js.Global().Get("Object").New()
			if len(args) >= 2 && args[1].Truthy() {
				js.Global().Get("Object").Call("assign", attr, args[1])
			}
			attr.Set("antialias", false)
			attr.Set("desynchronized", true)
			attr.Set("alpha", false)
			attr.Set("depth", false)
			if len(in) < 2 {
				in = append(in, attr)
			} else {
				in[1] = attr
			}
		}
		return orig.Call("apply", this, in)
	}))
}

// canvasOrigin returns the canvas's top-left corner in the viewport, CSS
// pixels. Ebiten puts its canvas in <body> and reports pointer positions
// relative to the viewport (clientX, clientY); the page makes <body> the
// board's box, which need not start at the viewport's corner. web/ui.js
// publishes where it put the box (chimeraUI.box), which costs nothing to read;
// without it (another page) the browser is asked, which lays the page out
// first when it changed: a frame's worth of time on a slow machine.
func canvasOrigin() (x, y float64) {
	if ui := js.Global().Get("chimeraUI"); ui.Truthy() {
		if box := ui.Get("box"); box.Truthy() {
			return box.Get("x").Float(), box.Get("y").Float()
		}
	}
	body := js.Global().Get("document").Get("body")
	if !body.Truthy() {
		return 0, 0
	}
	r := body.Call("getBoundingClientRect")
	return r.Get("left").Float(), r.Get("top").Float()
}

// pressMods returns the modifier keys held at the page's last pointer press
// (web/ui.js keeps them from the press's own event in chimeraUI.mods): Ebiten
// knows the keys only when the canvas has the keyboard's focus.
func pressMods() (shift, alt, ctrl bool) {
	ui := js.Global().Get("chimeraUI")
	if !ui.Truthy() {
		return false, false, false
	}
	m := ui.Get("mods")
	if !m.Truthy() {
		return false, false, false
	}
	return m.Get("shift").Truthy(), m.Get("alt").Truthy(), m.Get("ctrl").Truthy() || m.Get("meta").Truthy()
}
