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

// TestParseChecks has a position refused by each check of RULES.md
// section 7 in every rule set it applies to, and one just inside the bound
// that is accepted; the refusal names the check and the reason.
func TestParseChecks(t *testing.T) {
	cases := []struct {
		variant, fen string
		check        string // "" when the position is accepted
		why          string
	}{
		// 7.1 syntax
		{"chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", CheckSyntax, "too many fields"},
		{"bedlam", "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1", CheckSyntax, "unknown piece letter"},
		// 7.2 squares
		{"bedlam", "4k3/8/8/8/8/8/8/(RN)3K3[] w - - 0 1", CheckSquares, "no stacked squares"},
		{"bifold-halfgi", "7w/8/8/8/8/8/8/(PR)6W[] w - - 0 1", CheckSquares, "only bifold pieces can share"},
		{"bifold-halfgi", "7w/8/8/8/8/8/8/(RRR)6W[] w - - 0 1", CheckSquares, "one or two pieces, not 3"},
		// 7.3 royals
		{"chess", "4k3/8/8/8/8/8/8/8 w - - 0 1", CheckRoyals, "White must have exactly one royal piece, has 0"},
		{"bedlam", "4k3/8/8/8/8/8/8/O3K3[] w - - 0 1", CheckRoyals, "has 2"},
		{"bifold-halfgi", "7w/8/8/8/8/8/8/(WW)6F[] w - - 0 1", CheckRoyals, "more than one Wazir"},
		{"bifold-halfgi", "8/8/8/8/8/8/8/8[] w - - 0 1", CheckRoyals, "Black, not to move, has no royal"}, // the case
		{"bifold-halfgi", "8/8/8/8/8/8/8/R6W[] w - - 0 1", CheckRoyals, "Black, not to move, has no royal"},
		{"bifold-halfgi", "8/8/8/8/8/8/8/R6W[] b - - 0 1", "", ""}, // Black lost its last royal: a finished game
		// 7.4 pawn ranks
		{"chess", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", CheckPawnRanks, "last rank"},
		{"assimilation", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", CheckPawnRanks, "first rank"},
		{"bedlam", "4k3/8/8/8/8/8/8/P3K3[] w - - 0 1", "", ""}, // dropped there
		{"bifold-halfgi", "P3w3/8/8/8/8/8/8/4W3[] w - - 0 1", CheckPawnRanks, "last rank"},
		{"bifold-halfgi-pawns", "L3w3/8/8/8/8/8/8/4W3[] w - - 0 1", "", ""}, // stranded (rule 3a)
		// 7.5 check
		{"bedlam", "4k3/8/8/8/8/8/4R3/4K3[] w - - 0 1", CheckCheck, "not to move is in check"},
		{"assimilation", "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", CheckCheck, "not to move is in check"},
		// 7.6 hands
		{"assimilation", "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1", CheckHands, "no pieces in hand"},
		{"bedlam", "4k3/8/8/8/8/8/8/4K3[O] w - - 0 1", CheckHands, "Pope (O) cannot be in hand"},
		{"bifold-halfgi", "4w3/8/8/8/8/8/8/4W3[F] w - - 0 1", CheckHands, "Ferz (F) cannot be in hand"},
		// 7.7 counts
		{"chess", "4k3/8/8/8/8/8/PPPPPPPP/4K1NN w - - 0 1", "", ""},
		{"chess", "4k3/8/8/8/8/8/PPPPPPPP/3NK1NN w - - 0 1", CheckCounts, "White has 1 pieces more"},
		{"chess", "4k3/8/8/8/8/8/PPPPPPP1/3NK1NN w - - 0 1", "", ""}, // a pawn promoted
		{"chess", "4k3/8/8/8/8/PPPPPPPP/P7/4K3 w - - 0 1", CheckCounts, "White has 9 Pawns"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/QQQQQQQQ/RNBQKBNR w KQkq - 0 1", "", ""}, // eight pawns became Queens
		{"chess", "rnbqkbnr/pppppppp/8/8/8/3N4/QQQQQQQQ/RNBQKBNR w KQkq - 0 1", CheckCounts, "33 pieces"},
		{"assimilation", "7k/8/8/8/8/8/8/MMMMMMAK w - - 0 1", "", ""}, // 15 units and 1
		{"assimilation", "rnbqkbnr/pppppppp/8/8/3M4/8/PPPPPPPP/RNBQKBNR w - - 0 1", CheckCounts, "36 units of material"},
		{"bedlam", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[P] w - - 0 1", CheckCounts, "17 Pawns on the board and in hand"},
		{"bedlam", "4k3/8/8/8/8/8/8/4K3[QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ] w - - 0 1", "", ""}, // metamorphosis makes material
		{"bifold-halfgi", "4(wf)3/pppppppp/8/8/8/8/PPPPPPPP/4(WF)3[QQQQ] w - - 0 1", "", ""},
		{"bifold-halfgi", "4(wf)3/pppppppp/8/8/8/8/PPPPPPPP/4(WF)3[QQQQQ] w - - 0 1", CheckCounts, "1 pieces more"},
		{"bifold-halfgi", "4(wf)3/pppppppp/8/8/8/8/PPPPPPP1/4(WF)3[QQQQQ] w - - 0 1", "", ""},
		{"bifold-halfgi", "4(wf)3/8/8/8/8/8/8/4(WF)3[WW] w - - 0 1", CheckHands, "Wazir (W) cannot be in hand"},
		{"bifold-halfgi-weak", "4(wf)3/(vv)(vv)(vv)(vv)(vv)(vv)(vv)(vv)/8/8/8/8/(VV)(VV)(VV)(VV)(VV)(VV)(VV)(VV)/4(WF)3[v] w - - 0 1", CheckCounts, "33 Weak Pawns"},
		// 7.8 rights and clocks
		{"bedlam", "4k3/8/8/8/8/8/8/4K2R[] w K - 0 1", CheckRights, "no castling"},
		{"chess", "4k3/8/8/8/8/8/8/4K3 w - e3 0 1", CheckRights, "no double step"},
		{"chess", "4k3/8/8/8/8/8/8/4K3 w - - 100001 1", CheckRights, "halfmove clock"},
	}
	for _, c := range cases {
		v, _ := VariantByID(c.variant)
		p, err := Parse(v, c.fen)
		if c.check == "" {
			if err != nil {
				t.Errorf("%s %q: %v", c.variant, c.fen, err)
			} else if q, err := Parse(v, p.String()); err != nil || q.String() != p.String() {
				t.Errorf("%s %q: round trip %v", c.variant, c.fen, err)
			}
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s %q: want a ParseError, got %v", c.variant, c.fen, err)
			continue
		}
		if pe.Check != c.check || !strings.Contains(pe.Why, c.why) || !strings.Contains(pe.Error(), "("+c.check+", RULES.md 7.") {
			t.Errorf("%s %q: %v; want check %q saying %q", c.variant, c.fen, err, c.check, c.why)
		}
	}
}

// TestOutcomeNoRoyals: the position (Bifold, no royals on either
// side) opened as "Black wins: both royals captured"; it is refused now,
// and the reachable one (the side to move has lost its last royal) is a
// win for the other side.
func TestOutcomeNoRoyals(t *testing.T) {
	v, _ := VariantByID("bifold-halfgi")
	if _, err := Parse(v, "8/8/8/8/8/8/8/8[] w - - 0 1"); err == nil {
		t.Error("a Bifold position without royals parsed")
	}
	p := mustParse(t, "bifold-halfgi", "8/8/8/8/8/8/8/R6W[] b - - 0 1")
	if r, why := p.Outcome(); r != WhiteWins || why != "both royals captured" {
		t.Errorf("outcome %s %s", r, why)
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
