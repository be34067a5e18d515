package app

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"sort"
	"strings"
)

// Embedded boards with save=1 keep their games apart from the visitor's,
// within fixed bounds: each under a key of fixed size made from its
// parameters, at most MaxEmbedGames of them and MaxEmbedGame characters
// each, the one played longest ago dropped first. The index (keyEmbeds)
// lists them with when they were last played; a key of the form that no
// index names (an earlier version's, built from the raw parameters) is
// removed when the index is written.
const (
	keyEmbeds     = "chimera.embeds"
	keyEmbedData  = "chimera.embed."
	MaxEmbedGames = 20
	MaxEmbedGame  = 32 << 10
)

// embedLine is one kept embed game in the index.
type embedLine struct {
	Key     string `json:"key"`
	Updated int64  `json:"updated"`
}

// embedKey is where an embed with save=1 keeps its game: a hash of the
// parameters that say its game (so a key is never longer than 78
// characters, whatever the address holds).
func embedKey(q url.Values) string {
	h := sha256.New()
	for _, k := range []string{"mode", "variant", "fen", "moves", "ai", "level"} {
		v := q.Get(k)
		json.NewEncoder(h).Encode([]string{k, v}) // unambiguous: each part quoted
	}
	return keyEmbedData + hex.EncodeToString(h.Sum(nil)[:16])
}

// legacyEmbedKey is where an earlier version kept an embed's game: under
// its raw parameters.
func legacyEmbedKey(q url.Values) string {
	var parts []string
	for _, k := range []string{"mode", "variant", "fen", "moves", "ai", "level"} {
		parts = append(parts, k+"="+q.Get(k))
	}
	return keyEmbedData + strings.Join(parts, "&")
}

// moveLegacyEmbed moves an earlier version's kept game of this embed to
// its key of today (which the next save bounds like any other).
func (a *App) moveLegacyEmbed(q url.Values) {
	old := legacyEmbedKey(q)
	data, ok, err := a.d.Storage.Get(old)
	if err != nil || !ok {
		return
	}
	a.d.Storage.Remove(old)
	if _, have, _ := a.d.Storage.Get(a.embedKey); !have && data != "" && len(data) <= MaxEmbedGame {
		if a.d.Storage.Set(a.embedKey, data) == nil {
			a.writeEmbedIndex(a.embedIndex(), a.embedKey, true)
		}
	}
}

// embedIndex reads the index of kept embed games (only well-formed lines
// of the current key form).
func (a *App) embedIndex() []embedLine {
	data, ok, err := a.d.Storage.Get(keyEmbeds)
	if err != nil || !ok {
		return nil
	}
	var ls []embedLine
	if json.Unmarshal([]byte(data), &ls) != nil {
		return nil
	}
	out := ls[:0]
	seen := map[string]bool{}
	for _, l := range ls {
		if isEmbedKey(l.Key) && !seen[l.Key] {
			seen[l.Key] = true
			out = append(out, l)
		}
	}
	return out
}

// isEmbedKey reports whether k is of embedKey's form.
func isEmbedKey(k string) bool {
	h, ok := strings.CutPrefix(k, keyEmbedData)
	if !ok || len(h) != 32 {
		return false
	}
	_, err := hex.DecodeString(h)
	return err == nil
}

// saveEmbed keeps the embedded board's game under a.embedKey: a game too
// long to keep is not kept (said once), and the oldest kept embed games
// beyond MaxEmbedGames are dropped.
func (a *App) saveEmbed() {
	data := string(a.s.Save())
	if len(data) > MaxEmbedGame {
		a.note("This board's game is too long to keep in this browser: it is kept until the page is closed")
		a.d.Storage.Remove(a.embedKey)
		a.writeEmbedIndex(a.embedIndex(), a.embedKey, false)
		return
	}
	ls := a.embedIndex()
	ls = a.writeEmbedIndex(ls, a.embedKey, true)
	if err := a.d.Storage.Set(a.embedKey, data); err != nil {
		// Full: an embed makes room only among the embed games.
		a.dropEmbeds(ls, a.embedKey)
		if err := a.d.Storage.Set(a.embedKey, data); err != nil {
			a.storageFailed(err)
		}
	}
}

// writeEmbedIndex writes the index with key (kept: its line updated now,
// else its line removed), dropping the oldest games beyond MaxEmbedGames
// and any embed data no line names; it returns the index written.
func (a *App) writeEmbedIndex(ls []embedLine, key string, kept bool) []embedLine {
	out := []embedLine{}
	for _, l := range ls {
		if l.Key != key {
			out = append(out, l)
		}
	}
	if kept {
		out = append(out, embedLine{Key: key, Updated: a.d.Clock.Now().UnixMilli()})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Updated > out[j].Updated })
	if len(out) > MaxEmbedGames {
		out = out[:MaxEmbedGames]
	}
	named := map[string]bool{}
	for _, l := range out {
		named[l.Key] = true
	}
	if keys, err := a.d.Storage.Keys(); err == nil {
		for _, k := range keys {
			if strings.HasPrefix(k, keyEmbedData) && !named[k] {
				a.d.Storage.Remove(k)
			}
		}
	}
	b, _ := json.Marshal(out)
	a.d.Storage.Set(keyEmbeds, string(b))
	return out
}

// dropEmbeds removes every kept embed game but keep's (when storage is
// full: the visitor's games and this board's come first).
func (a *App) dropEmbeds(ls []embedLine, keep string) {
	var out []embedLine
	for _, l := range ls {
		if l.Key == keep {
			out = append(out, l)
			continue
		}
		a.d.Storage.Remove(l.Key)
	}
	b, _ := json.Marshal(out)
	a.d.Storage.Set(keyEmbeds, string(b))
}

// setKept writes one of the visitor's own keys; when storage is full it
// first makes room by dropping the embed games, then tries again.
func (a *App) setKept(key, value string) error {
	err := a.d.Storage.Set(key, value)
	if err == nil {
		return nil
	}
	ls := a.embedIndex()
	keys, kerr := a.d.Storage.Keys()
	if len(ls) == 0 && (kerr != nil || !hasPrefixKey(keys, keyEmbedData)) {
		return err
	}
	a.dropEmbeds(ls, "")
	if kerr == nil {
		for _, k := range keys {
			if strings.HasPrefix(k, keyEmbedData) {
				a.d.Storage.Remove(k)
			}
		}
	}
	return a.d.Storage.Set(key, value)
}

func hasPrefixKey(keys []string, prefix string) bool {
	for _, k := range keys {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}
