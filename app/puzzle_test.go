package app

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"chimera/game"
	"chimera/play"
	"chimera/puzzle"
	"chimera/render/model"
)

// somePuzzle returns a shipped puzzle with at least n solver moves whose
// first solver move is not a drop (when piece is set), or fails.
func somePuzzle(t *testing.T, n int, piece bool) (puzzle.Puzzle, *game.Variant) {
	t.Helper()
	for _, id := range puzzle.Variants() {
		for _, z := range puzzle.Set(id) {
			if len(z.Moves)/2 >= n && (!piece || !strings.Contains(z.Moves[1], "@")) {
				v, _ := game.VariantByID(id)
				return z, v
			}
		}
	}
	t.Fatalf("no shipped puzzle with %d solver moves", n)
	return puzzle.Puzzle{}, nil
}

// openPuzzle opens puzzle z by its link and plays the opponent's move.
func openPuzzle(t *testing.T, store *fakeStorage, z puzzle.Puzzle) *rig {
	t.Helper()
	r := newRig(t, store, url.Values{"mode": {"puzzle"}, "id": {z.ID}})
	v := r.page.last().Puzzle
	if v == nil || v.ID != z.ID || v.Mode != puzzleIntro || v.Position != z.Position {
		t.Fatalf("puzzle view %+v, want %s before the opponent's move", v, z.ID)
	}
	r.clock.advance(time.Second)
	if v = r.page.last().Puzzle; v.Mode != puzzleSolve || len(r.board.events) != 1 {
		t.Fatalf("after the pause: mode %q, %d moves animated; want the opponent's move played", v.Mode, len(r.board.events))
	}
	return r
}

// afterMoves is the position string after the first n moves of z.
func afterMoves(t *testing.T, v *game.Variant, z puzzle.Puzzle, n int) string {
	t.Helper()
	p, _ := game.Parse(v, z.Position)
	for _, s := range z.Moves[:n] {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	return p.String()
}

// A puzzle solved on the board: the opponent's move first, each reply by
// itself, then solved, the rating up, the streak 1, kept on the device.
func TestPuzzleSolved(t *testing.T) {
	z, v := somePuzzle(t, 2, false)
	store := newStorage()
	r := openPuzzle(t, store, z)
	pv := r.page.last().Puzzle
	if !strings.Contains(pv.Said, "to move: find") || !strings.HasPrefix(r.page.last().Position, "") {
		t.Errorf("prompt %q", pv.Said)
	}
	if r.board.flipped != (strings.Fields(z.Position)[1] == "w") {
		t.Errorf("board flipped %v: want the solver at the bottom", r.board.flipped)
	}
	for i := 1; i < len(z.Moves); i += 2 {
		if !r.board.hasTarget(z.Moves[i]) {
			t.Fatalf("move %d %s is not offered on the board", i, z.Moves[i])
		}
		r.BoardMove(z.Moves[i])
		if i+1 < len(z.Moves) {
			if m := r.page.last().Puzzle.Mode; m != puzzleReply || len(r.board.targets) != 0 {
				t.Fatalf("after move %d: mode %q, %d targets; want the reply coming, no moves", i, m, len(r.board.targets))
			}
			r.clock.advance(time.Second)
			if got := r.page.last().Puzzle.Position; got != afterMoves(t, v, z, i+2) {
				t.Fatalf("after the reply %s: position %s", z.Moves[i+1], got)
			}
		}
	}
	pv = r.page.last().Puzzle
	if !pv.Solved || pv.Mode != puzzleSolved || pv.Rating <= 1500 || pv.Change <= 0 || pv.Streak != 1 || pv.Puzzle != z.Rating {
		t.Fatalf("solved view %+v", pv)
	}
	if said := strings.Join(r.page.announced, " | "); !strings.Contains(said, "Solved! Your puzzle rating: ") {
		t.Errorf("said %q", said)
	}
	if !strings.Contains(store.m[keyPuzzles], `"streak":1`) {
		t.Errorf("kept %q", store.m[keyPuzzles])
	}
	// a reload reads the record back
	r2 := newRig(t, store, url.Values{"mode": {"puzzle"}, "variant": {v.ID}})
	if got := r2.page.last().Puzzle; got.Rating != pv.Rating || got.Streak != 1 || got.ID == z.ID {
		t.Errorf("after a reload: %+v; want rating %d, streak 1, another puzzle", got, pv.Rating)
	}
	if q := r.page.address; q != "mode=puzzle&id="+z.ID {
		t.Errorf("address %q", q)
	}
}

// A wrong move is refused with a word and taken back; the rating goes down
// and the streak to 0; the right move is still taken.
func TestPuzzleWrongMove(t *testing.T) {
	z, v := somePuzzle(t, 1, false)
	r := openPuzzle(t, nil, z)
	p, _ := game.Parse(v, afterMoves(t, v, z, 1))
	wrong := ""
	for _, m := range p.LegalMoves() {
		q := p.Clone()
		q.Make(m)
		if s := p.MoveString(m); s != z.Moves[1] {
			if r, _ := q.Outcome(); r == game.Ongoing {
				wrong = s
				break
			}
		}
	}
	before := r.page.last().Puzzle.Position
	r.BoardMove(wrong)
	pv := r.page.last().Puzzle
	if !pv.Wrong || !strings.Contains(pv.Said, "that is not the move") || pv.Position != before || pv.Mode != puzzleSolve {
		t.Fatalf("after a wrong move: %+v", pv)
	}
	if r.board.board.Cells != play.Board(p).Cells || !r.board.hasTarget(z.Moves[1]) {
		t.Error("the board does not show the puzzle's position again, with its moves")
	}
	if !pv.Rated || pv.Rating >= 1500 || pv.Change >= 0 || pv.Streak != 0 {
		t.Errorf("rating after a wrong move: %+v", pv)
	}
	if said := r.page.lastSaid(); !strings.Contains(said, "not the move") {
		t.Errorf("said %q", said)
	}
	rating := pv.Rating
	for i := 1; i < len(z.Moves); i += 2 {
		r.BoardMove(z.Moves[i])
		r.clock.advance(time.Second)
	}
	if pv = r.page.last().Puzzle; pv.Mode != puzzleSolved || pv.Solved || pv.Rating != rating {
		t.Errorf("solved after a wrong move: %+v; want not counted again", pv)
	}
}

// Hint marks the piece, then the move; View solution plays the rest; both
// count as not solved.
func TestPuzzleHintAndSolution(t *testing.T) {
	z, v := somePuzzle(t, 1, true)
	r := openPuzzle(t, nil, z)
	p, _ := game.Parse(v, afterMoves(t, v, z, 1))
	m, _ := p.ParseMove(z.Moves[1])
	r.Puzzles.Hint()
	if got := marksOf(r.board.overlay, model.MarkFocus); got != game.SquareName(m.From()) {
		t.Errorf("first hint marks %q, want the piece's square %s", got, game.SquareName(m.From()))
	}
	if pv := r.page.last().Puzzle; !strings.Contains(pv.Said, "move the piece on "+game.SquareName(m.From())) || !pv.Rated {
		t.Errorf("first hint: %+v", pv)
	}
	r.Puzzles.Hint()
	if a := r.board.overlay.Arrows; len(a) != 1 || int(a[0].From) != m.From() || int(a[0].To) != m.To() {
		t.Errorf("second hint arrows %+v, want %s", a, z.Moves[1])
	}
	r.Puzzles.Solution()
	pv := r.page.last().Puzzle
	if pv.Mode != puzzleSolved || pv.Solved || !pv.Failed || pv.Position != afterMoves(t, v, z, len(z.Moves)) {
		t.Errorf("after View solution: %+v", pv)
	}
	if !strings.Contains(r.page.lastSaid(), "The solution is played") {
		t.Errorf("said %q", r.page.lastSaid())
	}
}

// The theme filter shows only puzzles of that theme, Next included; a
// lesson or the editor opened meanwhile closes puzzles; Close shows the
// game again.
func TestPuzzleFilterAndClose(t *testing.T) {
	z, v := somePuzzle(t, 1, false)
	theme := z.Themes[len(z.Themes)-1]
	r := openPuzzle(t, nil, z)
	if err := r.Puzzles.SetFilter(v.ID, theme); err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, y := range puzzle.Set(v.ID) {
		if y.Has(theme) {
			want++
		}
	}
	seen := map[string]bool{}
	for i := 0; i < 3; i++ {
		pv := r.page.last().Puzzle
		y, _ := findPuzzle(pv.ID)
		if y == nil || !y.Has(theme) || pv.Count != want || pv.Theme != theme {
			t.Fatalf("filter %s: puzzle %+v (count %d, want %d)", theme, y, pv.Count, want)
		}
		seen[pv.ID] = true
		r.Puzzles.Solution()
		if err := r.Puzzles.Next(); err != nil {
			t.Fatal(err)
		}
	}
	if want > 1 && len(seen) < 2 {
		t.Errorf("Next showed %v", seen)
	}
	if err := r.Puzzles.SetFilter(v.ID, "nosuchtheme"); err == nil {
		t.Error("an unknown theme was taken")
	}
	r.Puzzles.Close()
	if pv := r.page.last().Puzzle; pv != nil || r.board.board.Cells != play.Board(r.s.Position()).Cells {
		t.Errorf("after Close: puzzle %+v, the game's board not back", pv)
	}
	if err := r.Puzzles.Open(v.ID, "", ""); err != nil {
		t.Fatal(err)
	}
	if err := r.Lesson.Open("bedlam", 0); err != nil {
		t.Fatal(err)
	}
	if r.page.last().Puzzle != nil || r.App.owner != r.Lesson {
		t.Error("a lesson did not close puzzles")
	}
}

// A link to a puzzle that does not exist says so and shows another.
func TestPuzzleBadLink(t *testing.T) {
	r := newRig(t, nil, url.Values{"mode": {"puzzle"}, "id": {"zz9-9"}})
	v := r.page.last()
	if v.Puzzle == nil || !strings.Contains(strings.Join(v.Notices, " "), "There is no puzzle “zz9-9”") {
		t.Errorf("notices %q, puzzle %+v", v.Notices, v.Puzzle)
	}
}

// The Move box takes the solution typed in the move list's notation and
// refuses what is no legal move; on the last move of a mate another move
// that wins is right too.
func TestPuzzleTypedAndOtherMates(t *testing.T) {
	z, v := somePuzzle(t, 1, false)
	r := openPuzzle(t, nil, z)
	if err := r.Puzzles.PlayTyped("Zz9"); err == nil || !strings.Contains(err.Error(), "not a legal move") {
		t.Errorf("PlayTyped(Zz9): %v", err)
	}
	p, _ := game.Parse(v, afterMoves(t, v, z, 1))
	m, _ := p.ParseMove(z.Moves[1])
	if err := r.Puzzles.PlayTyped(p.Notation(m)); err != nil {
		t.Fatal(err)
	}
	if pv := r.page.last().Puzzle; pv.Wrong || pv.Position == afterMoves(t, v, z, 1) {
		t.Errorf("the typed solution %s was not played: %+v", p.Notation(m), pv)
	}
	// a mate whose last move has another winning move
	for _, id := range puzzle.Variants() {
		v, _ := game.VariantByID(id)
		for _, z := range puzzle.Set(id) {
			n := len(z.Moves)
			if !z.Has("mate") || n < 4 {
				continue
			}
			q, _ := game.Parse(v, afterMoves(t, v, z, n-1))
			for _, m := range q.LegalMoves() {
				s := q.MoveString(m)
				c := q.Clone()
				c.Make(m)
				if res, _ := c.Outcome(); s == z.Moves[n-1] || res != winWord(q.Turn()) {
					continue
				}
				r := openPuzzle(t, nil, z)
				for i := 1; i < n-1; i += 2 {
					r.BoardMove(z.Moves[i])
					r.clock.advance(time.Second)
				}
				r.BoardMove(s)
				if pv := r.page.last().Puzzle; !pv.Solved {
					t.Errorf("%s: the other mate %s was not taken: %+v", z.ID, s, pv)
				}
				return
			}
		}
	}
	t.Error("no shipped mate has a second winning last move to try")
}
