// A phone: 390x844 CSS px at device pixel ratio 3, touch only. The page must not
// scroll or zoom, and the game is played by taps (and a touch drag). In the
// engines that can emulate that: Chromium (a mobile device: touch, mobile user
// agent, meta viewport) and Firefox (viewport, pixel ratio and touch events);
// not WebKitGTK (its WebDriver sends touch actions as mouse events, and
// MiniBrowser's window is at least 447 px wide): skipped there, saying so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuites, sleep } from './lib/harness.mjs';
import { playSequence } from './lib/play.mjs';
import { PHONE } from './sequences.mjs';

browserSuites({ width: 390, height: 844, dpr: 3, mobile: true }, suite => {
  const { skip } = suite;

  for (const seq of PHONE) {
    test(`phone: ${seq.variant} by ${seq.how}`, { skip, timeout: 300000 }, async () => {
      const { s, server } = suite.fresh();
      await playSequence(s, server.url, seq.variant, seq, { shot: `phone-${seq.variant}-${seq.how}` });
    });
  }

  test('phone: a caption that appears (a long press describes a piece) moves no square of the board', { skip, timeout: 60000 }, async () => {
    const { s, server } = suite.fresh();
    await s.open(server.url, { variant: 'bedlam', ai: 'none' });
    const squares = ['a8', 'd8', 'h1', 'e2'];
    const at = () => Promise.all(squares.map(q => s.squareCenter(q)));
    const before = await at();
    const d8 = before[1];
    const long = (await s.state()).longPresses;
    await s.tap(d8.x, d8.y, { hold: 900 });
    await s.waitFor(() => { const n = document.getElementById('note'); return n && !n.hidden && /d8/.test(n.textContent); },
      { timeout: 10000, what: 'the caption describing d8' });
    assert.equal((await s.state()).longPresses, long + 1, 'the press was one long press');
    await sleep(300);
    assert.deepEqual(await at(), before, 'the squares moved when the caption appeared');
    await s.screenshot('phone-caption');
    await s.assertClean();
  });

  test('phone: the page neither scrolls nor zooms', { skip, timeout: 60000 }, async () => {
    const { s, server } = suite.fresh();
    await s.open(server.url, { variant: 'bedlam', ai: 'none' });
    assert.deepEqual(await s.evaluate(() => [innerWidth, innerHeight, devicePixelRatio]), [390, 844, 3], 'the viewport');
    const start = await s.evaluate(() => ({ x: scrollX, y: scrollY, scale: visualViewport ? visualViewport.scale : 1 }));
    // A swipe up across the board and a double tap: neither may move the page.
    const a = await s.squareCenter('e2'), b = await s.squareCenter('e7');
    await s.touchDrag({ x: 5, y: b.y }, { x: 5, y: a.y });
    await s.tap(a.x, a.y);
    await s.tap(a.x, a.y);
    await sleep(300);
    const now = await s.evaluate(() => ({
      x: scrollX, y: scrollY, scale: visualViewport ? visualViewport.scale : 1,
      wide: document.documentElement.scrollWidth > innerWidth, tall: document.documentElement.scrollHeight > innerHeight,
    }));
    assert.deepEqual({ x: now.x, y: now.y, scale: now.scale }, start, 'the page moved');
    assert.ok(!now.wide && !now.tall, 'the page is larger than the screen');
    await s.screenshot('phone-start');
    await s.assertClean();
  });
});
