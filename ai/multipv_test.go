package ai

import (
	"testing"
)

// TestMultiPV checks the lines of a MultiPV search in every midgame
// position: as many as asked (or legal moves), distinct first moves, legal
// lines, best first, the first line the result, and the best line's score
// the same as a one-line search's at that depth (the best of all moves).
func TestMultiPV(t *testing.T) {
	for _, mg := range midgames {
		p := mustParse(t, mg.variant, mg.fen)
		var infos []Info
		r := NewEngine(4).Search(p, Config{Limits: Limits{Depth: 4}, MultiPV: 3,
			OnInfo: func(i Info) { infos = append(infos, i) }})
		if len(infos) != 4 || r.Depth != 4 {
			t.Fatalf("%s: %d reports, depth %d", mg.variant, len(infos), r.Depth)
		}
		if len(r.Lines) != 3 {
			t.Fatalf("%s: %d lines, want 3", mg.variant, len(r.Lines))
		}
		seen := map[string]bool{}
		for i, l := range r.Lines {
			q := p.Clone()
			first := p.MoveString(l.PV[0])
			if seen[first] {
				t.Errorf("%s: two lines start with %s", mg.variant, first)
			}
			seen[first] = true
			for _, m := range l.PV {
				if !legal(q, m) {
					t.Fatalf("%s: line %d: move %v not legal", mg.variant, i, m)
				}
				q.Make(m)
			}
			if i > 0 && l.Score > r.Lines[i-1].Score {
				t.Errorf("%s: line %d scores %d above line %d's %d", mg.variant, i, l.Score, i-1, r.Lines[i-1].Score)
			}
			if l.Depth != 4 {
				t.Errorf("%s: line %d depth %d", mg.variant, i, l.Depth)
			}
		}
		if r.Move != r.Lines[0].PV[0] || r.Score != r.Lines[0].Score {
			t.Errorf("%s: result %v %d is not the first line %v %d", mg.variant, r.Move, r.Score, r.Lines[0].PV[0], r.Lines[0].Score)
		}
		for _, in := range infos {
			if len(in.Lines) == 0 {
				t.Errorf("%s: a report without lines at depth %d", mg.variant, in.Depth)
			}
		}
		// a line's first move, searched on its own, scores what the
		// line says to within the search's instability
		for _, l := range r.Lines[1:] {
			q := p.Clone()
			q.Make(l.PV[0])
			sub := NewEngine(4).Search(q, Config{Limits: Limits{Depth: 3}})
			if d := -sub.Score - l.Score; d > 150 || d < -150 {
				t.Errorf("%s: line %s scores %d, searched alone %d", mg.variant, p.MoveString(l.PV[0]), l.Score, -sub.Score)
			}
		}
	}
}

// TestMultiPVFewMoves asks for more lines than there are legal moves.
func TestMultiPVFewMoves(t *testing.T) {
	p := mustParse(t, "chess", "7k/8/8/8/8/8/8/K7 w - - 0 1")
	r := NewEngine(1).Search(p, Config{Limits: Limits{Depth: 3}, MultiPV: 5})
	if len(r.Lines) != 3 {
		t.Fatalf("%d lines, want 3 (the king's three moves)", len(r.Lines))
	}
}
