package learn

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"chimera/game"
)

// The help's reference parts: the legend of a game's pieces (picture, name,
// letter, what it is made of, how it moves, a small board with its moves
// marked) and of its move-list notation (examples written and said by the
// rules engine). HelpFor gathers them with the lesson for the page.

// LegendEntry is what the legend says of one piece kind.
type LegendEntry struct {
	Kind string `json:"kind"` // its position-string letter, upper case
	// Variants are the rule sets it is for; none: each of the lesson's
	// rule sets that has the kind.
	Variants []string `json:"variants,omitempty"`
	MadeOf   string   `json:"madeOf"` // "Rook + Knight", "Half a rook", ...
	Moves    string   `json:"moves"`  // how it moves, in words
	// Samples show the words on the board: each lists every square the
	// piece can go to, by what happens there, and the tests compare them
	// with the engine's moves. The first sample for a rule set is its
	// diagram.
	Samples []Sample `json:"samples"`
	Facts   []Fact   `json:"facts,omitempty"` // more of what the words say (checked)
}

// Sample is a position with the piece on From and every square it can go
// to, by what happens there; a square of none of the lists is one it
// cannot go to.
type Sample struct {
	Says     string   `json:"says,omitempty"`     // the words it shows, for the reader of the data file
	Variants []string `json:"variants,omitempty"` // the rule sets it is for; none: all of the entry's
	Position string   `json:"position"`
	From     string   `json:"from"`
	Hide     []string `json:"hide,omitempty"` // squares its diagram does not draw (the royals a position needs)
	// Moves are the squares it moves to without capturing or joining
	// another piece; Captures where it captures; Joins where it fuses with
	// a friendly piece (Bedlam) or forms a unit with one (Bifold); Shares
	// (Bifold) where it enters a square with a lone enemy piece, capturing
	// nothing.
	Moves    []string `json:"moves"`
	Captures []string `json:"captures"`
	Joins    []string `json:"joins,omitempty"`
	Shares   []string `json:"shares,omitempty"`
	// Not are squares the words say it may not go to (checked: none of its
	// moves goes there).
	Not []string `json:"not,omitempty"`
}

// forVariant reports whether a list of rule set ids is empty or names id.
func forVariant(ids []string, id string) bool { return len(ids) == 0 || slices.Contains(ids, id) }

// entry returns the legend entry of kind k in rule set v, or nil.
func (l *Lesson) entry(v *game.Variant, k game.Kind) *LegendEntry {
	lt := string(v.Letter(k))
	for i := range l.Legend {
		e := &l.Legend[i]
		if e.Kind == lt && forVariant(e.Variants, v.ID) {
			return e
		}
	}
	return nil
}

// sample returns the first sample of e for rule set id, or nil.
func (e *LegendEntry) sample(id string) *Sample {
	for i := range e.Samples {
		if forVariant(e.Samples[i].Variants, id) {
			return &e.Samples[i]
		}
	}
	return nil
}

// Help is everything How to play shows for one rule set: the lesson's
// sections, the pieces and the notation. The page asks for it once per
// game (chimeraApp.help) and draws it; the board's part is in the View.
type Help struct {
	Variant  string         `json:"variant"`  // the rule set it is for
	Name     string         `json:"name"`     // its name
	Lesson   string         `json:"lesson"`   // the lesson's game
	Sections []SectionHelp  `json:"sections"` // the lesson's sections
	Pieces   []PieceHelp    `json:"pieces"`   // every piece kind of the rule set, in its order
	Notation []NotationHelp `json:"notation"` // examples of the move-list notation
	Symbols  []NotationMark `json:"symbols"`  // what the marks of the notation mean
}

// SectionHelp is a lesson section's text for the page.
type SectionHelp struct {
	ID      string   `json:"id"`
	Title   string   `json:"title"`
	Variant string   `json:"variant"` // the rule set of its board
	Text    []string `json:"text"`
	Example string   `json:"example"` // the example's position string
	Moves   []string `json:"moves"`   // the example's moves
	Try     bool     `json:"try"`     // it has an exercise
	Prompt  string   `json:"prompt"`  // the exercise's task
	Answers []string `json:"answers"` // the moves it accepts (the first is shown by "Show me")
	Wrong   []string `json:"wrong"`   // moves it refuses with a reason of their own
	Start   string   `json:"start"`   // the exercise's position (for the tests and the hook)
}

// PieceHelp is one piece kind of the legend.
type PieceHelp struct {
	Letter   string  `json:"letter"`   // position-string letter (upper case)
	Notation string  `json:"notation"` // its letter in the move list ("" for a pawn; P for the Paladin)
	Name     string  `json:"name"`
	Image    string  `json:"image"`  // the White piece's picture (web/sitebuild draws them)
	MadeOf   string  `json:"madeOf"` // "Rook + Knight", "Half a rook", ...
	Moves    string  `json:"moves"`  // how it moves, in words
	Royal    bool    `json:"royal"`
	Diagram  Diagram `json:"diagram"` // a small board with its moves marked
}

// NotationHelp is one example of the move-list notation.
type NotationHelp struct {
	Text  string `json:"text"`  // as the move list writes it
	Words string `json:"words"` // as the announcements say it
	What  string `json:"what"`  // what kind of move it shows
}

// NotationMark explains one mark of the notation.
type NotationMark struct {
	Mark string `json:"mark"`
	Says string `json:"says"`
}

// Diagram is a small board: the pieces on it and the marked squares.
type Diagram struct {
	Bifold bool          `json:"bifold"`
	Cells  []DiagramCell `json:"cells"` // the occupied squares
	Marks  []DiagramMark `json:"marks"`
}

// DiagramCell is an occupied square of a diagram.
type DiagramCell struct {
	Square string   `json:"sq"`
	Pieces []string `json:"pieces"` // letters (upper case White), in the board's slot order
}

// DiagramMark is a marked square of a diagram: "move" (the piece can move
// there) or "capture" (it can capture there).
type DiagramMark struct {
	Square string `json:"sq"`
	Kind   string `json:"kind"`
}

// PieceImage returns the picture file of piece letter l (upper case White)
// in a game of the given family: piece-full-wK.svg, piece-bifold-bR.svg.
// web/sitebuild writes one for every letter of PieceLetters in both colours.
func PieceImage(l byte, bifold bool) string {
	fam, side := "full", "w"
	if bifold {
		fam = "bifold"
	}
	if l >= 'a' && l <= 'z' {
		side = "b"
		l -= 'a' - 'A'
	}
	return "piece-" + fam + "-" + side + string(l) + ".svg"
}

// PieceLetters returns the letters drawn in each family (the pictures the
// site needs): every letter of every rule set.
func PieceLetters() (full, bifold string) {
	seen := map[bool]map[byte]bool{false: {}, true: {}}
	for _, v := range game.AllVariants() {
		for _, k := range v.Pieces {
			seen[v.Bifold][v.Letter(k)] = true
		}
	}
	list := func(m map[byte]bool) string {
		var b []byte
		for l := range m {
			b = append(b, l)
		}
		slices.Sort(b)
		return string(b)
	}
	return list(seen[false]), list(seen[true])
}

// DiagramOf returns the diagram of position pos of rule set id, with no marks.
func DiagramOf(id, pos string) (Diagram, error) {
	v, err := game.VariantByID(id)
	if err != nil {
		return Diagram{}, err
	}
	p, err := game.Parse(v, pos)
	if err != nil {
		return Diagram{}, err
	}
	return diagramOf(p, nil), nil
}

// diagramOf returns the pieces of p, leaving out the squares in hide.
func diagramOf(p *game.Position, hide map[int]bool) Diagram {
	v := p.Variant()
	d := Diagram{Bifold: v.Bifold, Cells: []DiagramCell{}, Marks: []DiagramMark{}}
	for s := 0; s < 64; s++ {
		if hide[s] {
			continue
		}
		var ps []string
		for _, x := range p.At(s) {
			if x != game.NoPiece {
				ps = append(ps, string(v.PieceLetter(x)))
			}
		}
		if ps != nil {
			d.Cells = append(d.Cells, DiagramCell{Square: game.SquareName(s), Pieces: ps})
		}
	}
	return d
}

// KindName returns the name of a kind as the legend and the captions write
// it: "Knight", "Halfling Rook", "Marshall".
func KindName(k game.Kind) string { return k.Name() }

// MadeOf returns what the legend says kind k of rule set v is made of
// ("Rook + Knight"), or "" when it has no entry.
func MadeOf(v *game.Variant, k game.Kind) string {
	if l := LessonFor(v.ID); l != nil {
		if e := l.entry(v, k); e != nil {
			return e.MadeOf
		}
	}
	return ""
}

// UnitWords says how a bifold unit of kinds a and b moves: where both are
// halfling sliders in a direction it slides without limit, two Horses leap
// as a knight, the Wazir and the Ferz move as a king, a left- and a
// right-handed pawn or two weak pawns move as a full pawn (RULES.md 3, 3a,
// 3b; TestUnitWords checks each with the engine).
func UnitWords(a, b game.Kind) string {
	slider := func(k game.Kind) (orth, diag bool) {
		switch k {
		case game.HRook:
			return true, false
		case game.HBishop:
			return false, true
		case game.HQueen:
			return true, true
		}
		return false, false
	}
	ao, ad := slider(a)
	bo, bd := slider(b)
	var w []string
	if ao && bo {
		w = append(w, "without limit along ranks and files")
	}
	if ad && bd {
		w = append(w, "without limit along diagonals")
	}
	pair := func(x, y game.Kind) bool { return a == x && b == y || a == y && b == x }
	switch {
	case a == game.Horse && b == game.Horse:
		w = append(w, "it leaps as a knight")
	case a.Royal() && b.Royal():
		w = append(w, "it moves as a king")
	case pair(game.LPawn, game.DPawn) || pair(game.VPawn, game.VPawn):
		w = append(w, "it moves and captures as a full pawn")
	}
	if len(w) == 0 {
		return "it moves as either piece"
	}
	return "it moves as either piece, and " + strings.Join(w, "; ")
}

// pieceHelp returns the legend of rule set v's pieces.
func pieceHelp(l *Lesson, v *game.Variant) []PieceHelp {
	var out []PieceHelp
	for _, k := range v.Pieces {
		e := l.entry(v, k)
		if e == nil {
			panic(fmt.Sprintf("no legend entry for %s in %s", k.Name(), v.ID)) // TestLegend
		}
		lt := v.Letter(k)
		out = append(out, PieceHelp{Letter: string(lt), Notation: notationLetter(k, lt), Name: KindName(k),
			Image: PieceImage(lt, v.Bifold), MadeOf: e.MadeOf, Moves: e.Moves, Royal: k.Royal(),
			Diagram: pieceDiagram(v, e)})
	}
	return out
}

// notationLetter is kind k's letter in the move list (RULES.md, "Human
// notation"): none for the full-size pawn, P for the Paladin.
func notationLetter(k game.Kind, l byte) string {
	switch k {
	case game.Pawn:
		return ""
	case game.Paladin:
		return "P"
	}
	return string(l)
}

// pieceDiagram returns the small board of entry e in rule set v: its first
// sample's position, with the squares the piece can go to marked from the
// engine's legal moves. The royals a position needs stand out of the way
// and are not drawn.
func pieceDiagram(v *game.Variant, e *LegendEntry) Diagram {
	s := e.sample(v.ID)
	if s == nil {
		panic(fmt.Sprintf("legend of %s in %s: no sample", e.Kind, v.ID)) // TestLegend
	}
	p, err := game.Parse(v, s.Position)
	if err != nil {
		panic(fmt.Sprintf("legend diagram of %s in %s: %v", e.Kind, v.ID, err))
	}
	hide := map[int]bool{}
	for _, h := range s.Hide {
		sq, _ := game.ParseSquare(h)
		hide[sq] = true
	}
	d := diagramOf(p, hide)
	from, _ := game.ParseSquare(s.From)
	kinds := map[int]string{}
	for _, m := range p.LegalMoves() {
		if m.IsDrop() || m.From() != from {
			continue
		}
		kind := "move"
		if m.IsCapture() {
			kind = "capture"
		}
		if kinds[m.To()] != "capture" {
			kinds[m.To()] = kind
		}
	}
	for sq := 0; sq < 64; sq++ {
		if kind, ok := kinds[sq]; ok {
			d.Marks = append(d.Marks, DiagramMark{Square: game.SquareName(sq), Kind: kind})
		}
	}
	return d
}

// has reports whether rule set v has the piece of letter l ("": every rule set).
func has(v *game.Variant, l string) bool {
	return l == "" || len(l) == 1 && v.KindOf(l[0]) != game.NoKind
}

// notationHelp returns the examples of the move-list notation of rule set
// v in lesson l, written and said by the engine.
func notationHelp(l *Lesson, v *game.Variant) []NotationHelp {
	var out []NotationHelp
	for _, e := range l.Notation {
		if !has(v, e.Needs) {
			continue
		}
		p, err := game.Parse(v, e.FEN)
		if err != nil {
			panic(fmt.Sprintf("notation example %q of %s: %v", e.Move, v.ID, err))
		}
		m, err := p.ParseMove(e.Move)
		if err != nil {
			panic(fmt.Sprintf("notation example %q of %s: %v", e.Move, v.ID, err))
		}
		out = append(out, NotationHelp{Text: p.Notation(m), Words: p.Describe(m), What: e.What})
	}
	return out
}

// symbolHelp returns what the marks of rule set v's notation mean.
func symbolHelp(l *Lesson, v *game.Variant) []NotationMark {
	var out []NotationMark
	for _, s := range l.Symbols {
		if has(v, s.Needs) && (s.Lacks == "" || !has(v, s.Lacks)) {
			out = append(out, NotationMark{Mark: s.Mark, Says: s.Says})
		}
	}
	return out
}

// HelpFor returns How to play for rule set id: the lesson, the pieces and
// the notation.
func HelpFor(id string) (*Help, error) {
	v, err := game.VariantByID(id)
	if err != nil {
		return nil, err
	}
	l := LessonFor(id)
	if l == nil {
		return nil, errors.New("there is no lesson for " + quote(id))
	}
	h := &Help{Variant: v.ID, Name: v.Name, Lesson: l.Game, Pieces: pieceHelp(l, v), Notation: notationHelp(l, v), Symbols: symbolHelp(l, v)}
	for i := range l.Sections {
		s := &l.Sections[i]
		sh := SectionHelp{ID: s.ID, Title: s.Title, Variant: s.RuleSet(l).ID, Text: s.Text, Example: s.Start, Try: s.Try != nil}
		for _, st := range s.Steps {
			sh.Moves = append(sh.Moves, st.Move)
		}
		if s.Try != nil {
			sh.Prompt, sh.Answers, sh.Start = s.Try.Prompt, s.Try.Answers, s.TryStart()
			for _, w := range s.Try.Wrong {
				sh.Wrong = append(sh.Wrong, w.Move)
			}
		}
		h.Sections = append(h.Sections, sh)
	}
	return h, nil
}

// quote returns s in quotes, cut to at most 40 characters (as the app
// quotes what a reader typed).
func quote(s string) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 40 {
		s = string(r[:40]) + "…"
	}
	return "“" + s + "”"
}
