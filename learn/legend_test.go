package learn

import (
	"slices"
	"strings"
	"testing"

	"chimera/game"
)

// Every rule set players can choose has a lesson, and its pieces all have a
// legend entry, with a picture and a diagram.
func TestEveryGameHasHelp(t *testing.T) {
	for _, v := range game.Variants() {
		h, err := HelpFor(v.ID)
		if err != nil {
			t.Fatal(err)
		}
		if h.Variant != v.ID || h.Name != v.Name || len(h.Sections) == 0 || len(h.Notation) == 0 || len(h.Symbols) == 0 {
			t.Errorf("%s: empty help", v.ID)
		}
		if len(h.Pieces) != len(v.Pieces) {
			t.Errorf("%s: %d pieces in the legend, the game has %d", v.ID, len(h.Pieces), len(v.Pieces))
		}
		for i, k := range v.Pieces {
			ph := h.Pieces[i]
			if ph.Letter != string(v.Letter(k)) || ph.Name != k.Name() || ph.MadeOf == "" || ph.Moves == "" || ph.Royal != k.Royal() {
				t.Errorf("%s: legend entry %d is %+v, want %s", v.ID, i, ph, k.Name())
			}
			if ph.Image != PieceImage(v.Letter(k), v.Bifold) {
				t.Errorf("%s: %s's picture %q", v.ID, k.Name(), ph.Image)
			}
			if ph.Diagram.Bifold != v.Bifold || len(ph.Diagram.Cells) == 0 || len(ph.Diagram.Marks) == 0 {
				t.Errorf("%s: %s's diagram %+v", v.ID, k.Name(), ph.Diagram)
			}
		}
		for i, s := range h.Sections {
			if s.Try && (s.Prompt == "" || len(s.Answers) == 0 || s.Start == "") {
				t.Errorf("%s section %d: exercise without prompt, answers or start", v.ID, i)
			}
		}
	}
	if _, err := HelpFor("chess"); err == nil || err.Error() != "there is no lesson for “chess”" {
		t.Errorf("help for chess: %v", err)
	}
	if _, err := HelpFor("nonsense"); err == nil {
		t.Error("help for an unknown rule set")
	}
}

// A piece's diagram marks exactly the squares its legal moves reach from
// its square, captures as captures.
func TestDiagramsAreTheEnginesMoves(t *testing.T) {
	for _, v := range game.Variants() {
		l := LessonFor(v.ID)
		for _, k := range v.Pieces {
			e := l.entry(v, k)
			s := e.sample(v.ID)
			d := pieceDiagram(v, e)
			p, _ := game.Parse(v, s.Position)
			from, _ := game.ParseSquare(s.From)
			want := map[string]string{}
			for _, m := range p.LegalMoves() {
				if m.IsDrop() || m.From() != from {
					continue
				}
				n := game.SquareName(m.To())
				if m.IsCapture() {
					want[n] = "capture"
				} else if want[n] == "" {
					want[n] = "move"
				}
			}
			got := map[string]string{}
			for _, mk := range d.Marks {
				got[mk.Square] = mk.Kind
			}
			if len(got) != len(want) {
				t.Errorf("%s %s: marks %v, engine %v", v.ID, k.Name(), got, want)
			}
			for n, kind := range want {
				if got[n] != kind {
					t.Errorf("%s %s: %s marked %q, engine %q", v.ID, k.Name(), n, got[n], kind)
				}
			}
			for _, c := range d.Cells {
				for _, h := range s.Hide {
					if c.Square == h {
						t.Errorf("%s %s: hidden square %s drawn", v.ID, k.Name(), h)
					}
				}
			}
		}
	}
}

// Pictures: one name per letter, family and colour; every letter of every
// rule set is drawn.
func TestPieceImages(t *testing.T) {
	cases := []struct {
		l      byte
		bifold bool
		want   string
	}{{'K', false, "piece-full-wK.svg"}, {'a', false, "piece-full-bA.svg"}, {'R', true, "piece-bifold-wR.svg"}, {'v', true, "piece-bifold-bV.svg"}}
	for _, c := range cases {
		if got := PieceImage(c.l, c.bifold); got != c.want {
			t.Errorf("PieceImage(%q, %v) = %q, want %q", c.l, c.bifold, got, c.want)
		}
	}
	full, bifold := PieceLetters()
	for _, v := range game.AllVariants() {
		letters := full
		if v.Bifold {
			letters = bifold
		}
		for _, k := range v.Pieces {
			if !strings.ContainsRune(letters, rune(v.Letter(k))) {
				t.Errorf("%s: %s (%c) is not drawn", v.ID, k.Name(), v.Letter(k))
			}
		}
	}
	if full != "ABDEKMNOPQR" || bifold != "BDFHLPQRVW" {
		t.Errorf("letters %q %q", full, bifold)
	}
}

// DiagramOf draws a position without marks, and refuses a bad one.
func TestDiagramOf(t *testing.T) {
	d, err := DiagramOf("bifold-halfgi", "(wf)7/8/8/8/8/8/8/R5(WF)1[] w - - 0 1")
	if err != nil || !d.Bifold || len(d.Cells) != 3 || len(d.Marks) != 0 {
		t.Fatalf("%+v %v", d, err)
	}
	if c := d.Cells[0]; c.Square != "a1" || strings.Join(c.Pieces, "") != "R" {
		t.Errorf("first cell %+v", c)
	}
	if c := d.Cells[2]; c.Square != "a8" || strings.Join(c.Pieces, "") != "wf" {
		t.Errorf("last cell %+v", c)
	}
	if _, err := DiagramOf("bedlam", "not a position"); err == nil {
		t.Error("a bad position drawn")
	}
	if _, err := DiagramOf("nonsense", "startpos"); err == nil {
		t.Error("an unknown rule set drawn")
	}
}

// What UnitWords says of each pair of bifold kinds is what the engine does
// with that unit on d4: "without limit" along ranks and files (it reaches
// d8, beyond a halfling's two squares) or diagonals (a1); "leaps as a
// knight" (it reaches b5 with d3, d5, c4 and e4 taken); "as a king" (every
// neighbouring square); "as a full pawn" (a pair of pawns takes on both
// forward diagonals); and "as either piece" (every square either piece
// alone reaches). Only a left- and a right-handed pawn, and two weak pawns,
// are a full pawn (RULES.md 3a, 3b).
func TestUnitWords(t *testing.T) {
	for _, id := range []string{"bifold-halfgi", "bifold-halfgi-pawns", "bifold-halfgi-weak"} {
		v := mustVariant(t, id)
		var ks []game.Kind
		for _, k := range v.Pieces {
			if k.Bifold() {
				ks = append(ks, k)
			}
		}
		// pos returns a position with content on d4 (and, on other squares,
		// extra), White's missing royals on h1, Black's on a8.
		pos := func(d4 string, kinds []game.Kind, rows [8]string) *game.Position {
			royals := ""
			if !slices.Contains(kinds, game.Wazir) {
				royals += "W"
			}
			if !slices.Contains(kinds, game.Ferz) {
				royals += "F"
			}
			if len(royals) == 2 {
				royals = "(" + royals + ")"
			}
			rows[4] = "3" + d4 + "4"
			rows[0] = "(wf)7"
			if rows[7] == "" && royals != "" {
				rows[7] = "7" + royals
			}
			for i, r := range rows {
				if r == "" {
					rows[i] = "8"
				}
			}
			p, err := game.Parse(v, strings.Join(rows[:], "/")+"[] w - - 0 1")
			if err != nil {
				t.Fatalf("%s %s: %v", id, d4, err)
			}
			return p
		}
		// reach returns the squares the whole content of d4 reaches.
		reach := func(p *game.Position, captures bool) map[string]bool {
			out := map[string]bool{}
			for _, m := range p.LegalMoves() {
				if !m.IsDrop() && m.From() == 27 && m.Part() == game.NoKind && (!captures || m.IsCapture()) {
					out[game.SquareName(m.To())] = true
				}
			}
			return out
		}
		for i, a := range ks {
			for _, b := range ks[i:] {
				if a == b && a.Royal() {
					continue
				}
				pair := "(" + string(v.Letter(a)) + string(v.Letter(b)) + ")"
				words := UnitWords(a, b)
				where := id + " " + pair + ": " + words
				open := reach(pos(pair, []game.Kind{a, b}, [8]string{}), false)
				if strings.Contains(words, "without limit along ranks and files") != open["d8"] {
					t.Errorf("%s: reaches d8 %v", where, open["d8"])
				}
				if strings.Contains(words, "without limit along diagonals") != open["a1"] {
					t.Errorf("%s: reaches a1 %v", where, open["a1"])
				}
				if strings.Contains(words, "as a king") {
					for _, n := range []string{"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"} {
						if !open[n] {
							t.Errorf("%s: does not reach %s", where, n)
						}
					}
				}
				if !strings.HasPrefix(words, "it moves as either piece") {
					t.Errorf("%s", where)
				}
				for _, k := range []game.Kind{a, b} {
					for n := range reach(pos(string(v.Letter(k)), []game.Kind{k}, [8]string{}), false) {
						if !open[n] {
							t.Errorf("%s: does not reach %s, which the %s alone reaches", where, n, k.Name())
						}
					}
				}
				// Bishops on d5 and d3, and on c4 and e4 (d4's rank, written
				// with it).
				p := pos(pair, []game.Kind{a, b}, [8]string{3: "3B4", 5: "3B4"})
				q, err := game.Parse(v, strings.Replace(p.String(), "3"+pair+"4", "2B"+pair+"B3", 1))
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				if strings.Contains(words, "leaps as a knight") != reach(q, false)["b5"] {
					t.Errorf("%s: reaches b5 with its way blocked %v", where, reach(q, false)["b5"])
				}
				if a.IsPawn() && b.IsPawn() {
					caps := reach(pos(pair, []game.Kind{a, b}, [8]string{3: "2h1h3"}), true)
					if strings.Contains(words, "as a full pawn") != (caps["c5"] && caps["e5"]) {
						t.Errorf("%s: captures on %v", where, caps)
					}
				}
			}
		}
	}
}
