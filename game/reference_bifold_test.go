package game

import (
	"runtime"
	"sort"
	"strings"
	"testing"
)

// A plain second implementation of the Bifold Halfgi rules (3, 3a, 3b),
// written from docs/RULES.md without the engine's tables: squares are byte
// slices of letters, threats are computed to a fixpoint, moves are applied to
// copies. TestReferenceBifold compares move lists and results with the engine.

type bref struct {
	v      *Variant
	sq     [64][]byte
	hand   map[byte]int
	white  bool
	castle string
	ep     int
}

func brefFrom(p *Position) bref {
	r := bref{v: p.v, hand: map[byte]int{}, white: p.Turn() == White, ep: p.EnPassant()}
	for s := 0; s < 64; s++ {
		for _, x := range p.At(s) {
			if x != NoPiece {
				r.sq[s] = append(r.sq[s], p.v.PieceLetter(x))
			}
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

func (r *bref) clone() bref {
	n := *r
	for s := range n.sq {
		n.sq[s] = append([]byte(nil), r.sq[s]...)
	}
	n.hand = map[byte]int{}
	for k, c := range r.hand {
		n.hand[k] = c
	}
	return n
}

func (r *bref) key() string {
	var b strings.Builder
	for s := 0; s < 64; s++ {
		c := append([]byte(nil), r.sq[s]...)
		sort.Slice(c, func(i, j int) bool { return c[i] < c[j] })
		b.WriteString(string(c) + "/")
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

func isPawnL(l byte) bool { return strings.IndexByte("PLDV", up(l)) >= 0 }

// bmv is a movement: ranges 0 none, 1 step, 2 halfling, 3 unlimited.
type bmv struct {
	orth, diag    int
	horse, knight bool
}

func bsingle(l byte) bmv {
	switch up(l) {
	case 'R':
		return bmv{orth: 2}
	case 'B':
		return bmv{diag: 2}
	case 'Q':
		return bmv{orth: 2, diag: 2}
	case 'H':
		return bmv{horse: true}
	case 'W':
		return bmv{orth: 1}
	case 'F':
		return bmv{diag: 1}
	}
	return bmv{}
}

func bunion(a, b byte) bmv {
	x, y := bsingle(a), bsingle(b)
	m := bmv{orth: max(x.orth, y.orth), diag: max(x.diag, y.diag)}
	if x.orth == 2 && y.orth == 2 {
		m.orth = 3
	}
	if x.diag == 2 && y.diag == 2 {
		m.diag = 3
	}
	m.knight = x.horse && y.horse
	m.horse = (x.horse || y.horse) && !m.knight
	return m
}

// reach lists the squares movement m reaches from s; with block set, squares
// in block may not be passed through.
func (r *bref) reach(s int, m bmv, block map[int]bool) []int {
	var out []int
	f, rk := s%8, s/8
	dirs := [][3]int{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {1, 1, 1}, {1, -1, 1}, {-1, 1, 1}, {-1, -1, 1}}
	for _, d := range dirs {
		rng := m.orth
		if d[2] == 1 {
			rng = m.diag
		}
		if rng == 0 {
			continue
		}
		n := 0
		for onBoard(f+(n+1)*d[0], rk+(n+1)*d[1]) {
			n++
		}
		limit := map[int]int{1: 1, 2: (n + 1) / 2, 3: 8}[rng]
		for i := 1; i <= limit && i <= n; i++ {
			t := (rk+i*d[1])*8 + f + i*d[0]
			out = append(out, t)
			if len(r.sq[t]) > 0 || block[t] {
				break
			}
		}
	}
	if m.knight {
		for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
			if onBoard(f+d[0], rk+d[1]) {
				out = append(out, (rk+d[1])*8+f+d[0])
			}
		}
	}
	if m.horse {
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			pf, pr := f+d[0], rk+d[1]
			if !onBoard(pf, pr) || len(r.sq[pr*8+pf]) > 0 || block[pr*8+pf] {
				continue
			}
			for _, side := range []int{-1, 1} {
				tf, tr := pf+d[0]+d[1]*side, pr+d[1]+d[0]*side
				if onBoard(tf, tr) {
					out = append(out, tr*8+tf)
				}
			}
		}
	}
	return out
}

// pawnSides returns which diagonals (owner's left, right) a pawn letter
// captures on, and whether each is weak (needs support).
func pawnSides(l byte) (left, right, weak bool) {
	switch up(l) {
	case 'P':
		return true, true, false
	case 'L':
		return true, false, false
	case 'D':
		return false, true, false
	case 'V':
		return true, true, true
	}
	return false, false, false
}

// diag returns the diagonal square on the owner's left or right of s.
func diag(s int, white, left bool) int {
	df, dr := -1, 1
	if !left {
		df = 1
	}
	if !white {
		df, dr = -df, -1
	}
	f, rk := s%8+df, s/8+dr
	if !onBoard(f, rk) {
		return -1
	}
	return rk*8 + f
}

func (r *bref) mine(s int, white bool) []byte {
	var out []byte
	for _, l := range r.sq[s] {
		if isWhite(l) == white {
			out = append(out, l)
		}
	}
	return out
}

// pawnCaps describes the diagonal captures of the pawns in ps (a lone pawn or
// two pawns together, or the pawn of a mixed unit): for left and right,
// 0 none, 1 needs support, 2 always.
func pawnCaps(ps []byte, pair bool) (l, rt int) {
	weakL, weakR := 0, 0
	for _, p := range ps {
		a, b, w := pawnSides(p)
		lv, rv := 0, 0
		if a {
			lv = 2
			if w {
				lv = 1
			}
		}
		if b {
			rv = 2
			if w {
				rv = 1
			}
		}
		if lv == 1 {
			weakL++
		}
		if rv == 1 {
			weakR++
		}
		l, rt = max(l, lv), max(rt, rv)
	}
	if pair && weakL == 2 {
		l = 2 // VV is a full pawn
	}
	if pair && weakR == 2 {
		rt = 2
	}
	return
}

// threats returns the squares side white threatens (rule 8), to a fixpoint
// for weak-pawn support.
func (r *bref) threats(white bool) map[int]bool {
	th := map[int]bool{}
	type weakDiag struct{ from, to int }
	var weak []weakDiag
	addPawn := func(s int, ps []byte, pair bool) {
		l, rt := pawnCaps(ps, pair)
		for i, v := range []int{l, rt} {
			t := diag(s, white, i == 0)
			if t < 0 || v == 0 {
				continue
			}
			if v == 2 {
				th[t] = true
			} else {
				weak = append(weak, weakDiag{s, t})
			}
		}
	}
	for s := 0; s < 64; s++ {
		ps := r.mine(s, white)
		var pawns, others []byte
		for _, l := range ps {
			if isPawnL(l) {
				pawns = append(pawns, l)
			} else {
				others = append(others, l)
			}
		}
		switch {
		case len(ps) == 2 && len(others) == 2:
			for _, t := range r.reach(s, bunion(others[0], others[1]), nil) {
				th[t] = true
			}
		case len(ps) == 2 && len(pawns) == 2:
			addPawn(s, pawns, true)
		default:
			for _, o := range others {
				for _, t := range r.reach(s, bsingle(o), nil) {
					th[t] = true
				}
			}
			if len(pawns) > 0 {
				addPawn(s, pawns, false)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, w := range weak {
			if th[w.from] && !th[w.to] {
				th[w.to] = true
				changed = true
			}
		}
	}
	return th
}

func (r *bref) moves() ([]string, map[string]string) {
	v := r.v
	us := r.white
	after := map[string]string{}
	hasRoyal := false
	for s := 0; s < 64; s++ {
		for _, l := range r.mine(s, us) {
			if up(l) == 'W' || up(l) == 'F' {
				hasRoyal = true
			}
		}
	}
	if !hasRoyal {
		return nil, after
	}
	var enemyTh, ownTh map[int]bool
	enemy := func() map[int]bool {
		if enemyTh == nil {
			enemyTh = r.threats(!us)
		}
		return enemyTh
	}
	supported := func(s int) bool {
		if ownTh == nil {
			ownTh = r.threats(us)
		}
		return ownTh[s]
	}
	dir, last, second := 8, 7, 1
	if !us {
		dir, last, second = -8, 0, 6
	}
	promos := []byte{}
	for _, k := range v.Promotions {
		promos = append(promos, v.Letter(k))
	}
	// apply builds the position after a move: movers leave s (one piece of
	// letter part, or every friendly piece), the victims at t (one of letter
	// victim, or all enemies when takeAll) and at epSq go, movers (promoted)
	// arrive at t.
	apply := func(ms string, s, t int, part byte, takeAll bool, victim byte, promo byte, epSq int) {
		n := r.clone()
		var movers, rest []byte
		for _, l := range n.sq[s] {
			if isWhite(l) == us && (part == 0 || (l == part && len(movers) == 0)) {
				movers = append(movers, l)
			} else {
				rest = append(rest, l)
			}
		}
		n.sq[s] = rest
		take := func(l byte) {
			if up(l) != 'W' && up(l) != 'F' {
				n.hand[withColor(l, us)]++
			}
		}
		var keep []byte
		took := false
		for _, l := range n.sq[t] {
			if isWhite(l) != us && (takeAll || (victim != 0 && l == victim && !took)) {
				take(l)
				took = true
				continue
			}
			keep = append(keep, l)
		}
		if epSq >= 0 {
			var k2 []byte
			for _, l := range n.sq[epSq] {
				if isWhite(l) != us && isPawnL(l) {
					take(l)
				} else {
					k2 = append(k2, l)
				}
			}
			n.sq[epSq] = k2
		}
		for _, l := range movers {
			if promo != 0 {
				l = withColor(promo, us)
			}
			keep = append(keep, l)
		}
		n.sq[t] = keep
		after[ms] = n.key()
	}
	mstr := func(s, t int, part, victim, promo byte) string {
		ms := sq(s) + sq(t)
		if part != 0 {
			ms += "/" + string(up(part)+32)
		}
		if victim != 0 {
			ms += "x" + string(up(victim)+32)
		}
		if promo != 0 {
			ms += string(up(promo) + 32)
		}
		return ms
	}
	// rule 5: a single piece enters t
	enterSingle := func(s, t int, part byte, promoteTo []byte) {
		if len(promoteTo) == 0 {
			promoteTo = []byte{0}
		}
		c := r.sq[t]
		for _, pr := range promoteTo {
			switch {
			case len(c) == 0:
				apply(mstr(s, t, part, 0, pr), s, t, part, false, 0, pr, -1)
			case len(c) == 1 && !isPawnL(c[0]) || len(c) == 1 && strings.IndexByte("LDV", up(c[0])) >= 0:
				apply(mstr(s, t, part, 0, pr), s, t, part, false, 0, pr, -1) // share
			case len(c) == 1 && up(c[0]) == 'P':
				if isWhite(c[0]) != us {
					apply(mstr(s, t, part, 0, pr), s, t, part, true, 0, pr, -1)
				}
			case len(c) == 2:
				m := r.mine(t, us)
				switch len(m) {
				case 1:
					apply(mstr(s, t, part, 0, pr), s, t, part, true, 0, pr, -1)
				case 0:
					for i, vct := range c {
						if i == 1 && up(c[1]) == up(c[0]) {
							continue
						}
						apply(mstr(s, t, part, vct, pr), s, t, part, false, vct, pr, -1)
					}
				}
			}
		}
	}
	// rule 6: a unit (or a capturing full-size pawn) enters t
	enterUnit := func(s, t int, promoteTo []byte, allowEmpty bool) {
		if len(promoteTo) == 0 {
			promoteTo = []byte{0}
		}
		c := r.sq[t]
		for _, pr := range promoteTo {
			if len(c) == 0 {
				if allowEmpty {
					apply(mstr(s, t, 0, 0, pr), s, t, 0, false, 0, pr, -1)
				}
			} else if len(r.mine(t, us)) == 0 {
				apply(mstr(s, t, 0, 0, pr), s, t, 0, true, 0, pr, -1)
			}
		}
	}
	promosAt := func(t int) []byte {
		if t/8 == last {
			return promos
		}
		return nil
	}
	for s := 0; s < 64; s++ {
		m := r.mine(s, us)
		if len(m) == 0 {
			continue
		}
		// single pieces
		for i, x := range m {
			if i == 1 && m[1] == m[0] {
				continue
			}
			var part byte
			if len(m) == 2 {
				part = x
			}
			if !isPawnL(x) {
				for _, t := range r.reach(s, bsingle(x), nil) {
					enterSingle(s, t, part, nil)
				}
				continue
			}
			t := s + dir
			if t < 0 || t > 63 {
				continue
			}
			normal := up(x) == 'P'
			canStep := func(t int) bool {
				c := r.sq[t]
				if normal {
					return len(c) == 0
				}
				return len(c) == 0 || (len(c) == 1 && up(c[0]) != 'P')
			}
			if canStep(t) {
				for _, pr := range append([]byte{0}, promosAt(t)...) {
					if pr == 0 && t/8 == last {
						continue
					}
					apply(mstr(s, t, part, 0, pr), s, t, part, false, 0, pr, -1)
				}
				if s/8 == second && len(r.sq[t]) == 0 && canStep(t+dir) {
					apply(mstr(s, t+dir, part, 0, 0), s, t+dir, part, false, 0, 0, -1)
				}
			}
			lft, rgt := pawnCaps([]byte{x}, false)
			for side, cap := range []int{lft, rgt} {
				c := diag(s, us, side == 0)
				if c < 0 || cap == 0 || (cap == 1 && !supported(s)) {
					continue
				}
				if c == r.ep {
					apply(mstr(s, c, part, 0, 0), s, c, part, false, 0, 0, c-dir)
					continue
				}
				if len(r.sq[c]) == 0 {
					continue
				}
				if normal {
					enterUnit(s, c, promosAt(c), false)
				} else if len(r.sq[c]) == 2 || up(r.sq[c][0]) == 'P' {
					enterSingle(s, c, part, promosAt(c))
				}
			}
		}
		if len(m) < 2 {
			continue
		}
		// the unit
		pa, pb := isPawnL(m[0]), isPawnL(m[1])
		if pa && pb {
			t := s + dir
			if t < 0 || t > 63 {
				continue
			}
			if len(r.sq[t]) == 0 {
				if t/8 == last {
					enterUnit(s, t, promos, true)
				} else {
					enterUnit(s, t, nil, true)
				}
				if s/8 == second && len(r.sq[t+dir]) == 0 {
					apply(mstr(s, t+dir, 0, 0, 0), s, t+dir, 0, false, 0, 0, -1)
				}
			}
			lft, rgt := pawnCaps(m, true)
			for side, cap := range []int{lft, rgt} {
				c := diag(s, us, side == 0)
				if c < 0 || cap == 0 || (cap == 1 && !supported(s)) {
					continue
				}
				if c == r.ep {
					apply(mstr(s, c, 0, 0, 0), s, c, 0, false, 0, 0, c-dir)
				} else if len(r.sq[c]) > 0 {
					enterUnit(s, c, promosAt(c), false)
				}
			}
			continue
		}
		var others, pawns []byte
		for _, l := range m {
			if isPawnL(l) {
				pawns = append(pawns, l)
			} else {
				others = append(others, l)
			}
		}
		var mv bmv
		if len(others) == 2 {
			mv = bunion(others[0], others[1])
		} else {
			mv = bsingle(others[0])
		}
		royals := 0
		for _, l := range m {
			if up(l) == 'W' || up(l) == 'F' {
				royals++
			}
		}
		var block map[int]bool
		if royals == 1 {
			block = enemy()
		}
		for _, t := range r.reach(s, mv, block) {
			enterUnit(s, t, nil, true)
		}
		if len(pawns) == 1 {
			t := s + dir
			if t < 0 || t > 63 {
				continue
			}
			if len(r.sq[t]) == 0 {
				enterUnit(s, t, nil, true)
				if s/8 == second && len(r.sq[t+dir]) == 0 && !block[t] {
					apply(mstr(s, t+dir, 0, 0, 0), s, t+dir, 0, false, 0, 0, -1)
				}
			}
			lft, rgt := pawnCaps(pawns, false)
			for side, cap := range []int{lft, rgt} {
				c := diag(s, us, side == 0)
				if c < 0 || cap == 0 || (cap == 1 && !supported(s)) || len(r.sq[c]) == 0 {
					continue
				}
				enterUnit(s, c, nil, false)
			}
		}
	}
	// castling
	base, ks, qs := 0, "K", "Q"
	if !us {
		base, ks, qs = 56, "k", "q"
	}
	isCell := func(s int, a, b byte) bool {
		c := r.sq[s]
		return len(c) == 2 && ((c[0] == a && c[1] == b) || (c[0] == b && c[1] == a))
	}
	if isCell(base+4, withColor('W', us), withColor('F', us)) {
		for _, side := range []struct {
			right      string
			rook, king int
			between    []int
			safe       []int
		}{{ks, base + 7, base + 6, []int{base + 5, base + 6}, []int{base + 4, base + 5, base + 6}},
			{qs, base, base + 2, []int{base + 1, base + 2, base + 3}, []int{base + 4, base + 3, base + 2}}} {
			if !strings.Contains(r.castle, side.right) || !isCell(side.rook, withColor('R', us), withColor('R', us)) {
				continue
			}
			ok := true
			for _, b := range side.between {
				ok = ok && len(r.sq[b]) == 0
			}
			for _, b := range side.safe {
				ok = ok && !enemy()[b]
			}
			if ok {
				n := r.clone()
				mid := (base + 4 + side.king) / 2
				n.sq[side.king], n.sq[base+4] = n.sq[base+4], nil
				n.sq[mid], n.sq[side.rook] = n.sq[side.rook], nil
				after[sq(base+4)+sq(side.king)] = n.key()
			}
		}
	}
	// drops
	for hl, cnt := range r.hand {
		if cnt == 0 || isWhite(hl) != us {
			continue
		}
		for t := 0; t < 64; t++ {
			c := r.sq[t]
			if isPawnL(hl) && t/8 == last {
				continue
			}
			if len(c) == 0 || (up(hl) != 'P' && len(c) == 1 && up(c[0]) != 'P') {
				n := r.clone()
				n.sq[t] = append(n.sq[t], hl)
				n.hand[hl]--
				after[string(up(hl))+"@"+sq(t)] = n.key()
			}
		}
	}
	var out []string
	for ms := range after {
		out = append(out, ms)
	}
	sort.Strings(out)
	return out, after
}

func TestReferenceBifold(t *testing.T) {
	games := 7 // about 400-800 positions per rule set, each move's result compared
	if testing.Short() || runtime.GOARCH == "wasm" {
		games = 1
	}
	for _, id := range []string{"bifold-halfgi", "bifold-halfgi-pawns", "bifold-halfgi-weak"} {
		v, _ := VariantByID(id)
		checked := randomGames(v, 11, games, 120, func(p *Position) {
			ref := brefFrom(p)
			for _, c := range []bool{true, false} {
				var want uint64
				for s := range ref.threats(c) {
					want |= 1 << uint(s)
				}
				col := White
				if !c {
					col = Black
				}
				if got := p.ThreatMap(col); got != want {
					t.Fatalf("%s %s: ThreatMap(%v) %x, reference %x", id, p, col, got, want)
				}
			}
			want, after := ref.moves()
			agreeWithReference(t, p, want, after, func(p *Position) string { r := brefFrom(p); return r.key() })
		})
		t.Logf("%s: %d positions agree", id, checked)
	}
}
