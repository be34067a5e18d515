// Keeping and sharing games (issue 9), as a user does: reloads, links, the
// Games list, records out and in, and bad input that gets words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { browserSuite, VARIANTS, refpos, setReportName, report } from './lib/harness.mjs';

setReportName('report-games');
const suite = browserSuite({ width: 1280, height: 720 });
const { skip } = suite;

const btn = (s, name) => s.page.getByRole('button', { name, exact: true });
async function menuButton(s, name) {
  await btn(s, 'Menu').click();
  await s.page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name, exact: true }).click();
}
async function reload(s) {
  await s.page.reload({ waitUntil: 'load' });
  await s.waitFor(() => window.chimera && window.chimera.state() && window.chimeraApp, { timeout: 60000, what: 'the page after the reload' });
}
const notices = s => s.page.locator('#notice').textContent();

test('a reload of a page opened with parameters shows the same game, also while the computer thinks', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'assimilation', ai: 'none' });
  await s.playMove('e2e4');
  await s.playMove('e7e5');
  assert.match(s.page.url(), /[?&]moves=e2e4,e7e5(&|$)/, 'the address bar follows the game');
  await reload(s);
  assert.deepEqual((await s.state()).moves, ['e2e4', 'e7e5']);
  // Against the computer, reloaded while it thinks (level 8 takes a second).
  await s.open(server.url, { variant: 'bedlam', ai: 'black', level: 8 });
  await s.playMove('d2d4');
  const thinking = (await s.state()).thinking; // (the reply may come quickly on an idle machine)
  await reload(s);
  const st = await s.state();
  assert.equal(st.moves[0], 'd2d4');
  assert.equal(st.variant, 'bedlam');
  await s.waitFor(() => window.chimera.state().moves.length === 2, { timeout: 20000, what: 'the reply after the reload' });
  report('reloaded while the computer thought', thinking ? 'yes' : 'no (it had answered)');
  s.assertClean();
});

test('opening another link leaves the first game in Games, and it can be continued', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'bifold-halfgi', ai: 'none' });
  await s.playMove('e2e4');
  await s.playMove('d7d5');
  await s.open(server.url, { variant: 'assimilation', ai: 'none', moves: 'g1f3' });
  await s.playMove('g8f6');
  // A plain visit shows the game played last.
  await s.page.goto(server.url + '/', { waitUntil: 'load' });
  await s.waitFor(() => window.chimera && window.chimera.state() && window.chimeraApp, { timeout: 60000 });
  assert.deepEqual((await s.state()).moves, ['g1f3', 'g8f6']);
  await menuButton(s, 'Games');
  const dialog = s.page.getByRole('dialog', { name: 'Games' });
  const cont = dialog.getByRole('button', { name: /^Continue Bifold Halfgi/ });
  await cont.click();
  await s.waitFor(() => window.chimera.state().variant === 'bifold-halfgi');
  assert.deepEqual((await s.state()).moves, ['e2e4', 'd7d5']);
  await s.playMove('e4d5');
  s.assertClean();
});

test('a moves= link reproduces the game in each rule set', { skip }, async () => {
  const { s, server } = suite.fresh();
  for (const [i, v] of VARIANTS.entries()) {
    const ref = refpos(v, '', [], { random: 60, seed: i + 1 });
    await s.open(server.url, { variant: v, ai: 'none', moves: ref.moves.join(',') });
    const st = await s.state();
    assert.equal(st.position, ref.positions.at(-1), `${v}: the link's position`);
    assert.deepEqual(st.moves, ref.moves);
  }
  s.assertClean();
});

test('export and import give the same game in each rule set; a bad record names its first bad move', { skip }, async () => {
  const { s, server } = suite.fresh();
  let longest = 0;
  for (const [i, v] of VARIANTS.entries()) {
    const ref = refpos(v, '', [], { random: 200, seed: 10 + i });
    await s.open(server.url, { variant: v, ai: 'none', moves: ref.moves.join(',') });
    longest = Math.max(longest, s.page.url().length);
    // Download game gives the record as a file.
    await btn(s, 'Menu').click();
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Download game' }).click(),
    ]);
    const record = fs.readFileSync(await download.path(), 'utf8');
    assert.match(download.suggestedFilename(), new RegExp(`^chimera-${v}-\\d{4}-\\d\\d-\\d\\d\\.pgn$`));
    await s.page.keyboard.press('Escape');
    // A new game, then Load game with the record pasted.
    await s.open(server.url, { variant: 'bedlam', ai: 'none' });
    await menuButton(s, 'Load game');
    const load = s.page.getByRole('dialog', { name: 'Load game' });
    await load.getByRole('textbox').fill(record);
    await load.getByRole('button', { name: 'Load', exact: true }).click();
    await s.waitFor(n => window.chimera.state().moves.length === n, { arg: ref.moves.length, what: `the ${v} record loaded` });
    const st = await s.state();
    assert.equal(st.variant, v);
    assert.deepEqual(st.moves, ref.moves, `${v}: the record read back`);
  }
  report('longest link of a 100-move game (characters)', longest);
  // A record with an illegal move: the dialog names it, nothing changes.
  await menuButton(s, 'Load game');
  const load = s.page.getByRole('dialog', { name: 'Load game' });
  await load.getByRole('textbox').fill('[Variant "Assimilation Chess"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 Nxe5');
  await load.getByRole('button', { name: 'Load', exact: true }).click();
  await s.waitFor(() => /move 12, Black: “Nxe5” is not legal here/.test(document.getElementById('load-error').textContent), { what: 'the bad move named' });
  await s.page.keyboard.press('Escape');
  s.assertClean();
});

test('bad input gets words and a playable board', { skip }, async () => {
  const { s, server } = suite.fresh();
  const cases = [
    [{ variant: 'bedlum', ai: 'none' }, /Unknown game “bedlum”: showing Bedlam/, 'bedlam'],
    [{ variant: 'bedlam', ai: 'none', fen: 'this is no position' }, /is not valid .*showing the start position/, 'bedlam'],
    [{ variant: 'assimilation', ai: 'none', moves: 'e2e4,e7e5,e2e4' }, /move 2, White: “e2e4” is not legal here: showing the game before it/, 'assimilation'],
    [{ variant: 'assimilation', ai: 'black', level: '99' }, /Level “99” is not one of 1 to 8: playing level 3/, 'assimilation'],
  ];
  for (const [params, want, variant] of cases) {
    await s.open(server.url, params);
    await s.waitFor(() => !document.getElementById('notice').hidden, { what: 'a message' });
    assert.match(await notices(s), want);
    assert.equal((await s.state()).variant, variant);
    const before = (await s.state()).moves.length;
    await s.playMove(variant === 'assimilation' && before === 2 ? 'g1f3' : 'd2d4');
    await btn(s, 'Dismiss message').click();
    assert.equal(await s.page.locator('#notice').isVisible(), false);
  }
  s.assertClean();
});

test('storage that fails says so once and play goes on', { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.page.addInitScript(() => {
    Storage.prototype.setItem = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
  });
  await s.open(server.url, { variant: 'assimilation', ai: 'none' });
  await s.playMove('e2e4');
  await s.waitFor(() => /did not keep the game \(QuotaExceededError\)/.test(document.getElementById('notice').textContent), { what: 'the storage message' });
  await s.playMove('e7e5');
  await s.playMove('g1f3');
  assert.equal((await s.state()).moves.length, 3);
  assert.equal((await notices(s)).match(/did not keep/g).length, 1, 'said once');
  assert.doesNotMatch(await notices(s), /reload starts afresh/);
  s.assertClean();
});
