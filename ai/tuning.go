package ai

// tuning holds the search's switches that differ by rule set: each was
// kept where a match showed it to help (README.md, "Issue 26").
type tuning struct {
	// see orders the captures that lose material by static exchange
	// (game.Position.SEE; in the Bifold Halfgi family, which it does not
	// cover, bifoldLoses) after the quiet moves and skips them in
	// quiescence
	see bool
	// hist keeps the quiet moves' histories within ±histMax with a malus
	// for the quiet moves searched before a cut-off, adds continuation
	// histories (by the moved kind and destination after the opponent's
	// last move and one's own before it) and a counter move per last move
	hist bool
	// lmr reduces late quiet moves by a table of ln(depth)·ln(moves)
	// (lmrTable), less at PV nodes, for killers, counter moves, checks and
	// by history, more when the static evaluation is not improving, instead
	// of the fixed 1 or 1 + depth/4
	lmr bool
	// seeo: in the Bifold Halfgi family, see orders the captures but
	// quiescence keeps them all (levels 4-5: Config.shallow)
	seeo bool
	// squares are fitted piece-square terms (pst.go) the evaluation uses
	// instead of the hand-set ones for the kinds they cover; nil: none
	squares *pieceSquares
	// structure adds chess's structural terms (structure.go: pawn
	// structure, mobility, king attack, rooks, bishop pair, pawn shield)
	// where the rule set's declaration (game.Variant.Structure, which has
	// them at every level) does not
	structure bool
	// prune searches less of what is unlikely to matter, more deeply
	// elsewhere: an internal iterative reduction (no hash move at depth 4
	// or more: one ply less), reverse futility to depth 7 with a margin
	// one ply smaller when the static evaluation is improving, a null-move
	// reduction growing with depth and with the margin above beta,
	// late-move pruning to depth 8 after (3 + depth²)/(2 − improving) quiet
	// moves, and futility pruning of quiet moves whose depth after their
	// late-move reduction would be under 6 (prunable)
	prune bool
	// threats adds to the structural terms the threats of structure.go
	// (fullTerms.byPawn, byMinor, hanging): pieces attacked by pawns, rooks
	// and queens attacked by knights and bishops, pieces attacked and not
	// defended
	threats bool
}

// tunings are the switches by rule-set id; a rule set not listed has none.
// Assimilation and Bedlam play with chess's boards too, and Bedlam with
// chess's structural terms; bifold-halfgi and bifold-halfgi-pawns with
// their own boards, and bifold-halfgi-weak with bifold-halfgi's (README.md,
// "Issue 26", fifth to eighth sessions); chess and Assimilation prune more
// (ninth and tenth sessions).
var tunings = map[string]tuning{
	"bedlam":              {see: true, squares: &chessSquares, structure: true},
	"bifold-halfgi":       {see: true, squares: &bifoldSquares},
	"bifold-halfgi-pawns": {see: true, squares: &bifoldPawnsSquares},
	"bifold-halfgi-weak":  {see: true, squares: &bifoldSquares},
	"assimilation":        {see: true, hist: true, lmr: true, squares: &chessSquares, prune: true},
	"chess":               {see: true, hist: true, lmr: true, squares: &chessSquares, prune: true},
}

// tuningFor returns the switches of rule set id (with -tags experiment,
// changed by the environment: experiment.go).
func tuningFor(id string) tuning {
	t := tunings[id]
	experiment(id, &t)
	return t
}
