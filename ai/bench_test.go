package ai

import (
	"sync"
	"testing"
	"time"

	"chimera/game"
	"chimera/internal/cputime"
)

// midgames are mid-game positions of every rule set, reached from the
// start by a fixed line of play, for speed benchmarks.
var midgames = []struct{ variant, fen string }{
	{"bedlam", "r1b1k2r/ppp2ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPP2PPP/R1B1KB1R[Qq] w - - 0 7"},
	{"assimilation", "r1bqk2r/ppp2ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPP1BPPP/R1BQK2R w KQkq - 0 6"},
	{"bifold-halfgi", "(rr)(hh)(bb)(qq)(wf)(bb)1(rr)/ppp2ppp/3p1h2/4p3/4P3/2H2P2/PPPP2PP/(RR)1(BB)(QQ)(WF)(BB)(HH)(RR)[Hh] w KQkq - 0 5"},
	{"bifold-halfgi-pawns", "startpos"},
	{"bifold-halfgi-weak", "startpos"},
	{"chess", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"},
}

func mustParse(tb testing.TB, variant, fen string) *game.Position {
	tb.Helper()
	v, err := game.VariantByID(variant)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := game.Parse(v, fen)
	if err != nil {
		tb.Fatalf("%s %q: %v", variant, fen, err)
	}
	return p
}

// warmUp searches every mid-game position once, untimed, before the first
// measurement: under WebAssembly V8 first runs its baseline code and
// optimises the hot functions only after a while.
func warmUp(b *testing.B) {
	warmOnce.Do(func() {
		for _, mg := range midgames {
			NewEngine(16).Search(mustParse(b, mg.variant, mg.fen), Config{Limits: Limits{Nodes: 200_000}})
		}
	})
}

var warmOnce sync.Once

// BenchmarkSearch reports nodes per second of a search of 400,000 nodes in a
// mid-game position of every rule set, per CPU second (the machine may be
// shared; run with -cpu 1 so the garbage collector's time counts too; under
// Node the CPU time includes its compiler's and collector's threads), after
// a warm-up. make bench-search runs it natively and under Node and prints
// the ratio.
func BenchmarkSearch(b *testing.B) {
	warmUp(b)
	for _, mg := range midgames {
		b.Run(mg.variant, func(b *testing.B) {
			p := mustParse(b, mg.variant, mg.fen)
			var nodes uint64
			var el time.Duration
			depth := 0
			e := NewEngine(16)
			for i := 0; i < b.N; i++ {
				e.Clear()
				t0 := cputime.Now()
				r := e.Search(p, Config{Limits: Limits{Nodes: 400_000}})
				el += cputime.Now() - t0
				nodes += r.Nodes
				depth = r.Depth
			}
			b.ReportMetric(float64(nodes)/el.Seconds(), "nps")
			b.ReportMetric(float64(depth), "depth")
		})
	}
}
