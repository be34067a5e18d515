// The page itself in Chromium: it is served right (application/wasm, gzip), it
// starts (or says clearly why not), and once loaded it works offline through the
// service worker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { siteStatus, startServer, launch, setReportName, report, sleep } from './lib/harness.mjs';

setReportName('report-shell');
const site = siteStatus();
const skip = site.ok ? false : site.reason;
let server;
before(async () => { if (site.ok) server = await startServer(); });
after(async () => { await server?.stop(); });

test('the server sends main.wasm as application/wasm, gzip-encoded', { skip }, async () => {
  const s = await launch({ width: 640, height: 480 });
  try {
    await s.page.goto(server.url + '/site.json');
    const info = await s.page.evaluate(async () => {
      const r = await fetch('main.wasm', { cache: 'no-store' });
      const w = await fetch('engine-worker.js', { cache: 'no-store' });
      return { status: r.status, type: r.headers.get('content-type'), workerType: w.headers.get('content-type') };
    });
    assert.equal(info.status, 200);
    assert.equal(info.type, 'application/wasm');
    assert.match(info.workerType, /^text\/javascript/);
    // The encoding is not visible to fetch() in the page; ask the server directly.
    const res = await fetch(server.url + '/main.wasm', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(res.headers.get('content-encoding'), 'gzip');
    assert.equal(res.headers.get('content-type'), 'application/wasm');
  } finally {
    await s.close();
  }
});

test('the page starts', { skip }, async () => {
  const s = await launch({ width: 640, height: 480 });
  try {
    const t = await s.open(server.url, { variant: 'bedlam', ai: 'none' });
    report('640x480 time to first frame (ms)', t.firstFrame);
    await s.waitFor(() => document.getElementById('loader').style.display === 'none', { what: 'the loader to go away' });
    await s.screenshot('shell-started');
    s.assertClean();
  } finally {
    await s.close();
  }
});

test('the page says why when main.wasm cannot be loaded', { skip }, async () => {
  const s = await launch({ width: 640, height: 480 });
  try {
    // The loader must say so (and log it as an error).
    s.allowErrors = /main\.wasm|Failed to load resource|could not be loaded/;
    await s.page.route('**/main.wasm', r => r.fulfill({ status: 404, body: 'not found' }));
    await s.page.goto(server.url + '/?variant=bedlam&ai=none');
    await s.waitFor(() => document.getElementById('loader')?.classList.contains('error'), { what: 'the loading error' });
    assert.match(await s.page.textContent('#loader-msg'), /main\.wasm/);
    await s.screenshot('shell-no-client');
    s.assertClean();
  } finally {
    await s.close();
  }
});

test('the site plays offline once loaded (service worker)', { skip }, async () => {
  const s = await launch({ width: 640, height: 480 });
  try {
    await s.page.goto(server.url + '/?variant=assimilation&ai=none');
    // boot.js registers the worker 3 s after start; wait for it to control the page
    // and to have cached the site.
    await s.waitFor(() => navigator.serviceWorker && navigator.serviceWorker.controller, { timeout: 30000, what: 'the service worker to control the page' });
    await s.waitFor(async () => {
      const keys = await caches.keys();
      if (!keys.length) return false;
      const c = await caches.open(keys[0]);
      return !!(await c.match('index.html')) && !!(await c.match('wasm_exec.js'));
    }, { timeout: 30000, what: 'the site to be precached' });
    await server.stop();
    await s.ctx.setOffline(true);
    const resp = await s.page.reload({ waitUntil: 'load' });
    assert.ok(resp && resp.fromServiceWorker(), 'the reload did not come from the service worker');
    await s.waitFor(() => window.chimera && window.chimera.state(), { timeout: 30000, what: 'the game to start offline' });
    assert.equal((await s.state()).variant, 'assimilation');
    await s.screenshot('shell-offline');
    s.assertClean();
  } finally {
    server = await startServer(); // for any later test
    await s.close();
  }
});
