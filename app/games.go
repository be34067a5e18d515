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
func (a *App) entries() []Entry {
	data, ok, err := a.d.Storage.Get(keyGames)
	if err != nil {
		a.storageFailed(err)
		return nil
	}
	es, damaged := parseEntries(data, ok)
	keys, err := a.d.Storage.Keys()
	if err != nil {
		a.storageFailed(err)
		return es
	}
	listed := map[string]bool{}
	out := es[:0]
	for _, e := range es {
		if v, ok, _ := a.d.Storage.Get(keyGameData + e.ID); ok && v != "" {
			out = append(out, e)
			listed[e.ID] = true
		} else {
			damaged = true // its game is gone
		}
	}
	es = out
	found := 0
	sort.Strings(keys)
	for _, k := range keys {
		id, isGame := strings.CutPrefix(k, keyGameData)
		if !isGame || id == "" || listed[id] {
			continue
		}
		v, ok, _ := a.d.Storage.Get(k)
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
		a.note("The list of saved games was damaged, and this browser keeps no saved game: the list starts anew")
	case damaged:
		a.note("The list of saved games was damaged: it was rebuilt from the " + count(len(es), "game") + " this browser keeps")
	case found > 0:
		a.note(count(found, "saved game") + " missing from the list of games " + plural(found, "is", "are") + " back in Games")
	}
	if damaged || found > 0 {
		a.writeEntries(es)
	}
	return es
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
func (a *App) gameData(now int64) string {
	b := a.s.Save()
	t, _ := json.Marshal(savedTimes{Created: a.created, Updated: now})
	if len(b) > 2 && b[0] == '{' {
		return string(t[:len(t)-1]) + "," + string(b[1:])
	}
	return string(b)
}

func (a *App) writeEntries(es []Entry) {
	if es == nil {
		es = []Entry{}
	}
	b, _ := json.Marshal(es)
	if err := a.setKept(keyGames, string(b)); err != nil {
		a.storageFailed(err)
	}
}

// newID returns an id for a new game, one no kept game has (another tab
// may have made one in the same millisecond).
func (a *App) newID(es []Entry) string {
	for {
		a.idSeq++
		id := strconv.FormatInt(a.d.Clock.Now().UnixMilli(), 36) + "-" + strconv.Itoa(a.idSeq)
		if _, taken := findEntry(es, id); !taken {
			return id
		}
	}
}

// save keeps the game: its data and its line in the list. A game with no
// move yet is not kept (its link or a new game gives it again); an embedded
// board keeps nothing.
func (a *App) save() {
	if a.ephemeral {
		if a.embedKey != "" {
			a.saveEmbed()
		}
		return
	}
	if a.id == "" && a.s.Len() == 0 {
		return
	}
	now := a.d.Clock.Now().UnixMilli()
	es := a.entries()
	if a.id == "" {
		a.id = a.newID(es)
		a.created = now
	}
	if err := a.setKept(keyGameData+a.id, a.gameData(now)); err != nil {
		a.storageFailed(err)
		return
	}
	res, why := a.s.Outcome()
	e := Entry{ID: a.id, Variant: a.s.Variant().ID, Computer: a.s.Computer, Level: a.s.Level,
		Created: a.created, Updated: now, Plies: a.s.Ply(), Result: res, Reason: why}
	found := false
	for i := range es {
		if es[i].ID == a.id {
			es[i], found = e, true
		}
	}
	if !found {
		es = append(es, e)
	}
	es = a.prune(es)
	a.writeEntries(es)
	a.setLast(a.id)
}

// setLast remembers id as the game played last, and as this tab's game.
func (a *App) setLast(id string) {
	if err := a.setKept(keyLast, id); err != nil {
		a.storageFailed(err)
	}
	if a.d.Tab != nil {
		a.d.Tab.Set(keyTab, id) // a tab without its own storage shows the last game on a reload
	}
}

// prune drops the finished games beyond the newest KeepFinished (never the
// current one) and their data.
func (a *App) prune(es []Entry) []Entry {
	var finished []Entry
	for _, e := range es {
		if e.Result != "" && e.ID != a.id {
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
		a.d.Storage.Remove(keyGameData + e.ID) // best effort: the list no longer names it
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
func (a *App) loadEntry(e Entry) (*play.Session, error) {
	data, ok, err := a.d.Storage.Get(keyGameData + e.ID)
	if err != nil {
		a.storageFailed(err)
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
		a.note("The saved " + gameName(e.Variant) + " game was damaged: " + strings.Join(problems, "; ") + ". It is shown as far as it could be read, and kept as it was until you play on")
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
func (a *App) Games() []GameInfo {
	a.lock()
	defer a.unlock()
	if a.ephemeral {
		return []GameInfo{} // an embedded board never shows the visitor's games
	}
	es := a.entries()
	sort.SliceStable(es, func(i, j int) bool { return es[i].Updated > es[j].Updated })
	out := make([]GameInfo, 0, len(es))
	for _, e := range es {
		g := GameInfo{ID: e.ID, Game: gameName(e.Variant), Moves: (e.Plies + 1) / 2,
			Date:    time.UnixMilli(e.Updated).Local().Format("2006-01-02 15:04"),
			Result:  game.ResultWords(e.Result, e.Reason),
			Current: e.ID == a.id}
		_, _, g.Players = playersOf(e.Computer, e.Level)
		out = append(out, g)
	}
	return out
}

// Continue shows the kept game id.
func (a *App) Continue(id string) error {
	a.lock()
	defer a.unlock()
	if a.ephemeral {
		return errEmbedded
	}
	e, ok := findEntry(a.entries(), id)
	if !ok {
		return errString("that game is no longer kept")
	}
	s, err := a.loadEntry(e)
	if err != nil {
		a.note("The saved " + gameName(e.Variant) + " game could not be read (" + err.Error() + ")")
		return err
	}
	a.switchTo(s, e.ID, e.Created)
	a.setLast(e.ID)
	return nil
}

// Delete drops the kept game id. Deleting the game on the board leaves it
// on the board, no longer kept (a move keeps it again, as a new game).
func (a *App) Delete(id string) error {
	a.lock()
	defer a.unlock()
	if a.ephemeral {
		return errEmbedded
	}
	es := a.entries()
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
	a.writeEntries(out)
	a.d.Storage.Remove(keyGameData + id)
	if id == a.id {
		a.id = ""
	}
	a.out.show = true
	return nil
}

// errEmbedded refuses what an embedded board may not do: reach the
// visitor's games.
const errEmbedded = errString("an embedded board does not reach the games kept on this device: open Chimera's own page for them")

// switchTo shows session s (kept as id, "" for a new game: an embedded
// board keeps its own).
func (a *App) switchTo(s *play.Session, id string, created int64) {
	a.abandon()
	a.endLesson()
	a.s = s
	a.id = id
	a.created = created
	a.gen++
	a.prefs.Turned = false
	a.savePrefs()
	a.board().SetFlipped(a.flipped())
	a.showLive(nil)
}

// sameGame reports whether the kept game e with session s is the game a
// link gives (same rule set, start, players and moves played).
func sameGame(s, link *play.Session) bool {
	return s.Variant() == link.Variant() && s.StartPosition() == link.StartPosition() &&
		s.Computer == link.Computer && s.Level == link.Level &&
		strings.Join(s.MoveStrings(), ",") == strings.Join(link.MoveStrings(), ",")
}

// createdTime is when the game began (now for a game not kept yet).
func (a *App) createdTime() time.Time {
	if a.created == 0 {
		return a.d.Clock.Now()
	}
	return time.UnixMilli(a.created)
}
