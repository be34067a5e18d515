package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"chimera/game"
	"chimera/play"
)

// Mode is what the page is for (URL parameter mode).
type Mode string

// The modes.
const (
	ModePlay    Mode = "play"    // the full page (default)
	ModeEmbed   Mode = "embed"   // the board in another page: board, hands and a slim bar
	ModeDiagram Mode = "diagram" // a position or a sequence for reading: no opponent
)

// options are the page's URL parameters beside the game's (LinkKeys).
type options struct {
	mode        Mode
	orient      string // "white" or "black": the side at the bottom; "" the player's side
	ply         int    // the ply shown first (-1: the last)
	interactive bool   // the player may move on the board
	save        bool   // an embed keeps its game (under its own parameters)
	editor      bool   // mode=editor: the page opens with the position editor
	analysis    bool   // mode=analysis: the page opens with the analysis board on the link's game
	puzzle      bool   // mode=puzzle: the page opens with puzzles (puzzle.go)
}

// readOptions reads mode, orient, ply, interactive and save; what is wrong
// is noted.
func (a *App) readOptions(q url.Values) options {
	o := options{mode: ModePlay, ply: -1, interactive: true}
	switch m := Mode(q.Get("mode")); m {
	case "", ModePlay:
	case ModeEmbed, ModeDiagram:
		o.mode = m
	case "editor":
		o.editor = true // the full page, the editor open
	case "analysis":
		o.analysis = true // the full page, the analysis board open
	case "puzzle":
		o.puzzle = true // the full page, puzzles open
	default:
		a.note("Unknown mode " + play.Quote(string(m)) + ": the full page is shown")
	}
	switch or := q.Get("orient"); or {
	case "", "white", "black":
		o.orient = or
	default:
		a.note("The board's orientation is white or black, not " + play.Quote(or))
	}
	if p := q.Get("ply"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			a.note("The move to show (ply) is a number from 0, not " + play.Quote(p) + ": the last is shown")
		} else {
			o.ply = n
		}
	}
	switch v := q.Get("interactive"); v {
	case "", "1", "true", "yes":
	case "0", "false", "no":
		o.interactive = false
	default:
		a.note("interactive is 0 or 1, not " + play.Quote(v))
	}
	o.save = q.Get("save") == "1"
	return o
}

// embedded reports whether the board is in another page (embed or diagram).
func (o options) embedded() bool { return o.mode != ModePlay }

// HostEvent is a message to the page that embeds the board (the message
// API, see web/README.md): "chimera:ready" (Variant), "chimera:move" (Move,
// Notation, Position, Ply) after every move played by either side,
// "chimera:gameover" (Result, Reason) and "chimera:error" (Message).
type HostEvent struct {
	Type     string `json:"type"`
	Variant  string `json:"variant,omitempty"`
	Move     string `json:"move,omitempty"`
	Notation string `json:"notation,omitempty"`
	Position string `json:"position,omitempty"`
	Ply      int    `json:"ply,omitempty"`
	Result   string `json:"result,omitempty"`
	Reason   string `json:"reason,omitempty"`
	Message  string `json:"message,omitempty"`
}

// hostMessage is a message from the embedding page.
type hostMessage struct {
	Type    string          `json:"type"`
	Variant string          `json:"variant"`
	FEN     string          `json:"fen"`
	Moves   json.RawMessage `json:"moves"` // a list of move strings, or one comma-separated string
	Move    string          `json:"move"`
	Ply     *int            `json:"ply"`
}

// HostMessage takes a message from the page that embeds the board, as
// JSON: {type: "chimera:load", variant, fen, moves}, {type: "chimera:move",
// move} (a move string or the human notation), {type: "chimera:goto", ply},
// {type: "chimera:flip"}. It returns what is wrong with it (the glue sends
// it back as chimera:error); a wrong message changes nothing.
func (g *GameController) HostMessage(data string) error {
	g.a.lock()
	defer g.a.unlock()
	var m hostMessage
	if err := json.Unmarshal([]byte(data), &m); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return errString("the message's " + te.Field + " is not " + jsonKind(te.Type.Kind().String()) + " (it is " + aOrAn(strings.Fields(te.Value + " ?")[0]) + ")")
		}
		return errString("not a message object: " + play.Quote(data))
	}
	switch m.Type {
	case "chimera:load":
		return g.hostLoad(m)
	case "chimera:move":
		if m.Move == "" {
			return errString("chimera:move needs a move")
		}
		return g.hostMove(m.Move)
	case "chimera:goto":
		if m.Ply == nil {
			return errString("chimera:goto needs a ply (0: the start)")
		}
		if *m.Ply < 0 || *m.Ply > g.s.Ply() {
			return errString(fmt.Sprintf("chimera:goto: ply %d is not between 0 and %d", *m.Ply, g.s.Ply()))
		}
		g.gotoPly(*m.Ply)
		return nil
	case "chimera:flip":
		g.flip()
		return nil
	case "":
		return errString("a message needs a type (chimera:load, chimera:move, chimera:goto, chimera:flip)")
	}
	return errString("unknown message type " + play.Quote(m.Type))
}

// jsonKind names the JSON a Go kind is read from.
func jsonKind(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "int", "int64":
		return "a whole number"
	case "slice":
		return "a list"
	}
	return "of the right type"
}

// aOrAn puts an article before a JSON value's kind ("a string", "an
// object").
func aOrAn(kind string) string {
	if kind != "" && strings.ContainsRune("aeiou", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}

func (g *GameController) hostLoad(m hostMessage) error {
	v := g.s.Variant()
	if m.Variant != "" {
		if v = play.FindVariant(m.Variant); v == nil || v.Hidden {
			return errString("chimera:load: unknown game " + play.Quote(m.Variant))
		}
	}
	var moves []string
	if len(m.Moves) > 0 && string(m.Moves) != "null" {
		var list []string
		var one string
		switch {
		case json.Unmarshal(m.Moves, &list) == nil:
			moves = list
		case json.Unmarshal(m.Moves, &one) == nil:
			if one != "" {
				moves = strings.Split(one, ",")
			}
		default:
			return errString("chimera:load: moves is a list of move strings")
		}
	}
	set := play.Settings{Variant: v.ID, FEN: m.FEN, Computer: g.s.Computer, Level: g.s.Level}
	if g.a.opts.mode == ModeDiagram {
		set.Computer = -1
	}
	s, err := play.New(set)
	if err != nil {
		return errString("chimera:load: the position is not valid: " + play.Why(err))
	}
	for _, ms := range moves {
		p := s.Position()
		num, black := p.Fullmove(), p.Turn() == game.Black
		if _, err := s.Play(strings.TrimSpace(ms)); err != nil {
			e := &play.RecordError{Move: num, Black: black, Text: play.Quote(ms), Why: "is not legal here"}
			return errString("chimera:load: " + e.Error())
		}
	}
	turned := g.a.prefs.Turned
	g.switchTo(s, "", 0)
	g.a.prefs.Turned = turned // a load keeps the embed's orientation
	if b := g.board(); b != nil {
		b.SetFlipped(g.flipped())
	}
	g.save()
	return nil
}

// hostMove plays a move the host asks for, by its move string or its human
// notation, at the live ply.
func (g *GameController) hostMove(text string) error {
	if r, why := g.s.Outcome(); r != "" {
		return errString("chimera:move: the game is over (" + game.ResultWords(r, why) + ")")
	}
	if g.s.ComputerToMove() {
		return errString("chimera:move: it is the computer's turn")
	}
	moves, exact := play.Match(g.s.Position(), text)
	if !exact {
		if len(moves) > 1 {
			return errString("chimera:move: " + play.Quote(text) + " could be several moves")
		}
		return errString("chimera:move: " + play.Quote(text) + " is not legal here")
	}
	if g.view != g.s.Ply() {
		g.showLive(nil)
	}
	return g.playHuman(g.s.Position().MoveString(moves[0]))
}
