package app

import "chimera/game"

// How to play Bifold Halfgi and its two pawn options. docs/RULES.md
// (section 3) is the reference; these are the help's words. Every position
// and move is checked by the rules engine in lesson_test.go.
var bifoldLesson = &Lesson{Game: "bifold-halfgi", Also: []string{"bifold-halfgi-pawns", "bifold-halfgi-weak"}, Sections: []Section{
	{
		ID: "pieces", Title: "Half-size pieces",
		Text: []string{
			"In Bifold Halfgi every piece but the pawn is half a piece, and a square holds up to two of them. The halfling rook, bishop and queen move like their namesakes, but only part of the way; the Horse is a knight that cannot jump; the Wazir (one step along a rank or file) and the Ferz (one step diagonally) are both royal.",
			"Halfling range: moving in a direction, a halfling goes at most half of the squares between it and the edge, rounded up. From a1 a halfling rook reaches a5 at most; from a5 it reaches a7.",
		},
		Start: "(wf)7/8/8/8/8/8/8/R5(WF)1[] w - - 0 1",
		Intro: "A halfling rook on a1: seven squares to the edge above it.",
		Steps: []Step{
			{Move: "a1a5", Say: "It goes as far as a5: four of the seven squares.", Marks: Marks{Focus: []string{"a5"}}},
			{Move: "a8b8", Say: "Black's Wazir and Ferz step aside together."},
			{Move: "a5a7", Say: "From a5 three squares are left, so it reaches a7.", Marks: Marks{Focus: []string{"a7"}}},
		},
		Try: &Exercise{
			Start:   "(wf)7/8/8/8/8/8/8/B5(WF)1[] w - - 0 1",
			Prompt:  "Your turn: move the halfling bishop as far as it can go toward h8.",
			Answers: []string{"a1e5"},
			Right:   "Seven squares to the edge, so four: e5.",
			Wrong: []Wrong{
				{Move: "a1b2", Why: "It can go further: seven squares to the edge, so four."},
				{Move: "a1c3", Why: "It can go further: seven squares to the edge, so four."},
				{Move: "a1d4", Why: "One more: seven squares to the edge, so four."},
			},
			Else: "Move the bishop along the long diagonal.",
		},
	},
	{
		ID: "horse", Title: "The Horse",
		Text: []string{
			"The Horse moves like a knight, but it walks: one step along a rank or file, to a square that must be empty, then one step diagonally outward. A piece on that first square blocks both moves that pass through it.",
			"Two Horses on one square leap as a real knight.",
		},
		Start: "(wf)7/8/8/3p4/3H4/8/8/6(WF)1[] w - - 0 1",
		Intro: "The pawn on d5 blocks the Horse's two moves to the north (c6 and e6).",
		Marks: Marks{Focus: []string{"d5"}},
		Steps: []Step{
			{Move: "d4f5", Say: "East is open: one step to e4, then one diagonally to f5.", Marks: Marks{Focus: []string{"f5"}}},
		},
		Try: &Exercise{
			Start:   "(wf)7/8/4p3/8/3HR3/5p2/8/6(WF)1[] w - - 0 1",
			Prompt:  "Your turn: take a black pawn with the Horse.",
			Answers: []string{"d4e6"},
			Right:   "By way of d5: the rook on e4 blocked the way to f3.",
			Else:    "The Horse's way east is blocked by the rook on e4; try north.",
			Marks:   Marks{Focus: []string{"d4"}},
		},
	},
	{
		ID: "units", Title: "Units: two on a square",
		Text: []string{
			"A piece may step onto a square that holds one of your pieces and stay there with it. Two of your pieces on a square form a unit, which moves with the move of either piece. In a direction where both are halfling sliders the unit slides without limit: two halfling rooks make a full rook. Two Horses leap as a knight; the Wazir and the Ferz together step as a king.",
			"Either piece may also leave the unit and move alone.",
		},
		Start: "(wf)7/8/8/8/8/8/8/R2R2(WF)1[] w - - 0 1",
		Intro: "Two halfling rooks, on a1 and d1.",
		Steps: []Step{
			{Move: "a1d1", Say: "The rook from a1 joins the one on d1: now they are a unit.", Marks: Marks{Focus: []string{"d1"}}},
			{Move: "a8b8", Say: "Black moves."},
			{Move: "d1d8", Say: "Together they slide as a full rook, all the way to d8.", Marks: Marks{Focus: []string{"d8"}}},
			{Move: "b8a8", Say: "Black moves."},
			{Move: "d8d5/r", Say: "One rook leaves the unit alone: they part again.", Marks: Marks{Focus: []string{"d8", "d5"}}},
		},
		Try: &Exercise{
			Start:   "(wf)7/8/8/8/8/4Q3/8/2B3(WF)1[] w - - 0 1",
			Prompt:  "Your turn: form a unit of the halfling bishop and the halfling queen.",
			Answers: []string{"c1e3"},
			Right:   "Bishop and queen share e3 now: a unit.",
			Wrong: []Wrong{
				{Move: "c1d2", Why: "That stops beside the queen, not on her square."},
			},
			Else:  "Move the bishop onto the queen's square.",
			Marks: Marks{Focus: []string{"c1", "e3"}},
		},
	},
	{
		ID: "better-half", Title: "A unit moves as its better half",
		Text: []string{
			"A unit has the moves of both its pieces. A halfling queen with a halfling rook slides as a full rook along ranks and files, where both move like rooks, but only as far as a halfling along diagonals, where only the queen goes. With a halfling bishop it is the other way round.",
		},
		Start: "(wf)7/8/8/8/8/8/8/3(QR)2(WF)1[] w - - 0 1",
		Intro: "A unit of a halfling queen and a halfling rook on d1.",
		Steps: []Step{
			{Move: "d1d8", Say: "Along the file both pieces are rook-like: the unit slides all the way to d8.", Marks: Marks{Focus: []string{"d8"}}},
			{Move: "a8b7", Say: "Black moves."},
			{Move: "d8f6", Say: "Diagonally only the queen moves: half the way, to f6.", Marks: Marks{Focus: []string{"f6"}}},
		},
		Try: &Exercise{
			Start:   "(wf)7/8/8/8/8/8/8/2(QB)3(WF)1[] w - - 0 1",
			Prompt:  "Your turn: slide the queen-and-bishop unit as a full bishop, to h6.",
			Answers: []string{"c1h6"},
			Right:   "Both pieces are bishop-like on the diagonal: no limit.",
			Else:    "Move the unit along the diagonal to h6.",
			Marks:   Marks{Focus: []string{"c1", "h6"}},
		},
	},
	{
		ID: "capture", Title: "Sharing and capturing",
		Text: []string{
			"A piece moving alone onto a square with one enemy piece shares the square with it: nothing is captured. It captures when it enters a square where an enemy stands beside one of your pieces, taking the enemy, or a square with two enemy pieces, taking the one you choose. Any piece takes a pawn.",
			"A unit, and a pawn capturing, may enter only a square held by the enemy alone, and take everything there.",
			"Captured pieces go to the captor's hand; a captured Wazir or Ferz leaves the game.",
		},
		Start: "(wf)7/8/8/3b3R/8/8/8/3R2(WF)1[] w - - 0 1",
		Intro: "A black bishop alone on d5.",
		Steps: []Step{
			{Move: "d1d5", Say: "The rook from d1 enters d5: it shares the square with the bishop, and nothing is captured.", Marks: Marks{Focus: []string{"d5"}}},
			{Move: "a8b8", Say: "Black moves."},
			{Move: "h5d5", Say: "A second rook enters. With a friend beside the enemy, it takes the bishop, which goes to White's hand.", Marks: Marks{Focus: []string{"d5"}}},
		},
		Try: &Exercise{
			Start:   "(wf)7/8/8/4(hb)3/8/8/8/4(RR)1(WF)1[] w - - 0 1",
			Prompt:  "Your turn: take both black pieces on e5 at once.",
			Answers: []string{"e1e5"},
			Right:   "The unit took everything on e5.",
			Wrong: []Wrong{
				{Move: "e1e5/rxb", Why: "One rook alone takes only one of the two. Move both rooks together, as a unit."},
				{Move: "e1e5/rxh", Why: "One rook alone takes only one of the two. Move both rooks together, as a unit."},
			},
			Else:  "Move the rook unit onto e5.",
			Marks: Marks{Focus: []string{"e5"}},
		},
	},
	{
		ID: "royal-path", Title: "The royal path rule",
		Text: []string{
			"There is no check: you may move into attack. But a unit of a royal piece (the Wazir or the Ferz) with a non-royal piece may not pass through a square the enemy threatens. It may end on one.",
			"A square is threatened when an enemy piece or unit could move onto it, whatever stands there, or an enemy pawn could capture there. For a Horse, the square it steps through counts as passed.",
		},
		Start: "(wf)7/8/8/6b1/8/8/8/4(WR)2F[] w - - 0 1",
		Intro: "The black bishop on g5 threatens e3.",
		Marks: Marks{Threat: []string{"e3"}},
		Steps: []Step{
			{Move: "e1e3", Say: "The Wazir and rook unit stops on e3: it may end on a threatened square, but it could not pass through it to e4 or e5.", Marks: Marks{Threat: []string{"e3"}, Focus: []string{"e3"}}},
		},
		Try: &Exercise{
			Prompt:  "Your turn: move the Wazir and rook unit as far up the e-file as the rule allows.",
			Answers: []string{"e1e3"},
			Right:   "As far as e3, where the threat is. Further would pass through it.",
			Wrong: []Wrong{
				{Move: "e1e2", Why: "It may go one square further: ending on a threatened square is allowed."},
				{Move: "e1e3/r", Why: "That moves the rook alone. When the board asks, choose the unit."},
			},
			Else:  "Move the unit, both pieces together, up the e-file.",
			Marks: Marks{Threat: []string{"e3"}},
		},
	},
	{
		ID: "pawns", Title: "Pawns",
		Text: []string{
			"In the standard game pawns are full-size, one to a square, and move as in chess: a double step from the second rank, en passant against pawns. A pawn captures diagonally, taking every enemy piece on the square, but only where none of your pieces stands.",
			"On the last rank a pawn must become a halfling rook, bishop or queen, or a Horse.",
		},
		Start: "(wf)7/8/8/8/3(rb)4/4P3/8/6(WF)1[] w - - 0 1",
		Intro: "Two black pieces on d4, diagonally ahead of the pawn.",
		Steps: []Step{
			{Move: "e3d4", Say: "The pawn takes both; they go to White's hand.", Marks: Marks{Focus: []string{"d4"}}},
		},
		Try: &Exercise{
			Start:   "(wf)7/3P4/8/8/8/8/8/6(WF)1[] w - - 0 1",
			Prompt:  "Your turn: promote the pawn to a halfling queen.",
			Answers: []string{"d7d8q"},
			Right:   "A halfling queen on d8.",
			Wrong: []Wrong{
				{Move: "d7d8r", Why: "That is a halfling rook. Choose the queen."},
				{Move: "d7d8b", Why: "That is a halfling bishop. Choose the queen."},
				{Move: "d7d8h", Why: "That is a Horse. Choose the queen."},
			},
			Else: "Move the pawn to d8 and choose the queen.",
		},
	},
	{
		ID: "drops", Title: "Drops",
		Text: []string{
			"Captured pieces change sides and wait in the captor's hand (a captured Wazir or Ferz is gone for good). Instead of moving you may drop one: a pawn on an empty square but not on its last rank, a half-size piece on an empty square or on a square with exactly one half-size piece of either side. Dropped onto one of your pieces, it forms a unit at once.",
		},
		Start: "(wf)7/8/8/8/8/8/8/3R2(WF)1[R] w - - 0 1",
		Intro: "White has a halfling rook in hand.",
		Steps: []Step{
			{Move: "R@d1", Say: "It is dropped onto the rook on d1: a unit at once, a full rook.", Marks: Marks{Focus: []string{"d1"}}},
		},
		Try: &Exercise{
			Start:   "(wf)7/8/8/8/8/8/8/1H4(WF)1[H] w - - 0 1",
			Prompt:  "Your turn: drop your Horse to make a unit that leaps as a knight.",
			Answers: []string{"H@b1"},
			Right:   "Two Horses on b1: together they leap as a knight.",
			Else:    "Drop the Horse onto the Horse on b1.",
			Marks:   Marks{Focus: []string{"b1"}},
		},
	},
	{
		ID: "castling", Title: "Castling",
		Text: []string{
			"With the Wazir and Ferz pair and a pair of halfling rooks still unmoved on their starting squares and the squares between empty, the royal pair may move two squares toward the rooks, which land on the square it crossed. The pair's starting, crossed and landing squares must not be threatened.",
		},
		Start: "(rr)3(wf)2(rr)/8/8/8/8/8/8/(RR)3(WF)2(RR)[] w KQkq - 0 1",
		Intro: "Both royal pairs and all four rook pairs are unmoved.",
		Steps: []Step{
			{Move: "e1g1", Say: "White castles on the king's side: O-O."},
			{Move: "e8c8", Say: "Black castles on the queen's side: O-O-O."},
		},
		Try: &Exercise{
			Prompt:  "Your turn: castle on the queen's side.",
			Answers: []string{"e1c1"},
			Right:   "O-O-O: the royal pair went to c1, the rooks to d1.",
			Wrong: []Wrong{
				{Move: "e1g1", Why: "That is castling on the king's side, toward h1. The queen's side is toward a1."},
			},
			Else: "Move the royal pair two squares toward a1.",
		},
	},
	{
		ID: "end", Title: "How the game ends",
		Text: []string{
			"There is no check and no checkmate. You win by capturing both enemy royal pieces, the Wazir and the Ferz, in one move or in two.",
			"A side with no legal move, and the same position for the third time, are draws. There is no fifty-move rule.",
		},
		Start: "(wf)7/8/8/8/8/8/8/(RR)5(WF)1[] w - - 0 1",
		Intro: "Black's Wazir and Ferz stand together on a8.",
		Steps: []Step{
			{Move: "a1a8", Say: "The rook unit takes both royals at once: White wins.", Marks: Marks{Focus: []string{"a8"}}},
		},
		Try: &Exercise{
			Start:   "8/8/8/4f3/8/2(BB)5/8/6(WF)1[] w - - 0 1",
			Prompt:  "Your turn: Black has only its Ferz left. Take it.",
			Answers: []string{"c3e5"},
			Right:   "The unit took the last royal: White wins.",
			Wrong: []Wrong{
				{Move: "c3e5/b", Why: "A bishop alone only shares the square with the Ferz. A unit takes everything there."},
			},
			Else:  "Move the bishop unit onto the Ferz.",
			Marks: Marks{Focus: []string{"e5"}},
		},
	},
	{
		ID: "bifold-pawns", Title: "Option: bifold pawns", Variant: "bifold-halfgi-pawns",
		Text: []string{
			"With this option every pawn is half-size. Each square of the second ranks starts with a pair: a left-handed pawn L and a right-handed pawn D, which together move and capture as a full pawn.",
			"Apart, each steps like a pawn but captures to one side only: the L toward its owner's left (White's a-file side), the D toward its owner's right. A lone half-size pawn follows the rules of a single piece: its step may join a square with one half-size piece, and its diagonal must capture, which it can do only where an enemy stands beside a friend or among two enemies.",
			"A pawn alone or a pair of pawns promotes on the last rank (a pair both to one kind). A pawn carried there inside a unit with another piece stays a pawn, and waits to be carried away.",
		},
		Start: "startpos",
		Intro: "The start position with bifold pawns.",
		Steps: []Step{
			{Move: "e2e4", Say: "The pair moves as one full pawn, two squares."},
			{Move: "d7d5", Say: "Black's pair does the same."},
			{Move: "e4d5", Say: "Together the pair captures like a full pawn: both black pawns on d5.", Marks: Marks{Focus: []string{"d5"}}},
		},
		Try: &Exercise{
			Start:   "(rr)(hh)(bb)(qq)(wf)(bb)(hh)(rr)/(ld)(ld)(ld)1(ld)(ld)(ld)(ld)/8/3(ld)4/4(LD)3/8/(LD)(LD)(LD)(LD)1(LD)(LD)(LD)/(RR)(HH)(BB)(QQ)(WF)(BB)(HH)(RR)[] w KQkq d6 0 2",
			Prompt:  "Your turn: capture on d5 with the left-handed pawn alone.",
			Answers: []string{"e4d5/lxl", "e4d5/lxd"},
			Right:   "The L took one of the two black pawns; its partner stayed on e4.",
			Wrong: []Wrong{
				{Move: "e4d5", Why: "That is the pair together. When the board asks, choose the left-handed pawn alone."},
			},
			Else:  "Move only the L from e4 to d5.",
			Marks: Marks{Focus: []string{"e4", "d5"}},
		},
	},
	{
		ID: "weak-pawns", Title: "Option: weak pawns", Variant: "bifold-halfgi-weak",
		Text: []string{
			"With this option every pawn is a half-size weak pawn V, two to a square at the start. A pair of weak pawns moves and captures as a full pawn.",
			"A weak pawn without its partner captures only while it is supported: while another of your pieces could capture on its square. It then captures as a lone half-size pawn does.",
		},
		Start: "(wf)7/8/8/3(hb)4/4V3/8/8/4R1(WF)1[] w - - 0 1",
		Intro: "The halfling rook on e1 reaches e4: the weak pawn there is supported.",
		Marks: Marks{Focus: []string{"e1", "e4"}},
		Steps: []Step{
			{Move: "e4d5xb", Say: "Supported, it may capture: it takes the bishop of the two on d5.", Marks: Marks{Focus: []string{"d5"}}},
		},
		Try: &Exercise{
			Start:   "(wf)7/8/8/3(hb)(hb)3/2V2V2/8/8/5R(WF)1[] w - - 0 1",
			Prompt:  "Your turn: capture with the weak pawn that is supported.",
			Answers: []string{"f4e5xh", "f4e5xb"},
			Right:   "The rook on f1 supports the pawn on f4, so it may capture.",
			Else:    "Only a supported weak pawn may capture. Which one has a piece behind it that reaches its square?",
			Marks:   Marks{Focus: []string{"c4", "f4"}},
		},
	},
},
	Notation: []NotationExample{
		// Black's royals wait on h8, so that no move here takes the last one.
		{FEN: "7(wf)/8/8/8/8/8/8/R3(WF)3[] w - - 0 1", Move: "a1a5", What: "a single piece"},
		{FEN: "7(wf)/8/8/8/8/8/8/(RR)3(WF)3[] w - - 0 1", Move: "a1a7", What: "a unit"},
		{FEN: "7(wf)/8/8/8/8/8/8/(RR)3(WF)3[] w - - 0 1", Move: "a1a3/r", What: "one piece leaving its pair"},
		{FEN: "7(wf)/8/8/3(qr)4/8/8/8/3R(WF)3[] w - - 0 1", Move: "d1d5xq", What: "taking one of two enemy pieces"},
		{FEN: "7(wf)/8/8/8/8/8/8/4(WF)3[R] w - - 0 1", Move: "R@d4", What: "a drop"},
		{FEN: "startpos", Move: "e2e4", What: "a pawn's move", Needs: game.Pawn},
		{FEN: "7(wf)/3P4/8/8/8/8/8/4(WF)3[] w - - 0 1", Move: "d7d8q", What: "a promotion", Needs: game.Pawn},
		{FEN: "startpos", Move: "e2e4", What: "a unit of two pawns", Needs: game.LPawn},
		{FEN: "startpos", Move: "e2e3/l", What: "one pawn leaving its pair", Needs: game.LPawn},
		{FEN: "7(wf)/3L4/8/8/8/8/8/4(WF)3[] w - - 0 1", Move: "d7d8q", What: "a promotion", Needs: game.LPawn},
		{FEN: "startpos", Move: "e2e4", What: "a unit of two pawns", Needs: game.VPawn},
		{FEN: "7(wf)/3V4/8/8/8/8/8/4(WF)3[] w - - 0 1", Move: "d7d8q", What: "a promotion", Needs: game.VPawn},
		{FEN: "(rr)3(wf)2(rr)/8/8/8/8/8/8/(RR)3(WF)2(RR)[] w KQkq - 0 1", Move: "e1g1", What: "castling"},
		{FEN: "8/8/8/8/8/4w3/8/4(RR)2(WF)[] w - - 0 1", Move: "e1e3", What: "taking the last royal"},
	},
}
