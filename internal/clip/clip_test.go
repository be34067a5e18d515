package clip

import (
	"strconv"
	"strings"
	"testing"

	"chimera/game"
)

func TestQuote(t *testing.T) {
	long := strings.Repeat("x", 20_000_000)
	tests := []struct{ in, want string }{
		{"", `""`},
		{"e2e4", `"e2e4"`},
		{"a\"b\\c\n\x00", `"a\"b\\c\n\x00"`},
		{strings.Repeat("y", Max), strconv.Quote(strings.Repeat("y", Max))},
		{strings.Repeat("y", Max+1), strconv.Quote(strings.Repeat("y", Max)) + "… (81 bytes)"},
		{long, strconv.Quote(long[:Max]) + "… (20000000 bytes)"},
		// characters, not bytes, and never half of one
		{strings.Repeat("é", 100), strconv.Quote(strings.Repeat("é", Max)) + "… (200 bytes)"},
		{strings.Repeat("\xff", 100), strconv.Quote(strings.Repeat("\xff", Max)) + "… (100 bytes)"},
	}
	for _, tc := range tests {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%.20q…): %.200s, want %.200s", tc.in, got, tc.want)
		}
	}
	if got := Text(strings.Repeat("9", 100)); got != strings.Repeat("9", Max)+"… (100 bytes)" {
		t.Errorf("Text: %s", got)
	}
	if got := Text("1e400"); got != "1e400" {
		t.Errorf("Text: %s", got)
	}
}

func TestShorten(t *testing.T) {
	long := strings.Repeat("v", 5000)
	_, err := game.VariantByID(long)
	got := Shorten(err.Error(), long)
	if want := "unknown variant " + Quote(long) + " (known: ["; !strings.HasPrefix(got, want) || len(got) > 400 {
		t.Errorf("Shorten: %.300s, want it to start with %s", got, want)
	}
	if got := Shorten(`unknown variant "nope"`, "nope"); got != `unknown variant "nope"` {
		t.Errorf("Shorten: %s", got)
	}
}

func TestPosition(t *testing.T) {
	v, _ := game.VariantByID("chess")
	tests := []struct{ fen, field, text, why string }{
		{"", "", `""`, "empty position string (syntax, RULES.md 7.1)"},
		{"xyz", "board", `"xyz"`, "want 8 ranks separated by /, have 1 (syntax, RULES.md 7.1)"},
		{strings.Repeat("x", 1000), "board", strconv.Quote(strings.Repeat("x", Max)) + "… (1000 bytes)", "want 8 ranks separated by /, have 1 (syntax, RULES.md 7.1)"},
		{"a b c d e f g", "", `"a b c d e f g"`, "too many fields (7, want at most 6) (syntax, RULES.md 7.1)"},
	}
	for _, tc := range tests {
		_, err := game.Parse(v, tc.fen)
		field, text, why, ok := Position(err)
		if !ok || field != tc.field || text != tc.text || why != tc.why {
			t.Errorf("%.20q: %q %q %q %v, want %q %q %q", tc.fen, field, text, why, ok, tc.field, tc.text, tc.why)
		}
	}
	if _, _, _, ok := Position(strconv.ErrRange); ok {
		t.Error("not a position error, taken for one")
	}
}
