package app

import (
	"net/url"
	"strings"
	"testing"
)

func TestEmbedNeverTouchesTheVisitorsGames(t *testing.T) {
	store := newStorage()
	visitor := newRig(t, store, nil)
	visitor.play(t, "e2e4")
	visitor.answer("c7c5")
	before := map[string]string{}
	for k, v := range store.m {
		before[k] = v
	}
	e := newRig(t, store, link("assimilation", "", "", "mode", "embed"))
	if e.Game.s.Computer != -1 || e.engine.count("go") != 0 {
		t.Errorf("an embed without ai plays the computer: %d", e.Game.s.Computer)
	}
	e.play(t, "d2d4", "d7d5")
	e.Flip()
	p := e.Prefs()
	p.Sound = false
	e.SetPrefs(p)
	d := newRig(t, store, link("bedlam", "", "black", "mode", "diagram", "moves", "e2e4"))
	d.Goto(0)
	for k, v := range before {
		if store.m[k] != v {
			t.Errorf("%s changed by an embed", k)
		}
	}
	if len(store.m) != len(before) {
		t.Errorf("an embed wrote %d keys", len(store.m)-len(before))
	}
	if e.page.address != "" {
		t.Errorf("an embed set the address %q", e.page.address)
	}
	// With save=1 an embed keeps its game under its own parameters.
	q := link("assimilation", "", "none", "mode", "embed", "save", "1")
	s1 := newRig(t, store, q)
	s1.play(t, "e2e4")
	s2 := newRig(t, store, q)
	if got := strings.Join(s2.Game.s.MoveStrings(), " "); got != "e2e4" {
		t.Errorf("saved embed: %q", got)
	}
	if g := newRig(t, store, nil).Games(); len(g) != 1 {
		t.Errorf("the visitor has %d games after the embeds", len(g))
	}
}

func TestDiagram(t *testing.T) {
	r := newRig(t, nil, link("bedlam", "", "black", "mode", "diagram", "moves", "e2e4,e7e5,g1f3", "ply", "1", "orient", "black"))
	v := r.page.last()
	if v.Mode != ModeDiagram || v.Interactive || v.Ply != 1 || v.Live != 3 || v.Computer != "none" {
		t.Fatalf("diagram view %+v", v)
	}
	if r.board.targets != nil || r.engine.count("go") != 0 || !r.board.flipped {
		t.Errorf("diagram: targets %d, engine %d, flipped %v", len(r.board.targets), r.engine.count("go"), r.board.flipped)
	}
	r.Step(1)
	r.Step(1)
	if r.page.last().Ply != 3 || r.board.targets != nil {
		t.Errorf("stepping: ply %d targets %d", r.page.last().Ply, len(r.board.targets))
	}
	if err := r.PlayTyped("Nc6"); err == nil {
		t.Error("a move typed into a diagram")
	}
	// interactive=0 in embed mode: a board to look at.
	e := newRig(t, nil, link("assimilation", "", "none", "mode", "embed", "interactive", "0"))
	if e.board.targets != nil {
		t.Error("a view-only embed offers moves")
	}
	ready, ok := e.page.lastEvent("chimera:ready")
	if !ok || ready.Variant != "assimilation" {
		t.Errorf("ready %+v", ready)
	}
}

func TestHostMessages(t *testing.T) {
	r := newRig(t, nil, link("assimilation", "", "none", "mode", "embed"))
	steps := []struct {
		msg  string
		want string // error text, "" for none
	}{
		{`{"type":"chimera:load","variant":"bedlam","moves":["e2e4","e7e5"]}`, ""},
		{`{"type":"chimera:move","move":"Ng1-f3"}`, ""},
		{`{"type":"chimera:move","move":"g8f6"}`, ""},
		{`{"type":"chimera:move","move":"e2e4"}`, "chimera:move: “e2e4” is not legal here"},
		{`{"type":"chimera:goto","ply":1}`, ""},
		{`{"type":"chimera:goto","ply":9}`, "chimera:goto: ply 9 is not between 0 and 4"},
		{`{"type":"chimera:goto"}`, "chimera:goto needs a ply"},
		{`{"type":"chimera:flip"}`, ""},
		{`{"type":"chimera:load","variant":"chess"}`, "chimera:load: unknown game “chess”"},
		{`{"type":"chimera:load","fen":"x"}`, "chimera:load: the position is not valid"},
		{`{"type":"chimera:load","moves":"e2e4,e2e4"}`, "chimera:load: move 1, Black: “e2e4” is not legal here"},
		{`{"type":"chimera:eval","code":"alert(1)"}`, "unknown message type “chimera:eval”"},
		{`"chimera:flip"`, "not a message object"},
		{`{}`, "a message needs a type"},
	}
	for _, st := range steps {
		err := r.HostMessage(st.msg)
		switch {
		case st.want == "" && err != nil:
			t.Fatalf("%s: %v", st.msg, err)
		case st.want != "" && (err == nil || !strings.HasPrefix(err.Error(), st.want)):
			t.Errorf("%s: error %v, want %q", st.msg, err, st.want)
		}
	}
	if got := strings.Join(r.Game.s.MoveStrings(), " "); got != "e2e4 e7e5 g1f3 g8f6" || r.Game.s.Variant().ID != "bedlam" {
		t.Errorf("after the messages: %s %q", r.Game.s.Variant().ID, got)
	}
	if !r.board.flipped || r.page.last().Ply != 1 {
		t.Errorf("flip %v ply %d", r.board.flipped, r.page.last().Ply)
	}
	ev, _ := r.page.lastEvent("chimera:move")
	if ev.Move != "g8f6" || ev.Notation != "Ng8-f6" || ev.Ply != 4 || ev.Position != r.position() {
		t.Errorf("move event %+v", ev)
	}
	// A move from the host at an earlier ply goes back to the game's present.
	if err := r.HostMessage(`{"type":"chimera:move","move":"f1c4"}`); err != nil || r.Game.view != 5 {
		t.Errorf("move while viewing: %v view %d", err, r.Game.view)
	}
	// The game's end is told.
	r2 := newRig(t, nil, link("assimilation", "", "none", "mode", "embed", "moves", "f2f3,e7e5,g2g4"))
	if err := r2.HostMessage(`{"type":"chimera:move","move":"d8h4"}`); err != nil {
		t.Fatal(err)
	}
	if ev, ok := r2.page.lastEvent("chimera:gameover"); !ok || ev.Result != "0-1" || ev.Reason != "checkmate" {
		t.Errorf("gameover %+v", ev)
	}
	// The computer's moves are told too.
	r3 := newRig(t, nil, link("assimilation", "", "black", "mode", "embed"))
	r3.play(t, "e2e4")
	r3.answer("e7e5")
	if ev, _ := r3.page.lastEvent("chimera:move"); ev.Move != "e7e5" || ev.Ply != 2 {
		t.Errorf("the computer's move event %+v", ev)
	}
	_ = url.Values{}
}
