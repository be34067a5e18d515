package app

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"chimera/ai"
	"chimera/game"
	"chimera/play"
	"chimera/render/model"
)

// The analysis board: a game tree (play.Tree) on the board, the engine
// analysing the position shown without end in its own worker (Deps.Analysts)
// with one to five lines, an evaluation bar in winning chances
// (ai.WinningChances), the lines' first moves as arrows, the threat (the
// position searched with the other side to move), side lines, comments and
// glyphs; the game review (review.go) and "learn from your mistakes"
// (mistakes.go) work on its main line. While it is open the
// AnalysisController owns the board; the game goes on behind it untouched,
// as behind a lesson.

// DefaultLines and MaxLines are the analysis's lines: as many as the
// player chooses from 1 to MaxLines, DefaultLines at first.
const (
	DefaultLines = 3
	MaxLines     = 5
)

// analysisShowEvery is the least time between two drawings of the page for
// the engine's reports (the lines move at least this often while it
// searches, and the page is not drawn ten times a second).
const analysisShowEvery = 200 * time.Millisecond

// AnalysisController is the analysis board. It owns the board while it is
// open.
type AnalysisController struct {
	a  *App
	st *analysisState // nil when closed
}

// analysisState is an open analysis board.
type analysisState struct {
	tree    *play.Tree
	at      play.Path // the node shown
	flipped bool
	lines   int  // the lines asked for
	threat  bool // show the threat instead of the lines
	paused  bool // the player stopped the engine
	goID    int  // the analysis's current go on worker 0
	busy    bool // a go is out and not answered
	info    analysisInfo
	said    string // the best move last announced, for the position shown
	shown   time.Time
	showGen int // a drawing scheduled for later (analysisShowEvery)

	drawn  *model.Overlay  // the overlay last put on the board
	review *reviewState    // the game review, nil before one (review.go)
	learn  *mistakesState  // learn from your mistakes, nil when off (mistakes.go)
	record play.RecordTags // the record's tags, when it came from one
}

// analysisInfo is the engine's last report on the position shown.
type analysisInfo struct {
	depth, nodes, ms int
	lines            []EngineLine
	done             bool           // the search ended by itself (a proven result)
	shown            []AnalysisLine // the lines as the page shows them (made once, when first shown)
}

// lineShown is how many moves of a line the page shows (the rest is
// deeper than a reader follows, and costs the board's frames to write).
const lineShown = 12

// AnalysisView is the open analysis board, for the page.
type AnalysisView struct {
	Variant  string         `json:"variant"`
	Path     string         `json:"path"`     // the node shown ("" the start)
	Position string         `json:"position"` // its position string
	Items    []AnalysisItem `json:"items"`
	// The engine: Engine false when the page has none; Running while it
	// searches; Paused when the player stopped it; Lines the lines asked
	// for; Threat the threat shown instead (CanThreat: the side to move
	// is not in check, so the other side may "move").
	Engine    bool           `json:"engine"`
	Running   bool           `json:"running"`
	Paused    bool           `json:"paused"`
	Lines     int            `json:"lines"`
	Threat    bool           `json:"threat"`
	CanThreat bool           `json:"canThreat"`
	Depth     int            `json:"depth"`
	Nodes     int            `json:"nodes"`
	NPS       int            `json:"nps"`  // nodes a second
	Time      string         `json:"time"` // "3.2 s"
	Best      []AnalysisLine `json:"best"` // the lines (or the threat), best first
	// Bar is the evaluation bar: White's winning chances in percent
	// (50: even), its text ("+1.3: White is better"); BarKnown false
	// before the first report (or over a finished game, where the result
	// says it).
	Bar      float64 `json:"bar"`
	BarText  string  `json:"barText"`
	BarKnown bool    `json:"barKnown"`
	// The node shown: its comment and glyph, whether it can be promoted
	// (it is in a side line) or deleted (it is a move).
	Comment    string        `json:"comment"`
	Glyph      string        `json:"glyph"`
	CanPromote bool          `json:"canPromote"`
	CanDelete  bool          `json:"canDelete"`
	Status     string        `json:"status"` // the position in words: "White to move", the result
	Review     *ReviewView   `json:"review"`
	Learn      *MistakesView `json:"learn"`
}

// AnalysisItem is one move of the analysis's move list.
type AnalysisItem struct {
	Path    string `json:"path"`
	Text    string `json:"text"`  // "3… Nc6?!" (the number where one is due, the glyph)
	Depth   int    `json:"depth"` // 0 the main line, 1 a variation of it, ...
	Current bool   `json:"current"`
	Comment string `json:"comment"`
	Glyph   string `json:"glyph"`
	// Mark is the review's mark of a main-line move ("inaccuracy",
	// "mistake", "blunder" or "").
	Mark string `json:"mark"`
	// Open: a side line opens before this move; Close: so many close
	// after it (and its comment).
	Open  bool `json:"open"`
	Close int  `json:"close"`
}

// AnalysisLine is one of the engine's lines, as the page shows it.
type AnalysisLine struct {
	Score string     `json:"score"` // White's view: "+1.3", "#4", "#-2"
	Depth int        `json:"depth"`
	Moves []LineMove `json:"moves"`
}

// LineMove is a move of a line: its text in the move list's notation (with
// the move number where one is due) and its move string.
type LineMove struct {
	Text string `json:"text"`
	Move string `json:"move"`
}

// board returns the Board while the analysis owns it, else nil.
func (c *AnalysisController) board() Board { return c.a.boardFor(c) }

// attach draws the analysis's board whole.
func (c *AnalysisController) attach(b Board) {
	b.SetStyle(c.a.style())
	if st := c.st; st != nil {
		b.SetFlipped(st.flipped)
		b.SetPosition(c.shownBoard(), c.targets())
		st.drawn = nil
		c.drawOverlay()
	}
}

// shownBoard is the board of the node shown (no side to move once the game
// there is over).
func (c *AnalysisController) shownBoard() model.Board {
	p := c.shownPosition()
	b := play.Board(p)
	if r, _ := p.Outcome(); r != "" {
		b.Turn = model.NoTurn
	}
	return b
}

// targets are the moves the player may make on the analysis board: any
// legal move of the side to move.
func (c *AnalysisController) targets() []model.Target {
	p := c.shownPosition()
	if r, _ := p.Outcome(); r != "" {
		return nil
	}
	return play.Targets(p)
}

// shownPosition is the position of the node shown.
func (c *AnalysisController) shownPosition() *game.Position {
	if c.st == nil {
		return nil
	}
	return c.st.tree.Position(c.st.at)
}

// boardMove plays a move from the node shown: into the tree (a side line
// when the node had another continuation), or as an answer while learning
// from mistakes.
func (c *AnalysisController) boardMove(ms string) {
	if c.st == nil {
		return
	}
	if c.st.learn != nil && c.learnMove(ms) {
		return
	}
	c.play(ms, true)
}

// play plays ms from the node shown and shows it (animated when asked).
func (c *AnalysisController) play(ms string, animate bool) error {
	st := c.st
	next, e, err := st.tree.Play(st.at, ms)
	if err != nil {
		return err
	}
	st.at = next
	if b := c.board(); b != nil && animate {
		b.PlayEvent(play.Event(st.tree.Variant(), e), c.shownBoard(), c.targets())
		st.drawn = nil
	}
	c.moved(!animate)
	return nil
}

// moved restarts the analysis for the node now shown and draws it (the
// board too when redraw).
func (c *AnalysisController) moved(redraw bool) {
	st := c.st
	st.said = ""
	if redraw {
		if b := c.board(); b != nil {
			b.SetPosition(c.shownBoard(), c.targets())
			c.st.drawn = nil
		}
	}
	c.a.d.Board.CancelSelection()
	c.a.clearNote()
	c.restart()
	c.drawOverlay()
	c.keep()
	c.a.out.show = true
}

// keyAnalysis is the tab's storage key of its open analysis board: a
// reload (whose address holds only the main line) finds its side lines,
// comments and glyphs there.
const keyAnalysis = "chimera.analysis"

// keptAnalysis is the open analysis as the tab keeps it.
type keptAnalysis struct {
	Tree json.RawMessage `json:"tree"`
	At   string          `json:"at"`
}

// keep writes the open analysis to the tab's storage (nothing in a guest).
func (c *AnalysisController) keep() {
	if c.st == nil || c.a.d.Tab == nil || c.a.guest() {
		return
	}
	data, _ := json.Marshal(keptAnalysis{Tree: c.st.tree.Save(), At: string(c.st.at)})
	c.a.d.Tab.Set(keyAnalysis, string(data))
}

// kept returns the tab's kept analysis when its main line is t's (the
// link's), else nil.
func (c *AnalysisController) kept(t *play.Tree) (*play.Tree, play.Path) {
	if c.a.d.Tab == nil {
		return nil, ""
	}
	data, ok, err := c.a.d.Tab.Get(keyAnalysis)
	if err != nil || !ok {
		return nil, ""
	}
	var k keptAnalysis
	if json.Unmarshal([]byte(data), &k) != nil {
		return nil, ""
	}
	kt, err := play.LoadTree(k.Tree)
	if err != nil || kt.Variant() != t.Variant() || kt.Start() != t.Start() || strings.Join(kt.MainLine(), ",") != strings.Join(t.MainLine(), ",") {
		return nil, ""
	}
	at := play.Path(k.At)
	if !kt.Has(at) {
		at = kt.MainPath(len(kt.MainLine()))
	}
	return kt, at
}

// overlay is what the analysis marks: the lines' first moves as arrows
// (the best boldest), or the threat's.
func (c *AnalysisController) overlay() model.Overlay {
	st := c.st
	if st == nil || st.paused && len(st.info.lines) == 0 {
		return model.Overlay{}
	}
	p := c.enginePosition()
	var o model.Overlay
	for k, l := range st.info.lines {
		if len(l.PV) == 0 {
			continue
		}
		m, err := p.ParseMove(l.PV[0])
		if err != nil {
			continue
		}
		ar := moveArrow(p, m)
		ar.Rank, ar.Threat = k, st.threat
		o.Arrows = append(o.Arrows, ar)
	}
	return o
}

// drawOverlay puts the overlay on the board when it changed (a report
// that keeps the lines' first moves draws nothing: the board's frames are
// dear while the engine runs).
func (c *AnalysisController) drawOverlay() {
	b := c.board()
	if b == nil {
		return
	}
	o := c.overlay()
	if c.st.drawn != nil && slices.Equal(c.st.drawn.Arrows, o.Arrows) && len(o.Marks) == 0 && len(o.Shapes) == 0 {
		return
	}
	c.st.drawn = &o
	b.SetOverlay(o)
}

// errNoAnalysis is the error of an analysis action with no analysis open.
var errNoAnalysis = errString("no analysis board is open")

// Open opens the analysis board on the game: its moves as the main line,
// at the position the game shows.
func (c *AnalysisController) Open() error {
	c.a.lock()
	defer c.a.unlock()
	if c.a.guest() {
		return errEmbedded
	}
	if c.st != nil {
		return nil
	}
	if c.a.Editor.es != nil {
		return c.a.Editor.analyse()
	}
	g := c.a.Game
	t := play.TreeFromSession(g.s)
	at := t.MainPath(g.view)
	c.open(t, at, g.flipped())
	return nil
}

// open shows tree t at node at on the analysis board, which takes the
// board, and starts the engine.
func (c *AnalysisController) open(t *play.Tree, at play.Path, flipped bool) {
	if c.a.Lesson.ls != nil {
		c.a.closeLesson()
	}
	c.a.closeEditor()
	c.a.closePuzzles()
	c.a.d.Board.CancelSelection()
	c.a.clearNote()
	c.st = &analysisState{tree: t, at: at, flipped: flipped, lines: c.a.prefs.lines()}
	c.loadReview()
	c.a.take(c)
	c.restart()
	c.a.out.announce = append(c.a.out.announce, "Analysis board: "+t.Variant().Name)
}

// openLink opens the analysis board on a link's game (mode=analysis:
// variant, fen and moves as a game's link has them), at its last move;
// what cannot be read is said, and the rest shown.
func (c *AnalysisController) openLink(q url.Values) {
	v := game.Variants()[0]
	if id := q.Get("variant"); id != "" {
		if vv := play.FindVariant(id); vv != nil && !vv.Hidden {
			v = vv
		} else {
			c.a.note("Unknown game " + play.Quote(id) + ": analysing " + v.Name)
		}
	}
	t, err := play.NewTree(v, q.Get("fen"))
	if err != nil {
		c.a.note("The position " + play.Quote(q.Get("fen")) + " cannot be analysed (" + play.Why(err) + "): showing the start position")
		t, _ = play.NewTree(v, "")
	}
	at := play.Path("")
	if ms := q.Get("moves"); ms != "" {
		for _, m := range strings.Split(ms, ",") {
			next, _, err := t.Play(at, strings.TrimSpace(m))
			if err != nil {
				c.a.note("The link's move " + play.Quote(m) + " is not legal here: showing the moves before it")
				break
			}
			at = next
		}
	}
	if kt, kat := c.kept(t); kt != nil {
		t, at = kt, kat // a reload: the side lines, comments and glyphs kept by the tab
	}
	c.open(t, at, q.Get("orientation") == "black")
}

// Close closes the analysis board: the board shows the game again, as it
// is.
func (c *AnalysisController) Close() {
	c.a.lock()
	defer c.a.unlock()
	if c.st == nil {
		return
	}
	c.end()
	c.a.take(c.a.Game)
}

// end stops the engine and forgets the analysis; the game owns the board
// again (the caller draws it).
func (c *AnalysisController) end() {
	c.stopEngine()
	c.stopReview()
	c.st = nil
	c.a.owner = c.a.Game
	c.a.out.show = true
}

// analyst returns worker i of the analysis engines, or nil.
func (c *AnalysisController) analyst(i int) Engine {
	if i < len(c.a.d.Analysts) {
		return c.a.d.Analysts[i]
	}
	return nil
}

// stopEngine stops the analysis's search on worker 0; its answers are
// ignored from now (they carry an old id).
func (c *AnalysisController) stopEngine() {
	st := c.st
	if st == nil {
		return
	}
	if st.busy {
		if e := c.analyst(0); e != nil {
			e.Send(EngineRequest{Type: "stop"})
		}
		st.busy = false
	}
	st.goID++
}

// enginePosition is the position the engine analyses: the node shown, or
// with the threat on, that position with the other side to move.
func (c *AnalysisController) enginePosition() *game.Position {
	p := c.shownPosition()
	if c.st.threat && c.canThreat(p) {
		p.MakeNull()
	}
	return p
}

// canThreat reports whether position p has a threat to show: a game not
// over, and no check (the side to move cannot pass).
func (c *AnalysisController) canThreat(p *game.Position) bool {
	r, _ := p.Outcome()
	return r == "" && !p.InCheck()
}

// restart starts the engine on the position shown (after stopping what
// it was doing), unless it is paused, a review uses the workers, or the
// game there is over.
func (c *AnalysisController) restart() {
	st := c.st
	c.stopEngine()
	st.info = analysisInfo{}
	e := c.analyst(0)
	if e == nil || st.paused || c.reviewing() {
		return
	}
	p := c.shownPosition()
	if r, _ := p.Outcome(); r != "" {
		return
	}
	fen, moves := st.tree.Start(), movesTo(st.tree, st.at)
	lines := st.lines
	if st.threat {
		if !c.canThreat(p) {
			return
		}
		p.MakeNull()
		fen, moves, lines = p.String(), nil, 1
	}
	st.busy = true
	e.Send(EngineRequest{Type: "position", Variant: st.tree.Variant().ID, FEN: fen, Moves: moves})
	e.Send(EngineRequest{Type: "go", Infinite: true, MultiPV: lines, ID: st.goID})
}

// AnalysisAnswer takes a message from analysis worker i.
func (c *AnalysisController) AnalysisAnswer(i int, m EngineAnswer) {
	c.a.lock()
	defer c.a.unlock()
	st := c.st
	if st == nil {
		return
	}
	if st.review != nil && st.review.answer(c, i, m) {
		return
	}
	if st.learn != nil && c.learnAnswer(i, m) {
		return
	}
	if i != 0 || m.ID != st.goID {
		return
	}
	switch m.Type {
	case "info":
		if len(m.Lines) == 0 && len(m.PV) > 0 {
			m.Lines = []EngineLine{{Score: m.Score, Mate: m.Mate, Depth: m.Depth, PV: m.PV}}
		}
		if len(m.Lines) == 0 {
			return
		}
		st.info = analysisInfo{depth: m.Depth, nodes: m.Nodes, ms: m.Time, lines: m.Lines}
		c.drawOverlay()
		c.sayBest(false)
		c.showSoon()
	case "bestmove":
		st.busy = false
		st.info.done = true
		c.sayBest(true)
		c.a.out.show = true
	case "error":
		c.a.Game.engErr = m.Message
		c.a.out.show = true
	}
}

// sayBest announces the evaluation and the best move once a position
// (when the search has gone deep enough to say it, or ended), and again
// when a deep search changes the best move.
func (c *AnalysisController) sayBest(ended bool) {
	st := c.st
	if len(st.info.lines) == 0 || st.threat {
		return
	}
	l := st.info.lines[0]
	if !ended && l.Depth < 8 {
		return
	}
	best := ""
	if lm := c.lineMoves(l.PV[:min(len(l.PV), 1)]); len(lm) > 0 {
		best = lm[0].Text
	}
	if best == st.said || st.said != "" && l.Depth < 14 && !ended {
		return
	}
	st.said = best
	c.a.out.announce = append(c.a.out.announce, "Analysis: "+c.scoreText(l.Score, l.Mate)+", best "+best)
}

// showSoon draws the page now or, when it was drawn less than
// analysisShowEvery ago, once that time has passed.
func (c *AnalysisController) showSoon() {
	st := c.st
	now := c.a.d.Clock.Now()
	if wait := st.shown.Add(analysisShowEvery).Sub(now); wait > 0 {
		if st.showGen == 0 {
			st.showGen = 1
			c.a.d.Clock.AfterFunc(wait, func() {
				c.a.lock()
				defer c.a.unlock()
				if c.st == st {
					st.showGen = 0
					st.shown = c.a.d.Clock.Now()
					c.a.out.analysis = true
				}
			})
		}
		return
	}
	st.shown = now
	c.a.out.analysis = true
}

// movesTo is the move strings from the tree's start to the node at.
func movesTo(t *play.Tree, at play.Path) []string {
	out := make([]string, 0, len(at))
	for i := 1; i <= len(at); i++ {
		n, _ := t.Node(at[:i])
		out = append(out, n.Move)
	}
	return out
}

// whiteView turns a score from the side to move's view of position p into
// White's.
func whiteView(p *game.Position, score, mate int) (int, int) {
	if p.Turn() == game.Black {
		return -score, -mate
	}
	return score, mate
}

// scoreText is a score of the engine's position from White's view, as the
// move list's readers know it: "+1.3", "-0.4", "#4" (White mates in 4),
// "#-2" (Black does).
func (c *AnalysisController) scoreText(score, mate int) string {
	s, m := whiteView(c.enginePosition(), score, mate)
	return ScoreText(s, m)
}

// ScoreText writes a score from White's view: "+1.3", "-0.4", "0.0", "#4"
// (White mates in 4), "#-2" (Black mates in 2).
func ScoreText(score, mate int) string {
	if mate != 0 {
		return fmt.Sprintf("#%d", mate)
	}
	if score == 0 {
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", float64(score)/100)
}

// BarWords says who is better, from White's winning chances w in [-1, 1]
// (or a mate: mate moves, positive when White mates), for the evaluation
// bar's text: "equal", "White is slightly better", "White is better",
// "White is winning", "White mates in 3".
func BarWords(w float64, mate int) string {
	side := "White"
	if mate < 0 || mate == 0 && w < 0 {
		side = "Black"
	}
	if mate != 0 {
		n := mate
		if n < 0 {
			n = -n
		}
		if n == 1 {
			return side + " mates in 1"
		}
		return fmt.Sprintf("%s mates in %d", side, n)
	}
	a := w
	if a < 0 {
		a = -a
	}
	switch {
	case a < 0.1:
		return "equal"
	case a < 0.3:
		return side + " is slightly better"
	case a < 0.6:
		return side + " is better"
	}
	return side + " is winning"
}

// lineMoves writes a line of the engine's position in the move list's
// notation, numbered as the move list numbers moves.
func (c *AnalysisController) lineMoves(pv []string) []LineMove {
	p := c.enginePosition()
	out := make([]LineMove, 0, len(pv))
	for i, ms := range pv {
		m, err := p.ParseMove(ms)
		if err != nil {
			break
		}
		text := p.Notation(m)
		switch {
		case p.Turn() == game.White:
			text = fmt.Sprintf("%d. %s", p.Fullmove(), text)
		case i == 0:
			text = fmt.Sprintf("%d… %s", p.Fullmove(), text)
		}
		out = append(out, LineMove{Text: text, Move: ms})
		p.Make(m)
	}
	return out
}

// view is the open analysis's state for the page, or nil.
func (c *AnalysisController) view() *AnalysisView {
	st := c.st
	if st == nil {
		return nil
	}
	p := c.shownPosition()
	v := &AnalysisView{Variant: st.tree.Variant().ID, Path: string(st.at), Position: p.String(), Engine: c.analyst(0) != nil,
		Running: st.busy, Paused: st.paused, Lines: st.lines, Threat: st.threat, CanThreat: c.canThreat(p),
		Depth: st.info.depth, Nodes: st.info.nodes, Best: []AnalysisLine{}, Items: []AnalysisItem{}}
	if st.info.ms > 0 {
		v.NPS = int(int64(st.info.nodes) * 1000 / int64(st.info.ms))
	}
	v.Time = fmt.Sprintf("%.1f s", float64(st.info.ms)/1000)
	if st.info.shown == nil {
		st.info.shown = []AnalysisLine{}
		for _, l := range st.info.lines {
			st.info.shown = append(st.info.shown, AnalysisLine{Score: c.scoreText(l.Score, l.Mate), Depth: l.Depth, Moves: c.lineMoves(l.PV[:min(len(l.PV), lineShown)])})
		}
	}
	v.Best = st.info.shown
	res, why := p.Outcome()
	switch {
	case res != "":
		v.Status = game.ResultWords(res, why)
	case p.InCheck():
		v.Status = sideName(int(p.Turn())) + " to move: check"
	default:
		v.Status = sideName(int(p.Turn())) + " to move"
	}
	if len(st.info.lines) > 0 && !st.threat {
		l := st.info.lines[0]
		s, m := whiteView(p, l.Score, l.Mate)
		w := ai.WinningChances(st.tree.Variant(), s, m)
		v.Bar, v.BarKnown = 50+50*w, true
		v.BarText = ScoreText(s, m) + ": " + BarWords(w, m)
	} else if res != "" {
		v.Bar, v.BarKnown = 50, true
		switch res {
		case game.WhiteWins:
			v.Bar = 100
		case game.BlackWins:
			v.Bar = 0
		}
		v.BarText = v.Status
	}
	marks := c.reviewMarks()
	for _, it := range st.tree.Items() {
		v.Items = append(v.Items, AnalysisItem{Path: string(it.Path), Text: it.Text, Depth: it.Depth, Current: it.Path == st.at,
			Comment: it.Comment, Glyph: it.Glyph, Open: it.Open, Close: it.Close, Mark: marks[it.Path]})
	}
	if n, ok := st.tree.Node(st.at); ok && st.at != "" {
		v.Comment, v.Glyph = n.Comment, n.Glyph
		v.CanDelete = true
		v.CanPromote = st.tree.MainPath(len(st.at)) != st.at
	}
	v.Review = c.reviewView()
	v.Learn = c.learnView()
	return v
}

// State is the open analysis's view (nil when closed), for the test hook.
func (c *AnalysisController) State() *AnalysisView {
	c.a.lock()
	defer c.a.unlock()
	return c.view()
}

// fill puts the open analysis's state in the page's view.
func (c *AnalysisController) fill(v *View) {
	v.Analysis = c.view()
	if v.Analysis != nil {
		v.Game = c.st.tree.Variant().Name
		v.Players = "Analysis board"
		v.Status = v.Analysis.Status
		v.Flipped = c.st.flipped
		v.Position = c.shownPosition().String()
	}
}

// act runs f on the open analysis board under the lock.
func (c *AnalysisController) act(f func(st *analysisState) error) error {
	c.a.lock()
	defer c.a.unlock()
	if c.st == nil {
		return errNoAnalysis
	}
	c.a.out.show = true
	return f(c.st)
}

// GoTo shows the node at path (the move list's and the graph's clicks).
func (c *AnalysisController) GoTo(path string) error {
	return c.act(func(st *analysisState) error {
		at := play.Path(path)
		if !st.tree.Has(at) {
			return errString("no move " + play.Quote(path) + " in the analysis")
		}
		if at != st.at {
			st.at = at
			c.moved(true)
		}
		return nil
	})
}

// Step goes back (-1) or forward (+1: the main continuation) one move, or
// to the start (-2) or the end of the line (+2).
func (c *AnalysisController) Step(d int) {
	c.act(func(st *analysisState) error {
		at := st.at
		switch d {
		case -1:
			at = at.Parent()
		case -2:
			at = ""
		case 1:
			if next, ok := st.tree.Next(at); ok {
				at = next
			}
		case 2:
			at = st.tree.LineEnd(at)
		}
		if at != st.at {
			st.at = at
			c.moved(true)
		}
		return nil
	})
}

// Play plays a move typed or chosen by its move string from the node shown.
func (c *AnalysisController) Play(ms string) error {
	return c.act(func(st *analysisState) error { return c.play(ms, true) })
}

// PlayLine plays line k's moves up to and including its move i from the
// node shown (a click on a move of a line), as a side line where the tree
// has another continuation.
func (c *AnalysisController) PlayLine(k, i int) error {
	return c.act(func(st *analysisState) error {
		if st.threat || k < 0 || k >= len(st.info.lines) || i < 0 || i >= len(st.info.lines[k].PV) {
			return errString("no such move in the lines")
		}
		for _, ms := range st.info.lines[k].PV[:i+1] {
			if err := c.play(ms, false); err != nil {
				return err
			}
		}
		return nil
	})
}

// SetLines sets how many lines the engine shows (1 to MaxLines).
func (c *AnalysisController) SetLines(n int) {
	c.act(func(st *analysisState) error {
		n = min(max(n, 1), MaxLines)
		if n != st.lines {
			st.lines = n
			c.a.prefs.Lines = n
			c.a.savePrefs()
			c.restart()
			c.drawOverlay()
		}
		return nil
	})
}

// SetThreat shows the threat (the position with the other side to move)
// or the lines again.
func (c *AnalysisController) SetThreat(on bool) {
	c.act(func(st *analysisState) error {
		if on != st.threat {
			st.threat = on
			c.restart()
			c.drawOverlay()
			if on {
				c.a.out.announce = append(c.a.out.announce, "Showing the threat")
			}
		}
		return nil
	})
}

// SetRunning starts (on) or stops the engine.
func (c *AnalysisController) SetRunning(on bool) {
	c.act(func(st *analysisState) error {
		if on == !st.paused {
			return nil
		}
		st.paused = !on
		if on {
			c.restart()
		} else {
			c.stopEngine()
			c.a.out.announce = append(c.a.out.announce, "Analysis stopped")
		}
		return nil
	})
}

// Flip turns the analysis board.
func (c *AnalysisController) Flip() {
	c.act(func(st *analysisState) error {
		st.flipped = !st.flipped
		if b := c.board(); b != nil {
			b.SetFlipped(st.flipped)
		}
		return nil
	})
}

// SetComment sets the comment of the move shown ("" removes it).
func (c *AnalysisController) SetComment(text string) error {
	return c.act(func(st *analysisState) error {
		if st.at == "" {
			return errString("comments go on moves: go to a move first")
		}
		err := st.tree.SetComment(st.at, text)
		c.keep()
		return err
	})
}

// SetGlyph sets the glyph of the move shown ("!", "?", "!!", "??", "!?",
// "?!"; the same glyph again or "" clears it).
func (c *AnalysisController) SetGlyph(g string) error {
	return c.act(func(st *analysisState) error {
		if st.at == "" {
			return errString("glyphs go on moves: go to a move first")
		}
		if n, _ := st.tree.Node(st.at); n.Glyph == g {
			g = ""
		}
		err := st.tree.SetGlyph(st.at, g)
		c.keep()
		return err
	})
}

// Promote makes the side line holding the move shown the main line where
// it branches.
func (c *AnalysisController) Promote() error {
	return c.act(func(st *analysisState) error {
		if !st.tree.Promote(st.at) {
			return errString("the move is on the main line")
		}
		c.keep()
		c.a.out.announce = append(c.a.out.announce, "Variation promoted")
		return nil
	})
}

// Delete removes the move shown and what follows it; the board shows the
// position before it.
func (c *AnalysisController) Delete() error {
	return c.act(func(st *analysisState) error {
		if st.at == "" {
			return errString("no move to delete")
		}
		parent := st.at.Parent()
		if !st.tree.Delete(st.at) {
			return errString("no move to delete")
		}
		st.at = parent
		c.moved(true)
		c.a.out.announce = append(c.a.out.announce, "Move deleted")
		return nil
	})
}

// Record is the analysis written as a game record, with its side lines,
// comments and glyphs (and the review's marks, once made).
func (c *AnalysisController) Record() string {
	c.a.lock()
	defer c.a.unlock()
	if c.st == nil {
		return ""
	}
	tags := c.st.record
	if tags.Event == "" {
		tags = play.RecordTags{Event: "Analysis", Site: c.a.d.Site, Date: c.a.d.Clock.Now()}
	}
	return c.st.tree.Record(tags)
}

// link is the analysis's URL query: mode=analysis and the main line (a
// link keeps the main line only).
func (c *AnalysisController) link() string {
	st := c.st
	q := map[string]string{"variant": st.tree.Variant().ID}
	if st.tree.Start() != st.tree.Variant().Start {
		q["fen"] = st.tree.Start()
	}
	if ml := st.tree.MainLine(); len(ml) > 0 {
		q["moves"] = strings.Join(ml, ",")
	}
	return "mode=analysis&" + Link(q)
}
