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
	key := squash(text)
	if key == "" {
		return nil, false
	}
	var whole, named, begun, short []game.Move
	for _, m := range p.LegalMoves() {
		n, ms := squash(p.Notation(m)), squash(p.MoveString(m))
		switch {
		case key == n || key == ms:
			whole = append(whole, m)
		case key == unresulted(n):
			named = append(named, m)
		case strings.HasPrefix(n, key) || strings.HasPrefix(ms, key):
			begun = append(begun, m)
		case shortMatch(key, n) || shortMatch(key, unresulted(n)):
			short = append(short, m)
		}
	}
	switch {
	case len(whole) == 1:
		return whole, true
	case len(whole) == 0 && len(named) == 1:
		return named, true
	case len(whole) == 0 && len(named) == 0 && len(short) == 1:
		return short, true
	}
	return append(append(append(whole, named...), short...), begun...), false
}

// unresulted is the squashed notation n without what it says the move
// results in: a fusion's or metamorphosis's "=M", a split's "; a4 = N", a
// promotion's "=Q". "Rh1-g1" names the fusion "Rh1-g1=M" when it is the
// only move it can be.
func unresulted(n string) string {
	if i := strings.IndexAny(n, "=;"); i > 0 {
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
