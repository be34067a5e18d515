package ai

import "testing"

// TestPrunableOnlyGrows checks what the search's staged loop relies on
// when, once one quiet move is pruned, it drops the stage's other quiet
// moves unsorted: along a node's moves (the move number i and the count of
// quiet moves only rising, alpha never falling) prunable never turns from
// true back to false, under each set of parameters.
func TestPrunableOnlyGrows(t *testing.T) {
	for name, fr := range map[string]*frontier{"base": &baseFrontier, "prune": &pruneFrontier, "steady": &steadyFrontier} {
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
							got := fr.prunable(depth, i, quiets, eval, alpha, improving)
							if pruned && !got {
								t.Fatalf("%s: depth %d improving %v eval %d alpha %d: move %d (quiet %d) not prunable after an earlier one was",
									name, depth, improving, eval, alpha, i, quiets)
							}
							pruned = pruned || got
						}
					}
				}
			}
		}
	}
}

// TestPrunableCases pins prunable's thresholds at a few points, so a
// change to them is a deliberate one (README.md, "Search").
func TestPrunableCases(t *testing.T) {
	pf, bf := &pruneFrontier, &baseFrontier
	cases := []struct {
		fr                            *frontier
		depth, i, quiets, eval, alpha int
		improving                     bool
		want                          bool
	}{
		{pf, 1, 3, 2, 0, -1000, false, false},   // (3+1)/2 = 2 quiet moves are tried
		{pf, 1, 4, 3, 0, -1000, false, true},    // the third is pruned
		{pf, 1, 4, 3, 0, -1000, true, false},    // improving: 4 are tried
		{pf, 8, 70, 67, 0, -1000, true, false},  // improving at depth 8: (3+64)/1 = 67 are tried
		{pf, 8, 70, 68, 0, -1000, true, true},   // the 68th is pruned
		{pf, 9, 60, 59, 0, -1000, false, false}, // no late-move pruning past depth 8
		{pf, 1, 1, 1, 0, 180, false, true},      // futility at depth 1: 0 + 180 <= 180
		{pf, 1, 1, 1, 0, 179, false, false},
		{pf, 3, 1, 1, 0, 450, false, true}, // lmrDepth 3-1-0 = 2: 180 + 270
		{pf, 3, 1, 1, 0, 449, false, false},
		{pf, 12, 1, 1, -5000, 0, false, false},  // lmrDepth 12-1-1 = 10: no futility
		{bf, 1, 11, 10, 0, -1000, false, false}, // 6 + 4 = 10 quiet moves are tried
		{bf, 1, 12, 11, 0, -1000, true, true},   // the 11th is pruned, improving or not
		{bf, 3, 45, 42, 0, -1000, false, false}, // depth 3: 6 + 36 = 42 are tried
		{bf, 3, 46, 43, 0, -1000, false, true},
		{bf, 4, 60, 59, 0, -1000, false, false}, // no late-move pruning past depth 3
		{bf, 2, 1, 1, 0, 300, false, true},      // futility at depth 2: 0 + 300 <= 300
		{bf, 2, 1, 1, 0, 299, false, false},
		{bf, 3, 1, 1, -5000, 0, false, false}, // no futility past depth 2
	}
	for _, c := range cases {
		if got := c.fr.prunable(c.depth, c.i, c.quiets, c.eval, c.alpha, c.improving); got != c.want {
			t.Errorf("prunable(depth %d, move %d, quiet %d, eval %d, alpha %d, improving %v) = %v, want %v",
				c.depth, c.i, c.quiets, c.eval, c.alpha, c.improving, got, c.want)
		}
	}
}
