package learn

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// checkOne checks one fact (JSON) in rule set id and returns the problems.
func checkOne(t *testing.T, id, fact string) []string {
	t.Helper()
	var f Fact
	d := json.NewDecoder(strings.NewReader(fact))
	d.DisallowUnknownFields()
	if err := d.Decode(&f); err != nil {
		t.Fatalf("%s: %v", fact, err)
	}
	c := &checker{tp: topics{}}
	c.checkFact(&f, mustVariant(t, id), "", "fact")
	return c.problems
}

// Each kind of claim is replayed with the engine: a true one passes, a
// false one is reported with what the engine says.
func TestClaimsAgainstTheEngine(t *testing.T) {
	cases := []struct {
		name, variant, fact string
		problem             string // a part of the problem reported; "" for none
	}{
		{"a drop said to mate that does not (Kh8-g8 fuses with the rook)", "bedlam",
			`{"position": "6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1", "move": "N@f7", "claims": {"drop": "N", "after": "checkmate"}}`,
			`"checkmate" is claimed, the engine says "check"`},
		{"the same drop and its only answer", "bedlam",
			`{"position": "6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1", "move": "N@f7", "claims": {"after": "check", "reply": {"move": "h8g8", "only": true, "claims": {"fuses": "D"}}}}`, ""},
		{"a reply that is not the only one", "bedlam",
			`{"position": "4k3/8/8/8/8/8/8/R3K3[] w - - 0 1", "move": "a1a8", "claims": {"after": "check", "reply": {"move": "e8e7", "only": true}}}`, "not the only reply"},
		{"a fusion into the wrong compound", "bedlam", `{"position": "startpos", "move": "a1b1", "claims": {"fuses": "A"}}`, "does not fuse into A"},
		{"a fusion", "bedlam", `{"position": "startpos", "move": "a1b1", "claims": {"fuses": "M", "notation": "Ra1-b1=M"}}`, ""},
		{"a notation that is not the engine's", "bedlam", `{"position": "startpos", "move": "a1b1", "claims": {"notation": "Rb1=M"}}`, `written "Ra1-b1=M"`},
		{"a rook may not move onto its king", "bedlam", `{"position": "4k3/8/8/8/8/8/8/3RK3[] w - - 0 1", "mayNot": ["d1e1"]}`, ""},
		{"a legal move said not to be", "bedlam", `{"position": "startpos", "mayNot": ["e1f1"]}`, "it is legal"},
		{"a refused move about no piece", "bedlam", `{"position": "startpos", "mayNot": ["e4e5"]}`, "no piece of the side to move"},
		{"an illegal move said to be legal", "bedlam", `{"position": "startpos", "may": ["e1e2"]}`, "may be played"},
		{"demotion, and what leaves the game", "bedlam",
			`{"position": "4k3/1p6/8/8/8/8/8/1M2K3[] w - - 0 1", "move": "b1b7", "claims": {"demotes": "R", "captures": ["P"], "toHand": ["P"], "gone": ["N"]}}`, ""},
		{"a demotion to the wrong part", "bedlam", `{"position": "4k3/1p6/8/8/8/8/8/1M2K3[] w - - 0 1", "move": "b1b7", "claims": {"demotes": "N"}}`, "does not demote to N"},
		{"a split", "bedlam", `{"position": "4k3/8/8/8/8/8/8/1M2K3[] w - - 0 1", "move": "b1c3/n", "claims": {"split": {"moves": "N", "stays": "R"}}}`, ""},
		{"a split said to leave the wrong part", "bedlam", `{"position": "4k3/8/8/8/8/8/8/1M2K3[] w - - 0 1", "move": "b1c3/n", "claims": {"split": {"moves": "N", "stays": "B"}}}`, "does not split"},
		{"metamorphosis", "bedlam", `{"position": "4k3/8/8/4p3/3N4/8/8/4K3[] w - - 0 1", "move": "d4f3q", "claims": {"metamorphosis": "Q"}}`, ""},
		{"a pawn dropped on its first rank captures", "bedlam",
			`{"position": "4k3/8/8/8/8/8/2p5/3PK3[] w - - 0 1", "mayNot": ["d1c2"]}`, "it is legal"},
		{"an attack that is not there", "bedlam", `{"position": "r3k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "move": "N@d6", "claims": {"attacks": ["a8"]}}`, "does not cover a8"},
		{"assimilation", "assimilation", `{"position": "4k3/8/8/1b6/8/2N5/8/4K3 w - - 0 1", "move": "c3b5", "claims": {"assimilates": "A", "after": "check", "noneToHand": true, "gone": []}}`, ""},
		{"a capture said to assimilate that does not", "assimilation",
			`{"position": "4k3/8/8/8/8/2n5/8/1N2K3 w - - 0 1", "move": "b1c3", "claims": {"assimilates": "M"}}`, "does not assimilate"},
		{"the draws", "assimilation", `{"position": "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "move": "e1d2", "claims": {"after": "bare kings"}}`, ""},
		{"a unit forms", "bifold-halfgi", `{"position": "(wf)7/8/8/8/8/8/8/R2R2(WF)1[] w - - 0 1", "move": "a1d1", "claims": {"unit": "forms", "is": "RR"}}`, ""},
		{"a unit said to form that only shares", "bifold-halfgi",
			`{"position": "(wf)7/8/8/8/3r4/8/8/3R2(WF)1[] w - - 0 1", "move": "d1d4", "claims": {"unit": "forms"}}`, "does not form a unit"},
		{"sharing", "bifold-halfgi", `{"position": "(wf)7/8/8/8/3r4/8/8/3R2(WF)1[] w - - 0 1", "move": "d1d4", "claims": {"shares": "R", "noCapture": true}}`, ""},
		{"a royal captured leaves the game", "bifold-halfgi",
			`{"position": "8/8/8/8/3(Rw)4/8/8/f2R2(WF)1[] w - - 0 1", "move": "d1d4", "claims": {"captures": ["W"], "gone": ["W"], "noneToHand": true}}`, ""},
		{"into attack", "bifold-halfgi", `{"position": "(wf)5(rr)1/8/8/8/8/8/8/6(WF)1[] w - - 0 1", "move": "g1g2", "claims": {"intoThreat": true}}`, ""},
		{"the last royal taken", "bifold-halfgi", `{"position": "8/8/8/8/8/4w3/8/4(RR)2(WF)[] w - - 0 1", "move": "e1e3", "claims": {"after": "ongoing"}}`, `the engine says "royals captured"`},
		{"a pair of two left-handed pawns is no full pawn", "bifold-halfgi-pawns",
			`{"position": "(wf)7/8/8/3r1r2/4(LL)3/8/8/7(WF)[] w - - 0 1", "may": ["e4f5"]}`, "may be played"},
		{"a moves sequence", "bedlam",
			`{"position": "4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "moves": ["e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1"], "move": "e7e8", "claims": {"after": "threefold repetition"}}`, ""},
		{"a letter of another game", "bedlam", `{"position": "startpos", "move": "e2e4", "claims": {"captures": ["H"]}}`, "not a piece letter"},
		{"nothing to check", "bedlam", `{"position": "startpos"}`, "nothing to check"},
		{"about without moves", "bedlam", `{"position": "startpos", "move": "e2e4", "about": ["castling"]}`, "without may or mayNot"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ps := checkOne(t, c.variant, c.fact)
			switch {
			case c.problem == "" && len(ps) > 0:
				t.Errorf("problems: %v", ps)
			case c.problem != "" && !slices.ContainsFunc(ps, func(p string) bool { return strings.Contains(p, c.problem) }):
				t.Errorf("want a problem with %q, got %v", c.problem, ps)
			}
		})
	}
}

// The words that need a claim.
func TestNeeds(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"Checkmate: the king has no square.", []string{tCheckmate}},
		{"Check, but the king escapes.", []string{tCheck}},
		{"Stalemate is a draw.", []string{tDraw, tStalemate}},
		{"The rook takes the knight, which goes to White's hand.", []string{tCapture, tHand}},
		{"A left-handed pawn.", nil},
		{"They fuse into a Marshall; a rook may not move onto its king.", []string{tFusion, tMayNot}},
		{"Castle: O-O-O.", []string{tCastling}},
		{"Two of your pieces form a unit.", []string{tUnit}},
		{"The knight splits off; the bishop is gone.", []string{tGone, tSplit}},
		{"Metamorphosis and promotion, en passant, a drop.", []string{tDrop, tEnPassant, tMeta, tPromotion}},
		{"The bishop attacks e3; the pawn is threatened.", []string{tThreat}},
		{"White wins. The same position for the third time.", []string{tRepetition, tWin}},
		{"Bedlam is chess.", nil},
	}
	for _, c := range cases {
		if got := needs(c.text); !slices.Equal(got, c.want) {
			t.Errorf("%q needs %v, want %v", c.text, got, c.want)
		}
	}
	for _, w := range WordList() {
		if !knownTopic(w[0]) || w[1] == "" {
			t.Errorf("word list entry %v", w)
		}
	}
}

// A caption may say what its move does only with a checked claim of that
// topic: "Checkmate." on a move with no claim is reported, on a move whose
// claims say checkmate it is not.
func TestWordsNeedClaims(t *testing.T) {
	lesson := func(say string, cl *Claims) *Lesson {
		return &Lesson{Game: "bedlam", Sections: []Section{{
			ID: "end", Title: "The end", Text: []string{"Bedlam is chess."}, Intro: "A rook in hand.",
			Start: "6k1/5ppp/8/8/8/8/8/4K3[R] w - - 0 1",
			Steps: []Step{{Move: "R@e8", Say: say, Claims: cl}},
		}}}
	}
	found := func(ps []string, s string) bool {
		return slices.ContainsFunc(ps, func(p string) bool { return strings.Contains(p, s) })
	}
	c := &checker{}
	l := lesson("Checkmate.", &Claims{})
	v := mustVariant(t, "bedlam")
	c.section(&l.Sections[0], v, "bedlam/end")
	if !found(c.problems, "speaks of checkmate") {
		t.Errorf("an unbacked checkmate passed: %v", c.problems)
	}
	c = &checker{}
	l = lesson("Checkmate.", &Claims{Drop: "R", After: AfterCheckmate})
	c.section(&l.Sections[0], v, "bedlam/end")
	if len(c.problems) > 0 {
		t.Errorf("a backed checkmate: %v", c.problems)
	}
	c = &checker{}
	l = lesson("The rook is dropped.", nil)
	c.section(&l.Sections[0], v, "bedlam/end")
	if !found(c.problems, "no claims") {
		t.Errorf("a step without claims passed: %v", c.problems)
	}
}

// A lesson file with an unknown field, or more than one lesson, is refused.
func TestDecode(t *testing.T) {
	if _, err := decode([]byte(`{"game": "bedlam", "sections": [{"id": "x", "titel": "X"}]}`)); err == nil {
		t.Error("an unknown field was read")
	}
	if _, err := decode([]byte(`{"game": "bedlam"} {"game": "bedlam"}`)); err == nil {
		t.Error("two lessons were read")
	}
	if l, err := decode([]byte(`{"game": "bedlam", "sections": []}`)); err != nil || l.Game != "bedlam" {
		t.Errorf("%v %v", l, err)
	}
}

// README.md lists every word that needs a claim, as topics.go has it.
func TestReadmeListsTheWords(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range WordList() {
		row := "| " + w[0] + " | `" + strings.ReplaceAll(w[1], "|", `\|`) + "` |"
		if !strings.Contains(string(b), row) {
			t.Errorf("README.md lacks the row %s", row)
		}
	}
}

// Every lesson tells the truth as far as its claims go, and every word
// that states a rule's effect is backed by a checked claim.
func TestLessonsCheck(t *testing.T) {
	for _, l := range Lessons() {
		t.Run(l.Game, func(t *testing.T) {
			for _, p := range Check(l) {
				t.Error(p)
			}
		})
	}
}
