package learn

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"chimera/game"
)

// Check replays every claim of lesson l with the engine and scans its texts
// for words no checked claim backs; it returns the problems found, each
// naming where it is ("bedlam/end exercise: ..."), none when the lesson
// tells the truth as far as its claims go. It checks:
//   - every section: its positions parse; its example's moves are legal,
//     each with its claims; the squares marked as threatened are; its
//     facts hold;
//   - every exercise: its answers are legal and accepted, each with the
//     exercise's claims; its wrong moves are legal, refused with their
//     reason and do what their claims say; any other legal move and an
//     illegal one are refused;
//   - the legend: every piece kind of every rule set the lesson teaches has
//     one entry, and each sample's lists of squares are exactly the
//     engine's moves from its square;
//   - the notation: every example is legal where it is shown and does what
//     its claims say; every mark explained appears in an example shown;
//   - every text: the words of topics.go appear only with a checked claim
//     of their topic (captions: on the caption's own move; a section's
//     title, text and intro: anywhere in the section).
func Check(l *Lesson) []string {
	c := &checker{}
	c.lesson(l)
	return c.problems
}

// use makes tp the set the topics of the claims checked next go to, and
// returns it.
func (c *checker) use(tp topics) topics {
	c.tp = tp
	return tp
}

func (c *checker) lesson(l *Lesson) {
	var vs []*game.Variant
	for _, id := range l.RuleSets() {
		v, err := game.VariantByID(id)
		if err != nil {
			c.fail(l.Game, "%v", err)
			return
		}
		vs = append(vs, v)
	}
	if len(l.Sections) == 0 {
		c.fail(l.Game, "no sections")
	}
	ids := map[string]bool{}
	for i := range l.Sections {
		s := &l.Sections[i]
		where := l.Game + "/" + s.ID
		if ids[s.ID] || s.ID == "" || s.Title == "" || len(s.Text) == 0 || s.Intro == "" {
			c.fail(where, "duplicate id, or no id, title, text or intro")
		}
		ids[s.ID] = true
		if s.Variant != "" && !l.Teaches(s.Variant) {
			c.fail(where, "rule set %q is not one the lesson teaches", s.Variant)
			continue
		}
		c.section(s, s.RuleSet(l), where)
	}
	c.legend(l, vs)
	c.notation(l, vs)
}

// parse parses a position string of rule set v.
func (c *checker) parse(v *game.Variant, pos, where string) *game.Position {
	p, err := game.Parse(v, pos)
	if err != nil {
		c.fail(where, "position %q: %v", pos, err)
		return nil
	}
	return p
}

// marks checks a lesson's marked squares: real squares, and the threatened
// ones threatened by side them (the side the reader plays against).
func (c *checker) marks(p *game.Position, mk Marks, them game.Color, where string) {
	for _, n := range mk.Focus {
		c.square(n, where)
	}
	if len(mk.Threat) > 0 {
		c.about(tThreat)
	}
	for _, n := range mk.Threat {
		if s, ok := c.square(n, where); ok && !p.Attacked(s, them) {
			c.fail(where, "%s is marked threatened, but the engine says it is not", n)
		}
	}
}

func (c *checker) section(s *Section, v *game.Variant, where string) {
	all := topics{}
	p := c.parse(v, s.Start, where)
	if p == nil {
		return
	}
	them := p.Turn().Other()
	c.use(all)
	c.marks(p, s.Marks, them, where+" intro")
	for _, st := range s.Steps {
		w := where + " step " + st.Move
		if st.Say == "" {
			c.fail(w, "no caption")
		}
		if st.Claims == nil {
			c.fail(w, "no claims: say what the move does")
		}
		tp := c.use(topics{})
		if !c.checkMove(p, st.Move, st.Claims, w) {
			return
		}
		m, _ := p.ParseMove(st.Move)
		p.Make(m)
		c.marks(p, st.Marks, them, w+" marks")
		c.scan(st.Say, tp, w)
		maps.Copy(all, tp)
	}
	for i := range s.Facts {
		c.use(all)
		c.checkFact(&s.Facts[i], v, s.Start, where+" fact "+itoa(i+1))
	}
	if s.Try != nil {
		c.exercise(s, v, where+" exercise", all)
	}
	for _, t := range append([]string{s.Title, s.Intro}, s.Text...) {
		c.scan(t, all, where)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// exercise checks the exercise of section s; its topics go to all too.
func (c *checker) exercise(s *Section, v *game.Variant, where string, all topics) {
	tr := s.Try
	if !strings.HasPrefix(tr.Prompt, "Your turn: ") || tr.Right == "" || len(tr.Answers) == 0 || tr.Else == "" {
		c.fail(where, "the exercise needs a prompt starting \"Your turn: \", an answer, its word and a word for other moves")
	}
	if tr.Claims == nil {
		c.fail(where, "no claims: say what the answers do")
	}
	q := c.parse(v, s.TryStart(), where)
	if q == nil {
		return
	}
	marked := c.use(topics{})
	c.marks(q, tr.Marks, q.Turn().Other(), where+" marks")
	tp := c.use(maps.Clone(marked))
	answers := map[string]bool{}
	for _, a := range tr.Answers {
		c.checkMove(q, a, tr.Claims, where+" answer "+a)
		if ok, why := tr.Judge(q, a); !ok {
			c.fail(where, "answer %q refused: %s", a, why)
		}
		answers[a] = true
	}
	for i := range tr.Facts {
		c.checkFact(&tr.Facts[i], v, s.TryStart(), where+" fact "+itoa(i+1))
	}
	others := topics{}
	for _, w := range tr.Wrong {
		wt := c.use(maps.Clone(marked)) // the board's marks are seen with every word
		ww := where + " wrong " + w.Move
		if answers[w.Move] || w.Why == "" {
			c.fail(ww, "a wrong move must not be an answer, and needs a reason")
		}
		if w.Claims == nil {
			c.fail(ww, "no claims: say what the move does")
		}
		if c.checkMove(q, w.Move, w.Claims, ww) {
			if ok, why := tr.Judge(q, w.Move); ok || why != w.Why {
				c.fail(ww, "judged ok %v, said %q", ok, why)
			}
		}
		c.scan(w.Why, wt, ww)
		maps.Copy(others, wt)
	}
	c.scan(tr.Prompt, tp, where+" prompt")
	c.scan(tr.Right, tp, where+" right")
	maps.Copy(others, tp)
	c.scan(tr.Else, others, where+" else")
	maps.Copy(all, others)
	// Any other legal move is refused, and so is an illegal one.
	other := ""
	for _, ms := range moveStrings(q) {
		if !answers[ms] && (other == "" || ms < other) {
			other = ms
		}
	}
	if other == "" {
		c.fail(where, "no legal move but the answers: nothing to refuse")
	} else if ok, why := tr.Judge(q, other); ok || why == "" {
		c.fail(where, "%q accepted (%q)", other, why)
	}
	if ok, why := tr.Judge(q, "a1a1"); ok || why != "That move is not legal here." {
		c.fail(where, "an illegal move: %v %q", ok, why)
	}
}

// legend checks the legend of lesson l in each of its rule sets vs.
func (c *checker) legend(l *Lesson, vs []*game.Variant) {
	shown := make([]bool, len(l.Legend))
	for _, v := range vs {
		for _, k := range v.Pieces {
			n := 0
			for i := range l.Legend {
				e := &l.Legend[i]
				if e.Kind == string(v.Letter(k)) && forVariant(e.Variants, v.ID) {
					n++
					shown[i] = true
				}
			}
			if n != 1 {
				c.fail(l.Game+" legend", "%d entries for the %s of %s, want 1", n, k.Name(), v.ID)
			}
		}
	}
	for i := range l.Legend {
		e := &l.Legend[i]
		where := l.Game + " legend " + e.Kind
		if !shown[i] {
			c.fail(where, "shown in none of the lesson's rule sets")
			continue
		}
		if e.MadeOf == "" || e.Moves == "" {
			c.fail(where, "no madeOf or moves")
		}
		tp := c.use(topics{})
		for _, v := range vs {
			if !forVariant(e.Variants, v.ID) || v.KindOf(e.Kind[0]) == game.NoKind {
				continue
			}
			if e.sample(v.ID) == nil {
				c.fail(where, "no sample for %s", v.ID)
			}
			for j := range e.Samples {
				if forVariant(e.Samples[j].Variants, v.ID) {
					c.sample(v, &e.Samples[j], where+" sample "+itoa(j+1)+" in "+v.ID)
				}
			}
			for j := range e.Facts {
				f := &e.Facts[j]
				if f.Variant == "" || f.Variant == v.ID {
					g := *f
					g.Variant = v.ID
					c.checkFact(&g, v, "", where+" fact "+itoa(j+1)+" in "+v.ID)
				}
			}
		}
		c.scan(e.MadeOf, tp, where+" madeOf")
		c.scan(e.Moves, tp, where+" moves")
	}
}

// sample checks a legend sample in rule set v: its lists of squares are
// exactly the engine's moves from its square, by what happens there.
func (c *checker) sample(v *game.Variant, s *Sample, where string) {
	p := c.parse(v, s.Position, where)
	if p == nil {
		return
	}
	from, ok := c.square(s.From, where)
	if !ok {
		return
	}
	if n, _ := friendly(p.At(from), p.Turn()); n == 0 {
		c.fail(where, "no piece of the side to move on %s", s.From)
		return
	}
	for _, h := range s.Hide {
		c.square(h, where)
	}
	if s.Moves == nil || s.Captures == nil {
		c.fail(where, "moves and captures must be listed (an empty list for none)")
	}
	got := map[string][]string{}
	add := func(cat string, sq int) {
		n := game.SquareName(sq)
		if !slices.Contains(got[cat], n) {
			got[cat] = append(got[cat], n)
		}
	}
	reached := map[string]bool{}
	for _, m := range p.LegalMoves() {
		if m.IsDrop() || m.From() != from {
			continue
		}
		reached[game.SquareName(m.To())] = true
		to := p.At(m.To())
		switch n, _ := friendly(to, p.Turn()); {
		case m.IsCapture():
			add("captures", m.To())
		case n > 0 && !m.IsCastle():
			add("joins", m.To())
		case !to.Empty() && v.Bifold:
			add("shares", m.To())
		default:
			add("moves", m.To())
		}
	}
	for _, l := range []struct {
		name string
		want []string
	}{{"moves", s.Moves}, {"captures", s.Captures}, {"joins", s.Joins}, {"shares", s.Shares}} {
		w, g := slices.Clone(l.want), got[l.name]
		slices.Sort(w)
		slices.Sort(g)
		if !slices.Equal(w, g) {
			c.fail(where, "%s %v, but the engine's are %v", l.name, w, g)
		}
	}
	for _, n := range s.Not {
		if reached[n] {
			c.fail(where, "the piece may not go to %s, says the sample, but the engine has a move there", n)
		}
	}
	c.about(tCapture)
	if len(s.Not) > 0 {
		c.about(tMayNot)
	}
	if len(s.Joins) > 0 {
		if v.Bifold {
			c.about(tUnit)
		} else {
			c.about(tFusion)
		}
	}
	if len(s.Shares) > 0 {
		c.about(tShare)
	}
}

// notation checks the notation examples and symbols of lesson l in each
// of its rule sets vs.
func (c *checker) notation(l *Lesson, vs []*game.Variant) {
	shown := make([]bool, len(l.Notation))
	tps := make([]topics, len(l.Notation))
	for _, v := range vs {
		var texts []string
		var exTopics []topics
		for i := range l.Notation {
			e := &l.Notation[i]
			where := l.Game + " notation " + e.Move + " (" + e.What + ") in " + v.ID
			if !has(v, e.Needs) {
				continue
			}
			shown[i] = true
			if e.Claims == nil {
				c.fail(where, "no claims: say what the move does")
			}
			if tps[i] == nil {
				tps[i] = topics{}
			}
			tp := c.use(topics{})
			p := c.parse(v, e.FEN, where)
			if p == nil || !c.checkMove(p, e.Move, e.Claims, where) {
				continue
			}
			m, _ := p.ParseMove(e.Move)
			texts = append(texts, p.Notation(m))
			exTopics = append(exTopics, tp)
			maps.Copy(tps[i], tp)
		}
		for _, s := range l.Symbols {
			where := l.Game + " symbol " + s.Mark + " in " + v.ID
			if !has(v, s.Needs) || s.Lacks != "" && has(v, s.Lacks) {
				continue
			}
			if s.Says == "" {
				c.fail(where, "says nothing")
			}
			tp := topics{}
			if s.Kinds != nil {
				marks := strings.FieldsFunc(s.Mark, func(r rune) bool { return r == ' ' || r == ',' })
				var want []string
				for _, lt := range s.Kinds {
					if k, err := kindOf(v, lt); err != nil {
						c.fail(where, "%v", err)
					} else {
						want = append(want, notationLetter(k, v.Letter(k)))
					}
				}
				if !slices.Equal(marks, want) {
					c.fail(where, "the letters %v are written %v in the move list", s.Kinds, want)
				}
			} else {
				seen := strings.Split(s.Mark, ", ")
				if s.SeenAs != "" {
					seen = []string{s.SeenAs}
				}
				for _, mk := range seen {
					found := false
					for i, t := range texts {
						if strings.Contains(t, mk) {
							found = true
							maps.Copy(tp, exTopics[i])
						}
					}
					if !found {
						c.fail(where, "%q appears in no example shown (%v)", mk, texts)
					}
				}
			}
			c.scan(s.Says, tp, where)
		}
	}
	for i := range l.Notation {
		e := &l.Notation[i]
		where := l.Game + " notation " + e.Move + " (" + e.What + ")"
		if !shown[i] {
			c.fail(where, "shown in none of the lesson's rule sets")
			continue
		}
		c.scan(e.What, tps[i], where)
	}
}

// afterState returns the state of p in the words of Claims.After.
func afterState(p *game.Position) string {
	r, why := p.Outcome()
	switch {
	case r != game.Ongoing && why == "both royals captured":
		return AfterRoyals
	case r != game.Ongoing:
		return why
	case !p.Variant().Bifold && p.InCheck():
		return AfterCheck
	}
	return AfterOngoing
}

// kindOf returns the kind of upper-case letter l in rule set v.
func kindOf(v *game.Variant, l string) (game.Kind, error) {
	if len(l) != 1 || l[0] < 'A' || l[0] > 'Z' || v.KindOf(l[0]) == game.NoKind {
		return game.NoKind, fmt.Errorf("%q is not a piece letter of %s (upper case)", l, v.ID)
	}
	return v.KindOf(l[0]), nil
}

// letters writes kinds as their letters, sorted: "BR".
func letters(v *game.Variant, ks []game.Kind) string {
	b := make([]byte, 0, len(ks))
	for _, k := range ks {
		b = append(b, v.Letter(k))
	}
	slices.Sort(b)
	return string(b)
}

// sortedLetters returns the letters of a claim's list, sorted and joined.
func sortedLetters(ls []string) string {
	s := strings.Join(ls, "")
	b := []byte(s)
	slices.Sort(b)
	return string(b)
}

// moveFacts is what the engine says a move did.
type moveFacts struct {
	v          *game.Variant
	us         game.Color
	kind       game.MoveKind
	inCheck    bool
	captured   []game.Kind // enemy pieces gone from the board
	toHand     []game.Kind // pieces arriving in the mover's hand
	anyHand    int         // pieces arriving in any hand
	moverKinds []game.Kind // the mover's pieces leaving its square (a drop: the dropped kind)
	fromFriend int         // the mover's side's pieces on the origin square before
	toFriend   int         // ... on the destination before
	afterTo    []game.Kind // the mover's side's pieces on the destination after
	afterFrom  []game.Kind // ... on the origin after
	enemyTo    []game.Kind // enemy pieces on the destination after
	after      string
	notation   string
	covers     uint64 // squares the moved piece covers after the move
	threatened bool   // the destination is attacked (threatened) by the enemy after the move
	onlyRoyals bool   // after the move only royal pieces are on the board
	halfmove   int    // the halfmove clock after the move
}

func friendly(c game.Cell, us game.Color) (n int, ks []game.Kind) {
	for _, x := range c {
		if x != game.NoPiece && x.Color() == us {
			n++
			ks = append(ks, x.Kind())
		}
	}
	return n, ks
}

// observe makes and unmakes legal move m in p and returns what it did.
func observe(p *game.Position, m game.Move) moveFacts {
	us := p.Turn()
	f := moveFacts{v: p.Variant(), us: us, inCheck: !p.Variant().Bifold && p.InCheck(), notation: p.Notation(m)}
	e := p.Effects(m)
	f.kind = e.Kind
	for _, c := range e.Changes {
		switch {
		case !c.Appear && c.Square != game.NoSquare && c.Piece.Color() != us:
			f.captured = append(f.captured, c.Piece.Kind())
		case c.Appear && c.Square == game.NoSquare:
			f.anyHand++
			if c.Piece.Color() == us {
				f.toHand = append(f.toHand, c.Piece.Kind())
			}
		}
	}
	if m.IsDrop() {
		f.moverKinds = []game.Kind{m.Part()}
	} else {
		var all []game.Kind
		f.fromFriend, all = friendly(p.At(m.From()), us)
		if m.Part() != game.NoKind {
			f.moverKinds = []game.Kind{m.Part()}
		} else {
			f.moverKinds = all
		}
	}
	f.toFriend, _ = friendly(p.At(m.To()), us)
	p.Make(m)
	_, f.afterTo = friendly(p.At(m.To()), us)
	if !m.IsDrop() {
		_, f.afterFrom = friendly(p.At(m.From()), us)
	}
	for _, x := range p.At(m.To()) {
		if x != game.NoPiece && x.Color() != us {
			f.enemyTo = append(f.enemyTo, x.Kind())
		}
	}
	for slot, x := range p.At(m.To()) {
		if x != game.NoPiece && x.Color() == us {
			f.covers = p.Covers(m.To(), slot)
			break
		}
	}
	f.after = afterState(p)
	f.threatened = p.Attacked(m.To(), us.Other())
	f.halfmove = p.Halfmove()
	f.onlyRoyals = true
	for s := 0; s < 64; s++ {
		for _, x := range p.At(s) {
			if x != game.NoPiece && !x.Kind().Royal() {
				f.onlyRoyals = false
			}
		}
	}
	p.Unmake()
	return f
}

// compound reports whether k is a full-size compound (two simple pieces).
func compound(k game.Kind) bool {
	_, b := k.Components()
	return b != game.NoKind
}

// gone returns the pieces that leave the game: captured pieces that reach
// no hand and are not absorbed, and the part a demoted compound loses.
func (f *moveFacts) gone(m game.Move) []game.Kind {
	var out []game.Kind
	hand := slices.Clone(f.toHand)
	for _, k := range f.captured {
		if i := slices.Index(hand, k); i >= 0 {
			hand = slices.Delete(hand, i, i+1)
			continue
		}
		if f.kind == game.KindMerge && m.IsCapture() {
			continue // absorbed
		}
		out = append(out, k)
	}
	if len(f.moverKinds) == 1 && len(f.afterTo) == 1 && m.IsCapture() && compound(f.moverKinds[0]) && f.afterTo[0] != f.moverKinds[0] {
		a, b := f.moverKinds[0].Components()
		switch f.afterTo[0] {
		case a:
			out = append(out, b)
		case b:
			out = append(out, a)
		}
	}
	return out
}

// checker collects the problems of a lesson's claims, and the topics
// (topics.go) the claims it checked are about.
type checker struct {
	problems []string
	tp       topics // where the topics of the claims checked go; nil: nowhere
}

// about notes that the claims being checked speak of topic t.
func (c *checker) about(t ...string) {
	if c.tp != nil {
		for _, x := range t {
			c.tp[x] = true
		}
	}
}

func (c *checker) fail(where, format string, args ...any) {
	c.problems = append(c.problems, where+": "+fmt.Sprintf(format, args...))
}

// checkMove checks claims cl of move ms in p (p is left as it was). It
// reports whether the move was legal.
func (c *checker) checkMove(p *game.Position, ms string, cl *Claims, where string) bool {
	m, err := p.ParseMove(ms)
	if err != nil {
		c.fail(where, "%q is not legal: %v", ms, err)
		return false
	}
	if got := p.MoveString(m); got != ms {
		c.fail(where, "%q is written %q", ms, got)
	}
	if cl == nil {
		return true
	}
	v := p.Variant()
	f := observe(p, m)
	kind := func(l string) game.Kind {
		k, err := kindOf(v, l)
		if err != nil {
			c.fail(where, "%s: %v", ms, err)
		}
		return k
	}
	list := func(name string, want []string, got []game.Kind) {
		for _, l := range want {
			kind(l)
		}
		if w, g := sortedLetters(want), letters(v, got); w != g {
			c.fail(where, "%s %s %q, but the engine says %q", ms, name, w, g)
		}
	}
	one := func(name, want string, ok func() bool) {
		if want != "" && !ok() {
			c.fail(where, "%s does not %s %s (the engine: %s, %q on %s)", ms, name, want, f.kind, letters(v, f.afterTo), game.SquareName(m.To()))
		}
	}
	single := func(want string) bool {
		return len(f.afterTo) == 1 && f.afterTo[0] == kind(want)
	}
	c.claimTopics(cl, &f)
	if cl.After != "" && cl.After != f.after {
		c.fail(where, "%s: after it %q is claimed, the engine says %q", ms, cl.After, f.after)
	}
	if cl.InCheck && !f.inCheck {
		c.fail(where, "%s: the side moving is not in check", ms)
	}
	if cl.IntoThreat && !f.threatened {
		c.fail(where, "%s: the enemy does not attack %s after it", ms, game.SquareName(m.To()))
	}
	if cl.Captures != nil {
		list("captures", cl.Captures, f.captured)
	}
	if cl.CaptureCount != 0 && cl.CaptureCount != len(f.captured) {
		c.fail(where, "%s captures %d pieces, not %d", ms, len(f.captured), cl.CaptureCount)
	}
	if cl.NoCapture && len(f.captured) > 0 {
		c.fail(where, "%s captures %q", ms, letters(v, f.captured))
	}
	if cl.ToHand != nil {
		list("puts in hand", cl.ToHand, f.toHand)
	}
	if cl.NoneToHand && f.anyHand > 0 {
		c.fail(where, "%s puts pieces in a hand", ms)
	}
	if cl.Gone != nil {
		list("removes from the game", cl.Gone, f.gone(m))
	}
	simple := len(f.moverKinds) == 1 && !compound(f.moverKinds[0]) && !f.moverKinds[0].IsPawn()
	one("fuse into", cl.Fuses, func() bool { return !v.Bifold && f.kind == game.KindMerge && !m.IsCapture() && single(cl.Fuses) })
	one("assimilate into", cl.Assimilates, func() bool { return !v.Bifold && f.kind == game.KindMerge && m.IsCapture() && single(cl.Assimilates) })
	one("demote to", cl.Demotes, func() bool {
		return !v.Bifold && m.Part() == game.NoKind && m.IsCapture() && len(f.moverKinds) == 1 &&
			compound(f.moverKinds[0]) && single(cl.Demotes) && f.afterTo[0] != f.moverKinds[0]
	})
	one("turn by metamorphosis into", cl.Metamorphosis, func() bool {
		return !v.Bifold && simple && !m.IsCapture() && m.Promo() == kind(cl.Metamorphosis) && single(cl.Metamorphosis)
	})
	if cl.Promotes != "" {
		pawn := slices.ContainsFunc(f.moverKinds, game.Kind.IsPawn)
		one("promote to", cl.Promotes, func() bool {
			return pawn && m.Promo() == kind(cl.Promotes) && slices.Contains(f.afterTo, kind(cl.Promotes))
		})
	}
	one("drop", cl.Drop, func() bool { return m.IsDrop() && m.Part() == kind(cl.Drop) })
	if s := cl.Split; s != nil {
		ok := !v.Bifold && f.kind == game.KindSplit && m.Part() == kind(s.Moves) &&
			len(f.afterFrom) == 1 && f.afterFrom[0] == kind(s.Stays) && single(s.Moves)
		one("split into", s.Moves+" moving, "+s.Stays+" staying", func() bool { return ok })
	}
	if cl.Castles != "" {
		side := "O-O-O"
		if m.To()%8 == 6 {
			side = "O-O"
		}
		one("castle", cl.Castles, func() bool { return m.IsCastle() && side == cl.Castles })
	}
	if cl.EnPassant && !m.IsEnPassant() {
		c.fail(where, "%s is not en passant", ms)
	}
	if cl.Is != "" {
		want := []byte(cl.Is)
		slices.Sort(want)
		if got := letters(v, f.afterTo); got != string(want) {
			c.fail(where, "%s leaves %q on %s, not %q", ms, got, game.SquareName(m.To()), cl.Is)
		}
	}
	switch cl.Unit {
	case "":
	case "forms":
		one("form a unit", cl.Unit, func() bool { return v.Bifold && len(f.afterTo) == 2 && f.toFriend == 1 })
	case "moves":
		one("move a unit", cl.Unit, func() bool { return v.Bifold && !m.IsDrop() && m.Part() == game.NoKind && f.fromFriend == 2 })
	case "leaves":
		one("leave a unit", cl.Unit, func() bool {
			return v.Bifold && !m.IsDrop() && m.Part() != game.NoKind && f.fromFriend == 2 && len(f.afterFrom) == 1
		})
	default:
		c.fail(where, "unit %q: want forms, moves or leaves", cl.Unit)
	}
	if cl.Shares != "" {
		one("share the square with", cl.Shares, func() bool { return v.Bifold && len(f.captured) == 0 && slices.Contains(f.enemyTo, kind(cl.Shares)) })
	}
	for _, n := range cl.Attacks {
		if s, ok := c.square(n, where); ok && f.covers>>uint(s)&1 == 0 {
			c.fail(where, "after %s the piece on %s does not cover %s", ms, game.SquareName(m.To()), n)
		}
	}
	for _, n := range cl.NotAttacks {
		if s, ok := c.square(n, where); ok && f.covers>>uint(s)&1 != 0 {
			c.fail(where, "after %s the piece on %s covers %s", ms, game.SquareName(m.To()), n)
		}
	}
	c.mayMoves(p, cl.May, cl.MayNot, where+" ("+ms+"'s alternatives)")
	if cl.Notation != "" && cl.Notation != f.notation {
		c.fail(where, "%s is written %q in the move list, not %q", ms, f.notation, cl.Notation)
	}
	if r := cl.Reply; r != nil {
		p.Make(m)
		if c.checkMove(p, r.Move, r.Claims, where+" (reply to "+ms+")") && r.Only && len(p.LegalMoves()) != 1 {
			c.fail(where, "%s is not the only reply to %s: %v", r.Move, ms, moveStrings(p))
		}
		p.Unmake()
	}
	return true
}

// mayMoves checks that the moves of may are legal in p and those of mayNot
// are not. A refused move must still be well formed, and start on a square
// holding a piece of the side to move (or drop a piece it has in hand), so
// that it says something about that piece.
func (c *checker) mayMoves(p *game.Position, may, mayNot []string, where string) {
	for _, ms := range may {
		if m, err := p.ParseMove(ms); err != nil {
			c.fail(where, "%q may be played, but the engine says: %v", ms, err)
		} else if got := p.MoveString(m); got != ms {
			c.fail(where, "%q is written %q", ms, got)
		}
	}
	if len(mayNot) > 0 {
		c.about(tMayNot)
	}
	for _, ms := range mayNot {
		if _, err := p.ParseMove(ms); err == nil {
			c.fail(where, "%q may not be played, but it is legal", ms)
			continue
		}
		if len(ms) >= 4 && ms[1] == '@' {
			k, err := kindOf(p.Variant(), ms[:1])
			if err != nil || p.HandCount(p.Turn(), k) == 0 {
				c.fail(where, "%q: the side to move has no such piece in hand", ms)
			}
			continue
		}
		s, ok := game.ParseSquare(ms[:min(2, len(ms))])
		if _, ok2 := game.ParseSquare(ms[min(2, len(ms)):min(4, len(ms))]); !ok || !ok2 {
			c.fail(where, "%q is not a move string", ms)
			continue
		}
		if n, _ := friendly(p.At(s), p.Turn()); n == 0 {
			c.fail(where, "%q: no piece of the side to move on %s", ms, ms[:2])
		}
	}
}

func (c *checker) square(n, where string) (int, bool) {
	s, ok := game.ParseSquare(n)
	if !ok {
		c.fail(where, "%q is not a square", n)
	}
	return s, ok
}

// checkFact checks fact f; start is the position string it defaults to and
// v its rule set's default.
func (c *checker) checkFact(f *Fact, v *game.Variant, start, where string) {
	if f.Variant != "" {
		w, err := game.VariantByID(f.Variant)
		if err != nil {
			c.fail(where, "%v", err)
			return
		}
		v = w
	}
	pos := f.Position
	if pos == "" {
		pos = start
	}
	p, err := game.Parse(v, pos)
	if err != nil {
		c.fail(where, "position %q: %v", pos, err)
		return
	}
	for _, ms := range f.Moves {
		m, err := p.ParseMove(ms)
		if err != nil {
			c.fail(where, "%v", err)
			return
		}
		p.Make(m)
	}
	c.mayMoves(p, f.May, f.MayNot, where)
	if len(f.About) > 0 && len(f.May) == 0 && len(f.MayNot) == 0 {
		c.fail(where, "about %v without may or mayNot", f.About)
	}
	for _, t := range f.About {
		if !knownTopic(t) {
			c.fail(where, "about %q: not a topic", t)
		}
		c.about(t)
	}
	if f.Move != "" {
		c.checkMove(p, f.Move, f.Claims, where)
	} else if f.Claims != nil {
		c.fail(where, "claims without a move")
	}
	if f.Move == "" && len(f.May) == 0 && len(f.MayNot) == 0 {
		c.fail(where, "a fact with nothing to check")
	}
}
