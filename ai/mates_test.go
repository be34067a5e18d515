package ai

import (
	"slices"
	"testing"

	"chimera/game"
)

// mateSuite holds positions with a forced mate (or, in Bifold Halfgi, the
// capture of the last royal) for the side to move, in 1 or 2 moves, found
// by mategen_test.go and checked here. typ is the kind of the mating (first)
// move the generator saw: drop, fusion, split, metamorphosis, assimilation,
// promotion, capture or quiet. The comment gives that move.
var mateSuite = []struct {
	variant, fen string
	mate         int
	typ          string
}{
	{"bedlam", "2bqk1r1/P1ppppPP/pm5R/1p6/P5P1/2N5/1PPPPP2/R1BQKBN1[BN] w - - 1 11", 1, "promotion"},                                                                                                           // h7g8r
	{"bedlam", "rnbqkb1r/pp1ppp1p/8/1Np2b2/2P4p/P2M4/1P1PP1P1/R1BDnrr1[bp] b - - 5 14", 1, "drop"},                                                                                                             // B@c2
	{"bedlam", "7R/p1ppbp2/2nb1k2/4pNpp/8/8/P1PPPPPP/RN1QKBQR[QRRBP] w - - 2 13", 2, "metamorphosis"},                                                                                                          // f5h6q
	{"bedlam", "7R/p1ppbp2/2nb3Q/4pkpp/8/8/P1PPPPPP/RN1QKBQR[QRRBP] w - - 4 14", 1, "drop"},                                                                                                                    // Q@f3
	{"bedlam", "r2qkbnr/ppp1pppp/8/1q1p4/q2P1P2/1b6/PO1pP1PP/1R3BNR[qp] b - - 1 13", 2, "metamorphosis"},                                                                                                       // b3c2a
	{"bedlam", "r2qkbnr/ppp1pppp/8/1q1p4/q2P1P2/2K5/PBapP1PP/1R3BNR[qp] b - - 3 14", 1, "quiet"},                                                                                                               // c2e4
	{"bedlam", "rnbqkb1r/1pp1pppp/8/3p4/1KPP3P/P3p3/PBb1P1P1/RN1r3n[rbnp] b - - 0 16", 2, "quiet"},                                                                                                             // b8c6
	{"bedlam", "r1bqkb1r/1pp1pppp/2n5/2Kp4/2PP3P/P3p3/PBb1P1P1/RN1r3n[rbnp] b - - 2 17", 1, "metamorphosis"},                                                                                                   // c6a5q
	{"bedlam", "1rb2Rn1/ppprpBBp/n3b1p1/3pPk2/1P6/P6P/2PP1PP1/1N1QKBNR[P] w - - 1 14", 1, "quiet"},                                                                                                             // d1g4
	{"bedlam", "r1bqkbqr/1pp1ppp1/2np4/pN6/7P/P7/1PPPpPK1/R1Bn4[qmbp] b - h3 0 12", 2, "drop"},                                                                                                                 // Q@h3
	{"bedlam", "r1bqkbqr/1pp1ppp1/2np4/pN6/7P/P6q/1PPPpP2/R1Bn2K1[mbp] b - - 2 13", 1, "promotion"},                                                                                                            // e2e1r
	{"bedlam", "rnbqkb1r/1ppppppp/8/p7/5Pn1/1P1P4/P1PKPn1P/RNB5[Rqq] b - - 2 9", 2, "drop"},                                                                                                                    // Q@e3
	{"bedlam", "r1bqkbn1/1ppnppp1/8/p2p3r/8/N6P/PPPPPP1P/1RBQO1Nr[r] b - - 1 8", 1, "capture"},                                                                                                                 // h1g1
	{"bedlam", "1rb1R3/pp1ppk2/2p3R1/5p1P/P1P5/3P2pQ/1P1P1P1P/RNBQKB1R[RRBN] w - - 1 18", 1, "metamorphosis"},                                                                                                  // e8h8m
	{"bedlam", "1r2Qb1r/ppp1p2p/4Appe/3p4/P1P5/5N2/1P1NPPPP/R1BQKQ2[BN] w - - 2 13", 2, "fusion"},                                                                                                              // c1d2
	{"bedlam", "rnbqk2r/ppppppbp/8/8/4nN2/1PPP4/P4pPP/RNBrPO1R[q] b - - 0 9", 1, "capture"},                                                                                                                    // d1e1
	{"bedlam", "2br1bnr/pmpp2pp/1p3p2/1Pk4B/Pb2R3/B7/2PPPPPP/RN1QKB1R[P] w - - 8 10", 2, "capture"},                                                                                                            // a3b4
	{"bedlam", "r1bk1b1R/1p2R3/p1pp1P1n/R3p3/B1PP2q1/5NP1/1P1NP1P1/2BRKQ2[NPPp] w - - 2 19", 2, "capture"},                                                                                                     // h8f8
	{"bedlam", "r1bqkbnr/3n1ppp/1p6/2pp4/p4p2/P1P2OP1/1P1PP2P/RNB3r1[qm] b - - 1 12", 2, "quiet"},                                                                                                              // d7e5
	{"bedlam", "R4N1R/4pkp1/1A1pb1rp/pN3p2/5p2/3B4/PPPQ1PPP/R2Q1KNR[QRRNN] w - - 2 26", 1, "fusion"},                                                                                                           // a8f8
	{"assimilation", "2Qnkbnr/p2p3p/1p3p2/4N3/2P4P/3P4/PP2PPP1/RN1QKB1R w KQk - 0 11", 1, "capture"},                                                                                                           // c8d7
	{"assimilation", "rn2kbnr/p3pp1p/2p5/1p5p/1PpP4/4K2P/PB3P2/RN1q2q1 b kq d3 0 14", 2, "quiet"},                                                                                                              // d1d3
	{"assimilation", "rn2kbnr/p3pp1p/2p5/1p5p/1PpP1K2/3q3P/PB3P2/RN4q1 b kq - 2 15", 1, "split"},                                                                                                               // g1h2/b
	{"assimilation", "rnbqkbnr/ppppp1p1/7p/5p2/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3", 2, "quiet"},                                                                                                            // d1h5
	{"assimilation", "rnbqkbnr/ppppp3/6pp/5p1Q/4P3/2N5/PPPP1PPP/R1B1KBNR w KQkq - 0 4", 1, "capture"},                                                                                                          // h5g6
	{"assimilation", "rnbqkbnr/ppBpp2p/8/8/3PaP1P/4K3/P1P5/R5m1 b kq - 3 15", 1, "quiet"},                                                                                                                      // g1g3
	{"assimilation", "2RQ4/rp2pk2/n5p1/p1pPb2B/6P1/8/PP1P1P1P/RNB1K1NR w KQ - 1 17", 1, "quiet"},                                                                                                               // d8f8
	{"assimilation", "5b1r/pA2p2p/3p2pk/5p2/3Q4/5N2/PPP1PPPP/R3KB1R w KQ - 7 17", 1, "split"},                                                                                                                  // d4h4/r
	{"assimilation", "2bqk1nr/3npp1p/2p5/1p1p2B1/r3P1P1/2PP2NP/2q2P2/2rBK2R b k - 0 20", 1, "assimilation"},                                                                                                    // c1d1
	{"assimilation", "r1br1b2/3pkpPp/1p1b1M2/pPp5/8/P2P1N2/3PP1PP/R1BQKB1R w KQ - 3 15", 1, "promotion"},                                                                                                       // g7g8n
	{"assimilation", "r2bkb2/pppbpppr/n7/3QN2p/4nP1P/8/PPPP2P1/RNBQK2R w KQq - 1 10", 1, "assimilation"},                                                                                                       // e5d7
	{"assimilation", "r1bqkb1r/ppp1pppp/7a/3P4/5P2/1p1K4/PP2P1PP/mN1R1BNR b kq - 1 9", 2, "capture"},                                                                                                           // d8d5
	{"assimilation", "3k3r/r1pbrp1p/ppP2M1P/4P3/1P2P3/1N3N2/1P3PP1/R1BQKB2 w Q - 1 17", 2, "capture"},                                                                                                          // c6d7
	{"assimilation", "r1b3kr/pp2Q2p/n1pP3b/5P1R/8/3P4/PPP1P3/RN1QKBN1 w Q - 3 14", 2, "assimilation"},                                                                                                          // h5h6
	{"assimilation", "1nk5/1M4pp/8/R1N5/1p6/8/1PP1PPPP/2B1KB1R w K - 1 20", 2, "split"},                                                                                                                        // b7d6/n
	{"assimilation", "r2b1b1R/pp1bkn1p/3Np3/2pp3Q/8/4P3/PPPP1P1P/RNB1K1NR w KQ - 0 12", 2, "assimilation"},                                                                                                     // h8f8
	{"bifold-halfgi", "r1b1(Rw)b1Q/r1pb4/2(hh)2(HH)1p/Pp2pp2/8/8/P1PPPPPP/(RR)1(BB)(QQ)(WF)(BB)(HH)(RR)[QQRBHHPP] w KQ - 0 13", 1, "capture"},                                                                  // f6e8/h
	{"bifold-halfgi", "(rr)1(bb)(qq)(wf)1(hh)(rr)/1ppp1pp1/4p3/p1(bb)4p/H(hh)2P3/P4(HH)P1/1P1PBP1P/1(RR)(BB)1(Fr)B1(RR)[qqh] b kq - 1 12", 2, "drop"},                                                          // Q@d1
	{"bifold-halfgi", "(rr)1(bb)(qq)(wf)1(hh)(rr)/1ppp(bb)1p1/4p1p1/p3P2p/H2P2P1/P4H1P/1P3P2/Rr2FB(hh)R[qqrrbbbhh] b kq - 0 20", 2, "capture"},                                                                 // g1f3
	{"bifold-halfgi", "(rr)1(bb)(qq)(wf)1(hh)(rr)/1ppp(bb)1p1/4p1p1/p3P2p/H2P2P1/P4(hh)1P/1P3P1R/Rr2FB2[qqrrbbbhhh] b kq - 1 21", 1, "capture"},                                                                // f3e1
	{"bifold-halfgi", "(rr)(hh)(bb)1(wq)(bb)1(Qr)/ppH1pPpp/3p4/7(hh)/3(HH)1p2/8/PPPPPPPP/(RR)1(BB)(QQ)(WF)(BB)1(RR)[RH] w KQ - 2 12", 1, "promotion"},                                                          // f7e8q
	{"bifold-halfgi", "(rr)(hh)(bb)Bf2r/pppp1p1p/6pP/4r3/1P6/P1(HH)5/2P1PP1P/(RR)1(BB)(QQ)(WF)(BB)(HH)(RR)[QQBBHHP] w KQ - 1 12", 2, "drop"},                                                                   // Q@d8
	{"bifold-halfgi", "1(Qh)b1(Hf)2(QQ)/3p(wb)3/rq1R4/4b3/6(QQ)1/8/PPPP1PPP/(RR)(HH)(BB)1(WF)(BB)(HH)(RR)[RRBHHPPPPPP] w KQ - 3 22", 2, "capture"},                                                             // h8e8/q
	{"bifold-halfgi", "r1(bb)H(HH)w(hh)(rr)/3p2P1/pq(hh)5/4H1p1/1p6/P7/P1PPPPPP/(RR)1(BB)(QQ)(WF)(BB)1(RR)[QRBBPPP] w KQ - 1 14", 1, "promotion"},                                                              // g7f8q
	{"bifold-halfgi", "(rr)1(bb)(qq)(wf)1(hh)(rr)/p1pp1pQp/4p3/4P2P/1(hh)6/p1H2qP1/P2P3R/4(Fb)(BB)b1[qrrrbbhhhppp] b kq - 0 18", 2, "quiet"},                                                                   // g1f2
	{"bifold-halfgi-pawns", "(Hr)(hh)(bb)(BB)4/3l(QQ)(ld)1l/(ld)2(hh)fl2/1(ld)1H4/1(LD)1(LD)3d/8/(LD)1(LD)1(WD)(LD)(LD)(LD)/(RR)2(QQ)F(BB)(HH)(RR)[QQRRRBBHLLDD] w - - 1 21", 1, "capture"},                    // e7e6
	{"bifold-halfgi-pawns", "(rr)1(bb)(qq)(wf)(bb)(hh)(rr)/1(ld)(ld)(ld)(ld)(ld)(ld)(ld)/L(ld)6/D7/8/2D2L2/1(LD)(Qh)D(LD)(LD)(LD)(LD)/(RR)(HH)(BB)1F(Bq)(HH)(RR)[bhl] b kq - 0 10", 2, "drop"},                 // B@e1
	{"bifold-halfgi-pawns", "2(bb)(qq)(wf)(bb)(hh)(rr)/1(ld)(ld)(ld)(ld)(ld)(ld)(ld)/(rr)(ld)6/D7/1D6/2D2L2/1L(Qh)D(LD)(LD)(LD)(LD)/(RR)(HH)(BB)1F(Bq)(HH)(RR)[bhll] b k b3 0 11", 2, "drop"},                  // B@e1
	{"bifold-halfgi-pawns", "2(bb)(qq)(wf)(bb)(hh)(rr)/1(ld)(ld)(ld)(ld)(ld)(ld)(ld)/8/8/1Q1D4/2(ld)1LL(LD)(HH)/1LhFD(LD)1(LD)/2(rr)2(Bq)1(RR)[rrbbbhhhllddd] b k - 1 18", 1, "capture"},                       // c3d2
	{"bifold-halfgi-pawns", "(rr)(hh)b(qq)(Bw)bh(rr)/1(bd)d(ld)d1l1/d(Ll)l1l(ld)(QD)1/1(LD)4d(ld)/7(LD)/2(HH)5/2(LD)1(LD)(LD)(LD)1/(RR)1(BB)(QB)(WF)(BB)(HH)(RR)[HLd] w KQ - 0 17", 2, "quiet"},                // g6f7/q
	{"bifold-halfgi-pawns", "(rr)(hh)b(qq)(Bw)bh(rr)/1(bd)1(ld)d1l1/d(Ll)(ld)1l(QD)2/1(LD)4d(ld)/7(LD)/2(HH)5/2(LD)1(LD)(LD)(LD)1/(RR)1(BB)(QB)(WF)(BB)(HH)(RR)[HLLDd] w KQ - 0 18", 2, "quiet"},               // f6f7/q
	{"bifold-halfgi-pawns", "(rr)(hh)b(qq)(Bw)bh(rr)/1(bd)1(ld)dLl1/d(Ll)(ld)1l(QD)2/1(LD)4d(ld)/7(LD)/2(HH)3d1/2(LD)1(LD)(LD)(LD)1/(RR)1(BB)(QB)(WF)(BB)(HH)(RR)[HLD] w KQ - 0 19", 1, "promotion"},           // f7e8q
	{"bifold-halfgi-pawns", "Qr(bb)(qq)(Bf)(rb)1r/1l(Hd)(Dl)h1(bd)d/4(RR)1l1/l2H(ld)(LD)2/7l/8/1(LD)(LD)1(LD)(LD)(LD)(LD)/2(BB)(QQ)(WF)(BB)(HH)(RR)[RHHHLDDDD] w K a6 0 19", 1, "promotion"},                   // d7e8q
	{"bifold-halfgi-pawns", "2(rr)(qq)(wf)(bb)(hh)(rr)/1(ld)(ld)1(ld)(ld)(ld)1/H2(ld)4/7(ld)/1d3LD1/D1L(Db)1D1D/L(Ll)1(HH)D1LL/(hh)B(Bq)1W(BB)RR[qqrrbhlld] b k - 1 21", 2, "promotion"},                       // b2c1q
	{"bifold-halfgi-pawns", "(rr)(hh)(bb)(HL)fw1(QR)/dd1(ld)3(ld)/l1(ld)bd(LD)2/1l3h2/8/8/(LD)(LD)(LD)(LD)(LD)(LD)(LD)1/(RR)(HH)(BB)(QQ)(WF)(BB)(HH)(RR)[QQRBLLD] w KQ - 1 13", 2, "capture"},                  // h8f8
	{"bifold-halfgi-pawns", "(rr)(hh)(bb)(qq)w(bb)(hh)(rr)/2(Hd)(ld)lf(ld)(ld)/(ld)4d2/1(ld)1H1(LD)1(QQ)/4d2(LD)/8/(LD)(LD)(LD)(LD)1(LD)(LD)1/(RR)1(BB)1(WF)(BB)(HH)(RR)[LL] w KQ b6 0 8", 2, "capture"},       // h5f7
	{"bifold-halfgi-weak", "(rr)(hh)(bb)1(wf)1(QQ)1/(vv)v(vv)v(qq)2(vv)/1v2(vv)1(vv)1/1(VV)1v1(vv)1(VV)/(VV)7/2(HH)1(VV)3/2(VV)1(VV)(VV)(VV)1/(RR)1(BB)1(WF)(BB)(HH)(RR)[RRBBHH] w KQq d6 0 11", 1, "capture"}, // g8e8
	{"bifold-halfgi-weak", "(rr)1(bb)(qq)(wf)(bb)(hh)(rr)/(vv)(vv)(vv)(vv)(vv)(vv)(vv)(vv)/3H4/8/V1(VV)2VV(VV)/1V6/V(Vv)(hh)(BB)(VV)VV1/(RR)(HH)1(Qq)F(BB)(HH)(RR)[] b kq - 2 10", 1, "capture"},               // c2e1
	{"bifold-halfgi-weak", "r1H1(Qw)b1(rr)/(rv)v1(HV)V1v1/5v1v/vv(vv)(BH)2v1/5(vv)1v/(VV)7/1(VV)(VV)(VV)(VV)1(VV)(VV)/(RR)1(BB)(QQ)(WF)(BB)(HH)(RR)[QQBBHHHVV] w KQ - 0 21", 1, "promotion"},                   // d7e8/vq
	{"bifold-halfgi-weak", "2b1(Qw)(bb)1r/(RR)2(Vv)(vv)v1(vv)/2(HH)v2r1/1v3v(vv)v/2(VV)3(Vh)1/8/2(VV)(VV)(VV)(VV)(VV)1/1(HH)(BB)(QQ)(WF)(BB)(HH)(RR)[QRRBHVVVVVV] w K - 1 21", 1, "promotion"},                 // d7e8q
	{"bifold-halfgi-weak", "(rr)1(bb)(qq)(wf)(bb)(hh)(rr)/(vv)(vv)1(vv)(vv)(vv)(vv)(vv)/1(vv)6/8/Vh6/3(VV)2V1/VVV1(VV)(VV)V(VV)/(RR)(Hb)1Q(Wh)(BB)(HH)(RR)[Hqbbh] b kq - 1 10", 2, "drop"},                     // Q@d2
	{"bifold-halfgi-weak", "(rr)(hh)(bb)(qq)(Qw)bQ1/v1v(vv)v3/v(vv)2v(vv)2/2v4(RR)/(VV)5v1/2(VV)5/1(VV)1(VV)(VV)(VV)(VV)1/(RR)(HH)(BB)(QQ)(WF)(BB)(HH)1[RRBHHVVV] w Q c6 0 11", 2, "drop"},                     // V@f7
	{"bifold-halfgi-weak", "(rr)1(bb)(qq)(wf)(bb)(hh)(rr)/(vv)(vv)(vv)(vv)(vv)(vv)1(vv)/2(hh)5/8/(VV)6V/1V4(vv)V/1V(VV)(VV)(VV)VV1/(RR)(HH)(BB)(QQ)W(BB)(Hh)(RR)[hv] b kq a3 0 8", 2, "capture"},               // g3f2
	{"bifold-halfgi-weak", "(rr)(hh)(bb)1(wf)1(hh)(rr)/(vv)(vv)(vv)(vv)1(vv)(vv)(vv)/4(vv)3/8/V(bb)V3(VV)1/(BB)3(VV)(HV)2/V1V(VV)1V1(VV)/1(qq)1Q(Fq)(BB)H(RR)[qrrhhv] b kq - 0 9", 2, "capture"},               // b1d1
	{"bifold-halfgi-weak", "(rr)(hh)(bb)(BB)w(Rb)2/v3V2v/1Vv(vv)(vv)2v/v2H1(vv)(vv)1/8/v2(VV)4/(VV)1(VV)1(VV)(VV)(VV)(VV)/(RR)(HH)1(QQ)(WF)(BB)(HH)(RR)[QQRRBHV] w KQ f6 0 18", 2, "promotion"},                // e7e8q
	{"bifold-halfgi-weak", "1(rr)1(qq)(wf)(bb)(hh)(rr)/(vv)1(vv)1(vv)(vv)(vv)(vv)/8/1(vv)6/v3Q1(bb)(HV)/(VV)2VH3/1(VV)(VV)B(vv)(VV)1V/(RR)(HH)B1F(Bh)1(qq)[qrrbhhv] b k - 1 19", 2, "promotion"},               // e2f1/vq
}

// TestMateSuite checks that a fixed-depth search finds every mate of the
// suite, and that a mate in 1 really ends the game.
func TestMateSuite(t *testing.T) { checkMateSuite(t) }

// TestMateSuiteOffSwitches runs the suite with tuning's switches that
// most rule sets leave off (sing, seep: on in chess only; caph: off
// everywhere) turned on everywhere, so that the code behind them is tested
// in every rule set.
func TestMateSuiteOffSwitches(t *testing.T) {
	withSwitches(t, func(tn *tuning) { tn.sing, tn.seep, tn.caph = true, true, true })
	checkMateSuite(t)
}

// TestOffSwitchesSearch searches the fingerprint's mid-game cases with
// each switch that most rule sets leave off turned on everywhere: the
// switch must change some search (its code is reached), every line must be
// legal, a second search the same, and no ply left with an excluded move.
func TestOffSwitchesSearch(t *testing.T) {
	switches := []struct {
		name string
		set  func(*tuning)
	}{
		{"sing", func(tn *tuning) { tn.sing = true }},
		{"seep", func(tn *tuning) { tn.seep = true }},
		{"caph", func(tn *tuning) { tn.caph = true }},
	}
	search := func(variant, fen string, depth int) (Result, *Engine) {
		p := mustParse(t, variant, fen)
		e := NewEngine(16)
		return e.Search(p, Config{Limits: Limits{Depth: depth}}), e
	}
	cases := fingerprintCases[:7]
	off := make([]uint64, len(cases))
	for i, tc := range cases {
		r, _ := search(tc.variant, tc.fen, tc.depth)
		off[i] = r.Nodes
	}
	for _, sw := range switches {
		t.Run(sw.name, func(t *testing.T) {
			withSwitches(t, sw.set)
			changed := 0
			for i, tc := range cases {
				r, e := search(tc.variant, tc.fen, tc.depth)
				if r.Nodes != off[i] {
					changed++
				}
				q := mustParse(t, tc.variant, tc.fen)
				for _, m := range r.PV {
					if !slices.Contains(q.LegalMoves(), m) {
						t.Fatalf("%s %s: illegal move %v in the PV %v", tc.variant, tc.fen, m, r.PV)
					}
					q.Make(m)
				}
				for ply, m := range e.s.excluded {
					if m != game.NoMove {
						t.Fatalf("%s %s: ply %d keeps the excluded move %v", tc.variant, tc.fen, ply, m)
					}
				}
				if again, _ := search(tc.variant, tc.fen, tc.depth); again.Nodes != r.Nodes || again.Move != r.Move {
					t.Fatalf("%s %s: searched twice: %d nodes and %v, then %d and %v", tc.variant, tc.fen, r.Nodes, r.Move, again.Nodes, again.Move)
				}
			}
			if changed == 0 {
				t.Fatalf("%s changes none of the %d searches", sw.name, len(cases))
			}
		})
	}
}

// withSwitches changes every rule set's tuning (those without one too) by
// set until the test ends.
func withSwitches(t *testing.T, set func(*tuning)) {
	saved := tunings
	t.Cleanup(func() { tunings = saved })
	tunings = map[string]tuning{}
	for _, v := range game.AllVariants() {
		tn := saved[v.ID]
		set(&tn)
		tunings[v.ID] = tn
	}
}

// checkMateSuite is TestMateSuite's check, on the tunings in force.
func checkMateSuite(t *testing.T) {
	e := NewEngine(4)
	for _, tc := range mateSuite {
		t.Run(tc.variant+"/"+tc.typ, func(t *testing.T) {
			p := mustParse(t, tc.variant, tc.fen)
			e.Clear()
			r := e.Search(p, Config{Limits: Limits{Depth: 2*tc.mate + 1}})
			if r.Mate <= 0 || r.Mate > tc.mate {
				t.Fatalf("%s: want mate in %d, got score %d mate %d move %s", tc.fen, tc.mate, r.Score, r.Mate, p.MoveString(r.Move))
			}
			q := p.Clone()
			mover := q.Turn()
			for _, m := range r.PV {
				q.Make(m)
			}
			if len(r.PV) == 2*r.Mate-1 {
				res, why := q.Outcome()
				want := game.WhiteWins
				if mover == game.Black {
					want = game.BlackWins
				}
				if res != want {
					t.Fatalf("%s: PV %v ends in %q (%s), want %s", tc.fen, r.PV, res, why, want)
				}
			} else if r.Mate == 1 {
				t.Fatalf("%s: mate in 1 with PV of %d moves", tc.fen, len(r.PV))
			}
		})
	}
}
