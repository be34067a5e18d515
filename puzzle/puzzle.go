package puzzle

import (
	"embed"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"chimera/game"
)

// Header is the first line of every set file.
const Header = "id\tposition\tmoves\tthemes\trating"

// Puzzle is one line of a set.
type Puzzle struct {
	ID       string
	Position string   // the position before the opponent's last move
	Moves    []string // the opponent's move, then the solution (solver, reply, ..., solver)
	Themes   []string
	Rating   int
}

// Solution returns the solver's line: Moves without the opponent's move.
func (z *Puzzle) Solution() []string { return z.Moves[1:] }

// Has reports whether the puzzle has theme t.
func (z *Puzzle) Has(t string) bool {
	for _, x := range z.Themes {
		if x == t {
			return true
		}
	}
	return false
}

// String returns the puzzle's line in a set file (no newline).
func (z *Puzzle) String() string {
	return strings.Join([]string{z.ID, z.Position, strings.Join(z.Moves, " "),
		strings.Join(z.Themes, " "), strconv.Itoa(z.Rating)}, "\t")
}

// ParseLine reads one puzzle line. It checks the shape only (five fields,
// at least two moves with an even count of solution moves plus one, a
// rating); Check replays it.
func ParseLine(line string) (Puzzle, error) {
	f := strings.Split(line, "\t")
	if len(f) != 5 {
		return Puzzle{}, fmt.Errorf("want 5 tab-separated fields, have %d", len(f))
	}
	z := Puzzle{ID: f[0], Position: f[1], Moves: strings.Fields(f[2]), Themes: strings.Fields(f[3])}
	if z.ID == "" {
		return z, fmt.Errorf("empty id")
	}
	if len(z.Moves) < 2 || len(z.Moves)%2 != 0 {
		return z, fmt.Errorf("%s: want the opponent's move and an odd number of solution moves, have %d moves", z.ID, len(z.Moves))
	}
	r, err := strconv.Atoi(f[4])
	if err != nil || r <= 0 {
		return z, fmt.Errorf("%s: rating %q is not a positive whole number", z.ID, f[4])
	}
	z.Rating = r
	return z, nil
}

// ParseSet reads a set file: the header line, then one puzzle a line
// (blank lines are not allowed; the last line may end with a newline).
func ParseSet(text string) ([]Puzzle, error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if lines[0] != Header {
		return nil, fmt.Errorf("line 1: want the header %q, have %q", Header, lines[0])
	}
	out := make([]Puzzle, 0, len(lines)-1)
	for i, l := range lines[1:] {
		z, err := ParseLine(l)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", i+2, err)
		}
		out = append(out, z)
	}
	return out, nil
}

// FormatSet returns the set file of the puzzles: the header, then one line
// each, in the order given.
func FormatSet(zs []Puzzle) string {
	var b strings.Builder
	b.WriteString(Header + "\n")
	for i := range zs {
		b.WriteString(zs[i].String())
		b.WriteByte('\n')
	}
	return b.String()
}

//go:embed data/*.tsv
var dataFiles embed.FS

// FileName returns the name of a rule set's data file in data/.
func FileName(variant string) string { return variant + ".tsv" }

var (
	setsMu sync.Mutex
	sets   = map[string][]Puzzle{}
)

// Set returns the shipped puzzles of a rule set (nil when it has none),
// read from the embedded data file once; the slice is shared: treat it as
// read-only. A file that does not parse panics, which the package's tests
// rule out.
func Set(variant string) []Puzzle {
	setsMu.Lock()
	defer setsMu.Unlock()
	if zs, ok := sets[variant]; ok {
		return zs
	}
	var zs []Puzzle
	if b, err := dataFiles.ReadFile("data/" + FileName(variant)); err == nil {
		if zs, err = ParseSet(string(b)); err != nil {
			panic("puzzle: data/" + FileName(variant) + ": " + err.Error())
		}
	}
	sets[variant] = zs
	return zs
}

// Variants returns the ids of the rule sets that have shipped puzzles, in
// the order of game.Variants.
func Variants() []string {
	var out []string
	for _, v := range game.Variants() {
		if len(Set(v.ID)) > 0 {
			out = append(out, v.ID)
		}
	}
	return out
}

// Prefix returns the id prefix of a rule set's puzzles ("bd" for Bedlam).
func Prefix(variant string) string {
	switch variant {
	case "bedlam":
		return "bd"
	case "assimilation":
		return "as"
	case "bifold-halfgi":
		return "bh"
	case "bifold-halfgi-pawns":
		return "bp"
	case "bifold-halfgi-weak":
		return "bw"
	}
	return variant
}

// CountThemes counts the puzzles of each theme.
func CountThemes(zs []Puzzle) map[string]int {
	n := map[string]int{}
	for i := range zs {
		for _, t := range zs[i].Themes {
			n[t]++
		}
	}
	return n
}

// SortedThemes returns the keys of a theme count in the order of Themes,
// unknown names last in alphabetical order.
func SortedThemes(n map[string]int) []string {
	var out []string
	for _, t := range Themes {
		if n[t.Name] > 0 {
			out = append(out, t.Name)
		}
	}
	var rest []string
	for k := range n {
		if ThemeByName(k) == nil {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}
