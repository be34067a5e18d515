package app

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"chimera/game"
	"chimera/learn"
	"chimera/play"
	"chimera/render/layout"
	"chimera/render/model"
)

// The position editor: any position of a rule set set up on the main
// board (game.Setup holds it; its Put combines pieces the way the game
// does, from the rules' own tables), checked by the engine's position
// checks after every change, and played, analysed, copied or shared from
// there. While it is open the EditorController owns the board; the game
// goes on behind it untouched, as behind a lesson.

// Eraser is the palette's eraser (EditorController.Pick).
const Eraser = "eraser"

// maxEditUndo bounds the editor's undo history.
const maxEditUndo = 500

// editState is an open editor.
type editState struct {
	s          *game.Setup
	undo, redo []*game.Setup
	pick       string // the palette piece picked (its letter), Eraser, or ""
	flipped    bool
	said       string // the last change, or why it was refused
	refused    bool
}

// EditorController is the position editor on the board. It owns the board
// while it is open.
type EditorController struct {
	a  *App
	es *editState // nil when closed
}

// EditorView is the open editor's state, for the page.
type EditorView struct {
	Variant  string `json:"variant"`
	Game     string `json:"game"`
	Bifold   bool   `json:"bifold"`
	Position string `json:"position"` // the position string of the board
	// Valid: the engine's position checks take it; else Problem says the
	// first refusal in words.
	Valid   bool   `json:"valid"`
	Problem string `json:"problem"`
	// Said is the last change, or why one was refused (Refused).
	Said     string         `json:"said"`
	Refused  bool           `json:"refused"`
	Pick     string         `json:"pick"`
	Palette  []PalettePiece `json:"palette"`
	Hands    []HandCount    `json:"hands"` // none: the game has no drops
	Turn     string         `json:"turn"`  // "white" or "black"
	Castling []CastleRight  `json:"castling"`
	Castles  bool           `json:"castles"` // the game has castling
	EP       string         `json:"ep"`      // the en passant square, "" none
	EPs      []string       `json:"eps"`     // the squares it can be
	Half     int            `json:"half"`
	Full     int            `json:"full"`
	CanUndo  bool           `json:"canUndo"`
	CanRedo  bool           `json:"canRedo"`
	Flipped  bool           `json:"flipped"`
	Squares  []EditorSquare `json:"squares"` // a8 to h1 as the board shows them (flipped: h1 first)
	Games    []Game         `json:"games"`
	Link     string         `json:"link"` // the editor's URL query
}

// PalettePiece is one piece of the palette.
type PalettePiece struct {
	Letter string `json:"letter"` // its position-string letter (lower case Black)
	Name   string `json:"name"`   // "White Knight"
	Image  string `json:"image"`  // its picture (piece-full-wN.svg)
}

// HandCount is one kind in one side's hand.
type HandCount struct {
	Side   string `json:"side"`   // "white" or "black"
	Letter string `json:"letter"` // the piece's letter in that hand
	Name   string `json:"name"`   // "Knight"
	Image  string `json:"image"`
	Count  int    `json:"count"`
}

// CastleRight is a castling right the board allows (or one still held).
type CastleRight struct {
	Letter string `json:"letter"` // K, Q, k or q
	Label  string `json:"label"`  // "White, king side"
	On     bool   `json:"on"`
}

// EditorSquare names one square for the keyboard and screen readers.
type EditorSquare struct {
	Square string `json:"square"` // "e4"
	Name   string `json:"name"`   // "e4, White Knight" or "e4, empty"
}

// board returns the Board while the editor owns it, else nil.
func (e *EditorController) board() Board { return e.a.boardFor(e) }

// attach draws the editor's board whole, with the editor's input.
func (e *EditorController) attach(b Board) {
	b.SetStyle(e.a.style())
	if es := e.es; es != nil {
		b.SetFlipped(es.flipped)
		b.SetPosition(setupBoard(es.s), nil)
	}
}

// boardMove: the editor's board makes no moves.
func (e *EditorController) boardMove(string) {}

// shownPosition is the editor's position when the checks take it, else nil
// (nothing on the board can then be described).
func (e *EditorController) shownPosition() *game.Position {
	if e.es == nil {
		return nil
	}
	p, err := e.es.s.Check()
	if err != nil {
		return nil
	}
	return p
}

// overlay: the editor marks nothing.
func (e *EditorController) overlay() model.Overlay { return model.Overlay{} }

// setupBoard is the board a setup shows.
func setupBoard(s *game.Setup) model.Board { return play.PiecesBoard(s, s.Turn) }

// Open opens the editor on the position the board shows (the game's, or a
// lesson's, which closes).
func (e *EditorController) Open() error {
	e.a.lock()
	defer e.a.unlock()
	if e.a.guest() {
		return errEmbedded
	}
	p := e.a.owner.shownPosition()
	flipped := e.a.Game.flipped()
	if p == nil || e.a.owner == e.a.Editor {
		return nil // already open
	}
	if e.a.owner == e.a.Analysis {
		flipped = e.a.Analysis.st.flipped
	}
	e.open(game.SetupOf(p), flipped)
	return nil
}

// open shows setup s in the editor, which takes the board.
func (e *EditorController) open(s *game.Setup, flipped bool) {
	if e.a.Lesson.ls != nil {
		e.a.closeLesson()
	}
	e.a.closeAnalysis()
	e.a.closePuzzles()
	e.a.d.Board.CancelSelection()
	e.a.clearNote()
	e.es = &editState{s: s, flipped: flipped, said: "Editing the position: pick a piece, then tap squares"}
	e.a.take(e)
}

// openLink opens the editor from a link's variant and fen (mode=editor):
// a position the checks refuse opens all the same, to be mended.
func (e *EditorController) openLink(variant, fen string) {
	v := game.Variants()[0]
	if variant != "" {
		if vv := play.FindVariant(variant); vv != nil && !vv.Hidden {
			v = vv
		} else {
			e.a.note("Unknown game " + play.Quote(variant) + ": editing " + v.Name)
		}
	}
	var s *game.Setup
	if fen != "" {
		var err error
		if s, err = game.ParseSetup(v, fen); err != nil {
			e.a.note("The position " + play.Quote(fen) + " cannot be set up (" + play.Why(err) + "): showing the start position")
			s = nil
		}
	}
	if s == nil {
		s, _ = game.ParseSetup(v, v.Start)
	}
	e.open(s, false)
}

// Close closes the editor: the board shows the game again, as it is.
func (e *EditorController) Close() {
	e.a.lock()
	defer e.a.unlock()
	if e.es == nil {
		return
	}
	e.end()
	e.a.take(e.a.Game)
}

// end forgets the editor and gives the board's owner back to the game (the
// caller draws it).
func (e *EditorController) end() {
	e.es = nil
	e.a.owner = e.a.Game
	e.a.d.Board.SetStyle(e.a.style())
	e.a.out.show = true
}

// change runs f on a copy of the setup: when f returns words of a change
// the copy becomes the setup (the old one goes on the undo list) and the
// words are said; an error is said as a refusal and nothing changes.
func (e *EditorController) change(f func(s *game.Setup) (string, error)) {
	es := e.es
	if es == nil {
		return
	}
	n := es.s.Clone()
	said, err := f(n)
	e.a.out.show = true
	if err != nil {
		es.said, es.refused = upper(err.Error()), true
		e.a.out.announce = append(e.a.out.announce, es.said)
		return
	}
	if n.String() == es.s.String() {
		return
	}
	es.undo = append(es.undo, es.s)
	if len(es.undo) > maxEditUndo {
		es.undo = es.undo[1:]
	}
	es.redo = nil
	es.s = n
	e.said(said)
	e.redraw()
}

// said says the editor's last change.
func (e *EditorController) said(text string) {
	es := e.es
	es.said, es.refused = text, false
	if p := e.problem(); p != "" {
		text += ". " + p
	}
	e.a.out.announce = append(e.a.out.announce, text)
}

// redraw shows the setup on the board.
func (e *EditorController) redraw() {
	if b := e.board(); b != nil {
		b.SetPosition(setupBoard(e.es.s), nil)
	}
}

// problem is the engine's refusal of the setup in words, "" when it takes
// it.
func (e *EditorController) problem() string {
	_, err := e.es.s.Check()
	if err == nil {
		return ""
	}
	var pe *game.ParseError
	if errors.As(err, &pe) && pe.Check != game.CheckSyntax {
		return upper(pe.Why)
	}
	return upper(play.Why(err))
}

// upper starts text with a capital letter (not a square's name).
func upper(text string) string {
	if text == "" || text[0] < 'a' || text[0] > 'z' || len(text) > 1 && text[1] >= '1' && text[1] <= '8' {
		return text
	}
	return string(text[0]-'a'+'A') + text[1:]
}

// pieceWords names piece x ("White Knight").
func pieceWords(x game.Piece) string { return game.PieceName(x) }

// pickedPiece is the palette piece picked, NoPiece for none or the eraser.
func (e *EditorController) pickedPiece() game.Piece {
	if e.es.pick == "" || e.es.pick == Eraser {
		return game.NoPiece
	}
	return e.es.s.Variant().PieceOf(e.es.pick[0])
}

// Pick picks a palette piece by its letter (lower case Black), the eraser
// (Eraser), or nothing (""); it stays picked for any number of squares.
func (e *EditorController) Pick(l string) error {
	e.a.lock()
	defer e.a.unlock()
	es := e.es
	if es == nil {
		return nil
	}
	switch {
	case l == "" || l == Eraser:
	case len(l) != 1 || es.s.Variant().PieceOf(l[0]) == game.NoPiece:
		return errString("there is no piece " + play.Quote(l) + " in " + es.s.Variant().Name)
	}
	es.pick = l
	e.a.out.show = true
	switch l {
	case "":
		e.a.out.announce = append(e.a.out.announce, "Nothing picked")
	case Eraser:
		e.a.out.announce = append(e.a.out.announce, "Eraser picked: tap a piece to remove it")
	default:
		e.a.out.announce = append(e.a.out.announce, pieceWords(es.s.Variant().PieceOf(l[0]))+" picked: tap squares to place it")
	}
	return nil
}

// Tap is a tap (or Enter) on square sq (slot: the piece of a bifold pair
// tapped) with the palette piece picked: an empty square takes it, a
// compound or pair holding it loses it, a square holding the same piece
// alone (full size) is emptied, a friendly simple piece makes their
// compound, a lone half-size piece the pair; the eraser removes the piece
// tapped. Anything the game cannot hold is refused in words.
func (e *EditorController) Tap(sq model.Square, slot int) {
	e.a.lock()
	defer e.a.unlock()
	e.tap(sq, slot)
}

func (e *EditorController) tap(sq model.Square, slot int) {
	es := e.es
	if es == nil || !sq.Valid() {
		return
	}
	at := sq.String()
	if es.pick == Eraser {
		e.remove(sq, slot)
		return
	}
	x := e.pickedPiece()
	if x == game.NoPiece {
		e.change(func(*game.Setup) (string, error) {
			return "", errString("pick a piece or the eraser first, then tap " + at)
		})
		return
	}
	e.change(func(s *game.Setup) (string, error) {
		before := s.At(int(sq))
		if c, ok := s.Without(int(sq), x); ok {
			s.Set(int(sq), c)
			return pieceWords(x) + " taken out of " + at + ": " + cellWords(s, c) + " stays", nil
		}
		if !s.Variant().Bifold && before[0] == x {
			s.Set(int(sq), game.Cell{})
			return pieceWords(x) + " taken off " + at, nil
		}
		c, err := s.Put(int(sq), x)
		if err != nil {
			return "", err
		}
		s.Set(int(sq), c)
		return placedWords(s, x, before, c, at), nil
	})
}

// placedWords says what putting x on a square holding before made.
func placedWords(s *game.Setup, x game.Piece, before, after game.Cell, at string) string {
	switch {
	case before.Empty():
		return pieceWords(x) + " on " + at
	case after[1] != game.NoPiece:
		return pieceWords(x) + " joins the " + pieceWords(before[0]) + " on " + at
	}
	return pieceWords(x) + " and " + pieceWords(before[0]) + " on " + at + " make a " + pieceWords(after[0])
}

// cellWords names what a square holds.
func cellWords(s *game.Setup, c game.Cell) string {
	switch {
	case c.Empty():
		return "nothing"
	case c[1] == game.NoPiece:
		return "the " + pieceWords(c[0])
	}
	return "the " + pieceWords(c[0]) + " and the " + pieceWords(c[1])
}

// remove takes the piece in slot of sq off the board.
func (e *EditorController) remove(sq model.Square, slot int) {
	at := sq.String()
	e.change(func(s *game.Setup) (string, error) {
		c := s.At(int(sq))
		if c.Empty() {
			return "", errString(at + " is empty")
		}
		slot = min(max(slot, 0), c.Count()-1)
		x := c[slot]
		s.Set(int(sq), game.Cell{c[1-slot]})
		return pieceWords(x) + " taken off " + at, nil
	})
}

// Empty takes everything off square sq (the Delete key).
func (e *EditorController) Empty(sq model.Square) {
	e.a.lock()
	defer e.a.unlock()
	if e.es == nil || !sq.Valid() {
		return
	}
	at := sq.String()
	e.change(func(s *game.Setup) (string, error) {
		c := s.At(int(sq))
		if c.Empty() {
			return "", errString(at + " is empty")
		}
		s.Set(int(sq), game.Cell{})
		return upper(cellWords(s, c)) + " taken off " + at, nil
	})
}

// Drag takes the piece in slot of square from to square to (combining
// there as a tap would, or refused, leaving the board as it was); with to
// NoSquare into the hand of colour hand (0, 1), or off the board (-1).
func (e *EditorController) Drag(from model.Square, slot int, to model.Square, hand int) {
	e.a.lock()
	defer e.a.unlock()
	e.drag(from, slot, to, hand)
}

func (e *EditorController) drag(from model.Square, slot int, to model.Square, hand int) {
	es := e.es
	if es == nil || !from.Valid() {
		return
	}
	c := es.s.At(int(from))
	if c.Empty() {
		return
	}
	slot = min(max(slot, 0), c.Count()-1)
	x := c[slot]
	if !to.Valid() && hand < 0 {
		e.remove(from, slot)
		return
	}
	e.change(func(s *game.Setup) (string, error) {
		s.Set(int(from), game.Cell{c[1-slot]})
		if !to.Valid() {
			return e.toHand(s, x, game.Color(hand&1))
		}
		before := s.At(int(to))
		n, err := s.Put(int(to), x)
		if err != nil {
			return "", err
		}
		s.Set(int(to), n)
		if before.Empty() {
			return pieceWords(x) + " " + from.String() + " to " + to.String(), nil
		}
		return placedWords(s, x, before, n, to.String()), nil
	})
}

// toHand puts piece x into the hand of colour c (as that side's piece).
func (e *EditorController) toHand(s *game.Setup, x game.Piece, c game.Color) (string, error) {
	v := s.Variant()
	side := sideName(int(c))
	if !v.Drops {
		return "", errString(v.Name + " has no pieces in hand")
	}
	k := x.Kind()
	if !slices.Contains(v.HandOrder(), k) {
		return "", errString("a " + k.Name() + " cannot be in hand in " + v.Name)
	}
	s.SetHand(c, k, s.HandCount(c, k)+1)
	return k.Name() + " into " + side + "'s hand: " + strconv.Itoa(s.HandCount(c, k)), nil
}

// DropAt puts palette piece l on square sq (a palette piece dragged onto
// the board), or with sq NoSquare into the hand of colour hand.
func (e *EditorController) DropAt(l string, sq model.Square, hand int) {
	e.a.lock()
	defer e.a.unlock()
	es := e.es
	if es == nil || len(l) != 1 {
		return
	}
	x := es.s.Variant().PieceOf(l[0])
	if x == game.NoPiece {
		return
	}
	if !sq.Valid() {
		if hand < 0 {
			return
		}
		e.change(func(s *game.Setup) (string, error) { return e.toHand(s, x, game.Color(hand&1)) })
		return
	}
	at := sq.String()
	e.change(func(s *game.Setup) (string, error) {
		before := s.At(int(sq))
		c, err := s.Put(int(sq), x)
		if err != nil {
			return "", err
		}
		s.Set(int(sq), c)
		return placedWords(s, x, before, c, at), nil
	})
}

// AddHand changes by delta the count of kind l (its letter, either case)
// in the hand of colour c.
func (e *EditorController) AddHand(c int, l string, delta int) {
	e.a.lock()
	defer e.a.unlock()
	es := e.es
	if es == nil || len(l) != 1 {
		return
	}
	v := es.s.Variant()
	k := v.KindOf(l[0])
	if !slices.Contains(v.HandOrder(), k) {
		return
	}
	col := game.Color(c & 1)
	e.change(func(s *game.Setup) (string, error) {
		n := s.HandCount(col, k) + delta
		if n < 0 {
			return "", errString(sideName(c&1) + "'s hand has no " + k.Name())
		}
		s.SetHand(col, k, n)
		return sideName(c&1) + "'s hand: " + strconv.Itoa(s.HandCount(col, k)) + " " + k.Name(), nil
	})
}

// SetTurn sets the side to move (0 White, 1 Black).
func (e *EditorController) SetTurn(c int) {
	e.a.lock()
	defer e.a.unlock()
	e.change(func(s *game.Setup) (string, error) {
		s.SetTurn(game.Color(c & 1))
		return sideName(c&1) + " to move", nil
	})
}

// SetCastle gives or takes the castling right of letter l (K, Q, k, q).
func (e *EditorController) SetCastle(l string, on bool) {
	e.a.lock()
	defer e.a.unlock()
	i := strings.Index(game.CastleLetters, l)
	if len(l) != 1 || i < 0 {
		return
	}
	e.change(func(s *game.Setup) (string, error) {
		if on && !s.CastlePossible(i) {
			return "", errString(castleLabel(i) + " castling needs the royal and the rook on their squares")
		}
		s.SetCastle(i, on)
		if on {
			return castleLabel(i) + " castling allowed", nil
		}
		return castleLabel(i) + " castling not allowed", nil
	})
}

// castleLabel names right i.
func castleLabel(i int) string {
	return sideName(i/2) + ", " + [2]string{"king side", "queen side"}[i%2]
}

// SetEnPassant sets the en passant square ("" or "-": none).
func (e *EditorController) SetEnPassant(name string) {
	e.a.lock()
	defer e.a.unlock()
	sq := game.NoSquare
	if name != "" && name != "-" {
		s, ok := game.ParseSquare(name)
		if !ok {
			return
		}
		sq = s
	}
	e.change(func(s *game.Setup) (string, error) {
		if sq != game.NoSquare && !slices.Contains(s.EnPassantSquares(), sq) {
			return "", errString("no double step can have crossed " + name)
		}
		s.SetEnPassant(sq)
		if sq == game.NoSquare {
			return "No en passant square", nil
		}
		return "En passant on " + name, nil
	})
}

// SetClocks sets the halfmove clock and the move number.
func (e *EditorController) SetClocks(half, full int) {
	e.a.lock()
	defer e.a.unlock()
	e.change(func(s *game.Setup) (string, error) {
		s.SetClocks(half, full)
		return "Halfmove clock " + strconv.Itoa(s.Half) + ", move " + strconv.Itoa(s.Full), nil
	})
}

// SetPosition takes a typed or pasted position string: the board shows it
// (a position the checks refuse too, with the refusal beside it); one the
// board cannot hold is refused in words and nothing changes.
func (e *EditorController) SetPosition(text string) error {
	e.a.lock()
	defer e.a.unlock()
	es := e.es
	if es == nil {
		return nil
	}
	s, err := game.ParseSetup(es.s.Variant(), text)
	if err != nil {
		e.a.out.show = true
		return errString(upper(play.Why(err)))
	}
	e.change(func(n *game.Setup) (string, error) {
		*n = *s
		return "Position set", nil
	})
	return nil
}

// SetVariant switches the editor to rule set id, at its start position.
func (e *EditorController) SetVariant(id string) error {
	e.a.lock()
	defer e.a.unlock()
	es := e.es
	if es == nil {
		return nil
	}
	v := play.FindVariant(id)
	if v == nil || v.Hidden {
		return errString("unknown game " + play.Quote(id))
	}
	if v == es.s.Variant() {
		return nil
	}
	s, _ := game.ParseSetup(v, v.Start)
	e.change(func(n *game.Setup) (string, error) {
		*n = *s
		return "Editing " + v.Name + ": its start position", nil
	})
	es.pick = ""
	e.a.out.show = true
	e.a.take(e) // the canvas may change shape (hands or none)
	return nil
}

// Start shows the rule set's start position.
func (e *EditorController) Start() {
	e.a.lock()
	defer e.a.unlock()
	if e.es == nil {
		return
	}
	v := e.es.s.Variant()
	s, _ := game.ParseSetup(v, v.Start)
	e.change(func(n *game.Setup) (string, error) {
		*n = *s
		return "Start position", nil
	})
}

// ClearBoard empties the board and the hands.
func (e *EditorController) ClearBoard() {
	e.a.lock()
	defer e.a.unlock()
	e.change(func(s *game.Setup) (string, error) {
		s.Clear()
		return "Board cleared", nil
	})
}

// Flip turns the editor's board.
func (e *EditorController) Flip() {
	e.a.lock()
	defer e.a.unlock()
	if e.es == nil {
		return
	}
	e.es.flipped = !e.es.flipped
	if b := e.board(); b != nil {
		b.SetFlipped(e.es.flipped)
	}
	e.a.out.show = true
	if e.es.flipped {
		e.a.out.announce = append(e.a.out.announce, "Board flipped: Black at the bottom")
	} else {
		e.a.out.announce = append(e.a.out.announce, "Board flipped: White at the bottom")
	}
}

// Undo takes the last change back; Redo makes it again.
func (e *EditorController) Undo() { e.step(true) }

// Redo makes a change taken back again.
func (e *EditorController) Redo() { e.step(false) }

func (e *EditorController) step(back bool) {
	e.a.lock()
	defer e.a.unlock()
	es := e.es
	if es == nil {
		return
	}
	from, to := &es.undo, &es.redo
	word := "Undone"
	if !back {
		from, to, word = &es.redo, &es.undo, "Redone"
	}
	if len(*from) == 0 {
		return
	}
	*to = append(*to, es.s)
	es.s = (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	e.a.out.show = true
	e.said(word)
	e.redraw()
}

// Play starts a game from the editor's position: the computer plays
// computer (0 White, 1 Black, -1 nobody: two players) at level. The
// editor closes; a position the checks refuse is refused with why.
func (e *EditorController) Play(computer, level int) error {
	e.a.lock()
	defer e.a.unlock()
	return e.play(computer, level, "")
}

// play starts the game, and says said when it is started.
func (e *EditorController) play(computer, level int, said string) error {
	es := e.es
	if es == nil {
		return nil
	}
	p, err := es.s.Check()
	if err != nil {
		return errString("the position cannot be played: " + e.problem())
	}
	if level < 1 || level > 8 {
		level = play.DefaultSettings.Level
	}
	s, err := play.New(play.Settings{Variant: es.s.Variant().ID, FEN: p.String(), Computer: computer, Level: level})
	if err != nil {
		return errString("the position cannot be played: " + play.Why(err))
	}
	e.end()
	e.a.Game.switchTo(s, "", 0) // a new game, kept from its first move
	e.a.take(e.a.Game)
	if said != "" {
		e.a.out.announce = append(e.a.out.announce, said)
	}
	return nil
}

// Analyse opens the editor's position on the analysis board.
func (e *EditorController) Analyse() error {
	e.a.lock()
	defer e.a.unlock()
	return e.analyse()
}

// analyse is Analyse with the lock held.
func (e *EditorController) analyse() error {
	es := e.es
	if es == nil {
		return errString("the editor is not open")
	}
	p, err := es.s.Check()
	if err != nil {
		return errString("the position cannot be analysed: " + e.problem())
	}
	t, err := play.NewTree(es.s.Variant(), p.String())
	if err != nil {
		return errString("the position cannot be analysed: " + play.Why(err))
	}
	flipped := es.flipped
	e.end()
	e.a.Analysis.open(t, "", flipped)
	return nil
}

// link is the editor's URL query: mode=editor, the rule set and the
// position.
func (e *EditorController) link() string {
	es := e.es
	return "mode=editor&" + Link(map[string]string{"variant": es.s.Variant().ID, "fen": es.s.String()})
}

// view returns the open editor's state, or nil.
func (e *EditorController) view() *EditorView {
	es := e.es
	if es == nil {
		return nil
	}
	s := es.s
	v := s.Variant()
	ev := &EditorView{Variant: v.ID, Game: v.Name, Bifold: v.Bifold, Position: s.String(), Said: es.said,
		Refused: es.refused, Pick: es.pick, Turn: "white", Castles: v.Castling != nil, Half: s.Half, Full: s.Full,
		CanUndo: len(es.undo) > 0, CanRedo: len(es.redo) > 0, Flipped: es.flipped, Games: Games(), Link: e.link()}
	ev.Hands, ev.Castling, ev.EPs = []HandCount{}, []CastleRight{}, []string{} // lists, never null
	ev.Problem = e.problem()
	ev.Valid = ev.Problem == ""
	if s.Turn == game.Black {
		ev.Turn = "black"
	}
	for _, x := range v.PalettePieces() {
		l := v.PieceLetter(x)
		ev.Palette = append(ev.Palette, PalettePiece{Letter: string(l), Name: pieceWords(x), Image: learn.PieceImage(l, v.Bifold)})
	}
	for c := game.White; c <= game.Black; c++ {
		for _, k := range v.HandOrder() {
			l := v.PieceLetter(game.MakePiece(c, k))
			ev.Hands = append(ev.Hands, HandCount{Side: strings.ToLower(sideName(int(c))), Letter: string(l), Name: k.Name(),
				Image: learn.PieceImage(l, v.Bifold), Count: s.HandCount(c, k)})
		}
	}
	for i := range 4 {
		if s.CastlePossible(i) || s.Castle(i) {
			ev.Castling = append(ev.Castling, CastleRight{Letter: game.CastleLetters[i : i+1], Label: castleLabel(i), On: s.Castle(i)})
		}
	}
	if ep := s.EnPassant(); ep != game.NoSquare {
		ev.EP = game.SquareName(ep)
	}
	for _, sq := range s.EnPassantSquares() {
		ev.EPs = append(ev.EPs, game.SquareName(sq))
	}
	for row := 0; row < 8; row++ {
		for col := 0; col < 8; col++ {
			f, r := col, 7-row
			if es.flipped {
				f, r = 7-col, row
			}
			sq := model.Sq(f, r)
			c := s.At(int(sq))
			name := sq.String() + ", empty"
			if !c.Empty() {
				name = sq.String() + ", " + strings.TrimPrefix(cellWords(s, c), "the ")
				name = strings.ReplaceAll(name, " the ", " ")
			}
			ev.Squares = append(ev.Squares, EditorSquare{Square: sq.String(), Name: name})
		}
	}
	return ev
}

// fill adds the open editor to the page's view: while it is open the
// canvas has the shape of the editor's board.
func (e *EditorController) fill(v *View) {
	v.Editor = e.view()
	if v.Editor != nil {
		drops := e.es.s.Variant().Drops
		v.AspectWide, v.AspectTall = layout.Aspect(drops, true), layout.Aspect(drops, false)
		v.Flipped = e.es.flipped
	}
}

// EditorState is the open editor's state for the test hook.
type EditorState struct {
	Variant  string `json:"variant"`
	Position string `json:"position"`
	Valid    bool   `json:"valid"`
	Problem  string `json:"problem"`
	Said     string `json:"said"`
	Refused  bool   `json:"refused"`
	Pick     string `json:"pick"`
	Flipped  bool   `json:"flipped"`
}

// State returns the open editor's state (nil when it is closed).
func (e *EditorController) State() *EditorState {
	e.a.lock()
	defer e.a.unlock()
	v := e.view()
	if v == nil {
		return nil
	}
	return &EditorState{Variant: v.Variant, Position: v.Position, Valid: v.Valid, Problem: v.Problem,
		Said: v.Said, Refused: v.Refused, Pick: v.Pick, Flipped: v.Flipped}
}
