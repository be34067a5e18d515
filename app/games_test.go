package app

import (
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
	"time"

	"chimera/game"
	"chimera/play"
)

// addressQuery reads the address the page was given back into parameters.
func addressQuery(t *testing.T, r *rig) url.Values {
	t.Helper()
	q, err := url.ParseQuery(r.page.address)
	if err != nil {
		t.Fatalf("address %q: %v", r.page.address, err)
	}
	return q
}

func TestReloadShowsTheSameGame(t *testing.T) {
	store, tab := newStorage(), newStorage()
	r := newRigTab(t, store, tab, link("assimilation", "", "none"))
	r.play(t, "e2e4", "e7e5", "g1f3")
	r.Undo() // a taken-back move is kept for Redo too
	if got := r.page.address; got != "variant=assimilation&moves=e2e4,e7e5&ai=none" {
		t.Errorf("address %q", got)
	}
	// The reload opens the address bar's URL in the same tab.
	r2 := newRigTab(t, store, tab, addressQuery(t, r))
	if r2.position() != r.position() || r2.Game.s.Len() != 3 || r2.Game.id != r.Game.id {
		t.Fatalf("reload: %s len %d id %q/%q", r2.position(), r2.Game.s.Len(), r2.Game.id, r.Game.id)
	}
	if n := len(r2.Games()); n != 1 {
		t.Errorf("%d games kept after a reload, want 1", n)
	}
	// A reload while the computer thinks: the same game, the computer asked again.
	r3 := newRigTab(t, store, tab, link("bedlam", "", "black"))
	r3.play(t, "e2e4")
	r4 := newRigTab(t, store, tab, addressQuery(t, r3))
	if r4.position() != r3.position() || r4.engine.count("go") != 1 || r4.Game.id != r3.Game.id {
		t.Fatalf("reload while thinking: %s", r4.position())
	}
}

// At / a game is played; an embedded or linked page is opened; / again shows
// the game, not a new one.
func TestPlainVisitContinues(t *testing.T) {
	store := newStorage()
	r := newRig(t, store, nil)
	r.play(t, "e2e4")
	r.answer("c7c5")
	other := newRig(t, store, link("assimilation", "", "none")) // another page, no move
	if other.Game.s.Variant().ID != "assimilation" {
		t.Fatal("the link's game not shown")
	}
	r2 := newRig(t, store, nil) // a new tab at /
	if got := strings.Join(r2.Game.s.MoveStrings(), " "); got != "e2e4 c7c5" {
		t.Errorf("the game at / is %q", got)
	}
}

func TestLinksNeverOverwrite(t *testing.T) {
	store := newStorage()
	a := newRig(t, store, link("bedlam", "", "none", "moves", "e2e4,d7d5"))
	a.play(t, "e4d5")
	b := newRig(t, store, link("bifold-halfgi", "", "none", "moves", "e2e4"))
	b.play(t, "e7e5")
	games := b.Games()
	if len(games) != 2 || games[0].ID != b.Game.id || !games[0].Current || games[1].Game != "Bedlam" || games[1].Moves != 2 {
		t.Fatalf("games %+v", games)
	}
	if err := b.Continue(games[1].ID); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(b.Game.s.MoveStrings(), " "); got != "e2e4 d7d5 e4d5" || b.Game.s.Variant().ID != "bedlam" {
		t.Fatalf("continued %q", got)
	}
	b.play(t, "d8d5")
	// The same link opened again continues the kept game instead of a copy.
	c := newRig(t, store, link("bedlam", "", "none", "moves", "e2e4,d7d5,e4d5,d8d5"))
	if c.Game.id != a.Game.id || len(c.Games()) != 2 {
		t.Errorf("the same game opened twice: id %q, %d games", c.Game.id, len(c.Games()))
	}
	// Deleting a game.
	if err := c.Delete(games[0].ID); err != nil || len(c.Games()) != 1 {
		t.Errorf("delete: %v, %d games", err, len(c.Games()))
	}
}

// A moves= link reproduces the game in every rule set, and a 100-move game's
// link stays under 2,000 characters.
func TestLinkReproducesTheGame(t *testing.T) {
	for _, v := range game.Variants() {
		longest := 0
		for seed := uint64(1); seed <= 4; seed++ {
			r := newRig(t, nil, link(v.ID, "", "none"))
			rng := rand.New(rand.NewPCG(seed, 3))
			for i := 0; i < 200 && len(r.board.targets) > 0; i++ {
				r.BoardMove(r.board.targets[rng.IntN(len(r.board.targets))].Move)
			}
			addr := "https://example.org/chimera/?" + r.page.address
			longest = max(longest, len(addr))
			r2 := newRig(t, nil, addressQuery(t, r))
			if r2.position() != r.position() || len(r2.page.last().Notices) > 0 {
				t.Fatalf("%s: the link gives %s, want %s (%v)", v.ID, r2.position(), r.position(), r2.page.last().Notices)
			}
			if r.Game.s.Ply() == 200 && len(addr) >= 2000 {
				t.Errorf("%s: a 100-move game's link has %d characters", v.ID, len(addr))
			}
		}
		t.Logf("%s: longest link %d characters", v.ID, longest)
	}
}

func TestBadLinks(t *testing.T) {
	cases := []struct {
		q       url.Values
		variant string
		moves   int
		says    string
	}{
		{link("bedlum", "", "none"), "bedlam", 0, "Unknown game “bedlum”: showing Bedlam"},
		{link("chess", "", "none"), "bedlam", 0, "Unknown game “chess”"},
		{link("bedlam", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1 and far too long a tail to quote in full because nobody needs all of it", "none"), "bedlam", 0, "is not valid ("},
		{link("assimilation", "", "none", "moves", "e2e4,e7e5,e2e4,g1f3"), "assimilation", 2, "The link's move 2, White: “e2e4” is not legal here: showing the game before it"},
		{link("assimilation", "", "black", "level", "99"), "assimilation", 0, "Level “99” is not one of 1 to 8: playing level 3"},
		{link("assimilation", "", "purple"), "assimilation", 0, "not “purple”"},
	}
	for _, c := range cases {
		store := newStorage()
		r := newRig(t, store, c.q)
		v := r.page.last()
		notes := strings.Join(v.Notices, " | ")
		if v.Variant != c.variant || v.Live != c.moves || !strings.Contains(notes, c.says) {
			t.Errorf("%v: %s with %d moves, notices %q", c.q, v.Variant, v.Live, notes)
		}
		for _, n := range v.Notices {
			if len([]rune(n)) > 200 {
				t.Errorf("a notice of %d characters: %q", len([]rune(n)), n)
			}
		}
		if len(r.board.targets) == 0 {
			t.Errorf("%v: the board is not playable", c.q)
		}
		if _, ok := store.m[keyGames]; ok && c.moves == 0 {
			t.Errorf("%v: a failed link wrote the list of games", c.q)
		}
	}
}

func TestDamagedStorage(t *testing.T) {
	// A kept game with an unreadable ply: shown with every move, noted, and
	// its data left as it was until the player moves.
	store := newStorage()
	data := `{"variant":"assimilation","computer":-1,"level":3,"start":"startpos","moves":["e2e4","e7e5"],"ply":"2"}`
	store.m[keyGames] = `[{"id":"g1","variant":"assimilation","computer":-1,"level":3,"created":1,"updated":2,"plies":2}]`
	store.m[keyGameData+"g1"] = data
	store.m[keyLast] = "g1"
	r := newRig(t, store, nil)
	if v := r.page.last(); v.Live != 2 || !strings.Contains(strings.Join(v.Notices, " "), "damaged") {
		t.Fatalf("damaged game: live %d notices %q", v.Live, v.Notices)
	}
	if store.m[keyGameData+"g1"] != data {
		t.Error("the damaged game was written over before a move")
	}
	r.play(t, "g1f3")
	if !strings.Contains(store.m[keyGameData+"g1"], "g1f3") {
		t.Error("the game was not kept after a move")
	}
	// A list that cannot be read is rebuilt (said once), and the game
	// played then is in it.
	store = newStorage()
	store.m[keyGames] = `[{"id":` // cut off
	r = newRig(t, store, link("assimilation", "", "none"))
	r.play(t, "e2e4")
	if gs := r.Games(); len(gs) != 1 || !strings.Contains(strings.Join(r.page.last().Notices, " "), "list of saved games was damaged") {
		t.Errorf("damaged list: %q %q", store.m[keyGames], r.page.last().Notices)
	}
	// An earlier version's one saved game joins the list.
	store = newStorage()
	store.m[keyOldGame] = `{"variant":"bedlam","computer":1,"level":2,"start":"startpos","moves":["e2e4","c7c5"],"ply":2}`
	r = newRig(t, store, nil)
	if got := strings.Join(r.Game.s.MoveStrings(), " "); got != "e2e4 c7c5" || len(r.Games()) != 1 {
		t.Errorf("old save: %q, %d games", got, len(r.Games()))
	}
}

func TestFinishedGamesPruned(t *testing.T) {
	store := newStorage()
	r := newRig(t, store, nil)
	// 103 finished games and 2 unfinished ones, the oldest first.
	var es []Entry
	for i := 0; i < 105; i++ {
		e := Entry{ID: "f" + string(rune('A'+i%26)) + string(rune('a'+i/26)), Variant: "bedlam", Computer: -1, Level: 3, Created: int64(i), Updated: int64(i), Plies: 10, Result: game.Draw, Reason: "stalemate"}
		if i == 0 || i == 50 {
			e.Result, e.Reason = "", ""
		}
		es = append(es, e)
		store.m[keyGameData+e.ID] = "x"
	}
	r.App.mu.Lock()
	r.Game.keep.writeEntries(es)
	r.App.mu.Unlock()
	r.clock.advance(time.Hour)
	r.play(t, "e2e4") // keeps the current game: the list is pruned
	kept := r.Games()
	finished, unfinished := 0, 0
	for _, g := range kept {
		if g.Result != "" {
			finished++
		} else {
			unfinished++
		}
	}
	if finished != KeepFinished || unfinished != 3 {
		t.Errorf("kept %d finished, %d unfinished", finished, unfinished)
	}
	if store.m[keyGameData+es[1].ID] != "" || store.m[keyGameData+es[104].ID] != "x" || store.m[keyGameData+es[0].ID] != "x" {
		t.Error("the wrong games' data were dropped")
	}
}

func TestRecordsAndPositions(t *testing.T) {
	for _, v := range game.Variants() {
		r := newRig(t, nil, link(v.ID, "", "none"))
		rng := rand.New(rand.NewPCG(9, 9))
		for i := 0; i < 150 && len(r.board.targets) > 0; i++ {
			r.BoardMove(r.board.targets[rng.IntN(len(r.board.targets))].Move)
		}
		rec := r.Record()
		want := r.Game.s.MoveStrings()
		r2 := newRig(t, nil, nil)
		if _, err := r2.LoadRecord(rec, -1, 3); err != nil {
			t.Fatalf("%s: %v\n%s", v.ID, err, rec)
		}
		if got := r2.Game.s.MoveStrings(); strings.Join(got, ",") != strings.Join(want, ",") || r2.Game.s.Variant() != v {
			t.Fatalf("%s: read back %d moves of %d", v.ID, len(got), len(want))
		}
		if len(r2.Games()) != 1 {
			t.Errorf("%s: the loaded game is not kept", v.ID)
		}
		// Loaded again: the kept game is shown, not kept twice.
		r2.NewGame(play.Settings{Variant: v.ID, Computer: -1})
		if said, err := r2.LoadRecord(rec, -1, 3); err != nil || len(r2.Games()) != 1 || !strings.Contains(said, "already kept") ||
			strings.Join(r2.Game.s.MoveStrings(), ",") != strings.Join(want, ",") {
			t.Errorf("%s: loaded twice: %q, %v, %d games kept", v.ID, said, err, len(r2.Games()))
		}
		// The position string, copied and loaded.
		pos := r.Position()
		r3 := newRig(t, nil, nil)
		if _, err := r3.LoadPosition(v.ID, pos, -1, 3); err != nil || r3.position() != pos {
			t.Fatalf("%s: position %q: %v", v.ID, pos, err)
		}
	}
	// A record against the computer keeps who played.
	r := newRig(t, nil, link("bedlam", "", "black", "level", "5"))
	r.play(t, "e2e4")
	r.answer("e7e5")
	rec := r.Record()
	if !strings.Contains(rec, `[White "You"]`) || !strings.Contains(rec, `[Black "Computer, level 5"]`) || !strings.Contains(rec, `[Site "https://example.org/chimera/"]`) {
		t.Fatalf("record:\n%s", rec)
	}
	r2 := newRig(t, nil, nil)
	if _, err := r2.LoadRecord(rec, AsRecorded, 3); err != nil || r2.Game.s.Computer != 1 || r2.Game.s.Level != 5 {
		t.Errorf("computer's record: %v computer %d level %d", err, r2.Game.s.Computer, r2.Game.s.Level)
	}
	// The player's choice wins over the record's tags: Nobody is two players.
	for _, c := range []struct {
		computer int
		players  string
	}{{-1, "Two players"}, {0, "Computer, level 3 vs You"}, {1, "You vs Computer, level 3"}} {
		r3 := newRig(t, nil, nil)
		if _, err := r3.LoadRecord(rec, c.computer, 3); err != nil || r3.Game.s.Computer != c.computer || r3.page.last().Players != c.players {
			t.Errorf("record loaded for computer %d: %v: computer %d, %q", c.computer, err, r3.Game.s.Computer, r3.page.last().Players)
		}
	}
	// A bad record names its first bad move and changes nothing.
	before := r2.position()
	_, err := r2.LoadRecord("[Variant \"Assimilation Chess\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nxe5", -1, 3)
	if err == nil || err.Error() != "move 3, Black: “Nxe5” is not legal here" || r2.position() != before {
		t.Errorf("bad record: %v", err)
	}
	if _, err := r2.LoadPosition("bedlam", "8/8/8 w", -1, 3); err == nil || r2.position() != before {
		t.Errorf("bad position: %v", err)
	}
	_ = play.DefaultSettings
}
