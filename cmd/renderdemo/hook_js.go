package main

import (
	"net/url"
	"strconv"
	"syscall/js"

	"chimera/render/model"
)

func urlParams() (variant, fen string) {
	u, err := url.Parse(js.Global().Get("location").Get("href").String())
	if err != nil {
		return "", ""
	}
	q := u.Query()
	if f, err := strconv.ParseFloat(q.Get("slow"), 64); err == nil && f > 0 {
		slow = f
	}
	thinking = q.Get("think") != ""
	bench = q.Get("bench") != ""
	return q.Get("variant"), q.Get("fen")
}

// hook installs window.chimeraDemo with the renderer's test helpers.
func hook(d *demo) {
	obj := map[string]any{
		"squareCenter": js.FuncOf(func(_ js.Value, a []js.Value) any {
			p, ok := d.g.SquareCenter(model.ParseSquare(a[0].String()))
			if !ok {
				return nil
			}
			return map[string]any{"x": p.X, "y": p.Y}
		}),
		"handCenter": js.FuncOf(func(_ js.Value, a []js.Value) any {
			p, ok := d.g.HandCenter(a[0].Int(), a[1].String()[0])
			if !ok {
				return nil
			}
			return map[string]any{"x": p.X, "y": p.Y}
		}),
		"choices": js.FuncOf(func(js.Value, []js.Value) any {
			cs := d.g.Choices()
			if cs == nil {
				return nil
			}
			var out []any
			for _, c := range cs {
				out = append(out, map[string]any{"label": c.Label, "move": c.Move, "x": c.X, "y": c.Y})
			}
			return out
		}),
		"state": js.FuncOf(func(js.Value, []js.Value) any {
			d.mu.Lock()
			defer d.mu.Unlock()
			var mv []any
			for _, m := range d.hist[:d.ply] {
				mv = append(mv, m)
			}
			return map[string]any{"position": d.pos.String(), "moves": mv, "animating": d.g.Animating(),
				"fps": d.g.FPS(), "tps": d.g.TPS(), "repaints": d.g.Repaints(),
				"paintMs": float64(d.g.PaintCost().Microseconds()) / 1000}
		}),
	}
	js.Global().Set("chimeraDemo", js.ValueOf(obj))
}
