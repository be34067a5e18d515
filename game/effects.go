package game

// MoveKind classifies a move for animation and display.
type MoveKind uint8

// Move kinds, the primary effect of a move.
const (
	KindQuiet   MoveKind = iota // a piece (compound, unit) moves to an empty square
	KindCapture                 // something is captured (into a hand in drop games)
	KindMerge                   // two friendly pieces fuse, or a capture assimilates
	KindSplit                   // a component leaves its compound
	KindJoin                    // a bifold piece or unit enters a square holding a piece, no capture
	KindLeave                   // one bifold piece leaves its pair
	KindDrop                    // a piece comes from the hand
	KindPromote                 // pawn promotion or metamorphosis
	KindCastle
)

var moveKindNames = [...]string{"quiet", "capture", "merge", "split", "join", "leave", "drop", "promote", "castle"}

// String returns the kind's name.
func (k MoveKind) String() string { return moveKindNames[k] }

// Change is one piece that vanishes from or appears on a square or a hand.
// Square is NoSquare for a hand; the hand's owner is then Piece.Color().
type Change struct {
	Appear bool
	Square int
	Slot   int // 0 or 1 within a bifold square
	Piece  Piece
}

// Effect describes a move as the pieces that vanish and appear: a merge is two
// vanishing into one that appears, a split one into two, a capture into a hand
// a vanish on the board and an appear (of the captor's colour) in the hand.
type Effect struct {
	Kind     MoveKind
	From, To int // From is NoSquare for a drop
	Changes  []Change
}

// Effects returns the vanish/appear description of legal move m, computed by
// making and unmaking it. Vanishes come before appears.
func (p *Position) Effects(m Move) Effect {
	e := Effect{From: m.From(), To: m.To()}
	if m.IsDrop() {
		e.From = NoSquare
	}
	var before [4]Cell
	var hands [2][NumKinds]uint8 = p.hand
	p.Make(m)
	u := &p.stack[len(p.stack)-1]
	var after [4]Cell
	for i := 0; i < int(u.n); i++ {
		before[i] = u.cell[i]
		after[i] = p.sq[u.sq[i]]
	}
	var vanish, appear []Change
	seen := map[int8]bool{}
	for i := 0; i < int(u.n); i++ {
		s := u.sq[i]
		if seen[s] {
			continue
		}
		seen[s] = true
		// the first save of a square holds its content before the move
		b, a := before[i], after[i]
		used := [2]bool{}
		for bi, x := range b {
			if x == NoPiece {
				continue
			}
			found := false
			for ai, y := range a {
				if y == x && !used[ai] {
					used[ai] = true
					found = true
					break
				}
			}
			if !found {
				vanish = append(vanish, Change{Square: int(s), Slot: bi, Piece: x})
			}
		}
		for ai, y := range a {
			if y != NoPiece && !used[ai] {
				appear = append(appear, Change{Appear: true, Square: int(s), Slot: ai, Piece: y})
			}
		}
	}
	for c := White; c <= Black; c++ {
		for k := range p.hand[c] {
			d := int(p.hand[c][k]) - int(hands[c][k])
			for ; d > 0; d-- {
				appear = append(appear, Change{Appear: true, Square: NoSquare, Piece: MakePiece(c, Kind(k))})
			}
			for ; d < 0; d++ {
				vanish = append(vanish, Change{Square: NoSquare, Piece: MakePiece(c, Kind(k))})
			}
		}
	}
	p.Unmake()
	e.Changes = append(vanish, appear...)
	e.Kind = p.classify(m)
	return e
}

func (p *Position) classify(m Move) MoveKind {
	switch {
	case m.IsDrop():
		return KindDrop
	case m.IsCastle():
		return KindCastle
	}
	from, to := p.sq[m.From()], p.sq[m.To()]
	if !p.v.Bifold {
		x, y := from[0], to[0]
		switch {
		case m.Part() != NoKind:
			return KindSplit
		case y != NoPiece && y.Color() == x.Color():
			return KindMerge
		case m.IsCapture() && p.v.Assimilation && kinds[x.Kind()].simple && kinds[y.Kind()].simple && x.Kind() != y.Kind() && m.Promo() == NoKind:
			return KindMerge
		case m.IsCapture():
			return KindCapture
		case m.Promo() != NoKind:
			return KindPromote
		}
		return KindQuiet
	}
	switch {
	case m.IsCapture():
		return KindCapture
	case m.Promo() != NoKind:
		return KindPromote
	case !to.Empty():
		return KindJoin
	case m.Part() != NoKind:
		return KindLeave
	}
	return KindQuiet
}
