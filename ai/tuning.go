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
	// terms are fitted weights of the structural terms used instead of
	// chessTerms (turning the terms on where they are off); nil: none
	terms *fullTerms
	// sing extends the hash move by a ply when it is singular: a search of
	// half the depth without it, against a bound 2·depth below its stored
	// score, fails low (singular extensions; with a stored lower bound from
	// depth − 3 or more, at depth singDepth or more). When that search
	// instead reaches its bound and the bound is at or above beta, the node
	// returns the bound (multi-cut)
	sing bool
	// seep leaves out, after the first move, the captures that lose more
	// than seepMargin per ply of depth by static exchange (not in check)
	seep bool
	// caph orders captures by capture history as well: a table by mover,
	// destination and victim that the captures which cut off raise and the
	// captures searched before a cut-off lower (searcher.capHist)
	caph bool
	// frontier is the pruning near the leaves; nil: baseFrontier. With
	// pruneFrontier (the switch "prune") the search looks at less of what is
	// unlikely to matter, and more deeply elsewhere
	frontier *frontier
}

// frontier holds the parameters of the pruning near the leaves, which
// search.go reads at every node: tuning.frontier, or baseFrontier. "improving" below is 1 when the static evaluation is
// better than two plies before (or that one is unknown: near the root, or
// in check then), else 0.
type frontier struct {
	// reverse futility: a node of depth at most rfDepth (not a PV node,
	// not in check) whose static evaluation minus
	// rfMargin·(depth − rfImproving·improving) is still at or above beta
	// returns it
	rfDepth, rfMargin, rfImproving int
	// null move: the reduction is nullBase + depth/nullDiv, plus, when
	// nullMargin > 0, min((evaluation − beta)/nullMargin, nullMarginMax)
	nullBase, nullDiv, nullMargin, nullMarginMax int
	// internal iterative reduction: from depth iirDepth (0: never), a node
	// without a hash move is searched one ply less deeply
	iirDepth int
	// late-move pruning: at depth at most lmpDepth, the quiet moves after
	// the first (lmpBase + lmpSquare·depth²)/(lmpDiv − lmpImproving·improving)
	lmpDepth, lmpBase, lmpSquare, lmpDiv, lmpImproving int
	// futility: a quiet move at depth d at most futDepth, where d is the
	// node's depth or, with futLMR, the depth left after the move's
	// late-move reduction (lmrTable) and one ply, when the static
	// evaluation + futBase + futMargin·d is at most alpha
	futDepth, futBase, futMargin int
	futLMR                       bool
}

// baseFrontier is the pruning of levels 1-3 and of the rule sets with no
// tuning.frontier; pruneFrontier that of the ninth session's prune
// (README.md, "Issue 26").
var (
	baseFrontier = frontier{
		rfDepth: 3, rfMargin: 120,
		nullBase: 2, nullDiv: 4,
		lmpDepth: 3, lmpBase: 6, lmpSquare: 4, lmpDiv: 1,
		futDepth: 2, futMargin: 150,
	}
	pruneFrontier = frontier{
		rfDepth: 7, rfMargin: 100, rfImproving: 1,
		nullBase: 3, nullDiv: 3, nullMargin: 200, nullMarginMax: 3,
		iirDepth: 4,
		lmpDepth: 8, lmpBase: 3, lmpSquare: 1, lmpDiv: 2, lmpImproving: 1,
		futDepth: 5, futBase: 180, futMargin: 135, futLMR: true,
	}
	// steadyFrontier is pruneFrontier whose reverse-futility margin does not
	// shrink when the evaluation improves: with rfImproving, depth-5
	// searches in bifold-halfgi-pawns missed a win in 2 of the mate suite
	// (README.md, "Issue 26", eleventh and twelfth sessions).
	steadyFrontier = func() frontier {
		f := pruneFrontier
		f.rfImproving = 0
		return f
	}()
)

// tunings are the switches by rule-set id; a rule set not listed has none.
// Assimilation and Bedlam play with chess's boards too, and Bedlam with
// chess's structural terms; bifold-halfgi and bifold-halfgi-pawns with
// their own boards, and bifold-halfgi-weak with bifold-halfgi's (README.md,
// "Issue 26", fifth to eighth sessions); chess and Assimilation prune more
// (ninth and tenth sessions), bifold-halfgi-pawns nearly as much (eleventh
// and twelfth); chess weighs its structural terms by fitted weights
// (thirteenth) and searches with singular extensions and SEE pruning of
// captures (fifteenth).
var tunings = map[string]tuning{
	"bedlam":              {see: true, squares: &chessSquares, structure: true},
	"bifold-halfgi":       {see: true, squares: &bifoldSquares},
	"bifold-halfgi-pawns": {see: true, squares: &bifoldPawnsSquares, frontier: &steadyFrontier},
	"bifold-halfgi-weak":  {see: true, squares: &bifoldSquares},
	"assimilation":        {see: true, hist: true, lmr: true, squares: &chessSquares, frontier: &pruneFrontier},
	"chess":               {see: true, hist: true, lmr: true, squares: &chessSquares, frontier: &pruneFrontier, terms: &chessFitTerms, sing: true, seep: true},
}

// tuningFor returns the switches of rule set id (with -tags experiment,
// changed by the environment: experiment.go).
func tuningFor(id string) tuning {
	t := tunings[id]
	experiment(id, &t)
	return t
}
