// Move sequences the browser tests play, per rule set. Each is checked against the
// rules engine first (tests/browser/refpos): the engine gives the position after
// every move, and the page must show the same position string.
//
// A step is a move string (docs/RULES.md, "Move strings") or {move, choices: [labels]}.
// how: 'click' (select, then target, with the mouse), 'drag' (mouse drag and
// drop), 'tap' (touch, select then target), 'touchdrag'.
// A move that opens a choice is answered with the option whose label is the move
// string (or the longest label that is a prefix of it, for a choice in stages);
// `choices` gives labels explicitly instead.
//
// Coverage asked for by the client issue: a drop, a merge, a split with its choice
// and a promotion in each game (Assimilation has no drops).

const BIFOLD_PROMO = '4(wf)3/P7/8/8/8/8/8/4(WF)3[] w - - 0 1';

export const SEQUENCES = {
  bedlam: [
    // capture into hand, drop (P@e6), merge R+N -> Marshall (a1b1), split with choice (d1e2/b)
    { name: 'opening by click', how: 'click', moves: ['e2e4', 'd7d5', 'e4d5', 'd8d5', 'P@e6', 'f7e6', 'a1b1', 'g8f6', 'd1e2/b'] },
    // knight trade, then Black drops the captured knight by dragging it from the hand
    { name: 'knights by drag', how: 'drag', moves: ['g1f3', 'b8c6', 'f3e5', 'c6e5', 'd2d4', 'N@d3', 'c2d3'] },
    { name: 'promotion by click', how: 'click', fen: '4k3/P7/8/8/8/8/8/4K3[] w - - 0 1', moves: ['a7a8n', 'e8d7', 'a8b6'] },
  ],
  assimilation: [
    // K takes B: assimilation into a Pope (e8f7); the Queen splits (d1e2/b)
    { name: 'assimilation by click', how: 'click', moves: ['e2e4', 'e7e5', 'f1c4', 'f8c5', 'c4f7', 'e8f7', 'd1e2/b'] },
    // both sides castle by dragging the King
    { name: 'castling by drag', how: 'drag', moves: ['g1f3', 'g8f6', 'e2e3', 'e7e6', 'f1e2', 'f8e7', 'e1g1', 'e8g8'] },
    { name: 'promotion by drag', how: 'drag', fen: '4k3/P7/8/8/8/8/8/4K3 w - - 0 1', moves: ['a7a8r', 'e8d7'] },
  ],
  'bifold-halfgi': [
    // split a Q from its pair (d1d2/q), capture into hand, stack forming (c1d2/b), drop
    { name: 'split and stack by click', how: 'click', moves: ['d2d4', 'e7e5', 'd1d2/q', 'e5d4', 'c1d2/b', 'P@e3'] },
    { name: 'capture and drop by drag', how: 'drag', moves: ['e2e4', 'd7d5', 'e4d5', 'g8f6', 'P@e6'] },
    { name: 'promotion by click', how: 'click', fen: BIFOLD_PROMO, moves: ['a7a8h'] },
  ],
  'bifold-halfgi-pawns': [
    // one pawn leaves its pair (e2e4/l), then takes one of two enemy pawns (choice xl)
    // ...then the captured pawn is dropped onto the lone D it left behind: a drop that forms a pair
    { name: 'bifold pawns by click', how: 'click', moves: ['e2e4/l', 'd7d5', 'e4d5xl', 'c7c6/l', 'L@e2'] },
    { name: 'units by drag', how: 'drag', moves: ['d2d4', 'e7e5', 'g1f3'] },
    { name: 'promotion of a unit by click', how: 'click', fen: '4(wf)3/(LD)7/8/8/8/8/8/4(WF)3[] w - - 0 1', moves: ['a7a8q'] },
  ],
  'bifold-halfgi-weak': [
    { name: 'weak pawns by click', how: 'click', moves: ['e2e4/v', 'd7d5', 'd2d4'] },
    // a VV unit takes a vv unit (both into hand); one V is dropped, the second joins it
    { name: 'unit capture and drops by drag', how: 'drag', moves: ['e2e4', 'd7d5', 'e4d5', 'c7c6', 'V@e3', 'c6d5', 'V@e3'] },
    { name: 'units by drag', how: 'drag', moves: ['d2d4', 'e7e5', 'g1f3'] },
    { name: 'promotion of one pawn by click', how: 'click', fen: '4(wf)3/(VV)7/8/8/8/8/8/4(WF)3[] w - - 0 1', moves: ['a7a8/vq'] },
  ],
};

// The phone test plays these by touch (taps, and one touch drag).
export const PHONE = [
  { variant: 'bedlam', how: 'tap', moves: ['e2e4', 'd7d5', 'e4d5', 'd8d5', 'P@e6', 'f7e6', 'd1e2/b'] },
  { variant: 'bifold-halfgi', how: 'touchdrag', moves: ['e2e4', 'd7d5', 'e4d5', 'g8f6'] },
];

export function stepOf(s) {
  return typeof s === 'string' ? { move: s, choices: [] } : { choices: [], ...s };
}
