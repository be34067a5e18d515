package play

import (
	"strings"
	"testing"
	"time"

	"chimera/game"
)

// FuzzParseRecord: no record text panics; a record that reads replays move
// by move from its start, and the record written from that game reads back
// to the same moves.
func FuzzParseRecord(f *testing.F) {
	f.Add("1. e4 e5 2. Nf3 *", "bedlam")
	f.Add("[Variant \"Assimilation Chess\"]\n\n1. e2-e4 d7-d5 2. exd5 *", "")
	f.Add("e2e4,d7d5,e4d5,d8d5,P@e6", "bedlam")
	f.Add("[FEN \"4k3/8/8/8/8/8/8/RN2K3[n] b - - 0 7\"]\n7... N*e6 8. Ra1-b1=M *", "bedlam")
	f.Add("[Variant \"Bifold Halfgi\"]\n1. e2e4 {a unit} $1 d7d5 1-0", "")
	f.Add("[Variant \"x\"", "")
	f.Add("1. e4 (1. d4) e5", "bifold-halfgi-pawns")
	for _, v := range game.Variants() {
		s := fuzzSeedGame(v.ID)
		f.Add(s.Record(RecordTags{Event: "Seed", Date: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)}), "")
	}
	f.Fuzz(func(t *testing.T, text, variant string) {
		r, err := ParseRecord(text, variant)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: an empty error", text)
			}
			return
		}
		s, err := New(Settings{Variant: r.Variant.ID, FEN: r.Start, Computer: -1})
		if err != nil {
			t.Fatalf("%q: its start %q does not open: %v", text, r.Start, err)
		}
		for _, m := range r.Moves {
			if _, err := s.Play(m); err != nil {
				t.Fatalf("%q: move %s does not replay: %v", text, m, err)
			}
		}
		back, err := ParseRecord(s.Record(RecordTags{}), "")
		if err != nil || strings.Join(back.Moves, " ") != strings.Join(r.Moves, " ") || back.Start != r.Start {
			t.Fatalf("%q: its record does not read back: %v", text, err)
		}
	})
}

// FuzzLoad: no saved-game data panics; a session that loads saves and loads
// back to the same game.
func FuzzLoad(f *testing.F) {
	for _, v := range game.Variants() {
		f.Add(fuzzSeedGame(v.ID).Save())
	}
	f.Add([]byte(`{"variant":"bedlam","moves":["e2e4","zz"],"ply":"x"}`))
	f.Add([]byte(`{"variant":"bedlam","start":"8/8/8/8/8/8/8/8[] w - - 0 1"}`))
	f.Add([]byte(`{"variant":"assimilation","moves":["e2e4"],"ply":-3,"level":99}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, _, err := Load(data)
		if err != nil {
			return
		}
		again, problems, err := Load(s.Save())
		if err != nil || len(problems) > 0 {
			t.Fatalf("%q: its save does not load back: %v %v", data, err, problems)
		}
		if strings.Join(again.MoveStrings(), " ") != strings.Join(s.MoveStrings(), " ") || again.Ply() != s.Ply() ||
			again.StartPosition() != s.StartPosition() {
			t.Fatalf("%q: loads back as another game", data)
		}
	})
}

// fuzzSeedGame is a short game of rule set id: its first legal moves.
func fuzzSeedGame(id string) *Session {
	s, err := New(Settings{Variant: id, Computer: -1})
	if err != nil {
		panic(err)
	}
	for i := 0; i < 12; i++ {
		ms := s.Position().LegalMoves()
		if len(ms) == 0 {
			break
		}
		if _, err := s.Play(s.Position().MoveString(ms[(i*7)%len(ms)])); err != nil {
			panic(err)
		}
	}
	return s
}

// FuzzParseTreeRecord: no record text panics; a record that reads keeps the
// tree's limits, has the main line ParseRecord reads, and the record written
// from it (and its Save) reads back to the same tree.
func FuzzParseTreeRecord(f *testing.F) {
	f.Add("1. e4 e5 2. Nf3 (2. Bc4 Nf6 (2... Bc5)) 2... Nc6 *", "chess")
	f.Add("{ start } 1. e4! $16 { best } 1... c5 (1... e5 2. f4?! exf4) 2. Nf3 $5 d6 !! 1-0", "chess")
	f.Add("1.e4(1.d4 d5(1...Nf6))1...e5", "chess")
	f.Add("1. (LD)e2-e4 ((LD)d2-d4 (LD)d7-d5) (Le2-e4!?) 1... (HH)g8-f6", "bifold-halfgi-pawns")
	f.Add("[FEN \"4k3/8/8/8/8/8/8/RN2K3[n] b - - 0 7\"]\n7... N*e6 8. Ra1-b1=M (8. Ke1-d1) Ne6-d4 9. Rb1-a1; b1=N?? *", "bedlam")
	f.Add("1. e4 (1. d4", "chess")
	f.Add("1. e4 ) (", "assimilation")
	f.Add("((((", "bifold-halfgi")
	for _, v := range game.AllVariants() {
		tr := TreeFromSession(fuzzSeedGame(v.ID))
		at := tr.MainPath(3)
		p := tr.Position(at)
		if ms := p.LegalMoves(); len(ms) > 1 {
			side, _, _ := tr.Play(at, p.MoveString(ms[1]))
			tr.SetComment(side, "a side line")
			tr.SetGlyph(side, "?!")
		}
		f.Add(tr.Record(RecordTags{}), "")
	}
	f.Fuzz(func(t *testing.T, text, variant string) {
		r, err := ParseTreeRecord(text, variant)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: an empty error", text)
			}
			return
		}
		tr := r.Tree
		if tr.Len() > MaxNodes || tr.commentBytes() > MaxComments {
			t.Fatalf("%q: %d moves, %d bytes of comments", text, tr.Len(), tr.commentBytes())
		}
		if pr, err := ParseRecord(text, variant); err != nil || strings.Join(pr.Moves, " ") != strings.Join(tr.MainLine(), " ") {
			t.Fatalf("%q: ParseRecord reads another main line: %v", text, err)
		}
		back, err := ParseTreeRecord(tr.Record(RecordTags{}), "")
		if err != nil || dumpTree(back.Tree) != dumpTree(tr) {
			t.Fatalf("%q: its record does not read back: %v", text, err)
		}
		loaded, err := LoadTree(tr.Save())
		if err != nil || dumpTree(loaded) != dumpTree(tr) {
			t.Fatalf("%q: its save does not load back: %v", text, err)
		}
	})
}

// FuzzLoadTree: no data panics; a tree that loads keeps the limits, and
// saves and loads back to the same tree with the same paths.
func FuzzLoadTree(f *testing.F) {
	for _, v := range game.AllVariants() {
		tr := TreeFromSession(fuzzSeedGame(v.ID))
		p := tr.Position("")
		if ms := p.LegalMoves(); len(ms) > 1 {
			side, _, _ := tr.Play("", p.MoveString(ms[1]))
			tr.SetComment(side, "a side line")
			tr.SetGlyph(side, "±")
		}
		f.Add(tr.Save())
	}
	f.Add([]byte(`{"variant":"chess","start":"startpos","nodes":[{"parent":-1,"id":"0","move":"e2e4"},{"parent":0,"id":"0","move":"e7e5"},{"parent":-1,"id":"1","move":"d2d4"}]}`))
	f.Add([]byte(`{"variant":"chess","start":"startpos","nodes":[{"parent":3,"id":"0","move":"e2e4"}]}`))
	f.Add([]byte(`{"variant":"bedlam","start":"startpos","end":{"result":"1-0","reason":"x","ply":0},"nodes":[]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := LoadTree(data)
		if err != nil {
			return
		}
		if tr.Len() > MaxNodes || tr.commentBytes() > MaxComments {
			t.Fatalf("%q: %d moves, %d bytes of comments", data, tr.Len(), tr.commentBytes())
		}
		again, err := LoadTree(tr.Save())
		if err != nil || dumpTree(again) != dumpTree(tr) {
			t.Fatalf("%q: its save does not load back: %v", data, err)
		}
		for _, p := range allPaths(tr) {
			if !again.Has(p) {
				t.Fatalf("%q: path %q is lost", data, p)
			}
		}
	})
}
