package ai

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

// updateFingerprint rewrites testdata/fingerprint.txt from the current search:
//
//	go test ./ai -run TestSearchFingerprint -update
var updateFingerprint = flag.Bool("update", false, "rewrite testdata/fingerprint.txt")

// fingerprintCases are searched at a fixed depth (from a fresh engine of
// 16 MiB); noise and seed as given. The mid-game positions of the benchmark
// and tactical ones of the mate suite (drops, fusion, splits, promotions,
// bifold choices), about 70,000 nodes each.
var fingerprintCases = []struct {
	variant, fen string
	depth        int
	noise        int
}{
	{"bedlam", midgames[0].fen, 7, 0},
	{"bedlam", midgames[0].fen, 6, 5}, // with a level's noise
	{"assimilation", midgames[1].fen, 8, 0},
	{"bifold-halfgi", midgames[2].fen, 7, 0},
	{"bifold-halfgi-pawns", "startpos", 7, 0},
	{"bifold-halfgi-weak", "startpos", 7, 0},
	{"chess", midgames[5].fen, 8, 0},
	{"bedlam", "R4N1R/4pkp1/1A1pb1rp/pN3p2/5p2/3B4/PPPQ1PPP/R2Q1KNR[QRRNN] w - - 2 26", 5, 0},
	{"bedlam", "r1bqkbnr/3n1ppp/1p6/2pp4/p4p2/P1P2OP1/1P1PP2P/RNB3r1[qm] b - - 1 12", 5, 0},
	{"assimilation", "r2b1b1R/pp1bkn1p/3Np3/2pp3Q/8/4P3/PPPP1P1P/RNB1K1NR w KQ - 0 12", 6, 0},
	{"bifold-halfgi", "1(Qh)b1(Hf)2(QQ)/3p(wb)3/rq1R4/4b3/6(QQ)1/8/PPPP1PPP/(RR)(HH)(BB)1(WF)(BB)(HH)(RR)[RRBHHPPPPPP] w KQ - 3 22", 5, 0},
	{"bifold-halfgi-weak", "1(rr)1(qq)(wf)(bb)(hh)(rr)/(vv)1(vv)1(vv)(vv)(vv)(vv)/8/1(vv)6/v3Q1(bb)(HV)/(VV)2VH3/1(VV)(VV)B(vv)(VV)1V/(RR)(HH)B1F(Bh)1(qq)[qrrbhhv] b k - 1 19", 5, 0},
	{"bifold-halfgi-pawns", "(rr)(hh)b(qq)(Bw)bh(rr)/1(bd)d(ld)d1l1/d(Ll)l1l(ld)(QD)1/1(LD)4d(ld)/7(LD)/2(HH)5/2(LD)1(LD)(LD)(LD)1/(RR)1(BB)(QB)(WF)(BB)(HH)(RR)[HLd] w KQ - 0 17", 5, 0},
}

const fingerprintFile = "testdata/fingerprint.txt"

// TestSearchFingerprint checks that the search finds exactly what it found
// when the fingerprint was recorded: the same best move, score, node count
// and principal variation at a fixed depth. A change meant only to make the
// search faster must keep these identical (natively and under WASM, where
// this test runs too). A change of the evaluation or the search heuristics
// changes them: then rewrite the file with -update and say so in the commit.
func TestSearchFingerprint(t *testing.T) {
	var got []string
	for _, tc := range fingerprintCases {
		p := mustParse(t, tc.variant, tc.fen)
		r := NewEngine(16).Search(p, Config{Limits: Limits{Depth: tc.depth}, Noise: tc.noise, Seed: 1})
		pv := make([]string, 0, len(r.PV))
		q := p.Clone()
		for _, m := range r.PV {
			pv = append(pv, q.MoveString(m))
			q.Make(m)
		}
		got = append(got, fmt.Sprintf("%s d%d n%d: %s score %d nodes %d pv %s",
			tc.variant, tc.depth, tc.noise, p.MoveString(r.Move), r.Score, r.Nodes, strings.Join(pv, " ")))
	}
	if *updateFingerprint {
		if err := os.WriteFile(fingerprintFile, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(fingerprintFile)
	if err != nil {
		t.Fatalf("%v (record it with -update)", err)
	}
	defer f.Close()
	var want []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		want = append(want, sc.Text())
	}
	if len(want) != len(got) {
		t.Fatalf("%s has %d lines, the test searches %d positions (rewrite it with -update)", fingerprintFile, len(want), len(got))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s\nwant %s\n got %s", fingerprintCases[i].fen, want[i], got[i])
		}
	}
}
