package ai

import "testing"

// TestFittedSquaresWhereOn checks that every rule set whose tuning turns
// pst on has fitted boards: without them the switch would silently keep
// the hand-set terms.
func TestFittedSquaresWhereOn(t *testing.T) {
	for id, tn := range tunings {
		if tn.pst && fittedSquares[id] == nil {
			t.Errorf("%s: pst is on but fittedSquares has no boards for it", id)
		}
	}
}
