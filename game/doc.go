// Package game is the rules of Chimera's games: positions, move
// generation, making and unmaking moves, the end of a game, and the
// position string and move notations. It is pure Go with no I/O; everything
// else (the engine in ai, the session in play, the page in app) builds on
// it.
//
// Each game is data: a Variant (variant.go) declares its pieces, start
// position, piece values and the few hooks its rules need; Variants lists
// the games offered to players and AllVariants adds the hidden chess rule
// set, which exists to check the move generator against published perft
// counts. A compound is the union of its parts, and one table per family
// names the compound of each pair (merge is a union, split a partition).
//
// A Position holds the board (a cell per square, two slots of it used in
// Bifold Halfgi, with occupancy and attack-class bitboards beside it), the
// hands, the side to move, castling and
// en passant, the counters and an incremental Zobrist hash (ComputeHash
// recomputes it; the tests compare the two after every move).
//   - Parse and Position.String read and write the position string
//     (docs/RULES.md, "Position strings"); every test fixture is one.
//   - GenerateMoves, GenerateCaptures and GenerateQuiets fill a move list
//     without allocating (the search's hot path); LegalMoves is the
//     convenient form. A Move is a packed value: from, to, the part that
//     moves, its kind (capture, merge, split, drop, promotion, ...).
//   - Make and Unmake change the position in place; Effects says what a
//     move does as pieces that vanish and appear, which the renderer
//     animates and the announcements describe (Describe).
//   - MoveString and ParseMove are the move strings of links and the
//     engine protocol; Notation is the move list's human notation.
//   - Outcome, InCheck, Repetitions and Repeats tell the state of the game;
//     Attacked, Covers and ThreatMap what each side reaches.
//
// Perft and Divide count move paths: the oracle for the rules, checked
// against published chess numbers and per-ruling counts (perft_test.go).
// docs/RULES.md is the reference for every ruling; docs/ADDING.md says how
// to add a piece, a rule or a game.
package game
