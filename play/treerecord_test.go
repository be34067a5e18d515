package play

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"chimera/game"
)

// commentWords are the words random comments are made of: some look like
// moves, numbers, glyphs, NAGs, parentheses, results or braces.
var commentWords = []string{"good", "(1.", "e4)", "$1", "!?", "1-0", "{", "Nf3", "(RR)a1-a8", "3...", "ça", "va", "—", "*", ";", "b1=N"}

// randomTree is a random game of rule set v with random side lines (some
// nested), comments, glyphs and edits (promotions, deletions).
func randomTree(t *testing.T, v *game.Variant, seed uint64) *Tree {
	t.Helper()
	tr, err := NewTree(v, "")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 11))
	line := func(at Path, plies int) {
		for i := 0; i < plies; i++ {
			p := tr.Position(at)
			ms := p.LegalMoves()
			if r, _ := p.Outcome(); r != "" || len(ms) == 0 {
				return
			}
			next, _, err := tr.Play(at, p.MoveString(ms[r.IntN(len(ms))]))
			if err != nil {
				t.Fatal(err)
			}
			at = next
		}
	}
	line("", 20+r.IntN(80))
	for i := r.IntN(12); i > 0; i-- {
		paths := allPaths(tr)
		line(paths[r.IntN(len(paths))], 1+r.IntN(8))
	}
	paths := allPaths(tr)
	for i := r.IntN(10); i > 0; i-- {
		var words []string
		for j := 1 + r.IntN(6); j > 0; j-- {
			words = append(words, commentWords[r.IntN(len(commentWords))])
		}
		if err := tr.SetComment(paths[r.IntN(len(paths))], strings.Join(words, " ")); err != nil {
			t.Fatal(err)
		}
	}
	glyphs := append(MoveGlyphs(), PositionGlyphs()...)
	for i := r.IntN(10); i > 0; i-- {
		if err := tr.SetGlyph(paths[1+r.IntN(len(paths)-1)], glyphs[r.IntN(len(glyphs))]); err != nil {
			t.Fatal(err)
		}
	}
	for i := r.IntN(3); i > 0; i-- {
		tr.Promote(paths[r.IntN(len(paths))])
	}
	if r.IntN(3) == 0 {
		tr.Delete(paths[1+r.IntN(len(paths)-1)])
	}
	return tr
}

// unitParen is a Bifold unit in notation; sideParen a side line's
// parenthesis standing alone.
var (
	unitParen = regexp.MustCompile(`\([A-Z]{2}\)[a-h][1-8]`)
	sideParen = regexp.MustCompile(`(^| )[()]( |$)`)
)

// A tree's record reads back to the same tree, in every rule set; its main
// line is what ParseRecord reads; Save and LoadTree keep it and its paths.
func TestTreeRecordRoundTrip(t *testing.T) {
	for _, v := range game.AllVariants() {
		units, sides := 0, 0
		for seed := uint64(1); seed <= 6; seed++ {
			tr := randomTree(t, v, seed)
			rec := tr.Record(RecordTags{Event: "Analysis", Date: time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)})
			units += len(unitParen.FindAllString(rec, -1))
			sides += len(sideParen.FindAllString(rec, -1))
			back, err := ParseTreeRecord(rec, "")
			if err != nil {
				t.Fatalf("%s seed %d: %v\n%s", v.ID, seed, err, rec)
			}
			if dumpTree(back.Tree) != dumpTree(tr) {
				t.Fatalf("%s seed %d: read back as\n%s\nnot\n%s\n%s", v.ID, seed, dumpTree(back.Tree), dumpTree(tr), rec)
			}
			if again := back.Tree.Record(RecordTags{Event: "Analysis", Date: time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)}); again != rec {
				t.Fatalf("%s seed %d: written again differently", v.ID, seed)
			}
			if back.Tags["Event"] != "Analysis" || back.Tags["Variant"] != v.Name {
				t.Errorf("%s: tags %v", v.ID, back.Tags)
			}
			main, err := ParseRecord(rec, "")
			if err != nil || strings.Join(main.Moves, " ") != strings.Join(tr.MainLine(), " ") {
				t.Fatalf("%s seed %d: ParseRecord: %v %v", v.ID, seed, err, main)
			}
			for _, l := range strings.Split(rec, "\n") {
				if len(l) > 80 {
					t.Errorf("%s: a line of %d characters", v.ID, len(l))
				}
			}
			loaded, err := LoadTree(tr.Save())
			if err != nil || dumpTree(loaded) != dumpTree(tr) {
				t.Fatalf("%s seed %d: LoadTree: %v", v.ID, seed, err)
			}
			for _, p := range allPaths(tr) {
				a, _ := tr.Node(p)
				if b, ok := loaded.Node(p); !ok || a.Move != b.Move || a.Comment != b.Comment {
					t.Fatalf("%s: path %q loads as %v", v.ID, p, b)
				}
			}
		}
		if sides == 0 {
			t.Errorf("%s: no side lines", v.ID)
		}
		if strings.HasPrefix(v.ID, "bifold") && units == 0 {
			t.Errorf("%s: no unit in the records", v.ID)
		}
	}
}

// Hand-written records: PGN as others write it (parentheses stuck to the
// moves, NAGs, glyphs alone or stuck, comments everywhere), Bifold units
// beside side lines, and the faults a reader must name.
func TestParseTreeRecord(t *testing.T) {
	cases := []struct {
		name, text, variant string
		main                string // the main line's move strings
		items               string // every item's Text, depth and comment: "text/depth{comment}"
		err                 string // a prefix of the error
	}{
		{name: "nested", variant: "chess",
			text:  "1. e4 e5 2. Nf3 (2. Bc4 Nf6 (2... Bc5 3. d3)) 2... Nc6 *",
			main:  "e2e4 e7e5 g1f3 b8c6",
			items: "1. e2-e4/0 e7-e5/0 2. Ng1-f3/0 2. Bf1-c4/1 Ng8-f6/1 2… Bf8-c5/2 3. d2-d3/2 2… Nb8-c6/0"},
		{name: "lichess style", variant: "chess",
			text:  "{ The Sicilian } 1. e4! $16 { best by test } 1... c5 (1... e5 2. f4?! $2 exf4) 2. Nf3 $5 d6 !! $999 1-0",
			main:  "e2e4 c7c5 g1f3 d7d6",
			items: "1. e2-e4! ±/0{best by test} 1… c7-c5/0 1… e7-e5/1 2. f2-f4?/1 e5xf4/1 2. Ng1-f3!?/0 d7-d6!!/0"},
		{name: "comment at a side line's start", variant: "chess",
			text:  "1. e4 ({ or } 1. d4 { solid }) 1... e5",
			main:  "e2e4 e7e5",
			items: "1. e2-e4/0 1. d2-d4/1{or solid} 1… e7-e5/0"},
		{name: "no spaces, move numbers stuck", variant: "chess",
			text:  "1.e4(1.d4 d5(1...Nf6))1...e5",
			main:  "e2e4 e7e5",
			items: "1. e2-e4/0 1. d2-d4/1 d7-d5/1 1… Ng8-f6/2 1… e7-e5/0"},
		{name: "the same side line twice", variant: "chess",
			text:  "1. e4 (1. d4) (1. d4 d5) e5",
			main:  "e2e4 e7e5",
			items: "1. e2-e4/0 1. d2-d4/1 d7-d5/1 1… e7-e5/0"},
		{name: "castling written without its dash", variant: "chess",
			text:  "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 (OO) 4... Nf6",
			main:  "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 d2d3 g8f6",
			items: "1. e2-e4/0 e7-e5/0 2. Ng1-f3/0 Nb8-c6/0 3. Bf1-c4/0 Bf8-c5/0 4. d2-d3/0 4. O-O/1 4… Ng8-f6/0"},
		{name: "bifold units and side lines", variant: "bifold-halfgi-pawns",
			text:  "1. (LD)e2-e4 ((LD)d2-d4 (LD)d7-d5) (Le2-e4!?) ( (HH)g1-f3 ) 1... (HH)g8-f6 (1... Dd7-d5)",
			main:  "e2e4 g8f6",
			items: "1. (LD)e2-e4/0 1. (LD)d2-d4/1 (LD)d7-d5/1 1. Le2-e4!?/1 1. (HH)g1-f3/1 1… (HH)g8-f6/0 1… Dd7-d5/1"},
		{name: "bifold split of a unit and glyph", variant: "bifold-halfgi",
			text:  "1. (HH)g1-f3! ((HH)b1-c3) 1... (HH)b8-c6 $6",
			main:  "g1f3 b8c6",
			items: "1. (HH)g1-f3!/0 1. (HH)b1-c3/1 1… (HH)b8-c6?!/0"},
		{name: "split notation and glyph", variant: "bedlam",
			text:  "[FEN \"4k3/8/8/8/8/8/8/RN2K3[n] b - - 0 7\"]\n7... N*e6 8. Ra1-b1=M (8. Ke1-d1) Ne6-d4 9. Rb1-a1; b1=N?? *",
			main:  "N@e6 a1b1 e6d4 b1a1/r",
			items: "7… N*e6/0 8. Ra1-b1=M/0 8. Ke1-d1/1 8… Ne6-d4/0 9. Rb1-a1; b1=N??/0"},
		{name: "a result after the moves", variant: "chess",
			text: "[Result \"1-0\"]\n[Termination \"Black resigned\"]\n\n1. e4 (1. d4) 1-0",
			main: "e2e4", items: "1. e2-e4/0 1. d2-d4/1"},
		{name: "bad side line move", variant: "chess", text: "1. e4 (1. e5) e5",
			err: "move 1, White in a side line: “e5” is not legal here"},
		{name: "bad main line move", variant: "chess", text: "1. e4 (1. d4) 1... e4",
			err: "move 1, Black: “e4” is not legal here"},
		{name: "side line first", variant: "chess", text: "(1. d4) 1. e4", err: "a side line “(” opens before any move"},
		{name: "nested at a line's start", variant: "chess", text: "1. e4 ((1. c4) 1. d4)", err: "a side line “(” opens before any move"},
		{name: "close without open", variant: "chess", text: "1. e4 ) e5", err: "a “)” closes no side line"},
		{name: "open not closed", variant: "chess", text: "1. e4 (1. d4 d5", err: "a side line is not closed"},
		{name: "comment too long", variant: "chess", text: "1. e4 {" + strings.Repeat("x ", MaxComment) + "}", err: "a comment is at most"},
		{name: "comments too long", variant: "chess", text: longComments(t), err: "the record's comments are longer"},
		{name: "after the end", variant: "chess", text: "1. f3 e5 2. g4 (2. a3) Qh4# 3. a3", err: "move 3, White: “a3” comes after the end of the game"},
	}
	for _, c := range cases {
		r, err := ParseTreeRecord(c.text, c.variant)
		if c.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var items []string
		for _, it := range r.Tree.Items() {
			s := it.Text + "/" + string(rune('0'+it.Depth))
			if it.Comment != "" {
				s += "{" + it.Comment + "}"
			}
			items = append(items, s)
		}
		if m := strings.Join(r.Tree.MainLine(), " "); m != c.main || strings.Join(items, " ") != c.items {
			t.Errorf("%s: main line %s, items\n%s\nwant\n%s", c.name, m, strings.Join(items, " "), c.items)
		}
		if back, err := ParseTreeRecord(r.Tree.Record(RecordTags{}), ""); err != nil || dumpTree(back.Tree) != dumpTree(r.Tree) {
			t.Errorf("%s: its record does not read back: %v", c.name, err)
		}
		// ParseRecord (Load game, links) keeps the main line.
		if pr, err := ParseRecord(c.text, c.variant); err != nil || strings.Join(pr.Moves, " ") != c.main {
			t.Errorf("%s: ParseRecord: %v %v", c.name, err, pr)
		}
	}
	// The game's comment, and a result the tags give.
	r, _ := ParseTreeRecord("{ The Sicilian } 1. e4 c5 *", "chess")
	if n, _ := r.Tree.Node(""); n.Comment != "The Sicilian" {
		t.Errorf("game comment %q", n.Comment)
	}
	r, _ = ParseTreeRecord("[Result \"1-0\"]\n[Termination \"Black resigned\"]\n\n1. e4 (1. d4) 1-0", "chess")
	if e := r.Tree.Ending(); e == nil || e.Result != game.WhiteWins || e.Reason != "Black resigned" || e.Ply != 1 {
		t.Errorf("ending %v", e)
	}
	if rec := r.Tree.Record(RecordTags{}); !strings.Contains(rec, "[Termination \"Black resigned\"]") || !strings.HasSuffix(rec, "1. e2-e4 ( 1. d2-d4 ) 1-0\n") {
		t.Errorf("record:\n%s", rec)
	}
	// ParseRecord reads past a side line it could not read.
	if pr, err := ParseRecord("1. e4 (1. zz (1. Qh5)) e5", "chess"); err != nil || strings.Join(pr.Moves, " ") != "e2e4 e7e5" {
		t.Errorf("ParseRecord with a bad side line: %v %v", err, pr)
	}
}

// What Record writes: parentheses standing alone, numbers after a side line
// and a comment, glyphs stuck to their move, position glyphs as NAGs.
func TestTreeRecordText(t *testing.T) {
	tr := chessTree(t)
	e5 := mustPlay(t, tr, "", "e2e4", "e7e5")
	mustPlay(t, tr, e5, "g1f3", "b8c6")
	bc4 := mustPlay(t, tr, e5, "f1c4")
	tr.SetGlyph(bc4, "!?")
	tr.SetGlyph(bc4, "⩲")
	tr.SetComment(bc4, "the Italian")
	tr.SetComment("0", "king's pawn")
	rec := tr.Record(RecordTags{})
	want := "1. e2-e4 { king's pawn } 1... e7-e5 2. Ng1-f3 ( 2. Bf1-c4!? $14 { the Italian } ) 2... Nb8-c6 *\n"
	if !strings.HasSuffix(strings.ReplaceAll(rec, "\n", " "), "  "+strings.TrimSuffix(want, "\n")+" ") {
		t.Errorf("record:\n%s\nwant it to end\n%s", rec, want)
	}
}

// longComments is a record of chess with side lines of one move each, from
// the first three positions of 1. e4 e5, each with a comment nearly
// MaxComment long: more than MaxComments in all.
func longComments(t *testing.T) string {
	tr := chessTree(t)
	mustPlay(t, tr, "", "e2e4", "e7e5")
	var b strings.Builder
	c := " {" + strings.Repeat("x", MaxComment-10) + "} "
	for i, at := range []Path{"", "0", "00"} {
		main := []string{"e2e4", "e7e5", "g1f3"}[i]
		b.WriteString(main + " ")
		p := tr.Position(at)
		for _, m := range p.LegalMoves() {
			if p.MoveString(m) != main {
				b.WriteString("(" + p.MoveString(m) + c + ")")
			}
		}
	}
	return b.String()
}

// How movetext splits into tokens: a unit's parentheses belong to its move,
// every other one is a side line's.
func TestRecordTokens(t *testing.T) {
	show := func(toks []recordToken) string {
		var out []string
		for _, k := range toks {
			out = append(out, []string{"m:", "(", ")", "c:", "$", "g:"}[k.kind]+k.text)
		}
		return strings.Join(out, " ")
	}
	cases := []struct{ text, want string }{
		{"1. (RR)a1-a8 ( (HH)b1-c3 )", "m:(RR)a1-a8 ( m:(HH)b1-c3 )"},
		{"((RR)a1-a8)", "( m:(RR)a1-a8 )"},
		{"(LD)e2-e4((LD)d2-d4)", "m:(LD)e2-e4 ( m:(LD)d2-d4 )"},
		{"Le2-e4) (1...Dd7-d5!?)", "m:Le2-e4 ) ( m:Dd7-d5 g:!? )"},
		{"(OO) (O-O) (Nf3)", "( m:OO ) ( m:O-O ) ( m:Nf3 )"},
		{"(RR) a1", "( m:RR ) m:a1"},
		{"12.e4 12... e5 12…Nf3 3.", "m:e4 m:e5 m:Nf3"},
		{"e4!! $16 ? e5$2 $x $+1 $300", "m:e4 g:!! $16 g:? m:e5 $2"},
		{"Ra4-d4; a4=N?! { a (comment) $1 } 1-0 * ½-½", "m:Ra4-d4; a4=N g:?! c: a (comment) $1 "},
		{"e2e4,e7e5 {unclosed", "m:e2e4 m:e7e5 c:unclosed"},
	}
	for _, c := range cases {
		if got := show(recordTokens(c.text)); got != c.want {
			t.Errorf("%q: %s, want %s", c.text, got, c.want)
		}
	}
}

// matchQuick names the same move as Match whenever Match names one, and no
// other: for each legal move's notation, move string and short forms, in
// positions of random games of every rule set, and for texts that are not
// moves.
func TestMatchQuick(t *testing.T) {
	origin := regexp.MustCompile(`[a-h][1-8]([-x])`)
	for _, v := range game.AllVariants() {
		s := randomSession(t, v.ID, 9, 80)
		checked := 0
		for ply := 0; ply <= s.Ply(); ply += 20 {
			p := s.PositionAt(ply)
			texts := []string{"O-O", "OO", "O-O-O", "e4", "N", "(RR)", "", "Qh5", "xd5", "exd5", "*e4", "P@e4"}
			for _, m := range p.LegalMoves() {
				n := p.Notation(m)
				texts = append(texts, n, p.MoveString(m), strings.ReplaceAll(n, "-", ""), origin.ReplaceAllString(n, "$1"),
					origin.ReplaceAllString(n, ""), strings.TrimRight(n, "+#"), n+"!?")
			}
			for _, text := range texts {
				want, exact := Match(p, text)
				got, ok := matchQuick(p, text)
				if ok != exact || ok && got != want[0] {
					t.Fatalf("%s ply %d %q: quick %v %v, Match %v %v", v.ID, ply, text, got, ok, want, exact)
				}
				if ok {
					checked++
				}
			}
		}
		if checked == 0 {
			t.Errorf("%s: no text named a move", v.ID)
		}
	}
}
