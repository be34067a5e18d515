package app

import (
	"net/url"
	"strconv"
	"strings"

	"chimera/game"
	"chimera/play"
)

// LinkKeys are the URL parameters that say the game: the rule set, the
// start position (only when not the rule set's own), the moves played
// (comma-separated move strings, RULES.md §5), who the computer plays and
// its level.
var LinkKeys = []string{"variant", "fen", "moves", "ai", "level"}

// HasGame reports whether URL parameters q name a game.
func HasGame(q url.Values) bool {
	for _, k := range LinkKeys {
		if q.Has(k) {
			return true
		}
	}
	return false
}

// fromLink makes the session a link's parameters give. What is wrong in them
// is noted in words (quoting at most 80 characters of the bad input), and
// what is shown instead: an unknown game gives the default game, a bad
// position the rule set's start, a bad move the game before it, a bad side
// or level the default.
func (g *GameController) fromLink(q url.Values) *play.Session {
	set := play.DefaultSettings
	if v := q.Get("variant"); v != "" {
		if vv := play.FindVariant(v); vv != nil && !vv.Hidden {
			set.Variant = vv.ID
		} else {
			g.a.note("Unknown game " + play.Quote(v) + ": showing " + gameName(set.Variant))
			q = url.Values{"ai": q["ai"], "level": q["level"]} // the rest was for that game
		}
	}
	switch ai := q.Get("ai"); ai {
	case "white":
		set.Computer = 0
	case "black":
		set.Computer = 1
	case "none":
		set.Computer = -1
	case "":
		if q.Has("moves") || q.Has("fen") {
			set.Computer = -1 // a shared position or game: two players unless it says otherwise
		}
	default:
		g.a.note("The computer plays white, black or none, not " + play.Quote(ai) + ": it plays " + strings.ToLower(sideName(set.Computer)))
	}
	if l := q.Get("level"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 8 {
			g.a.note("Level " + play.Quote(l) + " is not one of 1 to 8: playing level " + strconv.Itoa(set.Level))
		} else {
			set.Level = n
		}
	}
	set.FEN = q.Get("fen")
	s, err := play.New(set)
	if err != nil {
		g.a.note("The position " + play.Quote(set.FEN) + " is not valid (" + play.Why(err) + "): showing the start position")
		set.FEN = ""
		if s, err = play.New(set); err != nil {
			s, _ = play.New(play.DefaultSettings)
		}
		return s
	}
	if ms := q.Get("moves"); ms != "" {
		for _, m := range strings.Split(ms, ",") {
			p := s.Position()
			num, black := p.Fullmove(), p.Turn() == game.Black
			if _, err := s.Play(strings.TrimSpace(m)); err != nil {
				e := &play.RecordError{Move: num, Black: black, Text: play.Quote(m), Why: "is not legal here"}
				if res, _ := p.Outcome(); res != "" {
					e.Why = "comes after the end of the game"
				}
				g.a.note("The link's " + e.Error() + ": showing the game before it")
				break
			}
		}
	}
	return s
}

// linkQuery returns the game's parameters: variant, fen (when not the
// start), moves, ai and level (when the computer plays).
func (g *GameController) linkQuery() map[string]string {
	s := g.s
	q := map[string]string{"variant": s.Variant().ID}
	if start, _ := game.Parse(s.Variant(), "startpos"); start.String() != s.StartPosition() {
		q["fen"] = s.StartPosition()
	}
	if ms := s.MoveStrings(); len(ms) > 0 {
		q["moves"] = strings.Join(ms, ",")
	}
	switch s.Computer {
	case 0:
		q["ai"] = "white"
	case 1:
		q["ai"] = "black"
	default:
		q["ai"] = "none"
	}
	if s.Computer >= 0 {
		q["level"] = strconv.Itoa(s.Level)
	}
	return q
}

// Link returns the game's URL query (the address bar's, and what Share
// sends): variant, fen, moves, ai, level, with the characters move strings
// and positions use left readable where a URL allows them.
func Link(q map[string]string) string {
	var b strings.Builder
	for _, k := range LinkKeys {
		v, ok := q[k]
		if !ok {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(k + "=" + queryEscape(v))
	}
	return b.String()
}

// queryEscape escapes a query value, keeping , @ / ( ) unescaped (all
// allowed in a query) so that move lists and positions stay short and
// readable.
func queryEscape(v string) string {
	e := url.QueryEscape(v)
	for _, r := range []struct{ from, to string }{{"%2C", ","}, {"%40", "@"}, {"%2F", "/"}, {"%28", "("}, {"%29", ")"}} {
		e = strings.ReplaceAll(e, r.from, r.to)
	}
	return e
}
