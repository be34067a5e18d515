package game

import (
	"testing"
	"time"

	"chimera/internal/cputime"
)

// BenchmarkPerft measures leaf nodes per CPU second (reported as Mnps) for
// each rule set: chess and the start positions, and the mid-game positions.
// CPU time, not wall-clock time, so that a shared machine's load does not
// count (under Node its compiler's and collector's threads do).
func BenchmarkPerft(b *testing.B) {
	type bc struct {
		name, variant, fen string
		depth              int
	}
	cases := []bc{{"chess-start", "chess", "startpos", 4}}
	for _, id := range []string{"bedlam", "assimilation", "bifold-halfgi", "bifold-halfgi-pawns", "bifold-halfgi-weak"} {
		cases = append(cases, bc{id + "-start", id, "startpos", 4}, bc{id + "-midgame", id, midgamePositions[id], 3})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			v, _ := VariantByID(c.variant)
			p, err := Parse(v, c.fen)
			if err != nil {
				b.Fatal(err)
			}
			var nodes uint64
			var el time.Duration
			for i := 0; i < b.N; i++ {
				t0 := cputime.Now()
				nodes += Perft(p, c.depth)
				el += cputime.Now() - t0
			}
			b.ReportMetric(float64(nodes)/el.Seconds()/1e6, "Mnps")
		})
	}
}
