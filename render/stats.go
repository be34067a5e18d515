//go:build js || native

package render

import "time"

// stats counts, over the last second, the updates, the frames Ebiten asked
// for (calls of Draw) and the frames actually repainted.
type stats struct {
	updates, draws, frames []time.Time
	nUpdate                int // updates since the start
	nLongPress             int // long presses (a touch held still) since the start
}

// update notes an update at now and forgets what is older than a second.
func (s *stats) update(now time.Time) {
	s.nUpdate++
	s.updates = append(trim(s.updates, now), now)
	s.frames = trim(s.frames, now)
	s.draws = trim(s.draws, now)
}

// FPS returns the number of frames Ebiten asked for in the last second (calls
// of Draw; an idle board answers them without repainting).
func (g *Game) FPS() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return countSince(g.stats.draws, g.now().Add(-time.Second))
}

// Repaints returns the number of frames actually repainted in the last second:
// none on an idle board, about 60 while pieces move; while the computer
// thinks nothing is.
func (g *Game) Repaints() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return countSince(g.stats.frames, g.now().Add(-time.Second))
}

// Updates returns the number of game updates since the start. Input is read
// once per update, so a press is seen once an update began after it: the
// browser tests hold a press until this has grown.
func (g *Game) Updates() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.stats.nUpdate
}

// LongPresses returns the number of long presses since the start: each
// describes a piece and forgets the tap under way. The browser tests read it
// to tell a tap that their driver delivered too slowly (held past
// input.LongPress) from a move the game refused.
func (g *Game) LongPresses() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.stats.nLongPress
}

// TPS returns the number of game updates in the last second.
func (g *Game) TPS() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return countSince(g.stats.updates, g.now().Add(-time.Second))
}

func countSince(ts []time.Time, t time.Time) int {
	n := 0
	for _, x := range ts {
		if x.After(t) {
			n++
		}
	}
	return n
}

func trim(ts []time.Time, now time.Time) []time.Time {
	cut := now.Add(-time.Second)
	i := 0
	for i < len(ts) && !ts[i].After(cut) {
		i++
	}
	return append(ts[:0], ts[i:]...)
}
