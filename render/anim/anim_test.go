package anim

import (
	"math"
	"testing"

	"chimera/render/model"
)

// res places squares on a 100-px grid (a1 at 50,750) and hands off the board.
func res(l Loc) Pos {
	if l.Hand {
		return Pos{X: 900, Y: float64(100 + 600*(1-l.Color)), Size: 80}
	}
	x := float64(l.Square.File())*100 + 50
	y := float64(7-l.Square.Rank())*100 + 50
	if !l.Lone && l.Slot == 1 {
		x += 25
	}
	return Pos{X: x, Y: y, Size: 100}
}

func sq(s string) model.Square { return model.ParseSquare(s) }

func v(s string, p model.Piece) model.Change { return model.Change{Square: sq(s), Piece: p} }
func a(s string, p model.Piece) model.Change {
	return model.Change{Appear: true, Square: sq(s), Piece: p}
}

func board(fen string, bifold bool) *model.Board {
	b, ok := model.ParseBoard(fen, bifold)
	if !ok {
		panic(fen)
	}
	return &b
}

func TestEase(t *testing.T) {
	cases := []struct{ u, want float64 }{{-1, 0}, {0, 0}, {1, 1}, {2, 1}, {0.5, 0.875}}
	for _, c := range cases {
		if got := EaseOutCubic(c.u); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("EaseOutCubic(%v) = %v", c.u, got)
		}
	}
	if SlideDuration(1) < SlideMin || SlideDuration(10) != SlideMax || SlideDuration(7) <= SlideDuration(1) {
		t.Error("slide durations should grow with distance within 180-260 ms")
	}
}

// modes summarises a plan as "mode:piece>end" strings.
func modes(p *Plan) map[string]int {
	names := []string{"slide", "morph", "fadeout", "fadein", "fly"}
	m := map[string]int{}
	for _, t := range p.Tracks {
		m[names[t.Mode]+":"+t.Piece.String()+">"+t.EndPiece.String()]++
	}
	return m
}

func TestBuild(t *testing.T) {
	empty := board("8/8/8/8/8/8/8/8[] w - - 0 1", false)
	cases := []struct {
		name   string
		ev     model.Event
		ob, nb *model.Board
		want   map[string]int
		hidden []string
	}{
		{"slide", model.Event{From: sq("e2"), To: sq("e4"), Changes: []model.Change{v("e2", 'P'), a("e4", 'P')}},
			empty, empty, map[string]int{"slide:P>P": 1}, []string{"e4"}},
		{"promotion morphs after the slide", model.Event{Kind: model.Promote, From: sq("e7"), To: sq("e8"),
			Changes: []model.Change{v("e7", 'P'), a("e8", 'N')}}, empty, empty, map[string]int{"slide:P>N": 1}, []string{"e8"}},
		{"merge: mover slides and becomes the compound, partner fades", model.Event{Kind: model.Merge, From: sq("b1"), To: sq("d2"),
			Changes: []model.Change{v("b1", 'N'), v("d2", 'B'), a("d2", 'A')}}, empty, empty,
			map[string]int{"slide:N>A": 1, "fadeout:B>B": 1}, []string{"d2"}},
		{"split: component slides out, rest morphs", model.Event{Kind: model.Split, From: sq("d1"), To: sq("e2"),
			Changes: []model.Change{v("d1", 'Q'), a("d1", 'R'), a("e2", 'B')}}, empty, empty,
			map[string]int{"morph:Q>R": 1, "slide:B>B": 1}, []string{"d1", "e2"}},
		{"capture into hand", model.Event{Kind: model.Capture, From: sq("e4"), To: sq("d5"),
			Changes: []model.Change{v("e4", 'P'), v("d5", 'p'), a("d5", 'P'), {Appear: true, Square: -1, HandColor: 0, Piece: 'P'}}},
			empty, empty, map[string]int{"slide:P>P": 1, "fly:p>P": 1}, []string{"d5"}},
		{"drop", model.Event{Kind: model.Drop, From: -1, To: sq("e4"),
			Changes: []model.Change{{Square: -1, HandColor: 0, Piece: 'N'}, a("e4", 'N')}},
			empty, empty, map[string]int{"slide:N>N": 1}, []string{"e4"}},
		{"castling slides both", model.Event{Kind: model.Castle, From: sq("e1"), To: sq("g1"),
			Changes: []model.Change{v("e1", 'K'), v("h1", 'R'), a("g1", 'K'), a("f1", 'R')}},
			empty, empty, map[string]int{"slide:K>K": 1, "slide:R>R": 1}, []string{"g1", "f1"}},
		{"demotion on capture without hands", model.Event{Kind: model.Capture, From: sq("d1"), To: sq("h5"),
			Changes: []model.Change{v("d1", 'Q'), v("h5", 'n'), a("h5", 'B')}},
			empty, empty, map[string]int{"slide:Q>B": 1, "fadeout:n>n": 1}, []string{"h5"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := Build(c.ev, c.ob, c.nb, res, Options{})
			got := modes(p)
			if len(got) != len(c.want) {
				t.Errorf("tracks %v, want %v", got, c.want)
			}
			for k, n := range c.want {
				if got[k] != n {
					t.Errorf("tracks %v, want %v", got, c.want)
				}
			}
			for _, h := range c.hidden {
				if !p.HidesCell(sq(h), 0) {
					t.Errorf("cell %s not hidden", h)
				}
			}
			if p.Total < SlideMin || p.Total > 700 {
				t.Errorf("total %v ms", p.Total)
			}
			if !p.Active(0) || p.Active(p.Total) {
				t.Error("Active wrong at the ends")
			}
		})
	}
}

func TestStackShift(t *testing.T) {
	// A Horse joins the lone Bishop on c3: the Bishop moves from the centre to its slot.
	ob := board("8/8/8/8/8/2B5/8/1H6[] w - - 0 1", true)
	nb := board("8/8/8/8/8/2(BH)5/8/8[] w - - 0 1", true)
	ev := model.Event{Kind: model.Join, From: sq("b1"), To: sq("c3"),
		Changes: []model.Change{v("b1", 'H'), {Appear: true, Square: sq("c3"), Slot: 1, Piece: 'H'}}}
	p := Build(ev, ob, nb, res, Options{})
	if got := modes(p); got["slide:H>H"] != 1 || got["slide:B>B"] != 1 {
		t.Fatalf("tracks %v", got)
	}
	if !p.HidesCell(sq("c3"), 0) || !p.HidesCell(sq("c3"), 1) {
		t.Error("both c3 slots should be drawn by the plan")
	}
	s := p.Sample(0, res)
	for _, sp := range s {
		if sp.Piece == 'B' && sp.X != 250 {
			t.Errorf("bishop starts at x=%v, want the centre 250", sp.X)
		}
	}
	s = p.Sample(p.Total-1e-6, res)
	for _, sp := range s {
		if sp.Piece == 'H' && math.Abs(sp.X-275) > 0.5 {
			t.Errorf("horse ends at x=%v, want its slot 275", sp.X)
		}
	}
}

func TestSampleSlide(t *testing.T) {
	empty := board("8/8/8/8/8/8/8/8[] w - - 0 1", false)
	ev := model.Event{From: sq("a1"), To: sq("a8"), Changes: []model.Change{v("a1", 'R'), a("a8", 'R')}}
	p := Build(ev, empty, empty, res, Options{})
	at := func(t float64) Sprite { return p.Sample(t, res)[0] }
	if s := at(0); s.Y != 750 {
		t.Errorf("start y %v", s.Y)
	}
	mid := at(p.Total / 2)
	if mid.Y >= 750 || mid.Y <= 50 {
		t.Errorf("mid y %v", mid.Y)
	}
	// Ease-out: past half way at half time.
	if mid.Y > 400 {
		t.Errorf("ease-out should be past the middle at half time, y=%v", mid.Y)
	}
	if s := at(p.Total + 10); s.Y != 50 {
		t.Errorf("end y %v", s.Y)
	}
	// A dragged move does not slide again.
	p = Build(ev, empty, empty, res, Options{Dragged: true})
	if s := p.Sample(0, res)[0]; s.Y != 50 {
		t.Errorf("dragged move starts at y=%v, want the destination", s.Y)
	}
}

func TestFlyChangesColourMidAir(t *testing.T) {
	empty := board("8/8/8/8/8/8/8/8[] w - - 0 1", false)
	ev := model.Event{Kind: model.Capture, From: sq("e4"), To: sq("d5"),
		Changes: []model.Change{v("e4", 'P'), v("d5", 'q'), a("d5", 'P'), {Appear: true, Square: -1, HandColor: 0, Piece: 'Q'}}}
	p := Build(ev, empty, empty, res, Options{})
	var fly Track
	for _, tr := range p.Tracks {
		if tr.Mode == Fly {
			fly = tr
		}
	}
	if fly.Start <= 0 {
		t.Error("the victim should lift off when the capturer lands")
	}
	colour := func(t float64) model.Piece {
		for _, s := range p.Sample(t, res) {
			if s.Piece.SameKind('Q') {
				return s.Piece
			}
		}
		return 0
	}
	if c := colour(fly.Start + fly.Dur*0.25); c != 'q' {
		t.Errorf("early in flight %v, want q", c)
	}
	if c := colour(fly.Start + fly.Dur*0.75); c != 'Q' {
		t.Errorf("late in flight %v, want Q", c)
	}
	if d := p.HandDelta(0, 'Q', fly.Start); d != -1 {
		t.Errorf("hand delta during flight %d", d)
	}
	if d := p.HandDelta(0, 'Q', fly.End()); d != 0 {
		t.Errorf("hand delta after landing %d", d)
	}
}
