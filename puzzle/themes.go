package puzzle

import (
	"fmt"
	"math/bits"

	"chimera/game"
)

// Theme is a kind of puzzle: its name in the data and its words for people.
type Theme struct {
	Name  string
	Title string // for a filter: "Mate in 2"
	About string // one line
}

// Themes are every theme, in the order a filter lists them. The first ones
// are the puzzle's kind (what its end is: exactly one of mate, advantage,
// defensive), then its length, then what its moves do.
var Themes = []Theme{
	{"mate", "Mate", "The line ends with the rule set's win: checkmate, or both royals captured in Bifold Halfgi."},
	{"mateIn1", "Mate in 1", "The win in one move."},
	{"mateIn2", "Mate in 2", "The win in two moves."},
	{"mateIn3", "Mate in 3", "The win in three moves."},
	{"mateIn4", "Mate in 4", "The win in four moves."},
	{"mateIn5", "Mate in 5", "The win in five moves."},
	{"advantage", "Win material", "The line wins material."},
	{"defensive", "Defend", "Only one move holds; every other loses."},
	{"oneMove", "One move", "The solution is a single move."},
	{"short", "Two moves", "The solution is two moves."},
	{"long", "Three or more moves", "The solution is three moves or more."},
	{"drop", "Drop", "A move of the solution drops a piece from the hand."},
	{"fusion", "Fusion", "A move of the solution fuses two friendly pieces into their compound."},
	{"split", "Split", "A move of the solution splits a compound."},
	{"metamorphosis", "Metamorphosis", "A threatened Knight, Bishop or Rook changes as it moves."},
	{"demotion", "Demotion", "A compound captures and becomes the part it moved as."},
	{"assimilation", "Assimilation", "A capture takes on the captured piece's powers."},
	{"unitFormed", "Unit formed", "A bifold piece joins a friendly one: the two now move as a unit."},
	{"unitParted", "Unit parted", "One piece of a unit leaves it."},
	{"royalPath", "Royal path", "A unit of a royal and another piece moves together."},
	{"promotion", "Promotion", "A pawn promotes."},
	{"fork", "Fork", "A move (not the winning one) attacks two enemy pieces at once, each a royal, worth more than the attacker, or undefended."},
	{"capturingDefender", "Capture the defender", "A capture removes the piece that guarded what the next capture takes."},
	{"sacrifice", "Sacrifice", "The solver gives up material on the way."},
}

// ThemeByName returns the theme of that name, or nil.
func ThemeByName(name string) *Theme {
	for i := range Themes {
		if Themes[i].Name == name {
			return &Themes[i]
		}
	}
	return nil
}

// MinGain is the least material gain, in the rule set's piece values
// (game.Variant.Value, centipawns), of an advantage puzzle: two pawns, or
// one pawn captured in a game with drops (where it also goes to the hand).
const MinGain = 200

// MaxDefensiveLoss is the most material a defensive line may lose.
const MaxDefensiveLoss = 100

// SacrificeMin is how far the solver's material must fall below its start,
// after a reply, for the line to be a sacrifice.
const SacrificeMin = 150

// Material returns side c's material minus the other side's: the values of
// the pieces on the board and in hand (a royal counts its value: 0 for a
// King, a Bifold royal its full value).
func Material(p *game.Position, c game.Color) int {
	v := p.Variant()
	sum := [2]int{}
	for s := 0; s < 64; s++ {
		for _, x := range p.At(s) {
			if x != game.NoPiece {
				sum[x.Color()] += v.Value(x.Kind())
			}
		}
	}
	for _, k := range v.HandOrder() {
		for col := game.White; col <= game.Black; col++ {
			sum[col] += p.HandCount(col, k) * v.Value(k)
		}
	}
	return sum[c] - sum[c.Other()]
}

// Line is a puzzle replayed: the position before each move and the moves.
type Line struct {
	Positions []*game.Position // Positions[i] is before Moves[i]; one more at the end
	Moves     []game.Move
	Solver    game.Color
}

// Replay parses the puzzle's position and plays its moves, checking each
// is legal and that the game is not over before the last one.
func Replay(v *game.Variant, z *Puzzle) (*Line, error) {
	p, err := game.Parse(v, z.Position)
	if err != nil {
		return nil, fmt.Errorf("%s: position: %v", z.ID, err)
	}
	l := &Line{Solver: p.Turn().Other()}
	for i, s := range z.Moves {
		if r, _ := p.Outcome(); r != game.Ongoing {
			return nil, fmt.Errorf("%s: move %d %q: the game is already over (%s)", z.ID, i+1, s, r)
		}
		m, err := p.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("%s: move %d: %v", z.ID, i+1, err)
		}
		if got := p.MoveString(m); got != s {
			return nil, fmt.Errorf("%s: move %d %q is not canonical (%q)", z.ID, i+1, s, got)
		}
		l.Positions = append(l.Positions, p.Clone())
		l.Moves = append(l.Moves, m)
		p.Make(m)
	}
	l.Positions = append(l.Positions, p)
	return l, nil
}

// MoveThemes returns the themes the line's moves and positions show, in the
// order of Themes: the length and what the solver's moves do (not the
// kind: mate, advantage, defensive, which the search decides and Check
// verifies).
func MoveThemes(l *Line) []string {
	has := map[string]bool{}
	solver := l.Solver
	n := (len(l.Moves)) / 2 // solver moves
	switch {
	case n == 1:
		has["oneMove"] = true
	case n == 2:
		has["short"] = true
	default:
		has["long"] = true
	}
	start := Material(l.Positions[1], solver)
	for i := 1; i < len(l.Moves); i++ {
		q, m := l.Positions[i], l.Moves[i]
		if i%2 == 0 {
			// after a reply: has the solver given material away?
			if Material(l.Positions[i+1], solver) <= start-SacrificeMin {
				has["sacrifice"] = true
			}
			continue
		}
		for _, t := range moveThemes(q, m, l.Positions[i+1]) {
			has[t] = true
		}
		if i+2 < len(l.Moves) && capturesDefender(q, m, l.Positions[i+2], l.Moves[i+2]) {
			has["capturingDefender"] = true
		}
	}
	var out []string
	for _, t := range Themes {
		if has[t.Name] {
			out = append(out, t.Name)
		}
	}
	return out
}

// movers returns the solver's pieces that move with m from q.
func movers(q *game.Position, m game.Move) []game.Piece {
	if m.IsDrop() {
		return []game.Piece{game.MakePiece(q.Turn(), m.Part())}
	}
	var out []game.Piece
	for _, x := range q.At(m.From()) {
		if x != game.NoPiece && x.Color() == q.Turn() && (m.Part() == game.NoKind || x.Kind() == m.Part()) {
			out = append(out, x)
			if m.Part() != game.NoKind {
				break
			}
		}
	}
	return out
}

func friendly(c game.Cell, col game.Color) int {
	n := 0
	for _, x := range c {
		if x != game.NoPiece && x.Color() == col {
			n++
		}
	}
	return n
}

// moveThemes are the themes of one solver move m from q (after: the
// position after it).
func moveThemes(q *game.Position, m game.Move, after *game.Position) []string {
	v := q.Variant()
	us := q.Turn()
	e := q.Effects(m)
	mv := movers(q, m)
	var out []string
	add := func(t string) { out = append(out, t) }
	if m.IsDrop() {
		add("drop")
	}
	pawn := false
	for _, x := range mv {
		pawn = pawn || x.Kind().IsPawn()
	}
	if !v.Bifold {
		switch {
		case e.Kind == game.KindMerge && !m.IsCapture():
			add("fusion")
		case e.Kind == game.KindMerge && m.IsCapture() && v.Assimilation:
			add("assimilation")
		case e.Kind == game.KindSplit:
			add("split")
		}
		if m.Promo() != game.NoKind && !m.IsDrop() {
			if pawn {
				add("promotion")
			} else {
				add("metamorphosis")
			}
		}
		if v.Demotion && m.IsCapture() && !m.IsDrop() && m.Part() == game.NoKind {
			k := mv[0].Kind()
			if _, b := k.Components(); b != game.NoKind && after.At(m.To())[0].Kind() != k {
				add("demotion")
			}
		}
	} else {
		if m.Promo() != game.NoKind {
			add("promotion")
		}
		if !m.IsDrop() {
			from := q.At(m.From())
			if m.Part() != game.NoKind && friendly(from, us) == 2 {
				add("unitParted")
			}
			if len(mv) == 1 && !mv[0].Kind().IsPawn() && friendly(after.At(m.To()), us) == 2 && friendly(q.At(m.To()), us) == 1 {
				add("unitFormed")
			}
			if len(mv) == 2 && mv[0].Kind().Royal() != mv[1].Kind().Royal() && !m.IsCastle() {
				add("royalPath")
			}
		}
	}
	if r, _ := after.Outcome(); r == game.Ongoing && fork(after, m.To(), us) {
		add("fork")
	}
	return out
}

// fork reports whether the solver's pieces on square s (just arrived)
// attack two or more enemy pieces each a royal, worth more than the
// attacker, or undefended.
func fork(p *game.Position, s int, us game.Color) bool {
	v := p.Variant()
	cell := p.At(s)
	var cover uint64
	worth := 0
	for slot, x := range cell {
		if x != game.NoPiece && x.Color() == us {
			cover |= p.Covers(s, slot)
			worth += v.Value(x.Kind())
		}
	}
	targets := 0
	for t := cover; t != 0; t &= t - 1 {
		sq := bits.TrailingZeros64(t)
		for _, y := range p.At(sq) {
			if y == game.NoPiece || y.Color() == us {
				continue
			}
			if y.Kind().Royal() || v.Value(y.Kind()) > worth || !p.Attacked(sq, us.Other()) {
				targets++
			}
		}
	}
	return targets >= 2
}

// capturesDefender reports whether solver move m from q captures a piece
// that, in q, covered the square the solver's next move n (from r)
// captures on, an enemy piece standing there then.
func capturesDefender(q *game.Position, m game.Move, r *game.Position, n game.Move) bool {
	if !m.IsCapture() || !n.IsCapture() || m.To() == n.To() || n.IsDrop() {
		return false
	}
	t := n.To()
	them := q.Turn().Other()
	if friendly(q.At(t), them) == 0 {
		return false
	}
	for slot, x := range q.At(m.To()) {
		if x != game.NoPiece && x.Color() == them && q.Covers(m.To(), slot)>>uint(t)&1 != 0 {
			return true
		}
	}
	return false
}
