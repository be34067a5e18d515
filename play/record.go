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
	writeTags(&b, t, s.v, s.start, res, why, s.Time)
	w := wrapper{b: &b}
	p, _ := game.Parse(s.v, s.start)
	for i := 0; i < s.n; i++ {
		num := strconv.Itoa(p.Fullmove())
		switch {
		case p.Turn() == game.White:
			w.word(num + ". " + s.human[i])
		case i == 0:
			w.word(num + "... " + s.human[i])
		default:
			w.word(s.human[i])
		}
		p.Make(s.moves[i])
	}
	w.word(res)
	b.WriteByte('\n')
	return b.String()
}

// writeTags writes a record's tags (Session.Record) and the empty line
// after them.
func writeTags(b *strings.Builder, t RecordTags, v *game.Variant, start, res, why string, tc TimeControl) {
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
	tag("Variant", v.Name)
	if p, _ := game.Parse(v, "startpos"); p.String() != start {
		tag("SetUp", "1")
		tag("FEN", start)
	}
	if why != "" {
		tag("Termination", why)
	}
	if tc.On() {
		tag("TimeControl", tc.String())
	}
	b.WriteByte('\n')
}

// wrapper writes movetext in lines of at most 79 characters (a longer word
// stands alone on its line), words separated by a space.
type wrapper struct {
	b    *strings.Builder
	line int
}

func (w *wrapper) word(s string) {
	if w.line > 0 && w.line+1+len(s) > 79 {
		w.b.WriteByte('\n')
		w.line = 0
	} else if w.line > 0 {
		w.b.WriteByte(' ')
		w.line++
	}
	w.b.WriteString(s)
	w.line += len(s)
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
	Side  bool   // the bad move is in a side line
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
	if e.Side {
		side += " in a side line"
	}
	return fmt.Sprintf("move %d, %s: %s %s", e.Move, side, e.Text, e.Why)
}

// ParseRecord reads a game record: PGN-style tags (Variant and FEN are
// used; without a Variant tag the game is defaultVariant) and the moves, in
// the human notation (as Record writes them, or shortened: "Nf3", "exd5") or
// as move strings, separated by spaces, new lines or commas, with or
// without move numbers, results, {comments}, glyphs and $ annotations. It
// reads the main line: side lines in parentheses (PGN's RAV, see
// ParseTreeRecord for how they are told apart from Bifold notation's) are
// skipped unread. Every move of the main line is checked; the first that is
// not legal (or that could be more than one move) is named by a RecordError.
func ParseRecord(text, defaultVariant string) (*ParsedRecord, error) {
	r := &ParsedRecord{}
	var p *game.Position
	var body string
	var err error
	r.Tags, r.Variant, p, body, err = readHeader(text, defaultVariant)
	if err != nil {
		return nil, err
	}
	r.Start = p.String()
	depth := 0
	for _, tok := range recordTokens(body) {
		switch {
		case tok.kind == tkOpen:
			depth++
		case tok.kind == tkClose && depth > 0:
			depth--
		case tok.kind == tkMove && depth == 0:
			m, err := resolve(p, tok.text, false)
			if err != nil {
				return nil, err
			}
			r.Moves = append(r.Moves, p.MoveString(m))
			p.Make(m)
		}
	}
	r.End = tagEnding(p, r.Tags, len(r.Moves))
	return r, nil
}

// tagEnding is the result the Result tag (and Termination) give after ply
// moves that end in p, when the moves do not end the game.
func tagEnding(p *game.Position, tags map[string]string, ply int) *Ending {
	if res, _ := p.Outcome(); res == "" {
		switch t := tags["Result"]; t {
		case game.WhiteWins, game.BlackWins, game.Draw:
			return &Ending{Result: t, Reason: tags["Termination"], Ply: ply}
		}
	}
	return nil
}

// readHeader reads a record's tags and returns them with its rule set (the
// Variant tag's, else defaultVariant), its start position (the FEN tag's,
// else the rule set's) and the movetext after the tags.
func readHeader(text, defaultVariant string) (map[string]string, *game.Variant, *game.Position, string, error) {
	tags := map[string]string{}
	body, err := readTags(text, tags)
	if err != nil {
		return nil, nil, nil, "", err
	}
	vname := tags["Variant"]
	if vname == "" {
		vname = defaultVariant
	}
	v := FindVariant(vname)
	if v == nil {
		return nil, nil, nil, "", &RecordError{Why: "unknown game " + Quote(vname)}
	}
	start := tags["FEN"]
	if start == "" {
		start = "startpos"
	}
	p, err := game.Parse(v, start)
	if err != nil {
		return nil, nil, nil, "", &RecordError{Why: "the FEN tag is not a position: " + Why(err)}
	}
	return tags, v, p, body, nil
}

// resolve returns the legal move of p that tok names (Match), or the
// RecordError that says why there is none (side: it is in a side line).
func resolve(p *game.Position, tok string, side bool) (game.Move, error) {
	if m, ok := matchQuick(p, tok); ok {
		return m, nil
	}
	moves, exact := Match(p, tok)
	if exact {
		return moves[0], nil
	}
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
	return game.NoMove, &RecordError{Move: p.Fullmove(), Black: p.Turn() == game.Black, Side: side, Text: Quote(tok), Why: why}
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
