// Command arena plays matches between two engine configurations and prints
// a line per game and the final score with an Elo estimate.
//
//	go run ./cmd/arena -variant ID -a LEVEL|random|greedy -b LEVEL|random|greedy -games N
//	    [-movetime MS] [-seed S] [-pgn FILE] [-plies N] [-openings N] [-concurrency N]
//
// Colours alternate: A has White in odd-numbered games. Each pair of games
// starts from the same opening, a few seeded random plies from the start
// position, so that both sides play both colours of it. A game ends when
// the rules end it (p.Outcome) or at the ply cap, which is adjudicated a
// draw (and said so). Levels 1-7 are bounded by depth or nodes, so a match
// between them is reproducible given the seed.
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"chimera/ai"
	"chimera/game"
)

// player is one side's configuration.
type player struct {
	name  string
	level int // 1..8, or 0 for a baseline
	kind  string
}

func parsePlayer(s string) (player, error) {
	switch s {
	case "random", "greedy":
		return player{name: s, kind: s}, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > ai.MaxLevel {
		return player{}, fmt.Errorf("player %q: want a level 1-%d, random or greedy", s, ai.MaxLevel)
	}
	return player{name: "level" + s, level: n, kind: "engine"}, nil
}

// mover chooses moves for one player in one game.
type mover struct {
	pl   player
	eng  *ai.Engine
	mt   time.Duration
	seed uint64
}

func (m *mover) move(p *game.Position) game.Move {
	switch m.pl.kind {
	case "random":
		return ai.RandomMove(p, m.seed)
	case "greedy":
		return ai.GreedyMove(p, m.seed)
	}
	return m.eng.Search(p, ai.LevelConfig(m.pl.level, m.mt, m.seed)).Move
}

type gameResult struct {
	idx     int
	aWhite  bool
	result  string // from White's view
	reason  string
	plies   int
	scoreA  float64
	pgn     string
	elapsed time.Duration
}

func main() {
	variant := flag.String("variant", "bedlam", "rule set id")
	aFlag := flag.String("a", "8", "player A: level 1-8, random or greedy")
	bFlag := flag.String("b", "random", "player B: level 1-8, random or greedy")
	games := flag.Int("games", 10, "number of games")
	movetime := flag.Int("movetime", 200, "engine time per move, ms")
	seed := flag.Uint64("seed", 1, "seed for openings and levels")
	pgnFile := flag.String("pgn", "", "write the games to this file")
	plyCap := flag.Int("plies", 400, "ply cap: a game still going is adjudicated a draw")
	openPlies := flag.Int("openings", 4, "random plies that vary each opening (pairs share one)")
	conc := flag.Int("concurrency", 1, "games played at once")
	flag.Parse()

	v, err := game.VariantByID(*variant)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	pa, err := parsePlayer(*aFlag)
	if err == nil {
		var pb player
		pb, err = parsePlayer(*bFlag)
		if err == nil {
			run(v, pa, pb, *games, time.Duration(*movetime)*time.Millisecond, *seed, *pgnFile, *plyCap, *openPlies, max(1, *conc))
			return
		}
	}
	fmt.Fprintln(os.Stderr, err)
	os.Exit(2)
}

func run(v *game.Variant, pa, pb player, n int, mt time.Duration, seed uint64, pgnFile string, plyCap, openPlies, conc int) {
	fmt.Printf("arena %s: A=%s B=%s games=%d movetime=%v seed=%d plycap=%d\n", v.ID, pa.name, pb.name, n, mt, seed, plyCap)
	results := make([]gameResult, n)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	printed := 0
	done := make([]bool, n)
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ea, eb := ai.NewEngine(16), ai.NewEngine(16)
			for i := range next {
				r := playGame(v, pa, pb, ea, eb, i, mt, seed, plyCap, openPlies)
				mu.Lock()
				results[i] = r
				done[i] = true
				for printed < n && done[printed] {
					printLine(results[printed], pa, pb)
					printed++
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()

	var w, d, l int
	var total float64
	for _, r := range results {
		total += r.scoreA
		switch r.scoreA {
		case 1:
			w++
		case 0.5:
			d++
		default:
			l++
		}
	}
	if pgnFile != "" {
		var sb strings.Builder
		for _, r := range results {
			sb.WriteString(r.pgn)
		}
		if err := os.WriteFile(pgnFile, []byte(sb.String()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
	}
	elo, margin := eloEstimate(w, d, l)
	fmt.Printf("score A: %g / %d (%d-%d-%d) elo %+.0f ± %.0f\n", total, n, w, d, l, elo, margin)
}

func printLine(r gameResult, pa, pb player) {
	white, black := pa.name+"(A)", pb.name+"(B)"
	if !r.aWhite {
		white, black = pb.name+"(B)", pa.name+"(A)"
	}
	fmt.Printf("game %d: %s - %s  %s  %s, %d plies, %.1fs; A scores %g\n",
		r.idx+1, white, black, r.result, r.reason, r.plies, r.elapsed.Seconds(), r.scoreA)
}

func playGame(v *game.Variant, pa, pb player, ea, eb *ai.Engine, i int, mt time.Duration, seed uint64, plyCap, openPlies int) gameResult {
	t0 := time.Now()
	p := game.NewPosition(v)
	aWhite := i%2 == 0
	// opening: random plies shared by the pair of games 2k, 2k+1
	oseed := seed*1_000_003 + uint64(i/2)*7919 + 17
	var opening []string
	for k := 0; k < openPlies; k++ {
		if r, _ := p.Outcome(); r != game.Ongoing {
			break
		}
		m := ai.RandomMove(p, oseed+uint64(k))
		opening = append(opening, p.MoveString(m))
		p.Make(m)
	}
	ea.Clear()
	eb.Clear()
	ma := &mover{pl: pa, eng: ea, mt: mt, seed: seed*31 + uint64(i)*2 + 1}
	mb := &mover{pl: pb, eng: eb, mt: mt, seed: seed*31 + uint64(i)*2 + 2}
	white, black := ma, mb
	if !aWhite {
		white, black = mb, ma
	}
	var moves []string
	result, reason := game.Ongoing, ""
	for {
		result, reason = p.Outcome()
		if result != game.Ongoing {
			break
		}
		if p.Ply() >= plyCap {
			result, reason = game.Draw, fmt.Sprintf("adjudicated draw at the %d-ply cap", plyCap)
			break
		}
		mv := white
		if p.Turn() == game.Black {
			mv = black
		}
		m := mv.move(p)
		moves = append(moves, p.MoveString(m))
		p.Make(m)
	}
	r := gameResult{idx: i, aWhite: aWhite, result: result, reason: reason, plies: p.Ply(), elapsed: time.Since(t0)}
	switch {
	case result == game.Draw:
		r.scoreA = 0.5
	case (result == game.WhiteWins) == aWhite:
		r.scoreA = 1
	}
	wn, bn := pa.name, pb.name
	if !aWhite {
		wn, bn = bn, wn
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "[Event \"arena\"]\n[Variant \"%s\"]\n[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n[Termination \"%s\"]\n[Opening \"%s\"]\n\n",
		v.ID, i+1, wn, bn, result, reason, strings.Join(opening, " "))
	all := append(opening, moves...)
	for k, s := range all {
		if k%2 == 0 {
			fmt.Fprintf(&sb, "%d. ", k/2+1)
		}
		sb.WriteString(s)
		sb.WriteByte(' ')
	}
	sb.WriteString(result + "\n\n")
	r.pgn = sb.String()
	return r
}

// eloEstimate returns the Elo difference implied by a W-D-L record and the
// half-width of its 95% confidence interval (normal approximation on the
// per-game score; the score is clamped to 0.001-0.999, about ±1200 Elo, for
// perfect scores).
func eloEstimate(w, d, l int) (float64, float64) {
	n := float64(w + d + l)
	if n == 0 {
		return 0, 0
	}
	s := (float64(w) + 0.5*float64(d)) / n
	elo := func(x float64) float64 {
		x = math.Min(math.Max(x, 0.001), 0.999)
		return -400 * math.Log10(1/x-1)
	}
	variance := (float64(w)*math.Pow(1-s, 2) + float64(d)*math.Pow(0.5-s, 2) + float64(l)*math.Pow(0-s, 2)) / n
	se := math.Sqrt(variance / n)
	lo, hi := elo(s-1.96*se), elo(s+1.96*se)
	return elo(s), (hi - lo) / 2
}
