//go:build mategen

package ai

// The mate suite's positions (mates_test.go) were found by this generator:
// it plays seeded games between level 3 and the random player and keeps
// positions where the side to move has a forced mate of the wanted length
// whose mating move is of the wanted type. Run it with
//
//	go test -tags mategen -run TestGenerateMates -v ./ai

import (
	"fmt"
	"testing"
	"time"

	"chimera/game"
)

// moveType names what is special about a move, for the suite's categories.
func moveType(p *game.Position, m game.Move) string {
	e := p.Effects(m)
	v := p.Variant()
	switch {
	case m.IsDrop():
		return "drop"
	case !v.Bifold && m.Promo() != game.NoKind && p.At(m.From())[0].Kind() != game.Pawn:
		return "metamorphosis"
	case m.Promo() != game.NoKind:
		return "promotion"
	case e.Kind == game.KindMerge && m.IsCapture():
		return "assimilation"
	case e.Kind == game.KindMerge:
		return "fusion"
	case !v.Bifold && m.Part() != game.NoKind:
		return "split"
	case m.IsCapture():
		return "capture"
	}
	return "quiet"
}

func TestGenerateMates(t *testing.T) {
	for _, id := range []string{"bedlam", "assimilation", "bifold-halfgi", "bifold-halfgi-pawns", "bifold-halfgi-weak"} {
		v, _ := game.VariantByID(id)
		seen := map[string]int{}
		e := NewEngine(16)
		for g := 0; g < 60; g++ {
			p := game.NewPosition(v)
			for ply := 0; ply < 160; ply++ {
				if r, _ := p.Outcome(); r != "" {
					break
				}
				r := e.Search(p, Config{Limits: Limits{Depth: 3, MoveTime: time.Second}})
				if r.Mate == 1 || r.Mate == 2 {
					typ := moveType(p, r.Move)
					key := fmt.Sprintf("%d-%s", r.Mate, typ)
					if seen[key] < 2 {
						seen[key]++
						fmt.Printf("{%q, %q, %d, %q}, // %s\n", id, p.String(), r.Mate, typ, p.MoveString(r.Move))
					}
				}
				var m game.Move
				if ply%2 == g%2 {
					m = e.Search(p, LevelConfig(3, time.Second, uint64(g))).Move
				} else {
					m = RandomMove(p, uint64(g*1000+ply))
				}
				p.Make(m)
			}
		}
	}
}
