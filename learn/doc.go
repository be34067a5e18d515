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
// The package is pure Go on top of the rules engine (package game): no
// drawing, no browser. The app's lesson player and page call Lessons,
// LessonFor, Section.RuleSet, Section.TryStart, Exercise.Judge,
// Exercise.ShowMe, HelpFor, DiagramOf, Describe and DangerSquares;
// web/sitebuild calls PieceImage and PieceLetters.
package learn
