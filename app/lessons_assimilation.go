package app

// How to play Assimilation Chess. docs/RULES.md (section 2) is the
// reference; these are the help's words. Every position and move is
// checked by the rules engine in lesson_test.go.
var assimilationLesson = &Lesson{Game: "assimilation", Sections: []Section{
	{
		ID: "assimilation", Title: "Assimilation",
		Text: []string{
			"Assimilation Chess is chess in which a capture can make the capturer stronger.",
			"When a king, rook, bishop or knight captures an enemy rook, bishop or knight of another kind, it takes on that piece's powers: the two become one compound, of the captor's colour. A knight that takes a bishop becomes a Paladin (bishop and knight), a rook that takes a knight a Marshall, a king that takes a bishop a Pope.",
			"Taking a piece of the same kind, a pawn, a Queen or another compound is an ordinary capture. Pawns and compounds capture as usual and stay what they are.",
		},
		Start: "4k3/8/8/1b6/8/2N5/8/4K3 w - - 0 1",
		Intro: "The knight on c3 can take the bishop on b5.",
		Steps: []Step{
			{Move: "c3b5", Say: "The knight takes the bishop and absorbs it: a Paladin, which gives check along the bishop's diagonal.", Marks: Marks{Focus: []string{"b5"}}},
			{Move: "e8d8", Say: "Black steps out of check."},
			{Move: "b5e2", Say: "The Paladin moves as a bishop now, and still as a knight."},
		},
		Try: &Exercise{
			Start:   "4k3/8/8/3b4/8/8/8/n2RK3 w - - 0 1",
			Prompt:  "Your turn: capture so that your rook becomes a Queen.",
			Answers: []string{"d1d5"},
			Right:   "Rook and bishop: a Queen.",
			Wrong: []Wrong{
				{Move: "d1a1", Why: "Taking the knight makes a Marshall (rook and knight). A Queen is a rook and a bishop."},
			},
			Else:  "Capture the bishop with the rook.",
			Marks: Marks{Focus: []string{"d1"}},
		},
	},
	{
		ID: "split", Title: "Splitting",
		Text: []string{
			"A compound, the Queens of the start position included, may move as a whole with the move of either part, or split: one part moves away by its own move to an empty square and the other stays behind. A split never captures.",
			"Nothing is lost by capturing in this game: a compound that captures stays whole.",
		},
		Start: "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
		Intro: "White's Queen is a rook and a bishop.",
		Steps: []Step{
			{Move: "d1d4/r", Say: "The Queen's rook goes to d4; its bishop stays on d1.", Marks: Marks{Focus: []string{"d1", "d4"}}},
			{Move: "e8e7", Say: "Black moves."},
			{Move: "d1g4", Say: "The bishop moves on its own."},
		},
		Try: &Exercise{
			Prompt:  "Your turn: split the Queen. Send its bishop to b3 and leave the rook on d1.",
			Answers: []string{"d1b3/b"},
			Right:   "The bishop left; the rook stayed on d1.",
			Wrong: []Wrong{
				{Move: "d1b3", Why: "That moves the whole Queen. When the board asks, choose the bishop that splits off."},
			},
			Else:  "Send only the bishop to b3.",
			Marks: Marks{Focus: []string{"d1", "b3"}},
		},
	},
	{
		ID: "castling", Title: "Castling",
		Text: []string{
			"Castling is as in chess: the king and a rook that have never moved and are still simple pieces, nothing between them, and the king neither in check nor crossing or landing on an attacked square. The king moves two squares toward the rook, and the rook lands on the square the king crossed.",
		},
		Start: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
		Intro: "Both kings and all four rooks are still unmoved.",
		Steps: []Step{
			{Move: "e1g1", Say: "White castles on the king's side: O-O."},
			{Move: "e8c8", Say: "Black castles on the queen's side: O-O-O."},
		},
		Try: &Exercise{
			Prompt:  "Your turn: castle on the queen's side.",
			Answers: []string{"e1c1"},
			Right:   "O-O-O: the king went to c1, the rook to d1.",
			Wrong: []Wrong{
				{Move: "e1g1", Why: "That is castling on the king's side, toward h1. The queen's side is toward a1."},
			},
			Else: "Move the king two squares toward the rook on a1.",
		},
	},
	{
		ID: "pawns", Title: "Pawns",
		Text: []string{
			"Pawns move and capture as in chess, en passant too. On the last rank a pawn must become a rook, a bishop or a knight; there is no promotion to a Queen.",
			"A pawn that captures as it promotes does not take on the powers of the piece it took.",
		},
		Start: "3bk3/2P5/8/8/8/8/8/4K3 w - - 0 1",
		Intro: "The pawn on c7 can take the bishop on d8 as it promotes.",
		Steps: []Step{
			{Move: "c7d8n", Say: "It becomes a knight and nothing more: a promoting pawn does not assimilate.", Marks: Marks{Focus: []string{"d8"}}},
		},
		Try: &Exercise{
			Start:   "3k4/6P1/8/8/8/8/8/4K3 w - - 0 1",
			Prompt:  "Your turn: promote the pawn to the piece that gives check.",
			Answers: []string{"g7g8r"},
			Right:   "A rook on g8 checks the king along the rank.",
			Wrong: []Wrong{
				{Move: "g7g8n", Why: "A knight on g8 does not reach d8."},
				{Move: "g7g8b", Why: "A bishop on g8 does not reach d8."},
			},
			Else: "Promote the pawn on g7.",
		},
	},
	{
		ID: "end", Title: "How the game ends",
		Text: []string{
			"Checkmate the other side's royal piece, the King or the Pope, Dragon King or Eques Rex it has become, to win.",
			"Stalemate, the same position for the third time, fifty moves by each side with no capture and no pawn move, and king against king are draws. A king that has absorbed a piece is not a bare king: the game goes on.",
		},
		Start: "3b3k/6pp/8/8/8/8/8/3RK3 w - - 0 1",
		Intro: "White's rook can take the bishop on d8.",
		Steps: []Step{
			{Move: "d1d8", Say: "The rook takes the bishop, becomes a Queen, and it is checkmate.", Marks: Marks{Focus: []string{"d8", "h8"}}},
		},
		Try: &Exercise{
			Start:   "7k/8/6K1/8/8/8/8/R7 w - - 0 1",
			Prompt:  "Your turn: checkmate in one move.",
			Answers: []string{"a1a8"},
			Right:   "Checkmate: the king has no square left.",
			Wrong: []Wrong{
				{Move: "a1h1", Why: "Check, but the king escapes to g8."},
			},
			Else: "Find where the rook checks the king and leaves it no square.",
		},
	},
},
	Notation: []NotationExample{
		{FEN: "startpos", Move: "g1f3", What: "a move"},
		{FEN: "4k3/8/8/1b6/8/2N5/8/4K3 w - - 0 1", Move: "c3b5", What: "an assimilating capture"},
		{FEN: "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Move: "d1d4/r", What: "a split"},
		{FEN: "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", Move: "e1g1", What: "castling"},
		{FEN: "3bk3/2P5/8/8/8/8/8/4K3 w - - 0 1", Move: "c7d8n", What: "a capture with promotion"},
		{FEN: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", Move: "e5d6", What: "en passant"},
	},
}
