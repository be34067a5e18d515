package app

import (
	"encoding/json"

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
}

// DefaultPrefs are the settings of a first visit.
var DefaultPrefs = Prefs{Anim: "normal", Dots: true, Coords: true, Sound: true}

// AnimSpeeds are the animation speed settings with their speed factors.
var AnimSpeeds = []struct {
	Name  string
	Speed float64
}{{"off", 0}, {"fast", 2}, {"normal", 1}, {"slow", 0.6}}

// normal returns p with an unknown animation speed replaced by "normal".
func (p Prefs) normal() Prefs {
	for _, s := range AnimSpeeds {
		if s.Name == p.Anim {
			return p
		}
	}
	p.Anim = "normal"
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
	return st
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
