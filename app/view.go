package app

import (
	"fmt"
	"strings"

	"chimera/game"
	"chimera/play"
	"chimera/render/layout"
)

// View is everything the page shows around the board. It is sent to the
// page's script as JSON.
type View struct {
	Variant  string `json:"variant"`  // rule set id
	Game     string `json:"game"`     // its name, e.g. "Bifold Halfgi · weak pawns"
	White    string `json:"white"`    // who plays White: "You", "Computer, level 5", "White"
	Black    string `json:"black"`    // who plays Black
	Players  string `json:"players"`  // "You vs Computer, level 5", "Two players"
	Computer string `json:"computer"` // "white", "black" or "none"
	Level    int    `json:"level"`    // 1-8
	Turn     string `json:"turn"`     // side to move in the position shown: "white" or "black"
	Status   string `json:"status"`   // "White to move", "Black to move: check", "Viewing 2… Nc6 (the game is at 3. Nf3)", the result
	Check    bool   `json:"check"`    // the side to move (live) is in check
	Result   string `json:"result"`   // "1-0", "0-1", "1/2-1/2" or "" (live position)
	Reason   string `json:"reason"`   // "checkmate", ...
	Outcome  string `json:"outcome"`  // the result in words: "White wins by checkmate"
	Thinking bool   `json:"thinking"` // the computer is thinking
	Depth    int    `json:"depth"`    // its search depth so far
	Score    string `json:"score"`    // its evaluation, White's view: "+1.3", "#3", "#-2"
	Engine   string `json:"engine"`   // the engine's last error, if any
	Moves    []Move `json:"moves"`    // the moves played
	Ply      int    `json:"ply"`      // the ply shown (0: the start position)
	Live     int    `json:"live"`     // the moves played (Ply == Live: the game's present)
	CanUndo  bool   `json:"canUndo"`  // a move can be taken back
	CanRedo  bool   `json:"canRedo"`  // a taken-back move can be replayed
	// Ending a game (ending.go): whether the player may resign or offer a
	// draw now, a draw offer standing ("white" or "black": who offered it;
	// between two players the other answers it), the computer weighing one,
	// and a rematch (once the game is over).
	CanResign  bool   `json:"canResign"`
	CanDraw    bool   `json:"canDraw"`
	DrawOffer  string `json:"drawOffer"`
	Weighing   bool   `json:"weighing"`
	CanRematch bool   `json:"canRematch"`
	// Clock is the game's clock (clock.go), nil without one; LowTime is
	// when a side's time is low, in ms.
	Clock *ClockView `json:"clock"`
	// Confirm is the board move waiting for confirmation, in the move
	// list's notation ("" none; confirm.go).
	Confirm string `json:"confirm"`
	LowTime int64  `json:"lowTime"`
	Flipped bool   `json:"flipped"` // Black at the bottom
	// Position is the game's position shown (a position string), for the
	// page's picture of the board before the board has loaded on the next
	// visit (web/paint.js).
	Position string `json:"position"`
	// The canvas's width over height for the board and its hands: on a wide
	// page (hands beside the board) and on a tall one (above and below).
	AspectWide  float64  `json:"aspectWide"`
	AspectTall  float64  `json:"aspectTall"`
	Prefs       Prefs    `json:"prefs"`
	Notices     []string `json:"notices"`     // messages for the player
	Games       []Game   `json:"games"`       // the games a new game can be
	Mode        Mode     `json:"mode"`        // play, embed or diagram
	Interactive bool     `json:"interactive"` // the player may move on the board
	// How to play, describe and hints (lesson.go, describe.go, hint.go).
	Lesson *LessonView `json:"lesson"` // the open lesson, nil when the board shows the game
	Editor *EditorView `json:"editor"` // the open position editor, nil when closed
	Puzzle *PuzzleView `json:"puzzle"` // open puzzles, nil when closed
	// Analysis is the open analysis board, nil when closed.
	Analysis *AnalysisView `json:"analysis"`
	Note     *Note         `json:"note"`    // a caption about the board, nil for none
	Hinting  bool          `json:"hinting"` // a hint search runs
	// How the board is drawn (App.SetGraphics): the page offers the "sharp"
	// setting only where the browser draws in software.
	Graphics layout.Graphics `json:"graphics"`
}

// Move is one move of the move list.
type Move struct {
	Ply   int    `json:"ply"`   // 1 for the first move
	Num   int    `json:"num"`   // the move number
	Black bool   `json:"black"` // Black's move
	Text  string `json:"text"`  // human notation
	Words string `json:"words"` // in words
	Move  string `json:"move"`  // move string
}

// Game describes a rule set for the new-game dialog.
type Game struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"` // one line
	Start       string `json:"start"`       // the start position string
}

// Games returns the rule sets players can choose, in display order.
func Games() []Game {
	var out []Game
	for _, v := range game.Variants() {
		out = append(out, Game{ID: v.ID, Name: v.Name, Description: v.Description, Start: v.Start})
	}
	return out
}

// sideName returns "White" or "Black".
func sideName(c int) string {
	if c == 1 {
		return "Black"
	}
	return "White"
}

// playersOf returns who plays White and Black and the line that says it.
func playersOf(computer, level int) (white, black, line string) {
	comp := fmt.Sprintf("Computer, level %d", level)
	switch computer {
	case 0:
		return comp, "You", comp + " vs You"
	case 1:
		return "You", comp, "You vs " + comp
	}
	return "White", "Black", "Two players"
}

// buildView is the page's view: the game's, and the open lesson and the
// caption over it.
func (a *App) buildView() View {
	g := a.Game
	s := g.s
	v := View{Variant: s.Variant().ID, Game: s.Variant().Name, Level: s.Level, Computer: "none",
		Ply: g.view, Live: s.Ply(), Flipped: g.flipped(), Position: g.shownPosition().String(), Prefs: a.prefs, Notices: a.notices,
		Thinking: g.pending, Depth: g.depth, Score: g.score, Engine: g.engErr,
		Mode: a.opts.mode, Interactive: a.opts.interactive && a.opts.mode != ModeDiagram,
		AspectWide: layout.Aspect(s.Variant().Drops, true), AspectTall: layout.Aspect(s.Variant().Drops, false), Games: Games(), Graphics: a.graphics}
	v.White, v.Black, v.Players = playersOf(s.Computer, s.Level)
	switch s.Computer {
	case 0:
		v.Computer = "white"
	case 1:
		v.Computer = "black"
	}
	p := s.Position()
	v.Turn = "white"
	if p.Turn() == game.Black {
		v.Turn = "black"
	}
	v.Result, v.Reason = s.Outcome()
	v.Outcome = game.ResultWords(v.Result, v.Reason)
	v.Check = v.Result == "" && p.InCheck()
	v.CanUndo = s.Ply() > 0 && (s.Computer < 0 || s.Ply() > 1 || int(game.White) != s.Computer)
	v.CanRedo = s.Ply() < s.Len()
	if s.Declared() != nil {
		v.CanUndo, v.CanRedo = false, false // a resignation or an agreed draw is not taken back
	}
	live := v.Result == "" && a.opts.interactive && a.opts.mode != ModeDiagram
	v.CanResign = live
	v.CanDraw = live && !g.draw.open && (s.Computer < 0 || (!g.pending && !s.ComputerToMove() && !g.hint.busy))
	if g.draw.open && s.Computer < 0 {
		v.DrawOffer = strings.ToLower(sideName(int(g.draw.by)))
	}
	v.Weighing = g.draw.open && s.Computer >= 0
	v.CanRematch = v.Result != "" && a.opts.interactive && a.opts.mode != ModeDiagram
	v.Confirm = g.confirmText
	if v.Clock = g.clockView(); v.Clock != nil {
		v.LowTime = LowTime(s.Time)
	}
	a.Lesson.fill(&v)
	a.Editor.fill(&v)
	a.Analysis.fill(&v)
	a.Puzzles.fill(&v)
	v.Note = a.caption
	v.Hinting = g.hint.busy
	notation, words, strs := s.Notation(), s.Words(), s.MoveStrings()
	first := firstMoveNumber(s)
	v.Moves = make([]Move, s.Ply())
	for i := range v.Moves {
		n := i + first.offset
		v.Moves[i] = Move{Ply: i + 1, Num: first.num + n/2, Black: n%2 == 1, Text: notation[i], Words: words[i], Move: strs[i]}
	}
	switch {
	case g.view != s.Ply():
		// Moves as the list numbers them: "Viewing 2… Nc6 (the game is at 3. Nf3)".
		at := func(m Move) string {
			if m.Black {
				return fmt.Sprintf("%d… %s", m.Num, m.Text)
			}
			return fmt.Sprintf("%d. %s", m.Num, m.Text)
		}
		now := "(the game is at " + at(v.Moves[s.Ply()-1]) + ")"
		if g.view == 0 {
			v.Status = "Viewing the start " + now
		} else {
			v.Status = "Viewing " + at(v.Moves[g.view-1]) + " " + now
		}
		if (g.view+first.offset)%2 == 1 {
			v.Turn = "black"
		} else {
			v.Turn = "white"
		}
	case v.Result != "":
		v.Status = v.Outcome
	default:
		v.Status = sideName(int(p.Turn())) + " to move"
		if int(p.Turn()) == s.Computer {
			v.Status = "Computer (" + sideName(s.Computer) + ") to move"
		} else if s.Computer >= 0 {
			v.Status = "Your move (" + sideName(int(p.Turn())) + ")"
		}
		if v.Check {
			v.Status += ": check"
		}
	}
	return v
}

// moveNumbering says how the first move of the session is numbered: its
// full-move number, and offset 1 when Black moves first.
type moveNumbering struct{ num, offset int }

func firstMoveNumber(s *play.Session) moveNumbering {
	p := s.PositionAt(0)
	n := moveNumbering{num: p.Fullmove()}
	if p.Turn() == game.Black {
		n.offset = 1
	}
	return n
}

// State is the game's state for the test hook (window.chimera.state()).
type State struct {
	Variant  string   `json:"variant"`
	Game     string   `json:"game"`     // display name
	Computer string   `json:"computer"` // "white", "black", "none"
	Level    int      `json:"level"`
	Position string   `json:"position"` // the live position string
	Moves    []string `json:"moves"`    // move strings played
	Result   string   `json:"result"`
	Reason   string   `json:"reason"`
	Turn     string   `json:"turn"` // "w" or "b" (live)
	Thinking bool     `json:"thinking"`
	Ply      int      `json:"ply"` // the ply shown
	Flipped  bool     `json:"flipped"`
}

// State returns the game's state for the test hook.
func (g *GameController) State() State {
	g.a.lock()
	defer g.a.unlock()
	v := g.a.buildView()
	res, why := g.s.Outcome()
	return State{Variant: v.Variant, Game: v.Game, Computer: v.Computer, Level: v.Level,
		Position: g.s.Position().String(), Moves: g.s.MoveStrings(), Result: res, Reason: why,
		Turn: g.s.Position().Turn().String(), Thinking: g.pending, Ply: g.view, Flipped: g.flipped()}
}
