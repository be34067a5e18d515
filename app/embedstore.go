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

// embedMax is the most characters an embed game may take (MaxEmbedGame;
// a test sets less).
func (k *keeper) embedMax() int {
	if k.maxEmbedGame > 0 {
		return k.maxEmbedGame
	}
	return MaxEmbedGame
}

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

// moveLegacyEmbed moves an earlier version's kept game of the embed with
// parameters q to its key of today, key (which the next save bounds like any other).
func (k *keeper) moveLegacyEmbed(q url.Values, key string) {
	old := legacyEmbedKey(q)
	data, ok, err := k.st.Get(old)
	if err != nil || !ok {
		return
	}
	k.st.Remove(old)
	if _, have, _ := k.st.Get(key); !have && data != "" && len(data) <= MaxEmbedGame {
		if k.st.Set(key, data) == nil {
			k.writeEmbedIndex(k.embedIndex(), key, true)
		}
	}
}

// embedIndex reads the index of kept embed games (only well-formed lines
// of the current key form).
func (k *keeper) embedIndex() []embedLine {
	data, ok, err := k.st.Get(keyEmbeds)
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

// saveEmbed keeps an embedded board's game data under key: a game too
// long to keep is not kept (said once), and the oldest kept embed games
// beyond MaxEmbedGames are dropped.
func (k *keeper) saveEmbed(key, data string) {
	if len(data) > k.embedMax() {
		k.note("This board's game is too long to keep in this browser: it is kept until the page is closed")
		k.writeEmbedIndex(k.embedIndex(), key, false)
		return
	}
	ls := k.writeEmbedIndex(k.embedIndex(), key, true)
	if err := k.st.Set(key, data); err != nil {
		// Full: an embed makes room only among the embed games.
		k.keepEmbeds(linesFor(ls, key))
		if err := k.st.Set(key, data); err != nil {
			k.failed(err)
		}
	}
}

// writeEmbedIndex keeps the index with key's line (kept: updated now,
// else removed), the newest MaxEmbedGames lines of it; it returns them.
func (k *keeper) writeEmbedIndex(ls []embedLine, key string, kept bool) []embedLine {
	out := []embedLine{}
	for _, l := range ls {
		if l.Key != key {
			out = append(out, l)
		}
	}
	if kept {
		out = append(out, embedLine{Key: key, Updated: k.clock.Now().UnixMilli()})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Updated > out[j].Updated })
	if len(out) > MaxEmbedGames {
		out = out[:MaxEmbedGames]
	}
	k.keepEmbeds(out)
	return out
}

// linesFor returns key's line of ls (none when it has none).
func linesFor(ls []embedLine, key string) []embedLine {
	for _, l := range ls {
		if l.Key == key {
			return []embedLine{l}
		}
	}
	return nil
}

// keepEmbeds writes the index as ls and removes every embed game's data
// that ls does not name (the index's dropped lines, and keys of earlier
// versions or of a lost index); it returns how many it removed.
func (k *keeper) keepEmbeds(ls []embedLine) int {
	named := map[string]bool{}
	for _, l := range ls {
		named[l.Key] = true
	}
	stale := map[string]bool{}
	for _, l := range k.embedIndex() {
		stale[l.Key] = true
	}
	if keys, err := k.st.Keys(); err == nil {
		for _, key := range keys {
			if strings.HasPrefix(key, keyEmbedData) {
				stale[key] = true
			}
		}
	}
	removed := 0
	for key := range stale {
		if !named[key] {
			if _, ok, _ := k.st.Get(key); ok {
				removed++
			}
			k.st.Remove(key)
		}
	}
	if ls == nil {
		ls = []embedLine{}
	}
	b, _ := json.Marshal(ls)
	k.st.Set(keyEmbeds, string(b))
	return removed
}

// setKept writes one of the visitor's own keys; when storage is full it
// first makes room by dropping the embed games, then tries again.
func (k *keeper) setKept(key, value string) error {
	err := k.st.Set(key, value)
	if err == nil || k.keepEmbeds(nil) == 0 {
		return err
	}
	return k.st.Set(key, value)
}
