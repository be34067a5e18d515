package game

import (
	"fmt"
	"strings"
	"testing"
)

// describe prints an effect compactly: "-Re1 +Md4 +[n]" etc.
func describe(p *Position, e Effect) string {
	var parts []string
	for _, c := range e.Changes {
		sign := "-"
		if c.Appear {
			sign = "+"
		}
		l := string(p.v.PieceLetter(c.Piece))
		if c.Square == NoSquare {
			parts = append(parts, sign+"["+l+"]")
		} else {
			parts = append(parts, fmt.Sprintf("%s%s%s", sign, l, SquareName(c.Square)))
		}
	}
	return e.Kind.String() + ": " + strings.Join(parts, " ")
}

func TestEffects(t *testing.T) {
	cases := []struct{ variant, fen, move, want string }{
		{"bedlam", "startpos", "a1b1", "merge: -Ra1 -Nb1 +Mb1"},
		{"bedlam", "4k3/8/8/8/8/8/8/3QK3[] w - - 0 1", "d1e2/b", "split: -Qd1 +Rd1 +Be2"},
		{"bedlam", "4k3/8/8/3r4/8/8/8/3QK3[] w - - 0 1", "d1d5", "capture: -Qd1 -rd5 +Rd5 +[R]"},
		{"bedlam", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "N@e4", "drop: -[N] +Ne4"},
		{"bedlam", "4k3/8/8/8/8/8/b7/1N2K3[] w - - 0 1", "b1c3q", "promote: -Nb1 +Qc3"},
		{"assimilation", "4k3/8/8/1r6/8/2N5/8/4K3 w - - 0 1", "c3b5", "merge: -Nc3 -rb5 +Mb5"},
		{"assimilation", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "castle: -Rh1 -Ke1 +Rf1 +Kg1"},
		{"bifold-halfgi", "7w/8/8/8/8/3(rq)4/8/3(RR)3W[] w - - 0 1", "d1d3/rxq", "capture: -Rd1 -qd3 +Rd3 +[Q]"},
		{"bifold-halfgi", "7w/8/8/8/8/3r4/8/3(RR)3W[] w - - 0 1", "d1d3/r", "join: -Rd1 +Rd3"},
		{"bifold-halfgi", "7w/8/8/8/8/8/8/3(RR)3W[] w - - 0 1", "d1d3/r", "leave: -Rd1 +Rd3"},
	}
	for _, c := range cases {
		p := mustParse(t, c.variant, c.fen)
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := describe(p, p.Effects(m)); got != c.want {
			t.Errorf("%s %s: %s, want %s", c.fen, c.move, got, c.want)
		}
	}
}
