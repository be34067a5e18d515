package play

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"chimera/game"
)

// Record returns the tree as a game record in the style of PGN: the tags as
// Session.Record writes them (the Result is the main line's: the game's end
// where it ends the game, else the declared Ending, else "*"), the game's
// comment, then the moves with their side lines in parentheses (PGN's RAV),
// each side line right after the move it replaces. A move's glyph follows
// it ("Nf3!?"), its position glyph as a NAG ("$16"), its comment in braces
// ("{ a comment }"). Move numbers as Session.Record writes them, and also
// before Black's move at the start of a side line, after one and after a
// comment ("2... Nc6"). A side line's parentheses stand alone, a space on
// each side (docs/RULES.md "Records with side lines").
func (t *Tree) Record(tags RecordTags) string {
	var b strings.Builder
	end := t.MainPath(MaxNodes)
	res, why := t.Position(end).Outcome()
	if res == "" {
		if e := t.Ending(); e != nil {
			res, why = e.Result, e.Reason
		} else {
			res = "*"
		}
	}
	writeTags(&b, tags, t.v, t.start, res, why, TimeControl{})
	w := wrapper{b: &b}
	comment := func(c string) {
		if c == "" {
			return
		}
		w.word("{")
		for _, f := range strings.Fields(c) {
			w.word(f)
		}
		w.word("}")
	}
	comment(t.root.comment)
	t.walk(func(ev walkEvent) {
		switch ev.kind {
		case evOpen:
			w.word("(")
		case evClose:
			w.word(")")
		case evMove:
			text := ev.n.san + ev.n.glyph
			switch {
			case ev.number && ev.black:
				text = strconv.Itoa(ev.full) + "... " + text
			case ev.number:
				text = strconv.Itoa(ev.full) + ". " + text
			}
			w.word(text)
			if nag, _ := glyphNAG(ev.n.posGlyph); nag > 0 {
				w.word("$" + strconv.Itoa(nag))
			}
			comment(ev.n.comment)
		}
	})
	w.word(res)
	b.WriteByte('\n')
	return b.String()
}

// A ParsedTree is a record read with its side lines (ParseTreeRecord).
type ParsedTree struct {
	Tree *Tree
	Tags map[string]string
}

// ParseTreeRecord reads a game record with its side lines, comments and
// glyphs, as Tree.Record writes it and as PGN does: the tags and moves as
// ParseRecord reads them; a side line in parentheses after a move is played
// instead of that move, and side lines nest; a comment in braces belongs to
// the move before it (to the game before the first move; one at the start
// of a side line to the move after it; several are joined); a move glyph
// (! ? !! ?? !? ?!) written after a move, alone or stuck to it, or as its
// NAG $1..$6, and a position glyph as its NAG ($10, $13..$19) are the
// move's (the last one written counts); other NAGs are skipped. Every move
// is checked in its line: the first that is not legal is named by a
// RecordError (Side set when it is in a side line), as are a "(" before any
// move of its line, a ")" that closes nothing, a side line left open and a
// record beyond the tree's limits (MaxNodes, MaxChildren, MaxComment,
// MaxComments). The Result tag gives the tree's Ending as ParseRecord's.
func ParseTreeRecord(text, defaultVariant string) (*ParsedTree, error) {
	tags, v, p, body, err := readHeader(text, defaultVariant)
	if err != nil {
		return nil, err
	}
	t := &Tree{v: v, start: p.String()}
	// A line being read: the node its next move is played from, its last
	// move (nil before the first), its position, and a comment met before
	// its first move.
	type line struct {
		at      Path
		n, last *node
		pos     *game.Position
		pending string
	}
	lines := []*line{{n: &t.root, pos: p}}
	comments := 0
	addComment := func(n *node, c string) error {
		if n.comment != "" {
			c = n.comment + " " + c
		}
		if err := checkComment(c); err != nil {
			return &RecordError{Why: err.Error()}
		}
		if comments += len(c) - len(n.comment); comments > MaxComments {
			return &RecordError{Why: "the record's comments are longer than " + strconv.Itoa(MaxComments) + " bytes"}
		}
		n.comment = c
		return nil
	}
	for _, tok := range recordTokens(body) {
		l := lines[len(lines)-1]
		switch tok.kind {
		case tkMove:
			m, err := resolve(l.pos, tok.text, len(lines) > 1)
			if err != nil {
				return nil, err
			}
			path, n, _, err := t.add(l.n, l.at, l.pos, m)
			if err != nil {
				return nil, &RecordError{Why: "the record is too large: " + err.Error()}
			}
			l.pos.Make(m)
			l.at, l.n, l.last = path, n, n
			if l.pending != "" {
				c := l.pending
				l.pending = ""
				if err := addComment(n, c); err != nil {
					return nil, err
				}
			}
		case tkOpen:
			if l.last == nil {
				return nil, &RecordError{Why: "a side line “(” opens before any move of its line"}
			}
			at := l.at.Parent()
			parent, _ := t.find(at)
			lines = append(lines, &line{at: at, n: parent, pos: t.Position(at)})
		case tkClose:
			if len(lines) == 1 {
				return nil, &RecordError{Why: "a “)” closes no side line"}
			}
			lines = lines[:len(lines)-1]
		case tkComment:
			c := tidyComment(tok.text)
			switch {
			case c == "":
			case l.last != nil:
				if err := addComment(l.last, c); err != nil {
					return nil, err
				}
			case len(lines) == 1:
				if err := addComment(&t.root, c); err != nil {
					return nil, err
				}
			default:
				if l.pending != "" {
					c = l.pending + " " + c
				}
				if err := checkComment(c); err != nil {
					return nil, &RecordError{Why: err.Error()}
				}
				l.pending = c
			}
		case tkNAG, tkGlyph:
			if l.last == nil {
				continue
			}
			g, nag := tok.text, 0
			if tok.kind == tkNAG {
				nag, _ = strconv.Atoi(tok.text)
				g = posGlyphs[nag]
				if nag >= 1 && nag <= 6 {
					g = moveGlyphs[nag]
				}
			}
			switch n, move := glyphNAG(g); {
			case n == 0:
			case move:
				l.last.glyph = g
			default:
				l.last.posGlyph = g
			}
		}
	}
	if len(lines) > 1 {
		return nil, &RecordError{Why: "a side line is not closed with “)”"}
	}
	main := t.MainPath(MaxNodes)
	t.end = tagEnding(t.Position(main), tags, len(main))
	return &ParsedTree{Tree: t, Tags: tags}, nil
}

// A record token's kinds (recordTokens).
const (
	tkMove    = iota // a move as written (both halves of a split joined)
	tkOpen           // a side line's "("
	tkClose          // a side line's ")"
	tkComment        // the text between { and }
	tkNAG            // $n: its number's digits
	tkGlyph          // a move glyph written after a move
)

type recordToken struct {
	kind int
	text string
}

// recordTokens splits movetext into moves, side lines' parentheses,
// comments, NAGs and glyphs; it drops move numbers ("12.", "12...", "12…",
// alone or stuck to their move) and results, and joins a split's two
// halves ("Rb1-a1;" and "b1=N"). Words are separated by white space or
// commas. A parenthesis is a side line's unless it is one of a Bifold unit
// "(XY)" (two letters between them, a file after), the only parentheses our
// notation writes; a side line's "(" and ")" need no space around them.
func recordTokens(body string) []recordToken {
	var out []recordToken
	var word strings.Builder
	flush := func() {
		if word.Len() == 0 {
			return
		}
		w := word.String()
		word.Reset()
		if i := strings.IndexFunc(w, func(r rune) bool { return r < '0' || r > '9' }); i > 0 && (w[i] == '.' || strings.HasPrefix(w[i:], "…")) {
			w = strings.TrimLeft(w[i:], ".…")
		}
		switch {
		case w == "" || w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "½-½" || w == "*":
			return
		case w[0] == '$':
			if n, err := strconv.Atoi(w[1:]); err == nil && n >= 0 && n < 256 && !strings.HasPrefix(w[1:], "+") {
				out = append(out, recordToken{tkNAG, strconv.Itoa(n)})
			}
			return
		}
		if n := len(out); n > 0 && out[n-1].kind == tkMove && strings.HasSuffix(out[n-1].text, ";") {
			w = out[n-1].text + " " + w
			out = out[:n-1]
		}
		core := strings.TrimRight(w, "!?")
		if core != "" {
			out = append(out, recordToken{tkMove, core})
		}
		if g := w[len(core):]; g != "" {
			if nag, move := glyphNAG(g); nag > 0 && move {
				out = append(out, recordToken{tkGlyph, g})
			}
		}
	}
	for i := 0; i < len(body); {
		r, size := utf8.DecodeRuneInString(body[i:])
		switch {
		case r == '{':
			flush()
			end := strings.IndexByte(body[i+1:], '}')
			if end < 0 {
				out = append(out, recordToken{tkComment, body[i+1:]})
				return out
			}
			out = append(out, recordToken{tkComment, body[i+1 : i+1+end]})
			i += end + 2
			continue
		case r == '(' && unitAt(body[i:]):
			word.WriteString(body[i : i+4])
			i += 4
			continue
		case r == '(':
			flush()
			out = append(out, recordToken{kind: tkOpen})
		case r == ')':
			flush()
			out = append(out, recordToken{kind: tkClose})
		case r == ',' || unicode.IsSpace(r):
			flush()
		case r == '$':
			flush()
			word.WriteRune(r)
		default:
			word.WriteRune(r)
		}
		i += size
	}
	flush()
	return out
}

// unitAt reports whether s begins with a Bifold unit's letters in
// parentheses and the file of the square it moves from, "(RR)a".
func unitAt(s string) bool {
	letter := func(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }
	return len(s) >= 5 && s[0] == '(' && letter(s[1]) && letter(s[2]) && s[3] == ')' && s[4] >= 'a' && s[4] <= 'h'
}
