package ai

// tuning holds the search's switches that differ by rule set: each was
// kept where a match showed it to help (README.md, "Issue 26").
type tuning struct {
	see  bool // order captures by static exchange (losing ones last) and prune the losing ones in quiescence (full-size rule sets only)
	hist bool // bounded histories with a malus, continuation histories and counter moves
	lmr  bool // late-move reductions from a table by depth and move number, adjusted
	// lmrDiv divides the reductions' ln·ln by lmrDiv/10 (0: 20)
	lmrDiv int
	qtt    bool
	qtt1   bool // with qtt: only at quiescence's first ply // the transposition table in quiescence too
	nmp    bool // a null-move reduction growing with depth and the margin above beta
	iir    bool // internal iterative reduction
	thr    bool // order quiet moves by the threats of cheaper enemy pieces on their squares (full-size)
	see2   bool // prune the captures that lose much by SEE at low depth (with see)
}

// tunings are the switches by rule-set id; a rule set not listed has none.
var tunings = map[string]tuning{
	"bedlam":       {see: true},
	"assimilation": {see: true},
}

func tuningFor(id string) tuning {
	t := tunings[id]
	experiment(&t)
	return t
}
