//go:build tune

package ai

// The evaluation tuner: Texel-style fitting of a rule set's piece values
// (and, in drop games, the in-hand bonus) to game results. It plays
// self-play games (level 8 at a fixed node count per move, from seeded
// random openings), keeps the quiet positions (side to move not in check,
// next move not a capture or promotion) with each game's result, then
// minimises the mean squared error between the result and
// 1 / (1 + 10^(-K·eval/400)) of the static evaluation, first over K, then
// over the values by coordinate descent (steps 16, 8, 4, 2 centipawns),
// each value kept within 0.6-1.5 times its starting value and fitted only
// where the sides differ in that kind in at least 2% of the positions. It
// prints the fitted values as the rule set's Values and HandBonus for
// game/variant.go; whether they are kept is decided by a match (tools/match,
// see README.md "Strength").
//
//	go test -tags tune -run TestTune -v -timeout 0 ./ai -args \
//	    -tune.variant bedlam -tune.games 400 -tune.nodes 4000 -tune.data /tmp/bedlam.txt
//
// With an existing -tune.data file (one "result|position" line each, result
// 1, 0.5 or 0 for White) the games are not played again.

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"chimera/game"
)

var (
	tuneVariant = flag.String("tune.variant", "bedlam", "rule set to tune")
	tuneGames   = flag.Int("tune.games", 400, "self-play games to generate")
	tuneNodes   = flag.Int("tune.nodes", 4000, "nodes per move in the self-play games")
	tuneData    = flag.String("tune.data", "", "positions file (made when missing)")
	tuneSkip    = flag.Int("tune.skip", 8, "plies at the start of each game not sampled")
	tuneFirst   = flag.Int("tune.first", 0, "the number of the first self-play game (its opening's seed): processes with different ones play different games")
)

type sample struct {
	p      *game.Position
	result float64 // for White
	score  float64 // a third field: another engine's score for White, centipawns
	scored bool
}

func TestTune(t *testing.T) {
	v, err := game.VariantByID(*tuneVariant)
	if err != nil {
		t.Fatal(err)
	}
	path := *tuneData
	if path == "" {
		path = os.TempDir() + "/tune-" + v.ID + ".txt"
	}
	if _, err := os.Stat(path); err != nil {
		t0 := time.Now()
		n := generate(t, v, path)
		t.Logf("%d positions from %d games in %v -> %s", n, *tuneGames, time.Since(t0).Round(time.Second), path)
	}
	data := load(t, v, path)
	t.Logf("%s: %d positions", v.ID, len(data))

	// the kinds that differ in number between the sides in at least 2% of
	// the positions (the others are too rare to fit)
	var params []game.Kind
	for _, k := range tunedKinds(v) {
		n := 0
		for _, d := range data {
			if count(d.p, k, game.White) != count(d.p, k, game.Black) {
				n++
			}
		}
		if n*50 >= len(data) {
			params = append(params, k)
		} else {
			t.Logf("%s: unbalanced in only %d positions, not fitted", k.Name(), n)
		}
	}
	base := make(map[game.Kind]int)
	ev := newEvaluator(v)
	for _, k := range params {
		base[k] = ev.value[k]
	}
	hand := v.HandBonus
	errAt := func(vals map[game.Kind]int, h int, k float64) float64 {
		return meanError(newEvaluatorWith(v, vals, h, nil), data, k)
	}
	// K: the scale that best fits the current values
	bestK, bestE := 1.0, math.Inf(1)
	for k := 0.02; k <= 3.0; k *= 1.05 {
		if e := errAt(base, hand, k); e < bestE {
			bestK, bestE = k, e
		}
	}
	t.Logf("K %.2f, error %.6f with the current values", bestK, bestE)
	vals := make(map[game.Kind]int)
	for k, x := range base {
		vals[k] = x
	}
	e0 := bestE
	for _, step := range []int{16, 8, 4, 2} {
		for improved := true; improved; {
			improved = false
			for _, k := range params {
				for _, d := range []int{step, -step} {
					// a trust region: within 0.6-1.5 times the
					// starting value (the data are few and noisy)
					if x := vals[k] + d; 10*x < 6*base[k] || 2*x > 3*base[k] {
						continue
					}
					vals[k] += d
					if e := errAt(vals, hand, bestK); e < bestE {
						bestE, improved = e, true
						t.Logf("  %s %d: %.6f", k.Name(), vals[k], e)
						break
					}
					vals[k] -= d
				}
			}
			if v.Drops {
				for _, d := range []int{step / 2, -step / 2} {
					if hand+d < 0 {
						continue
					}
					if e := errAt(vals, hand+d, bestK); e < bestE {
						hand += d
						bestE, improved = e, true
						t.Logf("  hand bonus %d%%: %.6f", hand, e)
						break
					}
				}
			}
		}
	}
	t.Logf("error %.6f -> %.6f", e0, bestE)
	var sb strings.Builder
	sb.WriteString("Values: map[Kind]int{")
	for i, k := range params {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%s: %d", kindIdent(k), vals[k])
	}
	sb.WriteString("}")
	if v.Drops {
		fmt.Fprintf(&sb, ", HandBonus: %d", hand)
	}
	t.Log("tuned:\n" + sb.String())
}

// tunedKinds lists the kinds whose value is fitted: every kind of the rule
// set except the plain pawn (the unit) and the full-size royal.
func tunedKinds(v *game.Variant) []game.Kind {
	seen := map[game.Kind]bool{}
	p := game.NewPosition(v)
	for s := 0; s < 64; s++ {
		for _, x := range p.At(s) {
			if x != game.NoPiece {
				seen[x.Kind()] = true
			}
		}
	}
	for _, k := range v.Promotions {
		seen[k] = true
	}
	for _, k := range v.HandOrder() {
		seen[k] = true
	}
	if !v.Bifold {
		// compounds made by fusion, assimilation or metamorphosis
		for _, k := range []game.Kind{game.Queen, game.Marshall, game.Paladin, game.Pope, game.Dragon, game.Eques} {
			if !v.Hidden || k == game.Queen { // plain chess has only the queen
				seen[k] = true
			}
		}
		delete(seen, game.King)
	}
	delete(seen, game.Pawn)
	var out []game.Kind
	for k := range seen {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func kindIdent(k game.Kind) string {
	return [...]string{"NoKind", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King", "Marshall", "Paladin",
		"Pope", "Dragon", "Eques", "HRook", "HBishop", "HQueen", "Horse", "Wazir", "Ferz", "LPawn", "DPawn", "VPawn"}[k]
}

// count returns how many pieces of kind k side c has, on the board and in
// hand.
func count(p *game.Position, k game.Kind, c game.Color) int {
	n := p.HandCount(c, k)
	for s := 0; s < 64; s++ {
		for _, x := range p.At(s) {
			if x != game.NoPiece && x.Kind() == k && x.Color() == c {
				n++
			}
		}
	}
	return n
}

// generate plays the self-play games and writes the quiet positions.
func generate(t *testing.T, v *game.Variant, path string) int {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	e := NewEngine(16)
	n := 0
	for g := *tuneFirst; g < *tuneFirst+*tuneGames; g++ {
		p := game.NewPosition(v)
		seed := uint64(g)*7919 + 11
		for k := 0; k < 8; k++ {
			if r, _ := p.Outcome(); r != game.Ongoing {
				break
			}
			p.Make(RandomMove(p, seed+uint64(k)))
		}
		e.Clear()
		var picked []string
		result := ""
		for {
			if r, _ := p.Outcome(); r != game.Ongoing {
				result = r
				break
			}
			if p.Ply() >= 300 {
				result = game.Draw
				break
			}
			res := e.Search(p, Config{Limits: Limits{Nodes: uint64(*tuneNodes)}})
			m := res.Move
			quiet := !m.IsCapture() && m.Promo() == game.NoKind && !(v.Check && p.InCheck())
			if quiet && p.Ply() >= *tuneSkip && abs(res.Score) < 2000 {
				picked = append(picked, p.String())
			}
			p.Make(m)
		}
		r := map[string]string{game.WhiteWins: "1", game.BlackWins: "0", game.Draw: "0.5"}[result]
		for _, s := range picked {
			fmt.Fprintf(w, "%s|%s\n", r, s)
			n++
		}
	}
	return n
}

func load(t *testing.T, v *game.Variant, path string) []sample {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sample
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		r, s, ok := strings.Cut(sc.Text(), "|")
		if !ok {
			continue
		}
		smp := sample{}
		if s2, cp, ok := strings.Cut(s, "|"); ok {
			x, err := strconv.ParseFloat(cp, 64)
			if err != nil {
				t.Fatal(err)
			}
			s, smp.score, smp.scored = s2, x, true
		}
		res, err := strconv.ParseFloat(r, 64)
		if err != nil {
			t.Fatal(err)
		}
		p, err := game.Parse(v, s)
		if err != nil {
			t.Fatal(err)
		}
		smp.p, smp.result = p, res
		out = append(out, smp)
	}
	return out
}

// meanError is the mean squared error of the predicted results of data
// under the current tuning, with scale k.
func meanError(ev *evaluator, data []sample, k float64) float64 {
	sum := 0.0
	for _, d := range data {
		ev.reset(d.p)
		s := float64(ev.eval(d.p))
		if d.p.Turn() == game.Black {
			s = -s
		}
		pred := 1 / (1 + math.Pow(10, -k*s/400))
		sum += (d.result - pred) * (d.result - pred)
	}
	return sum / float64(len(data))
}

var (
	tunePSTHold = flag.Float64("tune.hold", 0.1, "TestTunePST: the last fraction of the data (the last games) held out to validate")
	tuneMix     = flag.Float64("tune.mix", 0, "TestTunePST: with scored data, the weight of the game result in the target (the rest: the score's)")
	tuneTaper   = flag.Bool("tune.taper", true, "TestTunePST: fit a middle-game and an end-game board for each kind, blended by the non-pawn material")
	tuneIters   = flag.Int("tune.iters", 300, "TestTunePST: gradient steps")
	tuneL2      = flag.Float64("tune.l2", 0, "TestTunePST: weight of the pull towards the hand-set terms, per centipawn squared")
	tuneSmooth  = flag.Float64("tune.smooth", 0, "TestTunePST: weight of the pull of each term towards its neighbours' (the squares a king step away), per centipawn squared")
	tuneSplit   = flag.Float64("tune.split", 0, "TestTunePST: weight of the pull of each middle-game term towards its end-game term, per centipawn squared")
)

// TestTunePST fits the piece-square terms of the pawn, knight, bishop,
// rook, queen and king (in the Bifold Halfgi family: of every kind of the
// rule set, each piece of a square counted; White's view, Black mirrored;
// a constant shift of a kind's board is a change of its value) to the game
// results of -tune.data, the rest of the evaluation held fixed (the
// structural terms weighed as the rule set plays them): gradient
// descent (Adam, 1 centipawn steps) on the same mean squared error as
// TestTune, with K fitted first, the last games held out. With -tune.taper
// (the default; not in the Bifold Halfgi family, whose evaluation does not
// taper) each kind has a middle-game and an end-game board, blended as the
// evaluation blends them (taper: by the non-pawn material left, up to
// taperMax). A square seen in fewer than 0.5% of the positions keeps its
// hand-set term. It prints the boards for pst.go (a rule set's squares in
// tuning.go) and the held-out error before and after; whether they are
// kept is decided by a match. Where the data's lines carry a third field,
// another engine's score for White ("result|position|centipawns"), the
// target is 1 / (1 + 10^(-score/400)) mixed with the result by -tune.mix.
//
//	go test -tags tune -run TestTunePST -v -timeout 0 ./ai -args \
//	    -tune.variant chess -tune.data /tmp/chess.txt
func TestTunePST(t *testing.T) {
	v, err := game.VariantByID(*tuneVariant)
	if err != nil {
		t.Fatal(err)
	}
	data := load(t, v, *tuneData)
	ev := newEvaluator(v)
	if tn := tuningFor(v.ID); tn.terms != nil {
		// the structural terms weighed as the rule set plays them
		ev.useTerms(tn.terms)
	}
	kinds := []game.Kind{game.Pawn, game.Knight, game.Bishop, game.Rook, game.Queen, game.King}
	phases := 1
	if *tuneTaper && !v.Bifold {
		phases = 2
	}
	if v.Bifold {
		// every kind of the rule set, one board each (the Bifold Halfgi
		// evaluation does not taper)
		kinds = v.Pieces
	}
	nk := len(kinds)
	// each sample: the evaluation without the tuned terms (White's view)
	// and the tuned terms' indexes with their coefficients (sign and phase)
	type feat struct {
		rest float64
		idx  []int16
		coef []float32
		res  float64
	}
	init := make([]float64, phases*nk*64)
	for i, k := range kinds {
		for sq := 0; sq < 64; sq++ {
			for ph := 0; ph < phases; ph++ {
				init[ph*nk*64+i*64+sq] = float64(ev.pieceSquare(k, game.White, sq, ph))
			}
		}
	}
	kindIdx := map[game.Kind]int{}
	for i, k := range kinds {
		kindIdx[k] = i
	}
	phaseMax := float64(taperMax) // as the evaluation tapers (eval.go)
	fs := make([]feat, 0, len(data))
	for _, d := range data {
		ev.reset(d.p)
		s := float64(ev.eval(d.p))
		if d.p.Turn() == game.Black {
			s = -s
		}
		f := feat{res: d.result}
		if d.scored {
			f.res = *tuneMix*d.result + (1-*tuneMix)/(1+math.Pow(10, -d.score/400))
		}
		st := &ev.st[ev.top]
		mg := min(float64(st.nonPawn[0]+st.nonPawn[1]), phaseMax) / phaseMax
		for sq := 0; sq < 64; sq++ {
			for _, x := range d.p.At(sq) {
				if x == game.NoPiece {
					continue
				}
				i, ok := kindIdx[x.Kind()]
				if !ok {
					continue
				}
				rsq, sg := sq, float32(1)
				if x.Color() == game.Black {
					rsq, sg = sq^56, -1
				}
				j := i*64 + rsq
				s -= float64(sg) * init[j]
				if phases == 1 {
					f.idx = append(f.idx, int16(j))
					f.coef = append(f.coef, sg)
					continue
				}
				f.idx = append(f.idx, int16(j), int16(nk*64+j))
				f.coef = append(f.coef, sg*float32(mg), sg*float32(1-mg))
			}
		}
		f.rest = s
		fs = append(fs, f)
	}
	nTrain := int(float64(len(fs)) * (1 - *tunePSTHold))
	train, hold := fs[:nTrain], fs[nTrain:]
	sig := func(k, s float64) float64 { return 1 / (1 + math.Pow(10, -k*s/400)) }
	errOf := func(set []feat, w []float64, k float64) float64 {
		sum := 0.0
		for _, f := range set {
			s := f.rest
			for i, j := range f.idx {
				s += float64(f.coef[i]) * w[j]
			}
			e := f.res - sig(k, s)
			sum += e * e
		}
		return sum / float64(len(set))
	}
	K, bestE := 1.0, math.Inf(1)
	for k := 0.1; k <= 3.0; k *= 1.02 {
		if e := errOf(train, init, k); e < bestE {
			K, bestE = k, e
		}
	}
	t.Logf("%d positions (%d held out), K %.3f; error: train %.6f, held out %.6f", len(fs), len(hold), K, bestE, errOf(hold, init, K))
	// Adam on the mean squared error (and -tune.l2's pull)
	w := slices.Clone(init)
	m1 := make([]float64, len(w))
	m2 := make([]float64, len(w))
	g := make([]float64, len(w))
	const lr, b1, b2 = 1.0, 0.9, 0.999
	// a square seen in fewer than 0.5% of the positions keeps its term
	seen := make([]int, len(w))
	for _, f := range train {
		for _, j := range f.idx {
			seen[j]++
		}
	}
	c := K * math.Ln10 / 400
	for it := 1; it <= *tuneIters; it++ {
		clear(g)
		for _, f := range train {
			s := f.rest
			for i, j := range f.idx {
				s += float64(f.coef[i]) * w[j]
			}
			p := sig(K, s)
			d := -2 * (f.res - p) * p * (1 - p) * c
			for i, j := range f.idx {
				g[j] += d * float64(f.coef[i])
			}
		}
		for j := range w {
			if seen[j]*200 < len(train) {
				continue
			}
			gj := g[j]/float64(len(train)) + 2**tuneL2*(w[j]-init[j])
			sq, board := j%64, j/64*64
			for t := 0; t < 64; t++ {
				if cheb(sq, t) == 1 && seen[board+t]*200 >= len(train) {
					gj += 2 * *tuneSmooth * (w[j] - w[board+t])
				}
			}
			if phases == 2 {
				o := (j + nk*64) % (2 * nk * 64) // the same square in the other phase
				gj += 2 * *tuneSplit * (w[j] - w[o])
			}
			m1[j] = b1*m1[j] + (1-b1)*gj
			m2[j] = b2*m2[j] + (1-b2)*gj*gj
			mh := m1[j] / (1 - math.Pow(b1, float64(it)))
			vh := m2[j] / (1 - math.Pow(b2, float64(it)))
			w[j] -= lr * mh / (math.Sqrt(vh) + 1e-12)
		}
		if it%50 == 0 {
			t.Logf("iteration %d: train %.6f, held out %.6f", it, errOf(train, w, K), errOf(hold, w, K))
		}
	}
	var sb strings.Builder
	names := [2]string{"middle game", "end game"}
	if phases == 1 {
		names[0] = "both phases"
	}
	for i, k := range kinds {
		fmt.Fprintf(&sb, "\tgame.%s: {\n", kindIdent(k))
		for ph := 0; ph < phases; ph++ {
			fmt.Fprintf(&sb, "\t\t{ // %s", names[ph])
			for r := 7; r >= 0; r-- {
				sb.WriteString("\n\t\t\t")
				for f := 0; f < 8; f++ {
					fmt.Fprintf(&sb, "%d,", int(math.Round(w[ph*nk*64+i*64+r*8+f])))
					if f < 7 {
						sb.WriteString(" ")
					}
				}
			}
			sb.WriteString("\n\t\t},\n")
		}
		sb.WriteString("\t},\n")
	}
	t.Log("tuned (pst.go's pieceSquares: rank 8 first, White's view):\n" + sb.String())
}

// TestTuneTerms fits the weights of the structural terms (structure.go's
// fullTerms: passed and isolated pawns, the bishop pair, rooks on open
// files, mobility, the pawn shield, the open royal files, the king attack,
// the flank and end-game pawn advance), middle and end game apart, to the
// scored data of -tune.data ("result|position|centipawns" lines, another
// engine's score for White: tools/match -label), the rest of the evaluation
// (the rule set's fitted boards included) held fixed, starting from the
// weights the rule set plays with (its terms in tuning.go, or chessTerms):
// coordinate descent
// (steps 8, 4, 2, 1) on the mean squared error between the score's and the
// evaluation's 1 / (1 + 10^(-K·eval/400)), with K fitted first, the last
// games held out. Each trial evaluates every position again with the whole
// evaluator, so the fit sees exactly what the search would. It prints the
// weights for structure.go (a rule set's terms in tuning.go) and the
// held-out error before and after; whether they are kept is decided by a
// match.
//
//	go test -tags tune -run TestTuneTerms -v -timeout 0 ./ai -args \
//	    -tune.variant chess -tune.data /tmp/chess-scored.txt
func TestTuneTerms(t *testing.T) {
	v, err := game.VariantByID(*tuneVariant)
	if err != nil {
		t.Fatal(err)
	}
	if v.Bifold {
		t.Fatal("the Bifold Halfgi family has no structural terms")
	}
	data := load(t, v, *tuneData)
	for _, d := range data {
		if !d.scored {
			t.Fatalf("%s: a line without a score; label the data first (tools/match -label)", *tuneData)
		}
	}
	tn := tuningFor(v.ID)
	w := chessTerms
	if tn.terms != nil {
		w = *tn.terms
	}
	nTrain := int(float64(len(data)) * (1 - *tunePSTHold))
	train, hold := data[:nTrain], data[nTrain:]
	// the evaluators, one per worker
	const workers = 2
	evs := make([]*evaluator, workers)
	for i := range evs {
		evs[i] = newEvaluatorWith(v, nil, v.HandBonus, tn.squares)
	}
	errOf := func(set []sample, k float64) float64 {
		sums := make([]float64, workers)
		done := make(chan struct{})
		for i := range workers {
			go func() {
				ev := evs[i]
				ev.useTerms(&w)
				for j := i; j < len(set); j += workers {
					d := set[j]
					ev.reset(d.p)
					s := float64(ev.eval(d.p))
					if d.p.Turn() == game.Black {
						s = -s
					}
					e := 1/(1+math.Pow(10, -d.score/400)) - 1/(1+math.Pow(10, -k*s/400))
					sums[i] += e * e
				}
				done <- struct{}{}
			}()
		}
		for range workers {
			<-done
		}
		sum := 0.0
		for _, x := range sums {
			sum += x
		}
		return sum / float64(len(set))
	}
	K, bestE := 1.0, math.Inf(1)
	for k := 0.3; k <= 3.0; k *= 1.02 {
		if e := errOf(train, k); e < bestE {
			K, bestE = k, e
		}
	}
	before := errOf(hold, K)
	t.Logf("%d positions (%d held out), K %.3f; error: train %.6f, held out %.6f", len(data), len(hold), K, bestE, before)
	type param struct {
		name string
		p    *int
		min  int
	}
	var ps []param
	add := func(name string, p *int, lo int) { ps = append(ps, param{name, p, lo}) }
	for r := 1; r < 7; r++ {
		add(fmt.Sprintf("passedMg[%d]", r), &w.passedMg[r], -100)
		add(fmt.Sprintf("passedEg[%d]", r), &w.passedEg[r], -100)
	}
	add("isolated", &w.isolated, -100)
	add("isolatedEg", &w.isolatedEg, -100)
	add("bishopPair", &w.bishopPair, -100)
	add("bishopPairEg", &w.bishopPairEg, -100)
	add("rookOpen", &w.rookOpen, -100)
	add("rookSemi", &w.rookSemi, -100)
	add("rookOpenEg", &w.rookOpenEg, -100)
	add("rookSemiEg", &w.rookSemiEg, -100)
	for k := range w.mob {
		if w.mob[k] != 0 && slices.Contains(v.Pieces, game.Kind(k)) {
			add("mob "+kindIdent(game.Kind(k)), &w.mob[k], -20)
			add("mobEg "+kindIdent(game.Kind(k)), &w.mobEg[k], -20)
		}
	}
	add("shield", &w.shield, -100)
	add("openRoyal", &w.openRoyal, -100)
	for k := range w.attackUnits {
		if w.attackUnits[k] != 0 {
			add("attackUnits "+kindIdent(game.Kind(k)), &w.attackUnits[k], 0)
		}
	}
	add("attackScale", &w.attackScale, 0)
	add("flankPawn", &w.flankPawn, -100)
	add("endPawn", &w.endPawn, -100)
	cur := bestE
	for _, step := range []int{8, 4, 2, 1} {
		for pass := 0; pass < 3; pass++ {
			better := false
			for _, q := range ps {
				old := *q.p
				for _, d := range []int{step, -step} {
					if old+d < q.min {
						continue
					}
					*q.p = old + d
					if e := errOf(train, K); e < cur {
						cur, old, better = e, old+d, true
						break
					}
				}
				*q.p = old
			}
			t.Logf("step %d, pass %d: train %.6f, held out %.6f", step, pass, cur, errOf(hold, K))
			if !better {
				break
			}
		}
	}
	t.Logf("held out: %.6f before, %.6f after", before, errOf(hold, K))
	t.Logf("tuned (structure.go's fullTerms):\n%#v", w)
	for _, q := range ps {
		t.Logf("%-16s %d", q.name, *q.p)
	}
}
