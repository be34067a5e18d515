package game

import "testing"

// TestRepeats checks the search's repetition test: the position after a
// shuffle there and back has occurred before (same side to move), a new one
// has not, a null move in between hides earlier positions, and the window
// bounds the look back.
func TestRepeats(t *testing.T) {
	v, _ := VariantByID("chess")
	play := func(p *Position, moves ...string) {
		t.Helper()
		for _, ms := range moves {
			if ms == "null" {
				p.MakeNull()
				continue
			}
			m, err := p.ParseMove(ms)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
		}
	}
	p, _ := Parse(v, "k7/8/8/8/8/8/8/K7 w - - 0 1")
	play(p, "a1a2", "a8a7", "a2a1", "a7a8")
	if !p.Repeats(0) {
		t.Error("the start position after a1a2 a8a7 a2a1 a7a8: not seen as repeated")
	}
	if p.Repeats(3) {
		t.Error("a repetition 4 plies back seen within a window of 3")
	}
	play(p, "a1b1")
	if p.Repeats(0) {
		t.Error("a new position seen as repeated")
	}
	p, _ = Parse(v, "k7/8/8/8/8/8/8/K7 w - - 0 1")
	play(p, "a1a2", "null", "a2a1", "null")
	if p.Repeats(0) {
		t.Error("a position before a null move seen as repeated")
	}
}
