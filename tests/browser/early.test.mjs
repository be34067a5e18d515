// Before main.wasm (issue 27): the page around the board is usable while the
// game is still on its way. main.wasm is held back by a proxy (lib/gate.mjs)
// and the page used as a visitor would: the Menu opens with the kept
// settings and keeps a change for the game, the game's actions wait saying
// so, How to play shows its words (the game's own, compared once it has
// loaded) and turns its sections with each example's position drawn as the
// board's picture, the front door shows each game's line and start position
// and its "Learn it" opens How to play at once. When main.wasm is let
// through, the game takes over: the setting chosen, the lesson at the
// section read, the new game the door asked for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuites, setReportName } from './lib/harness.mjs';
import { startGate } from './lib/gate.mjs';
import { board } from './lib/position.mjs';

setReportName('report-early');

// pictureSquares reads the board's picture (web/paint.js): square -> its
// letters, sorted.
function pictureSquares() {
  const out = {};
  for (const u of document.querySelectorAll('#paint use[data-square]')) {
    out[u.dataset.square] = ((out[u.dataset.square] || '') + u.dataset.piece).split('').sort().join('');
  }
  return out;
}

// squaresOf: square -> its letters, sorted (lib/position.mjs).
const squaresOf = pos => board(pos).squares;

const WAIT = 'Waiting for the game to load';

browserSuites({ width: 1280, height: 720 }, suite => {
  const { skip } = suite;

  test('before main.wasm: the Menu keeps a setting for the game, How to play reads and turns its sections, the lesson goes on when the game loads', { skip, timeout: 180000 }, async () => {
    const { s } = suite.fresh();
    const gate = await startGate(suite.server.url);
    try {
      await s.goto(gate.url + '/?variant=bifold-halfgi&ai=none');
      await s.waitFor(() => window.chimeraPaint && document.getElementById('paint'), { what: 'the board\'s picture' });
      await s.evaluate(() => localStorage.removeItem('chimera.prefs'));
      assert.equal(await s.evaluate(() => typeof window.chimeraApp), 'undefined', 'the game is not there yet');
      // The loading message: over the board's middle (its first and last
      // ranks stay in sight), its words readable on their own backing.
      const lo = await s.evaluate(() => {
        const m = document.getElementById('loader-msg'), cs = getComputedStyle(m);
        const r = m.getBoundingClientRect(), b = document.body.getBoundingClientRect();
        const rgb = c => c.match(/[\d.]+/g).slice(0, 3).map(Number);
        const lum = c => { const [r, g, b] = rgb(c).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
        const [l1, l2] = [lum(cs.color), lum(cs.backgroundColor)].sort((a, c) => c - a);
        return { mid: (r.top + r.bottom) / 2, top: b.top, height: b.height, contrast: (l1 + 0.05) / (l2 + 0.05) };
      });
      assert.ok(Math.abs(lo.mid - (lo.top + lo.height / 2)) < lo.height / 4, `the loading message is not over the board's middle: ${JSON.stringify(lo)}`);
      assert.ok(lo.contrast >= 4.5, `the loading message's contrast is ${lo.contrast.toFixed(2)}`);

      // The Menu: the defaults, the game's actions waiting.
      await s.getByRole('button', { name: 'Menu', exact: true }).click();
      await s.waitFor(() => document.getElementById('menu-dialog').open, { what: 'the Menu open' });
      const menu = await s.evaluate(() => {
        const f = document.getElementById('menu-form').elements;
        const b = id => { const e = document.getElementById(id); return { disabled: e.disabled, title: e.title }; };
        return { board: f.board.value, anim: f.anim.value, dots: f.dots.checked, share: b('btn-share'), resign: b('btn-resign'), load: b('btn-load') };
      });
      assert.deepEqual([menu.board, menu.anim, menu.dots], ['brown', 'normal', true], 'the settings\' defaults (app.DefaultPrefs)');
      for (const k of ['share', 'resign', 'load']) assert.deepEqual(menu[k], { disabled: true, title: WAIT }, k);
      await s.getByRole('radio', { name: 'Green', exact: true }).click();
      await s.waitFor(() => JSON.parse(localStorage.getItem('chimera.prefs') || '{}').board === 'green', { what: 'the setting kept' });
      assert.equal(await s.evaluate(() => document.documentElement.dataset.board), 'green', 'the page in the colours chosen');
      assert.ok(await s.evaluate(() => !!document.querySelector('#paint rect[fill="#769656"]')), 'the picture in the green board\'s colours');

      // How to play from the Menu: its words, its sections.
      await s.getByRole('button', { name: 'How to play', exact: true }).click();
      await s.waitFor(() => !document.getElementById('help').hidden && document.getElementById('sec-title').textContent !== '', { what: 'How to play shown' });
      const help = await s.evaluate(() => fetch('help-bifold-halfgi.json').then(r => r.json()));
      assert.equal(await s.evaluate(() => document.getElementById('help-title').textContent), 'How to play Bifold Halfgi');
      await s.getByRole('button', { name: 'Next section' }).click();
      await s.getByRole('button', { name: 'Next section' }).click();
      const early = await s.evaluate(() => ({
        title: document.getElementById('sec-title').textContent,
        text: [...document.querySelectorAll('#sec-text p')].map(p => p.textContent),
        replay: { disabled: document.getElementById('ex-replay').disabled, title: document.getElementById('ex-replay').title },
        pieces: document.querySelectorAll('#pieces-list > li').length,
        caption: document.getElementById('ex-caption').textContent,
      }));
      assert.equal(early.title, help.sections[2].title);
      assert.deepEqual(early.text, help.sections[2].text);
      assert.deepEqual(early.replay, { disabled: true, title: WAIT }, 'the example waits for the game');
      assert.equal(early.pieces, help.pieces.length, 'the Pieces tab lists every piece');
      assert.equal(early.caption, help.sections[2].moves.length ? 'The example plays on the board when the game has loaded.' : '',
        'the caption says the example waits only where it has moves');
      assert.deepEqual(await s.evaluate(pictureSquares), squaresOf(help.sections[2].example), 'the picture shows the section\'s example');
      assert.deepEqual(gate.held.length, 1, 'main.wasm was held back all along');
      assert.equal(await s.evaluate(() => getComputedStyle(document.getElementById('loader')).visibility), 'hidden',
        'the loading message hides the example while How to play is open');
      await s.screenshot('early-help');

      // The game arrives: the lesson goes on at the section read, in the
      // colours chosen, and the words were the game's own.
      gate.release();
      await s.waitFor(() => window.chimeraUI.view() && window.chimeraUI.view().lesson && window.chimera && window.chimera.state(),
        { timeout: 90000, what: 'the game with its lesson' });
      const after = await s.evaluate(() => {
        const v = window.chimeraUI.view();
        return { lesson: v.lesson.for, section: v.lesson.section, board: v.prefs.board, help: JSON.parse(window.chimeraApp.help('bifold-halfgi')),
          replay: document.getElementById('ex-replay').title, share: document.getElementById('btn-share').disabled };
      });
      assert.deepEqual([after.lesson, after.section, after.board], ['bifold-halfgi', 2, 'green']);
      assert.deepEqual(after.help, help, 'How to play before the game is the game\'s own');
      assert.equal(after.replay, '', 'the example no longer waits');
      assert.equal(after.share, false, 'the Menu\'s actions no longer wait');
      await s.getByRole('button', { name: 'Close How to play' }).click();
      await s.evaluate(() => localStorage.removeItem('chimera.prefs'));
      await s.assertClean();
    } finally {
      await gate.stop();
    }
  });

  test('before main.wasm: the front door shows the games, and Learn it opens How to play at once and then a new game with its lesson', { skip, timeout: 180000 }, async () => {
    const { s } = suite.fresh();
    const gate = await startGate(suite.server.url);
    try {
      await s.goto(gate.url + '/?door=1');
      await s.waitFor(() => !document.getElementById('door').hidden, { what: 'the front door' });
      const door = await s.evaluate(() => [...document.querySelectorAll('.door-games > li')].map(li => ({
        variant: li.dataset.variant, line: li.querySelector('.line').textContent, pieces: li.querySelectorAll('.pic img').length,
      })));
      const games = await s.evaluate(() => window.chimeraPaint.games);
      assert.equal(door.length, 3);
      for (const d of door) {
        assert.ok(d.line.length > 20, `${d.variant}: its line`);
        assert.equal(d.line, games[d.variant].line);
        const want = Object.values(squaresOf(games[d.variant].start)).reduce((n, l) => n + l.length, 0);
        assert.equal(d.pieces, want, `${d.variant}: the start position's pieces`);
      }
      await s.evaluate(() => document.querySelector('.door-games > li[data-variant="assimilation"] button[data-go="learn"]').scrollIntoView({ block: 'center' }));
      const learn = await s.evaluate(() => {
        const r = document.querySelector('.door-games > li[data-variant="assimilation"] button[data-go="learn"]').getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      });
      await s.click(learn.x, learn.y);
      await s.waitFor(() => !document.getElementById('help').hidden && document.getElementById('help-title').textContent === 'How to play Assimilation Chess',
        { what: 'How to play Assimilation Chess before the game' });
      assert.equal(await s.evaluate(() => typeof window.chimeraApp), 'undefined', 'the game is not there yet');
      assert.equal(await s.evaluate(() => document.getElementById('door').hidden), true, 'the door closed');
      gate.release();
      await s.waitFor(() => window.chimeraUI.view() && window.chimeraUI.view().lesson && window.chimera && window.chimera.state(),
        { timeout: 90000, what: 'the new game with its lesson' });
      const v = await s.evaluate(() => { const v = window.chimeraUI.view(); return { variant: v.variant, lesson: v.lesson.for, section: v.lesson.section, computer: v.computer }; });
      assert.deepEqual(v, { variant: 'assimilation', lesson: 'assimilation', section: 0, computer: 'black' });
      await s.getByRole('button', { name: 'Close How to play' }).click();
      await s.assertClean();
    } finally {
      await gate.stop();
    }
  });
});
