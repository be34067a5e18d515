package app

import (
	"net/url"
	"strings"
	"testing"

	"chimera/game"
	"chimera/render/model"
)

func msq(s string) model.Square { return model.ParseSquare(s) }

// edit is one step of building a position in the editor.
type edit struct {
	do   func(e *EditorController)
	fen  string // the position string's board and hand after it ("" : not checked)
	said string // words the live region says (a part of them)
}

func pick(l string) func(*EditorController)   { return func(e *EditorController) { e.Pick(l) } }
func tapOn(sq string) func(*EditorController) { return func(e *EditorController) { e.Tap(msq(sq), 0) } }
func tapSlot(sq string, slot int) func(*EditorController) {
	return func(e *EditorController) { e.Tap(msq(sq), slot) }
}
func dragTo(from string, slot int, to string, hand int) func(*EditorController) {
	return func(e *EditorController) { e.Drag(msq(from), slot, msq(to), hand) }
}
func dropAt(l, sq string, hand int) func(*EditorController) {
	return func(e *EditorController) { e.DropAt(l, msq(sq), hand) }
}

// TestEditorBuildsPositions builds a position of each rule set from an
// empty board, by taps with a palette piece and by drags, with a compound
// or a pair and pieces in hand; the impossible is refused in words, the
// engine's refusal is said until mended, and the position plays.
func TestEditorBuildsPositions(t *testing.T) {
	for _, c := range []struct {
		variant string
		steps   []edit
		want    string // the finished position
	}{
		{"bedlam", []edit{
			{pick("K"), "", "White King picked"},
			{tapOn("e1"), "8/8/8/8/8/8/8/4K3[]", "White King on e1"},
			{pick("k"), "", ""},
			{tapOn("e8"), "", "Black King on e8"},
			{tapOn("a8"), "k3k3/8/8/8/8/8/8/4K3[]", "Black must have exactly one royal piece, has 2"},
			{pick(Eraser), "", "Eraser"},
			{tapOn("a8"), "4k3/8/8/8/8/8/8/4K3[]", "Black King taken off a8"},
			{pick("R"), "", ""},
			{tapOn("a1"), "", ""},
			{pick("N"), "", ""},
			{tapOn("a1"), "4k3/8/8/8/8/8/8/M3K3[]", "White Knight and White Rook on a1 make a White Marshall"},
			{tapOn("a1"), "4k3/8/8/8/8/8/8/R3K3[]", "White Knight taken out of a1: the White Rook stays"},
			{dropAt("n", "a1", -1), "4k3/8/8/8/8/8/8/R3K3[]", "both sides cannot share"},
			{dropAt("B", "c1", -1), "4k3/8/8/8/8/8/8/R1B1K3[]", "White Bishop on c1"},
			{dragTo("c1", 0, "a1", -1), "4k3/8/8/8/8/8/8/Q3K3[]", "make a White Queen"},
			{dragTo("a1", 0, "d4", -1), "4k3/8/8/8/3Q4/8/8/4K3[]", "White Queen a1 to d4"},
			{dragTo("d4", 0, "", 1), "4k3/8/8/8/8/8/8/4K3[q]", "Queen into Black's hand: 1"},
			{dragTo("e1", 0, "", 0), "4k3/8/8/8/8/8/8/4K3[q]", "A King cannot be in hand in Bedlam"},
			{dropAt("p", "", 0), "4k3/8/8/8/8/8/8/4K3[Pq]", "Pawn into White's hand: 1"},
			{func(e *EditorController) { e.AddHand(0, "N", 1) }, "4k3/8/8/8/8/8/8/4K3[NPq]", "White's hand: 1 Knight"},
			{func(e *EditorController) { e.AddHand(0, "P", -1) }, "4k3/8/8/8/8/8/8/4K3[Nq]", "White's hand: 0 Pawn"},
			{func(e *EditorController) { e.AddHand(1, "r", -1) }, "4k3/8/8/8/8/8/8/4K3[Nq]", "Black's hand has no Rook"},
			{dragTo("e8", 0, "", -1), "8/8/8/8/8/8/8/4K3[Nq]", "Black King taken off e8"},
			{dropAt("k", "h8", -1), "7k/8/8/8/8/8/8/4K3[Nq]", ""},
		}, "7k/8/8/8/8/8/8/4K3[Nq] w - - 0 1"},
		{"assimilation", []edit{
			{pick("K"), "", ""},
			{tapOn("e1"), "", ""},
			{pick("r"), "", ""},
			{tapOn("e8"), "", ""},
			{pick("k"), "", ""},
			{tapOn("e8"), "4d3/8/8/8/8/8/8/4K3", "Black King and Black Rook on e8 make a Black Dragon King"},
			{pick("P"), "", ""},
			{tapOn("e8"), "", "both sides cannot share"},
			{tapOn("b8"), "1P2d3/8/8/8/8/8/8/4K3", "A pawn cannot stand on its last rank (b8)"},
			{dragTo("b8", 0, "b2", -1), "4d3/8/8/8/8/8/1P6/4K3", "White Pawn b8 to b2"},
			{dragTo("b2", 0, "", 0), "", "Assimilation Chess has no pieces in hand"},
		}, "4d3/8/8/8/8/8/1P6/4K3 w - - 0 1"},
		{"bifold-halfgi", []edit{
			{pick("W"), "", ""},
			{tapOn("e1"), "", ""},
			{pick("F"), "", ""},
			{tapOn("e1"), "8/8/8/8/8/8/8/4(WF)3[]", "White Ferz joins the White Wazir on e1"},
			{pick("R"), "", ""},
			{tapOn("e1"), "", "e1 already holds two pieces"},
			{pick("w"), "", ""},
			{tapOn("e8"), "4w3/8/8/8/8/8/8/4(WF)3[]", ""},
			{pick("P"), "", ""},
			{tapOn("e8"), "", "full size"},
			{pick("r"), "", ""},
			{tapOn("e8"), "4(wr)3/8/8/8/8/8/8/4(WF)3[]", "Black Halfling Rook joins the Black Wazir on e8"},
			{tapOn("e8"), "4w3/8/8/8/8/8/8/4(WF)3[]", "Black Halfling Rook taken out of e8: the Black Wazir stays"},
			{dropAt("H", "c3", -1), "", ""},
			{dropAt("B", "c3", -1), "4w3/8/8/8/8/2(BH)5/8/4(WF)3[]", "joins"},
			{dragTo("c3", 1, "d4", -1), "4w3/8/8/8/3H4/2B5/8/4(WF)3[]", "White Horse c3 to d4"},
			{dragTo("d4", 0, "", 1), "4w3/8/8/8/8/2B5/8/4(WF)3[h]", "Horse into Black's hand: 1"},
			{dragTo("e1", 1, "", 1), "", "cannot be in hand"},
			{func(e *EditorController) { e.AddHand(0, "P", 2) }, "4w3/8/8/8/8/2B5/8/4(WF)3[PPh]", "White's hand: 2 Pawn"},
		}, "4w3/8/8/8/8/2B5/8/4(WF)3[PPh] w - - 0 1"},
		{"bifold-halfgi-pawns", []edit{
			{dropAt("W", "e1", -1), "", ""},
			{dropAt("f", "e8", -1), "", ""},
			{dropAt("L", "d2", -1), "", ""},
			{dropAt("D", "d2", -1), "4f3/8/8/8/8/8/3(LD)4/4W3[]", "White Right Pawn joins the White Left Pawn on d2"},
			{func(e *EditorController) { e.AddHand(1, "l", 1) }, "4f3/8/8/8/8/8/3(LD)4/4W3[l]", ""},
		}, "4f3/8/8/8/8/8/3(LD)4/4W3[l] w - - 0 1"},
		{"bifold-halfgi-weak", []edit{
			{dropAt("W", "e1", -1), "", ""},
			{dropAt("w", "e8", -1), "", ""},
			{dropAt("V", "d2", -1), "", ""},
			{dropAt("V", "d2", -1), "4w3/8/8/8/8/8/3(VV)4/4W3[]", "White Weak Pawn joins the White Weak Pawn on d2"},
			{dropAt("v", "d2", -1), "", "already holds two"},
		}, "4w3/8/8/8/8/8/3(VV)4/4W3[] w - - 0 1"},
	} {
		t.Run(c.variant, func(t *testing.T) {
			r := newRig(t, nil, link(c.variant, "", "none"))
			if err := r.Editor.Open(); err != nil {
				t.Fatal(err)
			}
			if !r.board.style.Edit {
				t.Fatal("the editor's board does not take edits")
			}
			r.Editor.ClearBoard()
			for i, st := range c.steps {
				n := len(r.page.announced)
				st.do(r.Editor)
				es := r.Editor.State()
				if st.fen != "" {
					if board, _, _ := strings.Cut(es.Position, " "); board != st.fen {
						t.Fatalf("step %d: %s, want %s", i, board, st.fen)
					}
				}
				said := strings.Join(r.page.announced[n:], " | ")
				if st.said != "" && !strings.Contains(said, st.said) {
					t.Fatalf("step %d: said %q, want %q", i, said, st.said)
				}
				if cells := boardCells(r.board.board); es.Position != "" && cells != boardCells(setupBoard(r.Editor.es.s)) {
					t.Fatalf("step %d: the board shows another position", i)
				}
			}
			es := r.Editor.State()
			if es.Position != c.want || !es.Valid {
				t.Fatalf("built %q (valid %v: %s), want %q", es.Position, es.Valid, es.Problem, c.want)
			}
			if want := "mode=editor&" + Link(map[string]string{"variant": c.variant, "fen": c.want}); r.page.address != want {
				t.Errorf("address %q, want %q", r.page.address, want)
			}
			if err := r.Editor.Play(1, 1); err != nil {
				t.Fatal(err)
			}
			if r.Editor.State() != nil || r.board.style.Edit {
				t.Fatal("the editor stayed open after Play")
			}
			if r.position() != c.want || r.Game.s.Computer != 1 {
				t.Errorf("playing %q (computer %d), want %q", r.position(), r.Game.s.Computer, c.want)
			}
			if boardCells(r.board.board) != boardCells(setupBoard(game.SetupOf(r.Game.s.Position()))) {
				t.Error("the board does not show the game")
			}
			if !strings.Contains(r.page.address, "ai=black") || strings.Contains(r.page.address, "mode=editor") {
				t.Errorf("address after Play: %q", r.page.address)
			}
		})
	}
}

// TestEditorRefusesToPlayInvalid: Play, Analyse and the view say why a
// position the checks refuse cannot be played; mended, it plays.
func TestEditorRefusesToPlayInvalid(t *testing.T) {
	r := newRig(t, nil, url.Values{"mode": {"editor"}, "variant": {"bedlam"}, "fen": {"kk6/8/8/8/8/8/8/K7[] w - - 0 1"}})
	es := r.Editor.State()
	if es == nil || es.Valid || es.Problem != "Black must have exactly one royal piece, has 2" {
		t.Fatalf("editor from a link: %+v", es)
	}
	if v := r.page.last(); v.Editor == nil || v.Editor.Valid || len(v.Notices) != 0 {
		t.Fatalf("view: %+v notices %q", v.Editor, v.Notices)
	}
	if err := r.Editor.Play(-1, 1); err == nil || !strings.Contains(err.Error(), "Black must have exactly one royal piece") {
		t.Fatalf("Play of two black kings: %v", err)
	}
	if err := r.Editor.Analyse(); err == nil {
		t.Fatal("Analyse of two black kings")
	}
	r.Editor.Pick(Eraser)
	r.Editor.Tap(msq("b8"), 0)
	if err := r.Editor.Analyse(); err != nil {
		t.Fatal(err)
	}
	if said := r.page.lastSaid(); said != "Analysis board: Bedlam" {
		t.Errorf("Analyse said %q", said)
	}
	if av := r.page.last().Analysis; av == nil || r.Editor.State() != nil || r.page.last().Position != "k7/8/8/8/8/8/8/K7[] w - - 0 1" {
		t.Errorf("analysing %+v, editor %v", av, r.Editor.State())
	}
}

// TestEditorNotInAGuest: a page framed by another origin opens no editor
// from a link, nor from a call.
func TestEditorNotInAGuest(t *testing.T) {
	r := &rig{board: &fakeBoard{}, engine: &fakeEngine{}, store: newStorage(), tab: newStorage(), page: &fakePage{}, clock: newClock()}
	r.App = New(Deps{Board: r.board, Engine: r.engine, Storage: r.store, Tab: r.tab, Page: r.page, Clock: r.clock, Foreign: true},
		url.Values{"mode": {"editor"}, "variant": {"bedlam"}})
	if r.Editor.State() != nil || r.board.style.Edit {
		t.Fatal("a foreign frame opened the editor")
	}
	if err := r.Editor.Open(); err == nil || r.Editor.State() != nil {
		t.Fatalf("Open in a guest: %v", err)
	}
}

// TestEditorOwnsTheBoard: while the editor is open the game (a computer's
// reply included) does not draw; closing it shows the game as it is.
func TestEditorOwnsTheBoard(t *testing.T) {
	r := newRig(t, nil, link("assimilation", "", "black"))
	r.play(t, "e2e4")
	if err := r.Editor.Open(); err != nil {
		t.Fatal(err)
	}
	if es := r.Editor.State(); es.Position != r.position() {
		t.Fatalf("the editor opened on %q, the game shows %q", es.Position, r.position())
	}
	r.Editor.ClearBoard()
	r.Editor.Pick("K")
	r.BoardEdit(model.Intent{Kind: model.IntentEditTap, Square: msq("e1")})
	r.BoardEdit(model.Intent{Kind: model.IntentEditDrag, Square: msq("e1"), To: msq("g1"), Hand: -1})
	if got := r.Editor.State().Position; got != "8/8/8/8/8/8/8/6K1 b - - 0 1" {
		t.Fatalf("the board's tap and drag made %q", got)
	}
	cells, draws := boardCells(r.board.board), r.board.draws
	r.answer("e7e5")
	r.SetPrefs(Prefs{Anim: "fast"})
	r.BoardMove("g1f3")
	if r.board.draws != draws || boardCells(r.board.board) != cells || !r.board.style.Edit {
		t.Fatalf("the game drew over the editor: %d draws", r.board.draws-draws)
	}
	r.Editor.Close()
	r.BoardEdit(model.Intent{Kind: model.IntentEditTap, Square: msq("e4")}) // the game's board takes no edits
	if boardCells(r.board.board) != play2cells(r) || r.board.style.Edit {
		t.Error("closing the editor did not draw the game as it is")
	}
	if !strings.Contains(r.page.address, "moves=e2e4,e7e5") || strings.Contains(r.page.address, "editor") {
		t.Errorf("address %q", r.page.address)
	}
}

func play2cells(r *rig) [64][2]model.Piece {
	return boardCells(setupBoard(game.SetupOf(r.Game.s.Position())))
}

// TestEditorRights: castling boxes only where king and rook stand, gone
// with them; en passant only behind a pawn that stepped twice; the side
// to move, the counters, undo and redo, and a typed position string.
func TestEditorRights(t *testing.T) {
	r := newRig(t, nil, url.Values{"mode": {"editor"}, "variant": {"assimilation"}})
	e := r.Editor
	rights := func() string {
		s := ""
		for _, c := range r.page.last().Editor.Castling {
			s += c.Letter
			if c.On {
				s += "+"
			}
		}
		return s
	}
	if got := rights(); got != "K+Q+k+q+" {
		t.Fatalf("start position rights %q", got)
	}
	e.Drag(msq("h1"), 0, msq("h4"), -1)
	if got := rights(); got != "Q+k+q+" {
		t.Errorf("after the h1 rook moved: %q", got)
	}
	e.SetCastle("K", true)
	if !r.page.last().Editor.Refused {
		t.Error("a right without its rook was given")
	}
	e.Drag(msq("h4"), 0, msq("h1"), -1)
	if got := rights(); got != "KQ+k+q+" {
		t.Errorf("rook back: %q", got)
	}
	e.SetCastle("K", true)
	e.SetCastle("q", false)
	if got := rights(); got != "K+Q+k+q" {
		t.Errorf("after the boxes: %q", got)
	}
	e.Undo()
	e.Undo()
	if got := rights(); got != "KQ+k+q+" {
		t.Errorf("after two undos: %q", got)
	}
	e.Redo()
	if got := rights(); got != "K+Q+k+q+" {
		t.Errorf("after a redo: %q", got)
	}
	if err := e.SetPosition("4k3/8/8/3pP3/8/8/8/4K3 w - - 3 20"); err != nil {
		t.Fatal(err)
	}
	v := r.page.last().Editor
	if len(v.Castling) != 0 || strings.Join(v.EPs, ",") != "d6" || v.Half != 3 || v.Full != 20 {
		t.Fatalf("typed position: castling %v, en passant %v, clocks %d %d", v.Castling, v.EPs, v.Half, v.Full)
	}
	e.SetEnPassant("d6")
	e.SetEnPassant("e6")
	if got := e.State().Position; got != "4k3/8/8/3pP3/8/8/8/4K3 w - d6 3 20" {
		t.Errorf("en passant: %q", got)
	}
	e.SetTurn(1)
	if got := e.State().Position; got != "4k3/8/8/3pP3/8/8/8/4K3 b - - 3 20" {
		t.Errorf("Black to move: %q", got)
	}
	e.SetClocks(0, 1)
	if err := e.SetPosition("4k3/8/8/8/8/8/8/4K3 w - - 0 x"); err == nil || !strings.Contains(err.Error(), "fullmove") {
		t.Errorf("a bad move number: %v", err)
	}
	if got := e.State().Position; got != "4k3/8/8/3pP3/8/8/8/4K3 b - - 0 1" {
		t.Errorf("a refused string changed the board: %q", got)
	}
	for _, fen := range []string{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/1P6/8/8/8/8/8/4K3 b - - 7 9"} {
		e.SetPosition(fen)
		if got := e.State().Position; got != fen {
			t.Errorf("typed %q, shows %q", fen, got)
		}
	}
	e.SetVariant("bedlam")
	if v := r.page.last().Editor; v.Variant != "bedlam" || v.Castles || len(v.Hands) != 14 {
		t.Errorf("switched to Bedlam: %s castles %v hands %d", v.Variant, v.Castles, len(v.Hands))
	}
}

// TestEditorPalette: every piece of the rule set in both colours, with its
// picture.
func TestEditorPalette(t *testing.T) {
	for _, v := range game.Variants() {
		r := newRig(t, nil, url.Values{"mode": {"editor"}, "variant": {v.ID}})
		ev := r.page.last().Editor
		if len(ev.Palette) != 2*len(v.Pieces) {
			t.Errorf("%s: %d palette pieces, want %d", v.ID, len(ev.Palette), 2*len(v.Pieces))
		}
		for _, p := range ev.Palette {
			if p.Image == "" || p.Name == "" || v.PieceOf(p.Letter[0]) == game.NoPiece {
				t.Errorf("%s: palette piece %+v", v.ID, p)
			}
		}
		if len(ev.Squares) != 64 || ev.Squares[0].Square != "a8" {
			t.Errorf("%s: squares %v", v.ID, ev.Squares[:1])
		}
	}
}
