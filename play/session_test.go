package play

import (
	"strings"
	"testing"

	"chimera/game"
	"chimera/render/model"
)

func TestSessionUndoRedoSave(t *testing.T) {
	s, err := New(Settings{Variant: "bedlam", Computer: 1, Level: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"e2e4", "d7d5", "e4d5", "d8d5"} {
		if _, err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	want := "rnb1kbnr/ppp1pppp/8/3r4/8/8/PPPP1PPP/RNBQKBNR[Pp] w - - 0 3" // the Queen demotes
	if got := s.Position().String(); got != want {
		t.Fatalf("position %s", got)
	}
	if got := strings.Join(s.Notation(), " "); got != "e2-e4 d7-d5 e4xd5 Qd8xd5=R" {
		t.Errorf("notation %q", got)
	}
	// the computer plays Black: a takeback undoes its reply too
	if !s.UndoTurn() || s.Ply() != 2 {
		t.Fatalf("undo turn: ply %d", s.Ply())
	}
	if _, ok := s.RedoTurn(); !ok || s.Ply() != 4 || s.Position().String() != want {
		t.Fatalf("redo: ply %d %s", s.Ply(), s.Position())
	}
	s.Undo()
	data := s.Save()
	r, problems, err := Load(data)
	if err != nil || problems != nil {
		t.Fatal(err, problems)
	}
	if r.Ply() != 3 || r.Len() != 4 || r.Computer != 1 || r.Level != 3 {
		t.Fatalf("loaded ply %d len %d", r.Ply(), r.Len())
	}
	p := r.PositionAt(4)
	if p.String() != want || r.Position().String() == want || p.LastMove() == 0 {
		t.Errorf("view ply 4: %s", p)
	}
	if rec := s.Record(RecordTags{}); !strings.Contains(rec, "1. e2-e4 d7-d5 2. e4xd5 *") {
		t.Errorf("record:\n%s", rec)
	}
}

func TestTargetsAndEvents(t *testing.T) {
	s, _ := New(Settings{Variant: "bedlam", FEN: "4k3/8/8/8/8/8/b7/1N1QK3[] w - - 0 1", Computer: -1})
	ts := Targets(s.Position())
	byMove := map[string]model.Target{}
	for _, t := range ts {
		byMove[t.Move] = t
	}
	if tg := byMove["b1c3q"]; tg.Kind != model.Promote || tg.Icon[0] != 'Q' || tg.Label != "Becomes Queen" {
		t.Errorf("metamorphosis target %+v", tg)
	}
	if tg := byMove["b1c3"]; tg.Label != "Stays Knight" {
		t.Errorf("plain target %+v", tg)
	}
	if tg := byMove["d1e2/b"]; tg.Kind != model.Split || tg.Icon[0] != 'B' || tg.Label != "Bishop splits" {
		t.Errorf("split target %+v", tg)
	}
	if tg := byMove["d1e2"]; tg.Label != "Whole Queen" {
		t.Errorf("whole target %+v", tg)
	}
	e, err := s.Play("d1e2/b")
	if err != nil {
		t.Fatal(err)
	}
	ev := Event(s.Variant(), e)
	if ev.Kind != model.Split || len(ev.Changes) != 3 {
		t.Errorf("split event %+v", ev)
	}

	b, _ := New(Settings{Variant: "bifold-halfgi", FEN: "7w/8/8/8/8/3(rq)4/8/3(RR)3W[] w - - 0 1", Computer: -1})
	byMove = map[string]model.Target{}
	for _, t := range Targets(b.Position()) {
		byMove[t.Move] = t
	}
	if tg := byMove["d1d3/rxq"]; tg.Slot != 0 || tg.Icon[0] != 'q' || tg.Kind != model.Capture {
		t.Errorf("capture choice %+v", tg)
	}
	if tg := byMove["d1d2"]; tg.Slot != 2 || tg.Label != "Unit" {
		t.Errorf("unit %+v", tg)
	}
	e, _ = b.Play("d1d3/rxq")
	ev = Event(b.Variant(), e)
	hand := false
	for _, c := range ev.Changes {
		if c.Appear && c.Square == model.NoSquare && c.Piece == 'Q' && c.HandColor == 0 {
			hand = true
		}
	}
	if !hand {
		t.Errorf("the captured queen should appear in White's hand: %+v", ev)
	}
	bv := Board(b.Position())
	if bv.HandCount(0, 'Q') != 1 || bv.Cells[19] != [2]model.Piece{'R', 'r'} {
		t.Errorf("board view %+v", bv.Cells[19])
	}
}

// TestMoveKindsAgree checks that the board's move kinds are the rules
// engine's, in the same order (Event converts them by value).
func TestMoveKindsAgree(t *testing.T) {
	for k := game.KindQuiet; k <= game.KindCastle; k++ {
		if got := model.MoveKind(k).String(); got != k.String() {
			t.Errorf("kind %d: the board says %q, the engine %q", k, got, k.String())
		}
	}
	if model.MoveKind(game.KindCastle+1).String() != "unknown" {
		t.Error("the board has more kinds than the engine")
	}
}

// A capture that changes the mover says what it becomes before it is made:
// Bedlam's demotion (the Queen, Rook + Bishop, captures as a Rook along a
// file and as a Bishop on a diagonal), an Assimilation capturer's absorption;
// a quiet move, a split and a promotion say nothing.
func TestTargetsSayWhatACaptureMakes(t *testing.T) {
	cases := []struct {
		variant, fen string
		becomes      map[string]model.Piece
	}{
		{"bedlam", "4k3/8/8/3p4/8/5p2/8/3QK3[] w - - 0 1", map[string]model.Piece{
			"d1d5": 'R', "d1f3": 'B', "d1d2": model.None, "d1e2/b": model.None}},
		{"assimilation", "4k3/8/8/3b4/8/4N3/8/4K3 w - - 0 1", map[string]model.Piece{
			"e3d5": 'A', "e3c4": model.None}},
		{"assimilation", "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", map[string]model.Piece{"c7d8n": model.None}},
	}
	for _, c := range cases {
		s, err := New(Settings{Variant: c.variant, FEN: c.fen, Computer: -1})
		if err != nil {
			t.Fatal(err)
		}
		by := map[string]model.Target{}
		for _, tg := range Targets(s.Position()) {
			by[tg.Move] = tg
		}
		for mv, want := range c.becomes {
			tg, ok := by[mv]
			if !ok {
				t.Errorf("%s %s: %s is not a target", c.variant, c.fen, mv)
				continue
			}
			if tg.Becomes != want {
				t.Errorf("%s %s: %s becomes %q, want %q", c.variant, c.fen, mv, tg.Becomes, want)
			}
		}
	}
}

// A declared ending (a resignation, a draw agreed, a loss on time) ends the
// game after its moves: no move is played after it, it is saved and loaded,
// written in the record and read back from it; taking back clears it.
func TestDeclaredEnding(t *testing.T) {
	for _, c := range []struct{ result, reason, words string }{
		{game.BlackWins, Resigned(game.White), "Black wins: White resigned"},
		{game.Draw, ReasonAgreement, "Draw by agreement"},
		{game.WhiteWins, ReasonTime, "White wins on time"},
	} {
		s, _ := New(Settings{Variant: "bedlam", Computer: -1})
		s.Play("e2e4")
		s.Play("e7e5")
		s.Undo()
		if err := s.Declare(c.result, c.reason); err != nil {
			t.Fatal(err)
		}
		if r, why := s.Outcome(); r != c.result || game.ResultWords(r, why) != c.words || s.Len() != 1 {
			t.Errorf("%s: outcome %s %q, %d moves", c.words, r, game.ResultWords(r, why), s.Len())
		}
		if _, err := s.Play("e7e5"); err == nil {
			t.Errorf("%s: a move was played after the end", c.words)
		}
		if err := s.Declare(game.Draw, ReasonAgreement); err == nil {
			t.Errorf("%s: declared twice", c.words)
		}
		l, problems, err := Load(s.Save())
		if err != nil || len(problems) > 0 || l.Declared() == nil || *l.Declared() != *s.Declared() {
			t.Errorf("%s: loaded %v %v %+v", c.words, err, problems, l.Declared())
		}
		rec := s.Record(RecordTags{})
		if !strings.Contains(rec, `[Result "`+c.result+`"]`) || !strings.Contains(rec, `[Termination "`+c.reason+`"]`) {
			t.Errorf("%s: record\n%s", c.words, rec)
		}
		pr, err := ParseRecord(rec, "bedlam")
		if err != nil || pr.End == nil || pr.End.Result != c.result || pr.End.Reason != c.reason || pr.End.Ply != 1 {
			t.Errorf("%s: read back %v %+v", c.words, err, pr)
		}
		s.Undo()
		if r, _ := s.Outcome(); r != "" || s.Ply() != 0 {
			t.Errorf("%s: taken back: %s at ply %d", c.words, r, s.Ply())
		}
	}
	if _, err := New(Settings{Variant: "bedlam"}); err != nil {
		t.Fatal(err)
	}
	s, _ := New(Settings{Variant: "bedlam", Computer: -1})
	if err := s.Declare("2-0", "x"); err == nil {
		t.Error("a result that is not one was declared")
	}
}
