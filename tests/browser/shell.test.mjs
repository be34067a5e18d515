// The page itself, in each engine: it is served right (application/wasm, gzip),
// it starts (or says clearly why not), the board takes a click as soon as the
// test hook appears, and it works offline through the service worker once loaded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { browserSuites, DIST, startServer, setReportName, report, siteFile } from './lib/harness.mjs';

setReportName('report-shell');

// withoutClient copies dist/ to a temporary folder without main.wasm (a site
// whose client cannot be loaded); returns the folder.
function withoutClient() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chimera-noclient-'));
  fs.cpSync(DIST, dir, { recursive: true, filter: src => !path.basename(src).startsWith(siteFile('main.wasm')) });
  return dir;
}

// One session for the tests but the offline one (a fresh profile for the
// service worker): a browser's start costs seconds, more in Firefox.
browserSuites({ width: 640, height: 480 }, suite => {
  const { skip, engine } = suite;

  test('the page starts', { skip, timeout: 120000 }, async () => {
    const { s } = suite.fresh();
    const t = await s.open(suite.server.url, { variant: 'bedlam', ai: 'none' });
    report('640x480 time to first frame (ms)', t.firstFrame, `(board shown at ${Math.round(t.boot?.shown ?? NaN)} ms)`, engine);
    await s.waitFor(() => document.getElementById('loader').style.display === 'none', { what: 'the loader to go away' });
    await s.screenshot('shell-started');
    await s.assertClean();
  });

  // The hook appears once the loader no longer covers the board: a click at
  // once must play (it was lost in WebKit, caught by the loader).
  test('a click as soon as window.chimera appears reaches the board', { skip, timeout: 120000 }, async () => {
    const { s } = suite.fresh();
    // In the first animation frame in which the hook answers: what is under e2?
    await s.driver.addInitScript(() => {
      const look = () => {
        const c = window.chimera;
        if (!c || typeof c.squareCenter !== 'function') { requestAnimationFrame(look); return; }
        const p = c.squareCenter('e2');
        const el = p && document.elementFromPoint(p.x, p.y);
        window.__underE2 = el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') : String(el);
      };
      requestAnimationFrame(look);
    });
    await s.goto(`${suite.server.url}/?variant=bedlam&ai=none`);
    await s.waitFor(() => window.chimera && window.chimera.state(), { timeout: 60000, what: 'window.chimera' });
    await s.playMove('e2e4', { how: 'click' });
    assert.equal(await s.evaluate(() => window.__underE2), 'canvas', 'what was under e2 when the hook appeared');
    await s.assertClean();
  });

  test('the server sends main.wasm as application/wasm, gzip-encoded', { skip }, async () => {
    const { s } = suite.fresh();
    await s.goto(suite.server.url + '/site.json');
    const wasm = siteFile('main.wasm');
    const info = await s.evaluate(async wasm => {
      const r = await fetch(wasm, { cache: 'no-store' });
      const w = await fetch('engine-worker.js', { cache: 'no-store' });
      return { status: r.status, type: r.headers.get('content-type'), workerType: w.headers.get('content-type') };
    }, wasm);
    assert.equal(info.status, 200);
    assert.equal(info.type, 'application/wasm');
    assert.match(info.workerType, /^text\/javascript/);
    // The encoding is not visible to fetch() in the page; ask the server directly.
    const res = await fetch(suite.server.url + '/' + wasm, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(res.headers.get('content-encoding'), 'gzip');
    // Its name carries its content's hash: cached for a year.
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(res.headers.get('content-type'), 'application/wasm');
    await s.assertClean();
  });

  test('the page says why when main.wasm cannot be loaded', { skip, timeout: 120000 }, async () => {
    const dir = withoutClient();
    const server = await startServer(dir);
    const { s } = suite.fresh();
    try {
      // The loader must say so (and log it as an error).
      s.allowErrors = /main\.wasm|Failed to load resource|could not be loaded|404/;
      await s.goto(server.url + '/?variant=bedlam&ai=none&sw=0');
      await s.waitFor(() => document.getElementById('loader')?.classList.contains('error'), { what: 'the loading error' });
      assert.match(await s.evaluate(() => document.getElementById('loader-msg').textContent), /main\.wasm/);
      await s.screenshot('shell-no-client');
      await s.assertClean();
    } finally {
      s.allowErrors = null;
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the site plays offline once loaded (service worker)', { skip, timeout: 180000 }, async () => {
    const s = await suite.launch({ width: 640, height: 480 });
    const server = await startServer(); // its own: this test stops it
    try {
      await s.goto(server.url + '/?variant=assimilation&ai=none');
      // boot.js registers the worker 3 s after start; wait for it to control the page
      // and to have cached the site.
      await s.waitFor(() => navigator.serviceWorker && navigator.serviceWorker.controller, { timeout: 60000, what: 'the service worker to control the page' });
      await s.waitFor(async names => {
        const keys = await caches.keys();
        if (!keys.length) return false;
        const c = await caches.open(keys[0]);
        return !!(await c.match('index.html')) && !!(await c.match(names[0])) && !!(await c.match(names[1]));
      }, { arg: [siteFile('main.wasm'), siteFile('engine.wasm')], timeout: 60000, what: 'the site to be precached' });
      // Offline: the server is gone (and, where the engine can, the network too).
      await server.stop();
      const cut = await s.setOffline(true);
      const r = await s.reload();
      if (r.fromServiceWorker !== null) assert.ok(r.fromServiceWorker, 'the reload did not come from the service worker');
      await s.waitFor(() => window.chimera && window.chimera.state(), { timeout: 60000, what: 'the game to start offline' });
      assert.equal((await s.state()).variant, 'assimilation');
      assert.ok(await s.evaluate(() => !!navigator.serviceWorker.controller), 'the offline page is not served by the service worker');
      // Offline and playable: a move, and the engine worker (from the cache) loads.
      const st = await s.playMove('e2e4', { how: 'click' });
      assert.equal(st.moves.length, 1);
      await s.screenshot('shell-offline');
      await s.assertClean();
      if (!cut) console.log(`# ${engine}: no offline switch; offline means the server is stopped`);
    } finally {
      await s.close();
      await server.stop();
    }
  });
});
