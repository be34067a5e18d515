package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"chimera/app"
	"chimera/game"
	"chimera/learn"
	"chimera/sprites"
)

// WritePieces writes the pictures of every piece of both families in both
// colours (learn.PieceImage names them) as SVG drawn by package sprites: the
// help's legend and its small diagrams show the board's own pieces. A
// Black handed pawn points down the page, as it moves on a board with White
// at the bottom.
func WritePieces(dist string) error {
	full, bifold := learn.PieceLetters()
	for _, fam := range []struct {
		letters string
		bifold  bool
	}{{full, false}, {bifold, true}} {
		for _, l := range []byte(fam.letters) {
			for _, x := range []byte{l, l | 0x20} {
				svg := sprites.SVG(x, fam.bifold, x >= 'a')
				if err := os.WriteFile(filepath.Join(dist, learn.PieceImage(x, fam.bifold)), svg, 0o644); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// SymbolID returns the id of a piece's symbol in its family's sheet: the
// family, then the letter (upper case White), then "-down" for the picture of
// a piece moving down the screen where that differs (a handed bifold pawn).
// web/paint.js builds the same ids.
func SymbolID(letter byte, bifold, down bool) string {
	fam := "full"
	if bifold {
		fam = "bifold"
	}
	id := "p-" + fam + "-" + string(letter)
	if down {
		id += "-down"
	}
	return id
}

// Sheet returns a family's sheet of pieces: an SVG of <symbol>s
// (sprites.Symbol), which web/paint.js draws the board's picture with
// before main.wasm has loaded (StampPaint writes it there).
func Sheet(letters string, bifold bool) []byte {
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg"><defs>`)
	for _, l := range []byte(letters) {
		for _, x := range []byte{l, l | 0x20} {
			up := sprites.Symbol(x, bifold, false, SymbolID(x, bifold, false))
			b.WriteString(up)
			if down := sprites.Symbol(x, bifold, true, SymbolID(x, bifold, true)); !bytes.Equal(sprites.SVG(x, bifold, true), sprites.SVG(x, bifold, false)) {
				b.WriteString(down)
			}
		}
	}
	b.WriteString("</defs></svg>\n")
	return []byte(b.String())
}

// paintGame is what web/paint.js knows of a rule set: enough to draw its
// board without its rules.
type paintGame struct {
	Start  string `json:"start"`  // the start position string
	Bifold bool   `json:"bifold"` // the bifold family's pieces (two may share a square)
	Hands  string `json:"hands"`  // the letters a hand may hold, in display order ("" without drops)
	Name   string `json:"name"`
	Line   string `json:"line"` // its one line (the front door's, the new-game dialog's)
}

// paint.js's placeholders for the rule sets' table, the sheets and the
// settings' defaults.
const (
	paintPH = `{"__CHIMERA_GAMES__": 0}`
	sheetPH = `{"__CHIMERA_SHEETS__": 0}`
	prefsPH = `{"__CHIMERA_PREFS__": 0}`
)

// StampPaint fills paint.js's table of rule sets (each one's start
// position, family, hand order, name and line: game.Variants), its sheets of
// pieces (Sheet, both families) and the settings' defaults (app.DefaultPrefs:
// the Menu shows them before main.wasm has arrived).
func StampPaint(tmpl []byte) ([]byte, error) {
	for _, ph := range []string{paintPH, sheetPH, prefsPH} {
		if !bytes.Contains(tmpl, []byte(ph)) {
			return nil, fmt.Errorf("paint.js lacks %s", ph)
		}
	}
	games := map[string]paintGame{}
	for _, v := range game.Variants() {
		g := paintGame{Start: v.Start, Bifold: v.Bifold, Name: v.Name, Line: v.Description}
		if v.Drops {
			for _, k := range v.HandOrder() {
				g.Hands += string(v.Letter(k))
			}
		}
		games[v.ID] = g
	}
	js, err := json.Marshal(games)
	if err != nil {
		return nil, err
	}
	full, bifold := learn.PieceLetters()
	sheets, err := json.Marshal(map[string]string{"full": string(Sheet(full, false)), "bifold": string(Sheet(bifold, true))})
	if err != nil {
		return nil, err
	}
	prefs, err := json.Marshal(app.DefaultPrefs)
	if err != nil {
		return nil, err
	}
	out := bytes.ReplaceAll(tmpl, []byte(paintPH), js)
	out = bytes.ReplaceAll(out, []byte(prefsPH), prefs)
	return bytes.ReplaceAll(out, []byte(sheetPH), sheets), nil
}
