// Embedding the board in another page (issue 10), with the host page served
// from another origin: the modes and their parameters, a click after the host
// scrolled, the message API both ways, origins that are not named, malformed
// messages, the visitor's own games untouched, and a diagram without the engine.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { browserSuite, startServer, BROWSER_DIR, sleep, setReportName, report, refpos } from './lib/harness.mjs';

setReportName('report-embed');
const suite = browserSuite({ width: 1280, height: 1000 });
const { skip } = suite;
let host; // a second server: another origin, serving tests/browser/fixtures
before(async () => { if (!skip) host = await startServer(path.join(BROWSER_DIR, 'fixtures')); });
after(async () => { await host?.stop(); });

// openHost opens the host page with the board at params (origin= the host's
// unless given) and returns the board's frame once it is ready.
async function openHost(s, server, params, { w = 480, h = 560, origin } = {}) {
  const q = new URLSearchParams({ origin: origin ?? host.url, ...params });
  const board = `${server.url}/index.html?${q}`;
  await s.page.goto(`${host.url}/host.html?${new URLSearchParams({ board, w, h })}`, { waitUntil: 'load' });
  const deadline = Date.now() + 60000;
  for (;;) {
    const f = s.page.frames().find(fr => fr !== s.page.mainFrame() && fr.url().startsWith(server.url));
    // Ready: the hook answers and a first frame was drawn (the loader is gone then).
    const ok = f && await f.evaluate(() => !!(window.chimera && window.chimeraApp && window.chimera.state().fps > 0)).catch(() => false);
    if (ok) {
      await s.page.locator('#board').scrollIntoViewIfNeeded(); // the reader scrolls to the board
      return f;
    }
    if (Date.now() > deadline) throw new Error('the embedded board did not start');
    await sleep(150);
  }
}
const received = s => s.page.evaluate(() => window.received);
async function waitReceived(s, pred, what) {
  const deadline = Date.now() + 15000;
  for (;;) {
    const r = await received(s);
    const m = r.find(pred);
    if (m) return m;
    if (Date.now() > deadline) throw new Error(`no ${what} from the board: ${JSON.stringify(r)}`);
    await sleep(100);
  }
}
// click holds a press at a point of the host page.
async function hold(s, x, y) {
  await s.page.mouse.move(x, y);
  await s.page.mouse.down();
  await sleep(s.hold);
  await s.page.mouse.up();
}
// squareOnHost is the centre of sq in the host page's viewport.
async function squareOnHost(s, f, sq) {
  const box = await s.page.locator('#board').boundingBox();
  const p = await f.evaluate(q => window.chimera.squareCenter(q), sq);
  return { x: box.x + p.x, y: box.y + p.y };
}

test('embed mode: a game in an iframe, with its parameters; a click after the host scrolled plays the right move', { skip }, async () => {
  const { s, server } = suite.fresh();
  const f = await openHost(s, server, { mode: 'embed', variant: 'assimilation', ai: 'none', orient: 'black' });
  const st = await f.evaluate(() => window.chimera.state());
  assert.equal(st.variant, 'assimilation');
  assert.equal(st.flipped, true, 'orient=black');
  // Only the board and the slim bar: no header, no move list.
  assert.equal(await f.locator('#moves').isVisible(), false);
  for (const name of ['New game', 'Undo', 'Redo', 'Flip board']) {
    assert.equal(await f.getByRole('button', { name, exact: true }).isVisible(), true, name);
  }
  assert.equal(await f.getByRole('button', { name: 'Menu' }).isVisible(), false);
  await waitReceived(s, m => m.type === 'chimera:ready' && m.variant === 'assimilation', 'chimera:ready');
  // The host is scrolled (the text above the board out of sight).
  await s.page.evaluate(() => window.scrollTo(0, 500));
  const before = await s.page.evaluate(() => window.scrollY);
  for (const sq of ['e2', 'e4']) {
    const p = await squareOnHost(s, f, sq);
    await hold(s, p.x, p.y);
    await sleep(100);
  }
  await f.waitForFunction(() => window.chimera.state().moves.length === 1, null, { timeout: 10000 });
  assert.deepEqual((await f.evaluate(() => window.chimera.state())).moves, ['e2e4'], 'the click landed on another square');
  assert.equal(await s.page.evaluate(() => window.scrollY), before, 'the click scrolled the host page');
  const ev = await waitReceived(s, m => m.type === 'chimera:move', 'chimera:move');
  assert.deepEqual(ev, { type: 'chimera:move', move: 'e2e4', notation: 'e2-e4', position: refpos('assimilation', '', ['e2e4']).positions[1], ply: 1 });
  // Keyboard focus works inside the iframe: the arrow keys walk the moves.
  await s.page.keyboard.press('ArrowLeft');
  await f.waitForFunction(() => window.chimera.state().ply === 0, null, { timeout: 5000 });
  s.assertClean();
});

test('embed mode fits a 240x240 frame without scrolling; interactive=0 and ply=N', { skip }, async () => {
  const { s, server } = suite.fresh();
  const f = await openHost(s, server, { mode: 'embed', variant: 'bedlam', ai: 'none', moves: 'e2e4,e7e5,g1f3', ply: '1', interactive: '0' }, { w: 240, h: 240 });
  const m = await f.evaluate(() => {
    const c = document.querySelector('body > canvas').getBoundingClientRect();
    const bar = document.getElementById('bar').getBoundingClientRect();
    return { sw: document.documentElement.scrollWidth, sh: document.documentElement.scrollHeight, w: innerWidth, h: innerHeight,
      canvas: [c.left, c.top, c.width, c.height], bar: [bar.top, bar.bottom], state: window.chimera.state() };
  });
  assert.ok(m.sw <= m.w && m.sh <= m.h, `the frame scrolls: ${JSON.stringify(m)}`);
  assert.ok(m.canvas[3] >= 150 && m.bar[1] <= m.h && m.canvas[1] + m.canvas[3] <= m.bar[0] + 1, `layout ${JSON.stringify(m)}`);
  assert.equal(m.state.ply, 1);
  // View only: a click selects nothing and plays nothing.
  await f.evaluate(() => window.chimeraApp.goto(3));
  for (const sq of ['e7', 'e5']) {
    const p = await squareOnHost(s, f, sq);
    await hold(s, p.x, p.y);
  }
  await sleep(300);
  assert.equal((await f.evaluate(() => window.chimera.state())).moves.length, 3);
  await s.screenshot('embed-240');
  s.assertClean();
});

test('the message API: load, move, goto, flip from the host; move and gameover back; errors', { skip }, async () => {
  const { s, server } = suite.fresh();
  const f = await openHost(s, server, { mode: 'embed', variant: 'bedlam', ai: 'none' });
  await waitReceived(s, m => m.type === 'chimera:ready', 'chimera:ready');
  const send = m => s.page.evaluate(msg => window.send(msg), m);
  await send({ type: 'chimera:load', variant: 'assimilation', moves: ['f2f3', 'e7e5'] });
  await f.waitForFunction(() => window.chimera.state().variant === 'assimilation' && window.chimera.state().moves.length === 2, null, { timeout: 5000 });
  await send({ type: 'chimera:move', move: 'g2g4' });
  await send({ type: 'chimera:move', move: 'Qd8-h4' });
  const over = await waitReceived(s, m => m.type === 'chimera:gameover', 'chimera:gameover');
  assert.deepEqual(over, { type: 'chimera:gameover', result: '0-1', reason: 'checkmate' });
  const moves = (await received(s)).filter(m => m.type === 'chimera:move').map(m => m.move);
  assert.deepEqual(moves, ['g2g4', 'd8h4']);
  await send({ type: 'chimera:goto', ply: 1 });
  await f.waitForFunction(() => window.chimera.state().ply === 1, null, { timeout: 5000 });
  await send({ type: 'chimera:flip' });
  await f.waitForFunction(() => window.chimera.state().flipped === true, null, { timeout: 5000 });
  // Malformed messages and illegal moves get chimera:error; nothing changes.
  const errors = [
    ['chimera:flip', /a message is an object/],
    [{ type: 'chimera:move' }, /needs a move/],
    [{ type: 'chimera:eval', code: 'document.body.remove()' }, /unknown message type/],
    [{ type: 'chimera:load', variant: 'assimilation', moves: ['e2e5'] }, /move 1, White: “e2e5” is not legal here/],
    [{ type: 'chimera:goto', ply: 99 }, /ply 99 is not between 0 and 4/],
  ];
  for (const [msg, want] of errors) {
    const n = (await received(s)).length;
    await send(msg);
    const e = await waitReceived(s, (m, i) => false || (m.type === 'chimera:error' && want.test(m.message)), `chimera:error for ${JSON.stringify(msg)}`);
    assert.ok(e);
    assert.ok((await received(s)).length > n);
  }
  const st = await f.evaluate(() => window.chimera.state());
  assert.equal(st.moves.length, 4);
  assert.ok(await f.evaluate(() => document.body.isConnected));
  s.assertClean();
});

test('messages from an origin not named are ignored, and nothing is sent to it', { skip }, async () => {
  const { s, server } = suite.fresh();
  // The board listens to its own origin only: the host (another origin) is not named.
  const f = await openHost(s, server, { mode: 'embed', variant: 'bedlam', ai: 'none' }, { origin: server.url });
  await sleep(500);
  await s.page.evaluate(() => window.send({ type: 'chimera:move', move: 'e2e4' }));
  await s.page.evaluate(() => window.send({ type: 'chimera:flip' }));
  await sleep(800);
  const st = await f.evaluate(() => window.chimera.state());
  assert.equal(st.moves.length, 0);
  assert.equal(st.flipped, false);
  assert.deepEqual(await received(s), [], 'the board sent something to an origin not named');
  s.assertClean();
});

test('diagram mode: steps through a sequence, no opponent, no engine downloaded', { skip }, async () => {
  const { s, server } = suite.fresh();
  const requests = [];
  s.page.on('request', r => requests.push(r.url()));
  const f = await openHost(s, server, { mode: 'diagram', variant: 'bifold-halfgi', ai: 'black', moves: 'e2e4,e7e5,b1c3', ply: '2' });
  let st = await f.evaluate(() => window.chimera.state());
  assert.equal(st.ply, 2);
  assert.equal(st.computer, 'none');
  await f.getByRole('button', { name: 'Next move' }).click();
  await f.waitForFunction(() => window.chimera.state().ply === 3, null, { timeout: 5000 });
  assert.equal(await f.getByRole('button', { name: 'Next move' }).isDisabled(), true);
  await f.getByRole('button', { name: 'First position' }).click();
  await f.waitForFunction(() => window.chimera.state().ply === 0, null, { timeout: 5000 });
  await s.page.keyboard.press('ArrowRight');
  await f.waitForFunction(() => window.chimera.state().ply === 1, null, { timeout: 5000 });
  assert.match(await f.locator('#diagram-at').textContent(), /1\. e2-e4 · 1\/3/);
  // Tapping a piece names it and marks exactly the squares the engine says it can move to.
  await f.evaluate(() => window.chimeraApp.goto(3));
  const ref = refpos('bifold-halfgi', '', ['e2e4', 'e7e5', 'b1c3']);
  const want = [...new Set(ref.legal.filter(m => m.startsWith('d7')).map(m => m.slice(2, 4)))].sort();
  assert.deepEqual(want, ['d5', 'd6']);
  // (Black to move after b1c3: describe Black's pawn on d7.)
  const p = await squareOnHost(s, f, 'd7');
  await hold(s, p.x, p.y);
  await f.waitForFunction(() => !document.getElementById('note').hidden, null, { timeout: 5000 });
  assert.match(await f.locator('#note').textContent(), /pawn/i);
  const marks = await f.evaluate(() => window.chimera.overlay().marks.filter(m => m.kind === 'move').map(m => m.square).sort());
  assert.deepEqual(marks, want, 'the marks are not the engine\'s moves of the piece');
  // By keyboard: typing a square describes its piece.
  await s.page.keyboard.type('c3');
  await f.waitForFunction(() => /horse/i.test(document.getElementById('note').textContent), null, { timeout: 5000 });
  await sleep(1000);
  st = await f.evaluate(() => window.chimera.state());
  assert.equal(st.moves.length, 3, 'a diagram made a move');
  assert.deepEqual(requests.filter(u => /engine/.test(u)), [], 'a diagram downloaded the engine');
  await s.screenshot('embed-diagram');
  s.assertClean();
});

test("the visitor's own games are unchanged after pages with embeds; the embed's download and first frame", { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.open(server.url, { variant: 'assimilation', ai: 'none' });
  await s.playMove('d2d4');
  const snapshot = () => s.page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));
  const before = await snapshot();
  const bytes = {};
  const onResponse = async r => {
    if (!r.url().startsWith(server.url)) return;
    const len = +(r.headers()['content-length'] || 0);
    bytes[new URL(r.url()).pathname] = len;
  };
  s.page.on('response', onResponse);
  const t0 = Date.now();
  const f = await openHost(s, server, { mode: 'embed', variant: 'bedlam', ai: 'none' });
  const firstFrame = Date.now() - t0;
  s.page.off('response', onResponse);
  for (const sq of ['e2', 'e4']) {
    const p = await squareOnHost(s, f, sq);
    await hold(s, p.x, p.y);
  }
  await f.waitForFunction(() => window.chimera.state().moves.length === 1, null, { timeout: 10000 });
  await f.getByRole('button', { name: 'Flip board' }).click();
  await openHost(s, server, { mode: 'diagram', variant: 'bifold-halfgi', moves: 'e2e4' });
  await s.page.goto(server.url + '/', { waitUntil: 'load' });
  await s.waitFor(() => window.chimera && window.chimera.state(), { timeout: 60000 });
  assert.equal(await snapshot(), before, "an embed changed the visitor's storage");
  assert.deepEqual((await s.state()).moves, ['d2d4']);
  const total = Object.values(bytes).reduce((a, b) => a + b, 0);
  report('embed: bytes downloaded (served, compressed)', total, JSON.stringify(bytes));
  report('embed: host page load to the board ready (ms)', firstFrame);
  s.assertClean();
});

test("embed.html, the author's page: the form builds the snippet and the preview shows it", { skip }, async () => {
  const { s, server } = suite.fresh();
  await s.ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await s.page.goto(server.url + '/embed.html', { waitUntil: 'load' });
  await s.page.locator('select[name=variant]').selectOption('bifold-halfgi-weak');
  await s.page.locator('select[name=mode]').selectOption('diagram');
  await s.page.getByRole('textbox', { name: /^Moves/ }).fill('e2e4, e7e5');
  await s.page.locator('select[name=orient]').selectOption('black');
  const snippet = await s.page.locator('#snippet').textContent();
  assert.match(snippet, /<iframe src="http:\/\/127\.0\.0\.1:\d+\/index\.html\?mode=diagram&amp;variant=bifold-halfgi-weak&amp;moves=e2e4,e7e5&amp;orient=black"/);
  const frame = s.page.frameLocator('#board');
  const deadline = Date.now() + 60000;
  let st;
  for (;;) {
    st = await s.page.frames().find(f => f !== s.page.mainFrame() && /mode=diagram/.test(f.url()))
      ?.evaluate(() => window.chimera && window.chimera.state()).catch(() => null);
    if (st && st.variant === 'bifold-halfgi-weak') break;
    if (Date.now() > deadline) throw new Error('the preview did not show the diagram');
    await sleep(200);
  }
  assert.deepEqual(st.moves, ['e2e4', 'e7e5']);
  assert.equal(st.flipped, true);
  await frame.getByRole('button', { name: 'First position' }).waitFor();
  await s.page.getByRole('button', { name: 'Copy snippet' }).click();
  assert.equal(await s.page.evaluate(() => navigator.clipboard.readText()), snippet);
  s.assertClean();
});
