package game

import (
	"strings"
	"testing"
)

// TestSetupPut: a piece put on a square combines the way the game holds
// pieces (the compounds of the kinds table, bifold pairs), or is refused
// with words; taking a part away leaves the other.
func TestSetupPut(t *testing.T) {
	for _, c := range []struct {
		variant, fen, sq, put string
		want                  string // the square's pieces after, or "!" + words of the refusal
	}{
		{"bedlam", "8/8/8/8/8/8/8/8", "e4", "N", "N"},
		{"bedlam", "8/8/8/8/4R3/8/8/8", "e4", "N", "M"},
		{"bedlam", "8/8/8/8/4B3/8/8/8", "e4", "N", "A"},
		{"bedlam", "8/8/8/8/4R3/8/8/8", "e4", "B", "Q"},
		{"bedlam", "8/8/8/8/4K3/8/8/8", "e4", "B", "O"},
		{"assimilation", "8/8/8/8/4k3/8/8/8", "e4", "r", "d"},
		{"assimilation", "8/8/8/8/4K3/8/8/8", "e4", "N", "E"},
		{"bedlam", "8/8/8/8/4N3/8/8/8", "e4", "N", "!make no compound"},
		{"bedlam", "8/8/8/8/4Q3/8/8/8", "e4", "R", "!make no compound"},
		{"bedlam", "8/8/8/8/4P3/8/8/8", "e4", "N", "!make no compound"},
		{"bedlam", "8/8/8/8/4r3/8/8/8", "e4", "N", "!both sides"},
		{"bifold-halfgi", "8/8/8/8/4R3/8/8/8", "e4", "R", "RR"},
		{"bifold-halfgi", "8/8/8/8/4R3/8/8/8", "e4", "w", "Rw"},
		{"bifold-halfgi", "8/8/8/8/4F3/8/8/8", "e4", "W", "WF"},
		{"bifold-halfgi", "8/8/8/8/4(RR)3/8/8/8", "e4", "B", "!already holds two"},
		{"bifold-halfgi", "8/8/8/8/4R3/8/8/8", "e4", "P", "!full size"},
		{"bifold-halfgi", "8/8/8/8/4P3/8/8/8", "e4", "R", "!full size"},
		{"bifold-halfgi-pawns", "8/8/8/8/4L3/8/8/8", "e4", "D", "LD"},
		{"bifold-halfgi-weak", "8/8/8/8/4V3/8/8/8", "e4", "V", "VV"},
		{"bifold-halfgi", "8/8/8/8/8/8/8/8", "e4", "L", "!not a piece of"},
		{"bedlam", "8/8/8/8/8/8/8/8", "e4", "W", "!"},
	} {
		v, _ := VariantByID(c.variant)
		s, err := ParseSetup(v, c.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", c.variant, c.fen, err)
		}
		sq, _ := ParseSquare(c.sq)
		x := v.PieceOf(c.put[0])
		if x == NoPiece && !strings.HasPrefix(c.want, "!") {
			t.Fatalf("%s: no piece %s", c.variant, c.put)
		}
		if x == NoPiece {
			continue // a letter the game does not have: no piece to put
		}
		cell, err := s.Put(sq, x)
		got := ""
		if err != nil {
			got = "!" + err.Error()
		} else {
			for _, p := range cell {
				if p != NoPiece {
					got += string(v.PieceLetter(p))
				}
			}
		}
		if strings.HasPrefix(c.want, "!") {
			if !strings.HasPrefix(got, "!") || !strings.Contains(got, c.want[1:]) {
				t.Errorf("%s: %s on %s of %s: %q, want a refusal saying %q", c.variant, c.put, c.sq, c.fen, got, c.want[1:])
			}
			continue
		}
		if got != c.want {
			t.Errorf("%s: %s on %s of %s: %q, want %q", c.variant, c.put, c.sq, c.fen, got, c.want)
		}
	}
}

// TestSetupWithout: one part of a compound or a pair is taken away.
func TestSetupWithout(t *testing.T) {
	for _, c := range []struct {
		variant, fen, take, want string // want "" : nothing to take
	}{
		{"bedlam", "8/8/8/8/4M3/8/8/8", "R", "N"},
		{"bedlam", "8/8/8/8/4M3/8/8/8", "N", "R"},
		{"bedlam", "8/8/8/8/4Q3/8/8/8", "B", "R"},
		{"bedlam", "8/8/8/8/4O3/8/8/8", "K", "B"},
		{"bedlam", "8/8/8/8/4M3/8/8/8", "B", ""},
		{"bedlam", "8/8/8/8/4M3/8/8/8", "r", ""},
		{"bedlam", "8/8/8/8/4N3/8/8/8", "N", ""},
		{"bifold-halfgi", "8/8/8/8/4(RB)3/8/8/8", "R", "B"},
		{"bifold-halfgi", "8/8/8/8/4(Rb)3/8/8/8", "b", "R"},
		{"bifold-halfgi", "8/8/8/8/4R3/8/8/8", "R", ""},
	} {
		v, _ := VariantByID(c.variant)
		s, _ := ParseSetup(v, c.fen)
		sq, _ := ParseSquare("e4")
		cell, ok := s.Without(sq, v.PieceOf(c.take[0]))
		got := ""
		if ok {
			got = string(v.PieceLetter(cell[0]))
		}
		if got != c.want {
			t.Errorf("%s %s without %s: %q, want %q", c.variant, c.fen, c.take, got, c.want)
		}
	}
}

// TestSetupRights: castling rights can be held only with the royal and the
// rook on their squares, and are dropped when either leaves; en passant
// squares only behind a pawn that can just have stepped twice.
func TestSetupRights(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		possible     string // the rights CastlePossible allows
		ep           string // EnPassantSquares, space-separated
	}{
		{"assimilation", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "KQkq", ""},
		{"assimilation", "r3k3/8/8/8/8/8/8/4K2R w - - 0 1", "Kq", ""},
		{"assimilation", "4k3/8/8/8/8/8/8/R2K3R w - - 0 1", "", ""},
		{"assimilation", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "", "d6"},
		{"assimilation", "4k3/8/8/8/3Pp3/8/8/4K3 b - - 0 1", "", "d3"},
		{"bedlam", "r3k2r/8/8/8/8/8/8/R3K2R[] w - - 0 1", "", ""},
		{"bifold-halfgi", "(rr)3(wf)2(rr)/8/8/8/8/8/8/(RR)3(WF)2(RR)[] w - - 0 1", "KQkq", ""},
		{"bifold-halfgi", "4(wf)3/8/8/8/8/8/8/R3(WF)2(RR)[] w - - 0 1", "K", ""},
		{"bifold-halfgi-pawns", "4(wf)3/8/8/3L4/8/8/8/4(WF)3[] b - - 0 1", "", ""},
		{"bifold-halfgi-pawns", "4(wf)3/8/8/8/3L4/8/8/4(WF)3[] b - - 0 1", "", "d3"},
	} {
		v, _ := VariantByID(c.variant)
		s, err := ParseSetup(v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for i := range 4 {
			if s.CastlePossible(i) {
				got += CastleLetters[i : i+1]
			}
		}
		if got != c.possible {
			t.Errorf("%s %s: castling %q possible, want %q", c.variant, c.fen, got, c.possible)
		}
		var eps []string
		for _, sq := range s.EnPassantSquares() {
			eps = append(eps, SquareName(sq))
		}
		if strings.Join(eps, " ") != c.ep {
			t.Errorf("%s %s: en passant %q, want %q", c.variant, c.fen, eps, c.ep)
		}
	}
	v, _ := VariantByID("assimilation")
	s, _ := ParseSetup(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	s.Set(7, Cell{}) // the h1 rook goes: White's king-side right with it
	if got := s.String(); got != "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1" {
		t.Errorf("after the h1 rook left: %s", got)
	}
	if _, err := s.Check(); err != nil {
		t.Errorf("check: %v", err)
	}
}

// TestSetupRoundTrip: every position a Setup is made from prints back the
// same, and a position the checks refuse still opens, then is refused by
// Check with the engine's words.
func TestSetupRoundTrip(t *testing.T) {
	for _, v := range Variants() {
		for _, fen := range []string{v.Start, midgamePositions[v.ID]} {
			if fen == "" {
				continue
			}
			p, err := Parse(v, fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := SetupOf(p).String(); got != p.String() {
				t.Errorf("%s: SetupOf %q, want %q", v.ID, got, p.String())
			}
			s, err := ParseSetup(v, p.String())
			if err != nil || s.String() != p.String() {
				t.Errorf("%s: ParseSetup %q: %v %v", v.ID, p.String(), s, err)
			}
		}
	}
	v, _ := VariantByID("bedlam")
	s, err := ParseSetup(v, "kk6/8/8/8/8/8/8/K7[] w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Check(); err == nil || !strings.Contains(err.Error(), "Black must have exactly one royal piece, has 2") {
		t.Errorf("two black kings: %v", err)
	}
	if _, err := ParseSetup(v, "kk6/8/8/8/8/8/8/K7[] w - - 0"); err != nil {
		t.Errorf("a missing field is the default: %v", err)
	}
	for _, bad := range []string{"", "8/8/8/8/8/8/8/9", "xk6/8/8/8/8/8/8/K7", "k7/8/8/8/8/8/8/K7[W]", "k7/8/8/8/8/8/8/K7 x"} {
		if _, err := ParseSetup(v, bad); err == nil {
			t.Errorf("ParseSetup(%q) took it", bad)
		}
	}
}
