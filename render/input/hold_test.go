package input

import (
	"testing"
	"time"
)

func TestHold(t *testing.T) {
	t0 := time.Unix(1000, 0)
	cases := []struct {
		name    string
		moveTo  [2]float64 // where the touch moves before the check (0, 0: stays)
		after   time.Duration
		wantDue bool
	}{
		{"held in place long enough", [2]float64{}, LongPress, true},
		{"released too early", [2]float64{}, LongPress - time.Millisecond, false},
		{"a small wobble is still a hold", [2]float64{103, 104}, LongPress + time.Second, true},
		{"moved away: a drag", [2]float64{100 + DragTouch + 1, 100}, LongPress + time.Second, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var h Hold
			h.Press(100, 100, t0)
			if c.moveTo != [2]float64{} {
				h.Motion(c.moveTo[0], c.moveTo[1])
			}
			for i := 0; i < LongPressFrames; i++ { // the frames while it was held
				h.Frame()
			}
			for i := 1; i < LongPressUpdates; i++ { // the updates while it was held
				h.Due(t0.Add(c.after * time.Duration(i) / LongPressUpdates))
			}
			x, y, ok := h.Due(t0.Add(c.after))
			if ok != c.wantDue {
				t.Fatalf("due %v, want %v", ok, c.wantDue)
			}
			if ok && (x != 100 || y != 100) {
				t.Errorf("at %v,%v, want where it went down", x, y)
			}
			if ok {
				if _, _, again := h.Due(t0.Add(c.after + time.Second)); again {
					t.Error("a long press fired twice")
				}
			}
			if long := h.Release(); long != c.wantDue {
				t.Errorf("release says long %v", long)
			}
		})
	}
	var idle Hold
	if _, _, ok := idle.Due(t0); ok {
		t.Error("an idle Hold fired")
	}
	// A slow page: a tap that only two updates saw, however far apart, is a tap.
	var slow Hold
	slow.Press(100, 100, t0)
	slow.Due(t0.Add(400 * time.Millisecond))
	if _, _, ok := slow.Due(t0.Add(3 * time.Second)); ok || slow.Release() {
		t.Error("a tap seen by two slow updates became a long press")
	}
	// Slow frames: a tap held back by four frames of a tenth of a second,
	// in which the game caught up with many updates, is a tap.
	var late Hold
	late.Press(100, 100, t0)
	for f := 1; f <= 4; f++ {
		late.Frame()
		for u := 0; u < 6; u++ {
			if _, _, ok := late.Due(t0.Add(time.Duration(f*130) * time.Millisecond)); ok {
				t.Fatal("a tap stretched by slow frames became a long press")
			}
		}
	}
	if late.Release() {
		t.Error("released as a long press")
	}
	// The same page, the finger held on: a long press once enough frames came.
	var held Hold
	held.Press(100, 100, t0)
	fired := false
	for f := 1; f <= LongPressFrames && !fired; f++ {
		held.Frame()
		_, _, fired = held.Due(t0.Add(time.Duration(f*130) * time.Millisecond))
	}
	if !fired {
		t.Error("a finger held through enough slow frames was not a long press")
	}
}
