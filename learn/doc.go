// Package learn is How to play: the lessons of the three games (sections,
// each with an example played on the board and an exercise), the piece
// legend with its small diagrams, the notation's examples, the caption that
// describes a piece, and which pieces the hints mark as attacked.
//
// The texts are data, not Go: one JSON file per game in data/ (bedlam.json,
// assimilation.json, bifold-halfgi.json, the last with both pawn options),
// embedded with go:embed and read when the package starts; README.md
// describes the format. Adding a lesson section needs no Go.
//
// Every example step, exercise answer, refused move, legend entry and
// notation example states what it shows as Claims (claims.go): the state
// after the move, what it captures, fuses, splits, promotes, what may and
// may not be played. Check replays them with the engine, and refuses a text
// that uses a word of a rule's effect (checkmate, captures, fuses, ...)
// without a checked claim of that topic (topics.go). FIXES.md lists what
// these checks found false in the lessons as they were.
//
// The package is pure Go on top of the rules engine (package game): no
// drawing, no browser. The app's lesson player and page call Lessons,
// LessonFor, Section.RuleSet, Section.TryStart, Exercise.Judge,
// Exercise.ShowMe, HelpFor, DiagramOf, Describe and DangerSquares;
// web/sitebuild calls PieceImage and PieceLetters.
package learn
