//go:build js

package main

import (
	"syscall/js"

	"chimera/app"
	"chimera/render"
	"chimera/render/model"
)

// editorAPI is the position editor's part of window.chimeraApp (web/editor.js).
func editorAPI(a *app.App, g *render.Game, fn func(func([]js.Value) any) js.Func, arg func([]js.Value, int) js.Value, errText func(error) any) map[string]any {
	e := a.Editor
	return map[string]any{
		"openEditor":  fn(func([]js.Value) any { return errText(e.Open()) }),
		"closeEditor": fn(func([]js.Value) any { e.Close(); return nil }),
		"editPick":    fn(func(args []js.Value) any { return errText(e.Pick(strArg(args, 0))) }),
		"editTap":     fn(func(args []js.Value) any { e.Tap(model.ParseSquare(strArg(args, 0)), numArg(args, 1)); return nil }),
		"editEmpty":   fn(func(args []js.Value) any { e.Empty(model.ParseSquare(strArg(args, 0))); return nil }),
		// editDropAt(letter, x, y): a palette piece dropped at CSS pixels of
		// the viewport: on a square or a hand; false when it is neither.
		"editDropAt": fn(func(args []js.Value) any {
			sq, hand, ok := g.PageHit(arg(args, 1).Float(), arg(args, 2).Float())
			if ok {
				e.DropAt(strArg(args, 0), sq, hand)
			}
			return ok
		}),
		"editHand":      fn(func(args []js.Value) any { e.AddHand(numArg(args, 0), strArg(args, 1), numArg(args, 2)); return nil }),
		"editTurn":      fn(func(args []js.Value) any { e.SetTurn(numArg(args, 0)); return nil }),
		"editCastle":    fn(func(args []js.Value) any { e.SetCastle(strArg(args, 0), arg(args, 1).Truthy()); return nil }),
		"editEnPassant": fn(func(args []js.Value) any { e.SetEnPassant(strArg(args, 0)); return nil }),
		"editClocks":    fn(func(args []js.Value) any { e.SetClocks(numArg(args, 0), numArg(args, 1)); return nil }),
		"editPosition":  fn(func(args []js.Value) any { return errText(e.SetPosition(strArg(args, 0))) }),
		"editVariant":   fn(func(args []js.Value) any { return errText(e.SetVariant(strArg(args, 0))) }),
		"editStart":     fn(func([]js.Value) any { e.Start(); return nil }),
		"editClear":     fn(func([]js.Value) any { e.ClearBoard(); return nil }),
		"editFlip":      fn(func([]js.Value) any { e.Flip(); return nil }),
		"editUndo":      fn(func([]js.Value) any { e.Undo(); return nil }),
		"editRedo":      fn(func([]js.Value) any { e.Redo(); return nil }),
		"editPlay":      fn(func(args []js.Value) any { return errText(e.Play(side(strArg(args, 0)), numArg(args, 1))) }),
		"editAnalyse":   fn(func([]js.Value) any { return errText(e.Analyse()) }),
		// editBoard(): where the board's squares are, CSS pixels of the
		// viewport: {x, y, size} of the top left square (as shown).
		"editBoard": fn(func([]js.Value) any {
			tl, br := model.ParseSquare("a8"), model.ParseSquare("h1")
			if g.Flipped() {
				tl, br = br, tl
			}
			p, ok1 := g.SquareCenter(tl)
			q, ok2 := g.SquareCenter(br)
			if !ok1 || !ok2 {
				return nil
			}
			size := (q.X - p.X) / 7
			return map[string]any{"x": p.X - size/2, "y": p.Y - size/2, "size": size}
		}),
	}
}

// editorHook is the editor's part of the test hook: editor() is null or
// {variant, position, valid, problem, said, refused, pick, flipped}; and
// handPanel(side) the centre of that hand's panel ({x, y} or null).
func editorHook(a *app.App, g *render.Game, hook map[string]any) {
	hook["handPanel"] = js.FuncOf(func(_ js.Value, args []js.Value) any {
		c := 0
		if len(args) > 0 && args[0].String() == "black" {
			c = 1
		}
		p, ok := g.HandPanelCenter(c)
		if !ok {
			return nil
		}
		return map[string]any{"x": p.X, "y": p.Y}
	})
	hook["editor"] = js.FuncOf(func(js.Value, []js.Value) any {
		s := a.Editor.State()
		if s == nil {
			return nil
		}
		return map[string]any{"variant": s.Variant, "position": s.Position, "valid": s.Valid, "problem": s.Problem,
			"said": s.Said, "refused": s.Refused, "pick": s.Pick, "flipped": s.Flipped}
	})
}
