package ai

import (
	"sort"
	"time"

	"chimera/game"
)

// searchLines is Search's iterative deepening for Config.MultiPV > 1. At
// each depth line k is the best of the root moves that lines 0..k-1 do not
// start with (the root list keeps the lines' first moves in its first k
// places); the lines are then sorted, best first. A stop keeps, for each
// line, its last completed result.
func (s *searcher) searchLines(res *Result, cfg Config, maxDepth int) {
	root := &s.lists[0]
	n := min(cfg.MultiPV, root.N, MaxLines)
	lines := make([]Line, n)
	prev := make([]int, n)
	for depth := 1; depth <= maxDepth; depth++ {
		s.depth = depth
		complete := true
		for k := 0; k < n; k++ {
			score, best, ok := s.searchRootFrom(depth, prev[k], k)
			if best == game.NoMove {
				complete = false
				break
			}
			pv := append([]game.Move(nil), s.pv[0][:s.pvLen[0]]...)
			if len(pv) == 0 || pv[0] != best {
				pv = []game.Move{best}
			}
			if !ok && lines[k].Depth > 0 && lines[k].PV[0] != best {
				// a cut pass: keep the line's last completed result
				complete = false
				break
			}
			lines[k] = Line{Score: score, Mate: mateMoves(score), Depth: depth, PV: pv}
			prev[k] = score
			if !ok {
				complete = false
				break
			}
		}
		if lines[0].Depth == 0 {
			break
		}
		// best first; the root list follows, so that the next depth
		// searches the lines in this order
		order := make([]int, n)
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool {
			la, lb := lines[order[a]], lines[order[b]]
			if (la.Depth == 0) != (lb.Depth == 0) {
				return la.Depth != 0
			}
			return la.Score > lb.Score
		})
		sorted := make([]Line, n)
		ps := make([]int, n)
		for i, j := range order {
			sorted[i], ps[i] = lines[j], prev[j]
		}
		lines, prev = sorted, ps
		for i := range lines {
			if lines[i].Depth > 0 {
				root.Moves[i] = lines[i].PV[0]
			}
		}
		// the root list's other moves keep their order; the lines' first
		// moves may have come from anywhere in it, so make it a
		// permutation again
		s.dedupeRoot(lines)
		res.Move = lines[0].PV[0]
		res.Depth = depth
		res.Score, res.Mate = lines[0].Score, lines[0].Mate
		res.PV = append(res.PV[:0], lines[0].PV...)
		res.Lines = copyLines(lines)
		res.Nodes = s.nodes
		res.Time = time.Since(s.start)
		if !complete {
			break
		}
		s.done = Info{Depth: depth, Score: res.Score, Mate: res.Mate, Nodes: s.nodes, Time: res.Time,
			PV: append([]game.Move(nil), res.PV...), Lines: copyLines(lines)}
		if cfg.OnInfo != nil {
			s.lastInfo = time.Now()
			cfg.OnInfo(s.done)
		}
		if cfg.MoveTime > 0 && (cfg.Depth > 0 || cfg.Nodes > 0) && time.Since(s.start) > cfg.MoveTime/2 {
			break
		}
		if cfg.Nodes > 0 && s.nodes >= cfg.Nodes {
			break
		}
	}
	// only completed lines are reported
	k := 0
	for k < len(res.Lines) && res.Lines[k].Depth > 0 {
		k++
	}
	res.Lines = res.Lines[:k]
}

// dedupeRoot makes the root list a permutation of the legal moves again after
// its first places were set to the lines' first moves: every move appears once,
// the lines' first, the others in their previous order.
func (s *searcher) dedupeRoot(lines []Line) {
	root := &s.lists[0]
	var all game.MoveList
	all.N = 0
	s.p.GenerateMoves(&all)
	seen := make(map[game.Move]bool, all.N)
	out := make([]game.Move, 0, all.N)
	for _, l := range lines {
		if l.Depth > 0 && !seen[l.PV[0]] {
			seen[l.PV[0]] = true
			out = append(out, l.PV[0])
		}
	}
	// the previous order of the rest: the list as it was, which held each
	// legal move once before its first places were overwritten
	prev := make([]game.Move, 0, root.N)
	for i := 0; i < root.N; i++ {
		prev = append(prev, root.Moves[i])
	}
	for _, m := range prev {
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	for i := 0; i < all.N; i++ {
		if !seen[all.Moves[i]] {
			seen[all.Moves[i]] = true
			out = append(out, all.Moves[i])
		}
	}
	root.N = copy(root.Moves[:], out)
}

func copyLines(ls []Line) []Line {
	out := make([]Line, len(ls))
	for i, l := range ls {
		out[i] = l
		out[i].PV = append([]game.Move(nil), l.PV...)
	}
	return out
}
