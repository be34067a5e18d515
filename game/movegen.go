package game

// The move generators' entry points. Each family has one generator
// (genFull, genBifold) that writes every legal move; its mode keeps the
// tactical moves only (the search's captures stage and quiescence) or the
// quiet ones only (the search's second stage), so the three lists come from
// the same code and together are the legal moves.

// genMode selects the moves a generator writes.
type genMode uint8

const (
	genAll      genMode = iota // every legal move
	genTactical                // IsTactical moves (in a full-size game in check: every evasion)
	genQuiet                   // the moves that are not tactical
)

// GenerateMoves appends every legal move of the position to ml.
func (p *Position) GenerateMoves(ml *MoveList) {
	if p.v.Bifold {
		p.genBifold(ml, genAll)
	} else {
		p.genFull(ml, genAll)
	}
}

// GenerateCaptures appends the legal tactical moves of the position
// (IsTactical: captures and pawn promotions; no drops, castling, quiet
// moves, metamorphosis, fusion or fission), for the search's captures stage
// and quiescence. In a full-size game whose side to move is in check it
// appends every legal move (all evasions).
func (p *Position) GenerateCaptures(ml *MoveList) {
	if p.v.Bifold {
		p.genBifold(ml, genTactical)
	} else {
		p.genFull(ml, genTactical)
	}
}

// GenerateQuiets appends the legal moves that are not tactical (everything
// GenerateMoves gives but the captures and pawn promotions), in the order
// GenerateMoves gives them: the search's second stage, after the captures.
func (p *Position) GenerateQuiets(ml *MoveList) {
	if p.v.Bifold {
		p.genBifold(ml, genQuiet)
	} else {
		p.genFull(ml, genQuiet)
	}
}

// IsTactical reports whether legal move m is a capture or a pawn's
// promotion (a metamorphosis is not): the moves of GenerateCaptures out of
// check.
func (p *Position) IsTactical(m Move) bool {
	return m&flagCapture != 0 || m&promoMask != 0 && p.v.meta[p.sq[m.From()][0]&31] != m.Promo()
}

// LegalMoves returns the legal moves of the position (allocates; the search
// uses GenerateMoves with its own lists).
func (p *Position) LegalMoves() []Move {
	var ml MoveList
	p.GenerateMoves(&ml)
	return append([]Move(nil), ml.Slice()...)
}
