//go:build js

package render

import "syscall/js"

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
// board's box, which need not start at the viewport's corner.
func canvasOrigin() (x, y float64) {
	body := js.Global().Get("document").Get("body")
	if !body.Truthy() {
		return 0, 0
	}
	r := body.Call("getBoundingClientRect")
	return r.Get("left").Float(), r.Get("top").Float()
}
