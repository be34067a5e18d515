// Puzzles, used as a user does, in each engine: a puzzle opened by its
// link shows the opponent's move, then a wrong move clicked on the board is
// refused in words and taken back (the rating goes down), Hint names the
// piece and then the move, View solution plays the line; the theme filter
// shows puzzles of that theme only; a puzzle solved in the Move box raises
// the rating. The puzzles come from the shipped sets (puzzle/data) and
// every position is checked against the rules engine (refpos).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { axe } from './lib/axe.mjs';
import { ROOT, browserSuites, refpos } from './lib/harness.mjs';

// sets reads a shipped set: [{id, position, moves, themes, rating}].
function set(variant) {
  const lines = fs.readFileSync(path.join(ROOT, 'puzzle', 'data', `${variant}.tsv`), 'utf8').trim().split('\n').slice(1);
  return lines.map(l => {
    const [id, position, moves, themes, rating] = l.split('\t');
    return { id, position, moves: moves.split(' '), themes: themes.split(' '), rating: Number(rating) };
  });
}

const simple = m => /^[a-h][1-8][a-h][1-8]$/.test(m);
const btn = (s, name) => s.getByRole('button', { name, exact: true });
const puzzle = s => s.evaluate(() => window.chimera.puzzle());

// clickMove plays a from-to move by two clicks on the board.
async function clickMove(s, m) {
  for (const sq of [m.slice(0, 2), m.slice(2, 4)]) {
    const p = await s.squareCenter(sq);
    await s.click(p.x, p.y);
  }
}

// waitMode waits for the puzzle's mode.
async function waitMode(s, mode) {
  await s.waitFor(m => { const z = window.chimera.puzzle(); return z && z.mode === m; }, { arg: mode, what: `the puzzle in mode ${mode}`, timeout: 20000 });
}

browserSuites({ width: 1280, height: 720, dpr: 1 }, suite => {
  test('puzzles: the opponent\'s move first, a wrong move refused, Hint, View solution, the theme filter, a puzzle solved and the rating', { skip: suite.skip, timeout: 300000 }, async () => {
    const { s, server } = suite.fresh();
    const variant = 'bedlam';
    const all = set(variant);
    // a puzzle whose first solver move is clicked from square to square
    const z = all.find(p => simple(p.moves[1]));
    assert.ok(z, 'a Bedlam puzzle with a simple first move');
    await s.open(server.url, { mode: 'puzzle', id: z.id });
    await s.getByRole('region', { name: 'Puzzles' }).waitFor();
    await waitMode(s, 'solve');
    const after = refpos(variant, z.position, [z.moves[0]]).positions[1];
    let v = await puzzle(s);
    assert.equal(v.id, z.id);
    assert.equal(v.position, after, 'the opponent\'s move is played first');
    // A wrong move on the board: refused in words, taken back, the rating down.
    const legal = refpos(variant, after).legal.filter(m => simple(m) && m !== z.moves[1]);
    const wrong = legal.find(m => refpos(variant, after, [m]).result === ''); // not a move that wins at once
    assert.ok(wrong, 'a wrong move to try');
    await clickMove(s, wrong);
    await s.waitFor(() => window.chimera.puzzle().wrong, { what: 'the wrong move refused' });
    v = await puzzle(s);
    assert.match(v.said, /that is not the move/);
    assert.equal(v.position, after, 'the wrong move is taken back');
    assert.ok(v.rated && v.change < 0 && v.rating < 1500 && v.streak === 0, `rating after a wrong move: ${JSON.stringify(v)}`);
    const said = await s.evaluate(() => document.getElementById('pz-said').textContent);
    assert.equal(said, v.said, 'the panel says it (a live region)');
    if (suite.engine === 'chromium') await axe(s, 'puzzles');
    // Hint: the piece, then the move.
    await btn(s, 'Hint').click();
    await s.waitFor(sq => window.chimera.puzzle().said.includes('move the piece on ' + sq), { arg: z.moves[1].slice(0, 2), what: 'the hint naming the piece' });
    await btn(s, 'Hint').click();
    await s.waitFor(() => /^Hint: .+, /.test(window.chimera.puzzle().said), { what: 'the hint naming the move' });
    // View solution plays the rest of the line.
    await btn(s, 'View solution').click();
    await waitMode(s, 'solved');
    v = await puzzle(s);
    assert.equal(v.position, refpos(variant, z.position, z.moves).positions[z.moves.length], 'the whole line played');
    assert.ok(v.failed && !v.solved);
    // The theme filter.
    const theme = 'drop';
    const want = new Set(all.filter(p => p.themes.includes(theme)).map(p => p.id));
    await s.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
    await s.waitFor(t => window.chimera.puzzle().theme === t, { arg: theme, what: 'the theme filter taken' });
    for (let i = 0; i < 2; i++) {
      v = await puzzle(s);
      assert.ok(want.has(v.id), `${v.id} has the theme ${theme}`);
      const id = v.id;
      await btn(s, 'Next').click();
      await s.waitFor(x => window.chimera.puzzle().id !== x, { arg: id, what: 'the next puzzle' });
    }
    // A puzzle solved in the Move box: the rating goes up.
    await waitMode(s, 'solve');
    v = await puzzle(s);
    const before = v.rating;
    const line = v.moves;
    for (let i = 1; i < line.length; i += 2) {
      await waitMode(s, 'solve');
      await s.getByRole('textbox', { name: 'Your move' }).click();
      await s.type(line[i]);
      await s.press('Enter');
      if (i + 1 < line.length) await s.waitFor(n => window.chimera.puzzle().position !== n, { arg: v.position, what: `move ${line[i]} taken` });
    }
    await waitMode(s, 'solved');
    v = await puzzle(s);
    assert.ok(v.solved && v.rating > before && v.change > 0 && v.streak === 1, `solved: ${JSON.stringify(v)}`);
    const shown = await s.evaluate(() => document.getElementById('pz-rating').textContent);
    assert.match(shown, new RegExp(`Your puzzle rating: ${v.rating} \\(\\+${v.change}\\) · streak 1`));
    await s.screenshot('puzzle-solved');
    // Close: the game is back.
    await btn(s, 'Close puzzles').click();
    await s.waitFor(() => window.chimera.puzzle() === null, { what: 'puzzles closed' });
  });
});

// On a phone (where the engine can emulate one): the panel below the
// board, every button in view and at least 44 px tall, the page not larger
// than the screen; a wrong move tapped on the board is refused.
browserSuites({ width: 390, height: 844, dpr: 3, mobile: true }, suite => {
  test('puzzles on a phone: the panel in view, a wrong move tapped and refused', { skip: suite.skip, timeout: 120000 }, async () => {
    const { s, server } = suite.fresh();
    const variant = 'bedlam';
    const z = set(variant).find(p => simple(p.moves[1]));
    await s.open(server.url, { mode: 'puzzle', id: z.id });
    await waitMode(s, 'solve');
    const after = refpos(variant, z.position, [z.moves[0]]).positions[1];
    const wrong = refpos(variant, after).legal.filter(m => simple(m) && m !== z.moves[1]).find(m => refpos(variant, after, [m]).result === '');
    for (const sq of [wrong.slice(0, 2), wrong.slice(2, 4)]) {
      const p = await s.squareCenter(sq);
      await s.tap(p.x, p.y);
    }
    await s.waitFor(() => window.chimera.puzzle().wrong, { what: 'the wrong move refused' });
    const layout = await s.evaluate(() => ({
      buttons: ['pz-hint', 'pz-solution', 'pz-next', 'pz-close'].map(id => {
        const r = document.getElementById(id).getBoundingClientRect();
        return { id, top: r.top, bottom: r.bottom, height: r.height };
      }),
      tall: document.documentElement.scrollHeight > innerHeight, wide: document.documentElement.scrollWidth > innerWidth,
    }));
    for (const b of layout.buttons) {
      assert.ok(b.height >= 44, `${b.id} is ${b.height} px tall`);
      assert.ok(b.top >= 0 && b.bottom <= 844, `${b.id} is out of view (${b.top}-${b.bottom})`);
    }
    assert.ok(!layout.tall && !layout.wide, 'the page is larger than the screen');
    await s.screenshot('puzzle-phone');
  });
});
