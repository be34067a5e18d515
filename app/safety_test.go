package app

import (
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"

	"chimera/game"
	"chimera/play"
)

// damagedLists are shapes of a broken chimera.games seen in the wild or in
// an attack on it.
var damagedLists = []string{`not json{`, `{}`, `[{"id":123}]`, `"a string"`, `1e400`, `[{"id":""}]`,
	`[null,{"id":"x","variant":"nope"}]`, `[{"id":"a b"}]`, `[`, `[{"id":"g1","variant":"bedlam"},{"id":"g1","variant":"bedlam"}]`}

// keptGames counts the games whose data storage holds.
func keptGames(s *fakeStorage) int {
	n := 0
	for k, v := range s.m {
		if strings.HasPrefix(k, keyGameData) && v != "" {
			n++
		}
	}
	return n
}

func TestDamagedListIsRebuilt(t *testing.T) {
	for _, list := range damagedLists {
		store := newStorage()
		// a game kept before the list broke
		old := newRig(t, store, link("bedlam", "", "none"))
		old.play(t, "e2e4", "e7e5")
		store.m[keyGames] = list
		r := newRig(t, store, link("assimilation", "", "none", "moves", "d2d4"))
		notices := strings.Join(r.page.last().Notices, " ")
		if strings.Count(notices, "list of saved games was damaged") != 1 {
			t.Errorf("%s: notices %q", list, notices)
		}
		gs := r.Games()
		if len(gs) != 2 {
			t.Fatalf("%s: %d games listed, want the old one and the link's", list, len(gs))
		}
		// a reload of the link finds its game: no second copy
		before := keptGames(store)
		r2 := newRig(t, store, link("assimilation", "", "none", "moves", "d2d4"))
		if r2.Game.id != r.Game.id || keptGames(store) != before {
			t.Errorf("%s: a reload of the link kept another copy (%d games, %d before)", list, keptGames(store), before)
		}
		if err := r2.Continue(old.Game.id); err != nil || r2.Game.s.Variant().ID != "bedlam" || r2.Game.s.Ply() != 2 {
			t.Errorf("%s: the old game is not reachable: %v", list, err)
		}
		if strings.Contains(strings.Join(r2.page.last().Notices, " "), "damaged") {
			t.Errorf("%s: the damage is said again after the repair", list)
		}
	}
}

func TestGameMissingFromListComesBack(t *testing.T) {
	store := newStorage()
	r := newRig(t, store, link("bedlam", "", "none"))
	r.play(t, "e2e4")
	id := r.Game.id
	// the list was written before this game (another tab, a failed write)
	store.m[keyGames] = "[]"
	r2 := newRig(t, store, nil)
	gs := r2.Games()
	if len(gs) != 1 || gs[0].ID != id || gs[0].Moves != 1 || gs[0].Game != "Bedlam" {
		t.Fatalf("games %+v", gs)
	}
	if gs[0].Date == "1970-01-01 00:00" {
		t.Error("the rebuilt line lost when the game was played")
	}
	if n := strings.Join(r2.page.last().Notices, " "); n != "1 saved game missing from the list of games is back in Games" {
		t.Errorf("notices %q", n)
	}
}

func TestEmbedGameTooLongIsNotKept(t *testing.T) {
	store := newStorage()
	q := link("bedlam", "", "none", "mode", "embed", "save", "1")
	e := newRig(t, store, q)
	e.Game.keep.maxEmbedGame = 200 // a real game seldom reaches 32 K characters
	e.play(t, "e2e4")
	if _, ok := store.m[embedKey(q)]; !ok {
		t.Fatal("a short game was not kept")
	}
	for i := 0; i < 40 && len(e.Game.s.Save()) <= 200; i++ {
		e.BoardMove(e.board.targets[0].Move)
	}
	if n := strings.Join(e.page.last().Notices, " "); n != "This board's game is too long to keep in this browser: it is kept until the page is closed" {
		t.Errorf("notices %q", n)
	}
	if v, ok := store.m[embedKey(q)]; ok {
		t.Errorf("a game of %d characters was kept", len(v))
	}
}

// FuzzStoredValues opens the page over storage holding arbitrary values
// in every key the page reads, then plays a move: nothing fails, and the
// game played is kept and listed.
func FuzzStoredValues(f *testing.F) {
	good := `{"variant":"bedlam","computer":-1,"level":3,"start":"startpos","moves":["e2e4"],"ply":1}`
	for _, l := range damagedLists {
		f.Add(l, good, "g1", "{}", "[]")
	}
	f.Add(`[{"id":"g1","variant":"bedlam","computer":-1,"level":3,"created":1,"updated":2,"plies":1}]`, good, "g1", `{"sound":1}`, `[{"key":5}]`)
	f.Add(`[{"id":"g1","variant":"bedlam","plies":-4}]`, `{"variant":"bedlam","ply":-5,"moves":"e2e4"}`, "", "null", "x")
	f.Fuzz(func(t *testing.T, list, data, last, prefs, embeds string) {
		store := newStorage()
		store.m[keyGames] = list
		store.m[keyGameData+"g1"] = data
		store.m[keyLast] = last
		store.m[keyPrefs] = prefs
		store.m[keyEmbeds] = embeds
		r := newRig(t, store, nil)
		if len(r.board.targets) == 0 {
			r.NewGame(play.DefaultSettings)
		}
		r.BoardMove(r.board.targets[0].Move)
		if r.Game.id == "" {
			t.Fatal("the game played is not kept")
		}
		listed := false
		for _, g := range r.Games() {
			listed = listed || g.ID == r.Game.id
		}
		if !listed {
			t.Fatalf("the game played is not in Games (list %q)", store.m[keyGames])
		}
		if data == good { // a readable kept game stays reachable too
			found := false
			for _, g := range r.Games() {
				found = found || g.ID == "g1"
			}
			if !found {
				t.Fatalf("the kept game g1 is not in Games (list %q)", store.m[keyGames])
			}
		}
	})
}

// longGame plays n random legal moves of a rule set from seed: the moves'
// strings.
func longGame(v string, n int, seed uint64) []string {
	s, _ := play.New(play.Settings{Variant: v, Computer: -1, Level: 3})
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < n; i++ {
		ts := play.Targets(s.Position())
		if len(ts) == 0 {
			break
		}
		if _, err := s.Play(ts[rng.IntN(len(ts))].Move); err != nil {
			break
		}
	}
	return s.MoveStrings()
}

func TestEmbedStorageIsBounded(t *testing.T) {
	store := newStorage()
	store.quota = 5_000_000 // characters, as a browser's localStorage holds
	visitor := newRig(t, store, link("bedlam", "", "none"))
	visitor.play(t, "e2e4")
	// Embeds with long addresses, more of them than are kept; each keeps
	// its game (save=1).
	var last url.Values
	for i := 0; i < 3*MaxEmbedGames; i++ {
		moves := longGame("assimilation", 150, uint64(i))
		q := link("assimilation", "", "none", "mode", "embed", "save", "1",
			"moves", strings.Join(moves, ","), "fen", strings.Repeat("x", 100_000+i))
		e := newRig(t, store, q)
		if len(e.board.targets) > 0 {
			e.BoardMove(e.board.targets[0].Move)
		}
		e.clock.advance(1)
		last = q
	}
	n := 0
	for k, v := range store.m {
		if strings.HasPrefix(k, keyEmbedData) {
			n++
			if len(k) > 64 || len(v) > MaxEmbedGame {
				t.Errorf("an embed key of %d characters holds %d", len(k), len(v))
			}
		}
	}
	if n > MaxEmbedGames || n == 0 {
		t.Errorf("%d embed games kept, at most %d", n, MaxEmbedGames)
	}
	// the newest embed still has its game
	if e := newRig(t, store, last); e.Game.s.Ply() == 0 {
		t.Error("the newest embed lost its game")
	}
	// the visitor's game is kept, and the next one too
	v2 := newRig(t, store, nil)
	if v2.Game.id != visitor.Game.id {
		t.Fatalf("the visitor's game is gone")
	}
	v2.play(t, "e7e5")
	v2.NewGame(play.Settings{Variant: "bifold-halfgi", Computer: -1, Level: 3})
	v2.play(t, v2.board.targets[0].Move)
	if len(v2.Games()) != 2 || strings.Contains(strings.Join(v2.page.last().Notices, " "), "did not keep") {
		t.Errorf("the visitor's games: %d, notices %q", len(v2.Games()), v2.page.last().Notices)
	}
}

func TestFullStorageDropsEmbedsBeforeTheVisitorsGame(t *testing.T) {
	store := newStorage()
	for i := 0; i < 5; i++ {
		q := link("bedlam", "", "none", "mode", "embed", "save", "1", "moves", strings.Join(longGame("bedlam", 60, uint64(i)), ","))
		e := newRig(t, store, q)
		e.BoardMove(e.board.targets[0].Move)
	}
	store.quota = store.size() + 300 // nearly full: the visitor's game does not fit beside the embeds
	v := newRig(t, store, link("bedlam", "", "none"))
	v.play(t, "e2e4", "e7e5")
	if len(v.Games()) != 1 || strings.Contains(strings.Join(v.page.last().Notices, " "), "did not keep") {
		t.Errorf("the visitor's game was not kept: %q", v.page.last().Notices)
	}
}

func TestLegacyEmbedKeyMoved(t *testing.T) {
	store := newStorage()
	q := link("bedlam", "", "none", "mode", "embed", "save", "1")
	store.m[legacyEmbedKey(q)] = `{"variant":"bedlam","computer":-1,"level":3,"start":"startpos","moves":["e2e4"],"ply":1}`
	r := newRig(t, store, q)
	if r.Game.s.Ply() != 1 {
		t.Fatalf("the earlier version's embed game is lost")
	}
	if _, ok := store.m[legacyEmbedKey(q)]; ok {
		t.Error("the old key is still there")
	}
}

func TestForeignFrameNeverReachesGames(t *testing.T) {
	store := newStorage()
	v := newRig(t, store, link("bedlam", "", "none"))
	v.play(t, "e2e4")
	before := map[string]string{}
	for k, x := range store.m {
		before[k] = x
	}
	for _, q := range []url.Values{nil, {"mode": {"play"}}, link("bedlam", "", "none", "moves", "e2e4"), {"mode": {"embed"}}, {"mode": {"diagram"}}} {
		r := &rig{board: &fakeBoard{}, engine: &fakeEngine{}, store: store, tab: newStorage(), page: &fakePage{}, clock: newClock()}
		r.App = New(Deps{Board: r.board, Engine: r.engine, Storage: store, Tab: r.tab, Page: r.page, Clock: r.clock, Foreign: true}, q)
		r.GameController = r.App.Game
		if r.Game.id != "" || (q == nil && r.Game.s.Ply() != 0) {
			t.Errorf("%v: a foreign frame opened the visitor's game", q)
		}
		if gs := r.Games(); len(gs) != 0 {
			t.Errorf("%v: a foreign frame lists %d games", q, len(gs))
		}
		if err := r.Continue(v.Game.id); err == nil {
			t.Errorf("%v: a foreign frame continued a game", q)
		}
		if err := r.Delete(v.Game.id); err == nil {
			t.Errorf("%v: a foreign frame deleted a game", q)
		}
		if _, err := r.LoadRecord("1. e4 e5", -1, 3); err == nil {
			t.Errorf("%v: a foreign frame loaded a game", q)
		}
		if _, err := r.LoadPosition("bedlam", "startpos", -1, 3); err == nil {
			t.Errorf("%v: a foreign frame loaded a position", q)
		}
		if len(r.board.targets) > 0 {
			r.BoardMove(r.board.targets[0].Move)
		}
		if r.page.address != "" {
			t.Errorf("%v: a foreign frame set the address", q)
		}
	}
	for k, x := range before {
		if store.m[k] != x {
			t.Errorf("%s changed by a foreign frame", k)
		}
	}
	// an embed of this site (not foreign) does not reach them either
	e := newRig(t, store, link("bedlam", "", "none", "mode", "embed"))
	if len(e.Games()) != 0 || e.Delete(v.Game.id) == nil || e.Continue(v.Game.id) == nil {
		t.Error("an embed reaches the visitor's games")
	}
}

func TestHiddenRuleSetIsNotLoaded(t *testing.T) {
	r := newRig(t, nil, nil)
	before := r.position()
	if _, err := r.LoadRecord("[Variant \"Chess\"]\n\n1. e4 e5", -1, 3); err == nil || r.Game.s.Variant().Hidden {
		t.Errorf("a chess record was loaded: %v", err)
	}
	for _, name := range []string{"chess", "Chess"} {
		if _, err := r.LoadPosition(name, "startpos", -1, 3); err == nil || r.position() != before {
			t.Errorf("LoadPosition(%s) was loaded: %v", name, err)
		}
	}
	for _, v := range game.AllVariants() {
		if v.Hidden {
			continue
		}
		if _, err := r.LoadPosition(v.ID, "startpos", -1, 3); err != nil {
			t.Errorf("%s: %v", v.ID, err)
		}
	}
}

func TestMessagesQuoteInputExactly(t *testing.T) {
	r := newRig(t, nil, url.Values{"level": {" 3"}, "ai": {"black"}})
	if n := strings.Join(r.page.last().Notices, " "); !strings.Contains(n, "Level “ 3” is not one of 1 to 8") {
		t.Errorf("notices %q", n)
	}
	r = newRig(t, nil, url.Values{"variant": {"bed\nlam\x00"}})
	if n := strings.Join(r.page.last().Notices, " "); !strings.Contains(n, `Unknown game “bed\nlam\x00”`) {
		t.Errorf("notices %q", n)
	}
	e := newRig(t, nil, link("bedlam", "", "none", "mode", "embed"))
	for msg, want := range map[string]string{
		`{"type":"chimera:goto","ply":"3"}`:  "the message's ply is not a whole number (it is a string)",
		`{"type":5}`:                         "the message's type is not a string (it is a number)",
		`{"type":"chimera:move","move":[1]}`: "the message's move is not a string (it is an array)",
		`[1]`:                                "not a message object: “[1]”",
	} {
		if err := e.HostMessage(msg); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %q", msg, err, want)
		}
	}
}
