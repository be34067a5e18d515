package app

import (
	"fmt"
	"strings"

	"chimera/play"
)

// Record returns the game as a record (PGN style, see play.Session.Record):
// the players, the date it began, the site, the moves played.
func (g *GameController) Record() string {
	g.a.lock()
	defer g.a.unlock()
	return g.record()
}

func (g *GameController) record() string {
	white, black, _ := playersOf(g.s.Computer, g.s.Level)
	if g.s.Computer < 0 {
		white, black = "", "" // two players on one device: no names
	}
	return g.s.Record(play.RecordTags{Event: "Casual game", Site: g.a.d.Site, Date: g.createdTime(), White: white, Black: black})
}

// RecordFile returns a file name for the record: "chimera-bedlam-2026-11-30.pgn".
func (g *GameController) RecordFile() string {
	g.a.lock()
	defer g.a.unlock()
	return fmt.Sprintf("chimera-%s-%s.pgn", g.s.Variant().ID, g.createdTime().Format("2006-01-02"))
}

// Position returns the position on the board as a position string.
func (g *GameController) Position() string {
	g.a.lock()
	defer g.a.unlock()
	if g.view != g.s.Ply() {
		return g.s.PositionAt(g.view).String()
	}
	return g.s.Position().String()
}

// LoadRecord reads a game record (play.ParseRecord; a record without a
// Variant tag is of the game on the board) and shows it as a new game, kept
// beside the others; computer and level say who plays on (-1: two players).
// A record written by Chimera against the computer ("Computer, level 5")
// keeps that. A record that cannot be read changes nothing; the error names
// the first bad move.
func (g *GameController) LoadRecord(text string, computer, level int) error {
	g.a.lock()
	defer g.a.unlock()
	if g.a.guest() {
		return errEmbedded
	}
	if strings.TrimSpace(text) == "" {
		return errString("the record is empty: paste a game, or pick a file")
	}
	r, err := play.ParseRecord(text, g.s.Variant().ID)
	if err != nil {
		return err
	}
	if r.Variant.Hidden {
		return errString("the record is of a game Chimera does not offer (" + r.Variant.Name + ")")
	}
	for side, tag := range []string{"White", "Black"} {
		var l int
		if n, _ := fmt.Sscanf(r.Tags[tag], "Computer, level %d", &l); n == 1 && computer < 0 {
			computer, level = side, l
		}
	}
	return g.startLoaded(r.Variant.ID, r.Start, r.Moves, computer, level)
}

// LoadPosition shows a position string of the given rule set as a new game.
func (g *GameController) LoadPosition(variant, pos string, computer, level int) error {
	g.a.lock()
	defer g.a.unlock()
	if g.a.guest() {
		return errEmbedded
	}
	if strings.TrimSpace(pos) == "" {
		return errString("the position is empty")
	}
	v := play.FindVariant(variant)
	if v == nil || v.Hidden {
		return errString("unknown game " + play.Quote(variant))
	}
	return g.startLoaded(v.ID, strings.TrimSpace(pos), nil, computer, level)
}

// startLoaded starts a new game from a loaded start and moves.
func (g *GameController) startLoaded(variant, start string, moves []string, computer, level int) error {
	if level < 1 || level > 8 {
		level = play.DefaultSettings.Level
	}
	s, err := play.New(play.Settings{Variant: variant, FEN: start, Computer: computer, Level: level})
	if err != nil {
		return errString("the position is not valid: " + play.Why(err))
	}
	for _, m := range moves {
		if _, err := s.Play(m); err != nil {
			return err // ParseRecord checked them: not reached
		}
	}
	g.switchTo(s, "", 0)
	g.save()
	return nil
}
