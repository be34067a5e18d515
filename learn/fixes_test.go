package learn

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// Each false statement FIXES.md lists, as the lessons used to make it, is
// refused by the checks: either its claim, replayed with the engine (a
// fact), or its old words put back into today's lesson (old).
var oldStatements = []struct {
	id      string                  // its entry in FIXES.md
	variant string                  // a fact's rule set
	fact    string                  // the old statement as a checkable fact, or
	game    string                  // the lesson whose text is put back
	old     func(l *Lesson) *string // the text to put back
	was     string                  // ... and its old words
}{
	{id: "B1", variant: "bedlam", fact: `{"position": "6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1", "move": "N@f7", "claims": {"drop": "N", "after": "checkmate"}}`},
	{id: "B1", game: "bedlam", old: func(l *Lesson) *string { return &section(l, "end").Try.Start }, was: "6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1"},
	{id: "B2", variant: "bedlam", fact: `{"says": "a rook may move onto its own simple piece of another kind: the King", "position": "4k3/8/8/8/8/8/8/3RK3[] w - - 0 1", "may": ["d1e1"]}`},
	{id: "B2", variant: "bedlam", fact: `{"says": "a bishop may move onto its own simple piece of another kind: the King", "position": "4k3/8/8/8/8/8/3B4/4K3[] w - - 0 1", "may": ["d2e1"]}`},
	{id: "B2", variant: "bedlam", fact: `{"says": "a knight may move onto its own simple piece of another kind: the King", "position": "4k3/8/8/8/8/5N2/8/4K3[] w - - 0 1", "may": ["f3e1"]}`},
	{id: "B3", variant: "bedlam", fact: `{"says": "everything else as in chess: a pawn may become a Queen", "position": "4k3/2P5/8/8/8/8/8/4K3[] w - - 0 1", "may": ["c7c8q"]}`},
	{id: "B3", variant: "bedlam", fact: `{"says": "everything else as in chess: the fifty-move rule", "position": "4k3/8/8/8/8/8/8/4K3[] w - - 99 80", "move": "e1e2", "claims": {"after": "50-move rule"}}`},
	{id: "B4", variant: "bedlam", fact: `{"says": "dropped on its first rank it can only step one square", "position": "4k3/8/8/8/8/8/2p5/3PK3[] w - - 0 1", "mayNot": ["d1c2"]}`},
	{id: "B5", variant: "bedlam", fact: `{"says": "two from its starting rank, for a pawn dropped on its first", "position": "4k3/8/8/8/8/8/8/3PK3[] w - - 0 1", "may": ["d1d3"]}`},
	{id: "B6", game: "bedlam", old: func(l *Lesson) *string { return &symbol(l, "=M").Says }, was: "the piece becomes this: fusion, promotion, metamorphosis, demotion, assimilation"},
	{id: "F1", variant: "bifold-halfgi-pawns", fact: `{"says": "two left-handed pawns move as a full pawn", "position": "(wf)7/8/8/3r1r2/4(LL)3/8/8/7(WF)[] w - - 0 1", "may": ["e4d5", "e4f5"]}`},
	{id: "F2", variant: "bifold-halfgi-pawns", fact: `{"says": "an L captures diagonally forward to its left (a lone enemy piece)", "position": "(wf)7/8/8/8/8/3r4/4L3/7(WF)[] w - - 0 1", "may": ["e2d3"]}`},
	{id: "F2", variant: "bifold-halfgi-pawns", fact: `{"says": "an L steps like a pawn (to an empty square)", "position": "(wf)7/8/8/8/8/4r3/4L3/7(WF)[] w - - 0 1", "mayNot": ["e2e3"]}`},
	{id: "F3", variant: "bifold-halfgi-weak", fact: `{"says": "a V captures while another of its side's pieces (its partner) could capture on its square", "position": "(wf)7/8/8/3(rb)4/4(VR)3/8/8/7(WF)[] w - - 0 1", "may": ["e4d5"]}`},
	{id: "F4", variant: "bifold-halfgi-weak", fact: `{"says": "a weak pawn with a partner captures without support", "position": "(wf)7/8/8/3(rb)4/4(VR)3/8/8/7(WF)[] w - - 0 1", "may": ["e4d5/vxr"]}`},
	{id: "F5", variant: "bifold-halfgi-pawns", fact: `{"says": "a pawn is dropped on an empty square", "position": "(wf)7/8/8/8/3r4/8/8/6(WF)1[L] w - - 0 1", "mayNot": ["L@d4"]}`},
	{id: "F6", variant: "bifold-halfgi-pawns", fact: `{"says": "a lone pawn captures only an enemy beside a friend or among two enemies", "position": "(wf)7/3(ld)4/8/4L3/8/8/8/7(WF)[] b - - 0 1", "moves": ["d7d5"], "mayNot": ["e5d6"]}`},
	{id: "F7", variant: "bifold-halfgi", fact: `{"says": "a pawn captures diagonally, taking every enemy piece on the square", "position": "(wf)7/8/8/8/3(Rb)4/4P3/8/6(WF)1[] w - - 0 1", "may": ["e3d4"]}`},
	{id: "F7", variant: "bifold-halfgi", fact: `{"says": "two from its starting rank, for a pawn dropped on its first", "position": "(wf)7/8/8/8/8/8/8/3P2(WF)1[] w - - 0 1", "may": ["d1d3"]}`},
	{id: "F8", variant: "bifold-halfgi-pawns", fact: `{"says": "on the last rank it becomes a halfling queen, rook, bishop or horse", "position": "(wf)7/4(LR)3/8/8/8/8/8/7(WF)[] w - - 0 1", "may": ["e7e8q"]}`},
	{id: "F9", variant: "bifold-halfgi-pawns", fact: `{"says": "a pawn capturing takes everything on a square held by the enemy alone", "position": "(wf)7/8/8/8/8/3(rb)4/4L3/7(WF)[] w - - 0 1", "move": "e2d3xr", "claims": {"captures": ["R", "B"]}}`},
	{id: "F9", variant: "bifold-halfgi-pawns", fact: `{"says": "moving onto an enemy pawn, any piece takes it", "position": "(wf)7/8/8/3l4/8/8/8/3R2(WF)1[] w - - 0 1", "move": "d1d5", "claims": {"captures": ["L"]}}`},
	{id: "F9", variant: "bifold-halfgi-pawns", fact: `{"says": "a piece alone may not enter a square with one of your pawns", "position": "(wf)7/8/8/8/8/8/3L4/3R2(WF)1[] w - - 0 1", "mayNot": ["d1d2"]}`},
	{id: "F10", variant: "bifold-halfgi-pawns", fact: `{"says": "every piece but the pawn is half a piece: a pawn has its square to itself", "position": "(wf)7/8/8/8/3L4/8/8/7(WF)[L] w - - 0 1", "mayNot": ["L@d4"]}`},
	{id: "A1", game: "assimilation", old: func(l *Lesson) *string { return &symbol(l, "=M").Says }, was: "the piece becomes this: fusion, promotion, metamorphosis, demotion, assimilation"},
}

func section(l *Lesson, id string) *Section {
	for i := range l.Sections {
		if l.Sections[i].ID == id {
			return &l.Sections[i]
		}
	}
	panic("no section " + id)
}

func symbol(l *Lesson, mark string) *Symbol {
	for i := range l.Symbols {
		if l.Symbols[i].Mark == mark {
			return &l.Symbols[i]
		}
	}
	panic("no symbol " + mark)
}

// copyLesson returns a deep copy of l.
func copyLesson(t *testing.T, l *Lesson) *Lesson {
	t.Helper()
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	c, err := decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestOldStatementsAreRefused(t *testing.T) {
	fixes, err := os.ReadFile("FIXES.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range oldStatements {
		if !strings.Contains(string(fixes), "**"+s.id+"**") {
			t.Errorf("FIXES.md has no entry %s", s.id)
		}
		if s.fact != "" {
			if ps := checkOne(t, s.variant, s.fact); len(ps) == 0 {
				t.Errorf("%s: the old statement %s passes the checks", s.id, s.fact)
			}
			continue
		}
		l := copyLesson(t, LessonFor(s.game))
		*s.old(l) = s.was
		if ps := Check(l); len(ps) == 0 {
			t.Errorf("%s: the old words %q pass the checks", s.id, s.was)
		} else if slices.Equal(ps, Check(LessonFor(s.game))) {
			t.Errorf("%s: the old words add no problem", s.id)
		}
	}
}
