package play

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"chimera/game"
)

// dumpTree writes a tree's contents without its node ids: the rule set, the
// start, the game's comment, the ending and every move with its comment and
// glyphs, children in order. Two trees with the same dump are the same game
// with the same side lines.
func dumpTree(t *Tree) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %v\n", t.Variant().ID, t.Start(), t.Ending())
	var rec func(p Path)
	rec = func(p Path) {
		n, _ := t.Node(p)
		fmt.Fprintf(&b, "[%s %q %q %q %q", n.Move, n.Notation, n.Comment, n.Glyph, n.PosGlyph)
		for _, c := range n.Children {
			rec(c)
		}
		b.WriteString("]")
	}
	rec("")
	return b.String()
}

// allPaths returns the path of every node, the start's first.
func allPaths(t *Tree) []Path {
	out := []Path{""}
	for _, it := range t.Items() {
		out = append(out, it.Path)
	}
	return out
}

// mustPlay plays move strings one after the other from at and returns the
// last node's path.
func mustPlay(t *testing.T, tr *Tree, at Path, moves ...string) Path {
	t.Helper()
	for _, ms := range moves {
		next, _, err := tr.Play(at, ms)
		if err != nil {
			t.Fatalf("%s from %q: %v", ms, at, err)
		}
		at = next
	}
	return at
}

func chessTree(t *testing.T) *Tree {
	t.Helper()
	v, _ := game.VariantByID("chess")
	tr, err := NewTree(v, "")
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// Playing a move reuses the node of the same move, adds a side line after
// the main continuation, and paths name the nodes as documented.
func TestTreePlay(t *testing.T) {
	tr := chessTree(t)
	e5 := mustPlay(t, tr, "", "e2e4", "e7e5")
	nf3 := mustPlay(t, tr, e5, "g1f3")
	bc4 := mustPlay(t, tr, e5, "f1c4")
	again := mustPlay(t, tr, e5, "g1f3")
	cases := []struct {
		got, want any
	}{
		{e5, Path("00")},
		{nf3, Path("000")},
		{bc4, Path("001")},
		{again, nf3},
		{tr.Len(), 4},
		{strings.Join(tr.MainLine(), " "), "e2e4 e7e5 g1f3"},
		{tr.MainPath(2), e5},
		{tr.MainPath(99), nf3},
		{tr.LineEnd(""), nf3},
		{tr.LineEnd(bc4), bc4},
		{tr.Has("002"), false},
		{tr.Position(bc4).String(), "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2"},
		{tr.Position("x") == nil, true},
	}
	for i, c := range cases {
		if c.got != c.want {
			t.Errorf("case %d: %v, want %v", i, c.got, c.want)
		}
	}
	if n, ok := tr.Node(e5); !ok || n.Move != "e7e5" || n.Notation != "e7-e5" || len(n.Children) != 2 || n.Children[1] != bc4 {
		t.Errorf("node %q: %+v", e5, n)
	}
	if p, ok := tr.Parent(bc4); !ok || p != e5 {
		t.Errorf("parent of %q: %q", bc4, p)
	}
	if _, ok := tr.Parent(""); ok {
		t.Error("the start has a parent")
	}
	if nx, ok := tr.Next(e5); !ok || nx != nf3 {
		t.Errorf("next of %q: %q", e5, nx)
	}
	if l := strings.Join(tr.LineTo(bc4), " "); l != "e2e4 e7e5 f1c4" || tr.LineTo("") == nil || tr.LineTo("9") != nil {
		t.Errorf("line to %q: %s", bc4, l)
	}
	if s, err := tr.SessionAt(bc4, Settings{Variant: "bedlam", Computer: 1, Level: 5}); err != nil ||
		s.Variant().ID != "chess" || s.Position().String() != tr.Position(bc4).String() || s.Computer != 1 || s.Level != 5 {
		t.Errorf("session at %q: %v", bc4, err)
	}
	if _, err := tr.SessionAt("9", Settings{}); err == nil {
		t.Error("a session at no move")
	}
	if lm := tr.Position(bc4).LastMove(); lm == game.NoMove {
		t.Error("a position from Position has no last move")
	}
	refused := []struct {
		at Path
		ms string
	}{{"", "e2e5"}, {"7", "e2e4"}, {e5, "zz"}}
	for _, c := range refused {
		if _, _, err := tr.Play(c.at, c.ms); err == nil {
			t.Errorf("%s from %q was played", c.ms, c.at)
		}
	}
	// A finished game takes no move.
	tr2 := chessTree(t)
	end := mustPlay(t, tr2, "", "f2f3", "e7e5", "g2g4", "d8h4")
	if _, _, err := tr2.Play(end, "a2a3"); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("a move after mate: %v", err)
	}
}

// The move list: side lines after the move they replace, move numbers where
// a reader needs them, depths, and where side lines open and close.
func TestTreeItems(t *testing.T) {
	tr := chessTree(t)
	e5 := mustPlay(t, tr, "", "e2e4", "e7e5")
	mustPlay(t, tr, e5, "g1f3", "b8c6")
	bc4 := mustPlay(t, tr, e5, "f1c4", "g8f6")
	mustPlay(t, tr, bc4.Parent(), "f8c5", "d2d3")                      // 2... Bc5 3. d3 inside 2. Bc4
	mustPlay(t, tr, "0", "c7c5")                                       // 1... c5
	if err := tr.SetComment("00", "the classical reply"); err != nil { // a comment on 1... e5
		t.Fatal(err)
	}
	if err := tr.SetGlyph(bc4.Parent(), "?!"); err != nil {
		t.Fatal(err)
	}
	if err := tr.SetGlyph(bc4.Parent(), "±"); err != nil {
		t.Fatal(err)
	}
	type row struct {
		text  string
		depth int
		open  bool
		close int
	}
	want := []row{
		{"1. e2-e4", 0, false, 0},
		{"e7-e5", 0, false, 0},
		{"1… c7-c5", 1, true, 1},
		{"2. Ng1-f3", 0, false, 0},
		{"2. Bf1-c4?! ±", 1, true, 0},
		{"Ng8-f6", 1, false, 0},
		{"2… Bf8-c5", 2, true, 0},
		{"3. d2-d3", 2, false, 2},
		{"2… Nb8-c6", 0, false, 0},
	}
	items := tr.Items()
	if len(items) != len(want) {
		t.Fatalf("%d items: %+v", len(items), items)
	}
	for i, w := range want {
		it := items[i]
		if it.Text != w.text || it.Depth != w.depth || it.Open != w.open || it.Close != w.close {
			t.Errorf("item %d: %+v, want %+v", i, it, w)
		}
		if n, _ := tr.Node(it.Path); n.Notation != it.Notation {
			t.Errorf("item %d: path %q is %s", i, it.Path, n.Notation)
		}
	}
	if items[1].Comment != "the classical reply" {
		t.Errorf("comment: %q", items[1].Comment)
	}
	// After a comment the next Black move shows its number.
	tr.Delete("01") // 1... c5
	if it := tr.Items(); it[2].Text != "2. Ng1-f3" {
		t.Errorf("after deleting 1... c5: %+v", it[2])
	}
	tr.SetComment("000", "develops")
	if it := tr.Items(); it[len(it)-1].Text != "2… Nb8-c6" {
		t.Errorf("after a comment: %+v", it[len(it)-1])
	}
	// A game from a set-up position with Black to move.
	v, _ := game.VariantByID("bedlam")
	tb, _ := NewTree(v, "4k3/8/8/8/8/8/8/RN2K3[n] b - - 0 7")
	mustPlay(t, tb, "", "N@e6", "a1b1")
	if it := tb.Items(); it[0].Text != "7… N*e6" || it[1].Text != "8. Ra1-b1=M" {
		t.Errorf("set-up items: %+v", it)
	}
}

// Promote, MakeMainLine and Delete edit the tree; paths of the other nodes
// stay.
func TestTreePromoteDelete(t *testing.T) {
	build := func() (*Tree, map[string]Path) {
		tr := chessTree(t)
		p := map[string]Path{}
		p["e4"] = mustPlay(t, tr, "", "e2e4")
		p["d4"] = mustPlay(t, tr, "", "d2d4")
		p["c4"] = mustPlay(t, tr, "", "c2c4")
		p["d4 d5"] = mustPlay(t, tr, p["d4"], "d7d5")
		p["d4 Nf6"] = mustPlay(t, tr, p["d4"], "g8f6")
		p["d4 Nf6 c4"] = mustPlay(t, tr, p["d4 Nf6"], "c2c4")
		p["e4 e5"] = mustPlay(t, tr, p["e4"], "e7e5")
		return tr, p
	}
	cases := []struct {
		name    string
		edit    func(*Tree, map[string]Path) bool
		changed bool
		main    string
		len     int
		first   string // the moves from the start, then those after 1. d4
	}{
		{"promote main line", func(tr *Tree, p map[string]Path) bool { return tr.Promote(p["e4 e5"]) }, false, "e2e4 e7e5", 7, "e2e4 d2d4 c2c4 / d7d5 g8f6"},
		{"promote side line", func(tr *Tree, p map[string]Path) bool { return tr.Promote(p["d4"]) }, true, "d2d4 d7d5", 7, "d2d4 e2e4 c2c4 / d7d5 g8f6"},
		{"promote third", func(tr *Tree, p map[string]Path) bool { return tr.Promote(p["c4"]) }, true, "c2c4", 7, "c2c4 e2e4 d2d4 / d7d5 g8f6"},
		{"promote one level", func(tr *Tree, p map[string]Path) bool { return tr.Promote(p["d4 Nf6 c4"]) }, true, "e2e4 e7e5", 7, "e2e4 d2d4 c2c4 / g8f6 d7d5"},
		{"make main line", func(tr *Tree, p map[string]Path) bool { return tr.MakeMainLine(p["d4 Nf6 c4"]) }, true, "d2d4 g8f6 c2c4", 7, "d2d4 e2e4 c2c4 / g8f6 d7d5"},
		{"delete main", func(tr *Tree, p map[string]Path) bool { return tr.Delete(p["e4"]) }, true, "d2d4 d7d5", 5, "d2d4 c2c4 / d7d5 g8f6"},
		{"delete side", func(tr *Tree, p map[string]Path) bool { return tr.Delete(p["d4 Nf6"]) }, true, "e2e4 e7e5", 5, "e2e4 d2d4 c2c4 / d7d5"},
		{"delete start", func(tr *Tree, p map[string]Path) bool { return tr.Delete("") }, false, "e2e4 e7e5", 7, "e2e4 d2d4 c2c4 / d7d5 g8f6"},
		{"delete nothing", func(tr *Tree, p map[string]Path) bool { return tr.Delete("zz") }, false, "e2e4 e7e5", 7, "e2e4 d2d4 c2c4 / d7d5 g8f6"},
	}
	for _, c := range cases {
		tr, p := build()
		if got := c.edit(tr, p); got != c.changed {
			t.Errorf("%s: changed %v", c.name, got)
		}
		if m := strings.Join(tr.MainLine(), " "); m != c.main || tr.Len() != c.len {
			t.Errorf("%s: main line %s, %d moves", c.name, m, tr.Len())
		}
		var first []string
		for _, at := range []Path{"", p["d4"]} {
			n, _ := tr.Node(at)
			for _, k := range n.Children {
				kn, _ := tr.Node(k)
				first = append(first, kn.Move)
			}
			first = append(first, "/")
		}
		if got := strings.Join(first[:len(first)-1], " "); got != c.first {
			t.Errorf("%s: moves %s, want %s", c.name, got, c.first)
		}
		// Every node that is left keeps its path.
		moves := map[string]string{"e4": "e2e4", "d4": "d2d4", "c4": "c2c4", "d4 d5": "d7d5", "d4 Nf6": "g8f6", "d4 Nf6 c4": "c2c4", "e4 e5": "e7e5"}
		for name, path := range p {
			if n, ok := tr.Node(path); ok && n.Move != moves[name] {
				t.Errorf("%s: %q is %s, not %s", c.name, path, n.Move, name)
			}
		}
	}
	// Promote one level: Nf6 is first among Black's replies to 1. d4, and 1. d4 stays second.
	tr, p := build()
	tr.Promote(p["d4 Nf6 c4"])
	if n, _ := tr.Node(p["d4"]); n.Children[0] != p["d4 Nf6"] {
		t.Errorf("promote: %+v", n)
	}
	if n, _ := tr.Node(""); n.Children[1] != p["d4"] || n.Children[2] != p["c4"] {
		t.Errorf("promote moved the start's moves: %+v", n)
	}
	// An id freed by Delete is given again.
	tr.Delete(p["d4"])
	if again := mustPlay(t, tr, "", "g1f3"); again != p["d4"] {
		t.Errorf("a new move after a delete: %q", again)
	}
}

func TestTreeCommentsAndGlyphs(t *testing.T) {
	tr := chessTree(t)
	e4 := mustPlay(t, tr, "", "e2e4")
	glyphs := []struct {
		set, glyph, pos string
		ok              bool
	}{
		{"!", "!", "", true},
		{"?", "?", "", true},
		{"?", "", "", true}, // the same again: removed
		{"!!", "!!", "", true},
		{"±", "!!", "±", true},
		{"∓", "!!", "∓", true},
		{"∓", "!!", "", true},
		{"+−", "!!", "+−", true},
		{"", "", "", true},
		{"!?!", "", "", false},
		{"$1", "", "", false},
	}
	for _, c := range glyphs {
		err := tr.SetGlyph(e4, c.set)
		n, _ := tr.Node(e4)
		if (err == nil) != c.ok || n.Glyph != c.glyph || n.PosGlyph != c.pos {
			t.Errorf("SetGlyph %q: %v, glyphs %q %q", c.set, err, n.Glyph, n.PosGlyph)
		}
	}
	if tr.SetGlyph("", "!") == nil || tr.SetGlyph("5", "!") == nil {
		t.Error("a glyph on the start or on no move")
	}
	if len(MoveGlyphs()) != 6 || len(PositionGlyphs()) != 8 {
		t.Errorf("glyphs: %q %q", MoveGlyphs(), PositionGlyphs())
	}
	comments := []struct {
		text, want string
		ok         bool
	}{
		{"  a good\n\tmove ", "a good move", true},
		{"(1. d4) {nested $1", "(1. d4) {nested $1", true},
		{"", "", true},
		{"ends}", "", false},
		{"\xff", "", false},
		{strings.Repeat("x", MaxComment), strings.Repeat("x", MaxComment), true},
		{strings.Repeat("x", MaxComment+1), strings.Repeat("x", MaxComment), false},
	}
	for _, c := range comments {
		err := tr.SetComment(e4, c.text)
		n, _ := tr.Node(e4)
		if (err == nil) != c.ok || n.Comment != c.want {
			t.Errorf("SetComment %q: %v, comment %q", c.text, err, n.Comment)
		}
	}
	if tr.SetComment("", "the game") != nil || tr.SetComment("9", "x") == nil {
		t.Error("comments on the start and on no move")
	}
}

// A tree keeps its limits: MaxChildren moves from a position, MaxNodes in
// all, MaxComments bytes of comments.
func TestTreeLimits(t *testing.T) {
	v, _ := game.VariantByID("bedlam")
	tr, _ := NewTree(v, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1")
	p := tr.Position("")
	legal := p.LegalMoves()
	if len(legal) <= MaxChildren {
		t.Fatalf("%d moves", len(legal))
	}
	for i, m := range legal {
		_, _, err := tr.Play("", p.MoveString(m))
		if (err == nil) != (i < MaxChildren) {
			t.Fatalf("move %d: %v", i, err)
		}
	}
	if n, _ := tr.Node(""); len(n.Children) != MaxChildren || n.Children[MaxChildren-1] != "Z" {
		t.Errorf("children %v", n.Children)
	}
	// Comments: MaxComments in all.
	for i, path := range allPaths(tr)[1:] {
		err := tr.SetComment(path, strings.Repeat("c", MaxComment))
		if (err == nil) != ((i+1)*MaxComment <= MaxComments) {
			t.Fatalf("comment %d: %v", i, err)
		}
	}
	// Nodes: random lines until the tree is full.
	c := chessTree(t)
	r := rand.New(rand.NewPCG(3, 4))
	paths := []Path{""}
	for c.Len() < MaxNodes {
		at := paths[r.IntN(len(paths))]
		p := c.Position(at)
		ms := p.LegalMoves()
		if len(ms) == 0 {
			continue
		}
		next, _, err := c.Play(at, p.MoveString(ms[r.IntN(len(ms))]))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, next)
	}
	refused := 0
	for _, at := range paths[:50] {
		p := c.Position(at)
		n, _ := c.Node(at)
		for _, m := range p.LegalMoves() {
			if ms := p.MoveString(m); len(n.Children) < len(p.LegalMoves()) && !played(c, n, ms) {
				if _, _, err := c.Play(at, ms); err == nil || !strings.Contains(err.Error(), "most") {
					t.Fatalf("a move past MaxNodes: %v", err)
				}
				refused++
				break
			}
		}
	}
	if refused == 0 {
		t.Fatal("no new move tried")
	}
	if c.Len() != MaxNodes || len(c.Items()) != MaxNodes {
		t.Errorf("%d moves, %d items", c.Len(), len(c.Items()))
	}
	if b := c.Save(); len(b) > MaxTreeSave {
		t.Errorf("a full tree saves to %d bytes", len(b))
	}
}

// A session's applied moves are the main line; a declared ending is kept
// while the main line ends where it was declared.
func TestTreeFromSession(t *testing.T) {
	s, _ := New(Settings{Variant: "assimilation", Computer: -1})
	for _, m := range []string{"e2e4", "e7e5", "g1f3", "b8c6"} {
		if _, err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	s.Undo()
	if err := s.Declare(game.BlackWins, Resigned(game.White)); err != nil {
		t.Fatal(err)
	}
	tr := TreeFromSession(s)
	if strings.Join(tr.MainLine(), " ") != "e2e4 e7e5 g1f3" || tr.Variant().ID != "assimilation" || tr.Start() != s.StartPosition() {
		t.Fatalf("main line %v", tr.MainLine())
	}
	if e := tr.Ending(); e == nil || e.Result != game.BlackWins || e.Ply != 3 {
		t.Fatalf("ending %v", e)
	}
	rec := tr.Record(RecordTags{})
	if !strings.Contains(rec, `[Result "0-1"]`) || !strings.Contains(rec, `[Termination "White resigned"]`) || !strings.HasSuffix(rec, "0-1\n") {
		t.Errorf("record:\n%s", rec)
	}
	// A side line keeps it; a move after the main line's end drops it.
	mustPlay(t, tr, "00", "b1c3")
	if tr.Ending() == nil {
		t.Error("a side line dropped the ending")
	}
	last := mustPlay(t, tr, tr.MainPath(3), "b8c6")
	if tr.Ending() != nil {
		t.Error("the ending is kept after a move after it")
	}
	tr.Delete(last)
	if tr.Ending() == nil {
		t.Error("the ending is not back when the move after it is deleted")
	}
}

func TestTreeSaveLoad(t *testing.T) {
	tr := chessTree(t)
	e5 := mustPlay(t, tr, "", "e2e4", "e7e5")
	side := mustPlay(t, tr, e5, "f1c4", "g8f6")
	mustPlay(t, tr, e5, "g1f3")
	tr.Promote(side)
	tr.SetComment("", "a game")
	tr.SetComment(side, "the Berlin? no")
	tr.SetGlyph(side, "?!")
	tr.SetGlyph(side, "=")
	back, err := LoadTree(tr.Save())
	if err != nil {
		t.Fatal(err)
	}
	if dumpTree(back) != dumpTree(tr) {
		t.Fatalf("loaded back:\n%s\nwant\n%s", dumpTree(back), dumpTree(tr))
	}
	for _, p := range allPaths(tr) {
		a, _ := tr.Node(p)
		b, ok := back.Node(p)
		if !ok || a.Move != b.Move {
			t.Errorf("path %q: %v %v", p, a, b)
		}
	}
	good := string(tr.Save())
	bad := []string{
		``,
		`null`,
		`[]`,
		`{"variant":"checkers","start":"startpos","nodes":[]}`,
		`{"variant":"chess","nodes":[]}`,
		`{"variant":"chess","start":"nonsense","nodes":[]}`,
		strings.Replace(good, `"move":"e2e4"`, `"move":"e2e5"`, 1),
		strings.Replace(good, `"move":"e2e4"`, `"move":"e2-e4"`, 1),
		strings.Replace(good, `"id":"0"`, `"id":"00"`, 1),
		strings.Replace(good, `"id":"0"`, `"id":"-"`, 1),
		strings.Replace(good, `"parent":-1`, `"parent":5`, 1),
		strings.Replace(good, `"glyph":"?!"`, `"glyph":"±"`, 1),
		strings.Replace(good, `"posGlyph":"="`, `"posGlyph":"!"`, 1),
		strings.Replace(good, `"comment":"the Berlin? no"`, `"comment":" spaced "`, 1),
		strings.Replace(good, `"comment":"the Berlin? no"`, `"comment":"a } brace"`, 1),
		strings.Replace(good, `"comment":"a game"`, `"comment":"a }"`, 1),
		strings.Replace(good, `"nodes":[`, `"end":{"result":"2-0","reason":"","ply":2},"nodes":[`, 1),
		strings.Replace(good, `"nodes":[`, `"nodes":[{"parent":-1,"id":"z","move":"e2e4"},`, 1), // e4 twice
		`{"variant":"chess","start":"startpos","nodes":[{"parent":-1,"id":"0","move":"e2e4"},{"parent":-1,"id":"1","move":"d2d4"},{"parent":0,"id":"0","move":"e7e5"}]}`,
		`{"variant":"chess","start":"startpos","nodes":[{"parent":-1,"id":"0","move":"f2f3"},{"parent":0,"id":"0","move":"e7e5"},{"parent":1,"id":"0","move":"g2g4"},{"parent":2,"id":"0","move":"d8h4"},{"parent":3,"id":"0","move":"a2a3"}]}`,
		`{"variant":"chess","start":"startpos","nodes":[` + strings.Repeat(`{"parent":-1,"id":"0","move":"e2e4"},`, 60000) + `]}`,
	}
	for i, b := range bad {
		if b == good {
			t.Fatalf("case %d changes nothing", i)
		}
		if _, err := LoadTree([]byte(b)); err == nil {
			t.Errorf("case %d loads: %.200s", i, b)
		}
	}
}

// played reports whether move string ms is played from node n.
func played(t *Tree, n Node, ms string) bool {
	for _, c := range n.Children {
		if k, _ := t.Node(c); k.Move == ms {
			return true
		}
	}
	return false
}
