// Command review reviews a game as the page's game review does: every
// position analysed by ai.Analyser at a fixed node budget, each move marked
// (?!, ?, ??) by ai.Judge with the better move, and each player's accuracy
// and counts of marks (ai.ReviewGame).
//
//	go run ./cmd/review [-nodes N] RECORD          # a record file (- for standard input)
//	go run ./cmd/review [-nodes N] -variant ID -moves "e2e4 e7e5 ..."
//	go run ./cmd/review [-nodes N] -variant ID|all -selfplay PLIES [-seed S]
//
// A record is what the page's Copy or Download gives (play.ParseRecord:
// tags, then the moves in the page's notation or as move strings); -moves
// takes the same moves without tags. -selfplay reviews a self-play game of
// that many plies (level 5 from 4 seeded random plies; the first of ten
// seeds from -seed on whose game lasts that long, else the last), for each rule set with -variant all, and says how long each
// review took, by the clock and in CPU time (the process's, natively): the
// figures of ai/README.md, "Game review". Scores are
// printed from White's view, in pawns (+1.3), or #N for a forced mate
// (#-N: Black mates).
package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"chimera/ai"
	"chimera/game"
	"chimera/internal/cputime"
	"chimera/play"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "review:", err)
		os.Exit(2)
	}
}

func run(args []string, stdin io.Reader, w io.Writer) error {
	fs := flag.NewFlagSet("review", flag.ContinueOnError)
	nodes := fs.Uint64("nodes", ai.DefaultReviewNodes, "nodes searched in each position")
	variant := fs.String("variant", "", "rule set id (with -moves or -selfplay; all: every one, with -selfplay)")
	moves := fs.String("moves", "", "the moves, from the start position")
	selfplay := fs.Int("selfplay", 0, "review a self-play game of this many plies")
	seed := fs.Uint64("seed", 1, "seed of the self-play game")
	quiet := fs.Bool("q", false, "print only the summary")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *nodes < 1 {
		return fmt.Errorf("-nodes %d: want at least 1", *nodes)
	}
	switch {
	case *selfplay > 0:
		var vs []*game.Variant
		if *variant == "all" {
			vs = game.AllVariants()
		} else {
			v, err := game.VariantByID(*variant)
			if err != nil {
				return err
			}
			vs = []*game.Variant{v}
		}
		fmt.Fprintf(w, "| rule set | plies | review, wall clock (%d nodes a position) | CPU |\n| --- | --- | --- | --- |\n", *nodes)
		for _, v := range vs {
			start := game.NewPosition(v)
			// the first of ten seeds whose game lasts the plies
			var ms []game.Move
			for k := uint64(0); k < 10 && len(ms) < *selfplay; k++ {
				ms = selfPlay(v, *selfplay, *seed+k)
			}
			t0, c0 := time.Now(), cputime.Now()
			r := ai.ReviewWith(ai.NewAnalyser(), start, ms, *nodes, nil)
			el, cpu := time.Since(t0), cputime.Now()-c0
			if !*quiet {
				print(os.Stderr, start, r)
			}
			fmt.Fprintf(w, "| %s | %d | %.1f s | %.1f s |\n", v.ID, len(ms), el.Seconds(), cpu.Seconds())
		}
		return nil
	case *moves != "":
		if *variant == "" || fs.NArg() > 0 {
			return fmt.Errorf("-moves needs -variant and no record file")
		}
		return reviewRecord(*moves, *variant, *nodes, *quiet, w)
	case fs.NArg() == 1:
		var text []byte
		var err error
		if fs.Arg(0) == "-" {
			text, err = io.ReadAll(stdin)
		} else {
			text, err = os.ReadFile(fs.Arg(0))
		}
		if err != nil {
			return err
		}
		return reviewRecord(string(text), *variant, *nodes, *quiet, w)
	}
	return fmt.Errorf("want a record file, -moves or -selfplay (see -h)")
}

// reviewRecord reviews the game of a record.
func reviewRecord(text, variant string, nodes uint64, quiet bool, w io.Writer) error {
	if variant == "" {
		variant = "bedlam"
	}
	rec, err := play.ParseRecord(text, variant)
	if err != nil {
		return err
	}
	start, err := game.Parse(rec.Variant, rec.Start)
	if err != nil {
		return err
	}
	p := start.Clone()
	var ms []game.Move
	for _, s := range rec.Moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return err
		}
		ms = append(ms, m)
		p.Make(m)
	}
	t0 := time.Now()
	r := ai.ReviewWith(ai.NewAnalyser(), start, ms, nodes, nil)
	el := time.Since(t0)
	if quiet {
		summary(w, r)
	} else {
		print(w, start, r)
	}
	fmt.Fprintf(w, "%d positions at %d nodes in %.1f s\n", len(ms)+1, nodes, el.Seconds())
	return nil
}

// selfPlay plays a game of at most plies plies: 4 seeded random ones, then
// level 5.
func selfPlay(v *game.Variant, plies int, seed uint64) []game.Move {
	p := game.NewPosition(v)
	e := ai.NewEngine(16)
	var ms []game.Move
	for len(ms) < plies {
		if r, _ := p.Outcome(); r != game.Ongoing {
			break
		}
		var m game.Move
		if len(ms) < 4 {
			m = ai.RandomMove(p, seed*131+uint64(len(ms)))
		} else {
			m = e.Search(p, ai.LevelConfig(5, 10*time.Second, seed)).Move
		}
		ms = append(ms, m)
		p.Make(m)
	}
	return ms
}

// white is an evaluation from White's view, as printed.
func white(e ai.Eval, mover game.Color) string {
	if mover == game.Black {
		e = e.Flip()
	}
	if e.Mate != 0 {
		return fmt.Sprintf("#%d", e.Mate)
	}
	return fmt.Sprintf("%+.2f", float64(e.Score)/100)
}

// print writes the review move by move, then the summary.
func print(w io.Writer, start *game.Position, r ai.Review) {
	p := start.Clone()
	for _, m := range r.Moves {
		num := fmt.Sprintf("%d.", p.Fullmove())
		if m.Mover == game.Black {
			num += ".."
		}
		line := fmt.Sprintf("%-6s %-10s %8s -> %-8s", num, p.Notation(m.Played), white(m.Before, m.Mover), white(m.After, m.Mover))
		if m.Mark != ai.NoMark {
			line += fmt.Sprintf(" %-2s %-10s better %s", m.Mark.Glyph(), m.Mark, p.Notation(m.Best))
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
		p.Make(m.Played)
	}
	summary(w, r)
}

// summary writes each player's accuracy and marks.
func summary(w io.Writer, r ai.Review) {
	for _, c := range []game.Color{game.White, game.Black} {
		pr := r.Players[c]
		acc := "-"
		if !math.IsNaN(pr.Accuracy) {
			acc = fmt.Sprintf("%.1f%%", pr.Accuracy)
		}
		name := "White"
		if c == game.Black {
			name = "Black"
		}
		fmt.Fprintf(w, "%s: accuracy %s, %d inaccuracies, %d mistakes, %d blunders\n", name, acc, pr.Inaccuracies, pr.Mistakes, pr.Blunders)
	}
}
