// firstpaint.mjs: how soon a visitor on a phone network sees the board and
// can play (issue 27). Serves the built site (make build) with cmd/serve on
// 127.0.0.1, opens headless Chromium (playwright-core from tests/browser's
// node_modules, the browser at $CHROMIUM or /usr/bin/chromium) as a phone
// (390x844, DPR 3, touch), emulates each network with the DevTools
// protocol's Network.emulateNetworkConditions, and for the full page, an
// embed and a diagram reports, first visit (a fresh profile) and second
// visit (the same profile, the page opened again):
//
//   picture  ms from navigation to the board's picture with its pieces on
//            screen (chimeraBoot.picture, web/paint.js); "-" for a page
//            without one
//   compiled ms to main.wasm fetched and compiled (chimeraBoot.wasmFetched)
//   input    ms to the board taking input (the test hook window.chimera
//            answers: cmd/wasm publishes it when the board is on screen)
//   bytes    bytes on the wire for the page (headers included, answers from
//            the service worker or the memory or disk cache count 0)
//
// and for the full page also a second visit offline (the network cut, the
// server stopped): the service worker alone.
//
// A visit lasts -dwell ms after the board takes input (default 10000: a
// visitor who looks at the board for ten seconds before leaving). It
// matters to the next visit: the browser keeps main.wasm's compiled code
// only once the game has run a while (Chromium's code cache, written once
// enough of the module has been optimised), and a next visit that finds no
// compiled code compiles and starts the game with baseline code (probe
// runs, loaded machine: the second visit took input at 1.9-2.3 s after a
// first visit of 3 s, 1.3-1.4 s after one of 10 s; docs/PERFORMANCE.md).
//
//   node tools/firstpaint.mjs [-dist DIR] [-runs N] [-net fast4g,slow4g,3g] [-pages play,embed,diagram] [-dwell MS] [-json FILE]
//
// Each figure is the median of N runs (default 1). The networks:
//   fast4g  9 Mbit/s, 60 ms   slow4g  1.6 Mbit/s, 150 ms   3g  0.75 Mbit/s, 300 ms
// (the latency is added to every request's round trip; the throughput holds
// for both directions). The engine's own loading is not counted: the
// computer is not asked to move in any of the pages measured.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const dist = resolve(opt('-dist', process.env.CHIMERA_DIST || join(root, 'dist')));
const runs = Number(opt('-runs', 1));
const dwell = Number(opt('-dwell', 10000));
const { chromium } = createRequire(join(root, 'tests/browser/package.json'))('playwright-core');

const NETWORKS = {
  fast4g: { name: 'fast 4G (9 Mbit/s, 60 ms)', mbit: 9, latency: 60 },
  slow4g: { name: 'slow 4G (1.6 Mbit/s, 150 ms)', mbit: 1.6, latency: 150 },
  '3g': { name: '3G (0.75 Mbit/s, 300 ms)', mbit: 0.75, latency: 300 },
};
const PAGES = {
  play: { name: 'full page', query: '?variant=bedlam' },
  embed: { name: 'embed', query: 'index.html?mode=embed&variant=bifold-halfgi' },
  diagram: { name: 'diagram', query: 'index.html?mode=diagram&variant=bedlam&moves=e2e4,e7e5,g1f3' },
};
const nets = opt('-net', Object.keys(NETWORKS).join(',')).split(',');
const pages = opt('-pages', Object.keys(PAGES).join(',')).split(',');

// serve starts cmd/serve (built once) on a free loopback port.
const bin = join(mkdtempSync(join(tmpdir(), 'firstpaint-')), 'serve');
execFileSync('go', ['build', '-o', bin, './cmd/serve'], { cwd: root, stdio: 'inherit' });
function serve() {
  return new Promise((ok, fail) => {
    const child = spawn(bin, ['-dir', dist, '-addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const look = d => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (m) ok({ url: m[0], stop: () => new Promise(r => { child.once('exit', r); child.kill(); }) });
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.once('exit', code => fail(new Error('cmd/serve exited ' + code + ': ' + out)));
  });
}

// launch starts Chromium with a fresh profile (a first visit), as a phone.
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'firstpaint-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: FLAGS,
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
  });
  const close = context.close.bind(context);
  context.close = async () => { await close(); rmSync(profile, { recursive: true, force: true }); };
  return context;
}

// visit opens url in context's new page under the network conditions and
// returns {picture, input, bytes}.
async function visit(context, url, net, { offline = false } = {}) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // Offline is the context's switch (the service worker still answers the
  // page), the network conditions the page's.
  if (offline) await context.setOffline(true);
  else {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: net.latency,
      downloadThroughput: net.mbit * 1e6 / 8, uploadThroughput: net.mbit * 1e6 / 8,
    });
  }
  let bytes = 0;
  const served = new Set(); // requests answered without the network
  cdp.on('Network.responseReceived', e => {
    if (e.response.fromServiceWorker || e.response.fromDiskCache || e.response.fromPrefetchCache) served.add(e.requestId);
  });
  cdp.on('Network.requestServedFromCache', e => served.add(e.requestId));
  cdp.on('Network.loadingFinished', e => { if (!served.has(e.requestId)) bytes += e.encodedDataLength; });
  await page.addInitScript(() => {
    const t = window.__firstpaint = {};
    const poll = () => {
      try {
        if (t.input === undefined && window.chimera && window.chimera.state && window.chimera.state()) t.input = performance.now();
      } catch (e) { /* not yet */ }
      if (t.input === undefined) requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__firstpaint && window.__firstpaint.input !== undefined, null, { timeout: 300000, polling: 100 });
  const t = await page.evaluate(() => ({
    picture: window.chimeraBoot && window.chimeraBoot.picture, input: window.__firstpaint.input,
    compiled: window.chimeraBoot && window.chimeraBoot.wasmFetched,
  }));
  // what is still arriving for the page (site.json, the pieces' sheet) is on
  // the wire too; the visitor stays a while (-dwell)
  await page.waitForTimeout(Math.max(500, dwell));
  await page.close();
  return { picture: t.picture ?? null, input: t.input, compiled: t.compiled ?? null, bytes };
}

// swReady waits until the service worker controls a page of context and has
// cached main.wasm.
async function swReady(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  const deadline = Date.now() + 300000;
  while (!await page.evaluate(async () => {
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return false;
    for (const k of await caches.keys()) {
      const c = await caches.open(k);
      if ((await c.keys()).some(r => /main(\.[0-9a-f]{16})?\.wasm$/.test(r.url))) return true;
    }
    return false;
  })) {
    if (Date.now() > deadline) throw new Error('the service worker did not cache the site');
    await page.waitForTimeout(500);
  }
  await page.close();
}

const median = xs => { const v = xs.filter(x => x !== null).sort((a, b) => a - b); return v.length ? v[Math.floor((v.length - 1) / 2)] : null; };
const results = [];
for (const nk of nets) {
  const net = NETWORKS[nk];
  for (const pk of pages) {
    const pg = PAGES[pk];
    const rows = { first: [], second: [], offline: [] };
    for (let i = 0; i < runs; i++) {
      const server = await serve();
      const url = server.url + '/' + pg.query;
      const context = await launch();
      rows.first.push(await visit(context, url, net));
      if (pk === 'play') await swReady(context, url); // the service worker installs 3 s after the start
      rows.second.push(await visit(context, url, net));
      if (pk === 'play') {
        await server.stop();
        rows.offline.push(await visit(context, url, net, { offline: true }));
      } else {
        await server.stop();
      }
      await context.close();
    }
    for (const [kind, list] of Object.entries(rows)) {
      if (!list.length) continue;
      const r = { network: net.name, page: pg.name, visit: kind, picture: median(list.map(x => x.picture)), compiled: median(list.map(x => x.compiled)),
        input: median(list.map(x => x.input)), bytes: median(list.map(x => x.bytes)) };
      results.push(r);
      const ms = v => v === null ? '-' : (v / 1000).toFixed(2) + ' s';
      console.log(`[report] ${r.network} | ${r.page} | ${kind} visit | picture ${ms(r.picture)} | compiled ${ms(r.compiled)} | input ${ms(r.input)} | ${Math.round(r.bytes / 1024).toLocaleString('en')} KiB`);
    }
  }
}
rmSync(resolve(bin, '..'), { recursive: true, force: true });
if (opt('-json')) writeFileSync(opt('-json'), JSON.stringify(results, null, 2) + '\n');
