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

	emergeShare = 0.4 // the part of its slide over which a splitting component fades in
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
	Emerge   bool    // a Slide that fades in over the first part of its motion (a component leaving its compound)
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
//
// The event lists the pieces that vanish and those that appear. Build pairs
// them by the matchers of passes, in order: each takes the appearing pieces
// still unplanned that it recognises, with the vanishing piece each comes
// from (if any), and plans their tracks. What no matcher takes fades in
// place; the vanishing pieces left over fade out where the mover lands on
// them.
func Build(ev model.Event, ob, nb *model.Board, res Resolver, opt Options) *Plan {
	b := &builder{ev: ev, ob: ob, nb: nb, res: res, opt: opt, p: &Plan{}, arrive: map[model.Square]float64{}}
	for _, c := range ev.Changes {
		if c.Appear {
			b.appear = append(b.appear, c)
		} else {
			b.vanish = append(b.vanish, c)
		}
	}
	b.vUsed = make([]bool, len(b.vanish))
	b.aDone = make([]bool, len(b.appear))
	for _, pass := range passes {
		pass.run(b)
	}
	for i := range b.p.Tracks {
		b.p.Total = math.Max(b.p.Total, b.p.Tracks[i].End())
	}
	return b.p
}

// passes are Build's matchers, in the order they run. The order matters
// where two could take the same piece: a piece that stays is recognised
// before a piece that moves, a split's remainder (on the mover's square)
// before the mover's own change, a change on the board before a drop.
var passes = []struct {
	name string
	run  func(*builder)
}{
	{"unchanged: listed but staying (at most a shift within its square)", (*builder).unchanged},
	{"moves: the same piece elsewhere (plain moves, castling, units)", (*builder).moves},
	{"left behind: what stays on the mover's square after a split", (*builder).leftBehind},
	{"mover changes: promotion, metamorphosis, demotion, fusion, assimilation", (*builder).moverChanges},
	{"changes in place", (*builder).changesInPlace},
	{"splits out: a component leaving its compound", (*builder).splitsOut},
	{"drops: from the hand", (*builder).drops},
	{"appears: anything else on the board", (*builder).appears},
	{"to the hand: a capture flying to the captor's hand", (*builder).toHand},
	{"fades: vanishing pieces with no destination", (*builder).fades},
	{"stack shifts: a partner came or went", (*builder).stackShifts},
}

// builder is Build's state: the event's changes, which are planned, and
// when the first mover reaches each square.
type builder struct {
	ev     model.Event
	ob, nb *model.Board
	res    Resolver
	opt    Options
	p      *Plan

	vanish, appear []model.Change
	vUsed, aDone   []bool
	arrive         map[model.Square]float64
}

func (b *builder) boardLoc(c model.Change, bd *model.Board) Loc {
	return Loc{Square: c.Square, Slot: c.Slot, Lone: bd.Lone(c.Square)}
}

func handLoc(c model.Change) Loc {
	return Loc{Hand: true, Square: model.NoSquare, Color: c.HandColor, Piece: c.Piece}
}

// squares is the distance between two locations in squares.
func (b *builder) squares(x, y Loc) float64 {
	px, py := b.res(x), b.res(y)
	if px.Size <= 0 {
		return 1
	}
	return math.Hypot(px.X-py.X, px.Y-py.Y) / px.Size
}

// find returns an unused vanishing piece that ok accepts, the mover's
// square's first; -1 when none.
func (b *builder) find(ok func(v model.Change) bool) int {
	best := -1
	for i, v := range b.vanish {
		if b.vUsed[i] || !ok(v) {
			continue
		}
		if v.Square == b.ev.From {
			return i
		}
		if best < 0 {
			best = i
		}
	}
	return best
}

// eachBoardAppear calls f for each appearing board piece not yet planned.
func (b *builder) eachBoardAppear(f func(i int, a model.Change)) {
	for i, a := range b.appear {
		if !b.aDone[i] && a.Square.Valid() {
			f(i, a)
		}
	}
}

// slide plans appearing piece ai coming from `from` as piece (the vanishing
// piece vi, or -1), morphing on arrival if it changed.
func (b *builder) slide(ai, vi int, from Loc, piece model.Piece, emerge bool) {
	a := b.appear[ai]
	to := b.boardLoc(a, b.nb)
	d := SlideDuration(b.squares(from, to))
	if b.opt.Dragged && from.Square == b.ev.From && !from.Hand {
		d = 0
	}
	t := Track{Mode: Slide, Piece: piece, EndPiece: a.Piece, From: from, To: to, Dur: d, Keep: true, Top: true, Emerge: emerge}
	if piece != a.Piece {
		t.Morph = MorphDur
	}
	b.p.Tracks = append(b.p.Tracks, t)
	b.p.Hidden = append(b.p.Hidden, Cell{a.Square, a.Slot})
	if at, ok := b.arrive[a.Square]; !ok || d < at {
		b.arrive[a.Square] = d
	}
	b.aDone[ai] = true
	if vi >= 0 {
		b.vUsed[vi] = true
	}
}

// morph plans appearing piece ai replacing vanishing piece vi in place.
func (b *builder) morph(ai, vi int) {
	a, v := b.appear[ai], b.vanish[vi]
	b.p.Tracks = append(b.p.Tracks, Track{Mode: Morph, Piece: v.Piece, EndPiece: a.Piece,
		From: b.boardLoc(v, b.ob), To: b.boardLoc(a, b.nb), Morph: MorphDur, Keep: true})
	b.p.Hidden = append(b.p.Hidden, Cell{a.Square, a.Slot})
	b.aDone[ai], b.vUsed[vi] = true, true
}

// unchanged: a piece listed as vanishing and appearing on the same square
// stays; if its slot or its being alone changed it shifts within the square.
func (b *builder) unchanged() {
	b.eachBoardAppear(func(i int, a model.Change) {
		vi := b.find(func(v model.Change) bool { return v.Square == a.Square && v.Piece == a.Piece && v.Slot == a.Slot })
		if vi < 0 {
			vi = b.find(func(v model.Change) bool { return v.Square == a.Square && v.Piece == a.Piece })
		}
		if vi < 0 {
			return
		}
		from, to := b.boardLoc(b.vanish[vi], b.ob), b.boardLoc(a, b.nb)
		if from.Slot != to.Slot || from.Lone != to.Lone {
			b.slide(i, vi, from, a.Piece, false)
			return
		}
		b.aDone[i], b.vUsed[vi] = true, true
	})
}

// moves: the same piece leaving one square and appearing on another slides.
func (b *builder) moves() {
	b.eachBoardAppear(func(i int, a model.Change) {
		vi := b.find(func(v model.Change) bool { return v.Square.Valid() && v.Square != a.Square && v.Piece == a.Piece })
		if vi >= 0 {
			b.slide(i, vi, b.boardLoc(b.vanish[vi], b.ob), b.vanish[vi].Piece, false)
		}
	})
}

// leftBehind: on the mover's square after a split, the remaining component
// takes the compound's place by a morph.
func (b *builder) leftBehind() {
	b.eachBoardAppear(func(i int, a model.Change) {
		if a.Square != b.ev.From {
			return
		}
		vi := b.find(func(v model.Change) bool { return v.Square == a.Square && v.Piece.Color() == a.Piece.Color() })
		if vi >= 0 {
			b.morph(i, vi)
		}
	})
}

// moverChanges: the mover arrives as another piece (promotion,
// metamorphosis, demotion, fusion, assimilation): a slide, then a morph.
func (b *builder) moverChanges() {
	b.eachBoardAppear(func(i int, a model.Change) {
		vi := b.find(func(v model.Change) bool {
			return v.Square.Valid() && v.Square != a.Square && v.Square == b.ev.From && v.Piece.Color() == a.Piece.Color()
		})
		if vi >= 0 {
			b.slide(i, vi, b.boardLoc(b.vanish[vi], b.ob), b.vanish[vi].Piece, false)
		}
	})
}

// changesInPlace: a piece of the same side replaced on its square (the
// partner of a fusion) morphs.
func (b *builder) changesInPlace() {
	b.eachBoardAppear(func(i int, a model.Change) {
		vi := b.find(func(v model.Change) bool { return v.Square == a.Square && v.Piece.Color() == a.Piece.Color() })
		if vi >= 0 {
			b.morph(i, vi)
		}
	})
}

// splitsOut: a component leaving the mover's square emerges from the
// compound there and slides out.
func (b *builder) splitsOut() {
	b.eachBoardAppear(func(i int, a model.Change) {
		if !b.ev.From.Valid() || a.Square == b.ev.From {
			return
		}
		for _, v := range b.vanish {
			if v.Square == b.ev.From {
				b.slide(i, -1, Loc{Square: b.ev.From, Slot: v.Slot, Lone: b.ob.Lone(b.ev.From)}, a.Piece, true)
				return
			}
		}
	})
}

// drops: a piece coming from the hand flies to its square.
func (b *builder) drops() {
	b.eachBoardAppear(func(i int, a model.Change) {
		vi := b.find(func(v model.Change) bool { return !v.Square.Valid() && v.Piece.SameKind(a.Piece) })
		if vi < 0 {
			return
		}
		v := b.vanish[vi]
		from := handLoc(v)
		to := b.boardLoc(a, b.nb)
		d := FlightDuration(b.squares(from, to))
		if b.opt.Dragged {
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
		b.p.Tracks = append(b.p.Tracks, t)
		b.p.Hidden = append(b.p.Hidden, Cell{a.Square, a.Slot})
		b.aDone[i], b.vUsed[vi] = true, true
	})
}

// appears: anything else on the board fades in where it is.
func (b *builder) appears() {
	b.eachBoardAppear(func(i int, a model.Change) {
		b.p.Tracks = append(b.p.Tracks, Track{Mode: FadeIn, Piece: a.Piece, EndPiece: a.Piece,
			From: b.boardLoc(a, b.nb), To: b.boardLoc(a, b.nb), Dur: MorphDur, Keep: true})
		b.p.Hidden = append(b.p.Hidden, Cell{a.Square, a.Slot})
		b.aDone[i] = true
	})
}

// toHand: a captured piece lifts off its square when the capturer lands,
// changes colour mid-air and flies to the captor's hand, whose count waits
// for it.
func (b *builder) toHand() {
	for i, a := range b.appear {
		if b.aDone[i] || a.Square.Valid() {
			continue
		}
		vi := b.find(func(v model.Change) bool { return v.Square.Valid() && v.Piece.SameKind(a.Piece) })
		if vi < 0 {
			b.aDone[i] = true
			continue
		}
		v := b.vanish[vi]
		from, to := b.boardLoc(v, b.ob), handLoc(a)
		start := b.arrive[v.Square] * 0.7
		d := FlightDuration(b.squares(from, to))
		b.p.Tracks = append(b.p.Tracks, Track{Mode: Fly, Piece: v.Piece, EndPiece: a.Piece, From: from, To: to,
			Start: start, Dur: d, Hold: true, Top: true})
		b.p.Hands = append(b.p.Hands, HandHold{Color: a.HandColor, Piece: a.Piece, Delta: 1, Until: start + d})
		b.aDone[i], b.vUsed[vi] = true, true
	}
}

// fades: a vanishing piece with no destination stays until the mover lands
// on it (a capture, an absorption, a fusion's partner), then fades out.
func (b *builder) fades() {
	for i, v := range b.vanish {
		if b.vUsed[i] || !v.Square.Valid() {
			continue
		}
		start := b.arrive[v.Square]
		dur := FadeDur
		if _, ok := b.arrive[v.Square]; ok {
			dur = MorphDur
		}
		b.p.Tracks = append(b.p.Tracks, Track{Mode: FadeOut, Piece: v.Piece, EndPiece: v.Piece,
			From: b.boardLoc(v, b.ob), To: b.boardLoc(v, b.ob), Start: start, Dur: dur, Hold: true})
	}
}

// stackShifts: a piece that stays put but whose square gained or lost its
// partner moves between the centre and its slot.
func (b *builder) stackShifts() {
	if !b.ob.Bifold || !b.nb.Bifold {
		return
	}
	for sq := model.Square(0); sq < 64; sq++ {
		if b.ob.Lone(sq) == b.nb.Lone(sq) {
			continue
		}
		for s := 0; s < 2; s++ {
			pc := b.nb.Cells[sq][s]
			if pc == model.None || b.ob.Cells[sq][s] != pc || b.p.HidesCell(sq, s) || touched(b.ev, sq, s) {
				continue
			}
			from := Loc{Square: sq, Slot: s, Lone: b.ob.Lone(sq)}
			to := Loc{Square: sq, Slot: s, Lone: b.nb.Lone(sq)}
			b.p.Tracks = append(b.p.Tracks, Track{Mode: Slide, Piece: pc, EndPiece: pc, From: from, To: to,
				Dur: SlideMin, Keep: true})
			b.p.Hidden = append(b.p.Hidden, Cell{sq, s})
		}
	}
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
			if tr.Emerge {
				s.Alpha = clamp01(lt / (tr.Dur * emergeShare))
			}
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
