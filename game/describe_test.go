package game

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDescribe checks the words of each kind of move in every rule set, on
// positions from random games.
func TestDescribe(t *testing.T) {
	cases := []struct {
		variant, pos, move, want string
	}{
		{"chess", "startpos", "g1f3", "White knight g1 to f3"},
		{"chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "White pawn e5 takes the pawn en passant, to f6"},
		{"bedlam", "r2qkbnr/pbpppp2/np5p/6p1/8/N3PP2/PPPPN1PP/R1BQKB1R[] b - - 1 6", "b7a6", "Black bishop b7 to a6, merges with the knight: Paladin"},
		{"bedlam", "2rqkbnr/p1pppp2/Bp6/6pp/8/N1Q1PP2/PPPP2PP/R1BQK2R[A] w - - 0 9", "d1e2/b", "White bishop d1 to e2, splitting from the queen: the rook stays on d1"},
		{"bedlam", "2rq1onr/p2ppp2/Bpp5/6pp/2R5/N1B1PP2/PPPPB1PP/R1BRK2R[A] w - - 2 11", "A@b7", "White drops a Paladin on b7"},
		{"bedlam", "5bak/p3B1n1/3P3P/pnr2BQp/m1p3PP/NPP1P1rN/1PnKpR1N/RPBP1RR1[Bp] b - - 0 60", "e2f1n", "Black pawn e2 takes the rook on f1, becomes a knight"},
		{"bedlam", "4k3/8/8/3p4/8/8/8/3QK3[] w - - 0 1", "d1d5", "White queen d1 takes the pawn on d5, becomes a rook"},
		{"assimilation", "rr1bkb1r/p1p1pppB/Bpn1bn2/7P/3p4/P1P1P3/1P1P1PPR/RNBRK1N1 b Qkq - 1 12", "h8h7", "Black rook h8 takes the bishop on h7 and absorbs it: queen"},
		{"assimilation", "r2qkbr1/p1pbp2p/3p2pn/1p3p2/PP6/2P2NP1/3PPP1P/RNBQK2R w Kq f6 0 11", "e1g1", "White castles kingside"},
		{"bifold-halfgi", "startpos", "b1a3", "White unit of two horses b1 to a3"},
		{"bifold-halfgi", "1(rr)(bb)(qq)(wf)(bb)(hh)r/1ppppp1r/1H(hh)5/p5pp/3P4/H3PQ1(HH)/PPP1QPPP/RR(BB)FW(BB)1(RR)[] b - - 5 11", "h7h8", "Black halfling rook h7 to h8, joins the halfling rook"},
		{"bifold-halfgi", "1(rr)1(qq)(wf)(bb)2/2pHp(rr)2/hpQ(Qh)Pp2/p4(hh)1p/1h1P2pP/H3P2(bb)/PPh2PPP/RR(BB)FW(BB)1(RR)[] b - - 4 27", "h3g2/b", "Black halfling bishop h3 takes the pawn on g2, leaving the halfling bishop on h3"},
		{"bifold-halfgi", "1r1r(wf)(bb)2/1(qq)1pp3/p1p(hh)1(hh)p1/1p3Brr/B3WP1p/PPHPPQPH/R1P1F2P/RH(BB)Q1(BB)H(RR)[P] b - - 0 29", "d6f5/h", "Black horse d6 to f5, leaving the horse on d6, shares the square with White's halfling bishop"},
		{"bifold-halfgi-pawns", "r2(qq)(wf)(bb)1(rr)/(rd)1(ld)Dld1l/(bb)1(hh)d1(hh)1d/l(Hl)2dQ(ld)D/3(Dl)4/(HD)1DLDl(LD)1/L(LD)1(BL)L(LD)1L/(RR)1BQ(WF)(BB)(HH)(RR)[] w KQk - 0 16", "d7e8xfh", "White right pawn d7 takes the ferz on e8, becomes a horse"},
		{"bifold-halfgi-weak", "(rr)(hh)(bb)(qq)(wf)(bb)1(rr)/1(vv)1(vv)(vv)(vv)(vv)(vv)/v1v2(hh)2/v1v5/1(VV)(VV)5/V5(VV)H/V2(VV)(VV)(VV)1(VV)/(RR)(HH)(BB)(QQ)(WF)(BB)H(RR)[] w KQkq - 0 6", "b4a5", "White unit of two weak pawns b4 takes the weak pawn on a5"},
	}
	for _, c := range cases {
		v, err := VariantByID(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Parse(v, c.pos)
		if err != nil {
			t.Fatalf("%s %q: %v", c.variant, c.pos, err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.variant, c.move, err)
		}
		before := p.String()
		if got := p.Describe(m); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.variant, c.move, got, c.want)
		}
		if p.String() != before {
			t.Errorf("%s %s: Describe changed the position", c.variant, c.move)
		}
	}
}

func TestCheckAndResultWords(t *testing.T) {
	v, _ := VariantByID("chess")
	p, _ := Parse(v, "startpos")
	for _, s := range []string{"f2f3", "e7e5", "g2g4"} {
		m, _ := p.ParseMove(s)
		p.Make(m)
	}
	if w := p.CheckWords(); w != "" {
		t.Errorf("before the mate: %q", w)
	}
	m, _ := p.ParseMove("d8h4")
	p.Make(m)
	if w := p.CheckWords(); w != "checkmate" {
		t.Errorf("fool's mate: %q", w)
	}
	r, why := p.Outcome()
	if w := ResultWords(r, why); w != "Black wins by checkmate" {
		t.Errorf("result %q", w)
	}
	p, _ = Parse(v, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	m, _ = p.ParseMove("h1h8")
	p.Make(m)
	if w := p.CheckWords(); w != "check" {
		t.Errorf("rook check: %q", w)
	}
	for _, c := range []struct{ r, why, want string }{
		{Draw, "stalemate", "Draw by stalemate"},
		{WhiteWins, "both royals captured", "White wins: both royals captured"},
		{Draw, "50-move rule", "Draw by the 50-move rule"},
		{Draw, "threefold repetition", "Draw by threefold repetition"},
		{Draw, "no legal move", "Draw: no legal move"},
		{Ongoing, "", ""},
	} {
		if got := ResultWords(c.r, c.why); got != c.want {
			t.Errorf("ResultWords(%q, %q) = %q, want %q", c.r, c.why, got, c.want)
		}
	}
}

// TestDescribeEveryMove describes every legal move along random games of
// each rule set: a sentence about the side to move, naming no unknown piece.
func TestDescribeEveryMove(t *testing.T) {
	for _, v := range Variants() {
		r := rand.New(rand.NewPCG(3, uint64(len(v.ID))))
		for g := 0; g < 6; g++ {
			p, _ := Parse(v, "startpos")
			for ply := 0; ply < 80; ply++ {
				if res, _ := p.Outcome(); res != Ongoing {
					break
				}
				moves := p.LegalMoves()
				side := colorName(p.Turn()) + " "
				for _, m := range moves {
					d := p.Describe(m)
					if !strings.HasPrefix(d, side) || strings.Contains(d, "?") || strings.Contains(d, "  ") {
						t.Fatalf("%s %s %s: %q", v.ID, p, p.MoveString(m), d)
					}
				}
				p.Make(moves[r.IntN(len(moves))])
			}
		}
	}
}
