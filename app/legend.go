package app

import (
	"fmt"
	"sort"
	"strings"

	"chimera/game"
)

// The help's reference parts: the legend of a game's pieces (picture, name,
// letter, what it is made of, how it moves, a small board with its moves
// marked) and of its move-list notation (examples written and said by the
// rules engine). Help gathers them with the lesson for the page.

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
		sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
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

// kindName returns the name of a kind as the legend and the captions write
// it: "Knight", "Halfling Rook", "Marshall".
func kindName(k game.Kind) string { return k.Name() }

// pieceText is what the legend says about a kind.
type pieceText struct {
	madeOf string // what it is made of
	moves  string // how it moves
}

// fullText and bifoldText say, for each kind of a family, what it is made
// of and how it moves (the rules' words are in docs/RULES.md; these are the
// legend's). A test checks that every kind of every game has its text.
var fullText = map[game.Kind]pieceText{
	game.King:     {"A simple piece, and royal", "One step in any direction."},
	game.Queen:    {"Rook + Bishop", "As a rook or as a bishop: any distance along a rank, file or diagonal."},
	game.Rook:     {"A simple piece", "Any distance along a rank or file."},
	game.Bishop:   {"A simple piece", "Any distance along a diagonal."},
	game.Knight:   {"A simple piece", "A leap to the far corner of a 2 by 3 rectangle, over anything between."},
	game.Pawn:     {"A pawn", "One step forward (two from its starting rank) to an empty square; it captures one step diagonally forward, also en passant."},
	game.Marshall: {"Rook + Knight", "As a rook or as a knight."},
	game.Paladin:  {"Bishop + Knight", "As a bishop or as a knight."},
	game.Pope:     {"King + Bishop, royal", "As a king or as a bishop."},
	game.Dragon:   {"King + Rook, royal", "As a king or as a rook."},
	game.Eques:    {"King + Knight, royal", "As a king or as a knight."},
}

var bifoldText = map[game.Kind]pieceText{
	game.HRook:   {"Half a rook", "Along a rank or file, at most half the way to the edge (rounded up): from a1 as far as a5."},
	game.HBishop: {"Half a bishop", "Along a diagonal, at most half the way to the edge (rounded up)."},
	game.HQueen:  {"Half a queen", "Along any line, at most half the way to the edge (rounded up)."},
	game.Horse:   {"Half-size: a knight that cannot jump", "One step along a rank or file to an empty square, then one step diagonally outward. A piece on the first square blocks it."},
	game.Wazir:   {"Half-size, royal", "One step along a rank or file."},
	game.Ferz:    {"Half-size, royal", "One step diagonally."},
	game.Pawn:    {"A full-size pawn", "One step forward (two from its starting rank) to an empty square; it captures one step diagonally forward, taking every enemy piece on that square."},
	game.LPawn:   {"Half a pawn, left-handed", "Steps like a pawn; it captures only diagonally forward to its owner's left (White's a-file side)."},
	game.DPawn:   {"Half a pawn, right-handed", "Steps like a pawn; it captures only diagonally forward to its owner's right (White's h-file side)."},
	game.VPawn:   {"Half a pawn, weak", "Steps like a pawn; it captures diagonally forward only while another of its side's pieces could capture on its square."},
}

// madeOf returns what kind k is made of in rule set v.
func madeOf(v *game.Variant, k game.Kind) string {
	if v.Bifold {
		return bifoldText[k].madeOf
	}
	return fullText[k].madeOf
}

// unitWords says how a bifold unit of kinds a and b moves.
func unitWords(a, b game.Kind) string {
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
	switch {
	case a == game.Horse && b == game.Horse:
		w = append(w, "it leaps as a knight")
	case a.Royal() && b.Royal():
		w = append(w, "it moves as a king")
	case a.IsPawn() && b.IsPawn():
		w = append(w, "it moves as a full pawn")
	}
	if len(w) == 0 {
		return "it moves as either piece"
	}
	return "it moves as either piece, and " + strings.Join(w, "; ")
}

// pieceHelp returns the legend of rule set v's pieces.
func pieceHelp(v *game.Variant) []PieceHelp {
	var out []PieceHelp
	for _, k := range v.Pieces {
		t := fullText[k]
		if v.Bifold {
			t = bifoldText[k]
		}
		l := v.Letter(k)
		ph := PieceHelp{Letter: string(l), Name: kindName(k), Image: PieceImage(l, v.Bifold),
			MadeOf: t.madeOf, Moves: t.moves, Royal: k.Royal()}
		ph.Notation = notationLetter(k, l)
		ph.Moves += extraMoves(v, k)
		ph.Diagram = pieceDiagram(v, k)
		out = append(out, ph)
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

// extraMoves adds what a rule set adds to a kind's moves.
func extraMoves(v *game.Variant, k game.Kind) string {
	var s []string
	if k.IsPawn() {
		var names []string
		for _, p := range v.Promotions {
			names = append(names, strings.ToLower(kindName(p)))
		}
		s = append(s, "On the last rank it becomes a "+orList(names)+".")
	}
	if to, ok := v.Metamorphosis[k]; ok {
		s = append(s, "When attacked, it may become a "+kindName(to)+" as it steps to an empty square.")
	}
	if a, b := k.Components(); b != game.NoKind && v.Split {
		s = append(s, "It may split: the "+strings.ToLower(kindName(a))+" or the "+strings.ToLower(kindName(b))+" moves away alone and the other stays.")
	}
	if v.Fusion && (k == game.Rook || k == game.Bishop || k == game.Knight || k == game.King) {
		if k == game.King {
			s = append(s, "It may step onto its own rook, bishop or knight: they fuse into a royal compound.")
		} else {
			s = append(s, "It may move onto its own simple piece of another kind: they fuse.")
		}
	}
	if v.Assimilation && (k == game.Rook || k == game.Bishop || k == game.Knight || k == game.King) {
		s = append(s, "Capturing another kind of simple piece, it takes on its powers.")
	}
	if v.Demotion {
		if a, b := k.Components(); b != game.NoKind {
			if k.Royal() {
				s = append(s, "Capturing, it becomes a plain King.")
			} else {
				s = append(s, "Capturing, it keeps only the part it captured with ("+strings.ToLower(kindName(a))+" or "+strings.ToLower(kindName(b))+").")
			}
		}
	}
	if len(s) == 0 {
		return ""
	}
	return " " + strings.Join(s, " ")
}

func orList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// pieceDiagram returns the small board of kind k: the piece on d4 (a pawn
// on e2, with enemies to take) and the squares it can go to, from the
// engine's legal moves. The royals a position needs stand out of the way
// and are not drawn.
func pieceDiagram(v *game.Variant, k game.Kind) Diagram {
	spec := diagramSpec(v, k)
	p, err := game.Parse(v, spec.fen)
	if err != nil {
		panic(fmt.Sprintf("legend diagram of %s in %s: %v", k.Name(), v.ID, err))
	}
	hide := map[int]bool{}
	for _, h := range spec.hide {
		s, _ := game.ParseSquare(h)
		hide[s] = true
	}
	d := diagramOf(p, hide)
	from, _ := game.ParseSquare(spec.sq)
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
	for s := 0; s < 64; s++ {
		if kind, ok := kinds[s]; ok {
			d.Marks = append(d.Marks, DiagramMark{Square: game.SquareName(s), Kind: kind})
		}
	}
	return d
}

// diagramPos is a legend diagram's position: the piece on sq, and the
// squares not drawn (the royals the position needs).
type diagramPos struct {
	fen  string
	sq   string
	hide []string
}

func diagramSpec(v *game.Variant, k game.Kind) diagramPos {
	if v.Bifold {
		// Black's royals wait on a8, out of every piece's reach from d4 or
		// e2 (a side must have a royal: RULES.md section 7), not drawn.
		d := bifoldDiagramSpec(v, k)
		d.fen = "(wf)7" + strings.TrimPrefix(d.fen, "8")
		d.hide = append(d.hide, "a8")
		return d
	}
	l := string(v.Letter(k))
	hand := "[]"
	if !v.Drops {
		hand = ""
	}
	tail := hand + " w - - 0 1"
	switch {
	case k == game.Pawn:
		return diagramPos{fen: "k7/8/8/8/8/3n1n2/4P3/7K" + tail, sq: "e2", hide: []string{"a8", "h1"}}
	case k == game.Knight:
		// Surrounded by its own pawns, it still leaps.
		return diagramPos{fen: "k7/8/8/3P4/2PNP3/3P4/8/7K" + tail, sq: "d4", hide: []string{"a8", "h1"}}
	case k.Royal():
		return diagramPos{fen: "k7/8/8/8/3" + l + "4/8/8/8" + tail, sq: "d4", hide: []string{"a8"}}
	}
	return diagramPos{fen: "k7/8/8/8/3" + l + "4/8/8/7K" + tail, sq: "d4", hide: []string{"a8", "h1"}}
}

// notationHelp returns examples of the move-list notation of rule set v,
// written and said by the engine.
func notationHelp(v *game.Variant) []NotationHelp {
	var out []NotationHelp
	l := LessonFor(v.ID)
	if l == nil {
		return nil
	}
	for _, e := range l.Notation {
		if e.Needs != game.NoKind && v.Letter(e.Needs) == 0 {
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
func symbolHelp(v *game.Variant) []NotationMark {
	out := []NotationMark{
		{"-", "moves to"},
		{"x", "captures on"},
	}
	if v.Bifold {
		out = append(out,
			NotationMark{"R, B, Q", "a halfling rook, bishop or queen (the piece that moved)"},
			NotationMark{"H, W, F", "the Horse, the Wazir, the Ferz"},
			NotationMark{"(RB)", "a unit: the two pieces of one square moving together"},
			NotationMark{"xQ", "which of two enemy pieces on the square is taken"},
			NotationMark{"=Q", "promotion: what the pawn becomes"},
			NotationMark{"*", "a drop from the hand (no letter: a full-size pawn)"},
			NotationMark{"O-O, O-O-O", "castling on the king's or the queen's side"},
			NotationMark{"#", "the opponent's last royal is taken"})
		return out
	}
	out = append(out,
		NotationMark{"K Q R B N", "king, queen, rook, bishop, knight; a pawn has no letter"},
		NotationMark{"M, P", "Marshall, Paladin (written A in position strings)"},
		NotationMark{"O, D, E", "Pope, Dragon King, Eques Rex"},
		NotationMark{"=M", "the piece becomes this: fusion, promotion, metamorphosis, demotion, assimilation"},
		NotationMark{"; b1=N", "a split: what stays behind on the square it left"})
	if v.Drops {
		out = append(out, NotationMark{"*", "a drop from the hand (no letter: a pawn)"})
	}
	if v.Castling != nil {
		out = append(out, NotationMark{"O-O, O-O-O", "castling on the king's or the queen's side"})
	}
	return append(out, NotationMark{"+", "check"}, NotationMark{"#", "checkmate"})
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
		return nil, errString("there is no lesson for " + quote(id))
	}
	h := &Help{Variant: v.ID, Name: v.Name, Lesson: l.Game, Pieces: pieceHelp(v), Notation: notationHelp(v), Symbols: symbolHelp(v)}
	for i := range l.Sections {
		s := &l.Sections[i]
		sh := SectionHelp{ID: s.ID, Title: s.Title, Variant: s.variant(l).ID, Text: s.Text, Example: s.Start, Try: s.Try != nil}
		for _, st := range s.Steps {
			sh.Moves = append(sh.Moves, st.Move)
		}
		if s.Try != nil {
			sh.Prompt, sh.Answers, sh.Start = s.Try.Prompt, s.Try.Answers, s.tryStart()
			for _, w := range s.Try.Wrong {
				sh.Wrong = append(sh.Wrong, w.Move)
			}
		}
		h.Sections = append(h.Sections, sh)
	}
	return h, nil
}

// bifoldDiagramSpec is diagramSpec for the Bifold Halfgi family, without
// Black's royals. White's royals wait on h1 (off every line of d4), unless the
// piece is one.
func bifoldDiagramSpec(v *game.Variant, k game.Kind) diagramPos {
	l := string(v.Letter(k))
	switch k {
	case game.Wazir, game.Ferz:
		return diagramPos{fen: "8/8/8/8/3" + l + "4/8/8/8[] w - - 0 1", sq: "d4"}
	case game.Horse:
		// A pawn on d5 blocks the Horse's two moves that pass through it.
		pawn := "v"
		switch {
		case v.Letter(game.Pawn) != 0:
			pawn = "p"
		case v.Letter(game.LPawn) != 0:
			pawn = "l"
		}
		return diagramPos{fen: "8/8/8/3" + pawn + "4/3H4/8/8/7(WF)[] w - - 0 1", sq: "d4", hide: []string{"h1"}}
	case game.Pawn:
		// Enemy pieces to take: two on d3, one on f3 (a pawn takes them all).
		return diagramPos{fen: "8/8/8/8/8/3(rb)1h2/4P3/7(WF)[] w - - 0 1", sq: "e2", hide: []string{"h1"}}
	case game.LPawn, game.DPawn:
		// Two enemy pieces on each forward diagonal: only one side can be taken.
		return diagramPos{fen: "8/8/8/8/8/3(rb)1(rb)2/4" + l + "3/7(WF)[] w - - 0 1", sq: "e2", hide: []string{"h1"}}
	case game.VPawn:
		// Supported by the halfling rook on e1: it may take.
		return diagramPos{fen: "8/8/8/8/8/3(rb)1(rb)2/4V3/4R2(WF)[] w - - 0 1", sq: "e2", hide: []string{"h1"}}
	}
	return diagramPos{fen: "8/8/8/8/3" + l + "4/8/8/7(WF)[] w - - 0 1", sq: "d4", hide: []string{"h1"}}
}
