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
func (g *GameController) moveLegacyEmbed(q url.Values) {
	old := legacyEmbedKey(q)
	data, ok, err := g.a.d.Storage.Get(old)
	if err != nil || !ok {
		return
	}
	g.a.d.Storage.Remove(old)
	if _, have, _ := g.a.d.Storage.Get(g.embedKey); !have && data != "" && len(data) <= MaxEmbedGame {
		if g.a.d.Storage.Set(g.embedKey, data) == nil {
			g.writeEmbedIndex(g.embedIndex(), g.embedKey, true)
		}
	}
}

// embedIndex reads the index of kept embed games (only well-formed lines
// of the current key form).
func (g *GameController) embedIndex() []embedLine {
	data, ok, err := g.a.d.Storage.Get(keyEmbeds)
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

// saveEmbed keeps the embedded board's game under g.embedKey: a game too
// long to keep is not kept (said once), and the oldest kept embed games
// beyond MaxEmbedGames are dropped.
func (g *GameController) saveEmbed() {
	data := string(g.s.Save())
	if len(data) > MaxEmbedGame {
		g.a.note("This board's game is too long to keep in this browser: it is kept until the page is closed")
		g.a.d.Storage.Remove(g.embedKey)
		g.writeEmbedIndex(g.embedIndex(), g.embedKey, false)
		return
	}
	ls := g.embedIndex()
	ls = g.writeEmbedIndex(ls, g.embedKey, true)
	if err := g.a.d.Storage.Set(g.embedKey, data); err != nil {
		// Full: an embed makes room only among the embed games.
		g.dropEmbeds(ls, g.embedKey)
		if err := g.a.d.Storage.Set(g.embedKey, data); err != nil {
			g.a.storageFailed(err)
		}
	}
}

// writeEmbedIndex writes the index with key (kept: its line updated now,
// else its line removed), dropping the oldest games beyond MaxEmbedGames
// and any embed data no line names; it returns the index written.
func (g *GameController) writeEmbedIndex(ls []embedLine, key string, kept bool) []embedLine {
	out := []embedLine{}
	for _, l := range ls {
		if l.Key != key {
			out = append(out, l)
		}
	}
	if kept {
		out = append(out, embedLine{Key: key, Updated: g.a.d.Clock.Now().UnixMilli()})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Updated > out[j].Updated })
	if len(out) > MaxEmbedGames {
		out = out[:MaxEmbedGames]
	}
	named := map[string]bool{}
	for _, l := range out {
		named[l.Key] = true
	}
	if keys, err := g.a.d.Storage.Keys(); err == nil {
		for _, k := range keys {
			if strings.HasPrefix(k, keyEmbedData) && !named[k] {
				g.a.d.Storage.Remove(k)
			}
		}
	}
	b, _ := json.Marshal(out)
	g.a.d.Storage.Set(keyEmbeds, string(b))
	return out
}

// dropEmbeds removes every kept embed game but keep's (when storage is
// full: the visitor's games and this board's come first).
func (g *GameController) dropEmbeds(ls []embedLine, keep string) {
	var out []embedLine
	for _, l := range ls {
		if l.Key == keep {
			out = append(out, l)
			continue
		}
		g.a.d.Storage.Remove(l.Key)
	}
	b, _ := json.Marshal(out)
	g.a.d.Storage.Set(keyEmbeds, string(b))
}

// setKept writes one of the visitor's own keys; when storage is full it
// first makes room by dropping the embed games, then tries again.
func (g *GameController) setKept(key, value string) error {
	err := g.a.d.Storage.Set(key, value)
	if err == nil {
		return nil
	}
	ls := g.embedIndex()
	keys, kerr := g.a.d.Storage.Keys()
	if len(ls) == 0 && (kerr != nil || !hasPrefixKey(keys, keyEmbedData)) {
		return err
	}
	g.dropEmbeds(ls, "")
	if kerr == nil {
		for _, k := range keys {
			if strings.HasPrefix(k, keyEmbedData) {
				g.a.d.Storage.Remove(k)
			}
		}
	}
	return g.a.d.Storage.Set(key, value)
}

func hasPrefixKey(keys []string, prefix string) bool {
	for _, k := range keys {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}
