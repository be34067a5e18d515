package main

import (
	"encoding/json"
	"os"
	"path/filepath"

	"chimera/game"
	"chimera/learn"
)

// HelpFile names the file of rule set id's How to play: help-bedlam.json.
func HelpFile(id string) string { return "help-" + id + ".json" }

// WriteHelp writes How to play of every rule set that has a lesson
// (learn.HelpFor: the JSON that cmd/wasm's help() returns) as
// HelpFile(id). web/learn.js shows its words from there when How to play is
// opened before main.wasm has arrived; the game's own copy takes over when
// it has.
func WriteHelp(dist string) error {
	for _, v := range game.Variants() {
		if learn.LessonFor(v.ID) == nil {
			continue
		}
		h, err := learn.HelpFor(v.ID)
		if err != nil {
			return err
		}
		b, err := json.Marshal(h)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dist, HelpFile(v.ID)), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
