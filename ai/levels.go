package ai

import "time"

// MaxLevel is the strongest playing level.
const MaxLevel = 8

// level describes how a playing level searches.
type level struct {
	depth  int    // depth limit (0: none)
	nodes  uint64 // node limit (0: none)
	noise  int    // evaluation noise, ± centipawns
	random int    // percent of moves played at random
}

// levels 1..8. Levels 1-7 are bounded by depth or nodes, so they play the
// same moves on any machine and are reproducible given a seed; they also
// stop at the move time if that comes first. Level 8 uses its whole move
// time (it is reproducible only with a depth or node limit).
var levels = [MaxLevel + 1]level{
	1: {depth: 1, noise: 150, random: 35},
	2: {depth: 1, noise: 80, random: 10},
	3: {depth: 1, noise: 30},
	4: {depth: 2, noise: 25},
	5: {depth: 3, noise: 15},
	6: {nodes: 60_000, noise: 5},
	7: {nodes: 200_000},
	8: {},
}

// LevelConfig returns the search configuration of a playing level (1..8;
// out-of-range values are clamped) with the given move time (0: 1 s) and
// seed. Levels 1-3 search without the switches of tuning.go, as before
// issue 26; levels 4-5 keep every capture in quiescence in the Bifold
// Halfgi family (Config.shallow).
func LevelConfig(lvl int, moveTime time.Duration, seed uint64) Config {
	lvl = min(max(lvl, 1), MaxLevel)
	if moveTime <= 0 {
		moveTime = time.Second
	}
	l := levels[lvl]
	return Config{
		Limits:     Limits{Depth: l.depth, Nodes: l.nodes, MoveTime: moveTime},
		Seed:       seed,
		Noise:      l.noise,
		RandomMove: l.random,
		plain:      lvl <= 3,
		shallow:    lvl <= 5,
	}
}
