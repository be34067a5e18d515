// The analysis board, the game review and learn from your mistakes, used
// as a user does, in each engine: in every rule set the engine's lines, the
// evaluation bar (a meter named "Evaluation") and the lines' arrows; a
// line's move, clicked, makes a side line; the threat; a recorded game with
// blunders planted by the engine (fixtures/planted.json, made by app's
// TestPlantedFixture) reviewed: the planted moves marked blunders, the
// graph's point jumps to its ply; learn from your mistakes refuses the
// blunder again and accepts the better move; a record with a side line, a
// glyph and a comment copied and loaded back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { BROWSER_DIR, VARIANTS, browserSuites, refpos } from './lib/harness.mjs';

const PLANTED = JSON.parse(fs.readFileSync(path.join(BROWSER_DIR, 'fixtures', 'planted.json'), 'utf8'));
const btn = (s, name) => s.getByRole('button', { name, exact: true });
const analysis = s => s.evaluate(() => window.chimera.analysis());

// A wait on the analysis: waitFor(a => { const v = window.chimera.analysis();
// return !!v && ... }) (a page function: each check written out where used).
// boardInput makes a move on the board by clicks (a drop from its hand),
// answering the board's choices, and does not wait for it.
async function boardInput(s, move, side) {
  const drop = /^([A-Z])@([a-h][1-8])$/.exec(move);
  const board = /^([a-h][1-8])([a-h][1-8])/.exec(move);
  const from = drop ? await s.handCenter(side, drop[1]) : await s.squareCenter(board[1]);
  await s.click(from.x, from.y);
  const to = await s.squareCenter(drop ? drop[2] : board[2]);
  await s.click(to.x, to.y);
  for (let round = 0; round < 4; round++) {
    const c = await s.choices();
    if (!c) break;
    const fits = key => c.options.filter(o => o[key] === move).map(o => o.label)[0] ??
      c.options.filter(o => typeof o[key] === 'string' && o[key] && move.startsWith(o[key]))
        .sort((a, b) => b[key].length - a[key].length).map(o => o.label)[0];
    const label = fits('move') ?? fits('label');
    if (label === undefined) throw new Error(`${move}: no option fits (${c.options.map(o => o.label).join(', ')})`);
    await s.pickChoice(label);
  }
}

// reveal scrolls the analysis panel to an element, as a user scrolls to it.
const reveal = (s, css) => s.evaluate(c => document.querySelector(c).scrollIntoView({ block: 'center' }), css);

// pause stops the engine, so that its lines stand still while a user reads
// and clicks them.
async function pause(s) {
  await btn(s, 'Engine on').click();
  await s.waitFor(() => { const v = window.chimera.analysis(); return v.paused && !v.running; }, { what: 'the engine stopped' });
}

const turnOf = fen => (fen.split(' ')[1] === 'b' ? 'black' : 'white');

// open opens the analysis board on a game by its link.
async function open(s, server, variant, moves) {
  await s.open(server.url, { mode: 'analysis', variant, moves: moves.join(',') });
  await s.waitFor(() => !!window.chimera.analysis(), { what: 'the analysis board open from the link' });
  await s.getByRole('region', { name: 'Analysis' }).waitFor();
}

browserSuites({ width: 1280, height: 720, dpr: 1 }, suite => {
  for (const variant of VARIANTS) {
    test(`${variant}: analysis shows the engine's lines, the bar and arrows; a line's move makes a side line; the threat`, { skip: suite.skip, timeout: 240000 }, async () => {
      const { s, server } = suite.fresh();
      const moves = PLANTED[variant].moves.slice(0, 6);
      await open(s, server, variant, moves);
      await s.waitFor(() => { const v = window.chimera.analysis(); return v.best.length === 3 && v.depth >= 4 && v.barKnown; },
        { what: 'three lines at depth 4 and a known bar', timeout: 60000 });
      let v = await analysis(s);
      // every line's moves are legal in the position shown, in the rules engine
      for (const l of v.best) {
        const ref = refpos(variant, v.position, l.moves.map(m => m.move));
        assert.equal(ref.positions.length, l.moves.length + 1, `line ${l.moves.map(m => m.text).join(' ')} is legal`);
        assert.match(l.score, /^([+-]\d+\.\d|0\.0|#-?\d+)$/, 'a score from White\'s side');
      }
      await s.getByRole('meter', { name: 'Evaluation' }).point();
      // the meter says the view's score and who is better (both change while the engine searches)
      const text = await s.waitFor(() => {
        const t = document.getElementById('eval-bar').getAttribute('aria-valuetext');
        return t === window.chimera.analysis().barText && t;
      }, { what: 'the meter to say the bar\'s text' });
      assert.match(text, /^(([+-]\d+\.\d|0\.0): (equal|(White|Black) is (slightly better|better|winning))|#-?\d+: (White|Black) mates in \d+)$/);
      const arrows = (await s.evaluate(() => window.chimera.overlay())).arrows;
      assert.equal(arrows.length, 3, 'an arrow for each line');
      assert.deepEqual(arrows.map(a => a.rank), [0, 1, 2], 'the best boldest');
      // Back one move, then a line's first move that is not the game's: a side line.
      await btn(s, 'Previous move').click();
      await s.waitFor(n => { const v = window.chimera.analysis(); return !!v && (v.path.length === n && v.best.length === 3); }, { arg: moves.length - 1, what: 'the lines of the position before' });
      await pause(s);
      v = await analysis(s);
      const k = v.best.findIndex(l => l.moves[0].move !== moves[moves.length - 1]);
      assert.ok(k >= 0);
      const name = `Play line ${k + 1} to ${v.best[k].moves[0].text}`;
      await btn(s, name).click();
      await s.waitFor(_ => { const v = window.chimera.analysis(); return !!v && (v.items.some(it => it.open)); }, { arg: null, what: 'a side line in the move list' });
      v = await analysis(s);
      assert.equal(v.items.filter(it => it.depth === 0).length, moves.length, 'the main line kept');
      assert.ok(v.canPromote, 'the side line can be promoted');
      assert.equal(await s.getByRole('group', { name: 'Variation' }).count(), 1, 'the variation shown nested');
      // The threat: what the other side would do.
      await btn(s, 'Engine off').click();
      await btn(s, 'Threat').click();
      await s.waitFor(_ => { const v = window.chimera.analysis(); return !!v && (v.threat && v.best.length === 1); }, { arg: null, what: 'the threat searched' });
      const ta = (await s.evaluate(() => window.chimera.overlay())).arrows;
      assert.ok(ta.length === 1 && ta[0].threat, 'the threat drawn as one threat arrow');
      await btn(s, 'Threat').click();
      await s.waitFor(_ => { const v = window.chimera.analysis(); return !!v && (!v.threat && v.best.length === 3); }, { arg: null, what: 'the lines again' });
      await s.assertClean();
    });
  }

  for (const variant of ['bedlam', 'assimilation', 'bifold-halfgi']) {
    test(`${variant}: review marks the planted blunders; the graph jumps to a ply; learn from your mistakes`, { skip: suite.skip, timeout: 420000 }, async () => {
      const { s, server } = suite.fresh();
      const { moves, blunders } = PLANTED[variant];
      await open(s, server, variant, moves);
      await btn(s, 'Review game').click();
      await s.getByRole('progressbar').waitFor().catch(() => {}); // it may be done already
      await s.waitFor(_ => { const v = window.chimera.analysis(); return !!v && (v.review && v.review.finished); }, { arg: null, what: 'the review done', timeout: 300000 });
      const v = await analysis(s);
      const r = v.review;
      assert.equal(r.total, moves.length + 1);
      assert.equal(r.graph.length, moves.length + 1, 'a point a ply');
      for (const b of blunders) {
        const m = r.marked.find(x => x.ply === b);
        assert.ok(m && m.mark === 'blunder', `ply ${b} (${moves[b - 1]}) marked a blunder: ${JSON.stringify(r.marked)}`);
        assert.notEqual(m.betterMove, moves[b - 1]);
      }
      for (const m of r.marked) assert.notEqual(m.betterMove, moves[m.ply - 1], 'the better move is not the move played');
      const rows = await s.evaluate(() => [...document.querySelectorAll('#an-players tbody tr')].map(tr => tr.textContent));
      assert.equal(rows.length, 2);
      // The graph: the blunder's point goes to its ply.
      const point = r.graph[blunders[0]];
      await reveal(s, '#an-graph');
      await s.getByRole('button', { name: point.text }).click();
      await s.waitFor(p => { const v = window.chimera.analysis(); return !!v && (v.path === p); }, { arg: point.path, what: 'the graph jumped to the blunder' });
      // Learn from your mistakes: White's (the board's side), at White's
      // planted blunder (an odd ply; in Bifold Halfgi Black's comes first).
      const own = blunders.find(b => b % 2 === 1);
      assert.ok(own, `a blunder of White's among ${blunders}`);
      await reveal(s, '#an-learn');
      await btn(s, 'Learn from your mistakes').click();
      await reveal(s, '#an-learning');
      await s.waitFor(_ => { const v = window.chimera.analysis(); return !!v && (v.learn && v.learn.state === 'find'); }, { arg: null, what: 'a mistake to find' });
      for (let i = 0; i < 20; i++) {
        const a = await analysis(s);
        if (a.path.length === own - 1) break;
        await btn(s, 'Next mistake').click();
        await s.waitFor(p => { const v = window.chimera.analysis(); return !!v && (v.path !== p); }, { arg: a.path, what: 'the next mistake' });
      }
      let a = await analysis(s);
      assert.equal(a.path.length, own - 1, 'at the planted blunder');
      const side = turnOf(a.position);
      await boardInput(s, moves[own - 1], side);
      await s.waitFor(_ => { const v = window.chimera.analysis(); return !!v && (/try again/.test(v.learn.said)); }, { arg: null, what: 'the blunder refused again' });
      a = await analysis(s);
      assert.equal(a.path.length, own - 1, 'the board is back before the move');
      const better = r.marked.find(x => x.ply === own).betterMove;
      await boardInput(s, better, side);
      await s.waitFor(_ => { const v = window.chimera.analysis(); return !!v && (v.learn.state === 'right' && v.learn.solved === 1); }, { arg: null, what: 'the better move accepted' });
      await s.assertClean();
    });
  }

  test('a record with a side line, a glyph and a comment is copied and loaded back', { skip: suite.skip, timeout: 240000 }, async () => {
    const { s, server } = suite.fresh();
    const variant = 'bifold-halfgi';
    const moves = PLANTED[variant].moves.slice(0, 4);
    await open(s, server, variant, moves);
    await btn(s, 'Engine on').click(); // not needed here
    await btn(s, 'Previous move').click();
    await s.waitFor(n => { const v = window.chimera.analysis(); return !!v && (v.path.length === n); }, { arg: moves.length - 1, what: 'one move back' });
    let v = await analysis(s);
    const legal = refpos(variant, v.position).legal.filter(m => m !== moves[moves.length - 1] && /^[a-h][1-8][a-h][1-8]$/.test(m));
    await boardInput(s, legal[0], turnOf(v.position));
    await s.waitFor(_ => { const v = window.chimera.analysis(); return !!v && (v.items.some(it => it.open)); }, { arg: null, what: 'a side line' });
    await reveal(s, '.an-glyphs');
    await btn(s, 'Dubious move (?!)').click();
    await s.waitFor(_ => { const v = window.chimera.analysis(); return !!v && (v.glyph === '?!'); }, { arg: null, what: 'the glyph set' });
    await s.evaluate(() => { const c = document.getElementById('an-comment'); c.focus(); });
    await s.type('an idea (with parentheses)');
    await s.evaluate(() => document.getElementById('an-comment').dispatchEvent(new Event('change')));
    await s.waitFor(_ => { const v = window.chimera.analysis(); return !!v && (v.comment === 'an idea (with parentheses)'); }, { arg: null, what: 'the comment set' });
    const record = await s.evaluate(() => window.chimeraApp.anRecord());
    assert.match(record, /\(/, 'the record has a variation');
    assert.match(record, /\{ ?an idea \(with\s+parentheses\) ?\}/, "and the comment");
    const items = (await analysis(s)).items.map(it => [it.text, it.depth, it.comment]);
    // Load it back (Menu, Load game): it opens on the analysis board with the same tree.
    await reveal(s, '#an-close');
    await btn(s, 'Close analysis').click();
    await s.waitFor(() => !window.chimera.analysis(), { what: 'the analysis closed' });
    await btn(s, 'Menu').click();
    await btn(s, 'Load game').click();
    await s.getByRole('textbox', { name: /Paste a game record/ }).point();
    await s.evaluate(([t]) => {
      const n = document.getElementById('load-text');
      n.focus();
      n.value = t;
      n.dispatchEvent(new Event('input', { bubbles: true }));
    }, [record]);
    await btn(s, 'Load').click();
    await s.waitFor(() => !!window.chimera.analysis(), { what: 'the loaded study on the analysis board' });
    v = await analysis(s);
    assert.deepEqual(v.items.map(it => [it.text, it.depth, it.comment]), items, 'the same moves, side line, glyph and comment');
    await s.assertClean();
  });
});

// On a phone: the bar across the top of the board, the panel below it, a
// line's move tapped.
browserSuites({ width: 390, height: 844, dpr: 2, mobile: true }, suite => {
  test('phone: the analysis board, its bar across the board, a line tapped', { skip: suite.skip, timeout: 240000 }, async () => {
    const { s, server } = suite.fresh();
    const variant = 'bedlam';
    const moves = PLANTED[variant].moves.slice(0, 4);
    await open(s, server, variant, moves);
    await s.waitFor(() => { const v = window.chimera.analysis(); return v.best.length === 3 && v.depth >= 4 && v.barKnown; },
      { what: 'three lines and a known bar', timeout: 60000 });
    const box = await s.evaluate(() => {
      const r = e => { const b = document.getElementById(e).getBoundingClientRect(); return { x: b.left, y: b.top, w: b.width, h: b.height }; };
      return { bar: r('eval-bar'), board: r('board-slot'), panel: r('analysis') };
    });
    assert.ok(box.bar.w > box.bar.h * 10, `the bar lies across (${JSON.stringify(box.bar)})`);
    assert.ok(box.bar.y + box.bar.h <= box.board.y + 1, 'above the board');
    assert.ok(box.panel.y >= box.board.y + box.board.h - 1, 'the panel below the board');
    await btn(s, 'Engine on').tap();
    await s.waitFor(() => window.chimera.analysis().paused, { what: 'the engine stopped' });
    const v = await analysis(s);
    await btn(s, `Play line 1 to ${v.best[0].moves[0].text}`).tap();
    await s.waitFor(n => window.chimera.analysis().path.length === n, { arg: moves.length + 1, what: 'the line\'s move played' });
    await s.assertClean();
  });
});
