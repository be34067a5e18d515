// The board's picture before main.wasm (issue 27, web/paint.js), in each
// engine: for a position with compounds, shared squares and hands in each
// rule set, flipped, and in the player's colours, the picture shows the
// pieces the board then shows,
// in the same places (each piece's and hand piece's centre is where the
// board's hook says that square or hand slot is), and a screenshot of the
// picture over the board matches one of the board alone: the board appears
// where the picture was, at its size, without a jump.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuites, refpos, setReportName, report } from './lib/harness.mjs';
import { decodePNG } from './lib/png.mjs';
import { board } from './lib/position.mjs';
import fs from 'node:fs';

setReportName('report-paint');

// Positions reached by random games of the rules engine (refpos -random).
const CASES = [
  { name: 'bedlam', variant: 'bedlam', fen: 'rbk2br1/1r2p3/p3Pp2/1pp2QBb/P2N1Rp1/P6r/1BPPPP1P/bP1BD3[Pr] w - - 2 36' },
  { name: 'bedlam, light page, green board', variant: 'bedlam', prefs: { theme: 'light', board: 'green', coords: false },
    fen: 'rbk2br1/1r2p3/p3Pp2/1pp2QBb/P2N1Rp1/P6r/1BPPPP1P/bP1BD3[Pr] w - - 2 36' },
  { name: 'bedlam flipped', variant: 'bedlam', orient: 'black', fen: 'r2d1bB1/p1b1p3/1p1N1Bp1/3Pqa2/1BR1pP2/RPPm1P1P/4BP2/1K4NR[MBPP] w - - 1 36' },
  { name: 'assimilation', variant: 'assimilation', fen: '2nb1b2/p2rn1km/4p3/2ppP2P/P1Pr1p1P/1P1B4/3K2P1/RNBBR3 w - - 1 36' },
  { name: 'assimilation flipped', variant: 'assimilation', orient: 'black', fen: 'r1bk4/1pppr3/1an5/6P1/5r1R/b2P1B1N/PP2P2P/1R1aK2R w K - 2 36' },
  { name: 'bifold-halfgi', variant: 'bifold-halfgi', fen: 'r1BB(QB)1h(rr)/2pp(bb)2f/2hQbhqp/p3B3/P1(rh)1PB2/1PpPP1(HH)1/R1P2PP1/RH1(QH)(WF)2(RR)[bpp] w K - 0 36' },
  { name: 'bifold-halfgi flipped', variant: 'bifold-halfgi', orient: 'black', fen: '2(qq)p(wf)H(hh)1/p(rr)p1pr1r/(bb)4pp1/1(QH)2Hb2/1h1P1BPP/1Pr1QPF1/p1P(RR)h1(BB)1/4W1(Rh)P[BBhp] w - - 0 36' },
  { name: 'bifold-halfgi-weak', variant: 'bifold-halfgi-weak', fen: '1(rr)(bb)(wq)f(rr)1b/1(vv)1v(vv)(VV)b1/vV3(qv)vv/5vv(Vv)/vQV(VV)2hV/(VV)2(hh)VVV(RR)/(RR)1V(Fv)1V(VV)h/1(HH)(BB)1q1(HH)1[Vbb] w - - 0 31' },
  { name: 'bifold-halfgi-pawns flipped', variant: 'bifold-halfgi-pawns', orient: 'black', fen: '(rr)(hh)(bb)q(wf)b1(rr)/(ld)l(ld)qb(ld)1d/1(Qd)1(ld)4/3L2(ld)l/3d(LD)1h(LD)/(LD)(LD)L5/(RR)L(Dd)B(LD)(Fh)(Ld)1/1(HH)BQW(BB)(HH)(RR)[] w - - 8 21' },
];

// picture reads the picture's pieces from the page: their squares, hands and
// centres in the viewport.
function picture() {
  const p = document.getElementById('paint');
  const box = document.body.getBoundingClientRect();
  const centre = u => ({
    x: box.left + u.x.baseVal.value + u.width.baseVal.value / 2,
    y: box.top + u.y.baseVal.value + u.height.baseVal.value / 2,
  });
  const squares = {}, centres = {}, hands = { white: {}, black: {} }, handCentres = {};
  for (const u of p.querySelectorAll('use[data-square]')) {
    const sq = u.dataset.square;
    squares[sq] = ((squares[sq] || '') + u.dataset.piece).split('').sort().join('');
    if (!centres[sq]) centres[sq] = [];
    centres[sq].push(centre(u));
  }
  for (const u of p.querySelectorAll('use[data-hand]')) {
    hands[u.dataset.hand][u.dataset.piece] = +u.dataset.count;
    handCentres[u.dataset.hand + ' ' + u.dataset.piece] = centre(u);
  }
  const [bx, by, sq] = p.dataset.board.split(',').map(Number);
  // Every symbol a piece uses is in the page's sheet.
  const missing = [...p.querySelectorAll('use')].map(u => u.getAttribute('href')).filter(h => !document.getElementById(h.slice(1)));
  return { squares, centres, hands, handCentres, board: { x: box.left + bx, y: box.top + by, sq }, source: window.chimeraPaint.source,
    flipped: window.chimeraPaint.flipped, missing };
}

// sameRect compares the board's part of two screenshots: at every square,
// the colour at a point near its upper right corner (no piece, coordinate
// or hand is drawn there), and the mean difference over the whole board.
function compareShots(a, b, rect) {
  const px = (img, x, y) => {
    const i = (Math.round(y) * img.width + Math.round(x)) * 4;
    return [img.data[i], img.data[i + 1], img.data[i + 2]];
  };
  const far = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const x = rect.x + (col + 1) * rect.sq - Math.max(3, rect.sq * 0.06), y = rect.y + row * rect.sq + Math.max(3, rect.sq * 0.06);
      const d = Math.max(...px(a, x, y).map((v, i) => Math.abs(v - px(b, x, y)[i])));
      if (d > 24) far.push(`col ${col} row ${row}: ${px(a, x, y)} vs ${px(b, x, y)}`);
    }
  }
  let sum = 0, n = 0;
  for (let y = rect.y; y < rect.y + 8 * rect.sq; y += 2) {
    for (let x = rect.x; x < rect.x + 8 * rect.sq; x += 2) {
      const p = px(a, x, y), q = px(b, x, y);
      sum += (Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2])) / 3;
      n++;
    }
  }
  return { far, mean: sum / n };
}

browserSuites({ width: 900, height: 640 }, suite => {
  const { skip, engine } = suite;

  for (const c of CASES) {
    test(`the picture before main.wasm is the board: ${c.name}`, { skip, timeout: 180000 }, async () => {
      refpos(c.variant, c.fen); // the rules engine takes the position
      const { s } = suite.fresh();
      const params = { variant: c.variant, fen: c.fen, ai: 'none', orient: c.orient };
      if (c.prefs) {
        // The player's colours, kept from an earlier visit.
        await s.open(suite.server.url, params);
        await s.evaluate(p => localStorage.setItem('chimera.prefs', JSON.stringify(Object.assign(JSON.parse(localStorage.getItem('chimera.prefs') || '{}'), p))), c.prefs);
      }
      await s.open(suite.server.url, params);
      const st = await s.state();
      const want = board(st.position);
      assert.deepEqual(board(c.fen), want, 'the game shows the position of the link');
      const pic = await s.evaluate(picture);
      assert.equal(pic.source, 'link');
      assert.deepEqual(pic.missing, [], 'pieces without a picture in the sheet');
      assert.equal(pic.flipped, st.flipped, 'the picture is flipped as the board');
      assert.equal(st.flipped, c.orient === 'black');
      assert.deepEqual(pic.squares, want.squares, 'the pieces on the squares');
      assert.deepEqual(pic.hands, want.hands, 'the hands');

      // Each piece where the board has its square: a lone piece (or a
      // full-size one) at the square's centre, a pair about it.
      for (const [sq, cs] of Object.entries(pic.centres)) {
        const p = await s.squareCenter(sq);
        const x = cs.reduce((a, q) => a + q.x, 0) / cs.length, y = cs.reduce((a, q) => a + q.y, 0) / cs.length;
        assert.ok(Math.abs(x - p.x) <= 1 && Math.abs(y - p.y) <= 1, `${sq}: the picture's piece at ${x},${y}, the board's square at ${p.x},${p.y}`);
      }
      for (const [key, q] of Object.entries(pic.handCentres)) {
        const [side, letter] = key.split(' ');
        const p = await s.handCenter(side, letter);
        assert.ok(p && Math.abs(q.x - p.x) <= 1 && Math.abs(q.y - p.y) <= 1, `${key}: the picture's at ${q.x},${q.y}, the board's at ${p && p.x},${p && p.y}`);
      }

      // The screenshots: the board, then the picture shown again over it.
      await s.evaluate(() => new Promise(r => setTimeout(r, 400))); // the picture's fade is over
      const name = 'paint-' + c.name.replace(/\s+/g, '-');
      const boardShot = await s.screenshot(name + '-board');
      await s.evaluate(() => { const p = document.getElementById('paint'); p.hidden = false; p.classList.remove('gone'); });
      await s.evaluate(() => new Promise(r => setTimeout(r, 400)));
      const paintShot = await s.screenshot(name + '-picture');
      const a = decodePNG(fs.readFileSync(boardShot.file)), b = decodePNG(fs.readFileSync(paintShot.file));
      const dpr = a.width / (await s.evaluate(() => window.innerWidth));
      const r = { x: pic.board.x * dpr, y: pic.board.y * dpr, sq: pic.board.sq * dpr };
      const cmp = compareShots(a, b, r);
      report(`picture vs board, mean difference over the board (0-255): ${c.name}`, Math.round(cmp.mean * 10) / 10, '', engine);
      assert.deepEqual(cmp.far, [], 'squares whose colour differs between the picture and the board');
      assert.ok(cmp.mean < 16, `the picture differs from the board by ${cmp.mean.toFixed(1)} on average`);
      await s.assertClean();
    });
  }

  test('the picture of a reload is the game the tab showed, with its moves', { skip, timeout: 180000 }, async () => {
    const { s } = suite.fresh();
    await s.open(suite.server.url, { variant: 'bifold-halfgi', ai: 'none' });
    await s.playMove('e2e4', { how: 'click' });
    await s.playMove('d7d5', { how: 'click' });
    await s.waitIdle();
    const before = await s.state();
    await s.reload();
    await s.waitFor(() => window.chimeraPaint, { what: 'the picture' });
    const pic = await s.evaluate(picture);
    assert.equal(pic.source, 'kept');
    assert.deepEqual(pic.squares, board(before.position).squares, 'the picture of the reload');
    await s.waitFor(() => window.chimera && window.chimera.state(), { timeout: 60000, what: 'the game after the reload' });
    assert.equal((await s.state()).position, before.position);
    await s.assertClean();
  });
});
