package ai

import (
	"math/bits"

	"chimera/game"
)

// fullTerms are the weights, in centipawns, of the structural terms of the
// full-size evaluation. Middle-game (mg) and end-game (eg) weights are
// blended by the non-pawn material left on the board; a term with one
// weight counts in the phase its comment names.
type fullTerms struct {
	passedMg, passedEg [8]int // a passed pawn, by relative rank
	// a pawn with no friendly pawn on the files beside it
	isolated, isolatedEg     int
	bishopPair, bishopPairEg int
	// a rook on a file without pawns, without own pawns (mg; rookOpenEg and
	// rookSemiEg in the end game)
	rookOpen, rookSemi, rookOpenEg, rookSemiEg int
	// mobility per square a piece attacks that holds no own piece and no
	// enemy pawn attacks, minus mobBase (the typical count), by kind: mob in
	// the middle game, mobEg in the end game
	mob, mobEg [game.VPawn + 1]int
	mobBase    [game.VPawn + 1]int
	shield     int // an own pawn in front of a royal on its first two ranks (mg)
	// king attack (mg): each enemy piece that attacks a square next to the
	// royal (or its square) adds its kind's units; with at least two such
	// pieces the royal's side loses attackScale * units² / 16, at most
	// attackMax
	attackUnits [game.VPawn + 1]int
	attackScale int
	attackMax   int
	// openRoyal (mg): the royal's file or one beside it has no own pawn
	openRoyal int
	// flankPawn (mg, percent of the pawn's advance bonus): a pawn on the a,
	// b, g or h file loses this share of its advance bonus (it no longer
	// covers a castled royal); endPawn (eg, percent) adds to every pawn's
	// advance bonus in the end game
	flankPawn, endPawn int
	// royalFile (mg): the royal's placement by file (castled is better)
	royalFile [8]int
}

// chessTerms are the hand-set weights: Assimilation's, Bedlam's and those of
// chess at levels 1-3 (chess at levels 4-8 plays with chessFitTerms).
var chessTerms = fullTerms{
	passedMg:     [8]int{0, 5, 10, 15, 25, 40, 60, 0},
	passedEg:     [8]int{0, 10, 15, 25, 45, 75, 120, 0},
	isolated:     12,
	isolatedEg:   12,
	bishopPair:   30,
	bishopPairEg: 30,
	rookOpen:     20,
	rookSemi:     10,
	mob: [game.VPawn + 1]int{game.Knight: 4, game.Bishop: 4, game.Rook: 2, game.Queen: 1,
		game.Marshall: 2, game.Paladin: 3},
	mobEg: [game.VPawn + 1]int{game.Knight: 4, game.Bishop: 4, game.Rook: 2, game.Queen: 1,
		game.Marshall: 2, game.Paladin: 3},
	mobBase: [game.VPawn + 1]int{game.Knight: 4, game.Bishop: 6, game.Rook: 6, game.Queen: 12,
		game.Marshall: 14, game.Paladin: 10},
	shield:      10,
	attackUnits: [game.VPawn + 1]int{game.Knight: 2, game.Bishop: 2, game.Rook: 3, game.Queen: 5},
	attackScale: 6,
	attackMax:   500,
	openRoyal:   15,
	flankPawn:   50,
	endPawn:     50,
	royalFile:   [8]int{10, 15, 5, -10, -15, -5, 15, 10},
}

// chessFitTerms are chessTerms fitted by TestTuneTerms (tune_test.go) to
// fairy-stockfish's depth-7 scores of 146,882 quiet positions of our own
// chess self-play (README.md, "Issue 26", thirteenth session); the royal
// files and the king attack's cap are chessTerms'.
var chessFitTerms = func() fullTerms {
	t := chessTerms
	t.passedMg = [8]int{0, 6, -1, 7, 17, 23, 50, 0}
	t.passedEg = [8]int{0, 24, 18, 37, 54, 79, 112, 0}
	t.isolated, t.isolatedEg = 18, 9
	t.bishopPair, t.bishopPairEg = 53, 52
	t.rookOpen, t.rookSemi, t.rookOpenEg, t.rookSemiEg = 45, 17, -16, 2
	t.mob[game.Knight], t.mobEg[game.Knight] = 8, 2
	t.mob[game.Bishop], t.mobEg[game.Bishop] = 7, 5
	t.mob[game.Rook], t.mobEg[game.Rook] = 5, 2
	t.mob[game.Queen], t.mobEg[game.Queen] = 2, 12
	t.shield, t.openRoyal = 14, 20
	t.attackUnits[game.Knight], t.attackUnits[game.Bishop] = 3, 5
	t.attackUnits[game.Rook], t.attackUnits[game.Queen] = 4, 8
	t.attackScale = 6
	t.flankPawn, t.endPawn = 58, 50
	return t
}()

// Pawn-structure masks: frontSpan[c][s] the squares ahead of s (for side c)
// on its file and the files beside it; adjFiles[f] the files beside file f;
// shieldMask[c][s] the squares one and two ranks ahead of s on its file and
// the files beside it.
var (
	frontSpan  [2][64]uint64
	shieldMask [2][64]uint64
	adjFiles   [8]uint64
	fileMask   [8]uint64
)

func init() {
	for f := 0; f < 8; f++ {
		fileMask[f] = 0x0101010101010101 << uint(f)
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjFiles[f] |= fileMask[f-1]
		}
		if f < 7 {
			adjFiles[f] |= fileMask[f+1]
		}
	}
	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		files := fileMask[f] | adjFiles[f]
		for t := 0; t < 64; t++ {
			tr := t >> 3
			if files&(1<<uint(t)) == 0 {
				continue
			}
			if tr > r {
				frontSpan[game.White][s] |= 1 << uint(t)
				if tr-r <= 2 {
					shieldMask[game.White][s] |= 1 << uint(t)
				}
			}
			if tr < r {
				frontSpan[game.Black][s] |= 1 << uint(t)
				if r-tr <= 2 {
					shieldMask[game.Black][s] |= 1 << uint(t)
				}
			}
		}
	}
}

// pawnAttacks returns the squares attacked by pawns pw of side c.
func pawnAttacks(pw uint64, c int) uint64 {
	const notA, notH = 0xfefefefefefefefe, 0x7f7f7f7f7f7f7f7f
	if c == 0 {
		return (pw&notH)<<9 | (pw&notA)<<7
	}
	return (pw&notA)>>9 | (pw&notH)>>7
}

// pawnEntry is the pawn terms of structure for one placement of the pawns:
// each side's middle- and end-game sums over its pawns (advance on the
// flanks and in the end game, passed and isolated pawns), which depend on
// the two sides' pawn sets only. The zero entry is right for no pawns.
type pawnEntry struct {
	pawns  [2]uint64
	mg, eg [2]int32
}

// pawnCacheSize is the number of entries of the evaluator's pawn cache:
// the pawns change far less often than the rest, so most evaluations find
// their pawn terms there.
const (
	pawnCacheBits = 10
	pawnCacheSize = 1 << pawnCacheBits
)

// pawnSlot is the pawn cache's index for the pawn sets pw (a multiplicative
// hash of both).
func pawnSlot(pw [2]uint64) int {
	return int((pw[0]*0x9e3779b97f4a7c15^pw[1]*0xc2b2ae3d27d4eb4f)>>(64-pawnCacheBits)) & (pawnCacheSize - 1)
}

// pawnTerms fills en with the pawn terms of the pawn sets pw.
func (e *evaluator) pawnTerms(en *pawnEntry, pw [2]uint64) {
	t := e.terms
	en.pawns = pw
	for c := 0; c < 2; c++ {
		own, opp := pw[c], pw[c^1]
		mg, eg := 0, 0
		for bb := own; bb != 0; bb &= bb - 1 {
			sq := bits.TrailingZeros64(bb)
			rr := relRank(sq, game.Color(c))
			if f := sq & 7; f <= 1 || f >= 6 {
				mg -= pawnAdv[rr] * t.flankPawn / 100
			}
			eg += pawnAdv[rr] * t.endPawn / 100
			if frontSpan[c][sq]&opp == 0 {
				mg += t.passedMg[rr]
				eg += t.passedEg[rr]
			}
			if adjFiles[sq&7]&own == 0 {
				mg -= t.isolated
				eg -= t.isolatedEg
			}
		}
		en.mg[c], en.eg[c] = int32(mg), int32(eg)
	}
}

// structure returns the structural terms from White's point of view.
func (e *evaluator) structure(p *game.Position, st *evState, occ [2]uint64, royal [2]int) int {
	t := e.terms
	nonPawn := st.nonPawn[0] + st.nonPawn[1] // (taper: from end game to middle game)
	s := 0
	pe := &e.pawnCache[pawnSlot(st.pawns)]
	if pe.pawns != st.pawns {
		e.pawnTerms(pe, st.pawns)
	}
	for c := 0; c < 2; c++ {
		own, opp := st.pawns[c], st.pawns[c^1]
		mg, eg := int(pe.mg[c]), int(pe.eg[c])
		safe := ^occ[c] &^ pawnAttacks(opp, c^1)
		var zone uint64 // the squares around the enemy royal
		if rk := royal[c^1]; rk >= 0 {
			zone = nbMask[rk] | 1<<uint(rk)
		}
		bishops, attackers, units := 0, 0, 0
		for bb := occ[c] &^ own; bb != 0; bb &= bb - 1 {
			sq := bits.TrailingZeros64(bb)
			k := p.At(sq)[0].Kind()
			if w := t.mob[k]; w != 0 || t.mobEg[k] != 0 || t.attackUnits[k] != 0 {
				att := p.Attacks(sq)
				n := bits.OnesCount64(att&safe) - t.mobBase[k]
				mg += w * n
				eg += t.mobEg[k] * n
				if att&zone != 0 && t.attackUnits[k] != 0 {
					attackers++
					units += t.attackUnits[k]
				}
			}
			switch k {
			case game.Bishop:
				bishops++
			case game.Rook:
				switch fm := fileMask[sq&7]; {
				case fm&(own|opp) == 0:
					mg += t.rookOpen
					eg += t.rookOpenEg
				case fm&own == 0:
					mg += t.rookSemi
					eg += t.rookSemiEg
				}
			}
		}
		if bishops >= 2 {
			mg += t.bishopPair
			eg += t.bishopPairEg
		}
		if rk := royal[c]; rk >= 0 && relRank(rk, game.Color(c)) <= 1 {
			mg += t.shield * bits.OnesCount64(shieldMask[c][rk]&own)
		}
		if rk := royal[c]; rk >= 0 {
			f := rk & 7
			mg += t.royalFile[f]
			for g := max(f-1, 0); g <= min(f+1, 7); g++ {
				if fileMask[g]&own == 0 {
					mg -= t.openRoyal
				}
			}
		}
		if attackers >= 2 {
			// this side's attack on the enemy royal: a gain for it
			mg += min(t.attackScale*units*units/16, t.attackMax)
		}
		v := taper(mg, eg, nonPawn)
		if c == 0 {
			s += v
		} else {
			s -= v
		}
	}
	return s
}
