package learn

import (
	"strings"
	"testing"

	"chimera/game"
)

// parseAt parses a lesson position in its section's rule set.
func parseAt(t *testing.T, l *Lesson, s *Section, fen string) *game.Position {
	t.Helper()
	p, err := game.Parse(s.RuleSet(l), fen)
	if err != nil {
		t.Fatalf("%s/%s: position %q: %v", l.Game, s.ID, fen, err)
	}
	return p
}

// makeMove makes move string ms in p, failing the test when it is not legal.
func makeMove(t *testing.T, p *game.Position, ms, where string) {
	t.Helper()
	m, err := p.ParseMove(ms)
	if err != nil {
		t.Fatalf("%s: %v (legal: %v)", where, err, moveStrings(p))
	}
	if p.MoveString(m) != ms {
		t.Fatalf("%s: %q is written %q", where, ms, p.MoveString(m))
	}
	p.Make(m)
}

// findSection returns the section of lesson game with the given id.
func findSection(t *testing.T, game, id string) (*Lesson, *Section) {
	t.Helper()
	l := LessonFor(game)
	for i := range l.Sections {
		if l.Sections[i].ID == id {
			return l, &l.Sections[i]
		}
	}
	t.Fatalf("%s has no section %q", game, id)
	return nil, nil
}

// Every game's lesson is found by its rule sets, and only by them.
func TestLessonFor(t *testing.T) {
	cases := []struct{ id, lesson string }{
		{"bedlam", "bedlam"}, {"assimilation", "assimilation"}, {"bifold-halfgi", "bifold-halfgi"},
		{"bifold-halfgi-pawns", "bifold-halfgi"}, {"bifold-halfgi-weak", "bifold-halfgi"}, {"chess", ""}, {"nonsense", ""},
	}
	for _, c := range cases {
		l := LessonFor(c.id)
		if got := ""; l != nil {
			got = l.Game
			if got != c.lesson {
				t.Errorf("LessonFor(%q) = %q, want %q", c.id, got, c.lesson)
			}
		} else if c.lesson != "" {
			t.Errorf("LessonFor(%q) = nil, want %q", c.id, c.lesson)
		}
	}
	if len(Lessons()) != 3 {
		t.Errorf("%d lessons", len(Lessons()))
	}
}

// Every example is legal move by move, every exercise's answers are legal
// and accepted, its wrong moves legal and refused with their reasons, and
// any other legal move refused with the exercise's word (with what the
// move did).
func TestLessonsAreLegal(t *testing.T) {
	for _, l := range Lessons() {
		for i := range l.Sections {
			s := &l.Sections[i]
			where := l.Game + "/" + s.ID
			t.Run(where, func(t *testing.T) {
				p := parseAt(t, l, s, s.Start)
				for _, st := range s.Steps {
					makeMove(t, p, st.Move, where+" step "+st.Move)
				}
				tr := s.Try
				if tr == nil {
					return
				}
				q := parseAt(t, l, s, s.TryStart())
				legal := map[string]bool{}
				for _, ms := range moveStrings(q) {
					legal[ms] = true
				}
				for _, a := range tr.Answers {
					if ok, why := tr.Judge(q, a); !legal[a] || !ok {
						t.Errorf("answer %q: legal %v, judged %v %q", a, legal[a], ok, why)
					}
				}
				for _, w := range tr.Wrong {
					if ok, why := tr.Judge(q, w.Move); !legal[w.Move] || ok || why != w.Why {
						t.Errorf("wrong move %q: legal %v, judged %v %q", w.Move, legal[w.Move], ok, why)
					}
				}
				for ms := range legal {
					if slicesContain(tr.Answers, ms) || wrongMove(tr, ms) {
						continue
					}
					ok, why := tr.Judge(q, ms)
					if ok || !strings.HasPrefix(why, "Not this one: ") || !strings.HasSuffix(why, tr.Else) {
						t.Errorf("other move %q: judged %v %q", ms, ok, why)
					}
				}
				if ok, why := tr.Judge(q, "a1a1"); ok || why != "That move is not legal here." {
					t.Errorf("an illegal move: %v %q", ok, why)
				}
				if sm := tr.ShowMe(q); !strings.HasPrefix(sm, "This is the move: ") || !strings.HasSuffix(sm, tr.Right) {
					t.Errorf("show me: %q", sm)
				}
			})
		}
	}
}

func slicesContain(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func wrongMove(t *Exercise, ms string) bool {
	for _, w := range t.Wrong {
		if w.Move == ms {
			return true
		}
	}
	return false
}

// Each section shows what it is about: the rules engine says what its
// example's moves and the exercise's answer did.
func TestLessonsShowTheirRule(t *testing.T) {
	type moveFact func(p *game.Position, m game.Move, e game.Effect) bool
	split := func(p *game.Position, m game.Move, e game.Effect) bool {
		return e.Kind == game.KindSplit || e.Kind == game.KindLeave
	}
	merge := func(p *game.Position, m game.Move, e game.Effect) bool { return e.Kind == game.KindMerge }
	drop := func(p *game.Position, m game.Move, e game.Effect) bool { return m.IsDrop() }
	castle := func(p *game.Position, m game.Move, e game.Effect) bool { return m.IsCastle() }
	capture := func(p *game.Position, m game.Move, e game.Effect) bool { return m.IsCapture() }
	// metamorphosis: a non-pawn changes into another piece without capturing.
	meta := func(p *game.Position, m game.Move, e game.Effect) bool {
		k := p.At(m.From())[0].Kind()
		return m.Promo() != game.NoKind && !k.IsPawn() && !m.IsCapture()
	}
	// demotion: a compound captures and becomes one of its parts.
	demote := func(p *game.Position, m game.Move, e game.Effect) bool {
		k := p.At(m.From())[0].Kind()
		_, b := k.Components()
		if b == game.NoKind || !m.IsCapture() {
			return false
		}
		p.Make(m)
		after := p.At(m.To())[0].Kind()
		p.Unmake()
		return after != k
	}
	unit := func(p *game.Position, m game.Move, e game.Effect) bool {
		n := 0
		for _, x := range p.At(m.From()) {
			if x != game.NoPiece && x.Color() == p.Turn() {
				n++
			}
		}
		return n == 2 && m.Part() == game.NoKind && !m.IsDrop()
	}
	join := func(p *game.Position, m game.Move, e game.Effect) bool { return e.Kind == game.KindJoin }
	// dropJoin: a drop onto a square holding one piece (a bifold drop that shares or forms a unit).
	dropJoin := func(p *game.Position, m game.Move, e game.Effect) bool {
		return m.IsDrop() && p.At(m.To())[0] != game.NoPiece
	}
	// alone: one piece of a pair or a part of a compound moves without the other.
	alone := func(p *game.Position, m game.Move, e game.Effect) bool { return m.Part() != game.NoKind }
	promote := func(p *game.Position, m game.Move, e game.Effect) bool { return m.Promo() != game.NoKind }
	// choice: the move shares its squares with another legal move (the board asks).
	choice := func(p *game.Position, m game.Move, e game.Effect) bool {
		for _, o := range p.LegalMoves() {
			if o != m && !o.IsDrop() && !m.IsDrop() && o.From() == m.From() && o.To() == m.To() {
				return true
			}
		}
		return false
	}
	cases := []struct {
		game, id string
		example  []moveFact // facts some example move has (each)
		answer   []moveFact // facts the exercise's first answer has
		wins     bool       // the example ends with a win
	}{
		{"bedlam", "fusion", []moveFact{merge}, []moveFact{merge}, false},
		{"bedlam", "split", []moveFact{split, merge}, []moveFact{split, choice}, false},
		{"bedlam", "metamorphosis", []moveFact{meta}, []moveFact{meta, choice}, false},
		{"bedlam", "demotion", []moveFact{demote}, []moveFact{demote}, false},
		{"bedlam", "drops", []moveFact{drop, capture}, []moveFact{drop}, false},
		{"bedlam", "pawns", []moveFact{promote}, []moveFact{promote, choice}, false},
		{"bedlam", "royal", []moveFact{demote}, []moveFact{merge}, false},
		{"bedlam", "end", []moveFact{drop}, []moveFact{drop}, true},
		{"assimilation", "assimilation", []moveFact{merge, capture}, []moveFact{merge, capture}, false},
		{"assimilation", "split", []moveFact{split}, []moveFact{split, choice}, false},
		{"assimilation", "castling", []moveFact{castle}, []moveFact{castle}, false},
		{"assimilation", "pawns", []moveFact{promote, capture}, []moveFact{promote}, false},
		{"assimilation", "end", []moveFact{merge}, nil, true},
		{"bifold-halfgi", "units", []moveFact{join, unit, split}, []moveFact{join}, false},
		{"bifold-halfgi", "better-half", []moveFact{unit}, []moveFact{unit}, false},
		{"bifold-halfgi", "capture", []moveFact{join, capture}, []moveFact{unit, capture, choice}, false},
		{"bifold-halfgi", "royal-path", []moveFact{unit}, []moveFact{unit, choice}, false},
		{"bifold-halfgi", "pawns", []moveFact{capture}, []moveFact{promote, choice}, false},
		{"bifold-halfgi", "drops", []moveFact{dropJoin}, []moveFact{dropJoin}, false},
		{"bifold-halfgi", "castling", []moveFact{castle}, []moveFact{castle}, false},
		{"bifold-halfgi", "end", []moveFact{unit, capture}, []moveFact{unit, capture}, true},
		{"bifold-halfgi", "bifold-pawns", []moveFact{unit, capture}, []moveFact{alone, capture, choice}, false},
		{"bifold-halfgi", "weak-pawns", []moveFact{capture}, []moveFact{capture}, false},
	}
	for _, c := range cases {
		t.Run(c.game+"/"+c.id, func(t *testing.T) {
			l, s := findSection(t, c.game, c.id)
			p := parseAt(t, l, s, s.Start)
			had := make([]bool, len(c.example))
			for _, st := range s.Steps {
				m, err := p.ParseMove(st.Move)
				if err != nil {
					t.Fatal(err)
				}
				e := p.Effects(m)
				for i, f := range c.example {
					had[i] = had[i] || f(p, m, e)
				}
				p.Make(m)
			}
			for i, ok := range had {
				if !ok {
					t.Errorf("the example has no move of kind %d of %d", i+1, len(had))
				}
			}
			if r, _ := p.Outcome(); (r == game.WhiteWins) != c.wins {
				t.Errorf("the example ends with result %q", r)
			}
			if len(c.answer) == 0 {
				return
			}
			q := parseAt(t, l, s, s.TryStart())
			m, err := q.ParseMove(s.Try.Answers[0])
			if err != nil {
				t.Fatal(err)
			}
			e := q.Effects(m)
			for i, f := range c.answer {
				if !f(q, m, e) {
					t.Errorf("the answer %s lacks fact %d", s.Try.Answers[0], i+1)
				}
			}
		})
	}
}

// The royal path rule's exercise: the unit cannot pass through the
// threatened square (the longer moves are not legal), a rook alone can.
func TestLessonRoyalPath(t *testing.T) {
	l, s := findSection(t, "bifold-halfgi", "royal-path")
	p := parseAt(t, l, s, s.TryStart())
	legal := map[string]bool{}
	for _, ms := range moveStrings(p) {
		legal[ms] = true
	}
	for _, ms := range []string{"e1e4", "e1e5"} {
		if legal[ms] {
			t.Errorf("%s is legal: the unit passes through the threatened e3", ms)
		}
	}
	if !legal["e1e5/r"] {
		t.Error("the rook alone should pass (the rule binds royal units only)")
	}
}
