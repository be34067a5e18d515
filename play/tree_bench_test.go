package play

import (
	"math/rand/v2"
	"testing"

	"chimera/game"
)

// Figures (2026-12-02, this 2-core machine shared with other jobs, so
// noisy; `go test ./play -run '^$' -bench Tree -benchtime 20x -benchmem`),
// for a full tree (MaxNodes = 4,000 Bedlam moves): Items 4-7 ms, Record
// 3-7 ms, ParseTreeRecord 0.21-0.34 s (1.2 s before matchQuick), LoadTree
// 50-56 ms, Position at the end of a 200-ply main line 0.07 ms. A game of
// 100 moves with a few side lines costs about a fortieth of these.

// fullTree is a Bedlam tree of MaxNodes moves: a main line of 200 plies
// (fewer when the game ends) and random side lines from random nodes.
func fullTree(b *testing.B) *Tree {
	v, _ := game.VariantByID("bedlam")
	tr, _ := NewTree(v, "")
	r := rand.New(rand.NewPCG(5, 6))
	at := Path("")
	for i := 0; i < 200; i++ {
		p := tr.Position(at)
		ms := p.LegalMoves()
		if res, _ := p.Outcome(); res != "" || len(ms) == 0 {
			break
		}
		at, _, _ = tr.Play(at, p.MoveString(ms[r.IntN(len(ms))]))
	}
	paths := allPaths(tr)
	for tr.Len() < MaxNodes {
		at := paths[r.IntN(len(paths))]
		p := tr.Position(at)
		ms := p.LegalMoves()
		if res, _ := p.Outcome(); res != "" || len(ms) == 0 {
			continue
		}
		next, _, err := tr.Play(at, p.MoveString(ms[r.IntN(len(ms))]))
		if err != nil {
			b.Fatal(err)
		}
		paths = append(paths, next)
	}
	return tr
}

// BenchmarkTreeItems: the move list of a full tree (drawn after each change).
func BenchmarkTreeItems(b *testing.B) {
	tr := fullTree(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tr.Items()
	}
}

// BenchmarkTreeRecord: writing a full tree's record.
func BenchmarkTreeRecord(b *testing.B) {
	tr := fullTree(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tr.Record(RecordTags{})
	}
}

// BenchmarkParseTreeRecord: reading a full tree's record back.
func BenchmarkParseTreeRecord(b *testing.B) {
	rec := fullTree(b).Record(RecordTags{})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ParseTreeRecord(rec, ""); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadTree: loading a full tree's Save.
func BenchmarkLoadTree(b *testing.B) {
	data := fullTree(b).Save()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := LoadTree(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTreePosition: the position at the end of the main line of a full
// tree (Position replays the moves from the start).
func BenchmarkTreePosition(b *testing.B) {
	tr := fullTree(b)
	end := tr.LineEnd("")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tr.Position(end)
	}
}
