// Command match plays our engine against an outside UCI engine (such as
// Debian's fairy-stockfish) or against another build of itself, at equal
// time per move, alternating colours, from a set of balanced openings. It
// writes a line per game, the PGN, and a result table (W-D-L, score, Elo
// difference with its 95% margin). It is a measuring tool, not part of
// `make test`; see ai/README.md for the commands and results.
//
//	go build -o /tmp/match ./tools/match
//	/tmp/match -a level:8 -b uci:/usr/games/fairy-stockfish -bopt 'Skill Level=10' \
//	    -games 40 -movetime 200 -pgn sf10.pgn
//
// A player is level:N (the ai package in this process, levels 1-8) or
// uci:COMMAND (an engine over UCI; COMMAND is split on spaces). With -uci
// the program is itself a UCI engine playing with the ai package, so that
// a build of one commit can play a build of another:
//
//	/tmp/match -a level:8 -b 'uci:/tmp/match-old -uci' -variant bedlam -games 200 -movetime 50
//
// Each opening is played twice, colours reversed. In chess the openings are
// a fixed list of balanced lines (-book); otherwise, or with -book=false,
// they are -random seeded random plies from the start position.
//
// Adjudication, besides the rules (mate, stalemate, repetition, the 50-move
// rule): a win when both engines' scores agree that one side is ahead by
// -resign centipawns or more for -resignmoves moves each; a draw after
// -drawply plies when both scores stay within ±-drawscore for
// -drawmoves moves each, in chess with a bare king against king and at most
// one minor piece, and at the -plies cap. An engine that crashes, hangs
// (no move -movetime + 5 s after asking) or plays an illegal move loses the
// game (and is restarted).
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"time"

	"chimera/ai"
	"chimera/game"
)

func main() {
	uciMode := flag.Bool("uci", false, "be a UCI engine (the ai package) on stdin/stdout")
	variant := flag.String("variant", "chess", "rule set id")
	aSpec := flag.String("a", "level:8", "player A: level:N or uci:COMMAND")
	bSpec := flag.String("b", "uci:/usr/games/fairy-stockfish", "player B: level:N or uci:COMMAND")
	aOpt := flag.String("aopt", "", "UCI options of A: 'Name=Value;Name=Value'")
	bOpt := flag.String("bopt", "", "UCI options of B: 'Name=Value;Name=Value'")
	aName := flag.String("aname", "", "name of A in the output (default: from the spec)")
	bName := flag.String("bname", "", "name of B in the output")
	games := flag.Int("games", 40, "number of games (even: each opening twice)")
	movetime := flag.Int("movetime", 200, "time per move for each side, ms")
	nodes := flag.Int("nodes", 0, "nodes per move for each side instead of a time (0: time)")
	seed := flag.Uint64("seed", 1, "seed for random openings and our levels")
	book := flag.Bool("book", true, "chess: use the built-in balanced openings")
	randomPlies := flag.Int("random", 4, "random opening plies (other rule sets, or -book=false)")
	pgnFile := flag.String("pgn", "", "write the games to this PGN file")
	plies := flag.Int("plies", 400, "ply cap: a game still going is a draw")
	resign := flag.Int("resign", 1000, "win adjudication threshold, centipawns")
	resignMoves := flag.Int("resignmoves", 3, "moves each side must agree on a resign score")
	drawPly := flag.Int("drawply", 80, "plies before draw adjudication may start")
	drawScore := flag.Int("drawscore", 10, "draw adjudication threshold, centipawns")
	drawMoves := flag.Int("drawmoves", 8, "moves each side must agree on a draw score")
	labelDepth := flag.Int("label", 0, "instead of a match: add player B's score at this depth to each \"result|position\" line of stdin (the evaluation tuner's data, ai/tune_test.go), on stdout")
	flag.Parse()

	if *uciMode {
		serveUCI(os.Stdin, os.Stdout)
		return
	}
	v, err := game.VariantByID(*variant)
	if err != nil {
		fail(err)
	}
	uciVariant := ""
	if v.ID != "chess" {
		uciVariant = v.ID
	}
	pb, err := newPlayer(*bSpec, *bOpt, *bName, uciVariant)
	if err != nil {
		fail(err)
	}
	defer pb.close()
	if *labelDepth > 0 {
		if pb.uci == nil {
			fail(fmt.Errorf("-label: player B must be a UCI engine"))
		}
		n, err := label(os.Stdin, os.Stdout, pb.uci, *labelDepth)
		if err != nil {
			fail(err)
		}
		fmt.Fprintf(os.Stderr, "%d positions scored\n", n)
		return
	}
	pa, err := newPlayer(*aSpec, *aOpt, *aName, uciVariant)
	if err != nil {
		fail(err)
	}
	defer pa.close()

	var openings [][]string
	if *book && v.ID == "chess" {
		openings = bookOpenings()
	}
	m := &match{v: v, a: pa, b: pb, mt: time.Duration(*movetime) * time.Millisecond, nodes: *nodes, seed: *seed,
		openings: openings, randomPlies: *randomPlies, plyCap: *plies,
		resign: *resign, resignMoves: *resignMoves, drawPly: *drawPly, drawScore: *drawScore, drawMoves: *drawMoves}
	limit := fmt.Sprintf("movetime=%v", m.mt)
	if m.nodes > 0 {
		limit = fmt.Sprintf("nodes=%d", m.nodes)
	}
	fmt.Printf("match %s: A=%s B=%s games=%d %s seed=%d\n", v.ID, pa.name, pb.name, *games, limit, *seed)
	var pgn strings.Builder
	var w, d, l int
	for i := 0; i < *games; i++ {
		r := m.play(i)
		pgn.WriteString(r.pgn)
		switch r.scoreA {
		case 1:
			w++
		case 0.5:
			d++
		default:
			l++
		}
		white, black := pa.name+"(A)", pb.name+"(B)"
		if !r.aWhite {
			white, black = black, white
		}
		fmt.Printf("game %d: %s - %s  %s  %s, %d plies, %.0fs; A %d-%d-%d\n",
			i+1, white, black, r.result, r.reason, r.plies, r.elapsed.Seconds(), w, d, l)
		if *pgnFile != "" {
			if err := os.WriteFile(*pgnFile, []byte(pgn.String()), 0o644); err != nil {
				fail(err)
			}
		}
	}
	n := w + d + l
	elo, lo, hi := eloEstimate(w, d, l)
	if elo == 0 {
		elo = 0 // not "-0"
	}
	fmt.Println()
	limit = fmt.Sprintf("%d ms", *movetime)
	if m.nodes > 0 {
		limit = fmt.Sprintf("%d nodes", m.nodes)
	}
	fmt.Println("| A | B | per move | games | A: W-D-L | A's score | Elo (A - B) | 95% interval |")
	fmt.Println("| --- | --- | --- | --- | --- | --- | --- | --- |")
	fmt.Printf("| %s | %s | %s | %d | %d-%d-%d | %.1f%% | %+.0f ± %.0f | %+.0f .. %+.0f |\n",
		pa.name, pb.name, limit, n, w, d, l, 100*(float64(w)+float64(d)/2)/float64(max(n, 1)), elo, (hi-lo)/2, lo, hi)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "match:", err)
	os.Exit(2)
}

// player is one side: the ai package in this process, or a UCI engine.
type player struct {
	name  string
	level int
	eng   *ai.Engine
	uci   *uciEngine
}

func newPlayer(spec, opts, name, variant string) (*player, error) {
	kind, arg, _ := strings.Cut(spec, ":")
	switch kind {
	case "level":
		var lvl int
		if _, err := fmt.Sscan(arg, &lvl); err != nil || lvl < 1 || lvl > ai.MaxLevel {
			return nil, fmt.Errorf("player %q: want level:1..%d", spec, ai.MaxLevel)
		}
		if name == "" {
			name = "level" + arg
		}
		return &player{name: name, level: lvl, eng: ai.NewEngine(16)}, nil
	case "uci":
		argv := strings.Fields(arg)
		if len(argv) == 0 {
			return nil, fmt.Errorf("player %q: want uci:COMMAND", spec)
		}
		var options [][2]string
		// one thread and a small table unless asked otherwise
		options = append(options, [2]string{"Threads", "1"}, [2]string{"Hash", "16"})
		for _, o := range strings.Split(opts, ";") {
			if k, val, ok := strings.Cut(o, "="); ok {
				options = append(options, [2]string{strings.TrimSpace(k), strings.TrimSpace(val)})
			}
		}
		if name == "" {
			name = argv[0][strings.LastIndex(argv[0], "/")+1:]
			for _, o := range options[2:] {
				name += " " + o[0] + "=" + o[1]
			}
		}
		e, err := newUCI(name, argv, options, variant)
		if err != nil {
			return nil, err
		}
		return &player{name: name, uci: e}, nil
	}
	return nil, fmt.Errorf("player %q: want level:N or uci:COMMAND", spec)
}

func (p *player) close() {
	if p.uci != nil {
		p.uci.close()
	}
}

func (p *player) newGame() error {
	if p.eng != nil {
		p.eng.Clear()
		return nil
	}
	return p.uci.newGame()
}

// move asks for a move in pos (reached from the start by moves) and returns
// it with the score the player reported, from its own side's view.
func (p *player) move(pos *game.Position, moves []string, mt time.Duration, nodes int, seed uint64) (string, int, error) {
	if p.eng != nil {
		cfg := ai.LevelConfig(p.level, mt, seed)
		if nodes > 0 {
			cfg.Nodes, cfg.MoveTime = uint64(nodes), 0
		}
		res := p.eng.Search(pos, cfg)
		if res.Move == game.NoMove {
			return "", 0, fmt.Errorf("no move")
		}
		sc := res.Score
		if res.Mate != 0 {
			sc = mateScore - 2*abs(res.Mate)
			if res.Mate < 0 {
				sc = -sc
			}
		}
		return pos.MoveString(res.Move), sc, nil
	}
	return p.uci.think(moves, mt, nodes)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

type match struct {
	v           *game.Variant
	a, b        *player
	mt          time.Duration
	nodes       int
	seed        uint64
	openings    [][]string
	randomPlies int
	plyCap      int
	resign      int
	resignMoves int
	drawPly     int
	drawScore   int
	drawMoves   int
}

type result struct {
	aWhite  bool
	result  string
	reason  string
	plies   int
	scoreA  float64
	elapsed time.Duration
	pgn     string
}

// opening returns the moves of game i's opening (games 2k and 2k+1 share
// one).
func (m *match) opening(i int) []string {
	k := i / 2
	if len(m.openings) > 0 {
		return m.openings[k%len(m.openings)]
	}
	p := game.NewPosition(m.v)
	var out []string
	for j := 0; j < m.randomPlies; j++ {
		if r, _ := p.Outcome(); r != game.Ongoing {
			break
		}
		mv := ai.RandomMove(p, m.seed*1_000_003+uint64(k)*7919+uint64(j)+17)
		out = append(out, p.MoveString(mv))
		p.Make(mv)
	}
	return out
}

func (m *match) play(i int) result {
	t0 := time.Now()
	aWhite := i%2 == 0
	white, black := m.a, m.b
	if !aWhite {
		white, black = m.b, m.a
	}
	p := game.NewPosition(m.v)
	var moves, san []string
	opening := m.opening(i)
	for _, s := range opening {
		mv, err := p.ParseMove(s)
		if err != nil {
			fail(fmt.Errorf("opening %v: %w", opening, err))
		}
		san = append(san, m.notation(p, mv))
		moves = append(moves, s)
		p.Make(mv)
	}
	res, reason := game.Ongoing, ""
	for _, pl := range []*player{white, black} {
		if err := pl.newGame(); err != nil {
			fail(err)
		}
	}
	// the last scores of each side (White's then Black's), from White's view
	var scores [2][]int
	for {
		if res, reason = p.Outcome(); res != game.Ongoing {
			break
		}
		if m.v.ID == "chess" && insufficient(p) {
			res, reason = game.Draw, "insufficient material"
			break
		}
		if p.Ply() >= m.plyCap {
			res, reason = game.Draw, fmt.Sprintf("adjudicated: the %d-ply cap", m.plyCap)
			break
		}
		if r, why := m.adjudicate(p.Ply(), scores); r != game.Ongoing {
			res, reason = r, why
			break
		}
		side, pl := 0, white
		if p.Turn() == game.Black {
			side, pl = 1, black
		}
		s, sc, err := pl.move(p, moves, m.mt, m.nodes, m.seed*31+uint64(i)*2+uint64(side))
		var mv game.Move
		if err == nil {
			mv, err = p.ParseMove(s)
		}
		if err != nil {
			res = game.WhiteWins
			if side == 0 {
				res = game.BlackWins
			}
			reason = fmt.Sprintf("%s forfeits: %v", pl.name, err)
			break
		}
		if side == 1 {
			sc = -sc
		}
		scores[side] = append(scores[side], sc)
		san = append(san, m.notation(p, mv))
		moves = append(moves, s)
		p.Make(mv)
	}
	r := result{aWhite: aWhite, result: res, reason: reason, plies: p.Ply(), elapsed: time.Since(t0)}
	switch {
	case res == game.Draw:
		r.scoreA = 0.5
	case (res == game.WhiteWins) == aWhite:
		r.scoreA = 1
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "[Event \"match\"]\n[Site \"tools/match\"]\n[Date \"%s\"]\n[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n",
		t0.UTC().Format("2006.01.02"), i+1, white.name, black.name, res)
	if m.v.ID != "chess" {
		fmt.Fprintf(&sb, "[Variant \"%s\"]\n", m.v.ID)
	}
	fmt.Fprintf(&sb, "[TimeControl \"%.3f/move\"]\n[Termination \"%s\"]\n[Opening \"%s\"]\n\n",
		m.mt.Seconds(), reason, strings.Join(opening, " "))
	line := 0
	for k, s := range san {
		tok := s
		if k%2 == 0 {
			tok = fmt.Sprintf("%d. %s", k/2+1, s)
		}
		if line+len(tok) > 78 {
			sb.WriteByte('\n')
			line = 0
		} else if line > 0 {
			sb.WriteByte(' ')
			line++
		}
		sb.WriteString(tok)
		line += len(tok)
	}
	sb.WriteString(" " + res + "\n\n")
	r.pgn = sb.String()
	return r
}

// adjudicate ends a game both engines agree on. scores holds each side's
// reported scores, from White's view.
func (m *match) adjudicate(ply int, scores [2][]int) (string, string) {
	last := func(side, n int) []int {
		s := scores[side]
		if len(s) < n {
			return nil
		}
		return s[len(s)-n:]
	}
	w, b := last(0, m.resignMoves), last(1, m.resignMoves)
	if w != nil && b != nil {
		all := append(append([]int(nil), w...), b...)
		if every(all, func(x int) bool { return x >= m.resign }) {
			return game.WhiteWins, fmt.Sprintf("adjudicated: both engines score White +%d or more", m.resign)
		}
		if every(all, func(x int) bool { return x <= -m.resign }) {
			return game.BlackWins, fmt.Sprintf("adjudicated: both engines score Black +%d or more", m.resign)
		}
	}
	if ply >= m.drawPly {
		w, b := last(0, m.drawMoves), last(1, m.drawMoves)
		if w != nil && b != nil {
			all := append(append([]int(nil), w...), b...)
			if every(all, func(x int) bool { return abs(x) <= m.drawScore }) {
				return game.Draw, fmt.Sprintf("adjudicated: both engines score within ±%d", m.drawScore)
			}
		}
	}
	return game.Ongoing, ""
}

func every(xs []int, f func(int) bool) bool {
	for _, x := range xs {
		if !f(x) {
			return false
		}
	}
	return true
}

// insufficient reports a chess position that no sequence of moves can win:
// only kings, or kings and one knight or bishop.
func insufficient(p *game.Position) bool {
	minors := 0
	for s := 0; s < 64; s++ {
		x := p.At(s)[0]
		if x == game.NoPiece {
			continue
		}
		switch x.Kind() {
		case game.King:
		case game.Knight, game.Bishop:
			minors++
		default:
			return false
		}
	}
	return minors <= 1
}

// eloEstimate returns the Elo difference implied by a W-D-L record and its
// 95% confidence interval (normal approximation of the per-game score; the
// score is clamped to 0.001-0.999, about ±1200 Elo, so the interval of a
// lopsided score is not symmetric).
func eloEstimate(w, d, l int) (float64, float64, float64) {
	n := float64(w + d + l)
	if n == 0 {
		return 0, 0, 0
	}
	s := (float64(w) + 0.5*float64(d)) / n
	elo := func(x float64) float64 {
		x = math.Min(math.Max(x, 0.001), 0.999)
		return -400 * math.Log10(1/x-1)
	}
	variance := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / n
	se := math.Sqrt(variance / n)
	return elo(s), elo(s - 1.96*se), elo(s + 1.96*se)
}
