package ai

import (
	"testing"

	"chimera/game"
)

// TestAnalyseReproducible: the same position gets the same analysis from a
// fresh Analyser and from one that analysed other positions before, in
// every rule set.
func TestAnalyseReproducible(t *testing.T) {
	used := NewAnalyser()
	for _, v := range game.AllVariants() {
		p := game.NewPosition(v)
		for i := 0; i < 6; i++ {
			p.Make(RandomMove(p, uint64(i)+7))
		}
		want := NewAnalyser().Analyse(p, 20_000, nil)
		used.Analyse(game.NewPosition(v), 30_000, nil)
		got := used.Analyse(p, 20_000, nil)
		if got.Eval != want.Eval || got.Move != want.Move || got.Depth != want.Depth || got.Nodes != want.Nodes {
			t.Errorf("%s: %+v after other searches, %+v fresh", v.ID, got, want)
		}
		if got.Move == game.NoMove || len(got.PV) == 0 || got.PV[0] != got.Move || got.Depth < 2 {
			t.Errorf("%s: %+v", v.ID, got)
		}
	}
}

// play makes a game from move strings.
func playMoves(t *testing.T, variant string, moves ...string) (*game.Position, []game.Move) {
	t.Helper()
	v, err := game.VariantByID(variant)
	if err != nil {
		t.Fatal(err)
	}
	start := game.NewPosition(v)
	p := start.Clone()
	var ms []game.Move
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		ms = append(ms, m)
		p.Make(m)
	}
	return start, ms
}

// TestReviewMarks: a planted blunder is marked with the better move, the
// mate that follows is not, and the over game scores its result.
func TestReviewMarks(t *testing.T) {
	start, ms := playMoves(t, "chess", "f2f3", "e7e5", "g2g4", "d8h4")
	var calls int
	r := ReviewWith(NewAnalyser(), start, ms, 20_000, func(done, total int) {
		calls++
		if done != calls || total != 5 {
			t.Errorf("progress %d/%d at call %d", done, total, calls)
		}
	})
	if len(r.Moves) != 4 || len(r.Evals) != 5 || len(r.Wins) != 5 || calls != 5 {
		t.Fatalf("review %+v", r)
	}
	if r.Evals[4] != (Eval{Score: -Mate, Mate: -1}) || r.Wins[4] != 0 {
		t.Errorf("the mated position: %v, white's win %v", r.Evals[4], r.Wins[4])
	}
	g4 := r.Moves[2]
	if g4.Mark != Blunder || g4.Move != "g2g4" || g4.BestMove == "" || g4.BestMove == "g2g4" || g4.After.Mate >= 0 {
		t.Errorf("g4: %+v", g4)
	}
	if qh4 := r.Moves[3]; qh4.Mark != NoMark || qh4.BestMove != "d8h4" || qh4.After.Mate <= 0 {
		t.Errorf("Qh4#: %+v", qh4)
	}
	if r.Players[game.White].Blunders != 1 || r.Players[game.Black].Blunders+r.Players[game.Black].Mistakes+r.Players[game.Black].Inaccuracies != 0 {
		t.Errorf("players %+v", r.Players)
	}
	if w, b := r.Players[game.White].Accuracy, r.Players[game.Black].Accuracy; !(w < 50 && b > 90) {
		t.Errorf("accuracy white %v, black %v", w, b)
	}
}

// TestReviewBestMovesUnmarked: a game of the analyser's own best moves, in
// every rule set, has no marks.
func TestReviewBestMovesUnmarked(t *testing.T) {
	for _, v := range game.AllVariants() {
		a := NewAnalyser()
		p := game.NewPosition(v)
		start := p.Clone()
		var ms []game.Move
		var as []Analysis
		for i := 0; i < 12; i++ {
			an := a.Analyse(p, 5_000, nil)
			as = append(as, an)
			if an.Move == game.NoMove {
				break
			}
			ms = append(ms, an.Move)
			p.Make(an.Move)
		}
		if len(as) == len(ms) {
			as = append(as, a.Analyse(p, 5_000, nil))
		}
		r := ReviewGame(start, ms, as)
		for _, m := range r.Moves {
			if m.Mark != NoMark || m.Played != m.Best {
				t.Errorf("%s: ply %d %s: %+v", v.ID, m.Ply, m.Move, m)
			}
		}
		if len(r.Moves) != len(ms) {
			t.Errorf("%s: %d moves reviewed of %d", v.ID, len(r.Moves), len(ms))
		}
	}
}
