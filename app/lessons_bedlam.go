package app

// How to play Bedlam. docs/RULES.md (section 1) is the reference; these
// are the help's words. Every position and move is checked by the rules
// engine in lesson_test.go.
var bedlamLesson = &Lesson{Game: "bedlam", Sections: []Section{
	{
		ID: "fusion", Title: "Fusion",
		Text: []string{
			"Bedlam is chess in which pieces merge, part and change, and captured pieces come back. Everything else is as in chess, except that there is no castling.",
			"A rook, bishop or knight may move, by its own move, onto one of your rooks, bishops or knights of another kind. The two become one piece that moves as either: rook and knight make a Marshall, bishop and knight a Paladin, rook and bishop a Queen.",
			"The king may step onto a rook, bishop or knight too, and becomes a royal compound: with a rook a Dragon King, with a bishop a Pope, with a knight an Eques Rex. A piece may not move onto its king, and pawns and compounds never fuse.",
		},
		Start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1",
		Intro: "The start position. Each rook stands next to a knight, and the king next to a bishop.",
		Steps: []Step{
			{Move: "a1b1", Say: "The rook on a1 moves onto its knight: together they are a Marshall, which moves as a rook or as a knight.", Marks: Marks{Focus: []string{"b1"}}},
			{Move: "h8g8", Say: "Black fuses its rook and knight on g8 in the same way."},
			{Move: "e1f1", Say: "The king steps onto its bishop: a Pope, royal, which moves as a king or as a bishop.", Marks: Marks{Focus: []string{"f1"}}},
		},
		Try: &Exercise{
			Start:   "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPPNPPPP/R1BQKBNR[] w - - 0 1",
			Prompt:  "Your turn: fuse a bishop and a knight into a Paladin.",
			Answers: []string{"c1d2", "d2f1"},
			Right:   "A Paladin: it moves as a bishop or as a knight.",
			Wrong: []Wrong{
				{Move: "e1d2", Why: "A fusion, but of the king and the knight: an Eques Rex. A Paladin is a bishop and a knight."},
			},
			Else:  "Move a bishop onto a knight, or a knight onto a bishop.",
			Marks: Marks{Focus: []string{"c1", "d2", "f1"}},
		},
	},
	{
		ID: "split", Title: "Splitting",
		Text: []string{
			"A compound, the Queen included, may move as a whole with the move of either part. Or it may split: one part moves away by its own move to an empty square, and the other part stays behind. A split never captures.",
			"When both the whole piece and one part can reach the square you chose, the board asks which one moves: tap the whole piece or the part.",
		},
		Start: "4k3/8/8/8/8/8/8/1M2K3[] w - - 0 1",
		Intro: "A Marshall (rook and knight) on b1.",
		Steps: []Step{
			{Move: "b1b5/r", Say: "The rook splits off to b5; the knight stays on b1.", Marks: Marks{Focus: []string{"b1", "b5"}}},
			{Move: "e8e7", Say: "Black moves."},
			{Move: "b5b1", Say: "The rook comes back onto the knight: they fuse into a Marshall again.", Marks: Marks{Focus: []string{"b1"}}},
		},
		Try: &Exercise{
			Prompt:  "Your turn: split the Marshall. Send its knight to c3 and leave the rook on b1.",
			Answers: []string{"b1c3/n"},
			Right:   "The knight left; the rook stayed on b1.",
			Wrong: []Wrong{
				{Move: "b1c3", Why: "That moves the whole Marshall to c3. When the board asks, choose the knight that splits off."},
			},
			Else:  "Move only the knight part, to c3.",
			Marks: Marks{Focus: []string{"b1", "c3"}},
		},
	},
	{
		ID: "metamorphosis", Title: "Metamorphosis",
		Text: []string{
			"A lone knight, bishop or rook that is attacked may change as it moves away to an empty square: the knight becomes a Queen, the bishop a Paladin, the rook a Marshall. It may also stay what it is; the board asks.",
			"The attack must be there before the move, and an attack by the enemy king counts. A piece that captures, fuses, splits off or is dropped does not change.",
		},
		Start: "4k3/8/8/4p3/3N4/8/8/4K3[] w - - 0 1",
		Intro: "The black pawn on e5 attacks the knight on d4.",
		Marks: Marks{Focus: []string{"d4"}, Threat: []string{"d4"}},
		Steps: []Step{
			{Move: "d4f3q", Say: "The knight escapes to f3 and turns into a Queen.", Marks: Marks{Focus: []string{"f3"}}},
		},
		Try: &Exercise{
			Start:   "7k/8/8/8/2b5/8/4R3/4K3[] w - - 0 1",
			Prompt:  "Your turn: the bishop on c4 attacks your rook. Move the rook to a2 and let it become a Marshall.",
			Answers: []string{"e2a2m"},
			Right:   "The attacked rook became a Marshall as it moved away.",
			Wrong: []Wrong{
				{Move: "e2a2", Why: "The rook moved but stayed a rook. When the board asks, choose the Marshall."},
			},
			Else:  "Move the rook to a2 and choose the Marshall.",
			Marks: Marks{Focus: []string{"e2", "a2"}, Threat: []string{"e2"}},
		},
	},
	{
		ID: "demotion", Title: "Demotion",
		Text: []string{
			"A compound that captures keeps only the part it captured with. A Queen capturing along a file becomes a Rook, along a diagonal a Bishop; a Marshall or a Paladin capturing with the knight's leap becomes a Knight. The other part leaves the game.",
			"A royal compound that captures becomes a plain King.",
		},
		Start: "4k3/1p6/8/8/8/8/8/1M2K3[] w - - 0 1",
		Intro: "The Marshall on b1 can capture the pawn on b7 along the file.",
		Steps: []Step{
			{Move: "b1b7", Say: "It captured as a rook, so it is a Rook now; its knight is gone. The pawn went to White's hand.", Marks: Marks{Focus: []string{"b7"}}},
		},
		Try: &Exercise{
			Start:   "4k3/8/5b2/5r2/3A4/8/8/4K3[] w - - 0 1",
			Prompt:  "Your turn: capture with the Paladin so that a Knight is left.",
			Answers: []string{"d4f5"},
			Right:   "It captured with the knight's leap: a Knight remains.",
			Wrong: []Wrong{
				{Move: "d4f6", Why: "Capturing along the diagonal leaves a Bishop. Capture with the knight's leap."},
			},
			Else:  "Capture with the Paladin's knight leap.",
			Marks: Marks{Focus: []string{"d4"}},
		},
	},
	{
		ID: "drops", Title: "Captured pieces come back",
		Text: []string{
			"A captured piece changes sides and goes to the captor's hand, as it was: a captured Marshall is a Marshall in hand.",
			"Instead of moving, you may drop a piece from your hand on any empty square. A pawn may not be dropped on its last rank; dropped on its first rank it can only step one square. A drop may give check, and even mate.",
		},
		Start: "2q4k/8/8/8/3n4/8/3R4/4K3[] w - - 0 1",
		Intro: "White's rook can take the knight on d4.",
		Steps: []Step{
			{Move: "d2d4", Say: "The rook takes the knight, which goes to White's hand as a white knight."},
			{Move: "h8g8", Say: "Black moves its king."},
			{Move: "N@e7", Say: "White drops the knight on e7: check, and it attacks the queen on c8 too.", Marks: Marks{Focus: []string{"e7"}}},
		},
		Try: &Exercise{
			Start:   "r3k3/8/8/8/8/8/8/4K3[N] w - - 0 1",
			Prompt:  "Your turn: drop your knight where it attacks the king and the rook at once.",
			Answers: []string{"N@c7"},
			Right:   "Check, and the rook on a8 is attacked too: a fork.",
			Wrong: []Wrong{
				{Move: "N@d6", Why: "That checks the king, but it does not reach the rook on a8."},
				{Move: "N@f6", Why: "That checks the king, but it does not reach the rook on a8."},
			},
			Else:  "Drop the knight where it attacks both e8 and a8.",
			Marks: Marks{Focus: []string{"a8", "e8"}},
		},
	},
	{
		ID: "pawns", Title: "Pawns",
		Text: []string{
			"Pawns move as in chess, en passant included. On the last rank a pawn must become a rook, a bishop or a knight; it cannot become a Queen (but a knight can, by metamorphosis).",
		},
		Start: "4k3/2P5/8/8/8/8/8/4K3[] w - - 0 1",
		Intro: "A white pawn one step from the last rank.",
		Steps: []Step{
			{Move: "c7c8n", Say: "It reaches c8 and becomes a knight.", Marks: Marks{Focus: []string{"c8"}}},
		},
		Try: &Exercise{
			Prompt:  "Your turn: promote the pawn to the piece that gives check.",
			Answers: []string{"c7c8r"},
			Right:   "A rook on c8 checks the king along the rank.",
			Wrong: []Wrong{
				{Move: "c7c8n", Why: "A knight on c8 does not reach e8."},
				{Move: "c7c8b", Why: "A bishop on c8 does not reach e8."},
			},
			Else: "Promote the pawn on c7.",
		},
	},
	{
		ID: "royal", Title: "The king and the royal compounds",
		Text: []string{
			"Each side has exactly one royal piece: the King, or the Pope, Dragon King or Eques Rex it has become. That is the piece that can be checked and mated.",
			"A royal compound may split like any compound, even in check; the part left behind may shield the king. When it captures it becomes a plain King.",
		},
		Start: "4k3/8/8/8/8/8/4p3/4O3[] w - - 0 1",
		Intro: "A white Pope (king and bishop) on e1, a black pawn in front of it.",
		Steps: []Step{
			{Move: "e1e2", Say: "The Pope takes the pawn: a royal compound that captures becomes a plain King, and the bishop is gone.", Marks: Marks{Focus: []string{"e2"}}},
		},
		Try: &Exercise{
			Start:   "4k3/8/8/8/8/8/3N4/3RKB2[] w - - 0 1",
			Prompt:  "Your turn: make your king a Pope.",
			Answers: []string{"e1f1"},
			Right:   "King and bishop: a Pope.",
			Wrong: []Wrong{
				{Move: "e1d1", Why: "King and rook make a Dragon King. A Pope is a king and a bishop."},
				{Move: "e1d2", Why: "King and knight make an Eques Rex. A Pope is a king and a bishop."},
			},
			Else: "Step the king onto its bishop.",
		},
	},
	{
		ID: "end", Title: "How the game ends",
		Text: []string{
			"Checkmate the other side's royal piece to win. Drops, fusions and splits can all give mate.",
			"Stalemate is a draw, and so is the same position for the third time (the same pieces in hand and the same side to move). There is no fifty-move rule.",
		},
		Start: "6k1/5ppp/8/8/8/8/8/4K3[R] w - - 0 1",
		Intro: "White has a rook in hand.",
		Steps: []Step{
			{Move: "R@e8", Say: "The rook is dropped on e8: checkmate. White wins.", Marks: Marks{Focus: []string{"e8", "g8"}}},
		},
		Try: &Exercise{
			Start:   "6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1",
			Prompt:  "Your turn: checkmate with a drop.",
			Answers: []string{"N@f7"},
			Right:   "Checkmate: the king is shut in by its own pieces and nothing can take the knight.",
			Wrong: []Wrong{
				{Move: "N@g6", Why: "Check, but the pawn on h7 takes the knight."},
			},
			Else: "Drop the knight where it checks the king and cannot be taken.",
		},
	},
},
	Notation: []NotationExample{
		{FEN: "startpos", Move: "g1f3", What: "a move"},
		{FEN: "startpos", Move: "e2e4", What: "a pawn's move"},
		{FEN: "r3k3/8/8/8/8/8/8/R3K3[] w - - 0 1", Move: "a1a8", What: "a capture, with check"},
		{FEN: "startpos", Move: "a1b1", What: "a fusion"},
		{FEN: "4k3/8/8/8/8/8/8/1M2K3[] w - - 0 1", Move: "b1b4/r", What: "a split"},
		{FEN: "4k3/8/8/8/8/8/4p3/3NK3[] w - - 0 1", Move: "d1c3q", What: "a metamorphosis"},
		{FEN: "4k3/3p4/8/8/8/8/8/3QK3[] w - - 0 1", Move: "d1d7", What: "a capture with demotion"},
		{FEN: "4k3/8/8/8/8/8/8/4K3[A] w - - 0 1", Move: "A@c3", What: "a drop"},
		{FEN: "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", Move: "P@e4", What: "a pawn's drop"},
		{FEN: "8/3P4/8/8/8/8/8/k3K3[] w - - 0 1", Move: "d7d8r", What: "a promotion"},
	},
}
