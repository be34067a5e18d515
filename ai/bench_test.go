package ai

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"chimera/game"
	"chimera/internal/cputime"
)

// midgame is a position of a rule set.
type midgame struct{ variant, fen string }

// midgames are mid-game positions of every rule set, reached from the
// start by a fixed line of play, for speed benchmarks
// (testdata/midgames.txt; tools/enginespeed.mjs searches the same ones in
// a browser worker).
var midgames = readMidgames("testdata/midgames.txt")

// readMidgames reads a file of lines "rule set<TAB>position" (# starts a
// comment line).
func readMidgames(name string) []midgame {
	b, err := os.ReadFile(name)
	if err != nil {
		panic(err)
	}
	var mgs []midgame
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		v, fen, ok := strings.Cut(line, "\t")
		if !ok {
			panic(fmt.Sprintf("%s: %q: no tab", name, line))
		}
		mgs = append(mgs, midgame{v, fen})
	}
	return mgs
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
