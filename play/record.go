package play

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"chimera/game"
)

// RecordTags are a record's tags that the session does not know itself:
// the event, the site, the date, the round and the players' names. Empty
// ones are written as PGN's "?" (the date as "????.??.??").
type RecordTags struct {
	Event, Site, Round string
	Date               time.Time
	White, Black       string
}

// Record returns the game record in the style of PGN: the seven standard
// tags (Event, Site, Date, Round, White, Black, Result), then Variant (the
// game's name), SetUp and FEN when the game did not begin at the start
// position, Termination when it is over; then the moves played in the human
// notation with move numbers, and the result.
func (s *Session) Record(t RecordTags) string {
	var b strings.Builder
	res, why := s.Outcome()
	if res == "" {
		res = "*"
	}
	q := func(v string) string {
		if v == "" {
			return "?"
		}
		return v
	}
	date := "????.??.??"
	if !t.Date.IsZero() {
		date = t.Date.Format("2006.01.02")
	}
	tag := func(name, value string) {
		b.WriteString("[" + name + " " + pgnString(value) + "]\n")
	}
	tag("Event", q(t.Event))
	tag("Site", q(t.Site))
	tag("Date", date)
	tag("Round", q(t.Round))
	tag("White", q(t.White))
	tag("Black", q(t.Black))
	tag("Result", res)
	tag("Variant", s.v.Name)
	if start, _ := game.Parse(s.v, "startpos"); start.String() != s.start {
		tag("SetUp", "1")
		tag("FEN", s.start)
	}
	if why != "" {
		tag("Termination", why)
	}
	if s.Time.On() {
		tag("TimeControl", s.Time.String())
	}
	b.WriteByte('\n')
	line := 0
	word := func(w string) {
		if line > 0 && line+1+len(w) > 79 {
			b.WriteByte('\n')
			line = 0
		} else if line > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	p, _ := game.Parse(s.v, s.start)
	for i := 0; i < s.n; i++ {
		num := strconv.Itoa(p.Fullmove())
		switch {
		case p.Turn() == game.White:
			word(num + ". " + s.human[i])
		case i == 0:
			word(num + "... " + s.human[i])
		default:
			word(s.human[i])
		}
		p.Make(s.moves[i])
	}
	word(res)
	b.WriteByte('\n')
	return b.String()
}

// pgnString quotes a tag value as PGN does (backslash before " and \).
func pgnString(v string) string {
	v = strings.ReplaceAll(v, `\`, `\\`)
	return `"` + strings.ReplaceAll(v, `"`, `\"`) + `"`
}

// A ParsedRecord is a game read from a record: its rule set, start
// position, moves (move strings) and tags.
type ParsedRecord struct {
	Variant *game.Variant
	Start   string   // position string
	Moves   []string // move strings, each checked
	Tags    map[string]string
	// End is the result the Result tag gives (with the Termination tag's
	// reason) when the moves do not end the game: a resignation, a draw
	// agreed, a loss on time. Nil otherwise.
	End *Ending
}

// RecordError says what is wrong in a record: the first bad move (Move > 0:
// its number, side and text) or the rest of it.
type RecordError struct {
	Move  int    // the full-move number of the bad move, 0 when not about a move
	Black bool   // the bad move is Black's
	Text  string // the move as written
	Why   string
}

func (e *RecordError) Error() string {
	if e.Move == 0 {
		return e.Why
	}
	side := "White"
	if e.Black {
		side = "Black"
	}
	return fmt.Sprintf("move %d, %s: %s %s", e.Move, side, e.Text, e.Why)
}

// ParseRecord reads a game record: PGN-style tags (Variant and FEN are
// used; without a Variant tag the game is defaultVariant) and the moves, in
// the human notation (as Record writes them, or shortened: "Nf3", "exd5") or
// as move strings, separated by spaces, new lines or commas, with or
// without move numbers, results, {comments} and $ annotations. Every move
// is checked; the first that is not legal (or that could be more than one
// move) is named by a RecordError.
func ParseRecord(text, defaultVariant string) (*ParsedRecord, error) {
	r := &ParsedRecord{Tags: map[string]string{}}
	body, err := readTags(text, r.Tags)
	if err != nil {
		return nil, err
	}
	vname := r.Tags["Variant"]
	if vname == "" {
		vname = defaultVariant
	}
	if r.Variant = FindVariant(vname); r.Variant == nil {
		return nil, &RecordError{Why: "unknown game " + Quote(vname)}
	}
	start := r.Tags["FEN"]
	if start == "" {
		start = "startpos"
	}
	p, err := game.Parse(r.Variant, start)
	if err != nil {
		return nil, &RecordError{Why: "the FEN tag is not a position: " + Why(err)}
	}
	r.Start = p.String()
	for _, tok := range moveTokens(body) {
		moves, exact := Match(p, tok)
		if !exact {
			why := "is not legal here"
			if len(moves) > 1 {
				var alts []string
				for i, m := range moves {
					if i == 3 {
						alts = append(alts, "…")
						break
					}
					alts = append(alts, p.Notation(m))
				}
				why = "could be " + strings.Join(alts, " or ")
			}
			if res, _ := p.Outcome(); res != "" {
				why = "comes after the end of the game"
			}
			return nil, &RecordError{Move: p.Fullmove(), Black: p.Turn() == game.Black, Text: Quote(tok), Why: why}
		}
		r.Moves = append(r.Moves, p.MoveString(moves[0]))
		p.Make(moves[0])
	}
	if res, _ := p.Outcome(); res == "" {
		switch t := r.Tags["Result"]; t {
		case game.WhiteWins, game.BlackWins, game.Draw:
			r.End = &Ending{Result: t, Reason: r.Tags["Termination"], Ply: len(r.Moves)}
		}
	}
	return r, nil
}

// readTags reads the [Name "value"] lines at the start of text into tags and
// returns the rest.
func readTags(text string, tags map[string]string) (string, error) {
	rest := strings.TrimLeft(text, " \t\r\n\ufeff")
	for strings.HasPrefix(rest, "[") {
		end := strings.IndexByte(rest, '\n')
		line := rest
		if end >= 0 {
			line, rest = rest[:end], rest[end+1:]
		} else {
			rest = ""
		}
		line = strings.TrimSpace(line)
		if !strings.HasSuffix(line, "]") {
			return "", &RecordError{Why: "a tag line does not end with ]: " + Quote(line)}
		}
		inner := strings.TrimSpace(line[1 : len(line)-1])
		sp := strings.IndexAny(inner, " \t")
		if sp < 0 {
			return "", &RecordError{Why: "a tag has no value: " + Quote(line)}
		}
		name, val := inner[:sp], strings.TrimSpace(inner[sp:])
		if len(val) < 2 || val[0] != '"' || val[len(val)-1] != '"' {
			return "", &RecordError{Why: "a tag's value is not in quotes: " + Quote(line)}
		}
		val = strings.ReplaceAll(strings.ReplaceAll(val[1:len(val)-1], `\"`, `"`), `\\`, `\`)
		tags[name] = val
		rest = strings.TrimLeft(rest, " \t\r\n")
	}
	return rest, nil
}

// moveTokens splits movetext into moves: it drops {comments}, move numbers,
// $ annotations and results, and joins a split's two halves ("Rb1-a1;" and
// "b1=N").
func moveTokens(body string) []string {
	var clean strings.Builder
	depth := 0
	for _, r := range body {
		switch {
		case r == '{':
			depth++
		case r == '}' && depth > 0:
			depth--
		case depth > 0:
		case r == ',':
			clean.WriteRune(' ')
		default:
			clean.WriteRune(r)
		}
	}
	var out []string
	for _, f := range strings.Fields(clean.String()) {
		// A move number, alone or stuck to its move ("12.", "12...", "12.e4").
		if i := strings.IndexFunc(f, func(r rune) bool { return r < '0' || r > '9' }); i > 0 && f[i] == '.' {
			f = strings.TrimLeft(f[i:], ".")
		}
		switch {
		case f == "" || strings.Trim(f, ".") == "" || strings.HasPrefix(f, "$"):
			continue
		case f == "1-0" || f == "0-1" || f == "1/2-1/2" || f == "½-½" || f == "*":
			continue
		}
		if n := len(out); n > 0 && strings.HasSuffix(out[n-1], ";") {
			out[n-1] += " " + f
			continue
		}
		out = append(out, f)
	}
	return out
}

// FindVariant returns the rule set named by its id or name (either case,
// its full or short name), or nil.
func FindVariant(name string) *game.Variant {
	n := strings.TrimSpace(name)
	for _, v := range game.AllVariants() {
		if strings.EqualFold(n, v.ID) || strings.EqualFold(n, v.Name) || strings.EqualFold(n, v.ShortName) {
			return v
		}
	}
	return nil
}

// Why says what is wrong with a position or a move in a message: a
// position's fault names its field and quotes at most 80 characters of it.
func Why(err error) string {
	var pe *game.ParseError
	if errors.As(err, &pe) {
		if pe.Field == "position" || pe.Text == "" {
			return pe.Why
		}
		return pe.Field + " " + Quote(pe.Text) + ": " + pe.Why
	}
	return err.Error()
}

// Quote returns s in quotes for a message, exactly as it is but escaped
// where it would not show (spaces at its ends are kept; a control
// character, a line break, a byte that is not UTF-8 or an invisible format
// character is written as Go escapes it, \n, \x00, \u200b), and cut to at
// most 80 characters with "…" and its length in characters after the cut.
func Quote(s string) string {
	var b strings.Builder
	n, cutAt := 0, 0
	for i, w := 0, 0; i < len(s); i += w {
		r, size := utf8.DecodeRuneInString(s[i:])
		w = size
		if n == 79 {
			cutAt = b.Len()
		}
		n++
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == ' ' || unicode.IsGraphic(r) && !unicode.Is(unicode.Cf, r):
			b.WriteRune(r)
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
	}
	if n > 80 {
		return "“" + b.String()[:cutAt] + "…” (" + strconv.Itoa(n) + " characters)"
	}
	return "“" + b.String() + "”"
}
