package app

import (
	"encoding/json"
	"math"
	"strings"
	"time"

	"chimera/game"
	"chimera/play"
	"chimera/puzzle"
	"chimera/render/layout"
	"chimera/render/model"
)

// Puzzles: the shipped sets of package puzzle solved on the main board by
// the PuzzleController. The opponent's last move is played first, then the
// player finds the solution's moves (on the board or in the Move box), the
// replies played by themselves; a wrong move is refused with a word and
// taken back. The player's puzzle rating (Glicko-2 against the puzzles'
// ratings) and streak are kept on the device. While puzzles are open the
// controller owns the board; the game goes on behind it, as behind a
// lesson.

// Puzzle modes.
const (
	puzzleIntro  = "intro"  // the opponent's move is about to be played
	puzzleSolve  = "solve"  // the player's turn
	puzzleReply  = "reply"  // the reply is about to be played
	puzzleSolved = "solved" // the line is played out
)

// Timing: the pause before the opponent's move and before a reply (at the
// normal animation speed; the board's animation is waited for as well).
const (
	puzzleFirst = 600 * time.Millisecond
	puzzleNext  = 400 * time.Millisecond
)

// keyPuzzles is the storage key of the player's puzzle record.
const keyPuzzles = "chimera.puzzles"

// puzzleRecord is what the device keeps: the rating, the streak and the
// puzzles played (each counts once for the rating).
type puzzleRecord struct {
	Rating puzzle.Rating `json:"rating"`
	Streak int           `json:"streak"`
	Best   int           `json:"best"`
	Played []string      `json:"played"`
}

// puzzleState is an open puzzle.
type puzzleState struct {
	z        *puzzle.Puzzle
	v        *game.Variant
	pos      *game.Position
	ply      int    // moves of z.Moves played
	mode     string // puzzleIntro, puzzleSolve, puzzleReply, puzzleSolved
	said     string // what happened last, in words
	wrong    bool   // the last move tried was refused
	failed   bool   // a wrong move or the solution shown: not solved
	rated    bool   // the result went into the rating
	change   int    // the rating's change by this puzzle
	hint     int    // 0 none, 1 the piece shown, 2 the move shown
	gen      int    // bumped on every change, so stale timers do nothing
	revealed bool   // View solution was used
}

// PuzzleController is puzzle mode on the board. It owns the board while
// puzzles are open.
type PuzzleController struct {
	a       *App
	ps      *puzzleState
	variant string // the filter: the rule set
	theme   string // the filter: a theme, "" all
	rec     puzzleRecord
	loaded  bool
}

// PuzzleView is the open puzzle's state, for the page.
type PuzzleView struct {
	ID       string        `json:"id"`
	Variant  string        `json:"variant"`
	Game     string        `json:"game"`
	Theme    string        `json:"theme"` // the theme filter, "" all
	Themes   []PuzzleTheme `json:"themes"`
	Games    []Game        `json:"games"` // the rule sets with puzzles
	Mode     string        `json:"mode"`
	Said     string        `json:"said"`
	Wrong    bool          `json:"wrong"`
	Solved   bool          `json:"solved"` // solved without help
	Failed   bool          `json:"failed"`
	Prompt   string        `json:"prompt"` // "White to move: find the best move"
	Rating   int           `json:"rating"` // the player's rating
	Change   int           `json:"change"` // its change by this puzzle (once rated)
	Rated    bool          `json:"rated"`
	Streak   int           `json:"streak"`
	Best     int           `json:"best"`
	Puzzle   int           `json:"puzzle"`   // the puzzle's rating (shown once it is over)
	Count    int           `json:"count"`    // puzzles matching the filter
	Position string        `json:"position"` // the position on the board
	Link     string        `json:"link"`     // the puzzle's URL query
}

// PuzzleTheme is one entry of the theme filter.
type PuzzleTheme struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Count int    `json:"count"` // puzzles of the rule set with it
}

// board returns the Board while puzzles own it, else nil.
func (c *PuzzleController) board() Board { return c.a.boardFor(c) }

// attach draws the puzzle's board whole.
func (c *PuzzleController) attach(b Board) {
	if ps := c.ps; ps != nil {
		b.SetFlipped(ps.v != nil && ps.solver() == game.Black)
		b.SetPosition(play.Board(ps.pos), c.targets())
		b.SetOverlay(c.overlay())
	}
}

func (ps *puzzleState) solver() game.Color {
	p, _ := game.Parse(ps.v, ps.z.Position)
	return p.Turn().Other()
}

// targets are the board's legal moves: the player's while it is their turn.
func (c *PuzzleController) targets() []model.Target {
	if ps := c.ps; ps != nil && ps.mode == puzzleSolve {
		return play.Targets(ps.pos)
	}
	return nil
}

// shownPosition is the puzzle's position on the board.
func (c *PuzzleController) shownPosition() *game.Position {
	if c.ps == nil {
		return nil
	}
	return c.ps.pos
}

// overlay marks the hint: the piece to move, then the move.
func (c *PuzzleController) overlay() model.Overlay {
	ps := c.ps
	if ps == nil || ps.mode != puzzleSolve || ps.hint == 0 {
		return model.Overlay{}
	}
	m, err := ps.pos.ParseMove(ps.z.Moves[ps.ply])
	if err != nil {
		return model.Overlay{}
	}
	var o model.Overlay
	if ps.hint == 1 && !m.IsDrop() {
		o.Marks = append(o.Marks, model.Mark{Square: model.Square(m.From()), Kind: model.MarkFocus})
		return o
	}
	arrow := model.Arrow{From: model.NoSquare, To: model.Square(m.To())}
	if m.IsDrop() {
		arrow.Drop = model.Piece(ps.v.PieceLetter(game.MakePiece(ps.pos.Turn(), m.Part())))
	} else {
		arrow.From = model.Square(m.From())
	}
	o.Arrows = append(o.Arrows, arrow)
	return o
}

// load reads the player's record once.
func (c *PuzzleController) load() {
	if c.loaded {
		return
	}
	c.loaded = true
	c.rec = puzzleRecord{Rating: puzzle.NewRating}
	if s, ok, err := c.a.d.Storage.Get(keyPuzzles); err == nil && ok {
		var r puzzleRecord
		if json.Unmarshal([]byte(s), &r) == nil && r.Rating.RD > 0 && r.Rating.Vol > 0 {
			c.rec = r
		}
	}
}

func (c *PuzzleController) save() {
	b, _ := json.Marshal(c.rec)
	if err := c.a.d.Storage.Set(keyPuzzles, string(b)); err != nil {
		c.a.storageFailed(err)
	}
}

// Open opens puzzle mode: puzzle id when given (any rule set), else the
// next puzzle of the rule set (the game's when empty) and theme ("" all).
func (c *PuzzleController) Open(variant, theme, id string) error {
	c.a.lock()
	defer c.a.unlock()
	if c.a.guest() {
		return errEmbedded
	}
	return c.open(variant, theme, id)
}

func (c *PuzzleController) open(variant, theme, id string) error {
	c.load()
	if id != "" {
		z, v := findPuzzle(id)
		if z == nil {
			c.a.note("There is no puzzle " + play.Quote(id) + ": showing another")
		} else {
			c.variant, c.theme = v.ID, ""
			c.show(z, v)
			return nil
		}
	}
	if variant == "" {
		variant = c.a.Game.s.Variant().ID
		if len(puzzle.Set(variant)) == 0 && len(puzzle.Variants()) > 0 {
			variant = puzzle.Variants()[0]
		}
	}
	v := play.FindVariant(variant)
	if v == nil || len(puzzle.Set(v.ID)) == 0 {
		return errString("there are no puzzles for " + play.Quote(variant))
	}
	if theme != "" && puzzle.ThemeByName(theme) == nil {
		return errString("there is no theme " + play.Quote(theme))
	}
	c.variant, c.theme = v.ID, theme
	return c.next()
}

// openLink opens puzzles from a link (mode=puzzle, with id, or variant
// and theme): what is wrong is noted and another puzzle shown.
func (c *PuzzleController) openLink(variant, theme, id string) {
	if err := c.open(variant, theme, id); err != nil {
		c.a.note(strings.ToUpper(err.Error()[:1]) + err.Error()[1:] + ": showing another puzzle")
		if err := c.open("", "", ""); err != nil {
			c.a.note(err.Error())
		}
	}
}

// findPuzzle looks a puzzle up by id in every set.
func findPuzzle(id string) (*puzzle.Puzzle, *game.Variant) {
	for _, vid := range puzzle.Variants() {
		if !strings.HasPrefix(id, puzzle.Prefix(vid)) {
			continue
		}
		zs := puzzle.Set(vid)
		for i := range zs {
			if zs[i].ID == id {
				v, _ := game.VariantByID(vid)
				return &zs[i], v
			}
		}
	}
	return nil, nil
}

// matching returns the puzzles of the filter.
func (c *PuzzleController) matching() []puzzle.Puzzle {
	var out []puzzle.Puzzle
	for _, z := range puzzle.Set(c.variant) {
		if c.theme == "" || z.Has(c.theme) {
			out = append(out, z)
		}
	}
	return out
}

// next shows the puzzle of the filter not played yet whose rating is
// nearest the player's (all played: the nearest of all, the current one
// excepted).
func (c *PuzzleController) next() error {
	zs := c.matching()
	if len(zs) == 0 {
		return errString("no puzzle of " + play.Quote(c.variant) + " has the theme " + play.Quote(c.theme))
	}

	played := map[string]bool{}
	for _, id := range c.rec.Played {
		played[id] = true
	}
	cur := ""
	if c.ps != nil {
		cur = c.ps.z.ID
	}
	best := -1
	for pass := 0; pass < 2 && best < 0; pass++ {
		for i := range zs {
			if zs[i].ID == cur && len(zs) > 1 || pass == 0 && played[zs[i].ID] {
				continue
			}
			if best < 0 || math.Abs(float64(zs[i].Rating)-c.rec.Rating.R) < math.Abs(float64(zs[best].Rating)-c.rec.Rating.R) {
				best = i
			}
		}
	}
	v, _ := game.VariantByID(c.variant)
	z := zs[best]
	c.show(&z, v)
	return nil
}

// show puts puzzle z on the board before the opponent's move, which is
// played after a pause.
func (c *PuzzleController) show(z *puzzle.Puzzle, v *game.Variant) {
	p, err := game.Parse(v, z.Position)
	if err != nil {
		panic("puzzle " + z.ID + ": " + err.Error()) // the puzzle tests replay every puzzle
	}
	gen := 0
	if c.ps != nil {
		gen = c.ps.gen + 1
	}
	if c.a.Lesson.ls != nil {
		c.a.closeLesson()
	}
	c.a.closeEditor()
	c.a.closeAnalysis()
	c.a.d.Board.CancelSelection()
	c.a.clearNote()
	c.ps = &puzzleState{z: z, v: v, pos: p, mode: puzzleIntro, gen: gen}
	c.a.take(c)
	c.after(puzzleFirst, func() { c.playNext() })
}

// after runs f after d and the board's animation, unless the puzzle has
// changed meanwhile.
func (c *PuzzleController) after(d time.Duration, f func()) {
	ps := c.ps
	gen := ps.gen
	if b := c.board(); b != nil {
		d += b.AnimationLeft()
	}
	c.a.d.Clock.AfterFunc(d, func() {
		c.a.lock()
		defer c.a.unlock()
		if c.ps != ps || ps.gen != gen {
			return
		}
		f()
	})
}

// playNext plays the line's next move (the opponent's or a reply) with its
// animation and says it; the player is to move then, or the line is over.
func (c *PuzzleController) playNext() {
	ps := c.ps
	c.playMove(ps.z.Moves[ps.ply])
	if ps.ply >= len(ps.z.Moves) {
		c.finish()
		return
	}
	ps.mode = puzzleSolve
	if ps.ply == 1 {
		ps.said = c.prompt()
	}
	c.redraw()
}

// playMove plays move string ms of the line on the board and says it.
func (c *PuzzleController) playMove(ms string) {
	ps := c.ps
	m, err := ps.pos.ParseMove(ms)
	if err != nil {
		panic("puzzle " + ps.z.ID + ": " + err.Error())
	}
	words := ps.pos.Describe(m)
	e := ps.pos.Effects(m)
	ps.pos.Make(m)
	ps.ply++
	if b := c.board(); b != nil {
		b.PlayEvent(play.Event(ps.v, e), play.Board(ps.pos), nil)
	}
	c.a.out.announce = append(c.a.out.announce, words)
	c.a.out.show = true
}

func (c *PuzzleController) redraw() {
	if b := c.board(); b != nil {
		b.SetPosition(play.Board(c.ps.pos), c.targets())
		b.SetOverlay(c.overlay())
	}
	c.a.out.show = true
}

// prompt is the task: whose move, and what to find.
func (c *PuzzleController) prompt() string {
	ps := c.ps
	side := "White"
	if ps.solver() == game.Black {
		side = "Black"
	}
	switch {
	case ps.z.Has("mate"):
		n := len(ps.z.Moves) / 2
		if n == 1 {
			return side + " to move: find the winning move"
		}
		return side + " to move: find the win in " + itoa(n) + " moves"
	case ps.z.Has("defensive"):
		return side + " to move: find the only defence"
	}
	return side + " to move: find the best move"
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// boardMove takes the player's move: the solution's is played (the reply
// follows by itself); on the last move any move that wins the game is
// right as well; any other is refused and taken back.
func (c *PuzzleController) boardMove(ms string) {
	ps := c.ps
	if ps == nil || ps.mode != puzzleSolve {
		return
	}
	want := ps.z.Moves[ps.ply]
	right := ms == want
	if !right && ps.ply == len(ps.z.Moves)-1 && ps.z.Has("mate") {
		if m, err := ps.pos.ParseMove(ms); err == nil {
			q := ps.pos.Clone()
			q.Make(m)
			r, _ := q.Outcome()
			right = r == winWord(ps.solver())
		}
	}
	ps.gen++
	if !right {
		words := "that move"
		if m, err := ps.pos.ParseMove(ms); err == nil {
			words = ps.pos.Notation(m)
		}
		ps.said, ps.wrong = "Not "+words+": that is not the move. Try again", true
		c.rate(false)
		c.a.out.announce = append(c.a.out.announce, ps.said)
		c.redraw() // the board takes the piece back
		return
	}
	ps.wrong, ps.hint = false, 0
	c.playMove(ms)
	if ps.ply >= len(ps.z.Moves) {
		c.finish()
		return
	}
	ps.mode = puzzleReply
	ps.said = "Right! The reply comes"
	c.redraw()
	c.after(puzzleNext, func() { c.playNext() })
}

func winWord(c game.Color) string {
	if c == game.White {
		return game.WhiteWins
	}
	return game.BlackWins
}

// finish ends the line: solved unless the player failed or looked.
func (c *PuzzleController) finish() {
	ps := c.ps
	ps.mode, ps.hint = puzzleSolved, 0
	switch {
	case ps.revealed:
		ps.said = "The solution is played"
	case ps.failed:
		ps.said = "Solved, but not at the first try"
	default:
		c.rate(true)
		ps.said = "Solved!"
	}
	c.redraw()
	c.a.out.announce = append(c.a.out.announce, ps.said+" "+c.ratingWords())
}

// ratingWords says the player's rating and its change.
func (c *PuzzleController) ratingWords() string {
	ps := c.ps
	r := int(math.Round(c.rec.Rating.R))
	s := "Your puzzle rating: " + itoa(r)
	if ps.rated && ps.change != 0 {
		sign := "+"
		if ps.change < 0 {
			sign = "−"
		}
		s += " (" + sign + itoa(abs(ps.change)) + ")"
	}
	return s + ", streak " + itoa(c.rec.Streak)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// rate puts the puzzle's result into the rating, once a puzzle (its first
// result: a wrong move or a look at the solution is a loss), and keeps the
// record.
func (c *PuzzleController) rate(solved bool) {
	ps := c.ps
	if !solved {
		ps.failed = true
	}
	if ps.rated {
		return
	}
	ps.rated = true
	before := int(math.Round(c.rec.Rating.R))
	c.rec.Rating = c.rec.Rating.AfterPuzzle(ps.z.Rating, solved)
	ps.change = int(math.Round(c.rec.Rating.R)) - before
	if solved {
		c.rec.Streak++
		c.rec.Best = max(c.rec.Best, c.rec.Streak)
	} else {
		c.rec.Streak = 0
	}
	c.rec.Played = append(c.rec.Played, ps.z.ID)
	if len(c.rec.Played) > 2000 {
		c.rec.Played = c.rec.Played[len(c.rec.Played)-2000:]
	}
	c.save()
}

// PlayTyped plays a move typed in the Move box (the move list's notation or
// a move string) as if made on the board.
func (c *PuzzleController) PlayTyped(typed string) error {
	c.a.lock()
	defer c.a.unlock()
	ps := c.ps
	if ps == nil || ps.mode != puzzleSolve {
		return errString("it is not your move")
	}
	moves, exact := play.Match(ps.pos, typed)
	switch {
	case len(moves) == 0:
		return errString(play.Quote(typed) + " is not a legal move here")
	case !exact:
		return errString(play.Quote(typed) + " could be several moves")
	}
	c.boardMove(ps.pos.MoveString(moves[0]))
	return nil
}

// Hint shows the piece to move, and at a second call the move; a hint
// makes the puzzle count as not solved.
func (c *PuzzleController) Hint() {
	c.a.lock()
	defer c.a.unlock()
	ps := c.ps
	if ps == nil || ps.mode != puzzleSolve {
		return
	}
	m, err := ps.pos.ParseMove(ps.z.Moves[ps.ply])
	if err != nil {
		return
	}
	c.rate(false)
	if ps.hint < 2 {
		ps.hint++
	}
	switch {
	case m.IsDrop():
		ps.said = "Hint: drop a " + m.Part().Name() + " on " + game.SquareName(m.To())
		ps.hint = 2
	case ps.hint == 1:
		ps.said = "Hint: move the piece on " + game.SquareName(m.From())
	default:
		ps.said = "Hint: " + ps.pos.Notation(m) + ", " + ps.pos.Describe(m)
	}
	c.a.out.announce = append(c.a.out.announce, ps.said)
	c.redraw()
}

// Solution plays the rest of the line; the puzzle counts as not solved.
func (c *PuzzleController) Solution() {
	c.a.lock()
	defer c.a.unlock()
	ps := c.ps
	if ps == nil || ps.mode == puzzleSolved {
		return
	}
	c.rate(false)
	ps.revealed = true
	ps.gen++
	for ps.ply < len(ps.z.Moves) {
		c.playMove(ps.z.Moves[ps.ply])
	}
	c.finish()
}

// Next shows the next puzzle of the filter.
func (c *PuzzleController) Next() error {
	c.a.lock()
	defer c.a.unlock()
	if c.ps == nil {
		return nil
	}
	return c.next()
}

// SetFilter chooses the rule set and the theme ("" all) and shows a puzzle
// of them.
func (c *PuzzleController) SetFilter(variant, theme string) error {
	c.a.lock()
	defer c.a.unlock()
	return c.open(variant, theme, "")
}

// Close closes puzzle mode: the board shows the game again.
func (c *PuzzleController) Close() {
	c.a.lock()
	defer c.a.unlock()
	if c.ps == nil {
		return
	}
	c.end()
	c.a.owner = c.a.Game
	c.a.take(c.a.Game)
}

// end forgets the open puzzle (its timers find it gone).
func (c *PuzzleController) end() {
	if c.ps != nil {
		c.ps.gen++
		c.ps = nil
		c.a.out.show = true
	}
}

// link is the open puzzle's URL query.
func (c *PuzzleController) link() string {
	return "mode=puzzle&id=" + c.ps.z.ID
}

// view returns the open puzzle's state for the page, or nil.
func (c *PuzzleController) view() *PuzzleView {
	ps := c.ps
	if ps == nil {
		return nil
	}
	v := &PuzzleView{ID: ps.z.ID, Variant: ps.v.ID, Game: ps.v.Name, Theme: c.theme, Mode: ps.mode,
		Said: ps.said, Wrong: ps.wrong, Solved: ps.mode == puzzleSolved && !ps.failed, Failed: ps.failed,
		Prompt: c.prompt(), Rating: int(math.Round(c.rec.Rating.R)), Change: ps.change, Rated: ps.rated,
		Streak: c.rec.Streak, Best: c.rec.Best, Count: len(c.matching()), Position: ps.pos.String(), Link: c.link()}
	if ps.mode == puzzleSolved {
		v.Puzzle = ps.z.Rating
	}
	counts := puzzle.CountThemes(puzzle.Set(ps.v.ID))
	for _, t := range puzzle.Themes {
		if counts[t.Name] > 0 {
			v.Themes = append(v.Themes, PuzzleTheme{Name: t.Name, Title: t.Title, Count: counts[t.Name]})
		}
	}
	for _, id := range puzzle.Variants() {
		if gv := play.FindVariant(id); gv != nil {
			v.Games = append(v.Games, Game{ID: gv.ID, Name: gv.Name})
		}
	}
	return v
}

// fill adds the open puzzle to the page's view, with the canvas's shape.
func (c *PuzzleController) fill(v *View) {
	v.Puzzle = c.view()
	if ps := c.ps; ps != nil {
		v.AspectWide, v.AspectTall = layout.Aspect(ps.v.Drops, true), layout.Aspect(ps.v.Drops, false)
	}
}

// Line returns the open puzzle's moves (the opponent's, then the
// solution), nil when none is open: for the test hook.
func (c *PuzzleController) Line() []string {
	c.a.lock()
	defer c.a.unlock()
	if c.ps == nil {
		return nil
	}
	return append([]string(nil), c.ps.z.Moves...)
}

// State returns the open puzzle's state (nil when none is open), for the
// test hook.
func (c *PuzzleController) State() *PuzzleView {
	c.a.lock()
	defer c.a.unlock()
	return c.view()
}
