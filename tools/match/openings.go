package main

import "strings"

// book is a set of balanced chess openings (main lines of common openings,
// 4-8 plies, in UCI notation). Each is played twice, colours reversed, so a
// 40-game match plays each of the 20 once with each colour.
var book = []string{
	"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",           // Ruy Lopez
	"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",           // Italian
	"e2e4 e7e5 g1f3 g8f6 f3e5 d7d6",           // Petroff
	"e2e4 e7e5 b1c3 g8f6 g1f3 b8c6",           // Four Knights
	"e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6", // Sicilian, open
	"e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 b8c6", // Sicilian, Taimanov
	"e2e4 c7c5 b1c3 b8c6 g2g3 g7g6",           // Sicilian, closed
	"e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",           // French
	"e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",           // Caro-Kann, advance
	"e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",           // Pirc
	"d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",           // Queen's Gambit Declined
	"d2d4 d7d5 c2c4 c7c6 g1f3 g8f6",           // Slav
	"d2d4 d7d5 c2c4 d5c4 g1f3 g8f6",           // Queen's Gambit Accepted
	"d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",           // Nimzo-Indian
	"d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",           // Queen's Indian
	"d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6", // King's Indian
	"d2d4 g8f6 c2c4 g7g6 b1c3 d7d5",           // Grünfeld
	"d2d4 d7d5 g1f3 g8f6 c1f4 e7e6",           // London
	"c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",           // English
	"g1f3 d7d5 g2g3 g8f6 f1g2 c7c6",           // Réti
}

func bookOpenings() [][]string {
	out := make([][]string, len(book))
	for i, s := range book {
		out[i] = strings.Fields(s)
	}
	return out
}
