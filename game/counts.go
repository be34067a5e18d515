package game

import (
	"slices"
	"strings"
)

// Limits of what a Position stores.
const (
	maxHand  = 255    // pieces of one kind in one hand (counts are bytes)
	maxClock = 100000 // halfmove clock and fullmove number
)

// units is a piece's material in simple pieces: 2 for a compound (Queen,
// Marshall, Paladin, Pope, Dragon King, Eques Rex), 1 for anything else.
func units(k Kind) int {
	if k < NumKinds && kinds[k].comps[0] != NoKind {
		return 2
	}
	return 1
}

// weights returns the measure of material that no rule of v increases, if
// there is one: pieces where compounds never split or form (chess, Bifold:
// promotion replaces a pawn by one piece, a capture removes one or moves it
// to a hand); units (a compound is two) where they do by fission and
// assimilation, as long as pawns promote to simple pieces only
// (Assimilation). Metamorphosis (Bedlam) makes a compound of a simple
// piece: nothing bounds its material.
func weights(v *Variant) (func(Kind) int, bool) {
	if len(v.Metamorphosis) > 0 {
		return nil, false
	}
	if !v.Split && !v.Assimilation && !v.Fusion {
		return func(Kind) int { return 1 }, true
	}
	for _, k := range v.Promotions {
		if units(k) != 1 {
			return nil, false
		}
	}
	return units, true
}

// material counts pieces by side and kind, on the board and in the hands.
type material struct {
	board [2][NumKinds]int
	hand  [2][NumKinds]int
}

func (p *Position) material() material {
	var m material
	for s := 0; s < 64; s++ {
		for _, x := range p.sq[s] {
			if x != NoPiece {
				m.board[x.Color()][x.Kind()]++
			}
		}
	}
	for c := range p.hand {
		for k, n := range p.hand[c] {
			m.hand[c][k] = int(n)
		}
	}
	return m
}

// startMaterial counts the pieces of v's start position (from its string:
// Parse itself checks counts against it).
func startMaterial(v *Variant) material {
	var m material
	board, _, _ := strings.Cut(v.Start, "[")
	board, _, _ = strings.Cut(board, " ")
	for i := 0; i < len(board); i++ {
		if k := v.KindOf(board[i]); k != NoKind {
			c := White
			if board[i] >= 'a' {
				c = Black
			}
			m.board[c][k]++
		}
	}
	return m
}

// checkCounts refuses material that no game of the rule set can reach
// (RULES.md 7.7): more pawns of a kind than the start position has (no
// rule makes a pawn; without drops none changes sides); more material than
// the start has (pieces, or units where compounds split: see weights); and
// where pieces change
// only by promotion (chess, Bifold), more pieces of a kind than the start
// has, beyond one per pawn gone. text is the board and hand field.
func (p *Position) checkCounts(text string) error {
	v := p.v
	have, start := p.material(), startMaterial(v)
	side := [2]string{"White", "Black"}
	total := func(m material, c Color, k Kind) int { return m.board[c][k] + m.hand[c][k] }
	for k := Kind(1); k < NumKinds; k++ {
		if !k.IsPawn() {
			continue
		}
		if v.Drops {
			n, s := total(have, White, k)+total(have, Black, k), start.board[White][k]+start.board[Black][k]
			if n > s {
				return perrc(CheckCounts, "board", text, "%d %ss on the board and in hand, the game starts with %d and never makes one", n, k.Name(), s)
			}
			continue
		}
		for c := White; c <= Black; c++ {
			if n, s := have.board[c][k], start.board[c][k]; n > s {
				return perrc(CheckCounts, "board", text, "%s has %d %ss, the game starts with %d and never makes one", side[c], n, k.Name(), s)
			}
		}
	}
	if w, ok := weights(v); ok {
		n, s := 0, 0
		for c := White; c <= Black; c++ {
			for k := Kind(1); k < NumKinds; k++ {
				n += w(k) * total(have, c, k)
				s += w(k) * start.board[c][k]
			}
		}
		if n > s {
			what := "pieces"
			if v.Split || v.Assimilation {
				what = "units of material (a compound is two)"
			}
			return perrc(CheckCounts, "board", text, "%d %s on the board and in hand, the game starts with %d and no rule adds one", n, what, s)
		}
	}
	if !v.Split && !v.Assimilation && !v.Fusion && len(v.Metamorphosis) == 0 {
		// Pieces change only by promotion (and, with drops, change sides):
		// a piece beyond the start's needs a pawn gone. Without drops this
		// holds for each side, with drops for both together.
		groups := [][]Color{{White}, {Black}}
		if v.Drops {
			groups = [][]Color{{White, Black}}
		}
		for _, g := range groups {
			extra, gone := 0, 0
			for k := Kind(1); k < NumKinds; k++ {
				n, s := 0, 0
				for _, c := range g {
					n, s = n+total(have, c, k), s+start.board[c][k]
				}
				switch {
				case k.IsPawn():
					gone += s - n
				case n > s && !slices.Contains(v.Promotions, k):
					return perrc(CheckCounts, "board", text, "%s%d %ss, the game starts with %d and no pawn promotes to one", who(g), n, k.Name(), s)
				case n > s:
					extra += n - s
				}
			}
			if extra > gone {
				return perrc(CheckCounts, "board", text, "%s%d pieces more than the start position has of their kinds, and only %d pawns gone to promote", who(g), extra, gone)
			}
		}
	}
	return nil
}

// who names the side of a count ("White has ", "Black has ") or, for
// both, nothing.
func who(g []Color) string {
	switch {
	case len(g) != 1:
		return ""
	case g[0] == White:
		return "White has "
	}
	return "Black has "
}

// handKinds says which kinds a hand of v may hold, for error messages.
func handKinds(v *Variant) string {
	var b strings.Builder
	for i, k := range v.Hand {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k.Name())
	}
	return v.Name + "'s hands hold " + b.String()
}
