package ai

import "testing"

// TestPrunableOnlyGrows checks what the search's staged loop relies on
// when, once one quiet move is pruned, it drops the stage's other quiet
// moves unsorted: along a node's moves (the move number i and the count of
// quiet moves only rising, alpha never falling) prunable never turns from
// true back to false.
func TestPrunableOnlyGrows(t *testing.T) {
	for depth := 1; depth <= 20; depth++ {
		for _, improving := range []bool{false, true} {
			for _, eval := range []int{-900, -250, 0, 130, 600} {
				for _, start := range []int{-1200, -300, -60, 0, 150, 400} {
					pruned := false
					alpha := start
					for i, quiets := 1, 0; i < 80; i++ {
						if i%3 != 0 { // some moves are captures
							quiets++
						}
						if i%7 == 0 {
							alpha += 25
						}
						got := prunable(depth, i, quiets, eval, alpha, improving)
						if pruned && !got {
							t.Fatalf("depth %d improving %v eval %d alpha %d: move %d (quiet %d) not prunable after an earlier one was",
								depth, improving, eval, alpha, i, quiets)
						}
						pruned = pruned || got
					}
				}
			}
		}
	}
}

// TestPrunableCases pins prunable's thresholds at a few points, so a
// change to them is a deliberate one (README.md, "Search").
func TestPrunableCases(t *testing.T) {
	cases := []struct {
		depth, i, quiets, eval, alpha int
		improving                     bool
		want                          bool
	}{
		{1, 3, 2, 0, -1000, false, false},   // (3+1)/2 = 2 quiet moves are tried
		{1, 4, 3, 0, -1000, false, true},    // the third is pruned
		{1, 4, 3, 0, -1000, true, false},    // improving: 4 are tried
		{8, 70, 67, 0, -1000, true, false},  // improving at depth 8: (3+64)/1 = 67 are tried
		{8, 70, 68, 0, -1000, true, true},   // the 68th is pruned
		{9, 60, 59, 0, -1000, false, false}, // no late-move pruning past depth 8
		{1, 1, 1, 0, 180, false, true},      // futility at depth 1: 0 + 180 <= 180
		{1, 1, 1, 0, 179, false, false},
		{3, 1, 1, 0, 450, false, true}, // lmrDepth 3-1-0 = 2: 180 + 270
		{3, 1, 1, 0, 449, false, false},
		{12, 1, 1, -5000, 0, false, false}, // lmrDepth 12-1-1 = 10: no futility
	}
	for _, c := range cases {
		if got := prunable(c.depth, c.i, c.quiets, c.eval, c.alpha, c.improving); got != c.want {
			t.Errorf("prunable(depth %d, move %d, quiet %d, eval %d, alpha %d, improving %v) = %v, want %v",
				c.depth, c.i, c.quiets, c.eval, c.alpha, c.improving, got, c.want)
		}
	}
}
