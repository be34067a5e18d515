package puzzle

import (
	"fmt"
	"strings"

	"chimera/game"
)

// kindThemes are the themes that say how a puzzle ends; each puzzle has
// exactly one of mate, advantage and defensive.
var kindThemes = map[string]bool{"mate": true, "advantage": true, "defensive": true,
	"mateIn1": true, "mateIn2": true, "mateIn3": true, "mateIn4": true, "mateIn5": true}

// MinRating and MaxRating bound a puzzle's rating.
const (
	MinRating = 400
	MaxRating = 3000
)

// Check replays puzzle z of rule set v and says what is wrong with it: every
// move legal and in its canonical move string, the game not over before the
// last move, the themes known, in the order of Themes, exactly one kind,
// the move themes those MoveThemes finds, and the end what the kind says:
// a mate puzzle (and its mateInN, N its solver moves) ends in the solver's
// win by the rules, an advantage puzzle has gained at least MinGain of
// material for the solver (from the position before its first move to the
// end of the line), a defensive one has lost at most MaxDefensiveLoss; the
// rating within MinRating..MaxRating.
func Check(v *game.Variant, z *Puzzle) (*Line, error) {
	l, err := Replay(v, z)
	if err != nil {
		return nil, err
	}
	bad := func(f string, a ...any) (*Line, error) {
		return nil, fmt.Errorf("%s: %s", z.ID, fmt.Sprintf(f, a...))
	}
	last := -1
	var kinds, rest []string
	for _, t := range z.Themes {
		i := themeIndex(t)
		if i < 0 {
			return bad("unknown theme %q", t)
		}
		if i <= last {
			return bad("themes %q out of order or repeated", strings.Join(z.Themes, " "))
		}
		last = i
		if kindThemes[t] {
			kinds = append(kinds, t)
		} else {
			rest = append(rest, t)
		}
	}
	if want := MoveThemes(l); strings.Join(want, " ") != strings.Join(rest, " ") {
		return bad("move themes %q, the moves show %q", strings.Join(rest, " "), strings.Join(want, " "))
	}
	solverMoves := len(z.Moves) / 2
	end := l.Positions[len(l.Positions)-1]
	gain := Material(end, l.Solver) - Material(l.Positions[1], l.Solver)
	switch {
	case len(kinds) == 2 && kinds[0] == "mate" && kinds[1] == fmt.Sprintf("mateIn%d", solverMoves):
		r, _ := end.Outcome()
		if r != win(l.Solver) {
			return bad("a mate puzzle that does not end in the solver's win (result %q)", r)
		}
	case len(kinds) == 1 && kinds[0] == "advantage":
		if gain < MinGain {
			return bad("an advantage puzzle that gains %d of material, less than %d", gain, MinGain)
		}
	case len(kinds) == 1 && kinds[0] == "defensive":
		if gain < -MaxDefensiveLoss {
			return bad("a defensive puzzle that loses %d of material, more than %d", -gain, MaxDefensiveLoss)
		}
	default:
		return bad("kind themes %q: want mate and mateIn%d, advantage or defensive", strings.Join(kinds, " "), solverMoves)
	}
	if r, _ := end.Outcome(); r != game.Ongoing && !z.Has("mate") {
		return bad("the line ends the game (%s) but is not a mate puzzle", r)
	}
	if z.Rating < MinRating || z.Rating > MaxRating {
		return bad("rating %d outside %d-%d", z.Rating, MinRating, MaxRating)
	}
	return l, nil
}

func win(c game.Color) string {
	if c == game.White {
		return game.WhiteWins
	}
	return game.BlackWins
}

func themeIndex(t string) int {
	for i := range Themes {
		if Themes[i].Name == t {
			return i
		}
	}
	return -1
}

// CheckSet checks every puzzle of a set (Check) and that no two share an
// id or a position before the solver's first move (its board, hands, side
// to move, castling and en passant: the position's hash).
func CheckSet(v *game.Variant, zs []Puzzle) error {
	ids := map[string]bool{}
	seen := map[uint64]string{}
	for i := range zs {
		z := &zs[i]
		if ids[z.ID] {
			return fmt.Errorf("%s: id used twice", z.ID)
		}
		ids[z.ID] = true
		l, err := Check(v, z)
		if err != nil {
			return err
		}
		h := l.Positions[1].Hash()
		if o, ok := seen[h]; ok {
			return fmt.Errorf("%s: the same position as %s", z.ID, o)
		}
		seen[h] = z.ID
	}
	return nil
}
