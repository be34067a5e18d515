package play

import (
	"strings"
	"testing"

	"chimera/game"
)

func TestClock(t *testing.T) {
	k := NewClock(TimeControl{Base: 60_000, Inc: 2_000})
	if k.LeftAt(game.White, 5_000) != 60_000 || k.Running != -1 {
		t.Fatal("a clock runs before the first move")
	}
	k.Moved(game.White, 1_000) // the first move is not timed
	if k.LeftAt(game.White, 9_000) != 60_000 || k.LeftAt(game.Black, 9_000) != 52_000 {
		t.Errorf("after White's first move: %d %d", k.LeftAt(game.White, 9_000), k.LeftAt(game.Black, 9_000))
	}
	k.Moved(game.Black, 11_000) // 10 s used, 2 s back
	if k.LeftAt(game.Black, 20_000) != 52_000 || k.LeftAt(game.White, 20_000) != 51_000 {
		t.Errorf("after Black's move: %d %d", k.LeftAt(game.Black, 20_000), k.LeftAt(game.White, 20_000))
	}
	side := k.Pause(20_000)
	if side != 0 || k.LeftAt(game.White, 99_000) != 51_000 {
		t.Errorf("paused: %d %d", side, k.LeftAt(game.White, 99_000))
	}
	k.Resume(side, 100_000)
	if _, flag := k.Flagged(150_000); flag {
		t.Error("flagged with a second left")
	}
	if c, flag := k.Flagged(151_000); !flag || c != game.White {
		t.Errorf("not flagged at 0: %v %v", c, flag)
	}
	if k.LeftAt(game.White, 200_000) != 0 {
		t.Error("time below 0")
	}
}

func TestTimeControls(t *testing.T) {
	for _, c := range []struct {
		in    string
		tc    TimeControl
		out   string
		words string
		bad   bool
	}{
		{"300+3", TimeControl{300_000, 3_000}, "300+3", "5+3", false},
		{"600", TimeControl{600_000, 0}, "600+0", "10+0", false},
		{"-", TimeControl{}, "-", "no clock", false},
		{"30+0", TimeControl{30_000, 0}, "30+0", "30s+0", false},
		{"0+5", TimeControl{}, "", "", true},
		{"x", TimeControl{}, "", "", true},
		{"99999+1", TimeControl{}, "", "", true},
	} {
		tc, err := ParseTimeControl(c.in)
		if (err != nil) != c.bad || (!c.bad && (tc != c.tc || tc.String() != c.out || tc.Words() != c.words)) {
			t.Errorf("%q: %+v %v (%q, %q)", c.in, tc, err, tc.String(), tc.Words())
		}
	}
	if _, err := New(Settings{Variant: "bedlam", Time: TimeControl{Base: -1}}); err == nil {
		t.Error("a game with a negative clock")
	}
}

// A game's clock is saved (and loaded stopped, to run again from the page
// that shows it) and written in the record's TimeControl tag.
func TestClockIsKept(t *testing.T) {
	s, _ := New(Settings{Variant: "assimilation", Computer: -1, Time: TimeControl{Base: 180_000, Inc: 2_000}})
	s.Play("e2e4")
	s.Clock().Moved(game.White, 1_000)
	s.Play("e7e5")
	s.Clock().Moved(game.Black, 31_000)
	l, problems, err := Load(s.Save())
	if err != nil || len(problems) > 0 || l.Clock() == nil {
		t.Fatalf("loaded: %v %v", err, problems)
	}
	if k := l.Clock(); k.Running != -1 || k.LeftAt(game.Black, 0) != 152_000 || k.LeftAt(game.White, 0) != 180_000 || l.Time != s.Time {
		t.Errorf("loaded clock %+v", *k)
	}
	if rec := s.Record(RecordTags{}); !strings.Contains(rec, `[TimeControl "180+2"]`) {
		t.Errorf("record:\n%s", rec)
	}
	bad := strings.Replace(string(s.Save()), `"left":[`, `"left":[-5,`, 1)
	if _, problems, _ := Load([]byte(bad)); len(problems) != 1 {
		t.Errorf("a damaged clock: %v", problems)
	}
}
