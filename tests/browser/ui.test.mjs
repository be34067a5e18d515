// The HTML around the board, used as a user does: controls found by role and
// accessible name (Playwright's getByRole), the keyboard, the move box, the
// live region, the dialogs, the phone layout, and an automated accessibility
// check (axe-core).
import { test } from 'node:test';
import { decodePNG } from './lib/png.mjs';
import assert from 'node:assert/strict';
import { axe } from './lib/axe.mjs';
import { browserSuite, launch, VARIANTS, refpos, sleep, setReportName } from './lib/harness.mjs';

setReportName('report-ui');
const suite = browserSuite({ width: 1280, height: 720 });
const { skip } = suite;

const btn = (s, name) => s.page.getByRole('button', { name, exact: true });
// The live region adds a line per announcement: the last one said, and all of them.
const announced = s => s.page.evaluate(() => { const l = document.getElementById('announce').lastElementChild; return l ? l.textContent : ''; });
const allAnnounced = s => s.page.evaluate(() => [...document.getElementById('announce').children].map(p => p.textContent));
async function waitAnnounced(s, want) {
  await s.waitFor(w => { const l = document.getElementById('announce').lastElementChild; return !!l && l.textContent === w; },
    { arg: want, what: `the live region to say "${want}"` });
}

test('a new game of each rule set through the dialog', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'bedlam', ai: 'none' });
  for (const id of VARIANTS) {
    await btn(s, 'New game').click();
    const dialog = s.page.getByRole('dialog', { name: 'New game' });
    await dialog.waitFor();
    const name = await s.page.evaluate(v => {
      const i = document.querySelector(`#new-games input[value="${v}"]`);
      return i && i.parentElement.querySelector('.name').textContent.trim();
    }, id);
    assert.ok(name, `no choice for ${id} in the dialog`);
    await dialog.getByRole('radio', { name, exact: true }).check();
    await dialog.getByRole('radio', { name: 'Nobody' }).check();
    await dialog.getByRole('button', { name: 'Start' }).click();
    await s.waitFor(v => window.chimera.state().variant === v, { arg: id, what: `the game to be ${id}` });
    const st = await s.state();
    assert.equal(st.game, name);
    assert.equal(st.computer, 'none');
    assert.equal(st.position, refpos(id, '', []).positions[0]);
    assert.equal(await s.page.getByRole('heading', { level: 1 }).textContent(), name);
    assert.equal(await s.page.locator('#players').textContent(), 'Two players');
  }
  // Against the computer: the header says who plays and at what level.
  await btn(s, 'New game').click();
  const dialog = s.page.getByRole('dialog', { name: 'New game' });
  await dialog.getByRole('radio', { name: 'White' }).check();
  await dialog.getByRole('radio', { name: '5', exact: true }).check();
  await dialog.getByRole('button', { name: 'Start' }).click();
  await s.waitFor(() => window.chimera.state().computer === 'white');
  assert.equal((await s.state()).level, 5);
  assert.equal(await s.page.locator('#players').textContent(), 'Computer, level 5 vs You');
  assert.equal((await s.state()).flipped, true, 'playing Black, Black is at the bottom');
  await s.waitFor(() => window.chimera.state().moves.length === 1, { timeout: 20000, what: 'the computer to open' });
  s.assertClean();
});

test('Escape closes the dialogs and the new game is not started', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'assimilation', ai: 'none' });
  await btn(s, 'New game').click();
  const dialog = s.page.getByRole('dialog', { name: 'New game' });
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: /Bedlam/ }).check();
  await s.page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.equal((await s.state()).variant, 'assimilation');
  await btn(s, 'Menu').click();
  const menu = s.page.getByRole('dialog', { name: 'Menu' });
  await menu.waitFor();
  await s.page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  s.assertClean();
});

test('undo and redo; after undo the status says whose move it is', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'assimilation', ai: 'none' });
  await s.playMove('e2e4');
  await s.playMove('e7e5');
  await btn(s, 'Undo').click();
  await s.waitFor(() => window.chimera.state().moves.length === 1);
  assert.equal(await s.page.locator('#status').textContent(), 'Black to move');
  assert.equal(await btn(s, 'Redo').isEnabled(), true);
  await btn(s, 'Redo').click();
  await s.waitFor(() => window.chimera.state().moves.length === 2);
  assert.equal(await s.page.locator('#status').textContent(), 'White to move');
  assert.equal(await btn(s, 'Redo').isEnabled(), false);
  s.assertClean();
});

test('the arrow keys, Home and End walk the moves; the list is a list of moves', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'assimilation', ai: 'none' });
  for (const m of ['e2e4', 'e7e5', 'g1f3']) await s.playMove(m);
  const list = s.page.getByRole('list', { name: 'Moves' });
  assert.equal(await list.getByRole('button').count(), 3);
  // The keys work wherever the focus is but in a text box: on the board, on a move.
  const c = await s.squareCenter('d4');
  await s.mouseClick(c.x, c.y);
  await s.page.keyboard.press('ArrowLeft');
  await s.waitFor(() => window.chimera.state().ply === 2);
  assert.match(await s.page.locator('#status').textContent(), /^Viewing 1… e7-e5 \(the game is at 2\. Ng1-f3\)$/);
  await s.page.keyboard.press('Home');
  await s.waitFor(() => window.chimera.state().ply === 0);
  await s.page.keyboard.press('ArrowRight');
  await s.waitFor(() => window.chimera.state().ply === 1);
  assert.equal(await list.getByRole('button', { name: 'e2-e4' }).getAttribute('aria-current'), 'step');
  await s.page.keyboard.press('End');
  await s.waitFor(() => window.chimera.state().ply === 3);
  // A click on a move shows it.
  await list.getByRole('button', { name: 'e7-e5' }).click();
  await s.waitFor(() => window.chimera.state().ply === 2);
  await s.page.keyboard.press('End');
  await s.waitFor(() => window.chimera.state().ply === 3);
  s.assertClean();
});

test('flip is remembered across a reload', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'bedlam', ai: 'none' });
  assert.equal((await s.state()).flipped, false);
  const e2 = await s.squareCenter('e2');
  await btn(s, 'Flip board').click();
  await s.waitFor(() => window.chimera.state().flipped === true);
  const e2f = await s.squareCenter('e2');
  assert.ok(e2f.y < e2.y, 'e2 is not at the top after flipping');
  await s.page.reload({ waitUntil: 'load' });
  await s.waitFor(() => window.chimera && window.chimera.state(), { timeout: 60000 });
  assert.equal((await s.state()).flipped, true);
  await btn(s, 'Flip board').click();
  s.assertClean();
});

test('a move typed into the move box, in the human notation and as a move string', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'assimilation', ai: 'none' });
  const box = s.page.getByRole('combobox', { name: 'Move' });
  await box.fill('Ng1-f3');
  await box.press('Enter');
  await s.waitFor(() => window.chimera.state().moves.join() === 'g1f3');
  await box.fill('e7e5');
  await box.press('Enter');
  await s.waitFor(() => window.chimera.state().moves.join() === 'g1f3,e7e5');
  // Typing lists the matching legal moves; arrows and Enter pick one.
  await box.fill('N');
  const options = s.page.getByRole('listbox', { name: 'Matching moves' }).getByRole('option');
  await options.first().waitFor();
  assert.ok(await options.count() >= 3, 'the knight moves are listed');
  await box.fill('Nfe5');
  await box.press('Enter');
  await s.waitFor(() => window.chimera.state().moves.join() === 'g1f3,e7e5,f3e5');
  // An illegal move is refused with words and the game goes on.
  await box.fill('Qh5');
  await box.press('Enter');
  await s.waitFor(() => /not a legal move/.test(document.getElementById('move-error').textContent));
  assert.equal((await s.state()).moves.length, 3);
  s.assertClean();
});

test('the live region says a merge, a split and a drop', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'bedlam', ai: 'none', fen: '4k3/8/8/8/8/8/8/RN2K3[n] w - - 0 1' });
  await s.playMove('a1b1');
  await waitAnnounced(s, 'White rook a1 to b1, merges with the knight: Marshall');
  await s.playMove('N@e6');
  await waitAnnounced(s, 'Black drops a knight on e6');
  const box = s.page.getByRole('combobox', { name: 'Move' });
  await box.fill('b1a1/r');
  await box.press('Enter');
  await waitAnnounced(s, 'White rook b1 to a1, splitting from the Marshall: the knight stays on b1');
  const ref = refpos('bedlam', '4k3/8/8/8/8/8/8/RN2K3[n] w - - 0 1', ['a1b1', 'N@e6', 'b1a1/r']);
  assert.equal((await s.state()).position, ref.positions.at(-1));
  s.assertClean();
});

test('the page follows the system\'s light or dark setting (prefers-color-scheme), the board too', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'bedlam', ai: 'none' });
  const panel = async () => {
    await sleep(300);
    const png = decodePNG(await s.page.screenshot());
    const r = await s.page.evaluate(() => { const c = document.querySelector('canvas').getBoundingClientRect(); return { x: c.right - 20, y: c.top + 20 }; });
    const i = (Math.round(r.y) * png.width + Math.round(r.x)) * 4;
    return [png.data[i], png.data[i + 1], png.data[i + 2]];
  };
  for (const [scheme, bg] of [['dark', 'rgb(38, 36, 33)'], ['light', 'rgb(243, 241, 237)']]) {
    await s.page.emulateMedia({ colorScheme: scheme });
    await s.waitFor(t => document.documentElement.dataset.theme === t, { arg: scheme, what: `the ${scheme} theme` });
    assert.equal(await s.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor), bg);
    const px = await panel();
    assert.ok(scheme === 'light' ? px[0] > 190 : px[0] < 90, `the board's hands are not ${scheme}: ${px}`);
    await s.screenshot(`scheme-${scheme}`);
  }
  s.assertClean();
});

test('thinking shows the depth and the score live', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'assimilation', ai: 'black', level: 8 });
  await s.playMove('e2e4');
  await s.waitFor(() => /depth [1-9]/.test(document.getElementById('thinking-text').textContent), { timeout: 3000, what: 'a depth while thinking' });
  await s.waitFor(() => /· ((White|Black) (\+\d+\.\d|mates in \d+)|level)$/.test(document.getElementById('thinking-text').textContent), { timeout: 3000, what: 'a score, from the side it favours, while thinking' });
  await s.waitFor(() => window.chimera.state().moves.length === 2, { timeout: 20000, what: 'the reply' });
  assert.equal(await s.page.locator('#thinking').isVisible(), false);
  s.assertClean();
});

test('no serious accessibility violations (axe-core), desktop and in the dialogs', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'bedlam', ai: 'black', level: 1 });
  await s.playMove('e2e4');
  await s.waitFor(() => window.chimera.state().moves.length === 2, { timeout: 20000 });
  await axe(s, 'desktop');
  await btn(s, 'New game').click();
  await axe(s, 'new-game dialog');
  await s.page.keyboard.press('Escape');
  await btn(s, 'Menu').click();
  await axe(s, 'menu');
  await s.page.keyboard.press('Escape');
  s.assertClean();
});

test('phone: no scroll, every control at least 44 px, no serious accessibility violations', { skip }, async () => {
  const { server } = suite.fresh();
  const s = await launch({ width: 390, height: 844, dpr: 3, mobile: true });
  try {
    await s.open(server.url, { variant: 'bifold-halfgi', ai: 'none' });
    for (const sq of ['e2', 'e4']) {
      const p = await s.squareCenter(sq);
      await s.touchTap(p.x, p.y);
    }
    // A phone asks to confirm a move made on the board (Menu: Confirm moves).
    await s.getByRole('group', { name: 'Play e2-e4?' }).waitFor();
    const before = await s.squareCenter('e4');
    await s.getByRole('button', { name: 'Confirm', exact: true }).tap();
    await s.waitFor(() => window.chimera.state().moves.length === 1);
    assert.deepEqual(await s.squareCenter('e4'), before, 'the confirmation moved the board');
    const m = await s.page.evaluate(() => {
      const out = { scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight,
        w: innerWidth, h: innerHeight, small: [], board: null, offscreen: [] };
      const c = document.querySelector('body > canvas').getBoundingClientRect();
      out.board = { x: c.left, y: c.top, w: c.width, h: c.height };
      for (const e of document.querySelectorAll('button, input, select, [role=button], [role=radio], label')) {
        const r = e.getBoundingClientRect();
        if (r.width <= 1 || getComputedStyle(e).visibility === 'hidden' || e.closest('dialog:not([open])') || e.closest('[hidden]')) continue; // hidden or screen-reader only
        if (e.matches('input[type=radio], input[type=checkbox]')) continue; // their labels are the targets
        if (r.width < 44 || r.height < 44) out.small.push(`${e.tagName} ${e.id || e.textContent.trim()} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
        if (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) out.offscreen.push(e.id || e.textContent.trim());
      }
      return out;
    });
    assert.ok(m.scrollW <= m.w && m.scrollH <= m.h, `the page scrolls: ${JSON.stringify(m)}`);
    assert.deepEqual(m.small, [], 'controls smaller than 44 CSS px');
    assert.deepEqual(m.offscreen, [], 'controls off the screen');
    assert.ok(m.board.w >= 380, `the board is not full width: ${JSON.stringify(m.board)}`);
    await s.screenshot('ui-phone');
    await axe(s, 'phone');
    // In the Menu every button's words fit inside it (a long name wraps).
    await btn(s, 'Menu').tap();
    await s.page.getByRole('dialog', { name: 'Menu' }).waitFor();
    const clipped = await s.page.evaluate(() => [...document.querySelectorAll('#menu-dialog button')]
      .filter(b => b.getClientRects().length && b.scrollWidth > b.clientWidth + 1).map(b => `${b.textContent.trim()} ${b.scrollWidth}>${b.clientWidth}`));
    assert.deepEqual(clipped, [], 'Menu buttons whose words do not fit');
    await s.screenshot('ui-phone-menu');
    await s.page.keyboard.press('Escape');
    s.assertClean();
  } finally {
    await s.close();
  }
});

test('settings are remembered: no animation, no dots, no coordinates, sound off', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'assimilation', ai: 'none' });
  // Sound: silent on load, a sound after the player's first move.
  assert.deepEqual(await s.page.evaluate(() => window.chimeraSound.played), []);
  await s.playMove('e2e4');
  await s.waitFor(() => window.chimeraSound.played.length === 1, { what: 'a sound for the move' });
  await btn(s, 'Menu').click();
  const menu = s.page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('radio', { name: 'Off' }).check();
  await menu.getByRole('checkbox', { name: 'Show legal moves' }).uncheck();
  await menu.getByRole('checkbox', { name: 'Show coordinates' }).uncheck();
  await menu.getByRole('button', { name: 'Close' }).click();
  await s.page.getByRole('button', { name: 'Sound', exact: true }).click();
  assert.equal(await s.page.getByRole('button', { name: 'Sound', exact: true }).getAttribute('aria-pressed'), 'false');
  const before = (await s.page.evaluate(() => window.chimeraSound.played)).length;
  await s.playMove('e7e5');
  assert.equal((await s.state()).animating, false, 'the move animated with animations off');
  await sleep(300);
  assert.equal((await s.page.evaluate(() => window.chimeraSound.played)).length, before, 'a sound with sound off');
  await s.page.reload({ waitUntil: 'load' });
  await s.waitFor(() => window.chimera && window.chimera.state() && window.chimeraApp, { timeout: 60000 });
  await btn(s, 'Menu').click();
  assert.equal(await menu.getByRole('radio', { name: 'Off' }).isChecked(), true);
  assert.equal(await menu.getByRole('checkbox', { name: 'Show legal moves' }).isChecked(), false);
  assert.equal(await menu.getByRole('checkbox', { name: 'Show coordinates' }).isChecked(), false);
  assert.equal(await menu.getByRole('checkbox', { name: 'Sound' }).isChecked(), false);
  await menu.getByRole('radio', { name: 'Normal' }).check();
  await menu.getByRole('checkbox', { name: 'Show legal moves' }).check();
  await menu.getByRole('checkbox', { name: 'Show coordinates' }).check();
  await menu.getByRole('checkbox', { name: 'Sound' }).check();
  await s.page.keyboard.press('Escape');
  s.assertClean();
});

test('without a graphics card the board is drawn at a lower resolution; "Full-resolution board" brings it back and keeps the game', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'bedlam', ai: 'none' });
  await s.playMove('e2e4');
  const canvas = () => s.page.evaluate(() => {
    const c = document.querySelector('canvas');
    return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight };
  });
  // Headless Chromium draws WebGL with SwiftShader: the board and hands
  // (860x691 CSS pixels here) get at most 250,000 device pixels (render/layout.SoftwarePixels).
  let st = await s.state();
  assert.equal(st.graphics.software, true, `renderer ${st.graphics.renderer}`);
  assert.ok(st.graphics.scale < 1 && st.graphics.scale >= 0.5, `scale ${st.graphics.scale}`);
  let c = await canvas();
  assert.ok(c.w * c.h <= 250000 && c.w < c.cw, `canvas ${c.w}x${c.h} for ${c.cw}x${c.ch} CSS pixels`);
  assert.ok(Math.abs(c.w - c.cw * st.graphics.scale) <= 1, `canvas ${c.w} wide at scale ${st.graphics.scale} of ${c.cw}`);

  const menu = s.page.getByRole('dialog', { name: 'Menu' });
  const sharp = menu.getByRole('checkbox', { name: 'Full-resolution board' });
  await btn(s, 'Menu').click();
  assert.equal(await sharp.isChecked(), false);
  assert.match(await s.page.locator('#sharp-hint').textContent(), /without a graphics card/);
  await Promise.all([s.page.waitForEvent('load'), sharp.click({ noWaitAfter: true })]); // the page reloads
  await s.waitFor(() => { try { return window.chimera.state().graphics.scale === 1; } catch { return false; } },
    { timeout: 60000, what: 'the page to reload with the board at full resolution' });
  st = await s.state();
  assert.deepEqual(st.moves, ['e2e4'], 'the game kept across the reload');
  c = await canvas();
  assert.equal(c.w, c.cw, 'full resolution: a device pixel per CSS pixel');
  await btn(s, 'Menu').click();
  assert.equal(await sharp.isChecked(), true, 'the setting remembered');
  await Promise.all([s.page.waitForEvent('load'), sharp.click({ noWaitAfter: true })]);
  await s.waitFor(() => { try { return window.chimera.state().graphics.scale < 1; } catch { return false; } },
    { timeout: 60000, what: 'the board at a lower resolution again' });
  assert.deepEqual((await s.state()).moves, ['e2e4'], 'the game kept across the second reload');
  s.assertClean();
});
