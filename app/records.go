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
// beside the others; computer and level say who plays on: 0 (White), 1
// (Black), -1 (nobody: two players) or AsRecorded (the side whose player tag
// reads "Computer, level N", as Chimera writes a game against the computer).
// A record that cannot be read changes nothing; the error names the first
// bad move. said confirms what was done: a game already kept (the same rule
// set, start, players and moves) is shown again, not kept twice.
func (g *GameController) LoadRecord(text string, computer, level int) (said string, err error) {
	g.a.lock()
	defer g.a.unlock()
	if g.a.guest() {
		return "", errEmbedded
	}
	if strings.TrimSpace(text) == "" {
		return "", errString("the record is empty: paste a game, or pick a file")
	}
	r, err := play.ParseRecord(text, g.s.Variant().ID)
	if err != nil {
		return "", err
	}
	if r.Variant.Hidden {
		return "", errString("the record is of a game Chimera does not offer (" + r.Variant.Name + ")")
	}
	if computer == AsRecorded {
		computer = -1
		for side, tag := range []string{"White", "Black"} {
			var l int
			if n, _ := fmt.Sscanf(r.Tags[tag], "Computer, level %d", &l); n == 1 {
				computer, level = side, l
			}
		}
	}
	said, err = g.startLoaded(r.Variant.ID, r.Start, r.Moves, computer, level)
	if err != nil {
		return "", err
	}
	// A study (side lines, comments, glyphs) opens on the analysis board.
	if pt, err := play.ParseTreeRecord(text, r.Variant.ID); err == nil && annotated(pt.Tree) {
		g.a.Analysis.open(pt.Tree, pt.Tree.MainPath(len(r.Moves)), g.flipped())
		said += "; its side lines and comments are on the analysis board"
	}
	return said, nil
}

// annotated reports whether a tree holds more than its main line: a side
// line, a comment or a glyph.
func annotated(t *play.Tree) bool {
	if t.Len() > len(t.MainLine()) {
		return true
	}
	for _, it := range t.Items() {
		if it.Comment != "" || it.Glyph != "" || it.PosGlyph != "" {
			return true
		}
	}
	return false
}

// LoadPosition shows a position string of the given rule set as a new game.
func (g *GameController) LoadPosition(variant, pos string, computer, level int) (said string, err error) {
	g.a.lock()
	defer g.a.unlock()
	if g.a.guest() {
		return "", errEmbedded
	}
	if strings.TrimSpace(pos) == "" {
		return "", errString("the position is empty")
	}
	v := play.FindVariant(variant)
	if v == nil || v.Hidden {
		return "", errString("unknown game " + play.Quote(variant))
	}
	if computer == AsRecorded {
		computer = -1
	}
	return g.startLoaded(v.ID, strings.TrimSpace(pos), nil, computer, level)
}

// AsRecorded, as LoadRecord's computer, lets the record's player tags say
// which side the computer plays, and at what level; as LoadPosition's, nobody.
const AsRecorded = -2

// startLoaded starts a new game from a loaded start and moves, or shows the
// kept game that is the same.
func (g *GameController) startLoaded(variant, start string, moves []string, computer, level int) (string, error) {
	if level < 1 || level > 8 {
		level = play.DefaultSettings.Level
	}
	s, err := play.New(play.Settings{Variant: variant, FEN: start, Computer: computer, Level: level})
	if err != nil {
		return "", errString("the position is not valid: " + play.Why(err))
	}
	for _, m := range moves {
		if _, err := s.Play(m); err != nil {
			return "", err // ParseRecord checked them: not reached
		}
	}
	if e, kept, ok := g.keptSame(s, ""); ok {
		g.switchTo(kept, e.ID, e.Created)
		g.keep.setLast(e.ID)
		return "This game was already kept in Games: it is shown, not kept twice", nil
	}
	g.switchTo(s, "", 0)
	g.save()
	return "Game loaded: it is kept in Games beside the others", nil
}
