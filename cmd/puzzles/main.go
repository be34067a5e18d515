// Command puzzles mines tactics puzzles from the engine's own games, checks
// a set again, and counts a set's themes (docs/PUZZLES.md).
//
//	go run ./cmd/puzzles -variant ID [-first G] [-games N] [-want N] [-seed S] [-shard i/n]
//	    [-scan NODES] [-deep NODES] [-out FILE]
//	go run ./cmd/puzzles -variant ID -verify FILE [-deep NODES]
//	go run ./cmd/puzzles -stats FILE...
//
// Mining plays games of the engine against itself (each side a level of 2
// to 5 drawn from the seed, after 2 to 7 random opening plies), searches
// every position after the opening once (-scan nodes), and where the side
// to move has a mate, or a winning score not yet overwhelming, builds the
// puzzle with two-line searches at -deep nodes (see mine.go and
// docs/PUZZLES.md for the criteria). Every
// search is bounded by nodes, so a run is the same on any machine: game g
// of a run depends on -seed and g only, and -shard i/n mines the games g
// with g mod n = i, so n runs together mine what one run would. Puzzles are
// written as a set file (header, then one line each) as they are found;
// the run stops after -games games (from game -first) or -want puzzles, and
// says the next game on its last line. A position already
// used, or inside the line of the puzzle before it, is not used again.
//
// -verify re-derives each puzzle of a set from its position and opponent's
// move with the same searches and reports every one that no longer comes
// out the same, besides checking it by puzzle.CheckSet; it exits 1 if any
// differs. -stats prints the count of puzzles per theme and per rating
// band of each set.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"time"

	"chimera/ai"
	"chimera/game"
	"chimera/puzzle"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run is the command; it returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzzles", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "", "the rule set: "+ids())
	first := fs.Int("first", 0, "the first game (a later run goes on where an earlier one stopped)")
	games := fs.Int("games", 1000, "games to play (over all shards)")
	want := fs.Int("want", 0, "stop after this many puzzles (0: no limit)")
	seed := fs.Uint64("seed", 1, "seed of the games")
	shard := fs.String("shard", "0/1", "i/n: mine the games g with g mod n = i")
	scan := fs.Uint64("scan", 3_000, "nodes of the search of every position")
	deep := fs.Uint64("deep", 40_000, "nodes of each search that builds and checks a puzzle")
	workers := fs.Int("workers", 1, "games mined at once (each its own engines; the output is the same)")
	out := fs.String("out", "", "write the set here (default: standard output)")
	verify := fs.String("verify", "", "check this set again instead of mining")
	stats := fs.Bool("stats", false, "count the themes and ratings of the set files named after the flags")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the run here")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(stderr, "puzzles:", err)
			return 2
		}
		defer f.Close()
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "puzzles:", err)
		return 2
	}
	if *stats {
		if fs.NArg() == 0 {
			return fail(errors.New("-stats: name one or more set files"))
		}
		for _, f := range fs.Args() {
			if err := printStats(stdout, f); err != nil {
				return fail(err)
			}
		}
		return 0
	}
	v, err := game.VariantByID(*variant)
	if err != nil {
		return fail(err)
	}
	si, sn, err := parseShard(*shard)
	if err != nil {
		return fail(err)
	}
	if *scan == 0 || *deep <= *scan {
		return fail(fmt.Errorf("want 0 < -scan < -deep, have %d and %d", *scan, *deep))
	}
	if *workers < 1 {
		return fail(fmt.Errorf("-workers %d: want 1 or more", *workers))
	}
	if *verify != "" {
		mn := &miner{scan: *scan, deep: *deep, eng: ai.NewEngine(1)}
		bad, err := verifySet(stdout, mn, v, *verify)
		if err != nil {
			return fail(err)
		}
		if bad > 0 {
			return 1
		}
		return 0
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return fail(err)
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	if _, err := bw.WriteString(puzzle.Header + "\n"); err != nil {
		return fail(err)
	}
	t0 := time.Now()
	found := 0
	seen := map[uint64]bool{}
	if *first < 0 {
		return fail(fmt.Errorf("-first %d: want 0 or more", *first))
	}
	results := mineGames(v, *seed, *first, si, sn, *first+*games, *workers, *scan, *deep)
	nextGame := *first + *games
	for gr := range results {
		nextGame = gr.g + 1
		n := 0
		for _, z := range gr.zs {
			if (*want > 0 && found >= *want) || seen[z.hash] {
				continue
			}
			seen[z.hash] = true
			bw.WriteString(z.String() + "\n")
			found++
			n++
		}
		if err := bw.Flush(); err != nil {
			fmt.Fprintln(stderr, "puzzles:", err)
			return 1
		}
		fmt.Fprintf(stderr, "game %d: %d puzzles, %d in all, %.0fs\n", gr.g, n, found, time.Since(t0).Seconds())
		if *want > 0 && found >= *want {
			break
		}
	}
	el := time.Since(t0)
	per := 0.0
	if found > 0 {
		per = el.Seconds() / float64(found) * 100
	}
	fmt.Fprintf(stderr, "%s: %d puzzles in %.0fs (%.0fs per 100), next game %d\n", v.ID, found, el.Seconds(), per, nextGame)
	return 0
}

func ids() string {
	var s []string
	for _, v := range game.Variants() {
		s = append(s, v.ID)
	}
	return strings.Join(s, ", ")
}

func parseShard(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("-shard %q: want i/n with 0 <= i < n", s)
	}
	return i, n, nil
}

// mix is a 64-bit hash step (splitmix64), for the games' seeds.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// found is a puzzle with the hash of its position before the solver's
// first move.
type found struct {
	puzzle.Puzzle
	hash uint64
}

// gameResult is what one game gave.
type gameResult struct {
	g  int
	zs []found
}

// mineGames mines the shard's games from first to end on that many workers and
// sends each game's puzzles in the order of the games. Each worker has its
// own engines, and a game's puzzles depend on the seed and the game only.
func mineGames(v *game.Variant, seed uint64, first, si, sn, end, workers int, scan, deep uint64) <-chan gameResult {
	out := make(chan gameResult)
	type job struct {
		g   int
		res chan gameResult
	}
	jobs := make(chan job)
	order := make(chan chan gameResult, workers)
	for range workers {
		go func() {
			mn := &miner{scan: scan, deep: deep, eng: ai.NewEngine(1)}
			player := ai.NewEngine(1)
			for j := range jobs {
				j.res <- gameResult{g: j.g, zs: mineGame(mn, player, v, seed, j.g)}
			}
		}()
	}
	go func() {
		defer close(order)
		defer close(jobs)
		g0 := first + ((si-first)%sn+sn)%sn // the shard's first game from first on
		for g := g0; g < end; g += sn {
			c := make(chan gameResult, 1)
			order <- c
			jobs <- job{g, c}
		}
	}()
	go func() {
		defer close(out)
		for c := range order {
			out <- <-c
		}
	}()
	return out
}

// after returns the position after m, read again from its position string:
// a puzzle's position has no history (no repetitions), in the miner as on
// the page and in -verify.
func after(p *game.Position, m game.Move) *game.Position {
	q := p.Clone()
	q.Make(m)
	r, err := game.Parse(q.Variant(), q.String())
	if err != nil {
		panic("puzzles: a position that does not read back: " + err.Error())
	}
	return r
}

// decidedAt is the scan score past which only mates are looked for.
const decidedAt = 1500

// plyCap ends a self-play game that goes on this long.
const plyCap = 200

// mineGame plays game g of the run and returns the puzzles found in it.
// seen holds the positions already used (before the solver's first move).
func mineGame(mn *miner, player *ai.Engine, v *game.Variant, seed uint64, g int) []found {
	gs := mix(seed ^ mix(uint64(g)+1) ^ mix(uint64(len(v.ID))*977+uint64(v.ID[len(v.ID)-1])))
	// both sides near one level, so that games stay close enough for
	// only moves to matter; levels 2-5 (depth 1-3, with noise) are cheap
	// and make mistakes
	base := 2 + int(gs%4)
	levels := [2]int{base, max(2, base-int(gs/4%2))}
	openPlies := 2 + int(gs/25%6)
	p := game.NewPosition(v)
	player.Clear()
	var out []found
	havePrev := false
	var prev *game.Position // the position before the last move
	var last game.Move
	skipUntil := 0
	for ply := 0; ply < plyCap; ply++ {
		if r, _ := p.Outcome(); r != game.Ongoing {
			break
		}
		if ply < openPlies {
			m := ai.RandomMove(p, gs+uint64(ply))
			prev, last = p, m
			p = after(p, m)
			continue
		}
		mn.eng.Clear()
		sc := mn.eng.Search(p, ai.Config{Limits: ai.Limits{Nodes: mn.scan}})
		// a winning score that is not yet overwhelming, or a mate: past
		// decidedAt most moves win, and only a mate makes a puzzle there
		if score := sc.Score; havePrev && ply >= skipUntil && (sc.Mate > 0 || (score >= winAt && score <= decidedAt)) {
			if z, err := mn.solveIf(prev, last, p); err == nil {
				z.ID = fmt.Sprintf("%s%d-%d", puzzle.Prefix(v.ID), g, ply)
				out = append(out, found{z, p.Hash()})
				skipUntil = ply + len(z.Moves)
			}
		}
		havePrev = true
		cfg := ai.LevelConfig(levels[ply%2], time.Hour, gs+uint64(ply)*7)
		m := player.Search(p, cfg).Move
		prev, last = p, m
		p = after(p, m)
	}
	return out
}

// verifySet re-derives every puzzle of a set file and reports the ones that
// differ; it returns how many differ.
func verifySet(w io.Writer, mn *miner, v *game.Variant, file string) (int, error) {
	zs, err := readSet(file)
	if err != nil {
		return 0, err
	}
	if err := puzzle.CheckSet(v, zs); err != nil {
		return 0, fmt.Errorf("%s: %v", file, err)
	}
	bad := 0
	for i := range zs {
		z := &zs[i]
		before, err := game.Parse(v, z.Position)
		if err != nil {
			return 0, err
		}
		opp, err := before.ParseMove(z.Moves[0])
		if err != nil {
			return 0, err
		}
		got, err := mn.solve(before, opp)
		got.ID = z.ID
		switch {
		case err != nil:
			fmt.Fprintf(w, "%s: no longer a puzzle: %v\n", z.ID, err)
			bad++
		case got.String() != z.String():
			fmt.Fprintf(w, "%s: comes out as\n\t%s\n", z.ID, got.String())
			bad++
		}
	}
	fmt.Fprintf(w, "%s: %d puzzles, %d differ\n", file, len(zs), bad)
	return bad, nil
}

func readSet(file string) ([]puzzle.Puzzle, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	zs, err := puzzle.ParseSet(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return zs, nil
}

// printStats writes a set's count of puzzles per theme and rating band.
func printStats(w io.Writer, file string) error {
	zs, err := readSet(file)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s: %d puzzles\n", file, len(zs))
	n := puzzle.CountThemes(zs)
	for _, t := range puzzle.SortedThemes(n) {
		fmt.Fprintf(w, "  %-18s %d\n", t, n[t])
	}
	bands := map[int]int{}
	for _, z := range zs {
		bands[z.Rating/200*200]++
	}
	var ks []int
	for k := range bands {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	for _, k := range ks {
		fmt.Fprintf(w, "  rating %4d-%4d  %d\n", k, k+199, bands[k])
	}
	return nil
}
