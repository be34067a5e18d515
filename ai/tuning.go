package ai

// tuning holds the search's switches that differ by rule set: each is on
// where a match showed it to help (README.md, "Issue 26, 2026-12-05").
type tuning struct {
	// see orders the captures that lose material by static exchange
	// (game.Position.SEE) after the quiet moves and skips them in
	// quiescence (full-size rule sets; SEE does not cover the Bifold
	// Halfgi family)
	see bool
}

// tunings are the switches by rule-set id; a rule set not listed has none.
var tunings = map[string]tuning{
	"bedlam":       {see: true},
	"assimilation": {see: true},
	"chess":        {see: true},
}

// tuningFor returns the switches of rule set id (with -tags experiment,
// changed by the environment: experiment.go).
func tuningFor(id string) tuning {
	t := tunings[id]
	experiment(&t)
	return t
}
