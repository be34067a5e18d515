// Package anim turns a move event (the rules engine's vanish/appear list) into
// a short animation plan and samples it over time. It follows chessground's
// model: the board state is final at once; the plan only says how to draw the
// pieces that changed while their visual offsets ease to zero. It is pure Go.
package anim

import (
	"math"

	"chimera/render/model"
)

// Timing constants in milliseconds.
const (
	SlideMin  = 180.0 // a one-square slide
	SlideMax  = 260.0 // a long slide
	MorphDur  = 170.0 // cross-fade with a scale pulse
	FlightMin = 260.0 // a captured piece flying to the hand
	FlightMax = 380.0
	FadeDur   = 140.0 // a piece vanishing without a destination
)

// EaseOutCubic is the cubic ease-out used for every motion: fast start, soft landing.
func EaseOutCubic(u float64) float64 {
	u = clamp01(u)
	v := 1 - u
	return 1 - v*v*v
}

func clamp01(u float64) float64 { return math.Max(0, math.Min(1, u)) }

// SlideDuration returns the slide time for a distance in squares, scaled a
// little with distance between SlideMin and SlideMax.
func SlideDuration(squares float64) float64 {
	return math.Min(SlideMax, SlideMin+squares*14)
}

// FlightDuration returns the time of a flight to or from a hand.
func FlightDuration(squares float64) float64 {
	return math.Min(FlightMax, FlightMin+squares*14)
}

// Loc is a place a token can be: a board square's slot or a hand slot.
type Loc struct {
	Hand   bool
	Square model.Square
	Slot   int
	Lone   bool        // a bifold square with one piece: drawn centred
	Color  int         // the hand's colour
	Piece  model.Piece // the hand piece (to find its slot)
}

// Pos is a resolved location: centre and token (square) size, CSS pixels.
type Pos struct{ X, Y, Size float64 }

// Resolver maps a location to the screen.
type Resolver func(Loc) Pos

// Mode says how a track changes the token between its ends.
type Mode int

// The track modes.
const (
	Slide   Mode = iota // move From→To; if EndPiece differs, morph into it after arriving
	Morph               // in place at To: cross-fade Piece→EndPiece with a pulse
	FadeOut             // stays at From until Start, then fades out (absorbed, captured)
	FadeIn              // appears at To with a scale-in
	Fly                 // a capture to the hand: lift, change colour mid-air, land
)

// Track animates one token.
type Track struct {
	Mode     Mode
	Piece    model.Piece // drawn first
	EndPiece model.Piece // drawn at the end (morph result or other colour)
	From, To Loc
	Start    float64 // ms after the event
	Dur      float64 // motion time (ms); a Slide's morph follows it
	Morph    float64 // for a Slide with EndPiece != Piece: morph time after the motion
	Hold     bool    // drawn at From before Start
	Keep     bool    // drawn at To after the end until the plan ends (it stands in for a hidden static cell)
	Top      bool    // drawn above the static pieces and other tracks
}

// End returns when the track finishes.
func (t *Track) End() float64 { return t.Start + t.Dur + t.Morph }

// HandHold says a hand slot shows Delta fewer pieces until Until (ms) while a
// captured piece is still on its way there.
type HandHold struct {
	Color int
	Piece model.Piece
	Delta int
	Until float64
}

// Cell is a board square slot.
type Cell struct {
	Square model.Square
	Slot   int
}

// Plan is the whole animation of one event.
type Plan struct {
	Tracks []Track
	Hidden []Cell // cells of the new board drawn by tracks instead of statically
	Hands  []HandHold
	Total  float64 // ms
}

// HidesCell reports whether the static piece on (sq, slot) is drawn by the plan.
func (p *Plan) HidesCell(sq model.Square, slot int) bool {
	if p == nil {
		return false
	}
	for _, c := range p.Hidden {
		if c.Square == sq && c.Slot == slot {
			return true
		}
	}
	return false
}

// HandDelta returns how the shown count of piece in color's hand differs from
// the board's at time t.
func (p *Plan) HandDelta(color int, piece model.Piece, t float64) int {
	if p == nil {
		return 0
	}
	d := 0
	for _, h := range p.Hands {
		if h.Color == color && h.Piece == piece && t < h.Until {
			d -= h.Delta
		}
	}
	return d
}

// Sprite is one token to draw at a moment of the plan.
type Sprite struct {
	Piece model.Piece
	X, Y  float64 // centre, CSS pixels
	Size  float64 // token (square) size, CSS pixels
	Scale float64 // extra scale (pulse, lift)
	Alpha float64
	Top   bool
	Loc   Loc // the location the sprite is at or heading to (for half-token layout)
}

// Options tune Build.
type Options struct {
	// Dragged means the player dropped the mover on its destination by hand, so
	// the mover does not slide again (it may still morph).
	Dragged bool
}

// Build plans the animation of ev from board ob (before) to nb (after).
// res gives positions, used only to scale durations with distance.
func Build(ev model.Event, ob, nb *model.Board, res Resolver, opt Options) *Plan {
	p := &Plan{}
	var vanish, appear []model.Change
	for _, c := range ev.Changes {
		if c.Appear {
			appear = append(appear, c)
		} else {
			vanish = append(vanish, c)
		}
	}
	vUsed := make([]bool, len(vanish))
	aDone := make([]bool, len(appear))
	boardLoc := func(c model.Change, b *model.Board) Loc {
		return Loc{Square: c.Square, Slot: c.Slot, Lone: b.Lone(c.Square)}
	}
	handLoc := func(c model.Change) Loc {
		return Loc{Hand: true, Square: model.NoSquare, Color: c.HandColor, Piece: c.Piece}
	}
	squares := func(a, b Loc) float64 {
		pa, pb := res(a), res(b)
		if pa.Size <= 0 {
			return 1
		}
		return math.Hypot(pa.X-pb.X, pa.Y-pb.Y) / pa.Size
	}
	arrive := map[model.Square]float64{} // when the first mover reaches a square
	slide := func(ai, vi int, from Loc, piece model.Piece) {
		a := appear[ai]
		to := boardLoc(a, nb)
		d := SlideDuration(squares(from, to))
		if opt.Dragged && from.Square == ev.From && !from.Hand {
			d = 0
		}
		t := Track{Mode: Slide, Piece: piece, EndPiece: a.Piece, From: from, To: to, Dur: d, Keep: true, Top: true}
		if piece != a.Piece {
			t.Morph = MorphDur
		}
		p.Tracks = append(p.Tracks, t)
		p.Hidden = append(p.Hidden, Cell{a.Square, a.Slot})
		if at, ok := arrive[a.Square]; !ok || d < at {
			arrive[a.Square] = d
		}
		aDone[ai] = true
		if vi >= 0 {
			vUsed[vi] = true
		}
	}
	morph := func(ai, vi int) {
		a, v := appear[ai], vanish[vi]
		p.Tracks = append(p.Tracks, Track{Mode: Morph, Piece: v.Piece, EndPiece: a.Piece,
			From: boardLoc(v, ob), To: boardLoc(a, nb), Morph: MorphDur, Keep: true})
		p.Hidden = append(p.Hidden, Cell{a.Square, a.Slot})
		aDone[ai], vUsed[vi] = true, true
	}
	find := func(ok func(v model.Change) bool) int {
		// Prefer the mover's square, then the first match.
		best := -1
		for i, v := range vanish {
			if vUsed[i] || !ok(v) {
				continue
			}
			if v.Square == ev.From {
				return i
			}
			if best < 0 {
				best = i
			}
		}
		return best
	}
	eachBoardAppear := func(f func(i int, a model.Change)) {
		for i, a := range appear {
			if !aDone[i] && a.Square.Valid() {
				f(i, a)
			}
		}
	}
	// 1. Unchanged pieces listed anyway (same square and piece): at most a stack shift.
	eachBoardAppear(func(i int, a model.Change) {
		vi := find(func(v model.Change) bool { return v.Square == a.Square && v.Piece == a.Piece && v.Slot == a.Slot })
		if vi < 0 {
			vi = find(func(v model.Change) bool { return v.Square == a.Square && v.Piece == a.Piece })
		}
		if vi < 0 {
			return
		}
		from, to := boardLoc(vanish[vi], ob), boardLoc(a, nb)
		if from.Slot != to.Slot || from.Lone != to.Lone {
			slide(i, vi, from, a.Piece)
			return
		}
		aDone[i], vUsed[vi] = true, true
	})
	// 2. The same piece moving elsewhere: a slide (castling, units, plain moves).
	eachBoardAppear(func(i int, a model.Change) {
		vi := find(func(v model.Change) bool { return v.Square.Valid() && v.Square != a.Square && v.Piece == a.Piece })
		if vi >= 0 {
			slide(i, vi, boardLoc(vanish[vi], ob), vanish[vi].Piece)
		}
	})
	// 3a. What stays behind on the mover's square after a split: morph in place.
	eachBoardAppear(func(i int, a model.Change) {
		if a.Square != ev.From {
			return
		}
		vi := find(func(v model.Change) bool { return v.Square == a.Square && v.Piece.Color() == a.Piece.Color() })
		if vi >= 0 {
			morph(i, vi)
		}
	})
	// 3. The mover changing on arrival (promotion, metamorphosis, demotion, fusion, assimilation).
	eachBoardAppear(func(i int, a model.Change) {
		vi := find(func(v model.Change) bool {
			return v.Square.Valid() && v.Square != a.Square && v.Square == ev.From && v.Piece.Color() == a.Piece.Color()
		})
		if vi >= 0 {
			slide(i, vi, boardLoc(vanish[vi], ob), vanish[vi].Piece)
		}
	})
	// 4. A change in place.
	eachBoardAppear(func(i int, a model.Change) {
		vi := find(func(v model.Change) bool { return v.Square == a.Square && v.Piece.Color() == a.Piece.Color() })
		if vi >= 0 {
			morph(i, vi)
		}
	})
	// 5. A component leaving the mover's square (split): it slides out of it.
	eachBoardAppear(func(i int, a model.Change) {
		if !ev.From.Valid() || a.Square == ev.From {
			return
		}
		for _, v := range vanish {
			if v.Square == ev.From {
				slide(i, -1, Loc{Square: ev.From, Slot: v.Slot, Lone: ob.Lone(ev.From)}, a.Piece)
				return
			}
		}
	})
	// 6. A drop: from the hand.
	eachBoardAppear(func(i int, a model.Change) {
		vi := find(func(v model.Change) bool { return !v.Square.Valid() && v.Piece.SameKind(a.Piece) })
		if vi < 0 {
			return
		}
		v := vanish[vi]
		from := handLoc(v)
		to := boardLoc(a, nb)
		d := FlightDuration(squares(from, to))
		if opt.Dragged {
			d = 0
		}
		piece := v.Piece
		if piece.Color() != a.Piece.Color() {
			piece = a.Piece
		}
		t := Track{Mode: Slide, Piece: piece, EndPiece: a.Piece, From: from, To: to, Dur: d, Keep: true, Top: true}
		if piece != a.Piece {
			t.Morph = MorphDur
		}
		p.Tracks = append(p.Tracks, t)
		p.Hidden = append(p.Hidden, Cell{a.Square, a.Slot})
		aDone[i], vUsed[vi] = true, true
	})
	// 7. Anything else appears in place.
	eachBoardAppear(func(i int, a model.Change) {
		p.Tracks = append(p.Tracks, Track{Mode: FadeIn, Piece: a.Piece, EndPiece: a.Piece,
			From: boardLoc(a, nb), To: boardLoc(a, nb), Dur: MorphDur, Keep: true})
		p.Hidden = append(p.Hidden, Cell{a.Square, a.Slot})
		aDone[i] = true
	})
	// Captures into a hand: the victim lifts off its square when the capturer
	// lands, changes colour mid-air and flies to the hand.
	for i, a := range appear {
		if aDone[i] || a.Square.Valid() {
			continue
		}
		vi := find(func(v model.Change) bool { return v.Square.Valid() && v.Piece.SameKind(a.Piece) })
		if vi < 0 {
			aDone[i] = true
			continue
		}
		v := vanish[vi]
		from, to := boardLoc(v, ob), handLoc(a)
		start := arrive[v.Square] * 0.7
		d := FlightDuration(squares(from, to))
		p.Tracks = append(p.Tracks, Track{Mode: Fly, Piece: v.Piece, EndPiece: a.Piece, From: from, To: to,
			Start: start, Dur: d, Hold: true, Top: true})
		p.Hands = append(p.Hands, HandHold{Color: a.HandColor, Piece: a.Piece, Delta: 1, Until: start + d})
		aDone[i], vUsed[vi] = true, true
	}
	// Vanished pieces with no destination: they stay until the mover lands on
	// them (capture, absorption, fusion partner), then fade out.
	for i, v := range vanish {
		if vUsed[i] || !v.Square.Valid() {
			continue
		}
		start := arrive[v.Square]
		dur := FadeDur
		if _, ok := arrive[v.Square]; ok {
			dur = MorphDur
		}
		p.Tracks = append(p.Tracks, Track{Mode: FadeOut, Piece: v.Piece, EndPiece: v.Piece,
			From: boardLoc(v, ob), To: boardLoc(v, ob), Start: start, Dur: dur, Hold: true})
	}
	// Stack shifts: a piece that stays put but whose square gained or lost its
	// partner moves between the centre and its slot.
	if ob.Bifold && nb.Bifold {
		for sq := model.Square(0); sq < 64; sq++ {
			if ob.Lone(sq) == nb.Lone(sq) {
				continue
			}
			for s := 0; s < 2; s++ {
				pc := nb.Cells[sq][s]
				if pc == model.None || ob.Cells[sq][s] != pc || p.HidesCell(sq, s) || touched(ev, sq, s) {
					continue
				}
				from := Loc{Square: sq, Slot: s, Lone: ob.Lone(sq)}
				to := Loc{Square: sq, Slot: s, Lone: nb.Lone(sq)}
				p.Tracks = append(p.Tracks, Track{Mode: Slide, Piece: pc, EndPiece: pc, From: from, To: to,
					Dur: SlideMin, Keep: true})
				p.Hidden = append(p.Hidden, Cell{sq, s})
			}
		}
	}
	for i := range p.Tracks {
		p.Total = math.Max(p.Total, p.Tracks[i].End())
	}
	return p
}

func touched(ev model.Event, sq model.Square, slot int) bool {
	for _, c := range ev.Changes {
		if c.Square == sq && c.Slot == slot {
			return true
		}
	}
	return false
}

// Active reports whether the plan still animates at time t (ms).
func (p *Plan) Active(t float64) bool { return p != nil && t < p.Total }

// Sample returns the tokens to draw at time t (ms), bottom first.
func (p *Plan) Sample(t float64, res Resolver) []Sprite {
	if p == nil {
		return nil
	}
	var low, high []Sprite
	for i := range p.Tracks {
		tr := &p.Tracks[i]
		s, ok := tr.sample(t, res)
		if !ok {
			continue
		}
		for _, sp := range s {
			if sp.Top {
				high = append(high, sp)
			} else {
				low = append(low, sp)
			}
		}
	}
	return append(low, high...)
}

func lerp(a, b, u float64) float64 { return a + (b-a)*u }

func (tr *Track) sample(t float64, res Resolver) ([]Sprite, bool) {
	from, to := res(tr.From), res(tr.To)
	at := func(pos Pos, piece model.Piece, loc Loc) Sprite {
		return Sprite{Piece: piece, X: pos.X, Y: pos.Y, Size: pos.Size, Scale: 1, Alpha: 1, Loc: loc}
	}
	if t < tr.Start {
		if tr.Hold {
			return []Sprite{at(from, tr.Piece, tr.From)}, true
		}
		if tr.Mode == Slide || tr.Mode == Morph || tr.Mode == FadeIn {
			// Not started yet (never happens for these today): show the start.
			return []Sprite{at(from, tr.Piece, tr.From)}, true
		}
		return nil, false
	}
	if t >= tr.End() {
		if tr.Keep {
			return []Sprite{at(to, tr.EndPiece, tr.To)}, true
		}
		return nil, false
	}
	lt := t - tr.Start
	switch tr.Mode {
	case Slide:
		if lt < tr.Dur {
			u := EaseOutCubic(lt / tr.Dur)
			s := at(Pos{lerp(from.X, to.X, u), lerp(from.Y, to.Y, u), lerp(from.Size, to.Size, u)}, tr.Piece, tr.To)
			s.Top = tr.Top
			return []Sprite{s}, true
		}
		return morphSprites(at(to, tr.Piece, tr.To), tr.EndPiece, (lt-tr.Dur)/math.Max(1, tr.Morph), tr.Top), true
	case Morph:
		return morphSprites(at(to, tr.Piece, tr.To), tr.EndPiece, lt/math.Max(1, tr.Morph), tr.Top), true
	case FadeIn:
		u := EaseOutCubic(lt / tr.Dur)
		s := at(to, tr.EndPiece, tr.To)
		s.Alpha, s.Scale = u, 0.6+0.4*u
		return []Sprite{s}, true
	case FadeOut:
		u := lt / tr.Dur
		s := at(from, tr.Piece, tr.From)
		s.Alpha = 1 - u
		s.Scale = 1 - 0.15*u
		return []Sprite{s}, true
	case Fly:
		u := lt / tr.Dur
		e := EaseOutCubic(u)
		// An arc: lift towards the middle of the flight.
		lift := math.Sin(math.Pi*u) * from.Size * 0.35
		s := Sprite{X: lerp(from.X, to.X, e), Y: lerp(from.Y, to.Y, e) - lift, Size: lerp(from.Size, to.Size, e),
			Scale: 1 + 0.2*math.Sin(math.Pi*u), Alpha: 1, Top: true, Loc: tr.To, Piece: tr.Piece}
		if u >= 0.5 {
			s.Piece = tr.EndPiece
		}
		return []Sprite{s}, true
	}
	return nil, false
}

// morphSprites cross-fades base's piece into end with a scale pulse.
func morphSprites(base Sprite, end model.Piece, u float64, top bool) []Sprite {
	u = clamp01(u)
	pulse := 1 + 0.16*math.Sin(math.Pi*u)
	a, b := base, base
	a.Alpha, a.Scale, a.Top = 1-u, pulse, top
	b.Piece, b.Alpha, b.Scale, b.Top = end, u, pulse, top
	if base.Piece == end {
		b.Alpha = 1
		return []Sprite{b}
	}
	return []Sprite{a, b}
}
