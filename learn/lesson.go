package learn

import (
	"chimera/game"
)

// Lesson is the How to play of one game (the Bifold Halfgi lesson covers its
// pawn options too): its sections, the piece legend, the notation's
// examples and the meaning of its marks. It is read from data/GAME.json.
type Lesson struct {
	Game     string    `json:"game"`           // the game it teaches: a rule set id ("bedlam", "assimilation", "bifold-halfgi")
	Also     []string  `json:"also,omitempty"` // the other rule sets it teaches (Bifold Halfgi's pawn options)
	Sections []Section `json:"sections"`
	// Legend says what each piece kind is and how it moves; every entry
	// carries sample positions whose moves the tests compare with the
	// engine's.
	Legend []LegendEntry `json:"legend"`
	// Notation shows the move list's notation, each example written and said
	// by the engine; an example with Needs is shown only in the rule sets that
	// have that piece (a pawn option's own pawns).
	Notation []NotationExample `json:"notation"`
	// Symbols say what the marks of the notation mean.
	Symbols []Symbol `json:"symbols"`
}

// NotationExample is a move that shows a feature of the notation.
type NotationExample struct {
	FEN    string  `json:"position"`         // the position string ("startpos" for the start)
	Move   string  `json:"move"`             // the move string
	What   string  `json:"what"`             // what kind of move it shows: "a fusion"
	Needs  string  `json:"needs,omitempty"`  // a piece letter: shown only where the rule set has this piece; "": always
	Claims *Claims `json:"claims,omitempty"` // what the move does (checked)
}

// Symbol explains one mark of the notation ("x": "captures on").
type Symbol struct {
	Mark  string `json:"mark"`
	Says  string `json:"says"`
	Needs string `json:"needs,omitempty"` // a piece letter: shown only where the rule set has this piece
	// Lacks: shown only where the rule set does not have this piece.
	Lacks string `json:"lacks,omitempty"`
	// Kinds are the position-string letters of the pieces a list of piece
	// letters names ("M, P": "M", "A"); the test checks each is the kind's
	// letter in the move list. Without Kinds, each mark must appear in the
	// notation of an example shown.
	Kinds []string `json:"kinds,omitempty"`
	// SeenAs is what marks the examples that show the symbol, when it is not
	// the mark itself: "=" for "=M", "; " for "; b1=N".
	SeenAs string `json:"seenAs,omitempty"`
}

// Teaches reports whether l is the lesson of rule set id.
func (l *Lesson) Teaches(id string) bool {
	if l.Game == id {
		return true
	}
	for _, a := range l.Also {
		if a == id {
			return true
		}
	}
	return false
}

// RuleSets returns the ids of the rule sets l teaches: its game, then Also.
func (l *Lesson) RuleSets() []string { return append([]string{l.Game}, l.Also...) }

// Section is one idea of a lesson, with its example and exercise.
type Section struct {
	ID      string    `json:"id"`                // short id, stable: "fusion"
	Title   string    `json:"title"`             // "Fusion"
	Variant string    `json:"variant,omitempty"` // the rule set of its board; "" for the lesson's game
	Text    []string  `json:"text"`              // paragraphs, in the project's own words
	Start   string    `json:"start"`             // the example's position string
	Intro   string    `json:"intro"`             // what the board shows before the first move
	Marks   Marks     `json:"marks,omitzero"`    // squares marked before the first move
	Steps   []Step    `json:"steps"`             // the example's moves
	Try     *Exercise `json:"try,omitempty"`
	// Facts back what the text says beyond the example and the exercise:
	// moves that may and may not be made, and what moves do (checked).
	Facts []Fact `json:"facts,omitempty"`
}

// Step is one move of an example and what it shows.
type Step struct {
	Move   string  `json:"move"`             // move string (docs/RULES.md, "Move strings")
	Say    string  `json:"say"`              // the caption once it is played
	Marks  Marks   `json:"marks,omitzero"`   // squares marked after it
	Claims *Claims `json:"claims,omitempty"` // what the move does (checked)
}

// Marks are squares a lesson points at (names such as "e4").
type Marks struct {
	Focus  []string `json:"focus,omitempty"`  // the squares the text talks about
	Threat []string `json:"threat,omitempty"` // squares the opponent threatens (checked: the tests ask the engine)
}

// Exercise is a lesson's "Your turn".
type Exercise struct {
	Start   string   `json:"start,omitempty"` // its position; "" for the example's start
	Prompt  string   `json:"prompt"`          // "Your turn: split the Marshall."
	Answers []string `json:"answers"`         // the moves accepted (move strings; the first is the one shown by "Show me")
	Right   string   `json:"right"`           // said when an answer is played
	// Claims are what every answer does (checked).
	Claims *Claims `json:"claims,omitempty"`
	Wrong  []Wrong `json:"wrong,omitempty"` // other legal moves that are refused with their reason
	Else   string  `json:"else"`            // said for any other legal move
	Marks  Marks   `json:"marks,omitzero"`  // squares marked on its board
	// Facts back what the prompt and the answer's words say beyond the
	// answer itself (checked).
	Facts []Fact `json:"facts,omitempty"`
}

// Wrong is a legal move an exercise refuses, and why.
type Wrong struct {
	Move   string  `json:"move"`
	Why    string  `json:"why"`
	Claims *Claims `json:"claims,omitempty"` // what the move does, as Why says (checked)
}

// RuleSet returns the rule set of a section of lesson l: its own Variant,
// or the lesson's game. (A method cannot share the field's name Variant.)
func (s *Section) RuleSet(l *Lesson) *game.Variant {
	id := s.Variant
	if id == "" {
		id = l.Game
	}
	v, err := game.VariantByID(id)
	if err != nil {
		panic("lesson " + l.Game + "/" + s.ID + ": " + err.Error()) // the tests load every section
	}
	return v
}

// TryStart returns the exercise's position string.
func (s *Section) TryStart() string {
	if s.Try != nil && s.Try.Start != "" {
		return s.Try.Start
	}
	return s.Start
}

// Lessons returns every game's lesson, in the games' order.
func Lessons() []*Lesson { return lessons }

// LessonFor returns the lesson that teaches rule set id: its own, or for a
// pawn option of Bifold Halfgi the Bifold Halfgi lesson; nil for none.
func LessonFor(id string) *Lesson {
	for _, l := range lessons {
		if l.Teaches(id) {
			return l
		}
	}
	return nil
}

// Judge says whether move ms answers the exercise in position p, and if not
// why: an illegal move, a listed wrong move's reason, or the exercise's
// general word with what the move did.
func (t *Exercise) Judge(p *game.Position, ms string) (ok bool, why string) {
	m, err := p.ParseMove(ms)
	if err != nil {
		return false, "That move is not legal here."
	}
	ms = p.MoveString(m)
	for _, a := range t.Answers {
		if a == ms {
			return true, ""
		}
	}
	for _, w := range t.Wrong {
		if w.Move == ms {
			return false, w.Why
		}
	}
	why = "Not this one: " + p.Describe(m) + "."
	if t.Else != "" {
		why += " " + t.Else
	}
	return false, why
}

// ShowMe returns what "Show me" says when it plays the exercise's first
// answer in p (the exercise's position): "This is the move: Nb1-c3; b1=R.",
// then Right.
func (t *Exercise) ShowMe(p *game.Position) string {
	m, err := p.ParseMove(t.Answers[0])
	if err != nil {
		panic("exercise answer " + t.Answers[0] + ": " + err.Error()) // the tests play every answer
	}
	return "This is the move: " + p.Notation(m) + ". " + t.Right
}

// moveStrings returns the move strings of p's legal moves.
func moveStrings(p *game.Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, p.MoveString(m))
	}
	return out
}
