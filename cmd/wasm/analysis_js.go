//go:build js

package main

import (
	"encoding/json"
	"syscall/js"

	"chimera/app"
)

// maxAnalysts bounds the analysis workers (each holds its own engine and
// table): a review spreads over as many as the device has cores, up to this.
const maxAnalysts = 4

// startAnalysts makes the analysis board's workers, one per core the
// browser reports (navigator.hardwareConcurrency), at least one, at most
// maxAnalysts; each starts when first asked. Worker i's answers go to
// answer(i, m).
func startAnalysts(answer func(i int, m app.EngineAnswer)) []app.Engine {
	n := 1
	if hc := js.Global().Get("navigator").Get("hardwareConcurrency"); hc.Type() == js.TypeNumber {
		n = hc.Int()
	}
	n = min(max(n, 1), maxAnalysts)
	var out []app.Engine
	for i := 0; i < n; i++ {
		i := i
		e := startWorker(func(m app.EngineAnswer) { answer(i, m) })
		if e == nil {
			return nil
		}
		out = append(out, e)
	}
	return out
}

// analysisAPI is the analysis board's part of window.chimeraApp
// (web/analysis.js).
func analysisAPI(a *app.App, fn func(func([]js.Value) any) js.Func, arg func([]js.Value, int) js.Value, errText func(error) any) map[string]any {
	c := a.Analysis
	return map[string]any{
		"openAnalysis":   fn(func([]js.Value) any { return errText(c.Open()) }),
		"closeAnalysis":  fn(func([]js.Value) any { c.Close(); return nil }),
		"anGoTo":         fn(func(args []js.Value) any { return errText(c.GoTo(strArg(args, 0))) }),
		"anStep":         fn(func(args []js.Value) any { c.Step(numArg(args, 0)); return nil }),
		"anPlay":         fn(func(args []js.Value) any { return errText(c.Play(strArg(args, 0))) }),
		"anPlayLine":     fn(func(args []js.Value) any { return errText(c.PlayLine(numArg(args, 0), numArg(args, 1))) }),
		"anLines":        fn(func(args []js.Value) any { c.SetLines(numArg(args, 0)); return nil }),
		"anThreat":       fn(func(args []js.Value) any { c.SetThreat(arg(args, 0).Truthy()); return nil }),
		"anRunning":      fn(func(args []js.Value) any { c.SetRunning(arg(args, 0).Truthy()); return nil }),
		"anFlip":         fn(func([]js.Value) any { c.Flip(); return nil }),
		"anComment":      fn(func(args []js.Value) any { return errText(c.SetComment(strArg(args, 0))) }),
		"anGlyph":        fn(func(args []js.Value) any { return errText(c.SetGlyph(strArg(args, 0))) }),
		"anPromote":      fn(func([]js.Value) any { return errText(c.Promote()) }),
		"anDelete":       fn(func([]js.Value) any { return errText(c.Delete()) }),
		"anRecord":       fn(func([]js.Value) any { return c.Record() }),
		"anReview":       fn(func([]js.Value) any { return errText(c.Review()) }),
		"anCancelReview": fn(func([]js.Value) any { c.CancelReview(); return nil }),
		"anLearn":        fn(func(args []js.Value) any { return errText(c.LearnMistakes(strArg(args, 0))) }),
		"anLearnShow":    fn(func([]js.Value) any { c.LearnShow(); return nil }),
		"anLearnNext":    fn(func([]js.Value) any { c.LearnNext(); return nil }),
		"anLearnStop":    fn(func([]js.Value) any { c.LearnStop(); return nil }),
	}
}

// analysisHook is the analysis board's part of the test hook: analysis()
// is null or the open analysis's view (app.AnalysisView, as JSON).
func analysisHook(a *app.App, hook map[string]any) {
	hook["analysis"] = js.FuncOf(func(js.Value, []js.Value) any {
		v := a.Analysis.State()
		if v == nil {
			return nil
		}
		data, _ := json.Marshal(v)
		return js.Global().Get("JSON").Call("parse", string(data))
	})
}
