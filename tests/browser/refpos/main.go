// Command refpos answers the browser tests' questions with the rules engine
// (package game), so that the tests check what the page shows against the engine:
//
//	refpos -variant ID [-fen POSITION] [MOVE ...]
//
// plays the moves from the position and prints one JSON object:
//
//	{"positions": [start, after move 1, ...], "legal": [moves in the last position],
//	 "result": "", "reason": "", "pieces": [{"letter": "K", "name": "King"}, ...]}
//
// With -random N (and -seed S) it then plays up to N random legal moves
// (fewer when the game ends) and lists every move played in "moves".
//
// An illegal or unparsable move, or a bad position, prints the error and exits 1.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"

	"chimera/game"
)

type answer struct {
	Moves     []string `json:"moves"`
	Positions []string `json:"positions"`
	Legal     []string `json:"legal"`
	Result    string   `json:"result"`
	Reason    string   `json:"reason"`
	Pieces    []piece  `json:"pieces"` // the rule set's piece kinds, in its order
}

// piece is one kind of the rule set.
type piece struct {
	Letter string `json:"letter"`
	Name   string `json:"name"`
}

func main() {
	variant := flag.String("variant", "bedlam", "rule set id")
	fen := flag.String("fen", "startpos", "position string")
	random := flag.Int("random", 0, "then play up to this many random moves")
	seed := flag.Uint64("seed", 1, "the random moves' seed")
	flag.Parse()
	a, err := run(*variant, *fen, flag.Args(), *random, rand.New(rand.NewPCG(*seed, 1)))
	if err != nil {
		fmt.Fprintln(os.Stderr, "refpos:", err)
		os.Exit(1)
	}
	json.NewEncoder(os.Stdout).Encode(a)
}

func run(variant, fen string, moves []string, random int, rng *rand.Rand) (*answer, error) {
	v, err := game.VariantByID(variant)
	if err != nil {
		return nil, err
	}
	if fen == "" {
		fen = "startpos"
	}
	p, err := game.Parse(v, fen)
	if err != nil {
		return nil, err
	}
	a := &answer{Positions: []string{p.String()}, Legal: []string{}, Moves: []string{}}
	for _, k := range v.Pieces {
		a.Pieces = append(a.Pieces, piece{Letter: string(v.Letter(k)), Name: k.Name()})
	}
	for i, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("move %d %q in %s: %v", i+1, s, p.String(), err)
		}
		p.Make(m)
		a.Positions = append(a.Positions, p.String())
		a.Moves = append(a.Moves, s)
	}
	for i := 0; i < random; i++ {
		if r, _ := p.Outcome(); r != "" {
			break
		}
		legal := p.LegalMoves()
		m := legal[rng.IntN(len(legal))]
		a.Moves = append(a.Moves, p.MoveString(m))
		p.Make(m)
		a.Positions = append(a.Positions, p.String())
	}
	for _, m := range p.LegalMoves() {
		a.Legal = append(a.Legal, p.MoveString(m))
	}
	sort.Strings(a.Legal)
	a.Result, a.Reason = p.Outcome()
	return a, nil
}
