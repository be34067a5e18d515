package play

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"chimera/game"
)

// A TimeControl is a game's time: Base for each side, plus Inc after each of
// its moves (Fischer increment), in milliseconds. The zero value is no clock.
type TimeControl struct {
	Base int64 `json:"base"`
	Inc  int64 `json:"inc"`
}

// On reports whether the game has a clock.
func (tc TimeControl) On() bool { return tc.Base > 0 }

// String is the control as PGN's TimeControl tag writes it: "300+3" (seconds
// and increment), "-" for none.
func (tc TimeControl) String() string {
	if !tc.On() {
		return "-"
	}
	return strconv.FormatInt(tc.Base/1000, 10) + "+" + strconv.FormatInt(tc.Inc/1000, 10)
}

// Words is the control as players say it: "5+3" (minutes, and seconds of
// increment), "30s+0".
func (tc TimeControl) Words() string {
	if !tc.On() {
		return "no clock"
	}
	base := strconv.FormatInt(tc.Base/60000, 10) // whole minutes, else seconds: "30s+0"
	if tc.Base%60000 != 0 {
		base = strconv.FormatInt(tc.Base/1000, 10) + "s"
	}
	return base + "+" + strconv.FormatInt(tc.Inc/1000, 10)
}

// ParseTimeControl reads a TimeControl tag ("300+3", "600", "-").
func ParseTimeControl(s string) (TimeControl, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "-" || s == "?" {
		return TimeControl{}, nil
	}
	base, inc, _ := strings.Cut(s, "+")
	b, err := strconv.ParseFloat(base, 64)
	if err != nil || b <= 0 || b > MaxBase.Seconds() {
		return TimeControl{}, fmt.Errorf("%s is not a time control (seconds, and + the increment)", Quote(s))
	}
	var i float64
	if inc != "" {
		if i, err = strconv.ParseFloat(inc, 64); err != nil || i < 0 || i > MaxInc.Seconds() {
			return TimeControl{}, fmt.Errorf("%s is not a time control (seconds, and + the increment)", Quote(s))
		}
	}
	return TimeControl{Base: int64(b * 1000), Inc: int64(i * 1000)}, nil
}

// The bounds of a time control.
const (
	MaxBase = 3 * time.Hour
	MaxInc  = 3 * time.Minute
)

// Check says why tc is not a time control one can play.
func (tc TimeControl) Check() error {
	if tc.Base < 0 || tc.Inc < 0 || (tc.Base == 0 && tc.Inc > 0) {
		return fmt.Errorf("a clock needs minutes for each side and an increment of 0 or more")
	}
	if tc.Base > MaxBase.Milliseconds() || tc.Inc > MaxInc.Milliseconds() {
		return fmt.Errorf("a clock has at most %v for each side and %v of increment", MaxBase, MaxInc)
	}
	return nil
}

// A Clock is the two sides' time in a game with a TimeControl. The side to
// move's time runs from the first move on (the first move is not timed);
// it stops while the clock is paused (a page that is hidden or closed) and
// once the game is over. Times are milliseconds; now is Unix milliseconds.
type Clock struct {
	TC      TimeControl `json:"tc"`
	Left    [2]int64    `json:"left"`    // each side's time left when its turn began (or at the pause)
	Running int         `json:"running"` // the side whose time runs, -1 none
	Since   int64       `json:"since"`   // when it began to run (Unix ms)
}

// NewClock is a clock at the start of a game with control tc: nobody's
// time runs yet.
func NewClock(tc TimeControl) *Clock {
	return &Clock{TC: tc, Left: [2]int64{tc.Base, tc.Base}, Running: -1}
}

// LeftAt returns side c's time left at now (never below 0).
func (k *Clock) LeftAt(c game.Color, now int64) int64 {
	l := k.Left[c]
	if k.Running == int(c) {
		l -= now - k.Since
	}
	return max(l, 0)
}

// Moved notes a move by side c at now: its time stops, gains the increment,
// and the other side's begins to run.
func (k *Clock) Moved(c game.Color, now int64) {
	if k.Running == int(c) {
		k.Left[c] = k.LeftAt(c, now) + k.TC.Inc
	}
	k.Running, k.Since = int(c.Other()), now
}

// Pause stops the running time at now (Resume starts it again).
func (k *Clock) Pause(now int64) int {
	if k.Running < 0 {
		return -1
	}
	c := k.Running
	k.Left[c] = k.LeftAt(game.Color(c), now)
	k.Running = -1
	return c
}

// Resume runs side c's time from now.
func (k *Clock) Resume(c int, now int64) {
	if c >= 0 && k.Running < 0 {
		k.Running, k.Since = c, now
	}
}

// Flagged returns the side whose time has run out at now.
func (k *Clock) Flagged(now int64) (game.Color, bool) {
	if k.Running >= 0 && k.LeftAt(game.Color(k.Running), now) <= 0 {
		return game.Color(k.Running), true
	}
	return game.White, false
}
