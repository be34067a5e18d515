package learn

import (
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
