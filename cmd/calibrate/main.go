// Command calibrate fits the scale of ai.WinningChances for each rule set:
// it plays self-play games, scores their positions with a small fixed
// search and finds, by maximum likelihood, the k of 2/(1+e^(-k·score))-1
// that best predicts the games' results.
//
//	go run ./cmd/calibrate [-games N] [-nodes N] [-variants a,b] [-seed S]
//	    [-levels LOW-HIGH] [-timeout D] [-concurrency N] [-data DIR] [-out FILE]
//
// Each game is played by two levels drawn from -levels (3-6; seeded), from a seeded
// random opening of 4-9 plies, to its end by the rules; a game that reaches
// 300 plies is dropped. Every position from ply 10 on is scored by
// ai.Analyser at -nodes from the side to move's view (deterministic: an
// empty table, no noise); positions with a mate score or a single legal
// move are skipped. Each kept position counts as a win, draw or loss of
// the side to move, and the counts by score go to DIR/ID.txt (the data the
// fit is made from and that ai's tests replay). It prints, per rule set,
// the games, positions, k and the log-loss, beside the log-loss of
// ai.ChessWinScale, and writes the table of k to -out (ai/winchance_fit.go).
// A rule set stops starting games after -timeout; its games are played
// -concurrency at a time, and the output does not depend on it.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"go/format"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"chimera/ai"
	"chimera/game"
)

const (
	plyCap   = 300
	firstPly = 10
	moveTime = 10 * time.Second // levels 1-7 stop at their depth or node limit first
	tableMiB = 4
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "calibrate:", err)
		os.Exit(1)
	}
}

// game is one self-play game's kept positions.
type gameData struct {
	ok     bool // finished by the rules before the cap
	scores []int
	// results of the side to move, 1, 0.5 or 0, as 2, 1, 0
	results []int
	plies   int
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("calibrate", flag.ContinueOnError)
	games := fs.Int("games", 200, "games per rule set")
	nodes := fs.Uint64("nodes", 4000, "node budget of the search that scores each position")
	variants := fs.String("variants", "", "rule set ids, comma-separated (default: all)")
	seed := fs.Uint64("seed", 1, "seed of openings and levels")
	timeout := fs.Duration("timeout", 5*time.Minute, "per rule set: start no game after this")
	conc := fs.Int("concurrency", 2, "games played at once")
	levels := fs.String("levels", "3-6", "the levels that play, LOW-HIGH (1-7)")
	dataDir := fs.String("data", "ai/testdata/winchance", "directory of the counts by score")
	outFile := fs.String("out", "ai/winchance_fit.go", "the generated table of scales")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var lo, hi int
	if _, err := fmt.Sscanf(*levels, "%d-%d", &lo, &hi); err != nil || lo < 1 || hi > ai.MaxLevel-1 || lo > hi {
		return fmt.Errorf("-levels %q: want LOW-HIGH within 1-%d", *levels, ai.MaxLevel-1)
	}
	if fs.NArg() > 0 || *games < 1 || *conc < 1 || *nodes < 1 {
		return fmt.Errorf("bad arguments (see -h)")
	}
	var vs []*game.Variant
	if *variants == "" {
		vs = game.AllVariants()
	} else {
		for _, id := range strings.Split(*variants, ",") {
			v, err := game.VariantByID(id)
			if err != nil {
				return err
			}
			vs = append(vs, v)
		}
	}
	if err := os.MkdirAll(*dataDir, 0o755); err != nil {
		return err
	}
	fits := map[string]float64{}
	// keep the fits of rule sets not run this time
	for _, v := range game.AllVariants() {
		if k := ai.WinScale(v); k != ai.ChessWinScale {
			fits[v.ID] = k
		}
	}
	start := time.Now()
	fmt.Fprintf(stdout, "| rule set | games | dropped | positions | k | log-loss | log-loss at %g | time |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n", ai.ChessWinScale)
	for vi, v := range vs {
		t0 := time.Now()
		data := playAll(v, *games, *nodes, *seed+uint64(vi)*1_000_003, *timeout, *conc, [2]int{lo, hi})
		counts := map[int]*ai.ScoreCount{}
		played, dropped, positions := 0, 0, 0
		for _, g := range data {
			if g == nil {
				continue
			}
			if !g.ok {
				dropped++
				continue
			}
			played++
			for i, s := range g.scores {
				c := counts[s]
				if c == nil {
					c = &ai.ScoreCount{Score: s}
					counts[s] = c
				}
				switch g.results[i] {
				case 2:
					c.Wins++
				case 1:
					c.Draws++
				default:
					c.Losses++
				}
				positions++
			}
		}
		list := make([]ai.ScoreCount, 0, len(counts))
		for _, c := range counts {
			list = append(list, *c)
		}
		sort.Slice(list, func(a, b int) bool { return list[a].Score < list[b].Score })
		if err := writeCounts(filepath.Join(*dataDir, v.ID+".txt"), v, list, played, *nodes); err != nil {
			return err
		}
		k, loss := ai.FitWinScale(list)
		fits[v.ID] = k
		fmt.Fprintf(stdout, "| %s | %d | %d | %d | %.6f | %.4f | %.4f | %s |\n", v.ID, played, dropped, positions, k, loss,
			ai.WinLogLoss(list, ai.ChessWinScale), time.Since(t0).Round(time.Second))
	}
	fmt.Fprintf(stdout, "total %s\n", time.Since(start).Round(time.Second))
	return writeFit(*outFile, fits, strings.Join(args, " "))
}

// playAll plays n games of v, conc at a time; the i-th result is game i's
// (nil: not started before the timeout).
func playAll(v *game.Variant, n int, nodes, seed uint64, timeout time.Duration, conc int, levels [2]int) []*gameData {
	out := make([]*gameData, n)
	deadline := time.Now().Add(timeout)
	var mu sync.Mutex
	next := 0
	var wg sync.WaitGroup
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			play := ai.NewEngine(tableMiB)
			score := ai.NewAnalyser()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= n || time.Now().After(deadline) {
					return
				}
				out[i] = playGame(v, play, score, i, nodes, seed, levels)
			}
		}()
	}
	wg.Wait()
	return out
}

// mix is a 64-bit hash step (splitmix64's finaliser).
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// playGame plays game i and scores its positions.
func playGame(v *game.Variant, play *ai.Engine, score *ai.Analyser, i int, nodes, seed uint64, lv [2]int) *gameData {
	r := mix(seed*7919 + uint64(i) + 1)
	span := uint64(lv[1] - lv[0] + 1)
	levels := [2]int{lv[0] + int(r%span), lv[0] + int((r>>8)%span)}
	openPlies := 4 + int((r>>16)%6)
	p := game.NewPosition(v)
	var scores []int
	var movers []game.Color
	play.Clear()
	for ply := 0; ; ply++ {
		if res, _ := p.Outcome(); res != game.Ongoing {
			g := &gameData{ok: true, scores: scores, plies: ply}
			for _, c := range movers {
				g.results = append(g.results, resultFor(res, c))
			}
			return g
		}
		if ply >= plyCap {
			return &gameData{plies: ply}
		}
		ml := p.LegalMoves()
		if ply >= firstPly && len(ml) > 1 {
			a := score.Analyse(p, nodes, nil)
			if a.Mate == 0 {
				scores = append(scores, a.Score)
				movers = append(movers, p.Turn())
			}
		}
		var m game.Move
		if ply < openPlies {
			m = ml[mix(r+uint64(ply)*31)%uint64(len(ml))]
		} else {
			lvl := levels[p.Turn()]
			m = play.Search(p, ai.LevelConfig(lvl, moveTime, mix(r+uint64(ply)))).Move
		}
		p.Make(m)
	}
}

// resultFor is the result for side c: 2 a win, 1 a draw, 0 a loss.
func resultFor(res string, c game.Color) int {
	switch {
	case res == game.Draw:
		return 1
	case (res == game.WhiteWins) == (c == game.White):
		return 2
	}
	return 0
}

// writeCounts writes the counts by score (the format is said in the file's
// first lines).
func writeCounts(path string, v *game.Variant, list []ai.ScoreCount, games int, nodes uint64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "# %s: positions of %d self-play games (cmd/calibrate), scored by ai.Analyser at %d nodes\n", v.ID, games, nodes)
	fmt.Fprintf(w, "# score (side to move's view) wins draws losses (the game's result for the side to move)\n")
	for _, c := range list {
		fmt.Fprintf(w, "%d %d %d %d\n", c.Score, c.Wins, c.Draws, c.Losses)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeFit writes the generated Go file of the scales.
func writeFit(path string, fits map[string]float64, args string) error {
	var b strings.Builder
	b.WriteString("// Code generated by cmd/calibrate; DO NOT EDIT.\n")
	fmt.Fprintf(&b, "// go run ./cmd/calibrate %s\n\npackage ai\n\n", args)
	b.WriteString("// winScales are the fitted scales k of WinningChances, by rule set id\n")
	b.WriteString("// (from the counts in testdata/winchance/).\n")
	b.WriteString("var winScales = map[string]float64{\n")
	ids := make([]string, 0, len(fits))
	for id := range fits {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		fmt.Fprintf(&b, "\t%q: %.6f,\n", id, fits[id])
	}
	b.WriteString("}\n")
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return err
	}
	return os.WriteFile(path, src, 0o644)
}
