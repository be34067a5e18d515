package play

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"chimera/game"
)

// randomSession plays up to plies random moves (fewer if the game ends).
func randomSession(t *testing.T, variant string, seed uint64, plies int) *Session {
	t.Helper()
	s, err := New(Settings{Variant: variant, Computer: -1, Level: 3})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	for i := 0; i < plies; i++ {
		if res, _ := s.Outcome(); res != "" {
			break
		}
		ms := s.Position().LegalMoves()
		if _, err := s.Play(s.Position().MoveString(ms[r.IntN(len(ms))])); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// Export then import gives the same game, in every rule set, from the start
// and from a set-up position.
func TestRecordRoundTrip(t *testing.T) {
	for _, v := range game.AllVariants() {
		for seed := uint64(1); seed <= 2; seed++ {
			s := randomSession(t, v.ID, seed, 240)
			rec := s.Record(RecordTags{Event: "Test", Date: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC), White: "You", Black: `Computer "8"`})
			for _, tag := range []string{`[Event "Test"]`, `[Site "?"]`, `[Date "2026.11.30"]`, `[Round "?"]`, `[White "You"]`, `[Black "Computer \"8\""]`, `[Variant "` + v.Name + `"]`} {
				if !strings.Contains(rec, tag+"\n") {
					t.Fatalf("%s: no %s in\n%s", v.ID, tag, rec)
				}
			}
			if strings.Contains(rec, "[FEN") {
				t.Errorf("%s: a FEN tag for the start position", v.ID)
			}
			for _, l := range strings.Split(rec, "\n") {
				if len(l) > 80 {
					t.Errorf("%s: line of %d characters", v.ID, len(l))
				}
			}
			r, err := ParseRecord(rec, "")
			if err != nil {
				t.Fatalf("%s seed %d: %v\n%s", v.ID, seed, err, rec)
			}
			if r.Variant != v || strings.Join(r.Moves, " ") != strings.Join(s.MoveStrings(), " ") || r.Tags["Black"] != `Computer "8"` {
				t.Fatalf("%s seed %d: read back %s %v", v.ID, seed, r.Variant.ID, r.Moves)
			}
			// The same moves as move strings, comma-separated (a link's list).
			r2, err := ParseRecord(strings.Join(s.MoveStrings(), ","), v.ID)
			if err != nil || strings.Join(r2.Moves, " ") != strings.Join(s.MoveStrings(), " ") {
				t.Fatalf("%s: move strings: %v", v.ID, err)
			}
		}
	}
	// From a set-up position, Black to move first.
	s, _ := New(Settings{Variant: "bedlam", FEN: "4k3/8/8/8/8/8/8/RN2K3[n] b - - 0 7", Computer: -1})
	for _, m := range []string{"N@e6", "a1b1", "e6d4", "b1a1/r"} {
		if _, err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	rec := s.Record(RecordTags{})
	if !strings.Contains(rec, `[SetUp "1"]`) || !strings.Contains(rec, `[FEN "4k3/8/8/8/8/8/8/RN2K3[n] b - - 0 7"]`) ||
		!strings.Contains(rec, "7... N*e6 8. Ra1-b1=M Ne6-d4 9. Rb1-a1; b1=N *") {
		t.Fatalf("set-up record:\n%s", rec)
	}
	r, err := ParseRecord(rec, "")
	if err != nil || strings.Join(r.Moves, " ") != "N@e6 a1b1 e6d4 b1a1/r" || r.Start != s.StartPosition() {
		t.Fatalf("set-up record read back: %v %v", r, err)
	}
}

func TestParseRecordErrors(t *testing.T) {
	cases := []struct{ text, variant, want string }{
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 Nxe5", "chess",
			"move 12, Black: “Nxe5” is not legal here"},
		{"1. e4 e5 2. Nc3 Nf6 3. Nge2", "assimilation", ""},
		{"1. e4 e5 2. Nc3 Nf6 3. Ne2", "assimilation", "move 3, White: “Ne2” could be Ng1-e2 or Nc3-e2"},
		{"1. e4 e5 2. N", "assimilation", "move 2, White: “N” could be Nb1-a3 or Nb1-c3 or Ng1-e2 or …"},
		{"[Variant \"Bedlum\"]\n\n1. e4", "", "unknown game “Bedlum”"},
		{"[Variant \"Bedlam\"]\n[FEN \"nonsense\"]\n\n1. e4", "", "the FEN tag is not a position"},
		{"1. f3 e5 2. g4 Qh4# 3. a3", "chess", "move 3, White: “a3” comes after the end of the game"},
		{"[Variant \"Bedlam\"\n1. e4", "", "a tag line does not end with ]"},
		{"{a comment} 1. e2e4 $1 {another} e7e5 1-0", "chess", ""},
		{"1.e4 1...e5 2.Nf3", "chess", ""},
	}
	for _, c := range cases {
		_, err := ParseRecord(c.text, c.variant)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.text, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
}

func TestLoadDamagedSave(t *testing.T) {
	cases := []struct {
		data     string
		ply, len int
		problems int
		fail     bool
	}{
		{`{"variant":"chess","computer":-1,"level":3,"start":"startpos","moves":["e2e4","e7e5","g1f3"],"ply":"2"}`, 3, 3, 1, false},
		{`{"variant":"chess","computer":-1,"level":3,"moves":["e2e4","e7e5","e2e4","g1f3"],"ply":4}`, 2, 2, 1, false},
		{`{"variant":"chess","level":"x","moves":["e2e4"],"ply":1}`, 1, 1, 1, false},
		{`{"variant":"checkers","moves":[]}`, 0, 0, 0, true},
		{`not json`, 0, 0, 0, true},
		{`{"moves":["e2e4"]}`, 0, 0, 0, true},
	}
	for _, c := range cases {
		s, problems, err := Load([]byte(c.data))
		if (err != nil) != c.fail {
			t.Errorf("%s: err %v", c.data, err)
			continue
		}
		if c.fail {
			continue
		}
		if s.Ply() != c.ply || s.Len() != c.len || len(problems) != c.problems {
			t.Errorf("%s: ply %d len %d problems %q", c.data, s.Ply(), s.Len(), problems)
		}
	}
}
