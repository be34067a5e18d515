package game

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestParseErrors(t *testing.T) {
	cases := []struct {
		variant, fen, field, text string
	}{
		{"bedlam", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN[] w - - 0 1", "board", "RNBQKBN"},
		{"bedlam", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR[] w - - 0 1", "board", "RNBQKBNRR"},
		{"bedlam", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX[] w - - 0 1", "board", "RNBQKBNX"},
		{"bifold-halfgi", "7w/8/8/8/8/8/8/(RRR)6W[] w - - 0 1", "board", "(RRR)"},
		{"bedlam", "4k3/8/8/8/8/8/8/2O1K3[] w - - 0 1", "board", "4k3/8/8/8/8/8/8/2O1K3"},
		{"bedlam", "1P2k3/8/8/8/8/8/8/4K3[] w - - 0 1", "board", "1P2k3"},
		{"assimilation", "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1", "hand", "Q"},
		{"bedlam", "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1", "hand", "K"},
		{"bedlam", "4k3/8/8/8/8/8/8/4K3[] x - - 0 1", "side", "x"},
		{"bedlam", "4k3/8/8/8/8/8/8/4K2R[] w K - 0 1", "castling", "K"},
		{"assimilation", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling", "K"},
		{"assimilation", "4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "en passant", "e3"},
		{"assimilation", "4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove", "x"},
		{"assimilation", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "fullmove", "0"},
		{"assimilation", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "board", "P3K3"},
		{"assimilation", "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", "position", "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1"},
		{"bifold-halfgi", "7w/8/8/8/8/8/8/(WW)6W[] w - - 0 1", "board", "7w/8/8/8/8/8/8/(WW)6W"},
		{"bifold-halfgi", "7w/8/8/8/8/8/8/(PR)6W[] w - - 0 1", "board", "(PR)"},
		{"bifold-halfgi-pawns", "7w/8/8/8/8/8/P7/7W[] w - - 0 1", "board", "P7"},
		{"bifold-halfgi", "7w/8/8/8/8/8/8/6WR[] w K - 0 1", "castling", "K"},
	}
	for _, c := range cases {
		v, _ := VariantByID(c.variant)
		_, err := Parse(v, c.fen)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s %q: want a ParseError, got %v", c.variant, c.fen, err)
			continue
		}
		if pe.Field != c.field || pe.Text != c.text {
			t.Errorf("%s %q: error %v; want field %q text %q", c.variant, c.fen, err, c.field, c.text)
		}
	}
}

func TestParseDefaults(t *testing.T) {
	v, _ := VariantByID("bedlam")
	p, err := Parse(v, "4k3/8/8/8/8/8/8/4K3")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.String(); got != "4k3/8/8/8/8/8/8/4K3[] w - - 0 1" {
		t.Errorf("defaults: %s", got)
	}
	b, _ := VariantByID("bifold-halfgi")
	p, err = Parse(b, "7w/8/8/8/8/8/8/(RW)(qR)(rR)5[prR] b - - 3 9")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.String(); got != "7w/8/8/8/8/8/8/(WR)(Rq)(Rr)5[Rrp] b - - 3 9" {
		t.Errorf("canonical order: %s", got)
	}
}

func TestMoveErrors(t *testing.T) {
	p := NewPosition(variants[0])
	for s, why := range map[string]string{
		"e2":    "too short",
		"e2e9":  "two squares",
		"e7e5":  "no piece of the side to move",
		"e2e5":  "not a legal move",
		"Q@e4":  "no Queen in hand",
		"K@e4":  "no King in hand",
		"e2e4z": "cannot read",
		"x@e4":  "unknown piece letter",
	} {
		_, err := p.ParseMove(s)
		if err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: error %v, want it to say %q", s, err, why)
		}
	}
}

// FuzzParsePosition: no input panics, and what parses round-trips.
func FuzzParsePosition(f *testing.F) {
	for _, v := range AllVariants() {
		f.Add(v.ID, v.Start)
	}
	for id, fen := range midgamePositions {
		f.Add(id, fen)
	}
	f.Add("bifold-halfgi", "(((/8/8[[]] w")
	f.Add("bedlam", "8/8/8/8/8/8/8/8[] w - - 0 1")
	f.Fuzz(func(t *testing.T, id, s string) {
		v, err := VariantByID(id)
		if err != nil {
			v = variants[len(id)%len(variants)]
		}
		p, err := Parse(v, s)
		if err != nil {
			return
		}
		q, err := Parse(v, p.String())
		if err != nil || q.String() != p.String() {
			t.Fatalf("round trip of %q: %v", s, err)
		}
		var ml MoveList
		p.GenerateMoves(&ml)
	})
}

// FuzzParseMove: no move string panics, and a parsed move prints back the same.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e4", "d1e2/b", "N@e4", "e7d8/lxrq", "b1c3q", "", "@@", "a1a1", "e2e4/", "e2e4x", "P@"} {
		f.Add(0, s)
	}
	f.Add(math.MinInt, "e2e4") // -vi is still negative: the harness panicked
	f.Add(-1, "e2e4")
	f.Fuzz(func(t *testing.T, vi int, s string) {
		u := uint(vi) // any int, math.MinInt too, picks a rule set
		v := variants[u%uint(len(variants))]
		p := NewPosition(v)
		if id, ok := midgamePositions[v.ID]; ok && u/uint(len(variants))%2 == 1 {
			p, _ = Parse(v, id)
		}
		m, err := p.ParseMove(s)
		if err != nil {
			return
		}
		if p.MoveString(m) != s {
			t.Fatalf("%q parsed to a move printed %q", s, p.MoveString(m))
		}
	})
}
