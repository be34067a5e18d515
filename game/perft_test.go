package game

import (
	"fmt"
	"testing"
)

// perftCase pins a perft count. The chess numbers are the published ones;
// the variant numbers were checked by hand reasoning where small (see
// docs/RULES.md) and by the per-rule tests.
type perftCase struct {
	variant, fen string
	depth        int
	nodes        uint64
}

var perftCases = []perftCase{
	{"chess", "startpos", 5, 4865609},
	{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
	{"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
	{"chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
	{"chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
	{"bedlam", "startpos", 1, 23},
	{"bedlam", "startpos", 2, 529},
	{"bedlam", "startpos", 3, 13812},
	{"assimilation", "startpos", 2, 400},
	{"assimilation", "startpos", 3, 9240}, // chess 8902 + 338 Queen splits at ply 3
	{"bifold-halfgi", "startpos", 1, 20},
	{"bifold-halfgi", "startpos", 2, 400},
	{"bifold-halfgi", "startpos", 3, 10162},
	{"bifold-halfgi-pawns", "startpos", 1, 52},
	{"bifold-halfgi-pawns", "startpos", 2, 2704},
	{"bifold-halfgi-pawns", "startpos", 3, 140020},
	{"bifold-halfgi-weak", "startpos", 1, 36},
	{"bifold-halfgi-weak", "startpos", 2, 1296},
	{"bifold-halfgi-weak", "startpos", 3, 49528},
}

func TestPerft(t *testing.T) {
	cases := append(append([]perftCase(nil), perftCases...), midgamePerft...)
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%d/%s", c.variant, c.depth, c.fen), func(t *testing.T) {
			if testing.Short() && c.nodes > 1000000 {
				t.Skip("large perft in -short mode")
			}
			p := mustParse(t, c.variant, c.fen)
			if got := Perft(p, c.depth); got != c.nodes {
				t.Errorf("perft %d = %d, want %d", c.depth, got, c.nodes)
			}
		})
	}
}

// Mid-game positions with hands, compounds, stacks and mixed squares.
var midgamePositions = map[string]string{
	"bedlam":              "r1b1k2r/ppp2ppp/2M5/3pP3/1b1Pn3/2N2A2/PPP2PPP/R3KB1R[QNpb] w - - 0 9",
	"assimilation":        "r3k2r/ppp2ppp/2M5/3pP3/1a1Pn3/2N5/PPP2PPP/R3K2R b KQkq - 0 9",
	"bifold-halfgi":       "(rr)(hh)1(qq)(wf)(bb)1(rr)/ppp2ppp/3(bH)4/3pP1h1/4(QB)3/2(HH)5/PPP2PPP/(RR)3(WF)(BB)1(RR)[Pbp] w KQkq - 0 9",
	"bifold-halfgi-pawns": "(rr)(hh)(bb)(qq)(wf)(bb)(hh)(rr)/(ld)(ld)l(ld)1(ld)(ld)(ld)/3d4/2(Lq)1(LD)3/4D3/2(HH)5/(LD)(LD)(LD)1(LD)(LD)(LD)1/(RR)1(BB)(QQ)(WF)(BB)(HH)(RR)[d] w KQkq - 0 7",
	"bifold-halfgi-weak":  "(rr)(hh)(bb)(qq)(wf)(bb)(hh)(rr)/(vv)(vv)v(vv)1(vv)(vv)(vv)/3v4/2(Vq)1(VV)3/4V3/2(HH)5/(VV)(VV)(VV)1(VV)(VV)(VV)1/(RR)1(BB)(QQ)(WF)(BB)(HH)(RR)[v] w KQkq - 0 7",
}

var midgamePerft []perftCase

func init() {
	for _, id := range []string{"bedlam", "assimilation", "bifold-halfgi", "bifold-halfgi-pawns", "bifold-halfgi-weak"} {
		for d := 1; d <= 3; d++ {
			midgamePerft = append(midgamePerft, perftCase{id, midgamePositions[id], d, midgameCounts[id][d-1]})
		}
	}
}

var midgameCounts = map[string][3]uint64{
	"bedlam":              {139, 14379, 1703015},
	"assimilation":        {47, 2123, 78801},
	"bifold-halfgi":       {113, 12638, 1228382},
	"bifold-halfgi-pawns": {75, 7330, 562052},
	"bifold-halfgi-weak":  {64, 5544, 365584},
}
