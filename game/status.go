package game

// Result strings.
const (
	Ongoing   = ""
	WhiteWins = "1-0"
	BlackWins = "0-1"
	Draw      = "1/2-1/2"
)

// Outcome returns the game result in this position ("" while the game goes
// on) and the reason: "checkmate", "stalemate", "both royals captured", "no
// legal move", "threefold repetition", "50-move rule", "bare kings".
// Repetitions count the positions reached with Make since the Position was
// created or parsed.
func (p *Position) Outcome() (result, reason string) {
	win := func(c Color) string {
		if c == White {
			return WhiteWins
		}
		return BlackWins
	}
	v := p.v
	if v.Bifold && p.royals[p.turn] == 0 {
		return win(p.turn.Other()), "both royals captured"
	}
	var ml MoveList
	p.GenerateMoves(&ml)
	if ml.N == 0 {
		switch {
		case v.Bifold:
			return Draw, "no legal move"
		case p.InCheck():
			return win(p.turn.Other()), "checkmate"
		default:
			return Draw, "stalemate"
		}
	}
	if p.Repetitions() >= 2 {
		return Draw, "threefold repetition"
	}
	if v.FiftyMove && p.half >= 100 {
		return Draw, "50-move rule"
	}
	if v.BareKings && p.bareKings() {
		return Draw, "bare kings"
	}
	return Ongoing, ""
}

// Repetitions returns how many earlier positions in the move history equal
// the current one (same board, hands, side, castling and en passant).
func (p *Position) Repetitions() int {
	n := 0
	for i := len(p.stack) - 2; i >= 0; i -= 2 {
		if p.stack[i].hash == p.hash {
			n++
		}
	}
	return n
}

// Repeats reports whether the current position occurred before with the
// same side to move, for the search: it looks back at most window plies (0:
// no limit), in a game without drops no further than the last capture or
// pawn move (none repeats across one), and never past a null move
// (MakeNull).
func (p *Position) Repeats(window int) bool {
	n := len(p.stack)
	lim := 0
	if window > 0 {
		lim = max(0, n-window)
	}
	if !p.v.Drops {
		lim = max(lim, n-p.half)
	}
	for i := n - 2; i >= lim; i -= 2 {
		if p.stack[i+1].move == NoMove {
			return false
		}
		if p.stack[i].hash == p.hash {
			return true
		}
	}
	return false
}

func (p *Position) bareKings() bool {
	for s := 0; s < 64; s++ {
		x := p.sq[s][0]
		if x != NoPiece && x.Kind() != King {
			return false
		}
	}
	return true
}
