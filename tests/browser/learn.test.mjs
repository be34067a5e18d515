// How to play, the pieces' legend, describe, hints and a move in words, used
// as a reader does: controls found by role and name, moves made on the board
// with the mouse (and a finger on the phone), every position and move checked
// against the rules engine (tests/browser/refpos).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axe } from './lib/axe.mjs';
import { browserSuite, launch, refpos, sleep, setReportName, VARIANTS } from './lib/harness.mjs';

setReportName('report-learn');
const suite = browserSuite({ width: 1280, height: 720 });
const { skip } = suite;

// The lessons: the games whose How to play the Menu opens, and the pawn
// options (the Bifold Halfgi lesson, with their own pieces).
const LESSONS = ['bedlam', 'assimilation', 'bifold-halfgi'];

const btn = (s, name) => s.page.getByRole('button', { name, exact: true });
const lessonState = s => s.page.evaluate(() => window.chimera.lesson());
const helpOf = (s, id) => s.page.evaluate(id => JSON.parse(window.chimeraApp.help(id)), id);

// openHelp opens How to play from the Menu.
async function openHelp(s) {
  await btn(s, 'Menu').click();
  const menu = s.page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('button', { name: 'How to play' }).click();
  await s.page.getByRole('region', { name: /^How to play / }).waitFor();
  await s.waitFor(() => !!window.chimera.lesson(), { what: 'the lesson on the board' });
}

// boardMove makes a move on the lesson's board with the mouse (or a finger),
// answering the board's choice with the option that plays it.
async function boardMove(s, move, { touch = false } = {}) {
  const drop = /^([A-Z])@([a-h][1-8])$/.exec(move);
  const board = /^([a-h][1-8])([a-h][1-8])/.exec(move);
  const tap = async p => (touch ? s.touchTap(p.x, p.y) : s.mouseClick(p.x, p.y));
  await tap(drop ? await s.handCenter('white', drop[1]) : await s.squareCenter(board[1]));
  await tap(await s.squareCenter(drop ? drop[2] : board[2]));
  for (let round = 0; round < 3; round++) {
    const c = await s.choices();
    if (!c) break;
    const opt = c.options.find(o => o.move === move);
    assert.ok(opt, `${move}: no option of the choice plays it (${c.options.map(o => o.move).join(', ')})`);
    await tap(opt);
  }
}

test('each game\'s How to play: every example plays to its end as the engine says, every exercise takes the right move and refuses a wrong one', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'assimilation', ai: 'none' });
  const help = s.page.getByRole('region', { name: /^How to play / });
  for (const id of LESSONS) {
    await s.page.evaluate(id => window.chimeraApp.newGame({ variant: id, computer: 'none', level: 1 }), id);
    await s.waitFor(id => window.chimera.state().variant === id, { arg: id });
    await openHelp(s);
    const h = await helpOf(s, id);
    const rules = help.getByRole('tabpanel', { name: 'Rules' });
    assert.equal(await help.getByRole('heading', { level: 2 }).textContent(), 'How to play ' + h.name);
    for (let i = 0; i < h.sections.length; i++) {
      const sec = h.sections[i];
      await rules.getByRole('combobox', { name: 'Section' }).selectOption(String(i));
      await s.waitFor(i => window.chimera.lesson().section === i, { arg: i, what: `section ${i}` });
      assert.equal(await rules.getByRole('heading', { level: 3 }).textContent(), sec.title);
      // The example to its end; each position is the engine's. The buttons
      // step the first section's, the others are stepped in one go.
      const ref = refpos(sec.variant, sec.example, sec.moves);
      await s.page.evaluate(() => window.chimeraApp.lessonStep(-99)); // it started replaying by itself
      await s.waitFor(() => window.chimera.lesson().ply === 0 && !window.chimera.lesson().playing, { what: 'the example at its start' });
      let seen;
      if (i === 0) {
        seen = [(await lessonState(s)).position];
        for (let n = 0; n < sec.moves.length; n++) {
          assert.notEqual(await rules.locator('#ex-caption').textContent(), '', `${id}/${sec.id}: no caption`);
          await btn(s, 'Step forward').click();
          await s.waitFor(n => window.chimera.lesson().ply === n + 1, { arg: n, what: `${sec.id} step ${n + 1}` });
          seen.push((await lessonState(s)).position);
        }
      } else {
        seen = await s.page.evaluate(n => {
          const out = [window.chimera.lesson().position];
          for (let k = 0; k < n; k++) {
            window.chimeraApp.lessonStep(1);
            out.push(window.chimera.lesson().position);
          }
          return out;
        }, sec.moves.length);
      }
      assert.deepEqual(seen, ref.positions, `${id}/${sec.id}: the example's positions`);
      await s.waitFor(() => document.getElementById('ex-next').disabled && document.getElementById('ex-caption').textContent !== '',
        { what: `${sec.id}: the example to end, with its caption` });
      if (!sec.try) continue;
      // The exercise: a wrong move is refused with why, the right one taken.
      await btn(s, 'Your turn').click();
      await s.waitFor(() => window.chimera.lesson().mode === 'try');
      assert.equal(await rules.locator('#ex-prompt').textContent(), sec.prompt);
      const tryRef = refpos(sec.variant, sec.start, []);
      const wrong = sec.wrong?.[0] ?? tryRef.legal.find(m => !sec.answers.includes(m) && /^[a-h][1-8][a-h][1-8]/.test(m));
      assert.ok(tryRef.legal.includes(wrong), `${id}/${sec.id}: the wrong move ${wrong} is not legal`);
      await boardMove(s, wrong);
      await s.waitFor(() => window.chimera.lesson().feedback !== '', { what: `${sec.id}: a word on ${wrong}` });
      let st = await lessonState(s);
      assert.equal(st.mode, 'try', `${id}/${sec.id}: ${wrong} was taken`);
      assert.equal(st.right, false);
      assert.equal(st.position, tryRef.positions[0], `${id}/${sec.id}: the refused move changed the board`);
      const said = await rules.locator('#ex-feedback').textContent();
      assert.ok(said.length > 10, `${id}/${sec.id}: the refusal says why: "${said}"`);
      await boardMove(s, sec.answers[0]);
      await s.waitFor(() => window.chimera.lesson().mode === 'solved', { what: `${sec.id}: the answer ${sec.answers[0]} taken` });
      st = await lessonState(s);
      assert.equal(st.right, true);
      assert.equal(st.position, refpos(sec.variant, sec.start, [sec.answers[0]]).positions[1]);
    }
    await help.getByRole('button', { name: 'Close How to play' }).click();
    await s.waitFor(() => !window.chimera.lesson(), { what: 'the lesson to close' });
    assert.equal((await s.state()).position, refpos(id, '', []).positions[0], 'the game changed');
  }
  s.assertClean();
});

test('the legend lists every piece kind of each game, as the engine does', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'bedlam', ai: 'none' });
  for (const id of VARIANTS) {
    await s.page.evaluate(id => window.chimeraLearn.open(id), id);
    await s.waitFor(() => !!window.chimera.lesson());
    await s.page.getByRole('tab', { name: 'Pieces' }).click();
    const list = s.page.getByRole('list', { name: 'Pieces' });
    const names = await list.getByRole('heading', { level: 3 }).allTextContents();
    assert.deepEqual(names, refpos(id, '', []).pieces.map(p => p.name), `${id}: the legend's pieces`);
    // Each has its picture, loaded.
    const pics = await list.locator('img.piece-pic').evaluateAll(imgs => imgs.map(i => i.complete && i.naturalWidth > 0));
    assert.ok(pics.length === names.length && pics.every(Boolean), `${id}: a picture did not load`);
    await s.page.getByRole('tab', { name: 'Notation' }).click();
    assert.ok(await s.page.getByRole('table').getByRole('row').count() > 3, `${id}: no notation examples`);
    await s.page.getByRole('tab', { name: 'Rules' }).click();
    await s.page.keyboard.press('Escape');
    await s.waitFor(() => !window.chimera.lesson(), { what: 'Escape to close the help' });
  }
  s.assertClean();
});

test('describe: a Ctrl+right-click names a piece and marks exactly the engine\'s moves for it; ?e2 in the move box too', { skip }, async () => {
  const { s, server } = suite.fresh();
  const fen = '4k3/8/8/8/8/8/8/1M2K3[] w - - 0 1';
  await s.open(server.url, { variant: 'bedlam', ai: 'none', fen });
  const c = await s.squareCenter('b1');
  await s.page.mouse.move(c.x, c.y);
  await s.page.keyboard.down('Control');
  await s.page.mouse.down({ button: 'right' });
  await sleep(s.hold);
  await s.page.mouse.up({ button: 'right' });
  await s.page.keyboard.up('Control');
  await s.waitFor(() => window.chimera.overlay().marks.length > 0, { what: 'the marks of the described piece' });
  const marks = (await s.page.evaluate(() => window.chimera.overlay().marks));
  const moves = marks.filter(m => m.kind === 'move').map(m => m.square).sort();
  const ref = refpos('bedlam', fen, []).legal.filter(m => m.startsWith('b1')).map(m => m.slice(2, 4));
  assert.deepEqual(moves, [...new Set(ref)].sort(), 'the marked squares are not the engine\'s moves');
  const note = s.page.locator('#note');
  assert.match(await note.textContent(), /White Marshall on b1: Rook \+ Knight/);
  // Escape clears it; the move box describes too.
  await s.page.keyboard.press('Escape');
  await s.waitFor(() => window.chimera.overlay().marks.length === 0);
  const box = s.page.getByRole('combobox', { name: 'Move' });
  await box.fill('?e1');
  await box.press('Enter');
  await s.waitFor(() => /White King on e1/.test(document.getElementById('note').textContent));
  const kmoves = (await s.page.evaluate(() => window.chimera.overlay().marks)).filter(m => m.kind === 'move').map(m => m.square).sort();
  const kref = [...new Set(refpos('bedlam', fen, []).legal.filter(m => m.startsWith('e1')).map(m => m.slice(2, 4)))].sort();
  assert.deepEqual(kmoves, kref);
  assert.equal((await s.state()).moves.length, 0, 'describing played a move');
  s.assertClean();
});

test('hints: off by default; on, the attacked piece is marked and a hint is a legal move drawn as an arrow', { skip }, async () => {
  const { s, server } = suite.fresh();
  const fen = '4k3/8/8/8/3r4/8/3N4/4K3 w - - 0 1';
  await s.open(server.url, { variant: 'assimilation', ai: 'black', level: 1, fen });
  assert.equal(await btn(s, 'Hint').isVisible(), false, 'a Hint button with hints off');
  await btn(s, 'Menu').click();
  const menu = s.page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('checkbox', { name: /^Hints/ }).check();
  await menu.getByRole('button', { name: 'Close' }).click();
  await s.waitFor(() => window.chimera.overlay().marks.some(m => m.kind === 'danger' && m.square === 'd2'), { what: 'the attacked knight marked' });
  await btn(s, 'Hint').click();
  await s.waitFor(() => window.chimera.overlay().arrows.length === 1, { timeout: 15000, what: 'the hint\'s arrow' });
  const a = (await s.page.evaluate(() => window.chimera.overlay().arrows))[0];
  const legal = refpos('assimilation', fen, []).legal;
  assert.ok(legal.some(m => m.startsWith(a.from + a.to)), `the hint ${a.from}${a.to} is not a legal move`);
  assert.match(await s.page.locator('#note').textContent(), /^Hint: /);
  assert.equal((await s.state()).moves.length, 0, 'the hint was played');
  // Off again for the next tests (settings are remembered).
  await btn(s, 'Menu').click();
  await menu.getByRole('checkbox', { name: /^Hints/ }).uncheck();
  await menu.getByRole('button', { name: 'Close' }).click();
  await s.waitFor(() => window.chimera.overlay().marks.length === 0 && window.chimera.overlay().arrows.length === 0);
  s.assertClean();
});

test('a move of the list in words on hover and focus; the game goes on behind the help', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'bedlam', ai: 'black', level: 3 });
  await s.playMove('e2e4');
  // The help opens while the computer thinks; its reply goes into the game.
  await openHelp(s);
  await s.waitFor(() => window.chimera.state().moves.length === 2, { timeout: 20000, what: 'the reply behind the help' });
  const st = await lessonState(s);
  assert.ok(st && st.game === 'bedlam', 'the help closed');
  await btn(s, 'Close How to play').click();
  await s.waitFor(() => !window.chimera.lesson());
  const moves = (await s.state()).moves;
  const ref = refpos('bedlam', '', moves);
  assert.equal((await s.state()).position, ref.positions[2]);
  const list = s.page.getByRole('list', { name: 'Moves' });
  const first = list.getByRole('button').first();
  await first.hover();
  const words = s.page.getByRole('tooltip');
  await words.waitFor();
  assert.equal(await words.textContent(), 'White pawn e2 to e4');
  await list.getByRole('button').nth(1).focus();
  await s.waitFor(() => /^Black /.test(document.getElementById('move-words').textContent));
  s.assertClean();
});

test('the new-game dialog shows each start position and opens How to play of the game chosen; closing returns to it', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'bedlam', ai: 'none' });
  await btn(s, 'New game').click();
  const dialog = s.page.getByRole('dialog', { name: 'New game' });
  for (const id of VARIANTS) {
    const pic = dialog.locator(`#new-games input[value="${id}"]`).locator('xpath=..').getByRole('img');
    assert.match(await pic.getAttribute('aria-label'), /^The start position of /);
    assert.equal(await pic.locator('img').count(), refpos(id, '', []).positions[0].split(' ')[0].replace(/\[.*\]/, '').replace(/\((..)\)/g, '$1').replace(/[\d/]/g, '').length, `${id}: the pieces of the start position`);
  }
  await dialog.locator('#new-games input[value="bifold-halfgi-weak"]').check();
  await dialog.getByRole('button', { name: 'How to play' }).click();
  await s.waitFor(() => window.chimera.lesson() && window.chimera.lesson().game === 'bifold-halfgi');
  await s.page.getByRole('tab', { name: 'Pieces' }).click();
  assert.ok((await s.page.getByRole('list', { name: 'Pieces' }).getByRole('heading', { level: 3 }).allTextContents()).includes('Weak Pawn'));
  await btn(s, 'Close How to play').click();
  await dialog.waitFor();
  assert.equal(await dialog.locator('#new-games input[value="bifold-halfgi-weak"]').isChecked(), true);
  await s.page.keyboard.press('Escape');
  assert.equal((await s.state()).variant, 'bedlam');
  s.assertClean();
});

// Screenshots of each game's How to play and piece legend, desktop and
// phone (test-output/learn-*.png), an accessibility check of the help on
// both, and the phone's long press that describes a piece.
for (const dev of [{ name: 'desktop', width: 1280, height: 720, dpr: 1 }, { name: 'phone', width: 390, height: 844, dpr: 3, mobile: true }]) {
  test(`How to play and the legend on ${dev.name}: screenshots, no page scroll, no serious accessibility violations`, { skip }, async () => {
    const { server } = suite.fresh();
    const s = await launch(dev);
    try {
      await s.open(server.url, { variant: 'bifold-halfgi', ai: 'none' });
      if (dev.mobile) {
        // A long press describes the piece under the finger (held until it
        // does, as a player would).
        const p = await s.squareCenter('b1');
        await s.driver.pointer('touch', [{ type: 'move', x: p.x, y: p.y }, { type: 'down' }, { type: 'hold', ms: 100 }]);
        await s.waitFor(() => /Horse on b1/.test(document.getElementById('note').textContent), { what: 'the long press to describe' });
        await s.driver.pointer('touch', [{ type: 'up' }, { type: 'hold', ms: 0 }]);
        const marks = (await s.page.evaluate(() => window.chimera.overlay().marks)).filter(m => m.kind === 'move').map(m => m.square).sort();
        const ref = [...new Set(refpos('bifold-halfgi', '', []).legal.filter(m => m.startsWith('b1')).map(m => m.slice(2, 4)))].sort();
        assert.deepEqual(marks, ref);
        assert.equal((await s.state()).moves.length, 0, 'the long press moved');
      }
      for (const id of LESSONS) {
        await s.page.evaluate(id => window.chimeraLearn.open(id), id);
        await s.waitFor(() => !!window.chimera.lesson());
        await s.page.evaluate(() => window.chimeraApp.lessonStep(99));
        await sleep(500);
        await s.screenshot(`learn-${dev.name}-${id}-rules`);
        const m = await s.page.evaluate(() => ({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight, iw: innerWidth, ih: innerHeight }));
        assert.ok(m.w <= m.iw && m.h <= m.ih, `${id}: the page scrolls with the help open: ${JSON.stringify(m)}`);
        await s.page.getByRole('tab', { name: 'Pieces' }).click();
        await sleep(300);
        await s.screenshot(`learn-${dev.name}-${id}-pieces`);
        if (id === 'bedlam') await axe(s, `${dev.name}, the help`);
        await s.page.getByRole('tab', { name: 'Rules' }).click();
        await s.page.getByRole('button', { name: 'Close How to play' }).click();
        await s.waitFor(() => !window.chimera.lesson());
      }
      s.assertClean();
    } finally {
      await s.close();
    }
  });
}
