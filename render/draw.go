//go:build js || native

package render

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"time"

	"chimera/render/anim"
	"chimera/render/input"
	"chimera/render/layout"
	"chimera/render/model"
	"chimera/sprites"
)

// Colours of the interface (calm, lichess-like).
var (
	// The background, the panels, their text and the squares are the
	// theme's (Palette, g.pal).
	colAccent   = rgba(0x62, 0x99, 0x24, 0xff)
	colLast     = rgba(0x9b, 0xc7, 0x00, 0x69)
	colSelected = rgba(0x14, 0x55, 0x1e, 0x80)
	colDest     = rgba(0x14, 0x55, 0x1e, 0x80)
	colFuse     = rgba(0x00, 0x6e, 0xb4, 0xb0)
	colBecomes  = rgba(0xf2, 0xc1, 0x4e, 0xe0) // behind what a capture turns the mover into
	colPremove  = rgba(0x14, 0x1e, 0x55, 0x66) // a premove's squares and destinations
	colCheck    = rgba(0xff, 0x10, 0x10, 0xff)
	colDivider  = rgba(0x80, 0x78, 0x70, 0xc0)
	// The overlay: a described piece's squares, hints, a lesson's squares.
	colMark   = rgba(0x3a, 0x2a, 0xb8, 0xb8) // what a described piece reaches
	colDanger = rgba(0xff, 0x6a, 0x00, 0xff) // a piece of the player's under attack
	colThreat = rgba(0xd8, 0x20, 0x20, 0x60) // a square the opponent threatens
	colFocus  = rgba(0x1e, 0x78, 0xe6, 0xe0) // a square the text is about
	colArrow  = rgba(0x15, 0x78, 0x1b, 0xc0) // a suggested move
)

// paint draws the whole scene onto p.dst (a sub-image clips it).
func (g *Game) paint(p painter, now time.Time) {
	p.dst.Fill(g.pal.BG)
	if g.lay.Sq <= 0 {
		return
	}
	g.drawBoard(p)
	g.drawPieces(p, now)
	g.drawHands(p, now)
	g.drawSprites(p, now)
	g.drawArrows(p)
	g.drawChoice(p)
	g.drawDrag(p)
}

func (g *Game) drawBoard(p painter) {
	l := &g.lay
	b := &g.board
	sel, hasSel := g.in.Selected()
	for sq := model.Square(0); sq < 64; sq++ {
		r := l.SquareRect(sq)
		c := g.pal.Dark
		if (sq.File()+sq.Rank())%2 == 1 {
			c = g.pal.Light
		}
		p.rect(r.X, r.Y, r.W, r.H, c)
		if sq == b.LastFrom || sq == b.LastTo {
			p.rect(r.X, r.Y, r.W, r.H, colLast)
		}
		if hasSel && !sel.Hand && sel.Square == sq {
			p.rect(r.X, r.Y, r.W, r.H, colSelected)
		}
		if sq == b.Check {
			cx, cy := r.Center()
			p.glow(cx, cy, r.W*0.62, colCheck)
		}
	}
	// Coordinates: files along the bottom edge, ranks along the left edge.
	fs := math.Max(9, l.Sq*0.17)
	for i := 0; i < 8 && g.style.Coords; i++ {
		fsq := model.Sq(i, 0)
		rsq := model.Sq(0, i)
		if l.Flipped {
			fsq, rsq = model.Sq(i, 7), model.Sq(7, i)
		}
		r := l.SquareRect(fsq)
		c := g.pal.Light
		if (fsq.File()+fsq.Rank())%2 == 1 {
			c = g.pal.Dark
		}
		p.text(string(rune('a'+i)), r.X+r.W-2, r.Y+r.H-1, fs, true, c, alignEnd, alignEnd)
		r = l.SquareRect(rsq)
		c = g.pal.Light
		if (rsq.File()+rsq.Rank())%2 == 1 {
			c = g.pal.Dark
		}
		p.text(string(rune('1'+i)), r.X+2, r.Y+1, fs, true, c, alignStart, alignStart)
	}
	g.drawMarks(p)
	// Legal destinations of the selection.
	if !g.style.Dots {
		return
	}
	kinds := map[model.Square]map[model.MoveKind]bool{}
	becomes := map[model.Square]model.Piece{} // what the mover turns into there (one piece for all its moves there)
	dest := colDest
	for _, t := range g.in.Dests() {
		if t.Premove {
			dest = colPremove // a premove's destinations: not played at once
		}
		if kinds[t.To] == nil {
			kinds[t.To] = map[model.MoveKind]bool{}
			becomes[t.To] = t.Becomes
		} else if becomes[t.To] != t.Becomes {
			becomes[t.To] = model.None
		}
		kinds[t.To][t.Kind] = true
	}
	for sq, ks := range kinds {
		r := l.SquareRect(sq)
		cx, cy := r.Center()
		occupied := b.Count(sq) > 0
		// Dots for quiet moves, rings for captures, blue corner marks for a
		// fusion (or assimilation), a blue rounded frame for joining a square.
		fuse := ks[model.Merge]
		join := ks[model.Join]
		switch {
		case fuse:
			g.cornerMarks(p, r, colFuse)
		case join:
			p.roundRect(r.X+r.W*0.05, r.Y+r.H*0.05, r.W*0.9, r.H*0.9, r.W*0.14, r.W*0.05, colFuse)
		}
		if ks[model.Capture] || (occupied && !fuse && !join) {
			p.ring(cx, cy, r.W*0.44, r.W*0.08, dest)
		} else if !fuse && !join {
			p.circle(cx, cy, r.W*0.15, dest)
		}
		// A capture that changes the mover (a demotion, an assimilation)
		// says so before it is made: what it becomes, small, in the corner.
		if pc := becomes[sq]; pc != model.None {
			bx, by := r.X+r.W*0.8, r.Y+r.H*0.2
			p.circle(bx, by, r.W*0.2, colBecomes)
			p.piece(pc, g.board.Bifold, bx, by, r.W, 0.36, 1, false)
		}
	}
}

// cornerMarks draws lichess-style corner triangles (a capture or fusion target).
func (g *Game) cornerMarks(p painter, r layout.Rect, c interface{ RGBA() (r, g, b, a uint32) }) {
	k := r.W * 0.3
	x0, y0, x1, y1 := r.X, r.Y, r.X+r.W, r.Y+r.H
	p.poly(c, x0, y0, x0+k, y0, x0, y0+k)
	p.poly(c, x1, y0, x1-k, y0, x1, y0+k)
	p.poly(c, x0, y1, x0+k, y1, x0, y1-k)
	p.poly(c, x1, y1, x1-k, y1, x1, y1-k)
}

// movesDown says whether pc moves down the screen and is a handed bifold
// pawn, whose mark is drawn along its forward direction (sprites.Draw); other
// tokens are drawn the same either way, so they are not told.
func (g *Game) movesDown(pc model.Piece) bool {
	if !g.board.Bifold {
		return false
	}
	if u := pc.Upper(); u != 'L' && u != 'D' {
		return false
	}
	return (pc.Color() == 1) != g.flipped
}

// drawToken draws piece pc for a square of sq CSS px centred at (x, y).
func (g *Game) drawToken(p painter, pc model.Piece, x, y, sq, scale, alpha float64) {
	p.piece(pc, g.board.Bifold, x, y, sq, scale, alpha, g.movesDown(pc))
}

func (g *Game) drawPieces(p painter, now time.Time) {
	l := &g.lay
	t := g.planTime(now)
	plan := g.plan
	if !plan.Active(t) {
		plan = nil
	}
	dragSrc, _, _, _, dragging := g.in.Drag()
	sel, hasSel := g.in.Selected()
	for sq := model.Square(0); sq < 64; sq++ {
		if dragging && !dragSrc.Hand && dragSrc.Square == sq {
			// The dragged piece leaves a faint ghost behind.
			g.drawCell(p, sq, plan, 0.35, 1)
			continue
		}
		lift := 1.0
		if hasSel && !sel.Hand && sel.Square == sq {
			r := l.SquareRect(sq)
			cx, cy := r.Center()
			p.glow(cx, cy+r.H*0.3, r.W*0.45, rgba(0, 0, 0, 0x70))
			lift = 1.06
		}
		g.drawCell(p, sq, plan, 1, lift)
	}
}

// drawSprites draws the animation's tokens, above the board and the hands (a
// captured piece flies into its hand).
func (g *Game) drawSprites(p painter, now time.Time) {
	t := g.planTime(now)
	if !g.plan.Active(t) {
		return
	}
	sq := g.lay.Sq
	for _, s := range g.plan.Sample(t, g.resolve) {
		// Tokens in flight change size between a hand and the board: draw the
		// board-size token scaled rather than rasterising every size.
		g.drawToken(p, s.Piece, s.X, s.Y, sq, s.Scale*s.Size/sq, s.Alpha)
	}
}

// drawCell draws the static pieces of sq (skipping those an animation draws).
func (g *Game) drawCell(p painter, sq model.Square, plan *anim.Plan, alpha, lift float64) {
	b := &g.board
	l := &g.lay
	n := b.Count(sq)
	if n == 0 {
		return
	}
	r := l.SquareRect(sq)
	lone := b.Lone(sq)
	if b.Bifold && n == 2 && b.Cells[sq][0].Color() != b.Cells[sq][1].Color() && !plan.HidesCell(sq, 0) && !plan.HidesCell(sq, 1) {
		// A mixed square: a thin divider between the two colours.
		cx := r.X + r.W/2
		p.line(cx, r.Y+r.H*0.3, cx, r.Y+r.H*0.86, math.Max(1, r.W*0.02), colDivider)
	}
	for s := 0; s < 2; s++ {
		pc := b.Cells[sq][s]
		if pc == model.None || plan.HidesCell(sq, s) {
			continue
		}
		c := l.SlotCenter(sq, s, b.Bifold && sprites.IsHalf(byte(pc), true), lone)
		dy := 0.0
		if lift != 1 {
			dy = -r.H * 0.04
		}
		g.drawToken(p, pc, c.X, c.Y+dy, l.Sq, lift, alpha)
	}
}

func (g *Game) drawHands(p painter, now time.Time) {
	b := &g.board
	if !b.HasHands {
		return
	}
	l := &g.lay
	t := g.planTime(now)
	plan := g.plan
	if !plan.Active(t) {
		plan = nil
	}
	sel, hasSel := g.in.Selected()
	dragSrc, _, _, _, dragging := g.in.Drag()
	for c := 0; c < 2; c++ {
		hr := l.Hands[c]
		p.roundRect(hr.X, hr.Y, hr.W, hr.H, 6, 0, g.pal.Panel)
		if c == b.Turn {
			p.roundRect(hr.X, hr.Y, hr.W, hr.H, 6, 1.5, colAccent)
		}
		if handEmpty(b.Hands[c], c, plan, t) {
			// Say what the panel is for until something is captured.
			name := "White's hand"
			if c == 1 {
				name = "Black's hand"
			}
			p.text(name, hr.X+hr.W/2, hr.Y+hr.H/2, 13, false, g.pal.TextDim, alignCenter, alignCenter)
		}
		for i, it := range b.Hands[c] {
			n := it.Count + plan.HandDelta(c, it.Piece, t)
			r := l.HandSlot(c, i)
			cx, cy := r.Center()
			if n <= 0 {
				continue
			}
			// A light tile so both colours read on the dark panel.
			p.roundRect(r.X+3, r.Y+3, r.W-6, r.H-6, 6, 0, rgba(0xe6, 0xd3, 0xb3, 0xff))
			if hasSel && sel.Hand && sel.Color == c && sel.Piece.SameKind(it.Piece) {
				p.roundRect(r.X+2, r.Y+2, r.W-4, r.H-4, 6, 0, colSelected)
			}
			alpha := 1.0
			if dragging && dragSrc.Hand && dragSrc.Color == c && dragSrc.Piece.SameKind(it.Piece) && n == 1 {
				alpha = 0.35
			}
			sz := r.W * 0.92
			if b.Bifold && sprites.IsHalf(byte(it.Piece), true) {
				sz = r.W * 1.3
			}
			g.drawToken(p, it.Piece, cx, cy, sz, 1, alpha)
			// The count badge.
			bx, by, br := r.X+r.W*0.8, r.Y+r.H*0.2, math.Max(8, r.W*0.16)
			p.circle(bx, by, br, colAccent)
			p.text(fmt.Sprint(n), bx, by, br*1.3, true, g.pal.Text, alignCenter, alignCenter)
		}
	}
}

// handEmpty reports whether a hand shows no piece at time t of plan.
func handEmpty(h []model.HandItem, c int, plan *anim.Plan, t float64) bool {
	for _, it := range h {
		if it.Count+plan.HandDelta(c, it.Piece, t) > 0 {
			return false
		}
	}
	return true
}

func (g *Game) drawChoice(p painter) {
	ch := g.in.Choice()
	if ch == nil {
		return
	}
	bd := g.lay.Board
	n := len(ch.Options)
	grid := n > layout.MaxColumnChoices
	dim := uint8(0x55)
	if grid {
		dim = 0xa8 // the options cover the board: let them stand out
	}
	p.rect(bd.X, bd.Y, bd.W, bd.H, rgba(0, 0, 0, dim))
	// One font size for all the labels: the largest at which each fits.
	maxW := g.lay.ChoiceLabelWidth(n) - 10
	fs := 0.0
	for i, o := range ch.Options {
		if o.Target.Label == "" || (o.Target.Icon[0] == 0 && o.Target.Icon[1] == 0) {
			continue
		}
		_, f := fitLabel(p, o.Target.Label, math.Max(11, o.R*0.27), maxW)
		if i == 0 || f < fs || fs == 0 {
			fs = f
		}
	}
	for _, o := range ch.Options {
		g.drawOption(p, o, maxW, fs, grid)
	}
}

// fitLabel sets s in at most two lines (split after a comma, else at the
// space nearest the middle) of at most maxW CSS pixels, with the largest font
// size from size down to 8 that fits; what still does not fit is elided.
func fitLabel(p painter, s string, size, maxW float64) ([]string, float64) {
	fits := func(lines []string, fs float64) bool {
		for _, l := range lines {
			if p.textWidth(l, fs, true) > maxW {
				return false
			}
		}
		return true
	}
	var two []string
	if i := strings.Index(s, ", "); i > 0 {
		two = []string{s[:i+1], s[i+2:]}
	} else if sp := strings.Count(s, " "); sp > 0 {
		best := -1
		for i, c := range s {
			if c == ' ' && (best < 0 || math.Abs(float64(i)-float64(len(s))/2) < math.Abs(float64(best)-float64(len(s))/2)) {
				best = i
			}
		}
		two = []string{s[:best], s[best+1:]}
	}
	for fs := size; fs >= 8; fs-- {
		if fits([]string{s}, fs) {
			return []string{s}, fs
		}
		if two != nil && fits(two, fs) {
			return two, fs
		}
	}
	lines := []string{s}
	if two != nil {
		lines = two
	}
	for i, l := range lines {
		r := []rune(l)
		for len(r) > 1 && p.textWidth(string(r)+"…", 8, true) > maxW {
			r = r[:len(r)-1]
		}
		if string(r) != l {
			lines[i] = string(r) + "…"
		}
	}
	return lines, 8
}

// drawOption draws one choice token; its label (font size fs, at most maxW
// wide) goes on a pill over the token's foot, or below the token in a grid.
func (g *Game) drawOption(p painter, o input.Option, maxW, fs float64, grid bool) {
	p.glow(o.X, o.Y+o.R*0.1, o.R*1.25, rgba(0, 0, 0, 0x90))
	p.circle(o.X, o.Y, o.R, rgba(0xf4, 0xf1, 0xea, 0xff))
	p.ring(o.X, o.Y, o.R, math.Max(1.5, o.R*0.06), colAccent)
	sq := o.R * 1.7
	ic := o.Target.Icon
	half := func(pc model.Piece) bool { return g.board.Bifold && sprites.IsHalf(byte(pc), true) }
	switch {
	case ic[0] != 0 && ic[1] != 0:
		g.drawToken(p, ic[0], o.X-sq/4, o.Y-o.R*0.12, sq, 1, 1)
		g.drawToken(p, ic[1], o.X+sq/4, o.Y-o.R*0.12, sq, 1, 1)
	case ic[0] != 0:
		s := sq
		if half(ic[0]) {
			s = sq * 1.25
		}
		g.drawToken(p, ic[0], o.X, o.Y-o.R*0.12, s, 1, 1)
	default:
		// A label alone: as large as fits inside the token.
		fs := math.Max(10, o.R*0.32)
		for fs > 9 && p.textWidth(o.Target.Label, fs, true) > o.R*1.8 {
			fs--
		}
		p.text(o.Target.Label, o.X, o.Y, fs, true, g.pal.BG, alignCenter, alignCenter)
		return
	}
	if o.Target.Label != "" {
		// The label on a pill under the piece (two lines if need be), kept
		// inside the board: a token on the edge file would otherwise have its
		// label cut off.
		lines, fs := fitLabel(p, o.Target.Label, fs, maxW)
		w := 0.0
		for _, l := range lines {
			w = math.Max(w, p.textWidth(l, fs, true))
		}
		w += 10
		lh := fs * 1.2
		h := lh*float64(len(lines)) + fs*0.3
		top := o.Y + o.R*0.74 - fs*0.7
		if grid {
			top = o.Y + o.R + 3
		}
		bd := g.lay.Board
		x0 := math.Max(bd.X+2, math.Min(o.X-w/2, bd.X+bd.W-2-w))
		p.roundRect(x0, top, w, h, math.Min(fs*0.7, h/2), 0, rgba(0x2c, 0x2a, 0x27, 0xe8))
		for i, l := range lines {
			p.text(l, x0+w/2, top+fs*0.15+lh*(float64(i)+0.5), fs, true, g.pal.Text, alignCenter, alignCenter)
		}
	}
}

func (g *Game) drawDrag(p painter) {
	src, x, y, touch, ok := g.in.Drag()
	if !ok {
		return
	}
	b := &g.board
	sq := g.lay.Sq
	scale := 1.0
	if touch {
		// Above the finger and a little larger, with the target square marked.
		if t, ok := g.lay.SquareAt(x, y); ok {
			r := g.lay.SquareRect(t)
			cx, cy := r.Center()
			p.circle(cx, cy, r.W*1.0, rgba(0x14, 0x55, 0x1e, 0x40))
		}
		y -= sq * 0.9
		scale = 1.4
	}
	if src.Hand {
		g.drawToken(p, src.Piece, x, y, sq, scale, 1)
		return
	}
	n := b.Count(src.Square)
	for s := 0; s < 2; s++ {
		pc := b.Cells[src.Square][s]
		if pc == model.None || src.Only > 0 && s != src.Only-1 {
			continue // the editor drags one piece of a pair
		}
		dx := 0.0
		if b.Bifold && n == 2 && src.Only == 0 && sprites.IsHalf(byte(pc), true) {
			dx = (float64(s) - 0.5) * sq / 2 * scale
		}
		g.drawToken(p, pc, x+dx, y, sq, scale, 1)
	}
}

// drawMarks draws the overlay's marked squares: tints and frames under the
// pieces, dots and rings for the squares a described piece reaches.
func (g *Game) drawMarks(p painter) {
	l := &g.lay
	b := &g.board
	for _, m := range g.overlay.Marks {
		if !m.Square.Valid() {
			continue
		}
		r := l.SquareRect(m.Square)
		cx, cy := r.Center()
		switch m.Kind {
		case model.MarkThreat:
			p.rect(r.X, r.Y, r.W, r.H, colThreat)
			// Two diagonal strokes: a threatened square reads without colour too.
			p.line(r.X+r.W*0.2, r.Y+r.H*0.8, r.X+r.W*0.8, r.Y+r.H*0.2, math.Max(1, r.W*0.03), colThreat)
		case model.MarkFocus:
			w := math.Max(2, r.W*0.07)
			p.roundRect(r.X+w/2, r.Y+w/2, r.W-w, r.H-w, r.W*0.08, w, colFocus)
		case model.MarkPremove:
			p.rect(r.X, r.Y, r.W, r.H, colPremove)
		case model.MarkDanger:
			p.glow(cx, cy, r.W*0.6, colDanger)
		case model.MarkMove:
			if b.Count(m.Square) > 0 {
				p.ring(cx, cy, r.W*0.44, r.W*0.08, colMark)
			} else {
				p.circle(cx, cy, r.W*0.17, colMark)
			}
		case model.MarkCover:
			// A hollow ring: covered (attacked or defended), not a move.
			if b.Count(m.Square) > 0 {
				w := math.Max(1.5, r.W*0.05)
				p.roundRect(r.X+r.W*0.06, r.Y+r.H*0.06, r.W*0.88, r.H*0.88, r.W*0.1, w, colMark)
			} else {
				p.ring(cx, cy, r.W*0.15, math.Max(1.5, r.W*0.05), colMark)
			}
		}
	}
}

// drawArrows draws the overlay's arrows over the pieces, from the centre of
// the source (or the hand piece of a drop) to the centre of the destination.
func (g *Game) drawArrows(p painter) {
	l := &g.lay
	for _, a := range g.overlay.Arrows {
		if !a.To.Valid() {
			continue
		}
		var x0, y0 float64
		switch {
		case a.From.Valid():
			x0, y0 = l.SquareRect(a.From).Center()
		case g.board.HasHands && a.Drop.Color() >= 0:
			i := g.board.HandIndex(a.Drop.Color(), a.Drop)
			if i < 0 {
				continue
			}
			x0, y0 = l.HandSlot(a.Drop.Color(), i).Center()
		default:
			continue
		}
		x1, y1 := l.SquareRect(a.To).Center()
		c, w := arrowLook(a)
		arrowWidth(p, l.Sq, x0, y0, x1, y1, c, w)
	}
	// The player's own arrows and circles (right-drag), in their brushes.
	for _, sh := range g.overlay.Shapes {
		if !sh.From.Valid() || !sh.To.Valid() {
			continue
		}
		c := brushColours[int(sh.Brush)%len(brushColours)]
		if sh.From == sh.To {
			r := l.SquareRect(sh.To)
			cx, cy := r.Center()
			p.ring(cx, cy, r.W*0.45, r.W*0.07, c)
			continue
		}
		x0, y0 := l.SquareRect(sh.From).Center()
		x1, y1 := l.SquareRect(sh.To).Center()
		arrow(p, l.Sq, x0, y0, x1, y1, c)
	}
}

// brushColours are the colours of the drawn shapes, by model.Brush.
var brushColours = []color.NRGBA{
	rgba(0x15, 0x78, 0x1b, 0xb0), // green
	rgba(0x88, 0x20, 0x20, 0xb0), // red
	rgba(0x00, 0x30, 0x88, 0xb0), // blue
	rgba(0xe6, 0x8f, 0x00, 0xb0), // yellow
}

// colThreatArrow is the colour of a threat's arrows (model.Arrow.Threat).
var colThreatArrow = rgba(0xc0, 0x20, 0x20, 0xa0)

// arrowLook is an overlay arrow's colour and width: each rank thinner and
// fainter than the one before (analysis lines, best boldest).
func arrowLook(a model.Arrow) (color.NRGBA, float64) {
	c := colArrow
	if a.Threat {
		c = colThreatArrow
	}
	r := min(max(a.Rank, 0), 4)
	c.A = uint8(float64(c.A) * (1 - 0.18*float64(r)))
	return c, 1 - 0.17*float64(r)
}

// arrow draws an arrow of colour c from (x0, y0) to (x1, y1) for squares of
// sq CSS pixels.
func arrow(p painter, sq, x0, y0, x1, y1 float64, c color.NRGBA) {
	arrowWidth(p, sq, x0, y0, x1, y1, c, 1)
}

// arrowWidth is arrow with its shaft and head scaled by w.
func arrowWidth(p painter, sq, x0, y0, x1, y1 float64, c color.NRGBA, w float64) {
	dx, dy := x1-x0, y1-y0
	n := math.Hypot(dx, dy)
	if n < 1 {
		return
	}
	ux, uy := dx/n, dy/n // along
	vx, vy := -uy, ux    // across
	half, head, headW := sq*0.09*w, math.Min(sq*0.45, n*0.6)*(0.6+0.4*w), sq*0.24*w
	sx, sy := x0+ux*sq*0.2, y0+uy*sq*0.2 // leave the piece's middle visible
	ex, ey := x1-ux*sq*0.15, y1-uy*sq*0.15
	bx, by := ex-ux*head, ey-uy*head // the head's base
	// Two convex shapes (the painter fills a fan of triangles), meeting
	// at the head's base.
	p.poly(c, sx+vx*half, sy+vy*half, bx+vx*half, by+vy*half, bx-vx*half, by-vy*half, sx-vx*half, sy-vy*half)
	p.poly(c, bx+vx*headW, by+vy*headW, ex, ey, bx-vx*headW, by-vy*headW)
}
