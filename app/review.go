package app

import (
	"cmp"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"
	"time"

	"chimera/ai"
	"chimera/game"
	"chimera/play"
)

// The game review: every position of the analysis's main line searched at
// one fixed effort (ReviewNodes: the engine's review search, ai.Analyser,
// from an empty table each: the same marks whatever the order and the
// number of workers), spread over the analysis
// workers; then each move marked by its drop in winning chances
// (ai.Judge), the better move shown for each marked one, each player's
// accuracy (ai.GameAccuracy) and counts, and an evaluation graph. The
// review is kept on the device with the game's moves (a reload shows it
// again), and written into the record as glyphs and comments.

// ReviewNodes is the review's effort: the nodes searched in each position.
const ReviewNodes = ai.DefaultReviewNodes

// reviewNodes is the effort used (ReviewNodes; the Go tests use less).
var reviewNodes = ReviewNodes

// keyReview is the storage key prefix of kept reviews (one per main line:
// keyReview + a hash of the rule set, start and moves).
const keyReview = "chimera.review."

// reviewVersion changes when a kept review no longer means the same (the
// effort or the evaluation changed): older ones are done again.
const reviewVersion = 1

// evalAt is the review's evaluation of one position: the best line's score
// from the side to move's view, and its best move.
type evalAt struct {
	Score int    `json:"s"`
	Mate  int    `json:"m,omitempty"`
	Best  string `json:"b,omitempty"`
	Done  bool   `json:"-"`
}

// reviewState is a review under way or done.
type reviewState struct {
	v       *game.Variant
	start   string
	moves   []string    // the main line reviewed
	evals   []evalAt    // positions 0..len(moves)
	next    int         // the next position to hand out
	busy    map[int]int // worker -> the position it searches
	ids     map[int]int // worker -> the id of its go
	last    map[int]EngineAnswer
	done    int
	workers int
	began   time.Time
	took    time.Duration
	running bool
	marks   []ai.Mark // per move, once done
}

// ReviewView is the review for the page.
type ReviewView struct {
	Running  bool   `json:"running"`
	Done     int    `json:"done"`  // positions searched
	Total    int    `json:"total"` // positions to search
	Workers  int    `json:"workers"`
	Finished bool   `json:"finished"`
	Took     string `json:"took"` // "41.2 s" (this page's review; "" for a kept one)
	// Players: White's and Black's accuracy and counts.
	Players []ReviewPlayer `json:"players"`
	// Graph: White's winning chances (percent) at every position of the
	// main line, ply 0 first.
	Graph []GraphPoint `json:"graph"`
	// Marked: the marked moves, in order.
	Marked []MarkedMove `json:"marked"`
}

// ReviewPlayer is one side's summary.
type ReviewPlayer struct {
	Side         string `json:"side"`     // "White"
	Accuracy     int    `json:"accuracy"` // percent; -1 when the side made no move
	Inaccuracies int    `json:"inaccuracies"`
	Mistakes     int    `json:"mistakes"`
	Blunders     int    `json:"blunders"`
}

// GraphPoint is one position of the evaluation graph.
type GraphPoint struct {
	Ply   int     `json:"ply"`
	Path  string  `json:"path"`
	White float64 `json:"white"` // White's winning chances, percent
	Mark  string  `json:"mark"`  // the mark of the move that led here
	Text  string  `json:"text"`  // "12. Nxe5 ?? (-3.2)"
}

// MarkedMove is one marked move with the better one.
type MarkedMove struct {
	Ply    int    `json:"ply"`
	Path   string `json:"path"`
	Text   string `json:"text"` // "12. Nxe5"
	Mark   string `json:"mark"`
	Glyph  string `json:"glyph"`
	Better string `json:"better"` // the best move in notation
	// BetterMove is its move string.
	BetterMove string `json:"betterMove"`
}

// reviewing reports whether a review uses the workers now.
func (c *AnalysisController) reviewing() bool {
	return c.st != nil && c.st.review != nil && c.st.review.running
}

// reviewKey is the storage key of the review of a main line.
func reviewKey(v *game.Variant, start string, moves []string) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d\n%s\n%s\n%s", reviewVersion, v.ID, start, strings.Join(moves, " "))
	return fmt.Sprintf("%s%016x", keyReview, h.Sum64())
}

// Review starts the game review of the main line (a kept one is shown at
// once).
func (c *AnalysisController) Review() error {
	return c.act(func(st *analysisState) error {
		if st.review != nil && (st.review.running || st.review.matches(st.tree)) {
			return nil
		}
		if c.loadReview() {
			return nil
		}
		if len(c.a.d.Analysts) == 0 {
			return errString("this browser cannot run the engine: no review")
		}
		c.stopEngine()
		moves := st.tree.MainLine()
		r := &reviewState{v: st.tree.Variant(), start: st.tree.Start(), moves: moves,
			evals: make([]evalAt, len(moves)+1), busy: map[int]int{}, ids: map[int]int{}, last: map[int]EngineAnswer{},
			workers: len(c.a.d.Analysts), began: c.a.d.Clock.Now(), running: true}
		st.review = r
		// finished positions need no search
		p, _ := game.Parse(r.v, r.start)
		for i := 0; i <= len(moves); i++ {
			if res, _ := p.Outcome(); res != "" {
				r.evals[i] = terminalEval(p)
				r.done++
			}
			if i < len(moves) {
				m, err := p.ParseMove(moves[i])
				if err != nil {
					break
				}
				p.Make(m)
			}
		}
		c.a.out.announce = append(c.a.out.announce, fmt.Sprintf("Reviewing the game: %d positions", len(r.evals)))
		for w := 0; w < r.workers; w++ {
			r.hand(c, w)
		}
		r.finishIfDone(c)
		return nil
	})
}

// terminalEval is the evaluation of a finished game's position from its
// side to move's view: mated (a mate in 0) or drawn.
func terminalEval(p *game.Position) evalAt {
	res, _ := p.Outcome()
	switch {
	case res == game.Draw:
		return evalAt{Done: true}
	case (res == game.WhiteWins) == (p.Turn() == game.White):
		return evalAt{Score: ai.Mate, Mate: 1, Done: true} // (not reached: the side to move has not won)
	}
	return evalAt{Score: -ai.Mate, Mate: -1, Done: true}
}

// matches reports whether the review is of tree t's main line.
func (r *reviewState) matches(t *play.Tree) bool {
	ml := t.MainLine()
	return r.v == t.Variant() && r.start == t.Start() && strings.Join(ml, " ") == strings.Join(r.moves, " ")
}

// hand gives worker w the next position to search, if any.
func (r *reviewState) hand(c *AnalysisController, w int) {
	for r.next < len(r.evals) && r.evals[r.next].Done {
		r.next++
	}
	if r.next >= len(r.evals) {
		delete(r.busy, w)
		return
	}
	i := r.next
	r.next++
	r.busy[w] = i
	r.ids[w]++
	delete(r.last, w)
	e := c.analyst(w)
	e.Send(EngineRequest{Type: "position", Variant: r.v.ID, FEN: r.start, Moves: r.moves[:i]})
	e.Send(EngineRequest{Type: "go", Nodes: reviewNodes, ID: reviewID(r.ids[w])})
}

// reviewID is the id of the review's n-th go on a worker: far from the
// analysis's own ids.
func reviewID(n int) int { return 1<<30 + n }

// answer takes an answer of worker w while the review runs; it reports
// whether the answer was the review's.
func (r *reviewState) answer(c *AnalysisController, w int, m EngineAnswer) bool {
	if !r.running {
		return false
	}
	i, ok := r.busy[w]
	if !ok || m.ID != reviewID(r.ids[w]) {
		return m.ID >= 1<<30 // an old review's answer: not the analysis's
	}
	switch m.Type {
	case "info":
		if m.HasScore || m.Mate != 0 {
			r.last[w] = m
		}
	case "bestmove", "error":
		if m.Type == "error" {
			return true // its bestmove follows
		}
		// the score and the best move of the last completed iteration
		// (the budget may cut the next one: its move is not the one
		// the score is of)
		l := r.last[w]
		best := m.Move
		if len(l.PV) > 0 {
			best = l.PV[0]
		}
		r.evals[i] = evalAt{Score: l.Score, Mate: l.Mate, Best: best, Done: true}
		r.done++
		delete(r.busy, w)
		r.hand(c, w)
		r.finishIfDone(c)
		c.showSoon()
	}
	return true
}

// finishIfDone ends the review once every position is searched: marks,
// the record's glyphs and comments, kept on the device.
func (r *reviewState) finishIfDone(c *AnalysisController) {
	if !r.running || r.done < len(r.evals) {
		return
	}
	r.running = false
	r.took = c.a.d.Clock.Now().Sub(r.began)
	r.judge()
	c.annotate()
	c.keep()
	c.saveReview()
	v := c.reviewView()
	var parts []string
	for _, p := range v.Players {
		acc := "no moves"
		if p.Accuracy >= 0 {
			acc = fmt.Sprintf("accuracy %d%%", p.Accuracy)
		}
		parts = append(parts, fmt.Sprintf("%s %s, %d inaccuracies, %d mistakes, %d blunders", p.Side, acc, p.Inaccuracies, p.Mistakes, p.Blunders))
	}
	c.a.out.announce = append(c.a.out.announce, "Review done: "+strings.Join(parts, "; "))
	c.a.out.show = true
	c.restart()
}

// judge marks every move of the main line.
func (r *reviewState) judge() {
	r.marks = make([]ai.Mark, len(r.moves))
	for i := range r.moves {
		best, after := r.evals[i], r.evals[i+1]
		r.marks[i] = ai.Judge(r.v, ai.Eval{Score: best.Score, Mate: best.Mate}, ai.Eval{Score: -after.Score, Mate: -after.Mate})
		if r.marks[i] != ai.NoMark && best.Best == r.moves[i] {
			r.marks[i] = ai.NoMark // the engine's own choice at this effort
		}
	}
}

// whiteWins is White's winning chances (percent) at every position.
func (r *reviewState) whiteWins() []float64 {
	out := make([]float64, len(r.evals))
	p, _ := game.Parse(r.v, r.start)
	turn := p.Turn()
	for i, e := range r.evals {
		s, m := e.Score, e.Mate
		if turn == game.Black {
			s, m = -s, -m
		}
		out[i] = ai.WinPercent(r.v, ai.Eval{Score: s, Mate: m})
		turn = turn.Other()
	}
	return out
}

// stopReview cancels a running review.
func (c *AnalysisController) stopReview() {
	st := c.st
	if st == nil || st.review == nil || !st.review.running {
		return
	}
	for w := range st.review.busy {
		if e := c.analyst(w); e != nil {
			e.Send(EngineRequest{Type: "stop"})
		}
	}
	st.review = nil
}

// CancelReview stops a running review; the analysis goes on.
func (c *AnalysisController) CancelReview() {
	c.act(func(st *analysisState) error {
		if c.reviewing() {
			c.stopReview()
			c.a.out.announce = append(c.a.out.announce, "Review cancelled")
			c.restart()
		}
		return nil
	})
}

// reviewMarks are the review's marks by the path of the move.
func (c *AnalysisController) reviewMarks() map[play.Path]string {
	st := c.st
	out := map[play.Path]string{}
	if st.review == nil || st.review.marks == nil || !st.review.matches(st.tree) {
		return out
	}
	for i, m := range st.review.marks {
		if m != ai.NoMark {
			out[st.tree.MainPath(i+1)] = m.String()
		}
	}
	return out
}

// notationAt writes main-line move i (0-based) numbered: "12. Nxe5",
// "12… Nxe5".
func notationAt(p *game.Position, m game.Move) string {
	if p.Turn() == game.White {
		return fmt.Sprintf("%d. %s", p.Fullmove(), p.Notation(m))
	}
	return fmt.Sprintf("%d… %s", p.Fullmove(), p.Notation(m))
}

// reviewView is the review for the page, nil before one.
func (c *AnalysisController) reviewView() *ReviewView {
	st := c.st
	r := st.review
	if r == nil {
		return nil
	}
	v := &ReviewView{Running: r.running, Done: r.done, Total: len(r.evals), Workers: r.workers, Finished: r.marks != nil,
		Players: []ReviewPlayer{}, Graph: []GraphPoint{}, Marked: []MarkedMove{}}
	if !v.Finished {
		return v
	}
	if r.took > 0 {
		v.Took = fmt.Sprintf("%.1f s", r.took.Seconds())
	}
	wins := r.whiteWins()
	players := []ReviewPlayer{{Side: "White"}, {Side: "Black"}}
	p, _ := game.Parse(r.v, r.start)
	for c := range players {
		players[c].Accuracy = -1
		if a := ai.GameAccuracy(wins, p.Turn(), game.Color(c)); !math.IsNaN(a) {
			players[c].Accuracy = int(a + 0.5)
		}
	}
	v.Graph = append(v.Graph, GraphPoint{Ply: 0, Path: "", White: wins[0], Text: "Start"})
	for i, ms := range r.moves {
		m, err := p.ParseMove(ms)
		if err != nil {
			break
		}
		mover := int(p.Turn())
		text := notationAt(p, m)
		mark := r.marks[i]
		path := string(st.tree.MainPath(i + 1))
		if mark != ai.NoMark {
			pl := &players[mover]
			switch mark {
			case ai.Inaccuracy:
				pl.Inaccuracies++
			case ai.Mistake:
				pl.Mistakes++
			case ai.Blunder:
				pl.Blunders++
			}
			better := r.evals[i].Best
			if bm, err := p.ParseMove(better); err == nil {
				better = p.Notation(bm)
			}
			v.Marked = append(v.Marked, MarkedMove{Ply: i + 1, Path: path, Text: text, Mark: mark.String(), Glyph: mark.Glyph(), Better: better, BetterMove: r.evals[i].Best})
		}
		p.Make(m)
		e := r.evals[i+1]
		s, mt := whiteView(p, e.Score, e.Mate)
		gt := text
		if mark != ai.NoMark {
			gt += " " + mark.Glyph()
		}
		v.Graph = append(v.Graph, GraphPoint{Ply: i + 1, Path: path, White: wins[i+1], Mark: mark.String(), Text: gt + " (" + ScoreText(s, mt) + ")"})
	}
	v.Players = players
	return v
}

// annotate writes the review's marks into the tree: the glyph and "Better
// was X" on each marked move that carries none of the player's own.
func (c *AnalysisController) annotate() {
	st := c.st
	r := st.review
	p, _ := game.Parse(r.v, r.start)
	for i, ms := range r.moves {
		m, err := p.ParseMove(ms)
		if err != nil {
			return
		}
		if mk := r.marks[i]; mk != ai.NoMark {
			at := st.tree.MainPath(i + 1)
			n, ok := st.tree.Node(at)
			if ok && n.Glyph == "" {
				st.tree.SetGlyph(at, mk.Glyph())
			}
			if bm, err := p.ParseMove(r.evals[i].Best); err == nil && ok && n.Comment == "" {
				st.tree.SetComment(at, fmt.Sprintf("%s. Better was %s", upper(mk.String()), p.Notation(bm)))
			}
		}
		p.Make(m)
	}
}

// maxKeptReviews bounds the reviews kept on the device: beyond it the
// oldest goes.
const maxKeptReviews = 50

// keptReview is a review as the device keeps it.
type keptReview struct {
	Version int      `json:"version"`
	Nodes   int      `json:"nodes"`
	Evals   []evalAt `json:"evals"`
	At      int64    `json:"at"` // when it was made (Unix ms)
}

// saveReview keeps a finished review on the device.
func (c *AnalysisController) saveReview() {
	if c.a.guest() {
		return
	}
	r := c.st.review
	data, _ := json.Marshal(keptReview{Version: reviewVersion, Nodes: reviewNodes, Evals: r.evals, At: c.a.d.Clock.Now().UnixMilli()})
	if err := c.a.d.Storage.Set(reviewKey(r.v, r.start, r.moves), string(data)); err != nil {
		c.a.storageFailed(err)
		return
	}
	c.pruneReviews()
}

// pruneReviews removes the oldest kept reviews beyond maxKeptReviews (and
// any that cannot be read).
func (c *AnalysisController) pruneReviews() {
	keys, err := c.a.d.Storage.Keys()
	if err != nil {
		return
	}
	type kept struct {
		key string
		at  int64
	}
	var all []kept
	for _, k := range keys {
		if !strings.HasPrefix(k, keyReview) {
			continue
		}
		data, ok, err := c.a.d.Storage.Get(k)
		var r keptReview
		if err != nil || !ok || json.Unmarshal([]byte(data), &r) != nil {
			c.a.d.Storage.Remove(k)
			continue
		}
		all = append(all, kept{k, r.At})
	}
	if len(all) <= maxKeptReviews {
		return
	}
	slices.SortFunc(all, func(a, b kept) int { return cmp.Compare(a.at, b.at) })
	for _, k := range all[:len(all)-maxKeptReviews] {
		c.a.d.Storage.Remove(k.key)
	}
}

// loadReview shows the kept review of the main line, if there is one.
func (c *AnalysisController) loadReview() bool {
	st := c.st
	moves := st.tree.MainLine()
	v := st.tree.Variant()
	data, ok, err := c.a.d.Storage.Get(reviewKey(v, st.tree.Start(), moves))
	if err != nil || !ok {
		return false
	}
	var k keptReview
	if json.Unmarshal([]byte(data), &k) != nil || k.Version != reviewVersion || k.Nodes != reviewNodes || len(k.Evals) != len(moves)+1 {
		return false
	}
	r := &reviewState{v: v, start: st.tree.Start(), moves: moves, evals: k.Evals, done: len(k.Evals), workers: len(c.a.d.Analysts)}
	for i := range r.evals {
		r.evals[i].Done = true
	}
	r.judge()
	st.review = r
	c.annotate()
	return true
}
