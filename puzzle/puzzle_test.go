package puzzle

import (
	"strings"
	"testing"

	"chimera/game"
)

// minimum is how many puzzles each shipped set must hold (issue 24).
var minimum = map[string]int{
	"bedlam": 200, "assimilation": 200, "bifold-halfgi": 200,
	"bifold-halfgi-pawns": 50, "bifold-halfgi-weak": 50,
}

// Every shipped set starts with the header, parses, and every puzzle
// replays as its themes say (CheckSet: legal, canonical moves, the end its
// kind says, themes those its moves show, no position twice); each rule set
// has its set, with at least its minimum.
func TestShippedSets(t *testing.T) {
	if got := Variants(); len(got) != len(minimum) {
		t.Errorf("sets for %v, want one for each of %d rule sets", got, len(minimum))
	}
	for id, n := range minimum {
		t.Run(id, func(t *testing.T) {
			b, err := dataFiles.ReadFile("data/" + FileName(id))
			if err != nil {
				t.Fatal(err)
			}
			if first, _, _ := strings.Cut(string(b), "\n"); first != Header {
				t.Errorf("first line %q, want the header %q", first, Header)
			}
			zs := Set(id)
			if len(zs) < n {
				t.Errorf("%d puzzles, want at least %d", len(zs), n)
			}
			v, err := game.VariantByID(id)
			if err != nil {
				t.Fatal(err)
			}
			if err := CheckSet(v, zs); err != nil {
				t.Error(err)
			}
			for i := range zs {
				if !strings.HasPrefix(zs[i].ID, Prefix(id)) {
					t.Errorf("%s: want the prefix %q", zs[i].ID, Prefix(id))
				}
			}
			if got := FormatSet(zs); got != string(b) {
				t.Errorf("the file is not as FormatSet writes it")
			}
		})
	}
}

// good are puzzles that pass Check, one per feature checked below.
var good = map[string]string{
	"mate": "bd0-71\t2bk1b1r/P4pp1/rP2p3/1ppp2n1/1n3b1p/P7/1PBRPPPK/R4B2[BBNNrrpp] w - - 1 36\th2h1 R@h2 h1g1 R@h1\tmate mateIn2 short drop\t850",
}

// Check refuses every damaged form of a good puzzle, saying why.
func TestCheckRefuses(t *testing.T) {
	v, _ := game.VariantByID("bedlam")
	base, err := ParseLine(good["mate"])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Check(v, &base); err != nil {
		t.Fatalf("the good puzzle: %v", err)
	}
	for _, c := range []struct {
		name string
		edit func(z *Puzzle)
		want string
	}{
		{"illegal move", func(z *Puzzle) { z.Moves[1] = "R@a1" }, "move 2"},
		{"not canonical", func(z *Puzzle) { z.Moves[1] = "r@h2" }, "move 2"},
		{"moves after the end", func(z *Puzzle) { z.Moves = append(z.Moves, "g1f2", "R@f1") }, "already over"},
		{"unknown theme", func(z *Puzzle) { z.Themes = append(z.Themes, "brilliant") }, "unknown theme"},
		{"out of order", func(z *Puzzle) { z.Themes = []string{"mateIn2", "mate", "short", "drop"} }, "out of order"},
		{"a move theme missing", func(z *Puzzle) { z.Themes = []string{"mate", "mateIn2", "short"} }, "the moves show"},
		{"a move theme too many", func(z *Puzzle) { z.Themes = []string{"mate", "mateIn2", "short", "drop", "fork"} }, "the moves show"},
		{"wrong mate length", func(z *Puzzle) { z.Themes = []string{"mate", "mateIn3", "short", "drop"} }, "kind themes"},
		{"two kinds", func(z *Puzzle) { z.Themes = []string{"mate", "mateIn2", "advantage", "short", "drop"} }, "kind themes"},
		{"no mate at the end", func(z *Puzzle) { z.Moves = z.Moves[:2]; z.Themes = []string{"mate", "mateIn1", "oneMove", "drop"} }, "does not end in the solver's win"},
		{"no gain", func(z *Puzzle) { z.Moves = z.Moves[:2]; z.Themes = []string{"advantage", "oneMove", "drop"} }, "gains"},
		{"ends the game unsaid", func(z *Puzzle) { z.Themes = []string{"defensive", "short", "drop"} }, "ends the game"},
		{"rating", func(z *Puzzle) { z.Rating = 5000 }, "rating"},
	} {
		t.Run(c.name, func(t *testing.T) {
			z := base
			z.Moves = append([]string(nil), base.Moves...)
			z.Themes = append([]string(nil), base.Themes...)
			c.edit(&z)
			_, err := Check(v, &z)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Check: %v, want an error saying %q", err, c.want)
			}
		})
	}
}

// ParseSet refuses a set without its header or with a malformed line.
func TestParseSetRefuses(t *testing.T) {
	for _, c := range []struct {
		name, text, want string
	}{
		{"no header", good["mate"] + "\n", "header"},
		{"four fields", Header + "\na\tb\tc\td\n", "5 tab-separated"},
		{"even solution", Header + "\nx\tp\ta b c\tmate\t900\n", "odd number"},
		{"bad rating", Header + "\nx\tp\ta b\tmate\tten\n", "rating"},
		{"blank line", Header + "\n\n", "5 tab-separated"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseSet(c.text)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("ParseSet: %v, want an error saying %q", err, c.want)
			}
		})
	}
}

// CheckSet refuses an id or a position used twice.
func TestCheckSetRefusesRepeats(t *testing.T) {
	v, _ := game.VariantByID("bedlam")
	z, _ := ParseLine(good["mate"])
	w := z
	w.ID = "bd-other"
	for _, c := range []struct {
		name string
		set  []Puzzle
		want string
	}{
		{"id", []Puzzle{z, z}, "id used twice"},
		{"position", []Puzzle{z, w}, "same position"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := CheckSet(v, c.set)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("CheckSet: %v, want an error saying %q", err, c.want)
			}
		})
	}
}
