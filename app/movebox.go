package app

import (
	"strings"

	"chimera/game"
)

// Candidate is a legal move offered for what was typed in the move box.
type Candidate struct {
	Move  string `json:"move"`  // move string (RULES.md §5)
	Text  string `json:"text"`  // human notation (RULES.md §6)
	Words string `json:"words"` // in words
}

// MaxCandidates is the most moves the move box lists.
const MaxCandidates = 12

// Match returns the legal moves of the live position that what was typed
// may mean: the human notation or the move string, whole or begun, with or
// without the capture, check and separator marks ("Ng1-f3", "Ng1f3",
// "g1f3", "Nf3", "e4", "N@e4", "*e4", "exd5"). exact is set when the text
// names exactly one move. It returns nothing when the player cannot move
// (the computer's turn, an earlier ply shown, the game over).
func (a *App) Match(typed string) (c []Candidate, exact bool) {
	a.lock()
	defer a.unlock()
	return a.match(typed)
}

func (a *App) match(typed string) ([]Candidate, bool) {
	key := squash(typed)
	if key == "" || a.view != a.s.Ply() || a.s.ComputerToMove() {
		return nil, false
	}
	if r, _ := a.s.Outcome(); r != "" {
		return nil, false
	}
	p := a.s.Position()
	var exact, begun, short []Candidate
	for _, m := range p.LegalMoves() {
		c := Candidate{Move: p.MoveString(m), Text: p.Notation(m)}
		n, ms := squash(c.Text), squash(c.Move)
		switch {
		case key == n || key == ms:
			exact = append(exact, c)
		case strings.HasPrefix(n, key) || strings.HasPrefix(ms, key):
			begun = append(begun, c)
		case shortMatch(key, n):
			short = append(short, c)
		}
	}
	if len(exact) == 1 {
		return a.worded(exact), true
	}
	if len(exact) == 0 && len(begun) == 0 && len(short) == 1 {
		return a.worded(short), true
	}
	all := append(append(exact, short...), begun...)
	if len(all) > MaxCandidates {
		all = all[:MaxCandidates]
	}
	return a.worded(all), false
}

// worded fills in the words of the candidates.
func (a *App) worded(cs []Candidate) []Candidate {
	p := a.s.Position()
	for i := range cs {
		if m, err := p.ParseMove(cs[i].Move); err == nil {
			cs[i].Words = p.Describe(m)
		}
	}
	return cs
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

// shortMatch reports whether key is the short form of the squashed
// human notation n: the origin square left out ("Nf3" for "Ng1f3", "ed5"
// for "e4d5", "e4" for "e2e4").
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

// PlayTyped plays the move typed in the move box if it names exactly one
// legal move; else it says why not.
func (a *App) PlayTyped(typed string) error {
	a.lock()
	defer a.unlock()
	if strings.TrimSpace(typed) == "" {
		return errString("type a move, e.g. e2e4 or Ng1-f3")
	}
	if a.view != a.s.Ply() {
		return errString("you are viewing an earlier move: go to the last move to play")
	}
	if r, why := a.s.Outcome(); r != "" {
		return errString("the game is over: " + game.ResultWords(r, why))
	}
	if a.s.ComputerToMove() {
		return errString("it is the computer's turn")
	}
	cs, exact := a.match(typed)
	switch {
	case exact:
		return a.playHuman(cs[0].Move)
	case len(cs) == 0:
		return errString(quote(typed) + " is not a legal move here")
	}
	return errString(quote(typed) + " could be several moves: " + candidatesText(cs))
}

func candidatesText(cs []Candidate) string {
	var t []string
	for i, c := range cs {
		if i == 4 {
			t = append(t, "…")
			break
		}
		t = append(t, c.Text)
	}
	return strings.Join(t, ", ")
}

// quote returns s in quotes, cut to at most 40 characters.
func quote(s string) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 40 {
		s = string(r[:40]) + "…"
	}
	return "“" + s + "”"
}
