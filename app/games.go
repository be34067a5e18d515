package app

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"time"

	"chimera/game"
	"chimera/play"
)

// Storage keys: the list of games, each game's data, the game played last
// (what a plain visit continues), and in the tab's own storage the game
// this tab shows (what a reload shows). keyOldGame is the one saved game of
// earlier versions, moved into the list when found.
const (
	keyGames    = "chimera.games"
	keyGameData = "chimera.game."
	keyLast     = "chimera.last"
	keyTab      = "chimera.tab"
	keyOldGame  = "chimera.game"
)

// KeepFinished is how many finished games are kept: older finished ones are
// dropped; unfinished games are dropped only by the player.
const KeepFinished = 100

// Entry is one game in the list of games kept on this device.
type Entry struct {
	ID       string `json:"id"`
	Variant  string `json:"variant"`
	Computer int    `json:"computer"`
	Level    int    `json:"level"`
	Created  int64  `json:"created"` // ms since 1970
	Updated  int64  `json:"updated"`
	Plies    int    `json:"plies"`
	Result   string `json:"result"`
	Reason   string `json:"reason"`
}

// GameInfo is a line of the Games list.
type GameInfo struct {
	ID      string `json:"id"`
	Game    string `json:"game"`
	Players string `json:"players"`
	Date    string `json:"date"` // when it was last played, "2026-11-30 14:05"
	Moves   int    `json:"moves"`
	Result  string `json:"result"` // "White wins by checkmate", "" while it goes on
	Current bool   `json:"current"`
}

// entries reads the list of games and makes it agree with the games
// storage holds: a list that is missing, unreadable or damaged in part is
// rebuilt from the games' own data (keyGameData keys), a line whose game is
// gone is dropped and a kept game the list lacks is added, so that every
// saved game is reachable from Games. A repair is written back and said
// once.
func (k *keeper) entries() []Entry {
	data, ok, err := k.st.Get(keyGames)
	if err != nil {
		k.failed(err)
		return nil
	}
	es, damaged := parseEntries(data, ok)
	keys, err := k.st.Keys()
	if err != nil {
		k.failed(err)
		return es
	}
	listed := map[string]bool{}
	out := es[:0]
	for _, e := range es {
		if v, ok, _ := k.st.Get(keyGameData + e.ID); ok && v != "" {
			out = append(out, e)
			listed[e.ID] = true
		} else {
			damaged = true // its game is gone
		}
	}
	es = out
	found := 0
	sort.Strings(keys)
	for _, key := range keys {
		id, isGame := strings.CutPrefix(key, keyGameData)
		if !isGame || id == "" || listed[id] {
			continue
		}
		v, ok, _ := k.st.Get(key)
		if !ok || v == "" {
			continue
		}
		if e, ok := entryOf(id, v); ok {
			es = append(es, e)
			listed[id] = true
			found++
		}
	}
	switch {
	case damaged && len(es) == 0:
		k.note("The list of saved games was damaged, and this browser keeps no saved game: the list starts anew")
	case damaged:
		k.note("The list of saved games was damaged: it was rebuilt from the " + count(len(es), "game") + " this browser keeps")
	case found > 0:
		k.note(count(found, "saved game") + " missing from the list of games " + plural(found, "is", "are") + " back in Games")
	}
	if damaged || found > 0 {
		k.writeEntries(es)
	}
	return es
}

// count says n things: "1 game", "3 games".
func count(n int, thing string) string {
	return strconv.Itoa(n) + " " + thing + plural(n, "", "s")
}

func plural(n int, one, more string) string {
	if n == 1 {
		return one
	}
	return more
}

// parseEntries reads the stored list of games (ok: there is one): the
// lines that are well formed, and whether anything was not.
func parseEntries(data string, ok bool) (es []Entry, damaged bool) {
	if !ok || data == "" {
		return nil, false
	}
	var raw []json.RawMessage
	if err := json.Unmarshal([]byte(data), &raw); err != nil {
		return nil, true
	}
	seen := map[string]bool{}
	for _, r := range raw {
		var e Entry
		if json.Unmarshal(r, &e) != nil || !validID(e.ID) || seen[e.ID] || play.FindVariant(e.Variant) == nil {
			damaged = true
			continue
		}
		seen[e.ID] = true
		es = append(es, e)
	}
	return es, damaged
}

// validID reports whether id can be a kept game's id (newID's form, or
// that of an earlier version: short, printable, no spaces).
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if c <= ' ' || c > '~' {
			return false
		}
	}
	return true
}

// savedTimes are the times a kept game's data carries beside the session
// (App.gameData), for rebuilding its line in the list.
type savedTimes struct {
	Created int64 `json:"created"`
	Updated int64 `json:"updated"`
}

// entryOf rebuilds a kept game's line in the list from its data.
func entryOf(id, data string) (Entry, bool) {
	s, _, err := play.Load([]byte(data))
	if err != nil {
		return Entry{}, false
	}
	var t savedTimes
	json.Unmarshal([]byte(data), &t)
	res, why := s.Outcome()
	return Entry{ID: id, Variant: s.Variant().ID, Computer: s.Computer, Level: s.Level,
		Created: t.Created, Updated: max(t.Updated, t.Created), Plies: s.Ply(), Result: res, Reason: why}, true
}

// gameData is what is kept of the game: the session (play.Session.Save)
// with the times it began and was last played, so that its line in the
// list can be rebuilt from it.
func (g *GameController) gameData(now int64) string {
	b := g.s.Save()
	t, _ := json.Marshal(savedTimes{Created: g.created, Updated: now})
	if len(b) > 2 && b[0] == '{' {
		return string(t[:len(t)-1]) + "," + string(b[1:])
	}
	return string(b)
}

func (k *keeper) writeEntries(es []Entry) {
	if es == nil {
		es = []Entry{}
	}
	b, _ := json.Marshal(es)
	if err := k.setKept(keyGames, string(b)); err != nil {
		k.failed(err)
	}
}

// newID returns an id for a new game, one no kept game has (another tab
// may have made one in the same millisecond).
func (k *keeper) newID(es []Entry) string {
	for {
		k.idSeq++
		id := strconv.FormatInt(k.clock.Now().UnixMilli(), 36) + "-" + strconv.Itoa(k.idSeq)
		if _, taken := findEntry(es, id); !taken {
			return id
		}
	}
}

// save keeps the game: its data and its line in the list. A game with no
// move yet is not kept (its link or a new game gives it again); an embedded
// board keeps nothing.
func (g *GameController) save() {
	if g.a.guest() {
		if g.embedKey != "" {
			g.keep.saveEmbed(g.embedKey, string(g.s.Save()))
		}
		return
	}
	if g.id == "" && g.s.Len() == 0 {
		return
	}
	now := g.a.d.Clock.Now().UnixMilli()
	es := g.keep.entries()
	if g.id == "" {
		g.id = g.keep.newID(es)
		g.created = now
	}
	if err := g.keep.setKept(keyGameData+g.id, g.gameData(now)); err != nil {
		g.a.storageFailed(err)
		return
	}
	res, why := g.s.Outcome()
	e := Entry{ID: g.id, Variant: g.s.Variant().ID, Computer: g.s.Computer, Level: g.s.Level,
		Created: g.created, Updated: now, Plies: g.s.Ply(), Result: res, Reason: why}
	found := false
	for i := range es {
		if es[i].ID == g.id {
			es[i], found = e, true
		}
	}
	if !found {
		es = append(es, e)
	}
	es = g.keep.prune(es, g.id)
	g.keep.writeEntries(es)
	g.keep.setLast(g.id)
}

// setLast remembers id as the game played last, and as this tab's game.
func (k *keeper) setLast(id string) {
	if err := k.setKept(keyLast, id); err != nil {
		k.failed(err)
	}
	if k.tab != nil {
		k.tab.Set(keyTab, id) // a tab without its own storage shows the last game on a reload
	}
}

// prune drops the finished games beyond the newest KeepFinished (never the
// current one) and their data.
func (k *keeper) prune(es []Entry, current string) []Entry {
	var finished []Entry
	for _, e := range es {
		if e.Result != "" && e.ID != current {
			finished = append(finished, e)
		}
	}
	if len(finished) <= KeepFinished {
		return es
	}
	sort.Slice(finished, func(i, j int) bool { return finished[i].Updated > finished[j].Updated })
	drop := map[string]bool{}
	for _, e := range finished[KeepFinished:] {
		drop[e.ID] = true
		k.st.Remove(keyGameData + e.ID) // best effort: the list no longer names it
	}
	out := es[:0]
	for _, e := range es {
		if !drop[e.ID] {
			out = append(out, e)
		}
	}
	return out
}

// loadEntry reads a kept game; problems with its data are noted.
func (k *keeper) loadEntry(e Entry) (*play.Session, error) {
	data, ok, err := k.st.Get(keyGameData + e.ID)
	if err != nil {
		k.failed(err)
		return nil, err
	}
	if !ok || data == "" {
		return nil, errString("its data is missing")
	}
	s, problems, err := play.Load([]byte(data))
	if err != nil {
		return nil, err
	}
	if len(problems) > 0 {
		k.note("The saved " + gameName(e.Variant) + " game was damaged: " + strings.Join(problems, "; ") + ". It is shown as far as it could be read, and kept as it was until you play on")
	}
	return s, nil
}

func gameName(id string) string {
	if v, err := game.VariantByID(id); err == nil {
		return v.Name
	}
	return id
}

// findEntry returns the kept game with id.
func findEntry(es []Entry, id string) (Entry, bool) {
	for _, e := range es {
		if e.ID == id && id != "" {
			return e, true
		}
	}
	return Entry{}, false
}

// Games lists the kept games, the last played first.
func (g *GameController) Games() []GameInfo {
	g.a.lock()
	defer g.a.unlock()
	if g.a.guest() {
		return []GameInfo{} // an embedded board never shows the visitor's games
	}
	es := g.keep.entries()
	sort.SliceStable(es, func(i, j int) bool { return es[i].Updated > es[j].Updated })
	out := make([]GameInfo, 0, len(es))
	for _, e := range es {
		g := GameInfo{ID: e.ID, Game: gameName(e.Variant), Moves: (e.Plies + 1) / 2,
			Date:    time.UnixMilli(e.Updated).Local().Format("2006-01-02 15:04"),
			Result:  game.ResultWords(e.Result, e.Reason),
			Current: e.ID == g.id}
		_, _, g.Players = playersOf(e.Computer, e.Level)
		out = append(out, g)
	}
	return out
}

// Continue shows the kept game id.
func (g *GameController) Continue(id string) error {
	g.a.lock()
	defer g.a.unlock()
	if g.a.guest() {
		return errEmbedded
	}
	e, ok := findEntry(g.keep.entries(), id)
	if !ok {
		return errString("that game is no longer kept")
	}
	s, err := g.keep.loadEntry(e)
	if err != nil {
		g.a.note("The saved " + gameName(e.Variant) + " game could not be read (" + err.Error() + ")")
		return err
	}
	g.switchTo(s, e.ID, e.Created)
	g.keep.setLast(e.ID)
	return nil
}

// Delete drops the kept game id. Deleting the game on the board leaves it
// on the board, no longer kept (a move keeps it again, as a new game).
func (g *GameController) Delete(id string) error {
	g.a.lock()
	defer g.a.unlock()
	if g.a.guest() {
		return errEmbedded
	}
	es := g.keep.entries()
	out := es[:0]
	found := false
	for _, e := range es {
		if e.ID == id {
			found = true
			continue
		}
		out = append(out, e)
	}
	if !found {
		return errString("that game is no longer kept")
	}
	g.keep.writeEntries(out)
	g.a.d.Storage.Remove(keyGameData + id)
	if id == g.id {
		g.id = ""
	}
	g.a.out.show = true
	return nil
}

// errEmbedded refuses what an embedded board may not do: reach the
// visitor's games.
const errEmbedded = errString("an embedded board does not reach the games kept on this device: open Chimera's own page for them")

// switchTo shows session s (kept as id, "" for a new game: an embedded
// board keeps its own).
func (g *GameController) switchTo(s *play.Session, id string, created int64) {
	g.abandon()
	g.a.closeLesson()
	g.premove, g.shapes = "", nil
	g.a.closeEditor()
	g.a.closeAnalysis()
	g.a.closePuzzles()
	g.s = s
	g.id = id
	g.created = created
	g.gen++
	g.a.prefs.Turned = false
	g.a.savePrefs()
	if b := g.board(); b != nil {
		b.SetFlipped(g.flipped())
	}
	g.showLive(nil)
	g.runClock()
}

// sameGame reports whether the kept game e with session s is the game a
// link gives (same rule set, start, players and moves played).
func sameGame(s, link *play.Session) bool {
	return s.Variant() == link.Variant() && s.StartPosition() == link.StartPosition() &&
		s.Computer == link.Computer && s.Level == link.Level &&
		strings.Join(s.MoveStrings(), ",") == strings.Join(link.MoveStrings(), ",")
}

// createdTime is when the game began (now for a game not kept yet).
func (g *GameController) createdTime() time.Time {
	if g.created == 0 {
		return g.a.d.Clock.Now()
	}
	return time.UnixMilli(g.created)
}

// keeper keeps games in the browser's storage: the visitor's games (the
// list, each game's data, the last game, this tab's game) and the embedded
// boards' games apart from them (embedstore.go). It says what went wrong
// through note and failed (the router's notices).
type keeper struct {
	st     Storage
	tab    Storage // the tab's own storage; nil: none
	clock  Clock
	note   func(string)
	failed func(error)
	idSeq  int

	maxEmbedGame int // characters an embed game may take; 0: MaxEmbedGame
}

// tabID is the game this tab showed.
func (k *keeper) tabID() string {
	if k.tab == nil {
		return ""
	}
	id, _, _ := k.tab.Get(keyTab)
	return id
}
