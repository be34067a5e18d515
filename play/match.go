package play

import (
	"strings"

	"chimera/game"
)

// Match returns the legal moves of p that text may name: the human notation
// (RULES.md §6) or the move string (§5), whole or begun, with or without the
// capture, check and separator marks ("Ng1-f3", "Ng1f3", "g1f3", "Nf3",
// "e4", "N@e4", "*e4", "exd5", "O-O"). exact is set when text names exactly
// one move (which is then the only one returned): the whole notation or
// move string, else the notation without the result it writes (unresulted),
// else a short form. Moves that text only begins come after the others.
func Match(p *game.Position, text string) (moves []game.Move, exact bool) {
	return matchAmong(p, text, p.LegalMoves())
}

// matchQuick is Match when only an exact match is wanted, faster: every way
// of naming a move exactly names its destination square, but castling's
// O-O, so only the moves to a square the text names and castling are
// compared (their notation is what costs). It reports exact as Match does.
func matchQuick(p *game.Position, text string) (game.Move, bool) {
	key := squash(text)
	var some []game.Move
	for _, m := range p.LegalMoves() {
		if m.IsCastle() || strings.Contains(key, game.SquareName(m.To())) {
			some = append(some, m)
		}
	}
	if moves, exact := matchAmong(p, text, some); exact {
		return moves[0], true
	}
	return game.NoMove, false
}

// matchAmong is Match among the legal moves given.
func matchAmong(p *game.Position, text string, legal []game.Move) (moves []game.Move, exact bool) {
	key := squash(text)
	if key == "" {
		return nil, false
	}
	// The ways text can name a move, most exact first: a move is the one
	// meant when it is alone in the first way that names any.
	var whole, short, named, shortNamed, begun []game.Move
	for _, m := range legal {
		n, ms := squash(p.Notation(m)), squash(p.MoveString(m))
		bare := unresulted(n)
		switch {
		case key == n || key == ms:
			whole = append(whole, m)
		case shortMatch(key, n):
			short = append(short, m)
		case bare != n && key == bare:
			named = append(named, m)
		case bare != n && shortMatch(key, bare):
			shortNamed = append(shortNamed, m)
		case strings.HasPrefix(n, key) || strings.HasPrefix(ms, key):
			begun = append(begun, m)
		}
	}
	for _, tier := range [][]game.Move{whole, short, named, shortNamed} {
		if len(tier) == 1 {
			return tier, true
		}
		if len(tier) > 1 {
			break
		}
	}
	out := append(append(append(whole, short...), named...), shortNamed...)
	return append(out, begun...), false
}

// unresulted is the squashed notation n without the result it writes after
// "=": what a fusion or a metamorphosis makes ("Rh1-g1=M"), a promotion's
// piece. "Rh1-g1" (or "Rg1") names the fusion when it is the only move it can
// be and no move is written so in full. (A split's "; a4 = N" stays: "Be7"
// is the bishop that moves, not the one that splits off a queen.)
func unresulted(n string) string {
	if i := strings.IndexByte(n, '='); i > 0 && !strings.Contains(n[:i], ";") {
		return n[:i]
	}
	return n
}

// squash drops what may be typed or not: spaces, capture and separator
// marks, check and mate marks, annotations.
func squash(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case ' ', '\t', '-', 'x', ':', '+', '#', '!', '?', '×':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// shortMatch reports whether key is the short form of the squashed human
// notation n: the origin square left out ("Nf3" for "Ng1f3", "e4" for
// "e2e4"), or all of it but its file ("ed5" for "e4d5").
func shortMatch(key, n string) bool {
	// n is [piece letters][from][to][rest] for a board move (squashed).
	i := 0
	for i < len(n) && (n[i] == '(' || n[i] == ')' || (n[i] >= 'A' && n[i] <= 'Z')) {
		i++
	}
	if i+4 > len(n) || !isSquare(n[i:i+2]) || !isSquare(n[i+2:i+4]) {
		return false
	}
	piece, from, rest := n[:i], n[i:i+2], n[i+2:]
	return key == piece+rest || key == piece+from[:1]+rest
}

func isSquare(s string) bool {
	_, ok := game.ParseSquare(s)
	return ok
}
