package play

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"chimera/game"
)

// Limits of a Tree. They keep an analysed game small enough to keep on the
// device (its Save is well under a megabyte) and every walk over it short.
const (
	// MaxNodes is the most moves a tree holds (every line together).
	MaxNodes = 4000
	// MaxChildren is the most moves played from one position (the main
	// continuation and its side lines): one per node id (PathAlphabet).
	MaxChildren = len(PathAlphabet)
	// MaxComment is the longest comment, in bytes (after its spaces are
	// tidied, see SetComment).
	MaxComment = 2000
	// MaxComments is the most bytes of comments a tree holds in all.
	MaxComments = 100_000
	// MaxTreeSave is the largest Save LoadTree reads, in bytes.
	MaxTreeSave = 1 << 20
)

// PathAlphabet holds the node ids: a node's id is one of these characters,
// unique among its siblings.
const PathAlphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

// A Path names a node of a Tree: one character per move from the start
// position, each the id of the move among its siblings (PathAlphabet), so
// its length is the node's ply from the start and dropping its last
// character gives its parent. The empty path is the start position. A
// node's id is given when the move is first played (the first character
// of PathAlphabet its siblings do not use) and never changes: a path stays
// valid while the tree is edited (Play, Promote, SetComment, SetGlyph, and
// Delete of other nodes), through Save and LoadTree, until its node is
// deleted; an id freed by Delete may be given again. The main line's first
// moves are "0", "00", "000" ... when they were played first; a record
// read back (ParseTreeRecord) numbers children in the order it meets them.
type Path string

// Parent returns the path of the node before p ("" for the start; the
// start's own parent is itself).
func (p Path) Parent() Path {
	if p == "" {
		return ""
	}
	return p[:len(p)-1]
}

// The move glyphs (at most one per move) and their NAGs $1..$6.
var moveGlyphs = []string{"", "!", "?", "!!", "??", "!?", "?!"}

// The position glyphs (at most one per move) and their NAGs.
var posGlyphs = map[int]string{10: "=", 13: "∞", 14: "⩲", 15: "⩱", 16: "±", 17: "∓", 18: "+−", 19: "−+"}

// MoveGlyphs are the six move glyphs a node may carry, in NAG order ($1..$6).
func MoveGlyphs() []string { return append([]string(nil), moveGlyphs[1:]...) }

// PositionGlyphs are the position glyphs a node may carry, in NAG order
// ($10 =, $13 ∞, $14 ⩲, $15 ⩱, $16 ±, $17 ∓, $18 +−, $19 −+).
func PositionGlyphs() []string {
	var out []string
	for n := 10; n <= 19; n++ {
		if g, ok := posGlyphs[n]; ok {
			out = append(out, g)
		}
	}
	return out
}

// glyphNAG returns the NAG of a move or position glyph, 0 when it is none.
func glyphNAG(g string) (nag int, move bool) {
	for i, m := range moveGlyphs {
		if i > 0 && m == g {
			return i, true
		}
	}
	for n, p := range posGlyphs {
		if p == g {
			return n, false
		}
	}
	return 0, false
}

// node is one move of a tree (the root is the start position).
type node struct {
	id       byte
	move     game.Move
	ms       string // move string
	san      string // notation, as Session.Notation
	comment  string
	glyph    string // a move glyph or ""
	posGlyph string // a position glyph or ""
	kids     []*node
}

// A Tree is a game with its side lines: the moves tried from each position,
// the first of them the main continuation, each with a comment and glyphs.
// The start position's node (Path "") holds no move but may hold a comment.
// Its methods keep the limits above. Not safe for concurrent use.
type Tree struct {
	v     *game.Variant
	start string
	root  node
	count int     // moves, not counting the root
	end   *Ending // a declared result after the main line (Ending)
}

// NewTree starts an empty tree of rule set v from the position string start
// ("startpos" or "" for the rule set's start).
func NewTree(v *game.Variant, start string) (*Tree, error) {
	if v == nil {
		return nil, errors.New("no rule set")
	}
	if start == "" {
		start = "startpos"
	}
	p, err := game.Parse(v, start)
	if err != nil {
		return nil, err
	}
	return &Tree{v: v, start: p.String()}, nil
}

// TreeFromSession returns a tree whose main line is the session's applied
// moves (Session.MoveStrings; the moves taken back are left out), from its
// start position, with its declared ending (a resignation, a draw agreed, a
// loss on time) when the session has one after them. A game longer than
// MaxNodes keeps its first MaxNodes moves.
func TreeFromSession(s *Session) *Tree {
	t := &Tree{v: s.v, start: s.start}
	at := Path("")
	for _, ms := range s.MoveStrings() {
		next, _, err := t.Play(at, ms)
		if err != nil {
			break
		}
		at = next
	}
	if e := s.Declared(); e != nil && e.Ply == len(at) {
		t.end = e
	}
	return t
}

// Variant returns the rule set.
func (t *Tree) Variant() *game.Variant { return t.v }

// Start returns the start position string.
func (t *Tree) Start() string { return t.start }

// Len returns the number of moves in the tree (every line).
func (t *Tree) Len() int { return t.count }

// find returns the node at path p and the chain of nodes from the root to
// it (the root first), or nil when p names no node.
func (t *Tree) find(p Path) (*node, []*node) {
	n := &t.root
	chain := []*node{n}
	for i := 0; i < len(p); i++ {
		var next *node
		for _, k := range n.kids {
			if k.id == p[i] {
				next = k
				break
			}
		}
		if next == nil {
			return nil, nil
		}
		n = next
		chain = append(chain, n)
	}
	return n, chain
}

// Has reports whether p names a node.
func (t *Tree) Has(p Path) bool {
	n, _ := t.find(p)
	return n != nil
}

// Position returns a fresh position after the moves leading to the node at
// p (its LastMove is the node's move), nil when p names no node.
func (t *Tree) Position(at Path) *game.Position {
	n, chain := t.find(at)
	if n == nil {
		return nil
	}
	p, err := game.Parse(t.v, t.start)
	if err != nil {
		return nil // t.start was parsed when the tree was made
	}
	for _, c := range chain[1:] {
		p.Make(c.move)
	}
	return p
}

// Play plays the move given by its move string (RULES.md "Move strings")
// from the position at the node at, and returns the path of its node and
// its effect for the animation. A move already played from there is reused
// (its node is returned); another is added after the moves played there
// before, so it is the main continuation when the node had none and a side
// line when it had. A move that is not legal, a position where the game is
// over, and a tree at its limits (MaxNodes, MaxChildren) are refused.
func (t *Tree) Play(at Path, moveString string) (Path, game.Effect, error) {
	n, _ := t.find(at)
	if n == nil {
		return "", game.Effect{}, fmt.Errorf("no move at path %s", Quote(string(at)))
	}
	p := t.Position(at)
	if r, why := p.Outcome(); r != "" {
		return "", game.Effect{}, fmt.Errorf("the game is over (%s)", why)
	}
	m, err := p.ParseMove(moveString)
	if err != nil {
		return "", game.Effect{}, err
	}
	path, _, e, err := t.add(n, at, p, m)
	return path, e, err
}

// add plays legal move m from node n (at path at, position p) and returns
// its node's path.
func (t *Tree) add(n *node, at Path, p *game.Position, m game.Move) (Path, *node, game.Effect, error) {
	ms := p.MoveString(m)
	e := p.Effects(m)
	for _, k := range n.kids {
		if k.ms == ms {
			return at + Path(k.id), k, e, nil
		}
	}
	if t.count >= MaxNodes {
		return "", nil, game.Effect{}, fmt.Errorf("the analysis holds %d moves, the most it can", MaxNodes)
	}
	if len(n.kids) >= MaxChildren {
		return "", nil, game.Effect{}, fmt.Errorf("%d moves are tried here already, the most there can be", MaxChildren)
	}
	var id byte
	for i := 0; i < len(PathAlphabet); i++ {
		if !hasID(n.kids, PathAlphabet[i]) {
			id = PathAlphabet[i]
			break
		}
	}
	k := &node{id: id, move: m, ms: ms, san: p.Notation(m)}
	n.kids = append(n.kids, k)
	t.count++
	return at + Path(id), k, e, nil
}

func hasID(kids []*node, id byte) bool {
	for _, k := range kids {
		if k.id == id {
			return true
		}
	}
	return false
}

// A Node is what a tree holds about one move (a copy).
type Node struct {
	Path     Path
	Move     string // move string; "" for the start position
	Notation string // as the move list shows it (Session.Notation)
	Comment  string
	Glyph    string // a move glyph (MoveGlyphs) or ""
	PosGlyph string // a position glyph (PositionGlyphs) or ""
	// Children are the paths of the moves played from here, the main
	// continuation first.
	Children []Path
}

// Node returns the node at p; ok is false when p names none.
func (t *Tree) Node(at Path) (n Node, ok bool) {
	x, _ := t.find(at)
	if x == nil {
		return Node{}, false
	}
	n = Node{Path: at, Move: x.ms, Notation: x.san, Comment: x.comment, Glyph: x.glyph, PosGlyph: x.posGlyph}
	for _, k := range x.kids {
		n.Children = append(n.Children, at+Path(k.id))
	}
	return n, true
}

// Parent returns the path of the node before the one at p; ok is false for
// the start position and a path that names no node.
func (t *Tree) Parent(at Path) (Path, bool) {
	if at == "" || !t.Has(at) {
		return "", false
	}
	return at.Parent(), true
}

// Next returns the main continuation of the node at p; ok is false when it
// has none.
func (t *Tree) Next(at Path) (Path, bool) {
	n, _ := t.find(at)
	if n == nil || len(n.kids) == 0 {
		return "", false
	}
	return at + Path(n.kids[0].id), true
}

// LineEnd returns the last node of the line through p: p followed by main
// continuations as far as they go (p itself when it has none; "" when p
// names no node).
func (t *Tree) LineEnd(at Path) Path {
	n, _ := t.find(at)
	if n == nil {
		return ""
	}
	for len(n.kids) > 0 {
		n = n.kids[0]
		at += Path(n.id)
	}
	return at
}

// MainLine returns the move strings of the main line (the first child of
// each node from the start).
func (t *Tree) MainLine() []string {
	var out []string
	for n := &t.root; len(n.kids) > 0; {
		n = n.kids[0]
		out = append(out, n.ms)
	}
	return out
}

// LineTo returns the move strings from the start to the node at p (none
// for the start, nil when p names no node).
func (t *Tree) LineTo(at Path) []string {
	_, chain := t.find(at)
	if chain == nil {
		return nil
	}
	out := []string{}
	for _, n := range chain[1:] {
		out = append(out, n.ms)
	}
	return out
}

// SessionAt returns a new session of the moves from the start to the node
// at p, with the tree's rule set and start position and the other settings
// of set (its Variant and FEN are the tree's).
func (t *Tree) SessionAt(at Path, set Settings) (*Session, error) {
	moves := t.LineTo(at)
	if moves == nil {
		return nil, fmt.Errorf("no move at path %s", Quote(string(at)))
	}
	set.Variant, set.FEN = t.v.ID, t.start
	s, err := New(set)
	if err != nil {
		return nil, err
	}
	for _, ms := range moves {
		if _, err := s.Play(ms); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// MainPath returns the path of the main line's ply-th move (0 the start,
// clamped to the main line).
func (t *Tree) MainPath(ply int) Path {
	var b []byte
	for n := &t.root; len(n.kids) > 0 && len(b) < ply; {
		n = n.kids[0]
		b = append(b, n.id)
	}
	return Path(b)
}

// Promote makes the side line holding the node at p the main continuation
// at the point where it branches, one level (as lichess does): the nearest
// move on the way from the start to p that is not its parent's first is
// moved first, the others keeping their order. It reports whether anything
// changed (false on the main line, or when p names no node).
func (t *Tree) Promote(at Path) bool {
	_, chain := t.find(at)
	for i := len(chain) - 1; i >= 1; i-- {
		if toFront(chain[i-1], chain[i]) {
			return true
		}
	}
	return false
}

// MakeMainLine promotes the line holding the node at p at every level, so
// that the main line passes through it. It reports whether anything changed.
func (t *Tree) MakeMainLine(at Path) bool {
	_, chain := t.find(at)
	changed := false
	for i := len(chain) - 1; i >= 1; i-- {
		changed = toFront(chain[i-1], chain[i]) || changed
	}
	return changed
}

// toFront moves kid k of n first; it reports whether it was not first.
func toFront(n, k *node) bool {
	for i, x := range n.kids {
		if x == k {
			if i == 0 {
				return false
			}
			copy(n.kids[1:i+1], n.kids[:i])
			n.kids[0] = k
			return true
		}
	}
	return false
}

// Delete removes the node at p and every move after it. It reports whether
// anything was removed (the start position cannot be).
func (t *Tree) Delete(at Path) bool {
	if at == "" {
		return false
	}
	n, chain := t.find(at)
	if n == nil {
		return false
	}
	parent := chain[len(chain)-2]
	for i, k := range parent.kids {
		if k == n {
			parent.kids = append(parent.kids[:i], parent.kids[i+1:]...)
			break
		}
	}
	t.count -= size(n)
	return true
}

// size counts the moves of the subtree at n, n included.
func size(n *node) int {
	c := 1
	for _, k := range n.kids {
		c += size(k)
	}
	return c
}

// tidyComment is a comment as a tree keeps it: its runs of white space (new
// lines too) made one space, none at its ends.
func tidyComment(s string) string { return strings.Join(strings.Fields(s), " ") }

// checkComment says what keeps a tidied comment out of a tree: bytes that
// are not UTF-8, a "}" (it would end the comment in a record), or its length.
func checkComment(c string) error {
	switch {
	case !utf8.ValidString(c):
		return errors.New("a comment must be text (UTF-8)")
	case strings.Contains(c, "}"):
		return errors.New("a comment cannot hold “}”")
	case len(c) > MaxComment:
		return fmt.Errorf("a comment is at most %d bytes long", MaxComment)
	}
	return nil
}

// commentBytes counts the bytes of every comment in the tree.
func (t *Tree) commentBytes() int {
	total := 0
	var walk func(n *node)
	walk = func(n *node) {
		total += len(n.comment)
		for _, k := range n.kids {
			walk(k)
		}
	}
	walk(&t.root)
	return total
}

// SetComment sets the comment of the node at p (the start position's is
// the game's comment, written before the first move); "" removes it. The
// text is tidied (white space runs become one space, none at the ends). It
// is refused when it is not UTF-8, holds a "}", is longer than MaxComment
// or would take the tree's comments past MaxComments.
func (t *Tree) SetComment(at Path, text string) error {
	n, _ := t.find(at)
	if n == nil {
		return fmt.Errorf("no move at path %s", Quote(string(at)))
	}
	c := tidyComment(text)
	if err := checkComment(c); err != nil {
		return err
	}
	if t.commentBytes()-len(n.comment)+len(c) > MaxComments {
		return fmt.Errorf("the analysis holds %d bytes of comments, the most it can", MaxComments)
	}
	n.comment = c
	return nil
}

// SetGlyph sets a glyph of the move at p: a move glyph (MoveGlyphs: !, ?,
// !!, ??, !?, ?!) replaces the move's move glyph, a position glyph
// (PositionGlyphs) its position glyph; the glyph it already has is removed
// instead (a toggle); "" removes both. The start position has no glyphs.
func (t *Tree) SetGlyph(at Path, glyph string) error {
	n, _ := t.find(at)
	switch {
	case n == nil || at == "":
		return fmt.Errorf("no move at path %s", Quote(string(at)))
	case glyph == "":
		n.glyph, n.posGlyph = "", ""
		return nil
	}
	nag, move := glyphNAG(glyph)
	switch {
	case nag == 0:
		return fmt.Errorf("%s is not a glyph", Quote(glyph))
	case move && n.glyph == glyph:
		n.glyph = ""
	case move:
		n.glyph = glyph
	case n.posGlyph == glyph:
		n.posGlyph = ""
	default:
		n.posGlyph = glyph
	}
	return nil
}

// Ending returns the declared result after the main line (a resignation, a
// draw agreed, a loss on time: TreeFromSession and ParseTreeRecord keep
// it), nil when there is none or the main line no longer ends where it was
// declared (a move played after it, or it was cut).
func (t *Tree) Ending() *Ending {
	if t.end == nil || t.end.Ply != len(t.MainLine()) {
		return nil
	}
	if r, _ := t.Position(t.MainPath(t.end.Ply)).Outcome(); r != "" {
		return nil
	}
	e := *t.end
	return &e
}

// An Item is one move of the move list drawn with its side lines (Items).
type Item struct {
	Path  Path
	Depth int // 0 the main line, 1 a side line of it, 2 a side line of that ...
	// Number is the move number where the list shows one: "3." before
	// White's moves, "3…" before Black's at the start of a line, after a
	// side line or after a comment; "" elsewhere.
	Number   string
	Notation string // as Session.Notation
	Glyph    string // move glyph or ""
	PosGlyph string // position glyph or ""
	// Text is the item as shown: Number, Notation with Glyph, PosGlyph,
	// separated by spaces ("3… Nc6?!", "Nf3 ±").
	Text    string
	Comment string // shown after the move
	// Open is true when a side line opens just before this item (its first
	// move); Close counts the side lines that close just after it (and its
	// comment).
	Open  bool
	Close int
}

// Items returns the move list in the order it is read, with the side lines
// nested as PGN writes them and lichess shows them: a move's side lines
// come right after it, before the main continuation, so 1. e4 e5 2. Nf3
// with 2. Bc4 Nf6 tried instead is 1. e4, e5, 2. Nf3, (2. Bc4, Nf6), 2… Nc6.
func (t *Tree) Items() []Item {
	items := make([]Item, 0, t.count)
	t.walk(func(ev walkEvent) {
		switch ev.kind {
		case evOpen:
		case evClose:
			items[len(items)-1].Close++
		case evMove:
			it := Item{Path: ev.path, Depth: ev.depth, Notation: ev.n.san, Glyph: ev.n.glyph, PosGlyph: ev.n.posGlyph, Comment: ev.n.comment, Open: ev.open}
			if ev.number {
				it.Number = strconv.Itoa(ev.full) + "."
				if ev.black {
					it.Number = strconv.Itoa(ev.full) + "…"
				}
			}
			var parts []string
			for _, s := range []string{it.Number, it.Notation + it.Glyph, it.PosGlyph} {
				if s != "" {
					parts = append(parts, s)
				}
			}
			it.Text = strings.Join(parts, " ")
			items = append(items, it)
		}
	})
	return items
}

// walkEvent is a step of walk: a move, or a side line opening or closing.
type walkEvent struct {
	kind   int
	n      *node
	path   Path
	depth  int
	full   int  // the move's full-move number
	black  bool // Black's move
	number bool // its number is shown
	open   bool // a side line opens before it
}

const (
	evMove = iota
	evOpen
	evClose
)

// walk visits the tree's moves in the order a record writes them.
func (t *Tree) walk(visit func(walkEvent)) {
	p, err := game.Parse(t.v, t.start)
	if err != nil {
		return
	}
	full0, black0 := p.Fullmove(), p.Turn() == game.Black
	move := func(n *node, path Path, depth int, force, open bool) {
		off := len(path) - 1
		if black0 {
			off++
		}
		black := off%2 == 1
		visit(walkEvent{kind: evMove, n: n, path: path, depth: depth, full: full0 + off/2, black: black, number: !black || force, open: open})
	}
	var line func(n *node, at Path, depth int, force bool)
	line = func(n *node, at Path, depth int, force bool) {
		for len(n.kids) > 0 {
			main := n.kids[0]
			move(main, at+Path(main.id), depth, force, false)
			force = main.comment != ""
			for _, side := range n.kids[1:] {
				visit(walkEvent{kind: evOpen, depth: depth + 1})
				sp := at + Path(side.id)
				move(side, sp, depth+1, true, true)
				line(side, sp, depth+1, side.comment != "")
				visit(walkEvent{kind: evClose, depth: depth + 1})
				force = true
			}
			n, at = main, at+Path(main.id)
		}
	}
	line(&t.root, "", 0, true)
}

// savedTree is the JSON form of a tree (Save).
type savedTree struct {
	Variant string      `json:"variant"`
	Start   string      `json:"start"`
	Comment string      `json:"comment,omitempty"`
	End     *Ending     `json:"end,omitempty"`
	Nodes   []savedNode `json:"nodes"`
}

// savedNode is a move of a saved tree. Nodes come in depth-first order (a
// node, then the moves after it, its side lines' after the main
// continuation's), each after its parent; siblings in their order.
type savedNode struct {
	Parent   int    `json:"parent"` // index in Nodes; -1 the start position
	ID       string `json:"id"`     // its Path character
	Move     string `json:"move"`
	Comment  string `json:"comment,omitempty"`
	Glyph    string `json:"glyph,omitempty"`
	PosGlyph string `json:"posGlyph,omitempty"`
}

// Save returns the tree as JSON: the rule set's id, the start position, the
// game's comment, the declared ending and every move (savedNode) with its
// node id, so that paths stay valid through LoadTree.
func (t *Tree) Save() []byte {
	s := savedTree{Variant: t.v.ID, Start: t.start, Comment: t.root.comment, End: t.end, Nodes: []savedNode{}}
	var walk func(n *node, parent int)
	walk = func(n *node, parent int) {
		for _, k := range n.kids {
			s.Nodes = append(s.Nodes, savedNode{Parent: parent, ID: string(k.id), Move: k.ms, Comment: k.comment, Glyph: k.glyph, PosGlyph: k.posGlyph})
			walk(k, len(s.Nodes)-1)
		}
	}
	walk(&t.root, -1)
	b, _ := json.Marshal(s)
	return b
}

// LoadTree reads a tree saved with Save. Everything is checked again (the
// rule set, the start, each move's legality and its string, the ids, the
// order, the comments, the glyphs, the limits); data that is not a saved
// tree, or breaks any check, is refused with an error and nothing else.
func LoadTree(data []byte) (*Tree, error) {
	if len(data) > MaxTreeSave {
		return nil, fmt.Errorf("a saved analysis is at most %d bytes", MaxTreeSave)
	}
	var s savedTree
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("not a saved analysis: %w", err)
	}
	v, err := game.VariantByID(s.Variant)
	if err != nil {
		return nil, err
	}
	if s.Start == "" {
		return nil, errors.New("the saved analysis has no start position")
	}
	t, err := NewTree(v, s.Start)
	if err != nil {
		return nil, err
	}
	if len(s.Nodes) > MaxNodes {
		return nil, fmt.Errorf("the saved analysis holds more than %d moves", MaxNodes)
	}
	if err := t.SetComment("", s.Comment); err != nil || t.root.comment != s.Comment {
		return nil, errors.New("the saved analysis's comment is not one")
	}
	p, _ := game.Parse(v, t.start)
	// The nodes on the way from the start to the last one read, and their
	// indices: a node's parent must be one of them.
	stack, idx := []*node{&t.root}, []int{-1}
	for i, sn := range s.Nodes {
		bad := func(why string) error { return fmt.Errorf("move %d of the saved analysis %s", i+1, why) }
		for len(idx) > 1 && idx[len(idx)-1] != sn.Parent {
			stack, idx = stack[:len(stack)-1], idx[:len(idx)-1]
			p.Unmake()
		}
		if idx[len(idx)-1] != sn.Parent {
			return nil, bad("is not after its parent")
		}
		parent := stack[len(stack)-1]
		if len(sn.ID) != 1 || !strings.Contains(PathAlphabet, sn.ID) || hasID(parent.kids, sn.ID[0]) {
			return nil, bad("has no id of its own")
		}
		if r, _ := p.Outcome(); r != "" {
			return nil, bad("comes after the end of the game")
		}
		m, err := p.ParseMove(sn.Move)
		if err != nil || p.MoveString(m) != sn.Move {
			return nil, bad("is not legal")
		}
		if len(parent.kids) >= MaxChildren {
			return nil, bad("has too many siblings")
		}
		for _, k := range parent.kids {
			if k.ms == sn.Move {
				return nil, bad("is played twice")
			}
		}
		if g, _ := glyphNAG(sn.Glyph); sn.Glyph != "" && (g == 0 || g > 6) {
			return nil, bad("has a move glyph that is not one")
		}
		if g, move := glyphNAG(sn.PosGlyph); sn.PosGlyph != "" && (g == 0 || move) {
			return nil, bad("has a position glyph that is not one")
		}
		if checkComment(sn.Comment) != nil || tidyComment(sn.Comment) != sn.Comment {
			return nil, bad("has a comment that is not one")
		}
		n := &node{id: sn.ID[0], move: m, ms: sn.Move, san: p.Notation(m), comment: sn.Comment, glyph: sn.Glyph, posGlyph: sn.PosGlyph}
		parent.kids = append(parent.kids, n)
		t.count++
		p.Make(m)
		stack, idx = append(stack, n), append(idx, i)
	}
	if t.commentBytes() > MaxComments {
		return nil, fmt.Errorf("the saved analysis holds more than %d bytes of comments", MaxComments)
	}
	if e := s.End; e != nil {
		if (e.Result != game.WhiteWins && e.Result != game.BlackWins && e.Result != game.Draw) || e.Ply < 0 || e.Ply > MaxNodes ||
			!utf8.ValidString(e.Reason) || len(e.Reason) > 200 {
			return nil, errors.New("the saved analysis's result is not one")
		}
		t.end = e
	}
	return t, nil
}
