//go:build js

package main

import (
	"encoding/json"
	"math"
	"net/url"
	"sync"
	"sync/atomic"
	"syscall/js"
	"time"

	"chimera/app"
	"chimera/learn"
	"chimera/play"
	"chimera/render"
	"chimera/render/layout"
	"chimera/render/model"
)

func main() {
	var a *app.App
	g := render.New(render.Options{OnIntent: func(in model.Intent) {
		switch in.Kind {
		case model.IntentMove:
			a.BoardMove(in.Move)
		case model.IntentDescribe:
			a.Describe(in.Square, in.Slot)
		case model.IntentClear:
			a.BoardClear()
		case model.IntentDraw:
			a.BoardDraw(in.Drawn)
		case model.IntentEditTap, model.IntentEditDrag:
			a.BoardEdit(in)
		}
	}})
	eng := startWorker(func(m app.EngineAnswer) { a.Game.EngineAnswer(m) })
	analysts := startAnalysts(func(i int, m app.EngineAnswer) { a.Analysis.AnalysisAnswer(i, m) })
	loc := js.Global().Get("location")
	q := pageQuery()
	// Before the App shows the page (which sizes the board box): the board's
	// resolution is chosen when Ebiten first reads it, at that first size.
	prefs, _ := app.StoredPrefs(storage{"localStorage"})
	graphics := render.ChooseGraphics(prefs.Sharp)
	a = app.New(app.Deps{Board: g, Engine: eng, Analysts: analysts, Storage: storage{"localStorage"}, Tab: storage{"sessionStorage"},
		Page: page{}, Clock: clock{}, Site: loc.Get("origin").String() + loc.Get("pathname").String(),
		Foreign: foreignFrame()}, q)
	gr := graphics()
	a.SetGraphics(gr)
	bindPage(a, g)
	installHook(a, g, gr, eng)
	render.Run(g, "Chimera")
}

// pageQuery reads the page's address with the browser's own
// URLSearchParams, as web/boot.js and web/ui.js do (and cmd/serve with
// site.ParseQuery, the same rules): every reader sees the same parameters.
func pageQuery() url.Values {
	q := url.Values{}
	params := js.Global().Get("URLSearchParams").New(js.Global().Get("location").Get("search"))
	pairs := js.Global().Get("Array").Call("from", params)
	for i := 0; i < pairs.Length(); i++ {
		k, v := pairs.Index(i).Index(0).String(), pairs.Index(i).Index(1).String()
		q[k] = append(q[k], v)
	}
	return q
}

// foreignFrame reports whether a page of another origin frames this one
// (web/boot.js's chimeraBoot.foreign; true when boot.js could not tell).
func foreignFrame() bool {
	boot := js.Global().Get("chimeraBoot")
	if !boot.Truthy() {
		return js.Global().Get("top").Truthy() && !js.Global().Get("top").Equal(js.Global().Get("self"))
	}
	return boot.Get("foreign").Truthy()
}

// page is the HTML around the board: web/ui.js's window.chimeraUI.
type page struct{}

func ui() js.Value { return js.Global().Get("chimeraUI") }

func (page) Show(v app.View) {
	b, _ := json.Marshal(v)
	if u := ui(); u.Truthy() {
		u.Call("show", string(b))
	}
}
func (page) ShowAnalysis(v *app.AnalysisView) {
	b, _ := json.Marshal(v)
	if u := ui(); u.Truthy() {
		u.Call("showAnalysis", string(b))
	}
}
func (page) Announce(text string) {
	if u := ui(); u.Truthy() {
		u.Call("announce", text)
	}
}
func (page) Sound(s app.Sound) {
	if u := ui(); u.Truthy() {
		u.Call("sound", string(s))
	}
}
func (page) Notify(e app.HostEvent) {
	b, _ := json.Marshal(e)
	if u := ui(); u.Truthy() {
		u.Call("notify", string(b))
	}
}
func (page) SetAddress(query string) {
	if u := ui(); u.Truthy() {
		u.Call("address", query)
	}
}

// storage is the browser's localStorage or sessionStorage (by name); every
// access may throw (private mode, an iframe with storage blocked, the quota).
type storage struct{ name string }

func (st storage) Get(key string) (v string, ok bool, err error) {
	defer catch(&err)
	ls := js.Global().Get(st.name)
	if !ls.Truthy() {
		return "", false, errNoStorage
	}
	x := ls.Call("getItem", key)
	if x.IsNull() || x.IsUndefined() {
		return "", false, nil
	}
	return x.String(), true, nil
}

func (st storage) Set(key, value string) (err error) {
	defer catch(&err)
	ls := js.Global().Get(st.name)
	if !ls.Truthy() {
		return errNoStorage
	}
	ls.Call("setItem", key, value)
	return nil
}

func (st storage) Remove(key string) (err error) {
	defer catch(&err)
	ls := js.Global().Get(st.name)
	if !ls.Truthy() {
		return errNoStorage
	}
	ls.Call("removeItem", key)
	return nil
}

func (st storage) Keys() (keys []string, err error) {
	defer catch(&err)
	ls := js.Global().Get(st.name)
	if !ls.Truthy() {
		return nil, errNoStorage
	}
	n := ls.Get("length").Int()
	for i := 0; i < n; i++ {
		if k := ls.Call("key", i); k.Type() == js.TypeString {
			keys = append(keys, k.String())
		}
	}
	return keys, nil
}

type glueError string

func (e glueError) Error() string { return string(e) }

const errNoStorage = glueError("no local storage")

// catch turns a JavaScript exception (a panic with a js.Error) into err.
func catch(err *error) {
	if r := recover(); r != nil {
		if e, ok := r.(js.Error); ok {
			*err = glueError(e.Value.Get("name").String() + ": " + e.Value.Get("message").String())
			return
		}
		*err = glueError("storage failed")
	}
}

type clock struct{}

func (clock) Now() time.Time                      { return time.Now() }
func (clock) AfterFunc(d time.Duration, f func()) { time.AfterFunc(d, f) }

// worker is the engine in its Web Worker, started when first asked (a
// diagram or a game of two players never downloads it).
type worker struct {
	w      js.Value
	answer func(app.EngineAnswer)
	// held keeps the engine's answers back (the test hook's holdEngine: a
	// test that must act while the computer thinks, on any machine).
	mu   sync.Mutex
	held bool
	kept []app.EngineAnswer
	// settled: the worker has loaded its engine or failed to.
	settled bool
}

// workersStarted and workersSettled count this page's engine workers and
// those that have loaded their engine or failed to (the test hook's
// workers()): a browser test leaving the page waits until they are equal, so
// that no load is cut short by the navigation and reported to the next test.
var workersStarted, workersSettled atomic.Int32

// hold keeps the answers back (on) or delivers the kept ones in order (off).
func (w *worker) hold(on bool) {
	w.mu.Lock()
	w.held = on
	kept := w.kept
	if !on {
		w.kept = nil
	}
	w.mu.Unlock()
	if !on && len(kept) > 0 {
		go func() {
			for _, m := range kept {
				w.answer(m)
			}
		}()
	}
}

func startWorker(answer func(app.EngineAnswer)) app.Engine {
	if !js.Global().Get("Worker").Truthy() {
		return nil
	}
	return &worker{answer: answer}
}

func (w *worker) Send(r app.EngineRequest) {
	if w.w.IsUndefined() {
		if r.Type == "stop" {
			return
		}
		w.w = js.Global().Get("Worker").New("engine-worker.js")
		workersStarted.Add(1)
		w.w.Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
			m := decodeAnswer(args[0].Get("data"))
			w.mu.Lock()
			if !w.settled && (m.Type == "ready" || m.Type == "error") {
				w.settled = true
				workersSettled.Add(1)
			}
			if w.held {
				w.kept = append(w.kept, m)
				w.mu.Unlock()
				return nil
			}
			w.mu.Unlock()
			go w.answer(m) // the app may be busy (it locks); never block the event loop
			return nil
		}))
	}
	m := map[string]any{"type": r.Type}
	switch r.Type {
	case "position":
		moves := make([]any, len(r.Moves))
		for i, s := range r.Moves {
			moves[i] = s
		}
		m["variant"], m["fen"], m["moves"] = r.Variant, r.FEN, moves
	case "go":
		m["level"], m["movetime"], m["seed"], m["id"] = r.Level, r.MoveTime, r.Seed, r.ID
		if r.MultiPV > 0 {
			m["multipv"] = r.MultiPV
		}
		if r.Infinite {
			m["infinite"] = true
		}
		if r.Depth > 0 {
			m["depth"] = r.Depth
		}
		if r.Nodes > 0 {
			m["nodes"] = r.Nodes
		}
	}
	w.w.Call("postMessage", m)
}

func decodeAnswer(v js.Value) app.EngineAnswer {
	str := func(k string) string {
		if x := v.Get(k); x.Type() == js.TypeString {
			return x.String()
		}
		return ""
	}
	num := func(k string) (int, bool) {
		if x := v.Get(k); x.Type() == js.TypeNumber {
			return x.Int(), true
		}
		return 0, false
	}
	m := app.EngineAnswer{Type: str("type"), Move: str("move"), Message: str("message")}
	m.ID, _ = num("id")
	m.Depth, _ = num("depth")
	m.Mate, _ = num("mate")
	m.Score, m.HasScore = num("score")
	m.Nodes, _ = num("nodes")
	m.Time, _ = num("time")
	strs := func(x js.Value) []string {
		if x.Type() != js.TypeObject || !js.Global().Get("Array").Call("isArray", x).Bool() {
			return nil
		}
		out := make([]string, 0, x.Length())
		for i := 0; i < x.Length(); i++ {
			if s := x.Index(i); s.Type() == js.TypeString {
				out = append(out, s.String())
			}
		}
		return out
	}
	m.PV = strs(v.Get("pv"))
	if ls := v.Get("lines"); ls.Type() == js.TypeObject && js.Global().Get("Array").Call("isArray", ls).Bool() {
		for i := 0; i < ls.Length(); i++ {
			l := ls.Index(i)
			if l.Type() != js.TypeObject {
				continue
			}
			line := app.EngineLine{PV: strs(l.Get("pv"))}
			if x := l.Get("score"); x.Type() == js.TypeNumber {
				line.Score = x.Int()
			}
			if x := l.Get("mate"); x.Type() == js.TypeNumber {
				line.Mate = x.Int()
			}
			if x := l.Get("depth"); x.Type() == js.TypeNumber {
				line.Depth = x.Int()
			}
			m.Lines = append(m.Lines, line)
		}
	}
	return m
}

// argAt is args[i], or undefined past the end.
func argAt(args []js.Value, i int) js.Value {
	if i < len(args) {
		return args[i]
	}
	return js.Undefined()
}

// strArg is args[i] when it is a string, else "".
func strArg(args []js.Value, i int) string {
	if v := argAt(args, i); v.Type() == js.TypeString {
		return v.String()
	}
	return ""
}

// numArg is args[i] as a whole number when it is a number, else 0.
func numArg(args []js.Value, i int) int {
	if v := argAt(args, i); v.Type() == js.TypeNumber {
		return v.Int()
	}
	return 0
}

// side reads "white", "black" or "none" as the computer's colour.
func side(s string) int {
	switch s {
	case "white":
		return 0
	case "black":
		return 1
	case "record":
		return app.AsRecorded
	case "random":
		return app.RandomSide
	}
	return -1
}

// bindPage publishes window.chimeraApp, the functions web/ui.js calls.
func bindPage(a *app.App, g *render.Game) {
	fn := func(f func(args []js.Value) any) js.Func {
		return js.FuncOf(func(_ js.Value, args []js.Value) any { return f(args) })
	}
	arg := argAt
	errText := func(err error) any {
		if err == nil {
			return nil
		}
		return err.Error()
	}
	// loaded answers Load game: {error} or {said} (the words that confirm it).
	loaded := func(said string, err error) any {
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		return map[string]any{"said": said}
	}
	api := map[string]any{
		"newGame": fn(func(args []js.Value) any {
			s := arg(args, 0)
			set := play.Settings{Variant: s.Get("variant").String(), Computer: side(s.Get("computer").String()), Level: s.Get("level").Int()}
			if t := s.Get("time"); t.Type() == js.TypeObject {
				// {base, inc} in seconds; JS numbers, so fractions of a minute too.
				num := func(v js.Value) float64 {
					if v.Type() != js.TypeNumber || math.IsNaN(v.Float()) {
						return -1 // refused by NewGame's check
					}
					return v.Float()
				}
				set.Time = play.TimeControl{Base: int64(num(t.Get("base")) * 1000), Inc: int64(num(t.Get("inc")) * 1000)}
			}
			return errText(a.Game.NewGame(set))
		}),
		"setTouch":    fn(func(args []js.Value) any { a.SetTouch(arg(args, 0).Truthy()); return nil }),
		"confirmMove": fn(func(args []js.Value) any { return errText(a.Game.ConfirmMove(arg(args, 0).Truthy())) }),
		"setScheme":   fn(func(args []js.Value) any { a.SetScheme(arg(args, 0).String()); return nil }),
		"setVisible":  fn(func(args []js.Value) any { a.Game.SetVisible(arg(args, 0).Truthy()); return nil }),
		"resign":      fn(func([]js.Value) any { return errText(a.Game.Resign()) }),
		"offerDraw":   fn(func([]js.Value) any { return errText(a.Game.OfferDraw()) }),
		"answerDraw":  fn(func(args []js.Value) any { return errText(a.Game.AnswerDraw(arg(args, 0).Truthy())) }),
		"rematch":     fn(func([]js.Value) any { return errText(a.Game.Rematch()) }),
		"undo":        fn(func([]js.Value) any { a.Game.Undo(); return nil }),
		"redo":        fn(func([]js.Value) any { a.Game.Redo(); return nil }),
		"flip":        fn(func([]js.Value) any { a.Game.Flip(); return nil }),
		"cancel":      fn(func([]js.Value) any { a.CancelSelection(); return nil }),
		// choosing: the board asks which piece moves (Escape closes that first).
		"choosing": fn(func([]js.Value) any { return g.Choices() != nil }),
		"refresh":  fn(func([]js.Value) any { a.Refresh(); return nil }),
		"dismiss":  fn(func([]js.Value) any { a.DismissNotice(); return nil }),
		"goto":     fn(func(args []js.Value) any { a.Game.Goto(arg(args, 0).Int()); return nil }),
		"step":     fn(func(args []js.Value) any { a.Game.Step(arg(args, 0).Int()); return nil }),
		"play":     fn(func(args []js.Value) any { return errText(a.Game.PlayTyped(arg(args, 0).String())) }),
		"match": fn(func(args []js.Value) any {
			cs, exact := a.Game.Match(arg(args, 0).String())
			b, _ := json.Marshal(map[string]any{"candidates": cs, "exact": exact})
			return string(b)
		}),
		"games": fn(func([]js.Value) any {
			b, _ := json.Marshal(a.Game.Games())
			return string(b)
		}),
		"continueGame": fn(func(args []js.Value) any { return errText(a.Game.Continue(arg(args, 0).String())) }),
		"deleteGame":   fn(func(args []js.Value) any { return errText(a.Game.Delete(arg(args, 0).String())) }),
		"record":       fn(func([]js.Value) any { return a.Game.Record() }),
		"recordFile":   fn(func([]js.Value) any { return a.Game.RecordFile() }),
		"position":     fn(func([]js.Value) any { return a.Game.Position() }),
		"loadRecord": fn(func(args []js.Value) any {
			return loaded(a.Game.LoadRecord(arg(args, 0).String(), side(arg(args, 1).String()), arg(args, 2).Int()))
		}),
		"loadPosition": fn(func(args []js.Value) any {
			return loaded(a.Game.LoadPosition(arg(args, 0).String(), arg(args, 1).String(), side(arg(args, 2).String()), arg(args, 3).Int()))
		}),
		"hostMessage": fn(func(args []js.Value) any { return errText(a.Game.HostMessage(arg(args, 0).String())) }),
		// How to play, describe and hints.
		"help": fn(func(args []js.Value) any {
			h, err := learn.HelpFor(arg(args, 0).String())
			if err != nil {
				return nil
			}
			b, _ := json.Marshal(h)
			return string(b)
		}),
		"diagram": fn(func(args []js.Value) any {
			d, err := learn.DiagramOf(arg(args, 0).String(), arg(args, 1).String())
			if err != nil {
				return nil
			}
			b, _ := json.Marshal(d)
			return string(b)
		}),
		"openLesson":    fn(func(args []js.Value) any { return errText(a.Lesson.Open(arg(args, 0).String(), arg(args, 1).Int())) }),
		"closeLesson":   fn(func([]js.Value) any { a.Lesson.Close(); return nil }),
		"lessonSection": fn(func(args []js.Value) any { a.Lesson.Section(arg(args, 0).Int()); return nil }),
		"lessonStep":    fn(func(args []js.Value) any { a.Lesson.Step(arg(args, 0).Int()); return nil }),
		"lessonReplay":  fn(func([]js.Value) any { a.Lesson.Replay(); return nil }),
		"lessonTry":     fn(func([]js.Value) any { a.Lesson.Try(); return nil }),
		"lessonShowMe":  fn(func([]js.Value) any { a.Lesson.ShowMe(); return nil }),
		"describe":      fn(func(args []js.Value) any { return errText(a.DescribeSquare(arg(args, 0).String())) }),
		"dismissNote":   fn(func([]js.Value) any { a.DismissNote(); return nil }),
		"hint":          fn(func([]js.Value) any { return errText(a.Game.Hint()) }),
		"setPrefs": fn(func(args []js.Value) any {
			var p app.Prefs
			if json.Unmarshal([]byte(arg(args, 0).String()), &p) == nil {
				a.SetPrefs(p)
			}
			return nil
		}),
	}
	for k, f := range editorAPI(a, g, fn, arg, errText) {
		api[k] = f
	}
	for k, f := range analysisAPI(a, fn, arg, errText) {
		api[k] = f
	}
	for k, f := range puzzleAPI(a, fn, arg, errText) {
		api[k] = f
	}
	js.Global().Set("chimeraApp", js.ValueOf(api))
	if u := ui(); u.Truthy() {
		u.Call("ready")
	}
}

// installHook publishes window.chimera for the browser tests once the board
// is on screen and takes input (web/boot.js's chimeraBoot.whenShown; at once
// without it): until then the loader covers the board and catches clicks.
// state().graphics tells the renderer, the scale chosen for the board
// (render.ChooseGraphics) and the scale it is drawn at (scale).
func installHook(a *app.App, g *render.Game, gr layout.Graphics, eng app.Engine) {
	colorArg := func(v js.Value) int {
		if v.Type() == js.TypeNumber {
			return v.Int()
		}
		if s := v.String(); s == "black" || s == "b" {
			return 1
		}
		return 0
	}
	point := func(p render.Point, ok bool) any {
		if !ok {
			return nil
		}
		return map[string]any{"x": p.X, "y": p.Y}
	}
	hook := map[string]any{
		// holdEngine(true) keeps the engine's answers back until
		// holdEngine(false): a test acts while the computer thinks.
		"holdEngine": js.FuncOf(func(_ js.Value, args []js.Value) any {
			if w, ok := eng.(*worker); ok && len(args) > 0 {
				w.hold(args[0].Truthy())
			}
			return nil
		}),
		// workers() is {started, settled}: the engine workers this page
		// made and those that have loaded their engine or failed to.
		"workers": js.FuncOf(func(js.Value, []js.Value) any {
			return map[string]any{"started": int(workersStarted.Load()), "settled": int(workersSettled.Load())}
		}),
		"state": js.FuncOf(func(js.Value, []js.Value) any {
			s := a.Game.State()
			moves := make([]any, len(s.Moves))
			for i, m := range s.Moves {
				moves[i] = m
			}
			return map[string]any{"variant": s.Variant, "game": s.Game, "computer": s.Computer, "level": s.Level,
				"position": s.Position, "moves": moves, "result": s.Result, "reason": s.Reason, "turn": s.Turn,
				"thinking": s.Thinking, "ply": s.Ply, "flipped": g.Flipped(),
				"premove":   a.Game.Premove(),
				"animating": g.Animating(), "fps": g.FPS(), "tps": g.TPS(), "updates": g.Updates(), "longPresses": g.LongPresses(), "repaints": g.Repaints(),
				"graphics": map[string]any{"renderer": gr.Renderer, "software": gr.Software, "dpr": gr.DPR, "chosen": gr.Scale, "scale": g.DeviceScale()}}
		}),
		"squareCenter": js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) < 1 {
				return nil
			}
			return point(g.SquareCenter(model.ParseSquare(args[0].String())))
		}),
		"handCenter": js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) < 2 || args[1].String() == "" {
				return nil
			}
			return point(g.HandCenter(colorArg(args[0]), args[1].String()[0]))
		}),
		"choices": js.FuncOf(func(js.Value, []js.Value) any {
			cs := g.Choices()
			if cs == nil {
				return nil
			}
			opts := []any{}
			for _, c := range cs {
				opts = append(opts, map[string]any{"label": c.Label, "move": c.Move, "x": c.X, "y": c.Y})
			}
			return map[string]any{"options": opts}
		}),
		"record": js.FuncOf(func(js.Value, []js.Value) any { return a.Game.Record() }),
		// overlay(): what the board marks and the arrows it draws.
		"overlay": js.FuncOf(func(js.Value, []js.Value) any {
			o := g.Overlay()
			marks, arrows := []any{}, []any{}
			for _, m := range o.Marks {
				marks = append(marks, map[string]any{"square": m.Square.String(), "kind": m.Kind.String()})
			}
			for _, r := range o.Arrows {
				arrows = append(arrows, map[string]any{"from": r.From.String(), "to": r.To.String(), "drop": r.Drop.String(), "rank": r.Rank, "threat": r.Threat})
			}
			shapes := []any{}
			for _, sh := range o.Shapes {
				shapes = append(shapes, map[string]any{"from": sh.From.String(), "to": sh.To.String(), "brush": int(sh.Brush)})
			}
			return map[string]any{"marks": marks, "arrows": arrows, "shapes": shapes}
		}),
		// lesson(): the open lesson (null when none): section, mode, ply, position.
		"lesson": js.FuncOf(func(js.Value, []js.Value) any {
			l := a.Lesson.State()
			if l == nil {
				return nil
			}
			return map[string]any{"game": l.Game, "variant": l.Variant, "section": l.Section, "sections": l.Sections,
				"ply": l.Ply, "plies": l.Plies, "mode": l.Mode, "position": l.Position, "right": l.Right,
				"feedback": l.Feedback, "playing": l.Playing}
		}),
	}
	editorHook(a, g, hook)
	analysisHook(a, hook)
	puzzleHook(a, hook)
	h := js.ValueOf(hook)
	boot := js.Global().Get("chimeraBoot")
	if !boot.Truthy() || boot.Get("whenShown").Type() != js.TypeFunction {
		js.Global().Set("chimera", h)
		return
	}
	var publish js.Func
	publish = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Set("chimera", h)
		publish.Release()
		return nil
	})
	boot.Call("whenShown", publish)
}
