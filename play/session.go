// Package play is a game session on top of the rules engine: the moves
// played, undo and redo, viewing an earlier ply, settings, the game record
// and saving and loading; and an analysed game with its side lines,
// comments and glyphs (Tree, written and read as PGN writes variations). It
// also turns positions and moves into the plain view types the board draws
// (package chimera/render/model). Pure Go.
package play

import (
	"encoding/json"
	"errors"
	"fmt"

	"chimera/game"
)

// Settings choose a game.
type Settings struct {
	Variant  string `json:"variant"`
	FEN      string `json:"fen,omitempty"` // start position; empty = the rule set's start
	Computer int    `json:"computer"`      // colour the computer plays: 0 White, 1 Black, -1 none
	Level    int    `json:"level"`         // 1..8
	// Time is the game's clock (clock.go); the zero value is none.
	Time TimeControl `json:"time,omitempty"`
}

// DefaultSettings is the game a first visit starts: Bedlam against the
// computer playing Black at level 3. New falls back to its level when the
// one given is out of range.
var DefaultSettings = Settings{Variant: "bedlam", Computer: 1, Level: 3}

// Session is one game: its start position, the moves played (including
// moves taken back, which Redo replays) and the ply being viewed.
type Session struct {
	Settings
	v     *game.Variant
	start string         // canonical start position string
	pos   *game.Position // position after the first n moves
	moves []game.Move    // every move, n of them applied
	strs  []string       // move strings
	human []string       // human notation
	words []string       // each move in words, with check (game.Describe, CheckWords)
	n     int
	end   *Ending // a result declared after the moves (resignation, agreement, time)
	clock *Clock  // the sides' time, nil without a time control
}

// Clock returns the game's clock (nil when it has none): its owner notes
// the moves and the time on it (Clock.Moved).
func (s *Session) Clock() *Clock { return s.clock }

// An Ending is a result the board does not give: declared by a player (a
// resignation, a draw agreed) or by a clock, after Ply moves. Reason is the
// words game.ResultWords says it with ("White resigned", ReasonAgreement,
// ReasonTime).
type Ending struct {
	Result string `json:"result"` // game.WhiteWins, game.BlackWins or game.Draw
	Reason string `json:"reason"`
	Ply    int    `json:"ply"`
}

// Reasons of a declared ending besides a resignation ("White resigned").
const (
	ReasonAgreement = "agreement"
	ReasonTime      = "time"
)

// Resigned is the reason of c's resignation: "White resigned".
func Resigned(c game.Color) string {
	if c == game.Black {
		return "Black resigned"
	}
	return "White resigned"
}

// Declare ends the game in the live position with a result the board does
// not give (Ending); the moves taken back after it are dropped. It is
// refused when the game is over already or the result is not one.
func (s *Session) Declare(result, reason string) error {
	if r, why := s.Outcome(); r != "" {
		return fmt.Errorf("the game is over (%s)", why)
	}
	if result != game.WhiteWins && result != game.BlackWins && result != game.Draw {
		return fmt.Errorf("%s is not a result", Quote(result))
	}
	s.truncate()
	s.end = &Ending{Result: result, Reason: reason, Ply: s.n}
	return nil
}

// Declared returns the declared ending, nil when there is none.
func (s *Session) Declared() *Ending {
	if s.end == nil {
		return nil
	}
	e := *s.end
	return &e
}

// truncate drops the moves taken back.
func (s *Session) truncate() {
	s.moves, s.strs, s.human, s.words = s.moves[:s.n], s.strs[:s.n], s.human[:s.n], s.words[:s.n]
}

// New starts a session.
func New(s Settings) (*Session, error) {
	v, err := game.VariantByID(s.Variant)
	if err != nil {
		return nil, err
	}
	fen := s.FEN
	if fen == "" {
		fen = "startpos"
	}
	p, err := game.Parse(v, fen)
	if err != nil {
		return nil, err
	}
	if s.Level < 1 || s.Level > 8 {
		s.Level = DefaultSettings.Level
	}
	if s.Computer < -1 || s.Computer > 1 {
		s.Computer = -1
	}
	if err := s.Time.Check(); err != nil {
		return nil, err
	}
	out := &Session{Settings: s, v: v, start: p.String(), pos: p}
	if s.Time.On() {
		out.clock = NewClock(s.Time)
	}
	return out, nil
}

// Variant returns the rule set.
func (s *Session) Variant() *game.Variant { return s.v }

// Position returns the current position (after the applied moves). Callers
// must not keep it across session changes; use Clone for that.
func (s *Session) Position() *game.Position { return s.pos }

// StartPosition returns the start position string.
func (s *Session) StartPosition() string { return s.start }

// Ply returns the number of moves applied.
func (s *Session) Ply() int { return s.n }

// Len returns the number of moves including those taken back.
func (s *Session) Len() int { return len(s.moves) }

// MoveStrings returns the applied moves' strings.
func (s *Session) MoveStrings() []string { return append([]string(nil), s.strs[:s.n]...) }

// Notation returns the human notation of every move, including taken-back ones.
func (s *Session) Notation() []string { return append([]string(nil), s.human...) }

// Words returns every move in words ("White rook a1 to b1, merges with the
// knight: Marshall, check"), including taken-back ones.
func (s *Session) Words() []string { return append([]string(nil), s.words...) }

// Outcome returns the result and reason in the current position.
func (s *Session) Outcome() (string, string) {
	if s.end != nil && s.n == s.end.Ply {
		return s.end.Result, s.end.Reason
	}
	return s.pos.Outcome()
}

// ComputerToMove reports whether the computer plays the side to move.
func (s *Session) ComputerToMove() bool {
	r, _ := s.Outcome()
	return r == "" && s.Computer >= 0 && int(s.pos.Turn()) == s.Computer
}

// Play plays a move given by its string after the applied moves, discarding
// any taken-back moves, and returns its effect for the animation.
func (s *Session) Play(ms string) (game.Effect, error) {
	if r, why := s.Outcome(); r != "" {
		return game.Effect{}, fmt.Errorf("the game is over (%s)", why)
	}
	m, err := s.pos.ParseMove(ms)
	if err != nil {
		return game.Effect{}, err
	}
	e := s.pos.Effects(m)
	h := s.pos.Notation(m)
	w := s.pos.Describe(m)
	s.moves = append(s.moves[:s.n], m)
	s.strs = append(s.strs[:s.n], ms)
	s.human = append(s.human[:s.n], h)
	s.pos.Make(m)
	if c := s.pos.CheckWords(); c != "" {
		w += ", " + c
	}
	s.words = append(s.words[:s.n], w)
	s.n++
	return e, nil
}

// Undo takes back the last applied move.
func (s *Session) Undo() bool {
	if s.end != nil {
		// A declared ending is taken back first, with the move before it.
		s.end = nil
	}
	if s.n == 0 {
		return false
	}
	s.pos.Unmake()
	s.n--
	return true
}

// UndoTurn takes back moves until it is a human's turn again (against the
// computer a takeback also undoes its reply). It reports whether anything changed.
func (s *Session) UndoTurn() bool {
	if !s.Undo() {
		return false
	}
	for s.Computer >= 0 && int(s.pos.Turn()) == s.Computer && s.n > 0 {
		s.Undo()
	}
	return true
}

// Redo replays the next taken-back move and returns its effect.
func (s *Session) Redo() (game.Effect, bool) {
	if s.n >= len(s.moves) {
		return game.Effect{}, false
	}
	m := s.moves[s.n]
	e := s.pos.Effects(m)
	s.pos.Make(m)
	s.n++
	return e, true
}

// RedoTurn replays moves until it is a human's turn again or nothing is left.
func (s *Session) RedoTurn() (game.Effect, bool) {
	e, ok := s.Redo()
	if !ok {
		return e, false
	}
	for s.Computer >= 0 && int(s.pos.Turn()) == s.Computer && s.n < len(s.moves) {
		e, _ = s.Redo()
	}
	return e, true
}

// PositionAt returns a fresh copy of the position after ply moves (0 = start),
// made from the start position, so its LastMove is the move that led to it.
func (s *Session) PositionAt(ply int) *game.Position {
	ply = max(0, min(ply, len(s.moves)))
	p, _ := game.Parse(s.v, s.start)
	for i := 0; i < ply; i++ {
		p.Make(s.moves[i])
	}
	return p
}

// saved is the JSON form of a session.
type saved struct {
	Settings
	Start string   `json:"start"`
	Moves []string `json:"moves"`
	Ply   int      `json:"ply"`
	End   *Ending  `json:"end,omitempty"`
	Clock *Clock   `json:"clock,omitempty"`
}

// Save returns the session as JSON (settings, start position, every move and
// how many are applied).
func (s *Session) Save() []byte {
	b, _ := json.Marshal(saved{Settings: s.Settings, Start: s.start, Moves: s.strs, Ply: s.n, End: s.end, Clock: s.clock})
	return b
}

// Load restores a session saved with Save. Every move is checked again. A
// save that is damaged in part gives the session that could be read and the
// problems met (a move that is not legal ends the moves there; an unreadable
// ply shows every move); err is set when nothing could be read (not JSON, an
// unknown game, a bad start position).
func Load(data []byte) (s *Session, problems []string, err error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, nil, fmt.Errorf("not a saved game: %w", err)
	}
	field := func(name string, dst any) bool {
		v, ok := raw[name]
		if !ok {
			return false
		}
		if err := json.Unmarshal(v, dst); err != nil {
			problems = append(problems, fmt.Sprintf("its %s is not readable (%s)", name, cut(string(v))))
			return false
		}
		return true
	}
	set := DefaultSettings
	set.FEN = ""
	if !field("variant", &set.Variant) {
		return nil, problems, errors.New("it names no game")
	}
	field("computer", &set.Computer)
	field("level", &set.Level)
	if field("time", &set.Time) && set.Time.Check() != nil {
		problems = append(problems, "its time control is not one: it is played without a clock")
		set.Time = TimeControl{}
	}
	var fen, start string
	field("fen", &fen)
	field("start", &start)
	set.FEN = start
	if set.FEN == "" {
		set.FEN = fen
	}
	s, err = New(set)
	if err != nil {
		return nil, problems, err
	}
	s.Settings.FEN = fen
	var moves []string
	field("moves", &moves)
	for i, ms := range moves {
		if _, err := s.Play(ms); err != nil {
			problems = append(problems, fmt.Sprintf("its move %d (%s) is not legal: the game ends before it", i+1, cut(ms)))
			break
		}
	}
	ply := s.Len()
	if _, ok := raw["ply"]; ok && !field("ply", &ply) {
		ply = s.Len()
	} else if ply < 0 || ply > len(moves) {
		problems = append(problems, fmt.Sprintf("its ply %d is not between 0 and %d: the last move is shown", ply, len(moves)))
		ply = s.Len()
	}
	for s.n > ply && s.Undo() {
	}
	var k Clock
	if _, ok := raw["clock"]; ok && s.clock != nil && field("clock", &k) {
		if k.Left[0] < 0 || k.Left[1] < 0 || k.Running < -1 || k.Running > 1 || k.TC != s.Time {
			problems = append(problems, "its clock is not readable: the clocks start again")
		} else {
			// Kept stopped (its owner pauses it before a page is hidden or
			// closed): the page that shows it again runs it from then.
			k.Running = -1
			*s.clock = k
		}
	}
	var end Ending
	if _, ok := raw["end"]; ok && field("end", &end) {
		switch {
		case s.n != s.Len() || end.Ply != s.n:
			problems = append(problems, fmt.Sprintf("its result %s is not after its last move: it is left out", cut(end.Result)))
		default:
			if err := s.Declare(end.Result, end.Reason); err != nil {
				problems = append(problems, fmt.Sprintf("its result is left out (%v)", err))
			}
		}
	}
	return s, problems, nil
}

// cut shortens a bad input quoted in a message to at most 80 characters.
func cut(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:79]) + "…"
	}
	return s
}
