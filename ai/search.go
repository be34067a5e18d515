// Package ai is the computer player of Chimera: an alpha-beta searcher and a
// per-rule-set evaluation for Bedlam, Assimilation Chess and the Bifold
// Halfgi family (and plain chess). It is pure Go (no syscall/js): the browser
// runs it in a Web Worker through cmd/engine, and cmd/arena plays matches.
//
// Typical use:
//
//	e := ai.NewEngine(16)           // 16 MiB transposition table
//	res := e.Search(pos, ai.Config{ // pos is not changed
//		Limits: ai.Limits{MoveTime: time.Second},
//		OnInfo: func(i ai.Info) { ... },
//	})
//	pos.Make(res.Move)
//
// or, for a playing level, e.Search(pos, ai.LevelConfig(level, movetime, seed)).
// Engine.Stop, safe from any goroutine, ends a running search, which then
// returns its best move so far.
package ai

import (
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync/atomic"
	"time"

	"chimera/game"
)

// Score bounds. A mate found at ply n scores Mate-n for the side that mates.
const (
	Mate      = 30000
	MateBound = Mate - 1000 // scores beyond this are mates
	infinity  = 32000
	maxPly    = 96
)

// Limits bounds a search. Zero fields mean no limit; with no limit at all the
// search runs until Stop (or to the maximum depth).
type Limits struct {
	Depth    int           // maximum nominal depth in plies
	Nodes    uint64        // node budget
	MoveTime time.Duration // time budget
}

// Config describes one search.
type Config struct {
	Limits
	// Seed makes the level's randomness reproducible.
	Seed uint64
	// Noise adds a deterministic pseudo-random term of up to ±Noise
	// centipawns to every evaluation (a function of position and Seed).
	Noise int
	// RandomMove is the chance, in percent, of playing a random legal move
	// instead of searching (level 1).
	RandomMove int
	// OnInfo, if set, is called after each completed iteration and, when
	// InfoEvery > 0, also while a long iteration runs.
	OnInfo func(Info)
	// InfoEvery, if > 0, makes the search also call OnInfo in the middle of
	// an iteration whenever InfoEvery has passed since the last call (and
	// the first iteration has completed): Depth is then the iteration being
	// searched, Score, Mate and PV those of the last completed iteration,
	// Nodes and Time the current ones. The clock is read every 1024 nodes,
	// so the reports are that much late at most.
	InfoEvery time.Duration
	// Yield, if set, is called every 1024 nodes; cmd/engine uses it
	// under js/wasm to let the message loop run so that Stop can arrive.
	Yield func()
	// MultiPV, when above 1, searches that many best lines (at most the
	// number of legal moves, at most MaxLines): at each depth the first
	// line is searched as usual, then each next one among the root moves
	// the lines before it did not start with. Info.Lines and Result.Lines
	// carry them, best first. 1: one line, searched as without it, but
	// also reported in Info.Lines and Result.Lines (each Line's Depth is
	// that of its last completed iteration, which a report from inside an
	// iteration does not otherwise say). 0: one line, no Lines.
	MultiPV int
	// plain searches without the switches of tuning.go (levels 1-3: the
	// beginners' levels search as they did before issue 26)
	plain bool
	// shallow keeps every capture in quiescence in the Bifold Halfgi family
	// (tuning's seeo; levels 4-5): at depth 2-3 its stand-in for SEE,
	// bifoldLoses, left out captures that mattered (level 4 lost to level
	// 3, 44-0-56, ai/README "Issue 26, 2026-12-06, later")
	shallow bool
}

// MaxLines is the most lines a MultiPV search reports.
const MaxLines = 8

// Line is one of the best lines of a MultiPV search.
type Line struct {
	Score int // centipawns from the side to move's point of view
	Mate  int // as Info.Mate
	Depth int // the depth the line was last completed at
	PV    []game.Move
}

// Info is a progress report, sent after each completed iteration (and
// during one, with Config.InfoEvery).
type Info struct {
	Depth int
	Score int // centipawns from the side to move's point of view
	// Mate is non-zero when Score is a mate score: moves (not plies) to mate,
	// positive when the side to move mates, negative when it is mated.
	Mate  int
	Nodes uint64
	Time  time.Duration
	PV    []game.Move
	// Lines holds the best lines of a MultiPV search, best first (the
	// first is Score, Mate and PV); nil when Config.MultiPV is 0.
	Lines []Line
}

// Result is the outcome of a search.
type Result struct {
	Move game.Move // NoMove when the position has no legal move
	Info
}

// Engine is a searcher with its transposition table. One Engine runs one
// search at a time; Stop may be called from another goroutine.
type Engine struct {
	tt   []ttEntry
	mask uint64
	stop atomic.Bool
	s    searcher
	// the evaluation the table's scores were made with: a search with other
	// noise (another level or seed) starts from an empty table, so that one
	// level's noisy scores never reach another's search
	noise int
	seed  uint64
}

// NewEngine returns an engine with a transposition table of about mb MiB
// (rounded down to a power of two, at least 1 MiB).
func NewEngine(mb int) *Engine {
	if mb < 1 {
		mb = 1
	}
	n := uint64(1)
	for n*2*16 <= uint64(mb)<<20 {
		n *= 2
	}
	return &Engine{tt: make([]ttEntry, n), mask: n - 1}
}

// Stop asks a running search to return as soon as possible (within a few
// milliseconds) with its best move so far. It is safe to call from any
// goroutine; it has no effect on a search that starts later.
func (e *Engine) Stop() { e.stop.Store(true) }

// Clear empties the transposition table and the move-ordering history.
func (e *Engine) Clear() {
	clear(e.tt)
	e.s.history = [2][64 + 32][64]int32{}
	if e.s.cont != nil {
		clear(e.s.cont[:])
	}
	e.s.counter = [moveKeys]game.Move{}
	e.s.capHist = [2][moveKeys * 12]int16{}
}

// ttEntry is one transposition table slot (16 bytes).
type ttEntry struct {
	key   uint32
	move  game.Move
	score int16
	eval  int16
	depth int8
	flag  uint8
	age   uint8
	_     uint8
}

const (
	ttExact = 1
	ttLower = 2
	ttUpper = 3
)

// searcher is the per-search state; it lives inside the Engine so that its
// large arrays are allocated once.
type searcher struct {
	e     *Engine
	p     *game.Position
	ev    *evaluator
	check bool // full-size rule set: check and checkmate
	// repWindow bounds the repetition scan (plies; 0: none)
	repWindow int
	nodes     uint64
	limits    Limits
	start     time.Time
	deadline  time.Time
	stopped   bool
	yield     func()
	age       uint8

	// progress reports during an iteration (Config.InfoEvery)
	onInfo    func(Info)
	infoEvery time.Duration
	lastInfo  time.Time
	depth     int  // the iteration being searched
	done      Info // the last completed iteration's report (Depth 0: none yet)

	lists   [maxPly + 1]game.MoveList
	scores  [maxPly + 1][game.MaxMoves]int32
	killers [maxPly + 1][2]game.Move
	history [2][64 + 32][64]int32
	pv      [maxPly + 1][maxPly + 1]game.Move
	pvLen   [maxPly + 1]int
	keys    [game.MaxMoves]uint64

	tn tuning // the rule set's switches (tuning.go)
	// the pruning near the leaves: tn.frontier, or baseFrontier
	fr *frontier
	// SEE's values: on the board, and what a capture gains (with drops,
	// the piece in hand too)
	seeVal, seeCapt [game.NumKinds]int
	// captures that lose material by SEE, put off to after the quiet moves
	bad  [maxPly + 1][32]game.Move
	nBad [maxPly + 1]int

	// tn.hist: the moves' keys by ply (moved kind and destination, keyOf;
	// 0 for a null move), the continuation histories of a quiet move after
	// the opponent's last move (cont[0]) and after one's own before it
	// (cont[1]), by their keys (allocated by the first search with
	// tn.hist); the counter move to each key; the quiet moves searched at
	// each ply and their keys (for the malus at a cut-off)
	key     [maxPly + 2]int
	cont    *[2][moveKeys][moveKeys]int16
	counter [moveKeys]game.Move
	quietsT [maxPly + 1][48]game.Move
	quietsK [maxPly + 1][48]int16
	// tn.lmr, tn.hist: the static evaluations by ply (-infinity in check)
	evals [maxPly + 2]int
	// tn.sing: the move a singular-extension search at the ply leaves out
	// (NoMove: none)
	excluded [maxPly + 1]game.Move
	// tn.caph: the capture histories by side, then capIndex (the mover's
	// compact kind, the destination and the victim's compact kind); the
	// captures searched at each ply, by their indexes (for the malus at a
	// cut-off)
	capHist [2][moveKeys * 12]int16
	capsT   [maxPly + 1][32]int32
}

// singDepth is the least depth at which tn.sing tests the hash move;
// seepMargin is tn.seep's loss by static exchange per ply of depth.
const (
	singDepth  = 6
	seepMargin = 150
)

// moveKeys is the number of move keys: a compact kind (0: none, then the
// full-size kinds Pawn..Eques, the bifold ones mapped onto 2..10) times the
// destination square.
const moveKeys = 12 * 64

// compactKind maps a kind onto 0..11 (the full-size and the bifold kinds
// overlap: a rule set has one family or the other).
var compactKind [32]int

func init() {
	for k := range compactKind {
		switch {
		case k < 12:
			compactKind[k] = k
		case k < int(game.NumKinds):
			compactKind[k] = k - 10
		}
	}
}

// keyOf is m's key for the continuation histories: the kind that moves
// (the part that leaves, the piece dropped, or the mover's first piece of
// its square) and the destination. Before m is made.
func (s *searcher) keyOf(m game.Move) int {
	k := m.Part()
	if k == game.NoKind {
		c := s.p.At(m.From())
		x := c[0]
		if x.Color() != s.p.Turn() && c[1] != game.NoPiece {
			x = c[1]
		}
		k = x.Kind()
	}
	return compactKind[k&31]*64 + m.To()
}

// capIndex is capture m's index in capHist: its key (keyOf) and the kind
// it takes (en passant a pawn; for a unit taking several pieces, the first
// of the square's). Before m is made.
func (s *searcher) capIndex(m game.Move) int {
	v := game.Pawn
	if !m.IsEnPassant() {
		v = m.Capt()
		if v == game.NoKind {
			for _, x := range s.p.At(m.To()) {
				if x != game.NoPiece && x.Color() != s.p.Turn() {
					v = x.Kind()
					break
				}
			}
		}
	}
	return s.keyOf(m)*12 + compactKind[v&31]
}

// Search searches position p (which it leaves unchanged) under cfg and
// returns the best move found. It never returns NoMove while p has a legal
// move.
func (e *Engine) Search(p *game.Position, cfg Config) Result {
	e.stop.Store(false)
	if cfg.Noise != e.noise || (cfg.Noise != 0 && cfg.Seed != e.seed) {
		e.Clear()
		e.noise, e.seed = cfg.Noise, cfg.Seed
	}
	s := &e.s
	s.e = e
	s.p = p.Clone()
	s.tn = tuning{}
	if !cfg.plain {
		s.tn = tuningFor(p.Variant().ID)
	}
	s.fr = s.tn.frontier
	if s.fr == nil {
		s.fr = &baseFrontier
	}
	s.ev = newEvaluatorWith(p.Variant(), nil, p.Variant().HandBonus, s.tn.squares)
	if s.tn.structure {
		s.ev.addStructure()
	}
	if s.tn.terms != nil {
		s.ev.useTerms(s.tn.terms)
	}
	s.ev.noise = cfg.Noise
	s.ev.reset(s.p)
	s.ev.seed = mix(cfg.Seed + 0x9e3779b97f4a7c15)
	s.check = p.Variant().Check
	if cfg.shallow {
		s.tn.seeo = true
	}
	if s.tn.hist && s.cont == nil {
		s.cont = new([2][moveKeys][moveKeys]int16) // 2.4 MB, only where used
	}
	for k := range s.seeVal {
		s.seeVal[k] = s.ev.value[k]
		s.seeCapt[k] = s.ev.value[k]
		if s.ev.drops {
			s.seeCapt[k] += s.ev.hand[k]
		}
	}
	s.repWindow = 0
	if p.Variant().Drops {
		s.repWindow = 120
	}
	s.nodes = 0
	s.limits = cfg.Limits
	s.start = time.Now()
	s.stopped = false
	s.yield = cfg.Yield
	s.onInfo, s.infoEvery, s.lastInfo, s.done = cfg.OnInfo, cfg.InfoEvery, s.start, Info{}
	s.age++
	for i := range s.killers {
		s.killers[i] = [2]game.Move{}
	}
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				s.history[c][f][t] /= 8
			}
		}
	}
	// (the continuation histories are not aged here: they are bounded by
	// historyUpdate, and going over their 2.4 MB before every search cost
	// half the nodes of a 20 ms search)
	if cfg.MoveTime > 0 {
		// keep a little margin for unwinding and for the caller
		s.deadline = s.start.Add(cfg.MoveTime - min(cfg.MoveTime/32, 10*time.Millisecond))
	}

	root := &s.lists[0]
	root.N = 0
	s.p.GenerateMoves(root)
	var res Result
	if root.N == 0 {
		return res
	}
	res.Move = root.Moves[0]
	if cfg.RandomMove > 0 {
		r := mix(cfg.Seed ^ p.Hash())
		if int(r%100) < cfg.RandomMove {
			res.Move = root.Moves[(r>>8)%uint64(root.N)]
			res.PV = []game.Move{res.Move}
			return res
		}
	}
	if root.N == 1 && cfg.MoveTime > 0 && cfg.Depth == 0 && cfg.Nodes == 0 {
		// forced move: no need to think (with a depth or node limit, search
		// anyway so that the score and PV are reported)
		res.PV = []game.Move{res.Move}
		return res
	}
	maxDepth := cfg.Depth
	if maxDepth <= 0 || maxDepth > maxPly-8 {
		maxDepth = maxPly - 8
	}
	// order the root by a shallow evaluation first
	s.scoreMoves(0, root, game.NoMove)
	sortMoves(root, &s.scores[0])

	if cfg.MultiPV > 1 {
		s.searchLines(&res, cfg, maxDepth)
		res.Nodes = s.nodes
		res.Time = time.Since(s.start)
		return res
	}
	prevScore := 0
	for depth := 1; depth <= maxDepth; depth++ {
		s.depth = depth
		score, best, ok := s.searchRoot(depth, prevScore)
		if !ok && best == game.NoMove {
			break
		}
		res.Move = best
		res.Depth = depth
		res.Score = score
		res.Mate = mateMoves(score)
		res.Nodes = s.nodes
		res.Time = time.Since(s.start)
		res.PV = append(res.PV[:0], s.pv[0][:s.pvLen[0]]...)
		if len(res.PV) == 0 || res.PV[0] != best {
			res.PV = append(res.PV[:0], best)
		}
		if !ok {
			break
		}
		prevScore = score
		s.done = Info{Depth: depth, Score: score, Mate: res.Mate, Nodes: s.nodes, Time: res.Time,
			PV: append([]game.Move(nil), res.PV...)}
		if cfg.MultiPV == 1 {
			s.done.Lines = []Line{{Score: score, Mate: res.Mate, Depth: depth, PV: s.done.PV}}
			res.Lines = copyLines(s.done.Lines)
		}
		if cfg.OnInfo != nil {
			s.lastInfo = time.Now()
			cfg.OnInfo(s.done)
		}
		if res.Mate != 0 && depth > 2*abs(res.Mate)+2 {
			break // a proven mate: deeper search will not change it
		}
		if cfg.MoveTime > 0 && (cfg.Depth > 0 || cfg.Nodes > 0) && time.Since(s.start) > cfg.MoveTime/2 {
			// the next iteration would likely not finish. (With only a
			// time limit the search goes on to the deadline: a cut
			// iteration still returns its best move among those searched,
			// and the first of them is the last iteration's best.)
			break
		}
		if cfg.Nodes > 0 && s.nodes >= cfg.Nodes {
			break
		}
	}
	res.Nodes = s.nodes
	res.Time = time.Since(s.start)
	return res
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// mateMoves converts a score to moves to mate (0 when not a mate score).
func mateMoves(score int) int {
	switch {
	case score > MateBound:
		return (Mate - score + 1) / 2
	case score < -MateBound:
		return -(Mate + score + 1) / 2
	}
	return 0
}

// searchRoot runs one iteration with an aspiration window around prev. It
// returns the score, the best move, and whether the iteration completed.
func (s *searcher) searchRoot(depth, prev int) (int, game.Move, bool) {
	return s.searchRootFrom(depth, prev, 0)
}

// searchRootFrom is searchRoot among the root moves from index first on (the
// moves before it are the lines already found at this depth, MultiPV).
func (s *searcher) searchRootFrom(depth, prev, first int) (int, game.Move, bool) {
	delta := 40
	alpha, beta := -infinity, infinity
	if depth >= 4 && abs(prev) < MateBound {
		alpha, beta = prev-delta, prev+delta
	}
	for {
		score, best := s.rootPass(depth, alpha, beta, first)
		if s.stopped {
			return score, best, false
		}
		if score <= alpha {
			alpha = max(-infinity, alpha-delta)
			delta *= 3
			if delta > 600 {
				alpha = -infinity
			}
			continue
		}
		if score >= beta {
			beta = min(infinity, beta+delta)
			delta *= 3
			if delta > 600 {
				beta = infinity
			}
			continue
		}
		return score, best, true
	}
}

// rootPass searches the root moves from index first on once. On a stop it
// returns the best move among those fully searched in this pass (or NoMove).
func (s *searcher) rootPass(depth, alpha, beta, first int) (int, game.Move) {
	ml := &s.lists[0]
	best := game.NoMove
	bestScore := -infinity
	s.pvLen[0] = 0
	for i := first; i < ml.N; i++ {
		m := ml.Moves[i]
		if s.tn.hist {
			s.key[0] = s.keyOf(m)
		}
		s.push(m)
		var score int
		if i == first {
			score = -s.search(depth-1, 1, -beta, -alpha, true)
		} else {
			score = -s.search(depth-1, 1, -alpha-1, -alpha, false)
			if score > alpha && score < beta && !s.stopped {
				score = -s.search(depth-1, 1, -beta, -alpha, true)
			}
		}
		s.pop()
		if s.stopped {
			break
		}
		if score > bestScore {
			bestScore = score
			best = m
			if score > alpha {
				alpha = score
				s.updatePV(0, m)
				// move it to the front, keeping the others in order
				copy(ml.Moves[first+1:i+1], ml.Moves[first:i])
				ml.Moves[first] = m
			}
			if score >= beta {
				break
			}
		}
	}
	if s.stopped && (best == game.NoMove || bestScore <= -infinity) {
		return bestScore, game.NoMove
	}
	if s.stopped && bestScore < alpha {
		return bestScore, game.NoMove
	}
	return bestScore, best
}

func (s *searcher) updatePV(ply int, m game.Move) {
	s.pv[ply][0] = m
	n := 0
	if ply+1 <= maxPly {
		n = s.pvLen[ply+1]
		copy(s.pv[ply][1:], s.pv[ply+1][:n])
	}
	s.pvLen[ply] = n + 1
}

// push makes m (the position keeps its history, for repetitions).
func (s *searcher) push(m game.Move) {
	s.ev.make(s.p, m)
	s.nodes++
}

func (s *searcher) pop() {
	s.ev.unmake(s.p)
}

// poll checks the limits every 256 nodes (well under a millisecond).
func (s *searcher) poll() {
	if s.nodes&255 != 0 || s.stopped {
		return
	}
	if s.e.stop.Load() {
		s.stopped = true
		return
	}
	if s.limits.Nodes > 0 && s.nodes >= s.limits.Nodes {
		s.stopped = true
		return
	}
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.stopped = true
		return
	}
	if s.nodes&1023 == 0 {
		if s.infoEvery > 0 && s.onInfo != nil && s.done.Depth > 0 {
			s.progress()
		}
		// let other goroutines run: js/wasm has no preemption, so without
		// this a Stop from another goroutine would never be seen there
		if s.yield != nil {
			s.yield()
		} else {
			runtime.Gosched()
		}
		if s.e.stop.Load() {
			s.stopped = true
		}
	}
}

// progress reports the search so far when InfoEvery has passed since the
// last report.
func (s *searcher) progress() {
	now := time.Now()
	if now.Sub(s.lastInfo) < s.infoEvery {
		return
	}
	s.lastInfo = now
	i := s.done
	i.Depth, i.Nodes, i.Time = s.depth, s.nodes, now.Sub(s.start)
	i.PV = append([]game.Move(nil), i.PV...)
	s.onInfo(i)
}

// noMoves scores a position without legal moves at ply.
func (s *searcher) noMoves(ply int, inCheck bool) int {
	if inCheck {
		return -Mate + ply
	}
	if s.ev.bifold && s.p.RoyalCount(s.p.Turn()) == 0 {
		return -Mate + ply
	}
	return 0
}

// ttProbe looks the position up.
func (s *searcher) ttProbe() *ttEntry {
	h := s.p.Hash()
	en := &s.e.tt[h&s.e.mask]
	if en.key == uint32(h>>32) && en.flag != 0 {
		return en
	}
	return nil
}

func (s *searcher) ttStore(depth, score, eval int, flag uint8, m game.Move, ply int) {
	h := s.p.Hash()
	en := &s.e.tt[h&s.e.mask]
	key := uint32(h >> 32)
	// replace: different position of an older search, or not deeper
	if en.key == key || en.age != s.age || int(en.depth) <= depth+2 || flag == ttExact {
		if m == game.NoMove && en.key == key {
			m = en.move
		}
		// mate scores are stored relative to this node
		if score > MateBound {
			score += ply
		} else if score < -MateBound {
			score -= ply
		}
		*en = ttEntry{key: key, move: m, score: int16(score), eval: int16(eval), depth: int8(depth), flag: flag, age: s.age}
	}
}

func ttScore(score, ply int) int {
	if score > MateBound {
		return score - ply
	}
	if score < -MateBound {
		return score + ply
	}
	return score
}

// search is the principal variation search at an inner node.
func (s *searcher) search(depth, ply, alpha, beta int, pvNode bool) int {
	p := s.p
	s.pvLen[ply] = 0
	if s.nodes&255 == 0 {
		s.poll() // (the test here saves a call per node: calls are dear under WASM)
	}
	if s.stopped {
		return 0
	}
	if s.ev.bifold && p.RoyalCount(p.Turn()) == 0 {
		return -Mate + ply
	}
	// a repetition since the last null move (in the game or the search;
	// with drops only the last 120 plies: repWindow) or the 50-move rule.
	// Repeats is inlined here (calls are dear under WASM)
	if p.Repeats(s.repWindow) || (s.ev.v.FiftyMove && p.Halfmove() >= 100) {
		return 0
	}
	if ply >= maxPly-1 {
		return s.ev.eval(p)
	}
	// mate distance pruning
	alpha = max(alpha, -Mate+ply)
	beta = min(beta, Mate-ply-1)
	if alpha >= beta {
		return alpha
	}
	inCheck := s.check && p.InCheck()
	if inCheck && depth < 8 {
		depth++
	}
	if depth <= 0 {
		return s.quiesce(ply, alpha, beta, 0)
	}
	hashMove := game.NoMove
	staticEval := -infinity
	excluded := s.excluded[ply]
	ttSc, ttDepth, ttFlag := 0, 0, uint8(0)
	if en := s.ttProbe(); en != nil {
		hashMove = en.move
		staticEval = int(en.eval)
		ttSc, ttDepth, ttFlag = ttScore(int(en.score), ply), int(en.depth), en.flag
		if !pvNode && ttDepth >= depth && excluded == game.NoMove {
			switch {
			case ttFlag == ttExact,
				ttFlag == ttLower && ttSc >= beta,
				ttFlag == ttUpper && ttSc <= alpha:
				return ttSc
			}
		}
	}
	if staticEval == -infinity {
		switch {
		case inCheck:
			staticEval = -Mate + ply
		case s.ev.bifold:
			staticEval = s.ev.evalBifold(p)
		default:
			staticEval = s.ev.evalFull(p)
		}
	}

	s.evals[ply] = staticEval
	if inCheck {
		s.evals[ply] = -infinity
	}
	improving := ply < 2 || s.evals[ply-2] == -infinity || staticEval > s.evals[ply-2]
	fr := s.fr
	if !pvNode && !inCheck && abs(beta) < MateBound && excluded == game.NoMove {
		// reverse futility: far above beta at low depth
		if depth <= fr.rfDepth && staticEval-fr.rfMargin*(depth-fr.rfImproving*b2i(improving)) >= beta {
			return staticEval
		}
		// null move: if passing still beats beta, a real move will too.
		// (Zugzwang is rare here; drops in the drop games almost always
		// give a useful move.)
		if depth >= 3 && staticEval >= beta && s.hasPieces() {
			r := fr.nullBase + depth/fr.nullDiv
			if fr.nullMargin > 0 {
				r += min((staticEval-beta)/fr.nullMargin, fr.nullMarginMax)
			}
			s.key[ply] = 0
			p.MakeNull()
			s.nodes++
			score := -s.search(depth-1-r, ply+1, -beta, -beta+1, false)
			p.Unmake()
			if s.stopped {
				return 0
			}
			if score >= beta {
				if score > MateBound {
					score = beta
				}
				return score
			}
		}
	}

	// internal iterative reduction: without a hash move the move ordering
	// is a guess, and a shallower search costs less and fills the table
	if fr.iirDepth > 0 && depth >= fr.iirDepth && hashMove == game.NoMove {
		depth--
	}

	// singular extension: the hash move, stored as a lower bound from
	// nearly this depth, is searched a ply deeper when every other move
	// fails a search of half the depth against a bound a little below its
	// score; when instead another move reaches that bound and it is at or
	// above beta, more than one move beats beta and the node cuts (multi-cut)
	ext := 0
	if s.tn.sing && depth >= singDepth && excluded == game.NoMove && hashMove != game.NoMove &&
		ply < 2*s.depth && (ttFlag == ttLower || ttFlag == ttExact) && ttDepth >= depth-3 && abs(ttSc) < MateBound {
		sb := ttSc - 2*depth
		s.excluded[ply] = hashMove
		score := s.search((depth-1)/2, ply, sb-1, sb, false)
		s.excluded[ply] = game.NoMove
		if s.stopped {
			return 0
		}
		switch {
		case score < sb:
			ext = 1
		case sb >= beta:
			return sb
		}
		s.evals[ply] = staticEval
		if inCheck {
			s.evals[ply] = -infinity
		}
		s.pvLen[ply] = 0
	}

	// Staged generation: out of check, unless the hash move is quiet, the
	// tactical moves (captures and pawn promotions: GenerateCaptures) come
	// first; the others (GenerateQuiets) are generated only when no capture
	// cuts off (with drops they are many). The order is the one a single list
	// would have: hash move, captures, killers, history.
	ml := &s.lists[ply]
	ml.N = 0
	rest := false // ml holds every move, or the moves after the captures
	if !inCheck && (hashMove == game.NoMove || hashMove.IsCapture()) {
		p.GenerateCaptures(ml)
	} else {
		p.GenerateMoves(ml)
		if ml.N == 0 {
			return s.noMoves(ply, inCheck)
		}
		rest = true
	}
	sc := &s.scores[ply]
	us := p.Turn()
	s.nBad[ply] = 0
	nQuiets, nCaps := 0, 0

	bestScore := -infinity
	bestMove := game.NoMove
	origAlpha := alpha
	quiets := 0
	i := 0 // moves so far (searched or pruned), over both stages
stages:
	for {
		s.scoreMoves(ply, ml, hashMove)
		// Once a quiet move is pruned, every later quiet move of the stage
		// is too (the conditions only grow truer: alpha, bestScore and the
		// count of quiet moves only rise). Then the list keeps just the
		// others, once it is sorted (the first picks break ties by place,
		// so they must see the whole list): the same moves are searched in
		// the same order, without sorting or stepping over the pruned ones.
		pruned := false
		for j := 0; j < ml.N; j, i = j+1, i+1 {
			var m game.Move
			if j < 4 {
				m = pick(ml, sc, j)
			} else {
				if j == 4 {
					if pruned {
						keepLoud(ml, sc, 4)
					}
					s.sortRest(ml, sc, 4)
					if j == ml.N {
						break
					}
				}
				m = ml.Moves[j]
			}
			if !rest && sc[j] < 0 && s.nBad[ply] == 0 {
				// the captures that lose material by SEE (and everything
				// after them, sorted) wait until after the quiet moves
				n := 0
				for ; j < ml.N && n < len(s.bad[ply]); j++ {
					s.bad[ply][n] = ml.Moves[j]
					n++
				}
				s.nBad[ply] = n
				if j == ml.N {
					break
				}
				// (more than 32: the rest is searched here, in order)
				m = ml.Moves[j]
			}
			if m == excluded {
				i-- // (not counted as a move)
				continue
			}
			quiet := isQuiet(m)
			if quiet {
				quiets++
			} else if s.tn.seep && m.IsCapture() && !inCheck && i > 0 && bestScore > -MateBound {
				if see, ok := p.SEE(m, &s.seeVal, &s.seeCapt); ok && see < -seepMargin*depth {
					continue
				}
			}
			// futility: quiet moves that cannot lift a hopeless position at the
			// frontier
			if quiet && !pvNode && !inCheck && bestScore > -MateBound && i > 0 {
				if fr.prunable(depth, i, quiets, staticEval, alpha, improving) {
					if !pruned && j >= 4 {
						keepLoud(ml, sc, j+1)
					}
					pruned = true
					continue
				}
			}
			mk := 0
			if s.tn.hist {
				mk = s.keyOf(m)
				s.key[ply] = mk
				if quiet && nQuiets < len(s.quietsT[ply]) {
					s.quietsT[ply][nQuiets] = m
					s.quietsK[ply][nQuiets] = int16(mk)
					nQuiets++
				}
			}
			if s.tn.caph && m.IsCapture() && nCaps < len(s.capsT[ply]) {
				s.capsT[ply][nCaps] = int32(s.capIndex(m))
				nCaps++
			}
			s.push(m)
			var score int
			if i == 0 {
				e := 0
				if m == hashMove {
					e = ext
				}
				score = -s.search(depth-1+e, ply+1, -beta, -alpha, pvNode)
			} else {
				// late move reduction for quiet moves
				r := 0
				if s.tn.lmr {
					if depth >= 3 && quiet && i >= 2 && !inCheck {
						r = int(lmrTable[min(depth, 63)][min(i, 63)])
						if pvNode {
							r--
						}
						if m == s.killers[ply][0] || m == s.killers[ply][1] || (s.tn.hist && ply > 0 && m == s.counter[s.key[ply-1]]) {
							r--
						}
						if !improving {
							r++
						}
						if s.check && p.InCheck() {
							r-- // gives check
						}
						if s.tn.hist {
							r -= s.quietHistory(m, mk, ply, us) / 12000
						}
						r = max(0, min(r, depth-2))
					}
				} else if depth >= 3 && quiet && i >= 3 && !inCheck && m != s.killers[ply][0] && m != s.killers[ply][1] {
					r = 1
					if i >= 8 {
						r = 1 + depth/4
					}
					if pvNode {
						r--
					}
					if r > depth-2 {
						r = depth - 2
					}
					if r < 0 {
						r = 0
					}
				}
				score = -s.search(depth-1-r, ply+1, -alpha-1, -alpha, false)
				if score > alpha && r > 0 && !s.stopped {
					score = -s.search(depth-1, ply+1, -alpha-1, -alpha, false)
				}
				if score > alpha && score < beta && pvNode && !s.stopped {
					score = -s.search(depth-1, ply+1, -beta, -alpha, true)
				}
			}
			s.pop()
			if s.stopped {
				return 0
			}
			if score > bestScore {
				bestScore = score
				bestMove = m
				if score > alpha {
					alpha = score
					if pvNode {
						s.updatePV(ply, m)
					}
					if score >= beta {
						if quiet {
							s.quietCutoff(m, mk, ply, depth, us, nQuiets)
						}
						if s.tn.caph {
							s.captureCutoff(m, ply, depth, us, nCaps)
						}
						break stages
					}
				}
			}
		}
		if rest {
			break
		}
		// the second stage: every move but the captures and pawn promotions
		// searched above
		rest = true
		ml.N = 0
		p.GenerateQuiets(ml)
		for _, m := range s.bad[ply][:s.nBad[ply]] {
			if ml.N < game.MaxMoves {
				ml.Moves[ml.N] = m
				ml.N++
			}
		}
		if i+ml.N == 0 {
			return s.noMoves(ply, inCheck)
		}
	}
	if bestScore == -infinity {
		// every move was pruned (or, in a singular-extension search, the
		// only one left out): the position is bad but not lost
		return alpha
	}
	if excluded != game.NoMove {
		return bestScore // (not this node's score: nothing is stored)
	}
	flag := uint8(ttExact)
	switch {
	case bestScore >= beta:
		flag = ttLower
	case bestScore <= origAlpha:
		flag = ttUpper
	}
	s.ttStore(depth, bestScore, staticEval, flag, bestMove, ply)
	return bestScore
}

// prunable tells whether a quiet move, the i-th move and the quiets-th
// quiet one at a node of depth (not a PV node, not in check), can be left
// out: late-move pruning (so many quiet moves were tried) or futility (the
// static evaluation is too far below alpha for a quiet move to lift it, at
// the node's depth or, with futLMR, the depth its late-move reduction would
// leave). Along a node's moves it only turns from false to true: i, quiets
// and alpha only grow.
func (f *frontier) prunable(depth, i, quiets, staticEval, alpha int, improving bool) bool {
	if depth <= f.lmpDepth && quiets > (f.lmpBase+f.lmpSquare*depth*depth)/(f.lmpDiv-f.lmpImproving*b2i(improving)) {
		return true
	}
	d := depth
	if f.futLMR {
		d = max(depth-1-int(lmrTable[min(depth, 63)][min(i, 63)]), 0)
	}
	return d <= f.futDepth && staticEval+f.futBase+f.futMargin*d <= alpha
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// quietCutoff records quiet move m (key mk; searched at ply with depth, by
// side us) as the move that cut off: a killer, and a history bonus; with
// tn.hist also a malus for the quiet moves searched before it (the first
// tried of quietsT[ply], which end with m) and the counter move to the last
// move.
func (s *searcher) quietCutoff(m game.Move, mk, ply, depth int, us game.Color, tried int) {
	if s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	if !s.tn.hist {
		h := &s.history[us][histFrom(m)][m.To()]
		*h += int32(depth * depth)
		if *h > 1<<20 {
			s.ageHistory()
		}
		return
	}
	bonus := min(32*depth*depth, 1600)
	s.historyUpdate(m, mk, ply, us, bonus)
	for i, q := range s.quietsT[ply][:tried] {
		if q != m {
			s.historyUpdate(q, int(s.quietsK[ply][i]), ply, us, -bonus)
		}
	}
	if ply > 0 {
		s.counter[s.key[ply-1]] = m
	}
}

// captureCutoff updates the capture histories (tn.caph) at a cut-off by
// move m at ply (depth, side us): a bonus for m if it is a capture (the
// last of the first tried of capsT[ply], unless the list was full), a malus
// for the other captures searched before it.
func (s *searcher) captureCutoff(m game.Move, ply, depth int, us game.Color, tried int) {
	bonus := min(32*depth*depth, 1600)
	caps := s.capsT[ply][:tried]
	if m.IsCapture() && tried > 0 && caps[tried-1] == int32(s.capIndex(m)) {
		addBounded(&s.capHist[us][caps[tried-1]], bonus)
		caps = caps[:tried-1]
	}
	for _, i := range caps {
		addBounded(&s.capHist[us][i], -bonus)
	}
}

// capHistDiv scales a capture history (±histMax) into the captures'
// ordering score, where a pawn of gain counts 1,600.
const capHistDiv = 8

// lmrTable is the late-move reduction by depth and move number (tn.lmr):
// ln(depth)·ln(moves+1)/2, rounded.
var lmrTable [64][64]int8

func init() {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			lmrTable[d][i] = int8(0.5 + math.Log(float64(d))*math.Log(float64(i+1))/2)
		}
	}
}

// quietHistory is a quiet move's history score (tn.hist): its own by origin
// and destination, and the continuation histories after the two moves
// before it; mk is keyOf(m).
func (s *searcher) quietHistory(m game.Move, mk, ply int, us game.Color) int {
	h := int(s.history[us][histFrom(m)][m.To()])
	if ply > 0 {
		h += int(s.cont[0][s.key[ply-1]][mk])
	}
	if ply > 1 {
		h += int(s.cont[1][s.key[ply-2]][mk])
	}
	return h
}

// historyUpdate adds bonus (negative: a malus) to quiet move m's histories,
// each kept within ±histMax (a bonus counts less the nearer the entry is to
// the bound).
func (s *searcher) historyUpdate(m game.Move, mk, ply int, us game.Color, bonus int) {
	addBounded(&s.history[us][histFrom(m)][m.To()], bonus)
	if ply > 0 {
		addBounded(&s.cont[0][s.key[ply-1]][mk], bonus)
	}
	if ply > 1 {
		addBounded(&s.cont[1][s.key[ply-2]][mk], bonus)
	}
}

// addBounded adds bonus (negative: a malus) to history entry h, which it
// keeps within ±histMax: a bonus counts less the nearer h is to the bound.
func addBounded[T int16 | int32](h *T, bonus int) {
	*h += T(bonus - int(*h)*abs(bonus)/histMax)
}

// histMax bounds the histories of tn.hist.
const histMax = 16384

func (s *searcher) ageHistory() {
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				s.history[c][f][t] /= 2
			}
		}
	}
}

// hasPieces reports whether the side to move has something besides pawns
// and royals (or anything in hand) — null-move pruning is unsafe otherwise.
func (s *searcher) hasPieces() bool {
	p := s.p
	us := p.Turn()
	if s.ev.drops {
		for _, k := range s.ev.v.HandOrder() {
			if p.HandCount(us, k) > 0 {
				return true
			}
		}
	}
	for bb := p.Occupied(us); bb != 0; bb &= bb - 1 {
		for _, x := range p.At(bits.TrailingZeros64(bb)) {
			if x != game.NoPiece && x.Color() == us && !isPawn[x] && !isRoyal[x] {
				return true
			}
		}
	}
	return false
}

// histFrom is the history-table row of a move: its origin, or 64 + kind for
// a drop.
func histFrom(m game.Move) int {
	if m.IsDrop() {
		return 64 + int(m.Part())
	}
	return m.From()
}

// quiesce searches captures and pawn promotions (and, in check, every
// evasion) until the position is quiet. qd counts quiescence plies.
func (s *searcher) quiesce(ply, alpha, beta, qd int) int {
	p := s.p
	s.pvLen[ply] = 0
	if s.nodes&255 == 0 {
		s.poll() // (the test here saves a call per node: calls are dear under WASM)
	}
	if s.stopped {
		return 0
	}
	if s.ev.bifold && p.RoyalCount(p.Turn()) == 0 {
		return -Mate + ply
	}
	if ply >= maxPly-1 {
		return s.ev.eval(p)
	}
	inCheck := s.check && p.InCheck()
	best := -infinity
	if !inCheck {
		if s.ev.bifold {
			best = s.ev.evalBifold(p)
		} else {
			best = s.ev.evalFull(p)
		}
		if best >= beta {
			return best
		}
		if best > alpha {
			alpha = best
		}
	}
	ml := &s.lists[ply]
	ml.N = 0
	p.GenerateCaptures(ml) // every evasion when in check
	if ml.N == 0 {
		if inCheck {
			return -Mate + ply
		}
		return best
	}
	n := 0
	sc := &s.scores[ply]
	var th threats
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		v, order := s.capScore(m)
		if !inCheck && best+v+200 < alpha && m.Promo() == game.NoKind {
			continue // delta pruning: even winning this cannot reach alpha
		}
		if s.tn.see && !inCheck {
			if s.ev.bifold {
				if !s.tn.seeo && s.bifoldLoses(m, v, &th) {
					continue // what it takes is worth less than what it risks
				}
			} else if see, ok := p.SEE(m, &s.seeVal, &s.seeCapt); ok && see < 0 {
				continue // the exchange loses material
			}
		}
		ml.Moves[n] = m
		sc[n] = order
		n++
	}
	ml.N = n
	for i := 0; i < ml.N; i++ {
		m := pick(ml, sc, i)
		s.push(m)
		score := -s.quiesce(ply+1, -beta, -alpha, qd+1)
		s.pop()
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	if best == -infinity {
		return alpha
	}
	return best
}

// capScore returns what move m wins at once (the victim, plus the promotion
// or metamorphosis gain) and its ordering score: that gain, then the
// cheapest mover first (MVV-LVA). One function where there were three:
// calls are dear under WASM.
func (s *searcher) capScore(m game.Move) (int, int32) {
	p := s.p
	val := &s.ev.value
	us := p.Turn()
	v := 0
	if m.IsCapture() {
		switch {
		case m.IsEnPassant():
			v = val[game.Pawn]
		case !s.ev.bifold:
			v = val[p.At(m.To())[0].Kind()]
		case m.Capt() != game.NoKind:
			v = bifoldCaptValue(val, m.Capt())
		default:
			// a unit takes every enemy piece on a square without friends; a
			// single piece the enemy one beside a friend
			for _, x := range p.At(m.To()) {
				if x != game.NoPiece && x.Color() != us {
					v += bifoldCaptValue(val, x.Kind())
				}
			}
		}
	}
	a := 0 // the mover's value
	switch {
	case m.IsDrop():
		a = val[m.Part()]
	case m.Part() != game.NoKind:
		a = val[m.Part()]
	default:
		for _, x := range p.At(m.From()) {
			if x != game.NoPiece && x.Color() == us {
				a += val[x.Kind()]
				if isRoyal[x] {
					a += 200
				}
			}
		}
	}
	if pr := m.Promo(); pr != game.NoKind {
		if s.ev.bifold {
			v += val[pr] - val[game.Pawn]
		} else {
			v += val[pr] - val[p.At(m.From())[0].Kind()]
		}
	}
	order := int32(v*16 - a/16)
	if s.tn.caph && m.IsCapture() {
		order += int32(s.capHist[us][s.capIndex(m)]) / capHistDiv
	}
	return v, order
}

// threats is the opponent's threat map (game.Position.ThreatMap) at a node,
// computed when first needed.
type threats struct {
	sq   uint64
	done bool
}

// bifoldLoses is tn.see's stand-in for SEE in the Bifold Halfgi family,
// which game.Position.SEE does not cover: it reports whether capture m,
// which gains gain at once (capScore), takes less than its movers are worth
// (bifoldRisk) onto a square the opponent threatens (rule 8), so that they
// can be taken back. Such a capture is put off to after the quiet moves and
// left out of quiescence, as a capture that loses by SEE is in the
// full-size games.
func (s *searcher) bifoldLoses(m game.Move, gain int, th *threats) bool {
	if gain >= s.bifoldRisk(m) {
		return false
	}
	if !th.done {
		th.sq, th.done = s.p.ThreatMap(s.p.Turn()^1), true
	}
	return th.sq>>uint(m.To()&63)&1 != 0
}

// bifoldRisk is what the pieces that make Bifold Halfgi move m are worth to
// their side (a royal as much as capturing one): what m risks when the
// opponent threatens its destination.
func (s *searcher) bifoldRisk(m game.Move) int {
	val := &s.ev.value
	if m.Part() != game.NoKind {
		return bifoldCaptValue(val, m.Part())
	}
	r := 0
	us := s.p.Turn()
	for _, x := range s.p.At(m.From()) {
		if x != game.NoPiece && x.Color() == us {
			r += bifoldCaptValue(val, x.Kind())
		}
	}
	return r
}

func bifoldCaptValue(val *[game.NumKinds]int, k game.Kind) int {
	if k.Royal() {
		return 1500
	}
	return val[k]
}

// scoreMoves fills the ordering scores of ml at ply.
func (s *searcher) scoreMoves(ply int, ml *game.MoveList, hashMove game.Move) {
	sc := &s.scores[ply]
	us := s.p.Turn()
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	hist := s.tn.hist
	var th threats
	cm := game.NoMove
	if hist && ply > 0 {
		cm = s.counter[s.key[ply-1]]
	}
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		var v int32
		switch {
		case m == hashMove:
			v = 1 << 30
		case !isQuiet(m):
			gain, order := s.capScore(m)
			v = 1<<28 + order
			switch {
			case !s.tn.see:
			case s.ev.bifold:
				if s.bifoldLoses(m, gain, &th) {
					v = badCapture + order // after the quiet moves
				}
			default:
				if see, ok := s.p.SEE(m, &s.seeVal, &s.seeCapt); ok && see < 0 {
					v = badCapture + order // after the quiet moves
				}
			}
		case m == k0:
			v = 1<<27 + 2
		case m == k1:
			v = 1<<27 + 1
		case hist && m == cm:
			v = 1 << 27
		case hist:
			v = int32(s.quietHistory(m, s.keyOf(m), ply, us))
		default:
			v = s.history[us][histFrom(m)][m.To()]
		}
		sc[i] = v
	}
}

// badCapture is the ordering score of a capture that loses material by
// SEE: below every quiet move's.
const badCapture = -1 << 29

// isQuiet reports whether the search treats m as quiet: it prunes and
// reduces such moves and orders them by killers and history. Neither a
// capture nor any promotion (a metamorphosis included), unlike the captures
// stage's game.Position.IsTactical.
func isQuiet(m game.Move) bool { return !m.IsCapture() && m.Promo() == game.NoKind }

// keepLoud keeps, from index i on, only the moves that are not quiet
// (captures and promotions: the search's pruning spares them), in order.
func keepLoud(ml *game.MoveList, sc *[game.MaxMoves]int32, i int) {
	n := i
	for j := i; j < ml.N; j++ {
		if m := ml.Moves[j]; !isQuiet(m) {
			ml.Moves[n&(game.MaxMoves-1)] = m
			sc[n&(game.MaxMoves-1)] = sc[j]
			n++
		}
	}
	ml.N = n
}

// pick moves the best-scored move among i.. to position i and returns it.
func pick(ml *game.MoveList, sc *[game.MaxMoves]int32, i int) game.Move {
	b := i
	for j := i + 1; j < ml.N; j++ {
		if sc[j] > sc[b] {
			b = j
		}
	}
	if b != i {
		ml.Moves[i], ml.Moves[b] = ml.Moves[b], ml.Moves[i]
		sc[i], sc[b] = sc[b], sc[i]
	}
	return ml.Moves[i]
}

// sortRest sorts the moves from index i on by descending score, without
// allocating (the moves that remain after the first few picks: usually many
// quiet moves and drops, where repeated selection would be quadratic).
func (s *searcher) sortRest(ml *game.MoveList, sc *[game.MaxMoves]int32, i int) {
	keys := s.keys[:ml.N-i]
	for j := range keys {
		keys[j] = uint64(uint32(sc[i+j])^0x80000000)<<32 | uint64(ml.Moves[i+j])
	}
	slices.Sort(keys)
	n := len(keys)
	for j := range keys {
		k := keys[n-1-j]
		ml.Moves[i+j] = game.Move(uint32(k))
		sc[i+j] = int32(uint32(k>>32) ^ 0x80000000)
	}
}

// sortMoves sorts ml by descending score (insertion sort; root only).
func sortMoves(ml *game.MoveList, sc *[game.MaxMoves]int32) {
	for i := 1; i < ml.N; i++ {
		m, v := ml.Moves[i], sc[i]
		j := i
		for j > 0 && sc[j-1] < v {
			ml.Moves[j], sc[j] = ml.Moves[j-1], sc[j-1]
			j--
		}
		ml.Moves[j], sc[j] = m, v
	}
}
