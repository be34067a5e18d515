// Command perft counts the leaves of the legal move tree of a position.
//
//	go run ./cmd/perft -variant ID [-fen POSITION] -depth N [-divide] [-bench]
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"time"

	"chimera/game"
)

func main() {
	variant := flag.String("variant", "chess", "rule set id")
	fen := flag.String("fen", "startpos", "position string")
	depth := flag.Int("depth", 3, "depth in plies")
	divide := flag.Bool("divide", false, "print the count below each root move")
	bench := flag.Bool("bench", false, "also print the elapsed time and nodes per second")
	flag.Parse()
	v, err := game.VariantByID(*variant)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	p, err := game.Parse(v, *fen)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
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
			fmt.Printf("%s %d\n", k, d[k])
			nodes += d[k]
		}
	} else {
		nodes = game.Perft(p, *depth)
	}
	el := time.Since(start)
	if *bench {
		fmt.Printf("time %v\nnps %.0f\n", el.Round(time.Millisecond), float64(nodes)/el.Seconds())
	}
	fmt.Printf("nodes %d\n", nodes)
}
