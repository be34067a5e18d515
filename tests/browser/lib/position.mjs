// position.mjs: what the tests read of a position string without the rules.

// board reads a position string's board field: square -> the letters on it
// (sorted), and each side's hand: letter -> count.
export function board(pos) {
  let [field] = pos.split(' ');
  const hands = { white: {}, black: {} };
  const i = field.indexOf('[');
  if (i >= 0) {
    for (const c of field.slice(i + 1, field.indexOf(']'))) {
      const h = hands[c === c.toUpperCase() ? 'white' : 'black'];
      h[c] = (h[c] || 0) + 1;
    }
    field = field.slice(0, i);
  }
  const squares = {};
  field.split('/').forEach((rank, r) => {
    let f = 0;
    for (let k = 0; k < rank.length; k++) {
      const c = rank[k];
      if (/[1-8]/.test(c)) { f += +c; continue; }
      const sq = 'abcdefgh'[f] + (8 - r);
      if (c === '(') { squares[sq] = [rank[k + 1], rank[k + 2]].sort().join(''); k += 3; } else squares[sq] = c;
      f++;
    }
  });
  return { squares, hands };
}
