package game

import (
	"sort"
	"strings"
	"testing"
)

// A deliberately plain second implementation of the full-size rules (Bedlam,
// Assimilation, chess), written from docs/RULES.md without the engine's
// tables, fast paths or make/unmake: boards are copied, legality is a naive
// attack scan. TestReferenceFull compares its move lists with the engine's in
// positions from random games.

type refPos struct {
	v      *Variant
	b      [64]byte // letters, 0 empty
	hand   map[byte]int
	white  bool
	castle string
	ep     int
}

func refFrom(p *Position) refPos {
	r := refPos{v: p.v, hand: map[byte]int{}, white: p.Turn() == White, ep: p.EnPassant()}
	for s := 0; s < 64; s++ {
		if x := p.At(s)[0]; x != NoPiece {
			r.b[s] = p.v.PieceLetter(x)
		}
	}
	for c := White; c <= Black; c++ {
		for _, k := range p.v.HandOrder() {
			if n := p.HandCount(c, k); n > 0 {
				r.hand[p.v.PieceLetter(MakePiece(c, k))] = n
			}
		}
	}
	r.castle = strings.Fields(p.String())[2]
	return r
}

func isWhite(l byte) bool { return l >= 'A' && l <= 'Z' }
func up(l byte) byte {
	if l >= 'a' {
		return l - 32
	}
	return l
}
func withColor(l byte, white bool) byte {
	l = up(l)
	if !white {
		l += 32
	}
	return l
}

// components of a full-size letter, as simple letters K R B N
var refComps = map[byte]string{'K': "K", 'R': "R", 'B': "B", 'N': "N", 'Q': "RB", 'M': "RN", 'A': "BN", 'O': "KB", 'D': "KR", 'E': "KN"}

func refCompound(a, b byte) byte {
	for l, c := range refComps {
		if len(c) == 2 && ((c[0] == a && c[1] == b) || (c[0] == b && c[1] == a)) {
			return l
		}
	}
	return 0
}

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// reach lists the squares a simple component c on s reaches (stopping at and
// including the first occupied square on a line).
func (r *refPos) reach(s int, c byte) []int {
	var out []int
	f, rk := s%8, s/8
	line := func(df, dr int, slide bool) {
		for i := 1; ; i++ {
			nf, nr := f+i*df, rk+i*dr
			if !onBoard(nf, nr) {
				return
			}
			out = append(out, nr*8+nf)
			if r.b[nr*8+nf] != 0 || !slide {
				return
			}
		}
	}
	switch c {
	case 'K':
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			line(d[0], d[1], false)
		}
	case 'R':
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			line(d[0], d[1], true)
		}
	case 'B':
		for _, d := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			line(d[0], d[1], true)
		}
	case 'N':
		for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
			if onBoard(f+d[0], rk+d[1]) {
				out = append(out, (rk+d[1])*8+f+d[0])
			}
		}
	}
	return out
}

// attackedBy reports whether side white attacks square s.
func (r *refPos) attackedBy(s int, white bool) bool {
	for from := 0; from < 64; from++ {
		l := r.b[from]
		if l == 0 || isWhite(l) != white {
			continue
		}
		if up(l) == 'P' {
			dir := 1
			if !white {
				dir = -1
			}
			if from/8+dir == s/8 && (from%8-s%8 == 1 || s%8-from%8 == 1) {
				return true
			}
			continue
		}
		for _, c := range []byte(refComps[up(l)]) {
			for _, t := range r.reach(from, c) {
				if t == s {
					return true
				}
			}
		}
	}
	return false
}

func (r *refPos) royal(white bool) int {
	for s, l := range r.b {
		if l != 0 && isWhite(l) == white && strings.ContainsRune("KODE", rune(up(l))) {
			return s
		}
	}
	return -1
}

func sq(s int) string { return SquareName(s) }

// key describes the board and hands (for comparing results).
func (r *refPos) key() string {
	var b strings.Builder
	for _, l := range r.b {
		if l == 0 {
			l = '.'
		}
		b.WriteByte(l)
	}
	var h []string
	for l, n := range r.hand {
		if n > 0 {
			h = append(h, strings.Repeat(string(l), n))
		}
	}
	sort.Strings(h)
	return b.String() + " " + strings.Join(h, "")
}

// moves returns the legal move strings, and the board and hands after each.
func (r *refPos) moves() ([]string, map[string]string) {
	v := r.v
	us := r.white
	var out []string
	after := map[string]string{}
	try := func(ms string, next refPos) {
		if !next.attackedBy(next.royal(us), !us) {
			out = append(out, ms)
			after[ms] = next.key()
		}
	}
	copyPos := func() refPos {
		n := *r
		n.hand = map[byte]int{}
		for k, c := range r.hand {
			n.hand[k] = c
		}
		return n
	}
	capture := func(n *refPos, victim byte) {
		if v.Drops {
			n.hand[withColor(victim, us)]++
		}
	}
	lastRank, secondRank, fwd := 7, 1, 8
	if !us {
		lastRank, secondRank, fwd = 0, 6, -8
	}
	for s := 0; s < 64; s++ {
		l := r.b[s]
		if l == 0 || isWhite(l) != us {
			continue
		}
		L := up(l)
		if L == 'P' {
			addPawn := func(t int, victim byte, epSq int) {
				promos := []byte{0}
				if t/8 == lastRank {
					promos = nil
					for _, k := range v.Promotions {
						promos = append(promos, v.Letter(k))
					}
				}
				for _, pr := range promos {
					n := copyPos()
					n.b[s] = 0
					n.b[t] = l
					if pr != 0 {
						n.b[t] = withColor(pr, us)
					}
					if epSq >= 0 {
						n.b[epSq] = 0
					}
					if victim != 0 {
						capture(&n, victim)
					}
					ms := sq(s) + sq(t)
					if pr != 0 {
						ms += string(pr + 32)
					}
					try(ms, n)
				}
			}
			t := s + fwd
			if r.b[t] == 0 {
				addPawn(t, 0, -1)
				if s/8 == secondRank && r.b[t+fwd] == 0 {
					addPawn(t+fwd, 0, -1)
				}
			}
			for _, df := range []int{-1, 1} {
				if !onBoard(s%8+df, t/8) {
					continue
				}
				c := t + df
				if y := r.b[c]; y != 0 && isWhite(y) != us {
					addPawn(c, y, -1)
				} else if c == r.ep {
					addPawn(c, 'P', c-fwd)
				}
			}
			continue
		}
		comps := refComps[L]
		attacked := r.attackedBy(s, !us)
		targets := map[int]byte{} // square -> the component that reaches it (any)
		for _, c := range []byte(comps) {
			for _, t := range r.reach(s, c) {
				if _, ok := targets[t]; !ok {
					targets[t] = c
				}
			}
		}
		for t, c := range targets {
			y := r.b[t]
			n := copyPos()
			n.b[s] = 0
			switch {
			case y == 0:
				n.b[t] = l
				try(sq(s)+sq(t), n)
				if len(v.Metamorphosis) > 0 && len(comps) == 1 && L != 'K' && attacked {
					m := map[byte]byte{'N': 'Q', 'B': 'A', 'R': 'M'}[L]
					n2 := copyPos()
					n2.b[s] = 0
					n2.b[t] = withColor(m, us)
					try(sq(s)+sq(t)+string(m+32), n2)
				}
			case isWhite(y) != us:
				res := L
				if v.Demotion && len(comps) == 2 {
					if strings.ContainsRune(comps, 'K') {
						res = 'K'
					} else {
						df, dr := t%8-s%8, t/8-s/8
						switch {
						case df == 0 || dr == 0:
							res = 'R'
						case df*df+dr*dr == 5:
							res = 'N'
						default:
							res = 'B'
						}
					}
				}
				if v.Assimilation && len(comps) == 1 && len(refComps[up(y)]) == 1 && up(y) != L {
					res = refCompound(L, up(y))
				}
				_ = c
				n.b[t] = withColor(res, us)
				capture(&n, y)
				try(sq(s)+sq(t), n)
			default:
				Y := up(y)
				if v.Fusion && len(comps) == 1 && len(refComps[Y]) == 1 && Y != 'K' && Y != L {
					n.b[t] = withColor(refCompound(L, Y), us)
					try(sq(s)+sq(t), n)
				}
			}
		}
		if v.Split && len(comps) == 2 {
			for i, c := range []byte(comps) {
				other := comps[1-i]
				for _, t := range r.reach(s, c) {
					if r.b[t] != 0 {
						continue
					}
					n := copyPos()
					n.b[s] = withColor(other, us)
					n.b[t] = withColor(c, us)
					try(sq(s)+sq(t)+"/"+string(c+32), n)
				}
			}
		}
	}
	if v.Castling != nil {
		base, k, q := 0, "K", "Q"
		if !us {
			base, k, q = 56, "k", "q"
		}
		king, rook := withColor('K', us), withColor('R', us)
		if r.b[base+4] == king && !r.attackedBy(base+4, !us) {
			if strings.Contains(r.castle, k) && r.b[base+7] == rook && r.b[base+5] == 0 && r.b[base+6] == 0 && !r.attackedBy(base+5, !us) {
				n := copyPos()
				n.b[base+4], n.b[base+7], n.b[base+6], n.b[base+5] = 0, 0, king, rook
				try(sq(base+4)+sq(base+6), n)
			}
			if strings.Contains(r.castle, q) && r.b[base] == rook && r.b[base+1] == 0 && r.b[base+2] == 0 && r.b[base+3] == 0 && !r.attackedBy(base+3, !us) {
				n := copyPos()
				n.b[base+4], n.b[base], n.b[base+2], n.b[base+3] = 0, 0, king, rook
				try(sq(base+4)+sq(base+2), n)
			}
		}
	}
	if v.Drops {
		for hl, cnt := range r.hand {
			if cnt == 0 || isWhite(hl) != us {
				continue
			}
			for t := 0; t < 64; t++ {
				if r.b[t] != 0 || (up(hl) == 'P' && t/8 == lastRank) {
					continue
				}
				n := copyPos()
				n.b[t] = hl
				n.hand[hl]--
				try(string(up(hl))+"@"+sq(t), n)
			}
		}
	}
	sort.Strings(out)
	return out, after
}

// agreeWithReference fails the test unless the engine's legal moves in p are
// want (a reference implementation's, as sorted move strings) and, after each
// of them, the position's reference key (key) is the one in after.
func agreeWithReference(t *testing.T, p *Position, want []string, after map[string]string, key func(*Position) string) {
	t.Helper()
	id := p.Variant().ID
	got := moveStrings(p)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("%s %s:\nengine    %v\nreference %v", id, p, got, want)
	}
	for _, ms := range got {
		m, _ := p.ParseMove(ms)
		p.Make(m)
		k := key(p)
		p.Unmake()
		if k != after[ms] {
			t.Fatalf("%s %s: after %s\nengine    %s\nreference %s", id, p, ms, k, after[ms])
		}
	}
}

func TestReferenceFull(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	for _, id := range []string{"bedlam", "assimilation", "chess"} {
		v, _ := VariantByID(id)
		checked := randomGames(v, 7, games, 100, func(p *Position) {
			ref := refFrom(p)
			want, after := ref.moves()
			agreeWithReference(t, p, want, after, func(p *Position) string { r := refFrom(p); return r.key() })
		})
		t.Logf("%s: %d positions agree", id, checked)
	}
}
