package input

import (
	"math"
	"time"
)

// LongPress is how long a touch must stay in place to describe the piece
// under it (the touch equivalent of a right-click).
const LongPress = 500 * time.Millisecond

// LongPressUpdates is how many updates must also have seen the touch held:
// on a page too slow to update often, a tap that two updates happen to see
// is a tap, not a long press.
const LongPressUpdates = 6

// LongPressFrames is how many frames the page must also have drawn while the
// touch was held. A slow frame (a phone presenting a large canvas in
// software: a tenth of a second each) holds back the release's event, and
// the game catches up with several updates per frame: counted in frames, a
// tap that a few slow frames stretched past LongPress is still a tap, and a
// long press on such a page takes a little longer.
const LongPressFrames = 12

// Hold detects a long press: a touch that stays within DragTouch of where it
// went down for LongPress. The zero value is idle.
type Hold struct {
	down   bool
	fired  bool
	moved  bool
	at     time.Time
	seen   int // updates that saw the touch held (calls of Due)
	frames int // frames drawn while it was held (calls of Frame)
	x0, y0 float64
}

// Press starts watching a touch that went down at (x, y) at time t.
func (h *Hold) Press(x, y float64, t time.Time) {
	*h = Hold{down: true, at: t, x0: x, y0: y}
}

// Motion notes that the touch moved to (x, y): once it has left the
// press's surroundings it is a drag, never a long press.
func (h *Hold) Motion(x, y float64) {
	if h.down && math.Hypot(x-h.x0, y-h.y0) > DragTouch {
		h.moved = true
	}
}

// Due is called by each update while the touch is held; it reports, once
// per touch, that the touch has been held in place long enough at time t
// (LongPress, LongPressUpdates updates and LongPressFrames frames); it
// returns where it went down.
func (h *Hold) Due(t time.Time) (x, y float64, ok bool) {
	if !h.down || h.fired || h.moved {
		return 0, 0, false
	}
	h.seen++
	if t.Sub(h.at) < LongPress || h.seen < LongPressUpdates || h.frames < LongPressFrames {
		return 0, 0, false
	}
	h.fired = true
	return h.x0, h.y0, true
}

// Frame is called by each drawn frame.
func (h *Hold) Frame() {
	if h.down {
		h.frames++
	}
}

// Release ends the touch; it reports whether the touch was a long press (so
// its release must not also count as a tap).
func (h *Hold) Release() (wasLong bool) {
	wasLong = h.down && h.fired
	*h = Hold{}
	return wasLong
}
