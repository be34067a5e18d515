// Command arena plays matches between two engine configurations and prints
// a line per game and the final score with an Elo estimate.
//
//	go run ./cmd/arena -variant ID -a LEVEL|random|greedy -b LEVEL|random|greedy -games N
//	    [-movetime MS] [-seed S] [-pgn FILE] [-plies N] [-openings N] [-concurrency N]
//
// Every flag is checked, and the PGN file created, before the first game: a
// bad command line is reported on one line with exit code 2. Games go to
// the PGN file as they finish, in order. When the output or the PGN file
// cannot be written the match stops there, with the error on standard
// error and exit code 1.
//
// Colours alternate: A has White in odd-numbered games. Each pair of games
// starts from the same opening, a few seeded random plies from the start
// position, so that both sides play both colours of it. A game ends when
// the rules end it (p.Outcome) or at the ply cap, which is adjudicated a
// draw (and said so); the opening's random plies count toward the cap. Levels 1-7 are bounded by depth or nodes, so a match
// between them is reproducible given the seed.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"chimera/ai"
	"chimera/game"
	"chimera/internal/ioerr"
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

// Flag limits.
const (
	maxGames       = 1_000_000
	maxMoveTime    = 3_600_000 // ms
	maxPlyCap      = 100_000
	maxConcurrency = 64
)

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdout, os.Stderr))
}

// config is a checked command line.
type config struct {
	v         *game.Variant
	pa, pb    player
	games     int
	mt        time.Duration
	seed      uint64
	pgn       io.WriteCloser // nil: no PGN
	pgnName   string
	plyCap    int
	openPlies int
	conc      int
}

// parseFlags checks every flag, and opens the PGN file, before any game is
// played. The error is one line.
func parseFlags(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	variant := fs.String("variant", "bedlam", "rule set id")
	aFlag := fs.String("a", "8", "player A: level 1-8, random or greedy")
	bFlag := fs.String("b", "random", "player B: level 1-8, random or greedy")
	games := fs.Int("games", 10, fmt.Sprintf("number of games, 1 to %d", maxGames))
	movetime := fs.Int("movetime", 200, fmt.Sprintf("engine time per move, ms (1 to %d)", maxMoveTime))
	seed := fs.Uint64("seed", 1, "seed for openings and levels")
	pgnFile := fs.String("pgn", "", "write the games to this file (as they finish)")
	plyCap := fs.Int("plies", 400, fmt.Sprintf("ply cap (1 to %d): a game still going is adjudicated a draw", maxPlyCap))
	openPlies := fs.Int("openings", 4, "random plies that vary each opening (pairs share one; never beyond the ply cap)")
	conc := fs.Int("concurrency", 1, fmt.Sprintf("games played at once, 1 to %d", maxConcurrency))
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprintln(stderr, "usage: arena -variant ID -a PLAYER -b PLAYER -games N [-movetime MS] [-seed S] [-pgn FILE] [-plies N] [-openings N] [-concurrency N]")
			fs.PrintDefaults()
		}
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	c := &config{games: *games, mt: time.Duration(*movetime) * time.Millisecond, seed: *seed,
		plyCap: *plyCap, openPlies: *openPlies, conc: *conc}
	var err error
	if c.v, err = game.VariantByID(*variant); err != nil {
		return nil, fmt.Errorf("-variant: %v", err)
	}
	if c.pa, err = parsePlayer(*aFlag); err != nil {
		return nil, fmt.Errorf("-a: %v", err)
	}
	if c.pb, err = parsePlayer(*bFlag); err != nil {
		return nil, fmt.Errorf("-b: %v", err)
	}
	switch {
	case *games < 1 || *games > maxGames:
		return nil, fmt.Errorf("-games %d: want 1 to %d", *games, maxGames)
	case *movetime < 1 || *movetime > maxMoveTime:
		return nil, fmt.Errorf("-movetime %d: want 1 to %d ms", *movetime, maxMoveTime)
	case *plyCap < 1 || *plyCap > maxPlyCap:
		return nil, fmt.Errorf("-plies %d: want 1 to %d", *plyCap, maxPlyCap)
	case *openPlies < 0:
		return nil, fmt.Errorf("-openings %d: want 0 or more random plies", *openPlies)
	case *conc < 1 || *conc > maxConcurrency:
		return nil, fmt.Errorf("-concurrency %d: want 1 to %d", *conc, maxConcurrency)
	}
	if *pgnFile != "" {
		f, err := os.Create(*pgnFile)
		if err != nil {
			return nil, fmt.Errorf("-pgn: %v", err)
		}
		c.pgn, c.pgnName = f, *pgnFile
	}
	return c, nil
}

// runMain is the command with its arguments; it returns the exit code: 0,
// 2 for a bad command line, 1 when the output or the PGN file could not be
// written (the match stops at the first line that cannot be written).
func runMain(args []string, stdout, stderr io.Writer) int {
	c, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "arena: %v\n", err)
		return 2
	}
	if err := run(c, stdout); err != nil {
		fmt.Fprintf(stderr, "arena: %v\n", err)
		return 1
	}
	return 0
}

// run plays the match; the error is the output's or the PGN file's.
func run(c *config, stdout io.Writer) error {
	err := play(c, &ioerr.Writer{W: stdout})
	if c.pgn != nil {
		if cerr := c.pgn.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("-pgn %s: %v", c.pgnName, cerr)
		}
	}
	return err
}

// play plays the match until the end or an error.
func play(c *config, stdout *ioerr.Writer) error {
	pa, pb, n := c.pa, c.pb, c.games
	fmt.Fprintf(stdout, "arena %s: A=%s B=%s games=%d movetime=%v seed=%d plycap=%d\n", c.v.ID, pa.name, pb.name, n, c.mt, c.seed, c.plyCap)
	if stdout.Err() != nil {
		return fmt.Errorf("writing the output: %v", stdout.Err())
	}
	results := make([]gameResult, n)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var pgnErr error
	failed := false // the output or the PGN file failed: no more games
	printed := 0
	done := make([]bool, n)
	for w := 0; w < c.conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ea, eb := ai.NewEngine(16), ai.NewEngine(16)
			for i := range next {
				r := playGame(c.v, pa, pb, ea, eb, i, c.mt, c.seed, c.plyCap, c.openPlies)
				mu.Lock()
				results[i] = r
				done[i] = true
				for printed < n && done[printed] {
					printLine(stdout, results[printed], pa, pb)
					if c.pgn != nil && pgnErr == nil {
						_, pgnErr = io.WriteString(c.pgn, results[printed].pgn)
					}
					printed++
				}
				failed = stdout.Err() != nil || pgnErr != nil
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < n; i++ {
		mu.Lock()
		stop := failed
		mu.Unlock()
		if stop {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if stdout.Err() != nil {
		return fmt.Errorf("writing the output: %v", stdout.Err())
	}
	if pgnErr != nil {
		return fmt.Errorf("-pgn %s: %v", c.pgnName, pgnErr)
	}

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
	elo, margin := eloEstimate(w, d, l)
	fmt.Fprintf(stdout, "score A: %g / %d (%d-%d-%d) elo %+.0f ± %.0f\n", total, n, w, d, l, elo, margin)
	if stdout.Err() != nil {
		return fmt.Errorf("writing the output: %v", stdout.Err())
	}
	return nil
}

func printLine(w io.Writer, r gameResult, pa, pb player) {
	white, black := pa.name+"(A)", pb.name+"(B)"
	if !r.aWhite {
		white, black = pb.name+"(B)", pa.name+"(A)"
	}
	fmt.Fprintf(w, "game %d: %s - %s  %s  %s, %d plies, %.1fs; A scores %g\n",
		r.idx+1, white, black, r.result, r.reason, r.plies, r.elapsed.Seconds(), r.scoreA)
}

func playGame(v *game.Variant, pa, pb player, ea, eb *ai.Engine, i int, mt time.Duration, seed uint64, plyCap, openPlies int) gameResult {
	t0 := time.Now()
	p := game.NewPosition(v)
	aWhite := i%2 == 0
	// opening: random plies shared by the pair of games 2k, 2k+1
	oseed := seed*1_000_003 + uint64(i/2)*7919 + 17
	var opening []string
	for k := 0; k < openPlies && p.Ply() < plyCap; k++ {
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
