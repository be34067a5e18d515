// Command perft counts the leaves of the legal move tree of a position.
//
//	go run ./cmd/perft -variant ID [-fen POSITION] -depth N [-divide] [-bench]
//
// Every flag is checked before any counting: a bad value is reported on one
// line and the exit code is 2. When the output cannot be written the exit
// code is 1, with the error on standard error. The depth is at most 10 (chess's depth 10 is
// 69 trillion leaves, days of counting at 130 M/s).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"time"

	"chimera/game"
	"chimera/internal/clip"
	"chimera/internal/ioerr"
)

// maxDepth is the deepest perft counted.
const maxDepth = 10

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command with its arguments; it returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	out := &ioerr.Writer{W: stdout}
	code := count(args, out, stderr)
	if out.Err() != nil {
		fmt.Fprintf(stderr, "perft: writing the output: %v\n", out.Err())
		return 1
	}
	return code
}

// count checks the flags and counts.
func count(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	variant := fs.String("variant", "chess", "rule set id")
	fen := fs.String("fen", "startpos", "position string")
	depth := fs.Int("depth", 3, fmt.Sprintf("depth in plies, 0 to %d", maxDepth))
	divide := fs.Bool("divide", false, "print the count below each root move")
	bench := fs.Bool("bench", false, "also print the elapsed time and nodes per second")
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "perft: "+format+"\n", a...)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprintln(stderr, "usage: perft -variant ID [-fen POSITION] -depth N [-divide] [-bench]")
			fs.PrintDefaults()
			return 0
		}
		return fail("%v (perft -h lists the flags)", err)
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q (a position goes in -fen \"...\")", fs.Arg(0))
	}
	if *depth < 0 || *depth > maxDepth {
		return fail("-depth %d: want 0 to %d (each ply multiplies the count by the number of moves; depth 10 of chess is 69 trillion leaves)", *depth, maxDepth)
	}
	v, err := game.VariantByID(*variant)
	if err != nil {
		return fail("-variant: %s", clip.Shorten(err.Error(), *variant))
	}
	p, err := game.Parse(v, *fen)
	if err != nil {
		field, text, why, ok := clip.Position(err)
		switch {
		case !ok:
			return fail("-fen: %v", err)
		case field == "":
			return fail("-fen %s: %s", clip.Quote(*fen), why)
		}
		return fail("-fen: %s %s: %s", field, text, why)
	}
	start := time.Now()
	var nodes uint64
	if *divide && *depth > 0 {
		d := game.Divide(p, *depth)
		keys := make([]string, 0, len(d))
		for k := range d {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(stdout, "%s %d\n", k, d[k])
			nodes += d[k]
		}
	} else {
		nodes = game.Perft(p, *depth)
	}
	el := time.Since(start)
	if *bench {
		fmt.Fprintf(stdout, "time %v\nnps %.0f\n", el.Round(time.Millisecond), float64(nodes)/el.Seconds())
	}
	fmt.Fprintf(stdout, "nodes %d\n", nodes)
	return 0
}
