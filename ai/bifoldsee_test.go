package ai

import "testing"

// TestBifoldLoses checks tn.see's stand-in for SEE in the Bifold Halfgi
// family: a capture loses when it takes less than its movers are worth onto
// a square the opponent threatens.
func TestBifoldLoses(t *testing.T) {
	for _, tc := range []struct {
		variant, fen, move string
		loses              bool
	}{
		// a halfling queen takes a pawn defended by a pawn
		{"bifold-halfgi", "4(wf)3/8/4p3/3p4/3Q4/8/8/4(WF)3[] w - - 0 1", "d4d5", true},
		// the same pawn undefended
		{"bifold-halfgi", "4(wf)3/8/8/3p4/3Q4/8/8/4(WF)3[] w - - 0 1", "d4d5", false},
		// a pawn takes a defended halfling queen: it gains more than it risks
		{"bifold-halfgi", "4(wf)3/8/4p3/3q4/4P3/8/8/4(WF)3[] w - - 0 1", "e4d5", false},
		// a queen unit takes a pawn defended by a halfling rook's reach
		{"bifold-halfgi", "4(wf)3/3r4/8/3p4/8/8/3(QQ)4/4(WF)3[] w - - 0 1", "d2d5", true},
		// one queen of the unit leaves it to take the same pawn: it risks one half
		{"bifold-halfgi", "4(wf)3/3r4/8/3p4/8/8/3(QQ)4/4(WF)3[] w - - 0 1", "d2d5/q", true},
		// the royal unit takes an undefended pawn
		{"bifold-halfgi", "8/8/8/8/8/3p4/4(WF)3/(wf)7[] w - - 0 1", "e2d3", false},
		// and a defended one: it risks both royals for a pawn
		{"bifold-halfgi", "8/8/8/8/2p5/3p4/4(WF)3/(wf)7[] w - - 0 1", "e2d3", true},
		// bifold pawns: a halfling queen takes one of two half pawns, defended by
		// right-handed ones
		{"bifold-halfgi-pawns", "4(wf)3/8/4(dd)3/3(ll)4/3Q4/8/8/4(WF)3[] w - - 0 1", "d4d5xl", true},
		// the same, the black pawns on e6 left-handed: they cannot take towards d5
		{"bifold-halfgi-pawns", "4(wf)3/8/4(ll)3/3(ll)4/3Q4/8/8/4(WF)3[] w - - 0 1", "d4d5xl", false},
	} {
		p := mustParse(t, tc.variant, tc.fen)
		m, err := p.ParseMove(tc.move)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.fen, tc.move, err)
		}
		e := NewEngine(1)
		s := &e.s
		s.p = p
		s.ev = newEvaluator(p.Variant())
		s.ev.reset(p)
		gain, _ := s.capScore(m)
		var th threats
		if got := s.bifoldLoses(m, gain, &th); got != tc.loses {
			t.Errorf("%s %s %s: loses %v, want %v (gain %d, risk %d)", tc.variant, tc.fen, tc.move, got, tc.loses, gain, s.bifoldRisk(m))
		}
	}
}
