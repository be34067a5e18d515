package app

import (
	"time"

	"chimera/game"
	"chimera/play"
)

// The game's clock (a time control chosen in the new-game dialog): the
// session keeps the times (play.Clock); the controller notes each move on
// it, ends the game when a flag falls, runs it again when a kept game is
// shown, pauses it while the page is hidden in a game of two players on
// this device, and gives the computer its thinking time from its clock.

// ClockView is the clocks as the page shows them: each side's time left in
// milliseconds when the view was made, the side whose time runs ("" none),
// and the control in words ("5+3").
type ClockView struct {
	Control string `json:"control"`
	White   int64  `json:"white"`
	Black   int64  `json:"black"`
	Running string `json:"running"`
}

// LowTime is when a side's time is low (the page warns): a tenth of the
// control's base, at least 10 s and at most 30 s.
func LowTime(tc play.TimeControl) int64 {
	return min(max(tc.Base/10, 10_000), 30_000)
}

// nowMS is the clock's time: Unix milliseconds.
func (g *GameController) nowMS() int64 { return g.a.d.Clock.Now().UnixMilli() }

// clockMoved notes a move by side c on the clock and arms the flag.
func (g *GameController) clockMoved(c game.Color) {
	k := g.s.Clock()
	if k == nil {
		return
	}
	k.Moved(c, g.nowMS())
	if r, _ := g.s.Outcome(); r != "" {
		k.Pause(g.nowMS())
	}
	g.armFlag()
}

// runClock runs the side to move's time in a game under way that has a
// clock (a kept game shown again, a move taken back), from now.
func (g *GameController) runClock() {
	k := g.s.Clock()
	if k == nil {
		return
	}
	k.Pause(g.nowMS())
	if r, _ := g.s.Outcome(); r == "" && g.s.Ply() > 0 && !g.hidden {
		k.Resume(int(g.s.Position().Turn()), g.nowMS())
	}
	g.armFlag()
}

// armFlag sets the timer that ends the game when the running side's time
// is up (an earlier one is forgotten).
func (g *GameController) armFlag() {
	g.flagGen++
	k := g.s.Clock()
	if k == nil || k.Running < 0 {
		return
	}
	gen := g.flagGen
	left := k.LeftAt(game.Color(k.Running), g.nowMS())
	g.a.d.Clock.AfterFunc(time.Duration(left)*time.Millisecond+20*time.Millisecond, func() {
		g.a.lock()
		defer g.a.unlock()
		if g.flagGen == gen {
			g.checkFlag()
		}
	})
}

// checkFlag ends the game on time when the running side's time is up.
func (g *GameController) checkFlag() {
	k := g.s.Clock()
	if k == nil {
		return
	}
	c, flagged := k.Flagged(g.nowMS())
	if !flagged {
		g.armFlag()
		return
	}
	if r, _ := g.s.Outcome(); r != "" {
		return
	}
	k.Pause(g.nowMS())
	winner := game.WhiteWins
	if c == game.White {
		winner = game.BlackWins
	}
	g.declare(winner, play.ReasonTime)
}

// SetVisible tells the game whether the page is in sight. Hidden, a game of
// two players on this device stops its clock (and keeps the game); in sight
// again, it runs on. Against the computer the clock runs on, but the game
// is kept as it stands (the page may be closing).
func (g *GameController) SetVisible(visible bool) {
	g.a.lock()
	defer g.a.unlock()
	k := g.s.Clock()
	if k == nil || g.hidden == !visible {
		return
	}
	g.hidden = !visible
	switch {
	case !visible && g.s.Computer < 0:
		k.Pause(g.nowMS())
		g.armFlag()
		g.save()
	case !visible:
		g.save()
	default:
		g.runClock()
	}
	g.a.out.show = true
}

// computerTime is how long the computer may think on its move: MoveTime,
// or less when its clock runs low (a thirtieth of its time and half the
// increment; at least 50 ms).
func (g *GameController) computerTime() int {
	k := g.s.Clock()
	if k == nil {
		return MoveTime
	}
	left := k.LeftAt(g.s.Position().Turn(), g.nowMS())
	return int(max(50, min(int64(MoveTime), left/30+k.TC.Inc/2)))
}

// clockView is the clocks for the page (nil without a clock).
func (g *GameController) clockView() *ClockView {
	k := g.s.Clock()
	if k == nil {
		return nil
	}
	now := g.nowMS()
	v := &ClockView{Control: k.TC.Words(), White: k.LeftAt(game.White, now), Black: k.LeftAt(game.Black, now)}
	if k.Running >= 0 {
		v.Running = []string{"white", "black"}[k.Running]
	}
	return v
}
