package game

import (
	"sort"
	"strings"
	"testing"
)

// ruleCase is one hand-built position with the moves a rule creates (has) or
// forbids (not), optionally the exact legal move list (all, sorted) and the
// position after some of the moves.
type ruleCase struct {
	name    string
	variant string
	fen     string
	has     []string
	not     []string
	all     string            // if set: every legal move, space separated, sorted
	after   map[string]string // move -> position string after it
	result  string            // if set: the Outcome result and reason "1-0 checkmate"
	moveSeq []string          // played before the checks above (from fen)
}

func mustParse(t *testing.T, vid, fen string) *Position {
	t.Helper()
	v, err := VariantByID(vid)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(v, fen)
	if err != nil {
		t.Fatalf("parse %s: %v", fen, err)
	}
	return p
}

func moveStrings(p *Position) []string {
	var ml MoveList
	p.GenerateMoves(&ml)
	var out []string
	for _, m := range ml.Slice() {
		out = append(out, p.MoveString(m))
	}
	sort.Strings(out)
	return out
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.variant, c.fen)
			for _, ms := range c.moveSeq {
				m, err := p.ParseMove(ms)
				if err != nil {
					t.Fatalf("sequence move: %v (legal: %v)", err, moveStrings(p))
				}
				p.Make(m)
			}
			moves := moveStrings(p)
			set := map[string]bool{}
			for _, m := range moves {
				set[m] = true
			}
			for _, m := range c.has {
				if !set[m] {
					t.Errorf("missing move %s; legal: %v", m, moves)
				}
			}
			for _, m := range c.not {
				if set[m] {
					t.Errorf("move %s should not be legal", m)
				}
			}
			if c.all != "" {
				want := strings.Fields(c.all)
				sort.Strings(want)
				if strings.Join(want, " ") != strings.Join(moves, " ") {
					t.Errorf("legal moves\n got %v\nwant %v", moves, want)
				}
			}
			for ms, want := range c.after {
				m, err := p.ParseMove(ms)
				if err != nil {
					t.Errorf("%v", err)
					continue
				}
				p.Make(m)
				if got := p.String(); got != want {
					t.Errorf("after %s\n got %s\nwant %s", ms, got, want)
				}
				p.Unmake()
			}
			if c.result != "" {
				r, why := p.Outcome()
				if got := r + " " + why; got != c.result {
					t.Errorf("outcome %q, want %q", got, c.result)
				}
			}
		})
	}
}

func TestBedlamRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "start has 23 moves incl. fusions", variant: "bedlam", fen: "startpos",
			has: []string{"a1b1", "h1g1", "e1f1", "e2e4", "g1f3"}, not: []string{"e1d1", "b1d2", "f1e2"},
			after: map[string]string{
				"a1b1": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1MBQKBNR[] b - - 1 1",
				"e1f1": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1ONR[] b - - 1 1",
			}},
		{name: "1 no castling", variant: "bedlam", fen: "4k3/8/8/8/8/8/8/4K2R[] w - - 0 1",
			not: []string{"e1g1"}},
		{name: "2 metamorphosis when attacked", variant: "bedlam", fen: "4k3/8/8/8/8/2p5/b7/1N2K3[] w - - 0 1",
			all: "b1a3 b1a3q b1c3 b1d2 b1d2q e1d1 e1e2 e1f1 e1f2",
			after: map[string]string{"b1a3q": "4k3/8/8/8/8/Q1p5/b7/4K3[] b - - 1 1",
				"b1c3": "4k3/8/8/8/8/2N5/b7/4K3[P] b - - 0 1"}},
		{name: "2 metamorphosis: not when unattacked, B and R forms", variant: "bedlam", fen: "4k3/8/8/8/8/8/8/RB2K3[] w - - 0 1",
			has: []string{"a1a5", "b1d3"}, not: []string{"a1a5m", "b1d3a"}},
		{name: "2 attacked by the royal on a defended square, pins ignored", variant: "bedlam", fen: "2R5/8/8/8/8/8/8/1kB4K[] w - - 0 1",
			has: []string{"c1d2a", "c1h6a", "c1b2a"}},
		{name: "2 no metamorphosis for a compound's component or a drop", variant: "bedlam", fen: "4k3/8/8/8/8/8/b7/1M2K3[N] w - - 0 1",
			has: []string{"b1a3/n", "b1b5/r", "N@c3"}, not: []string{"b1a3/nq", "b1a3q", "N@c3q"}},
		{name: "3 demotion", variant: "bedlam", fen: "4k3/8/8/3r4/8/1n6/8/3QK3[] w - - 0 1",
			has: []string{"d1d5", "d1b3"},
			after: map[string]string{"d1d5": "4k3/8/8/3R4/8/1n6/8/4K3[R] b - - 0 1",
				"d1b3": "4k3/8/8/3r4/8/1B6/8/4K3[N] b - - 0 1"}},
		{name: "3 demotion of Marshall by leap, royal compound to K", variant: "bedlam", fen: "4k3/8/8/8/8/1n6/5r2/M3O3[] w - - 0 1",
			has: []string{"a1b3", "e1f2", "a1c2/n"}, not: []string{"a1b3/n"},
			after: map[string]string{"e1f2": "4k3/8/8/8/8/1n6/5K2/M7[R] b - - 0 1",
				"a1b3": "4k3/8/8/8/8/1N6/5r2/4O3[N] b - - 0 1"}},
		{name: "4 fusion rules", variant: "bedlam", fen: "4k3/8/8/8/8/8/3BN3/R2NKB2[] w - - 0 1",
			has: []string{"a1d1", "e1e2", "e1d2", "e1f1", "e1d1"},
			not: []string{"d1e1", "f1e1", "e2d1", "d2f1x"},
			after: map[string]string{"a1d1": "4k3/8/8/8/8/8/3BN3/3MKB2[] b - - 1 1",
				"e1d2": "4k3/8/8/8/8/8/3ON3/R2N1B2[] b - - 1 1"}},
		{name: "4 no fusion of same type, compounds, pawns, into check", variant: "bedlam", fen: "4k3/8/8/8/8/8/3NPN1r/2QNKR2[] w - - 0 1",
			not: []string{"c1d1", "f2d1", "d1f2", "e1f2", "e2d1", "f1e1"}, has: []string{"f1f2", "d2f1", "e1d2", "e1d1"}},
		{name: "5 split and whole move", variant: "bedlam", fen: "4k3/8/8/8/8/8/8/3QK3[] w - - 0 1",
			has: []string{"d1e2", "d1e2/b", "d1d5", "d1d5/r", "d1a4/b"}, not: []string{"d1e2/r", "d1d5/b"},
			after: map[string]string{"d1e2/b": "4k3/8/8/8/8/8/4B3/3RK3[] b - - 1 1"}},
		{name: "5 splits never capture", variant: "bedlam", fen: "4k3/8/8/8/8/8/4n3/3QK3[] w - - 0 1",
			has: []string{"d1e2"}, not: []string{"d1e2/b"}},
		{name: "5 royal compound in check splits, left component blocks", variant: "bedlam", fen: "4k3/8/8/b7/8/8/3O4/8[] w - - 0 1",
			has: []string{"d2e1/k", "d2c3/b", "d2e3/k"}, not: []string{"d2c3", "d2e1"},
			after: map[string]string{"d2e1/k": "4k3/8/8/b7/8/8/3B4/4K3[] b - - 1 1"}},
		{name: "6 drops: any empty square, pawn not on last rank, first rank ok", variant: "bedlam", fen: "4k3/8/8/8/8/8/8/4K3[QP] w - - 0 1",
			has: []string{"Q@e7", "P@a1", "P@h7", "Q@a8"}, not: []string{"P@a8", "Q@e8"}},
		{name: "6 in check, drops only block a single slider", variant: "bedlam", fen: "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1",
			all: "N@b1 N@c1 N@d1 e1d2 e1e2 e1f2"},
		{name: "6 no drop answers a knight check", variant: "bedlam", fen: "4k3/8/8/8/8/3n4/8/4K3[N] w - - 0 1",
			all: "e1d1 e1d2 e1e2 e1f1"},
		{name: "6 dropped first-rank pawn steps once, second-rank pawn double-steps", variant: "bedlam", fen: "4k3/8/8/8/8/8/1P6/P3K3[] w - - 0 1",
			has: []string{"a1a2", "b2b4"}, not: []string{"a1a3"}},
		{name: "6 en passant puts the pawn in hand", variant: "bedlam", fen: "4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 2",
			after: map[string]string{"e5d6": "4k3/8/3P4/8/8/8/8/4K3[P] b - - 0 2"}},
		{name: "6 captured pieces go to hand as they were", variant: "bedlam", fen: "4k3/8/8/3q4/8/8/8/3RK3[] w - - 0 1",
			after: map[string]string{"d1d5": "4k3/8/8/3R4/8/8/8/4K3[Q] b - - 0 1"}},
		{name: "6 pawn drop mate", variant: "bedlam", fen: "kp6/8/1K6/8/8/8/8/8[P] w - - 0 1",
			has:   []string{"P@b7"},
			after: map[string]string{"P@b7": "kp6/1P6/1K6/8/8/8/8/8[] b - - 0 1"}},
		{name: "6 pawn drop mate is checkmate", variant: "bedlam", fen: "kp6/1P6/1K6/8/8/8/8/8[] b - - 0 1",
			result: "1-0 checkmate"},
		{name: "choice: a pawn drop resets the halfmove clock", variant: "bedlam", fen: "4k3/8/8/8/8/8/8/4K3[PN] w - - 7 10",
			after: map[string]string{"P@e4": "4k3/8/8/8/4P3/8/8/4K3[N] b - - 0 10", "N@e4": "4k3/8/8/8/4N3/8/8/4K3[P] b - - 8 10"}},
		{name: "7 promotion to R B N only", variant: "bedlam", fen: "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1",
			has: []string{"b7b8r", "b7b8b", "b7b8n"}, not: []string{"b7b8q", "b7b8", "b7b8m"}},
		{name: "8 stalemate", variant: "bedlam", fen: "k7/2Q5/1K6/8/8/8/8/8[] b - - 0 1", result: "1/2-1/2 stalemate"},
		{name: "8 repetition", variant: "bedlam", fen: "4k3/8/8/8/8/8/8/4K2R[] w - - 0 1",
			moveSeq: []string{"h1h2", "e8d8", "h2h1", "d8e8", "h1h2", "e8d8", "h2h1", "d8e8"},
			result:  "1/2-1/2 threefold repetition"},
		{name: "8 no 50-move rule", variant: "bedlam", fen: "4k3/8/8/8/8/8/8/4K2R[] w - - 150 90", result: " "},
	})
}

func TestAssimilationRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "start is chess", variant: "assimilation", fen: "startpos", has: []string{"e2e4"}, not: []string{"a1b1", "e1f1"}},
		{name: "1 assimilation", variant: "assimilation", fen: "4k3/8/8/1r1b4/8/2N5/8/1R2K3 w - - 0 1",
			after: map[string]string{"c3b5": "4k3/8/8/1M1b4/8/8/8/1R2K3 b - - 0 1",
				"c3d5": "4k3/8/8/1r1A4/8/8/8/1R2K3 b - - 0 1",
				"b1b5": "4k3/8/8/1R1b4/8/2N5/8/4K3 b - - 0 1"}},
		{name: "1 king takes bishop", variant: "assimilation", fen: "4k3/8/8/8/8/8/3b4/4K3 w - - 0 1",
			after: map[string]string{"e1d2": "4k3/8/8/8/8/8/3O4/8 b - - 0 1"}},
		{name: "1 knight takes rook", variant: "assimilation", fen: "4k3/8/8/8/8/3r4/5N2/4K3 w - - 0 1",
			after: map[string]string{"f2d3": "4k3/8/8/8/8/3M4/8/4K3 b - - 0 1"}},
		{name: "1 same type, pawn, compound: ordinary capture", variant: "assimilation", fen: "4k3/8/8/8/2q1n3/8/3N4/4K3 w - - 0 1",
			after: map[string]string{"d2e4": "4k3/8/8/8/2q1N3/8/8/4K3 b - - 0 1",
				"d2c4": "4k3/8/8/8/2N1n3/8/8/4K3 b - - 0 1"}},
		{name: "1 compound capture stays, pawn capture plain", variant: "assimilation", fen: "4k3/8/8/3n4/4P3/8/8/3QK3 w - - 0 1",
			after: map[string]string{"d1d5": "4k3/8/8/3Q4/4P3/8/8/4K3 b - - 0 1",
				"e4d5": "4k3/8/8/3P4/8/8/8/3QK3 b - - 0 1"}},
		{name: "2 fission, no fusion", variant: "assimilation", fen: "4k3/8/8/8/8/8/8/1N1QK3 w - - 0 1",
			has: []string{"d1e2/b", "d1d4/r", "d1d4"}, not: []string{"b1d1", "d1b1"}},
		{name: "3 castling and its limits", variant: "assimilation", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
			has: []string{"e1g1", "e1c1"},
			after: map[string]string{"e1g1": "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1",
				"a1a8": "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1"}},
		{name: "3 no castling through check", variant: "assimilation", fen: "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
			has: []string{"e1c1"}, not: []string{"e1g1"}},
		{name: "3 no castling with a compound rook", variant: "assimilation", fen: "4k3/8/8/8/8/8/8/4K2M w - - 0 1",
			not: []string{"e1g1"}},
		{name: "4 promotion R B N, no assimilation", variant: "assimilation", fen: "3bk3/4P3/8/8/8/8/8/4K3 w - - 0 1",
			has: []string{"e7d8n", "e7d8r"}, not: []string{"e7d8q", "e7e8n"},
			after: map[string]string{"e7d8n": "3Nk3/8/8/8/8/8/8/4K3 b - - 0 1"}},
		{name: "4 en passant", variant: "assimilation", fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
			has: []string{"e5d6"}, after: map[string]string{"e5d6": "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2"}},
		{name: "6 K v K", variant: "assimilation", fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1", result: "1/2-1/2 bare kings"},
		{name: "6 50-move rule", variant: "assimilation", fen: "4k3/8/8/8/8/8/8/3QK3 w - - 100 80", result: "1/2-1/2 50-move rule"},
		{name: "choice: mate before the 50-move rule", variant: "assimilation", fen: "4k3/8/8/8/8/8/6PP/r6O w - - 120 80", result: "0-1 checkmate"},
		{name: "6 royal compound is not bare", variant: "assimilation", fen: "4k3/8/8/8/8/8/8/4O3 w - - 0 1", result: " "},
		{name: "6 checkmate of a royal compound", variant: "assimilation", fen: "4k3/8/8/8/8/8/6PP/r6O w - - 0 1", result: "0-1 checkmate"},
	})
}

func TestBifoldRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "1 halfling range from a1", variant: "bifold-halfgi", fen: "7w/8/8/8/8/8/8/R6W[] w - - 0 1",
			has: []string{"a1a5", "a1e1", "a1a2"}, not: []string{"a1a6", "a1f1"}},
		{name: "1 halfling range from a5 and a6", variant: "bifold-halfgi", fen: "7w/8/R7/8/8/8/8/7W[] w - - 0 1",
			has: []string{"a6a7", "a6a3"}, not: []string{"a6a8", "a6a2"}},
		{name: "1 halfling bishop diagonal n", variant: "bifold-halfgi", fen: "7w/8/8/8/8/8/1B6/7W[] w - - 0 1",
			has: []string{"b2e5", "b2c1", "b2a3"}, not: []string{"b2f6"}},
		{name: "2,5 single piece joins, captures with choice", variant: "bifold-halfgi", fen: "7w/8/8/3b4/8/3(rq)4/8/3R3W[] w - - 0 1",
			has: []string{"d1d2", "d1d3xq", "d1d3xr"}, not: []string{"d1d3", "d1d4"}},
		{name: "5 lone enemy: share, no capture", variant: "bifold-halfgi", fen: "7w/8/8/8/8/3r4/8/3R3W[] w - - 0 1",
			has: []string{"d1d3"}, after: map[string]string{"d1d3": "7w/8/8/8/8/3(Rr)4/8/7W[] b - - 1 1"}},
		{name: "5 mixed square: capture the enemy", variant: "bifold-halfgi", fen: "7w/8/8/8/8/3(Hr)4/8/3R3W[] w - - 0 1",
			after: map[string]string{"d1d3": "7w/8/8/8/8/3(RH)4/8/7W[R] b - - 0 1"}},
		{name: "5 two enemies of one type: one move with xv", variant: "bifold-halfgi", fen: "7w/8/8/8/8/3(rr)4/8/3R3W[] w - - 0 1",
			has: []string{"d1d3xr"}, not: []string{"d1d3"},
			after: map[string]string{"d1d3xr": "7w/8/8/8/8/3(Rr)4/8/7W[R] b - - 0 1"}},
		{name: "5 enemy pawn captured, friendly pawn or two friends blocked", variant: "bifold-halfgi", fen: "7w/8/8/8/3p4/3P4/8/2(RB)R3W[] w - - 0 1",
			not: []string{"d1d3", "c1d1", "d1c1"}, has: []string{"c1e3/b", "c1e3"}},
		{name: "3 units: RR slides, QR rook or halfling bishop, HH leaps", variant: "bifold-halfgi", fen: "7w/8/8/8/8/8/8/(RR)(HH)(QR)4W[] w - - 0 1",
			has: []string{"a1a8", "a1a5/r", "b1c3", "b1d2", "c1c8", "c1e3", "c1f4", "b1a3/h"}, not: []string{"a1a6/r", "c1g5", "b1d2/h"}},
		{name: "3 unit vs single: same target, distinct strings", variant: "bifold-halfgi", fen: "7w/8/8/8/8/8/8/(RR)6W[] w - - 0 1",
			has: []string{"a1a3", "a1a3/r"}},
		{name: "4 paths must be empty", variant: "bifold-halfgi", fen: "7w/8/8/8/r7/8/8/(RR)6W[] w - - 0 1",
			has: []string{"a1a4", "a1a4/r", "a1a3"}, not: []string{"a1a5"}},
		{name: "6 unit captures everything, never enters a friend", variant: "bifold-halfgi", fen: "7w/8/8/(rb)7/8/8/8/(RR)B5W[] w - - 0 1",
			not: []string{"a1b1", "a1a5/r"}, has: []string{"a1a5/rxr", "a1a5/rxb"},
			after: map[string]string{"a1a5": "7w/8/8/(RR)7/8/8/8/1B5W[RB] b - - 0 1"}},
		{name: "7 pawns: step to empty, capture enemies, promotion", variant: "bifold-halfgi", fen: "3(rb)3w/4P3/8/8/8/8/8/7W[] w - - 0 1",
			has: []string{"e7e8q", "e7e8h", "e7d8q"}, not: []string{"e7e8", "e7e8n", "e7d8xr"},
			after: map[string]string{"e7d8h": "3H3w/8/8/8/8/8/8/7W[RB] b - - 0 1"}},
		{name: "6 a unit takes an enemy pawn", variant: "bifold-halfgi", fen: "7w/8/8/8/p7/8/8/(RR)6W[] w - - 0 1",
			after: map[string]string{"a1a4": "7w/8/8/8/(RR)7/8/8/7W[P] b - - 0 1"}, has: []string{"a1a4/r"}},
		{name: "7 pawn may not enter a bifold square forward, double step", variant: "bifold-halfgi", fen: "7w/8/8/8/8/3r4/3PP3/7W[] w - - 0 1",
			has: []string{"e2e4", "e2e3"}, not: []string{"d2d3", "d2d4"}},
		{name: "8 royal path rule: unit may not pass a threatened square", variant: "bifold-halfgi", fen: "7w/8/8/8/8/8/1r6/(WR)6F[] w - - 0 1",
			has: []string{"a1b1", "a1a2"}, not: []string{"a1c1", "a1a3"}},
		{name: "8 royal path: the Horse's orthogonal square counts as passed", variant: "bifold-halfgi", fen: "7w/8/8/8/8/8/r7/1(WH)5F[] w - - 0 1",
			has: []string{"b1c3/h", "b1a3/h", "b1d2", "b1b2"}, not: []string{"b1c3", "b1a3"}},
		{name: "8 an unsupported weak pawn threatens nothing", variant: "bifold-halfgi-weak", fen: "7w/8/8/8/8/1v6/8/(WR)6F[] w - - 0 1",
			has: []string{"a1a3", "a1a4"}},
		{name: "8 a supported weak pawn threatens", variant: "bifold-halfgi-weak", fen: "7w/8/8/1r6/8/1v6/8/(WR)6F[] w - - 0 1",
			has: []string{"a1a2"}, not: []string{"a1a3", "a1a4"}},
		{name: "8 lone royal pieces and WF may move into threat", variant: "bifold-halfgi", fen: "7w/8/8/8/8/8/r7/1(WF)6[] w - - 0 1",
			has: []string{"b1b2", "b1a1/w", "b1a2", "b1a2/f"}},
		{name: "9 castling", variant: "bifold-halfgi", fen: "(rr)3(wf)2(rr)/8/8/8/8/8/8/(RR)3(WF)2(RR)[] w KQkq - 0 1",
			has: []string{"e1g1", "e1c1"},
			after: map[string]string{"e1g1": "(rr)3(wf)2(rr)/8/8/8/8/8/8/(RR)4(RR)(WF)1[] b kq - 1 1",
				"h1h3/r": "(rr)3(wf)2(rr)/8/8/8/8/7R/8/(RR)3(WF)2R[] b Qkq - 1 1"}},
		{name: "9 no castling through a threatened square", variant: "bifold-halfgi", fen: "(rr)3(wf)2(rr)/8/8/8/8/8/6q1/(RR)3(WF)2(RR)[] w KQkq - 0 1",
			has: []string{"e1c1"}, not: []string{"e1g1"}},
		{name: "10 drops: pawn on empty, bifold on one bifold piece", variant: "bifold-halfgi", fen: "7w/8/8/8/8/3(rb)r3/3P4/7W[RP] w - - 0 1",
			has: []string{"R@e3", "R@a1", "P@a7", "R@h8"}, not: []string{"R@d3", "R@d2", "P@e3", "P@a8"}},
		{name: "10 captured royal leaves the game", variant: "bifold-halfgi", fen: "7W/8/8/8/8/8/8/(wf)(RR)6[] w - - 0 1",
			after: map[string]string{"b1a1": "7W/8/8/8/8/8/8/(RR)7[] b - - 0 1"}},
		{name: "11 both royals captured: game over", variant: "bifold-halfgi", fen: "7W/8/8/8/8/8/8/(RR)7[] b - - 0 1",
			all: "", result: "1-0 both royals captured"},
		{name: "11 no check: royal may move into attack", variant: "bifold-halfgi", fen: "7w/8/8/8/8/8/r7/1W6[] w - - 0 1",
			has: []string{"b1b2"}},
	})
}

func TestBifoldPawnOptions(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "3a L captures left only, must capture", variant: "bifold-halfgi-pawns", fen: "7w/8/8/8/3(rb)1(bq)2/4L3/8/7W[] w - - 0 1",
			has: []string{"e3d4xr", "e3d4xb", "e3e4"}, not: []string{"e3f4", "e3f4xb", "e3d4"}},
		{name: "3a black l captures toward h", variant: "bifold-halfgi-pawns", fen: "7w/8/4l3/3(RB)1(RB)2/8/8/8/7W[] b - - 0 1",
			has: []string{"e6f5xr"}, not: []string{"e6d5xr"}},
		{name: "3a lone pawn steps onto one bifold piece; unit only to empty", variant: "bifold-halfgi-pawns", fen: "7w/8/8/8/8/4r3/4(LD)3/7W[] w - - 0 1",
			has: []string{"e2e3/l", "e2e3/d"}, not: []string{"e2e3", "e2e4", "e2e4/l"}},
		{name: "3a LD unit promotes to one type", variant: "bifold-halfgi-pawns", fen: "7w/4(LD)3/8/8/8/8/8/7W[] w - - 0 1",
			has: []string{"e7e8q", "e7e8/lq", "e7e8/dh"},
			after: map[string]string{"e7e8q": "4(QQ)2w/8/8/8/8/8/8/7W[] b - - 0 1",
				"e7e8/lr": "4R2w/4D3/8/8/8/8/8/7W[] b - - 0 1"}},
		{name: "3a pawn with a non-pawn: no promotion, stranded", variant: "bifold-halfgi-pawns", fen: "w3(RL)3/3(RL)4/8/8/8/8/8/7W[] w - - 0 1",
			has: []string{"d7d8", "e8e4", "d7d8/lq"}, not: []string{"d7d8q", "e8e7/l", "d7d8/l"}},
		{name: "3a en passant by a lone pawn removes every enemy pawn", variant: "bifold-halfgi-pawns", fen: "7w/8/8/3(ld)L3/8/8/8/7W[] w - d6 0 2",
			has: []string{"e5d6"}, after: map[string]string{"e5d6": "7w/8/3L4/8/8/8/8/7W[LD] b - - 0 2"}},
		{name: "3a en passant by a pawn unit, not by a mixed unit or the wrong hand", variant: "bifold-halfgi-pawns", fen: "7w/8/8/3(ld)(LD)(RD)2/8/8/8/7W[] w - d6 0 2",
			has: []string{"e5d6", "e5d6/l"}, not: []string{"e5d6/d", "f5e6", "f5e6/d"},
			after: map[string]string{"e5d6": "7w/8/3(LD)4/5(RD)2/8/8/8/7W[LD] b - - 0 2"}},
		{name: "3a bifold pawns drop on one bifold piece, never on the last rank", variant: "bifold-halfgi-pawns", fen: "7w/8/8/8/3r4/8/8/7W[L] w - - 0 1",
			has: []string{"L@d4", "L@a1"}, not: []string{"L@a8"}},
		{name: "3a double step sets ep; mixed unit sets none", variant: "bifold-halfgi-pawns", fen: "7w/8/8/8/8/8/3(RL)(LD)3/7W[] w - - 0 1",
			after: map[string]string{"e2e4": "7w/8/8/8/4(LD)3/8/3(RL)4/7W[] b - e3 0 1",
				"d2d4": "7w/8/8/8/3(RL)4/8/4(LD)3/7W[] b - - 0 1"}},
		{name: "3a capture choice string order", variant: "bifold-halfgi-pawns", fen: "3(rq)3w/4(LD)3/8/8/8/8/8/7W[] w - - 0 1",
			has: []string{"e7d8/lxrq", "e7d8/lxqh"}},
		{name: "3b weak pawn captures only while supported", variant: "bifold-halfgi-weak", fen: "7w/8/8/8/3(rb)4/4V3/8/7W[] w - - 0 1",
			not: []string{"e3d4xr", "e3d4xb"}},
		{name: "3b supported weak pawn captures", variant: "bifold-halfgi-weak", fen: "7w/8/8/8/3(rb)4/4V3/8/4R2W[] w - - 0 1",
			has: []string{"e3d4xr", "e3d4xb"}},
		{name: "3b weak pawn supported by a supported weak pawn", variant: "bifold-halfgi-weak", fen: "7w/8/8/3(rb)4/4V3/3V4/8/3R3W[] w - - 0 1",
			has: []string{"e4d5xr"}},
		{name: "3b VV unit is a full pawn", variant: "bifold-halfgi-weak", fen: "7w/8/8/8/3(rb)4/4(VV)3/8/7W[] w - - 0 1",
			has: []string{"e3d4"}, not: []string{"e3d4/vxr"}},
		{name: "3b weak pawn with a non-pawn needs support", variant: "bifold-halfgi-weak", fen: "7w/8/8/8/3b4/4(RV)3/8/7W[] w - - 0 1",
			not: []string{"e3d4"}, has: []string{"e3e4"}},
	})
}

func TestNotation(t *testing.T) {
	cases := []struct{ variant, fen, move, want string }{
		{"bedlam", "startpos", "g1f3", "Ng1-f3"},
		{"bedlam", "startpos", "e2e4", "e2-e4"},
		{"bedlam", "startpos", "a1b1", "Ra1-b1=M"},
		{"bedlam", "4k3/8/8/8/8/8/b7/1N2K3[] w - - 0 1", "b1c3q", "Nb1-c3=Q"},
		{"bedlam", "4k3/8/8/8/8/8/8/3QK3[] w - - 0 1", "d1e2/b", "Bd1-e2; d1=R"},
		{"bedlam", "4k3/8/8/8/8/8/8/3AK3[] w - - 0 1", "d1f2/n", "Nd1-f2; d1=B"},
		{"bedlam", "4k3/8/8/3r4/8/8/8/3QK3[] w - - 0 1", "d1d5", "Qd1xd5=R"},
		{"bedlam", "4k3/8/8/8/8/8/8/4K3[AP] w - - 0 1", "A@e4", "P*e4"},
		{"bedlam", "4k3/8/8/8/8/8/8/4K3[AP] w - - 0 1", "P@d7", "*d7+"},
		{"bedlam", "kp6/8/1K6/8/8/8/8/8[P] w - - 0 1", "P@b7", "*b7#"},
		{"assimilation", "4k3/8/8/1r6/8/2N5/8/4K3 w - - 0 1", "c3b5", "Nc3xb5=M"},
		{"assimilation", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"assimilation", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8r", "b7-b8=R+"},
		{"bifold-halfgi", "7w/8/8/8/8/3(rq)4/8/3(RR)3W[] w - - 0 1", "d1d3/rxq", "Rd1xQd3"},
		{"bifold-halfgi", "7w/8/8/8/8/3(rq)4/8/3(RR)3W[] w - - 0 1", "d1d3", "(RR)d1xd3"},
		{"bifold-halfgi", "7w/8/8/8/8/8/8/(RR)6W[P] w - - 0 1", "P@e4", "*e4"},
		{"bifold-halfgi", "7w/8/8/8/8/8/8/(RR)6W[P] w - - 0 1", "h1h2", "Wh1-h2"},
		{"bifold-halfgi", "7W/8/8/8/8/8/8/(wf)(RR)6[] w - - 0 1", "b1a1", "(RR)b1xa1#"},
		{"bifold-halfgi-pawns", "7w/4(LD)3/8/8/8/8/8/7W[] w - - 0 1", "e7e8q", "(LD)e7-e8=Q"},
		{"bifold-halfgi-pawns", "7w/4(LD)3/8/8/8/8/8/7W[] w - - 0 1", "e7e8/lr", "Le7-e8=R"},
	}
	for _, c := range cases {
		p := mustParse(t, c.variant, c.fen)
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Errorf("%s: %v", c.move, err)
			continue
		}
		if got := p.Notation(m); got != c.want {
			t.Errorf("%s %s: notation %q, want %q", c.fen, c.move, got, c.want)
		}
	}
}
