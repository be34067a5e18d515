//go:build js

package main

import (
	"syscall/js"

	"chimera/app"
)

// puzzleAPI is the puzzles' part of window.chimeraApp (web/puzzle.js).
func puzzleAPI(a *app.App, fn func(func([]js.Value) any) js.Func, arg func([]js.Value, int) js.Value, errText func(error) any) map[string]any {
	str := func(args []js.Value, i int) string {
		if v := arg(args, i); v.Type() == js.TypeString {
			return v.String()
		}
		return ""
	}
	c := a.Puzzles
	return map[string]any{
		// openPuzzles(variant, theme, id): "" for the game's rule set, all themes, the next puzzle.
		"openPuzzles":    fn(func(args []js.Value) any { return errText(c.Open(str(args, 0), str(args, 1), str(args, 2))) }),
		"closePuzzles":   fn(func([]js.Value) any { c.Close(); return nil }),
		"puzzlePlay":     fn(func(args []js.Value) any { return errText(c.PlayTyped(str(args, 0))) }),
		"puzzleHint":     fn(func([]js.Value) any { c.Hint(); return nil }),
		"puzzleSolution": fn(func([]js.Value) any { c.Solution(); return nil }),
		"puzzleNext":     fn(func([]js.Value) any { return errText(c.Next()) }),
		"puzzleFilter":   fn(func(args []js.Value) any { return errText(c.SetFilter(str(args, 0), str(args, 1))) }),
	}
}

// puzzleHook is the puzzles' part of the test hook: puzzle() is null or
// {id, variant, theme, mode, said, wrong, solved, failed, rating, change,
// rated, streak, position, moves} (moves: the puzzle's line, for the tests
// to play).
func puzzleHook(a *app.App, hook map[string]any) {
	hook["puzzle"] = js.FuncOf(func(js.Value, []js.Value) any {
		v := a.Puzzles.State()
		if v == nil {
			return nil
		}
		moves := []any{}
		for _, m := range a.Puzzles.Line() {
			moves = append(moves, m)
		}
		return map[string]any{"id": v.ID, "variant": v.Variant, "theme": v.Theme, "mode": v.Mode, "said": v.Said,
			"wrong": v.Wrong, "solved": v.Solved, "failed": v.Failed, "rating": v.Rating, "change": v.Change,
			"rated": v.Rated, "streak": v.Streak, "position": v.Position, "moves": moves}
	})
}
