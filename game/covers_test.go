package game

import (
	"sort"
	"strings"
	"testing"
)

func squareList(set uint64) string {
	var out []string
	for s := 0; s < 64; s++ {
		if set>>uint(s)&1 != 0 {
			out = append(out, SquareName(s))
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func TestCovers(t *testing.T) {
	cases := []struct {
		name, variant, fen, sq string
		slot                   int
		want                   string // sorted square names
	}{
		{"rook on an open board", "bedlam", "4k3/8/8/8/3R4/8/8/4K3[] w - - 0 1", "d4", 0,
			"a4 b4 c4 d1 d2 d3 d5 d6 d7 d8 e4 f4 g4 h4"},
		{"rook defends its own pawn and stops there", "bedlam", "4k3/8/3P4/8/3R4/8/8/4K3[] w - - 0 1", "d4", 0,
			"a4 b4 c4 d1 d2 d3 d5 d6 e4 f4 g4 h4"},
		{"pawn: its two forward diagonals", "assimilation", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4", 0, "d5 f5"},
		{"black pawn: downwards", "assimilation", "4k3/8/8/4p3/8/8/8/4K3 w - - 0 1", "e5", 0, "d4 f4"},
		{"Marshall: rook lines and knight leaps", "bedlam", "4k3/8/8/8/8/8/8/1M2K3[] w - - 0 1", "b1", 0,
			"a1 a3 b2 b3 b4 b5 b6 b7 b8 c1 c3 d1 d2 e1"},
		{"pinned knight still covers its squares", "bedlam", "4r2k/8/8/8/8/8/4N3/4K3[] w - - 0 1", "e2", 0,
			"c1 c3 d4 f4 g1 g3"},
		{"empty square", "bedlam", "4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "d4", 0, ""},
		{"halfling rook alone: half the way to the edge", "bifold-halfgi", "7(wf)/8/8/8/8/8/8/R3(WF)3[] w - - 0 1", "a1", 0,
			"a2 a3 a4 a5 b1 c1 d1 e1"},
		{"two halfling rooks: the unit slides without limit", "bifold-halfgi", "7(wf)/8/8/8/8/8/8/(RR)3(WF)3[] w - - 0 1", "a1", 1,
			"a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1"},
		{"horse blocked on one side", "bifold-halfgi", "7(wf)/8/8/3p4/3H4/8/8/7(WF)[] w - - 0 1", "d4", 0,
			"b3 b5 c2 e2 f3 f5"},
		{"lone weak pawn, unsupported: nothing", "bifold-halfgi-weak", "7(wf)/8/8/8/4V3/8/8/7(WF)[] w - - 0 1", "e4", 0, ""},
		{"weak pawn supported by a halfling rook", "bifold-halfgi-weak", "7(wf)/8/8/8/4V3/8/8/4R2(WF)[] w - - 0 1", "e4", 0, "d5 f5"},
		{"left-handed pawn: toward its owner's left", "bifold-halfgi-pawns", "7(wf)/8/8/8/4L3/8/8/7(WF)[] w - - 0 1", "e4", 0, "d5"},
		{"black left-handed pawn: toward the h-file", "bifold-halfgi-pawns", "7(wf)/8/8/4l3/8/8/8/7(WF)[] w - - 0 1", "e5", 0, "f4"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.variant, c.fen)
			s, _ := ParseSquare(c.sq)
			if got := squareList(p.Covers(s, c.slot)); got != c.want {
				t.Errorf("Covers(%s, %d) = %q, want %q", c.sq, c.slot, got, c.want)
			}
		})
	}
}

func TestAttacked(t *testing.T) {
	cases := []struct {
		name, variant, fen, sq string
		by                     Color
		want                   bool
	}{
		{"rook along the file", "bedlam", "3rk3/8/8/8/8/8/8/4K3[] w - - 0 1", "d1", Black, true},
		{"blocked file", "bedlam", "3rk3/8/8/3P4/8/8/8/4K3[] w - - 0 1", "d1", Black, false},
		{"a defended piece counts as attacked by its own side", "bedlam", "4k3/8/8/8/8/8/3P4/3RK3[] w - - 0 1", "d2", White, true},
		{"bifold: inside the threat map", "bifold-halfgi", "(wf)7/8/8/8/8/8/8/R6(WF)[] w - - 0 1", "a5", White, true},
		{"bifold: beyond the halfling's range", "bifold-halfgi", "(wf)7/8/8/8/8/8/8/R6(WF)[] w - - 0 1", "a6", White, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.variant, c.fen)
			s, _ := ParseSquare(c.sq)
			if got := p.Attacked(s, c.by); got != c.want {
				t.Errorf("Attacked(%s, %v) = %v", c.sq, c.by, got)
			}
		})
	}
}
