package game

import "testing"

// BenchmarkPerft measures leaf nodes per second (reported as Mnps) for each
// rule set: chess and the start positions, and the mid-game positions.
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
			for i := 0; i < b.N; i++ {
				nodes += Perft(p, c.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnps")
		})
	}
}
