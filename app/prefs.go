package app

import (
	"encoding/json"
	"slices"

	"chimera/render/model"
)

// Prefs are the player's settings, remembered across reloads.
type Prefs struct {
	Turned bool   `json:"turned"` // the board turned from its usual side for this game (see App.flipped)
	Anim   string `json:"anim"`   // animation speed: "off", "fast", "normal", "slow"
	Dots   bool   `json:"dots"`   // legal-move dots
	Coords bool   `json:"coords"` // coordinates on the board
	Sound  bool   `json:"sound"`
	Hints  bool   `json:"hints"` // mark the player's attacked pieces; the Hint button
	// Sharp keeps the board at the screen's full resolution where the browser
	// draws WebGL in software (elsewhere it always is; see
	// layout.ChooseGraphics). It takes effect when the page loads.
	Sharp bool `json:"sharp"`
	// Theme is the page's colours: "system" (the browser's light or dark
	// setting, App.SetScheme), "light" or "dark"; Board the squares'
	// colours (render.BoardThemes).
	Theme string `json:"theme"`
	Board string `json:"board"`
	// Confirm asks before a move on the board is played (a second tap, or
	// a Confirm button): "auto" (on a phone, where a tap slips more
	// easily), "on" or "off".
	Confirm string `json:"confirm"`
	// Lines is how many lines the analysis board shows (1 to MaxLines; 0:
	// DefaultLines).
	Lines int `json:"lines,omitempty"`
}

// lines is the analysis's number of lines.
func (p Prefs) lines() int {
	if p.Lines < 1 || p.Lines > MaxLines {
		return DefaultLines
	}
	return p.Lines
}

// DefaultPrefs are the settings of a first visit.
var DefaultPrefs = Prefs{Anim: "normal", Dots: true, Coords: true, Sound: true, Theme: "system", Board: "brown", Confirm: "auto"}

// AnimSpeeds are the animation speed settings with their speed factors.
var AnimSpeeds = []struct {
	Name  string
	Speed float64
}{{"off", 0}, {"fast", 2}, {"normal", 1}, {"slow", 0.6}}

// normal returns p with an unknown animation speed replaced by "normal".
func (p Prefs) normal() Prefs {
	known := false
	for _, s := range AnimSpeeds {
		known = known || s.Name == p.Anim
	}
	if !known {
		p.Anim = "normal"
	}
	if !slices.Contains([]string{"system", "light", "dark"}, p.Theme) {
		p.Theme = DefaultPrefs.Theme
	}
	if !slices.Contains(model.BoardThemes, p.Board) {
		p.Board = DefaultPrefs.Board
	}
	if !slices.Contains([]string{"auto", "on", "off"}, p.Confirm) {
		p.Confirm = DefaultPrefs.Confirm
	}
	return p
}

// style is the board's part of the settings (style adds the page's own).
func (p Prefs) style() model.Style {
	st := model.Style{AnimSpeed: 1, Dots: p.Dots, Coords: p.Coords}
	for _, s := range AnimSpeeds {
		if s.Name == p.Anim {
			st.AnimSpeed = s.Speed
		}
	}
	return st
}

// style is the board's style: the player's settings, and in a diagram a
// tap describes a piece.
func (a *App) style() model.Style {
	st := a.prefs.style()
	st.TapDescribes = a.opts.mode == ModeDiagram
	st.Theme, st.Board = a.theme(), a.prefs.Board
	st.Edit = a.owner != nil && a.owner == a.Editor
	return st
}

// theme is the page's theme in effect: the player's, or the browser's
// when the player leaves it to the system.
func (a *App) theme() string {
	if a.prefs.Theme == "light" || a.prefs.Theme == "dark" {
		return a.prefs.Theme
	}
	if a.scheme == "light" {
		return "light"
	}
	return "dark"
}

// SetScheme tells the app the browser's colour scheme ("light" or "dark",
// prefers-color-scheme): the page's theme when the player leaves it to the
// system.
func (a *App) SetScheme(scheme string) {
	a.lock()
	defer a.unlock()
	a.scheme = scheme
	a.d.Board.SetStyle(a.style())
	a.out.show = true
}

// loadPrefs reads the saved settings; missing or unreadable ones are the
// defaults (field by field).
func (a *App) loadPrefs() Prefs {
	p, err := StoredPrefs(a.d.Storage)
	if err != nil {
		a.storageFailed(err)
	}
	return p
}

// StoredPrefs reads the player's settings from st: DefaultPrefs when there
// are none or they are damaged (the error is the storage's). The page reads
// them before the App exists to choose the board's resolution (Prefs.Sharp).
func StoredPrefs(st Storage) (Prefs, error) {
	p := DefaultPrefs
	data, ok, err := st.Get(keyPrefs)
	if err != nil {
		return p, err
	}
	if ok && json.Unmarshal([]byte(data), &p) != nil {
		p = DefaultPrefs
	}
	return p.normal(), nil
}

func (a *App) savePrefs() {
	if a.guest() {
		return // an embedded board changes nothing of the visitor's
	}
	b, _ := json.Marshal(a.prefs)
	if err := a.d.Storage.Set(keyPrefs, string(b)); err != nil {
		a.storageFailed(err)
	}
}
