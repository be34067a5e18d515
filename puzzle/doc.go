// Package puzzle is Chimera's tactics puzzles: the shipped sets (one data
// file per rule set, embedded), their text format, the themes a line's
// moves and positions show, the check that replays a puzzle, and the
// player's puzzle rating (Glicko-2). It depends on game only, so the page
// can hold it; the miner that finds puzzles with the engine is cmd/puzzles.
//
// A set is tab-separated text, one puzzle a line, after the header line
// "id\tposition\tmoves\tthemes\trating" (docs/PUZZLES.md):
//
//   - id: the rule set's short prefix and a number, unique in the set;
//   - position: the position string before the opponent's last move (as
//     lichess stores it, so that the page can show that move first);
//   - moves: space-separated move strings: the opponent's move, then the
//     solution (solver, reply, solver, ...), always ending on the solver's
//     move;
//   - themes: space-separated theme names (Themes lists them);
//   - rating: the difficulty, a whole number on the Glicko scale.
//
// Check replays one puzzle and says what is wrong with it; the package's
// tests check every shipped line with it.
package puzzle
