package ai

import "chimera/game"

// pieceSquares are piece-square terms fitted to an engine's scores
// (TestTunePST in tune_test.go), by kind: a kind without boards keeps the
// hand-set terms. A constant added to a kind's whole board is a change of
// its value: the terms include the change the fit made to each value (the
// kinds' values stay the game's, for SEE and move ordering).
type pieceSquares [game.NumKinds]kindSquares

// kindSquares are one kind's boards from White's side, rank 8 first: a
// middle-game and an end-game board, blended by the non-pawn material left
// (taper), or one board for both (the Bifold Halfgi family, whose
// evaluation does not taper).
type kindSquares [][64]int16

// term returns the fitted term of a piece of kind k and colour c on sq in
// the middle game (phase 0) or the end game (1), and whether t covers k (a
// nil t covers nothing).
func (t *pieceSquares) term(k game.Kind, c game.Color, sq, phase int) (int, bool) {
	if t == nil || k >= game.NumKinds || len(t[k]) == 0 {
		return 0, false
	}
	if c == game.White {
		sq ^= 56 // the boards are written rank 8 first
	}
	b := t[k]
	return int(b[min(phase, len(b)-1)][sq]), true
}

// chessSquares are chess's boards: TestTunePST's fit to fairy-stockfish
// 11.1's depth-7 scores of 137,097 quiet positions of our self-play
// (README.md, "Issue 26, 2026-12-06, fourth session"). The rule sets whose
// tuning (tuning.go) names them use them for the six chess kinds; their
// other kinds keep the hand-set terms.
var chessSquares = pieceSquares{
	game.Pawn: {
		{ // middle game
			0, 0, 0, 0, 0, 0, 0, 0,
			152, 118, -2, -21, 9, 161, 13, 82,
			-3, -2, 27, 37, 29, 9, 22, -3,
			-22, 0, 2, 26, 16, 13, 15, -27,
			-39, -18, -13, 17, 9, 3, -7, -38,
			-27, -31, -11, -31, -23, -26, 10, -46,
			-44, -29, -29, -51, -45, -13, -8, -55,
			0, 0, 0, 0, 0, 0, 0, 0,
		},
		{ // end game
			0, 0, 0, 0, 0, 0, 0, 0,
			-22, -7, -5, -21, 6, -5, 3, -29,
			22, 17, -5, -28, -15, -22, -27, -4,
			-15, -8, -6, -39, -30, -25, -20, -6,
			2, -14, -20, -57, -48, -34, -30, -19,
			-20, -6, -35, -13, -22, -22, -46, -19,
			12, -3, 1, -33, -11, -14, -22, -15,
			0, 0, 0, 0, 0, 0, 0, 0,
		},
	},
	game.Knight: {
		{ // middle game
			-12, -7, -2, 3, 3, -2, -7, -12,
			-7, -2, 62, 8, 8, 3, -2, -7,
			-2, 87, 0, 88, 92, 26, 51, -2,
			-5, 49, 54, 84, 63, 48, 55, 67,
			-7, 4, 38, 48, 59, 51, 32, 29,
			3, 10, 33, 46, 23, 35, 41, -1,
			-7, -2, 26, 10, 7, 16, -51, -7,
			-12, 5, -24, -32, 19, -71, -2, -12,
		},
		{ // end game
			-12, -7, -2, 3, 3, -2, -7, -12,
			-7, -2, -67, 8, 8, 3, -2, -7,
			-2, -71, -6, -50, -38, -25, -50, -2,
			-72, -56, -57, -49, -41, -6, 40, -82,
			-10, -26, -5, -50, -29, -38, -12, -50,
			-27, -57, -42, -48, -10, -41, -21, -61,
			-7, -2, -79, -38, -28, -54, -35, -7,
			-12, -80, -26, -56, -53, 25, -70, -12,
		},
	},
	game.Bishop: {
		{ // middle game
			-6, -3, 0, 3, 3, 0, -3, -6,
			-3, 0, 11, 6, 6, 51, 0, -3,
			-6, 72, 27, 55, 87, 85, 29, 3,
			45, 54, 20, 97, 86, 89, 45, 63,
			3, 3, 41, 82, 74, 43, -35, 3,
			42, 74, 72, 33, 20, 63, 20, 19,
			-3, 60, 14, 23, 24, 32, 50, -3,
			-6, -3, 30, 8, 29, -1, -3, 21,
		},
		{ // end game
			-6, -3, 0, 3, 3, 0, -3, -6,
			-3, 0, -60, 6, 6, -87, 0, -3,
			8, -62, -57, -14, -81, -82, -39, -31,
			-47, -11, -23, -67, -58, -59, 0, -70,
			3, -10, -14, -62, -75, -2, 1, 3,
			-26, -67, -30, -37, 13, -61, -36, -17,
			-3, -24, -66, -32, -29, -32, -41, -3,
			-6, -3, -65, -55, -44, -23, -3, -87,
		},
	},
	game.Rook: {
		{ // middle game
			70, 53, 2, 57, 54, 20, 56, 74,
			66, 50, 30, 76, 66, 49, 44, 68,
			-38, -37, -45, 42, -26, 70, -20, 41,
			-39, -25, 12, -54, -53, -70, 31, -18,
			-40, -49, -63, 33, -38, 1, -28, -17,
			-44, -69, -54, -29, -54, 22, -19, -35,
			-42, -37, -17, -41, 25, -15, -37, -52,
			-34, -19, -10, 0, 12, 11, -27, -20,
		},
		{ // end game
			28, 57, 18, 38, 45, 20, 13, 43,
			6, 19, 22, -4, 3, 10, 6, 12,
			38, 57, 56, 14, 26, -7, 23, -14,
			-11, 0, 31, 19, 39, 27, -17, 10,
			10, -5, 36, 13, -7, 0, 2, -6,
			-17, 16, -21, -13, 15, -45, -18, -24,
			-9, 2, 4, 1, -50, -21, 5, -21,
			-6, -3, -12, -22, -39, -42, -20, -53,
		},
	},
	game.Queen: {
		{ // middle game
			0, 2, 4, 6, 6, 4, 2, 0,
			2, 4, 6, 8, 8, 6, 4, 2,
			4, -13, 46, 10, 40, 8, 6, 4,
			-19, -10, -26, 15, -20, 4, -27, 8,
			11, -17, -19, -15, -27, -13, -18, -42,
			-3, 4, -19, 8, -10, 10, 19, 4,
			2, -21, 33, 20, 2, 17, -22, 2,
			0, -49, -8, 6, -6, -23, 2, 0,
		},
		{ // end game
			0, 2, 4, 6, 6, 4, 2, 0,
			2, 4, 6, 8, 8, 6, 4, 2,
			4, 99, 62, 10, 70, 8, 6, 4,
			29, 13, 81, 55, 90, 92, 91, 66,
			-27, 102, 72, 64, 78, 88, 88, 89,
			-1, 53, 49, 17, 71, 20, -44, 4,
			2, 61, -29, -55, -15, -17, 62, 2,
			0, -45, -4, -74, -27, -30, 2, 0,
		},
	},
	game.King: {
		{ // middle game
			0, 0, 0, 0, 0, 0, 0, 0,
			0, 0, 0, 0, 0, 0, 0, 0,
			0, 0, 94, 8, 90, -55, 0, 0,
			0, -4, 109, -29, 8, 73, -86, -84,
			-64, 53, 49, 76, 95, 73, -114, -49,
			-91, -59, -21, -4, -14, 28, 62, -57,
			-15, -41, 33, -17, 7, 13, 18, 50,
			-72, 19, -2, -44, 31, -5, 2, -7,
		},
		{ // end game
			0, 0, 0, 0, 0, 0, 0, 0,
			0, 0, 0, 0, 0, 0, 0, 0,
			0, 0, -4, -16, -19, 61, 0, 0,
			0, 30, -10, -74, -82, -16, 48, 6,
			3, 13, -15, -46, -43, -36, 47, -16,
			12, 9, 3, -4, 7, 6, -2, 1,
			-18, 35, -1, 25, 14, 14, -8, -31,
			32, -19, 0, 6, -30, -14, -24, -9,
		},
	},
}
