// Harness for the browser tests: serves dist/ with cmd/serve, drives a browser
// engine through one Session API and plays the game through the page's test
// hook, window.chimera, with real mouse and touch input.
//
// Engines (CHIMERA_BROWSERS=chromium,firefox,webkit picks them, default all):
//   chromium  Debian's Chromium, headless, playwright-core (lib/chromium.mjs)
//   firefox   Debian's Firefox ESR under Xvfb, puppeteer-core over WebDriver BiDi (lib/firefox.mjs)
//   webkit    Debian's WebKitGTK MiniBrowser under Xvfb, W3C WebDriver (lib/webkit.mjs)
//
// The hook (implemented by cmd/wasm; it appears once the board takes input):
//   chimera.state()            {variant, position, moves, result, reason, turn, thinking, animating, fps}
//   chimera.squareCenter('e2') {x, y} in CSS px of the page
//   chimera.handCenter('white'|'black', 'N') {x, y}
//   chimera.choices()          null or {options: [{label, move, x, y}]}
// state() also has tps, updates, longPresses, repaints, ply and flipped.
//
// Ebiten samples input once per tick (1/60 s), so every press is held ~100 ms.
import { before, after, describe } from 'node:test';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { decodePNG, imageStats, isBlank } from './png.mjs';
import { findByRole } from './roles.mjs';
import { recordInput, waitFrames } from './inpage.mjs';
import { sleep } from './steps.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BROWSER_DIR = path.resolve(here, '..');
export const ROOT = path.resolve(BROWSER_DIR, '../..');
export const DIST = path.resolve(process.env.CHIMERA_DIST || path.join(ROOT, 'dist'));
export const OUT = path.resolve(process.env.CHIMERA_TEST_OUTPUT || path.join(BROWSER_DIR, 'test-output'));

// Console messages that are not the page's errors.
const IGNORED_CONSOLE = /GL Driver Message|GPU stall|favicon\.ico|Automatic fallback to software WebGL/;

export const HOLD_MS = 100;
export { sleep };

export const VARIANTS = ['bedlam', 'assimilation', 'bifold-halfgi', 'bifold-halfgi-pawns', 'bifold-halfgi-weak'];

// ---------------------------------------------------------------- engines

export const ENGINES = ['chromium', 'firefox', 'webkit'];

// selectedEngines returns the engines named by CHIMERA_BROWSERS (all by default).
export function selectedEngines() {
  const v = (process.env.CHIMERA_BROWSERS || '').trim();
  if (!v || v === 'all') return ENGINES;
  const list = v.split(/[\s,]+/).filter(Boolean);
  const bad = list.filter(e => !ENGINES.includes(e));
  if (bad.length) throw new Error(`CHIMERA_BROWSERS: unknown engine ${bad.join(', ')} (known: ${ENGINES.join(', ')})`);
  return list;
}

const drivers = {
  chromium: () => import('./chromium.mjs').then(m => m.launchChromium),
  firefox: () => import('./firefox.mjs').then(m => m.launchFirefox),
  webkit: () => import('./webkit.mjs').then(m => m.launchWebKit),
};

// CAPABILITIES: what each engine can do here. touch: touch input; mobile: a
// phone's viewport (390 px wide, DPR 3); offline: a switch that cuts the
// browser's network; minWidth: the narrowest viewport; rightButton: a
// right-button press and release as a page sees them.
export const CAPABILITIES = {
  chromium: { touch: true, mobile: true, offline: true, minWidth: 0, rightButton: true },
  firefox: { touch: true, mobile: true, offline: true, minWidth: 0, rightButton: true },
  // WebKitWebDriver delivers touch actions as mouse events, and a right
  // button's release as the left's (mouseup with button 0, no pointerup);
  // MiniBrowser's window is at least 447 px wide (its toolbar).
  webkit: { touch: false, mobile: false, offline: false, minWidth: 447, rightButton: false },
};

// unsupported says why an engine cannot run a test that needs the launch
// options opts (a phone: touch, a narrow viewport), or returns ''.
export function unsupported(engine, opts = {}) {
  const c = CAPABILITIES[engine];
  if (opts.mobile && !(c.touch && c.mobile)) {
    return `${engine} cannot emulate a phone here${engine === 'webkit'
      ? `: WebKitGTK's WebDriver delivers touch actions as mouse events, and MiniBrowser's window is at least ${c.minWidth} px wide`
      : ''}`;
  }
  if ((opts.width ?? Infinity) < c.minWidth) return `${engine}: the viewport is at least ${c.minWidth} px wide`;
  return '';
}

// ---------------------------------------------------------------- the site

// siteFile returns the file name in dir of a file the build names by its
// content's hash (main.wasm is main.0123456789abcdef.wasm: site.json's names).
export function siteFile(logical, dir = DIST) {
  try {
    const names = JSON.parse(fs.readFileSync(path.join(dir, 'site.json'), 'utf8')).names || {};
    return names[logical] || logical;
  } catch (e) {
    return logical;
  }
}

export function siteStatus() {
  const missing = ['index.html', 'main.wasm', 'engine.wasm'].filter(f => !fs.existsSync(path.join(DIST, siteFile(f))));
  if (missing.length) return { ok: false, reason: `${DIST} is not built (no ${missing.join(', ')}): run make build` };
  return { ok: true, reason: '' };
}

// browserSuites sets up a test file that plays in the browser, once per
// selected engine: for each, a describe() named after the engine whose body
// is body(suite). Before its tests it starts cmd/serve and, given launch
// options, one browser session; after them it closes both. suite.engine is the
// engine; suite.skip is why the tests cannot run there (the site is not built,
// or the engine cannot do what the launch options ask, e.g. a phone), or false.
// suite.fresh() returns { s, server } with the session's recorded page errors
// cleared, for a test to start from.
export function browserSuites(launchOpts, body, { engines = selectedEngines() } = {}) {
  const site = siteStatus();
  for (const engine of engines) {
    describe(engine, () => {
      const suite = {
        engine,
        skip: !site.ok ? site.reason : (launchOpts && unsupported(engine, launchOpts)) || false,
        server: null,
        s: null,
        fresh() {
          suite.s?.clearErrors();
          return { s: suite.s, server: suite.server };
        },
        launch: opts => launch({ ...opts, engine }),
      };
      before(async () => {
        if (suite.skip) return;
        suite.server = await startServer();
        if (launchOpts) suite.s = await launch({ ...launchOpts, engine });
      });
      after(async () => { await suite.s?.close(); await suite.server?.stop(); });
      body(suite);
    });
  }
}

// browserSuite is browserSuites for one engine, Chromium (the tests written
// with Playwright's own API, such as getByRole: s.page): before the file's
// tests it starts cmd/serve and, given launch options, one session; after them
// it closes both. It returns the suite (skip, server, s, fresh()).
export function browserSuite(launchOpts) {
  const site = siteStatus();
  const suite = {
    engine: 'chromium',
    skip: site.ok ? false : site.reason,
    server: null,
    s: null,
    fresh() {
      suite.s?.clearErrors();
      return { s: suite.s, server: suite.server };
    },
  };
  before(async () => {
    if (suite.skip) return;
    suite.server = await startServer();
    if (launchOpts) suite.s = await launch({ ...launchOpts, engine: 'chromium' });
  });
  after(async () => { await suite.s?.close(); await suite.server?.stop(); });
  return suite;
}

// gzipSize returns the bytes a gzip-accepting browser downloads for the whole site:
// FILE.gz where the build wrote one, else the file gzip-compressed here if that is
// smaller, else the file.
export function siteGzipSize(dir = DIST) {
  const files = {};
  let total = 0;
  const walk = d => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) { walk(p); continue; }
      if (e.name.endsWith('.gz') || e.name.endsWith('.br')) continue;
      const data = fs.readFileSync(p);
      let size = data.length;
      if (fs.existsSync(p + '.gz')) size = Math.min(size, fs.statSync(p + '.gz').size);
      else size = Math.min(size, zlib.gzipSync(data, { level: 9 }).length);
      files[path.relative(dir, p)] = size;
      total += size;
    }
  };
  walk(dir);
  return { total, files };
}

// ---------------------------------------------------------------- Go tools

let toolDir;
const built = {};
// goTool builds a Go command of this repository once per test process (or uses
// the binary named by env, e.g. CHIMERA_SERVE) and returns its path.
export function goTool(name, pkg, envName) {
  if (envName && process.env[envName]) return process.env[envName];
  if (built[name]) return built[name];
  toolDir ||= fs.mkdtempSync(path.join(os.tmpdir(), 'chimera-tools-'));
  const out = path.join(toolDir, name);
  execFileSync('go', ['build', '-o', out, pkg], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  built[name] = out;
  return out;
}
process.on('exit', () => { if (toolDir) fs.rmSync(toolDir, { recursive: true, force: true }); });

// refpos asks the rules engine (tests/browser/refpos) for the positions after each
// move and the legal moves at the end.
export function refpos(variant, fen, moves = [], { random = 0, seed = 1 } = {}) {
  const bin = goTool('refpos', './tests/browser/refpos', 'CHIMERA_REFPOS');
  const args = ['-variant', variant];
  if (fen) args.push('-fen', fen);
  if (random) args.push('-random', String(random), '-seed', String(seed));
  try {
    return JSON.parse(execFileSync(bin, [...args, ...moves], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (e) {
    throw new Error(`rules engine: ${(e.stderr || e.message).trim()}`);
  }
}

// ---------------------------------------------------------------- the server

const servers = new Set();
process.on('exit', () => { for (const s of servers) s.kill('SIGKILL'); });
// Interrupted or stopped: leave through 'exit', whose handlers end the server,
// Xvfb and the WebKit driver.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(sig, () => process.exit(130));

// startServer serves a folder with cmd/serve: the site (with its security
// policy), or another folder (a host page of the tests: without it, since
// the site's policy frames only the site).
export async function startServer(dir = DIST) {
  const bin = goTool('serve', './cmd/serve', 'CHIMERA_SERVE');
  const args = ['-dir', dir, '-addr', '127.0.0.1:0'];
  if (path.resolve(dir) !== DIST) args.push('-nopolicy');
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  servers.add(child);
  let out = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cmd/serve printed no URL in 15 s: ${out}`)), 15000);
    const onData = d => {
      out += d;
      const m = /Serving .* at (http:\/\/\S+?)\/?\s*$/m.exec(out);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', d => { out += d; });
    child.on('exit', code => { clearTimeout(timer); reject(new Error(`cmd/serve exited (${code}): ${out}`)); });
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode) return;
      const gone = new Promise(r => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(3000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      servers.delete(child);
    },
  };
}

// ---------------------------------------------------------------- the browser

// launch starts a browser engine with a fresh profile and returns its Session.
// Options: engine ('chromium' by default), width, height (of the page's
// viewport, CSS px), dpr, mobile (a phone: touch, mobile user agent where the
// engine has one).
export async function launch({ engine = 'chromium', width = 1280, height = 720, dpr = 1, mobile = false } = {}) {
  if (!drivers[engine]) throw new Error(`unknown browser engine ${engine}`);
  const why = unsupported(engine, { width, mobile });
  if (why) throw new Error(why);
  const start = await drivers[engine]();
  const s = new Session({ width, height, dpr, mobile, engine });
  s.driver = await start({ width, height, dpr, mobile }, {
    console: (type, text, url) => s.onConsole(type, text, url),
    pageError: (message, stack) => s.onPageError(message, stack),
  });
  try {
    await s.driver.addInitScript(recordInput);
  } catch (e) {
    await s.close();
    throw e;
  }
  return s;
}

// A Session is one browser window showing one page, whatever the engine. The
// engine's own objects are s.driver.page (Chromium: playwright's Page,
// Firefox: puppeteer's Page) and s.driver.wd (WebKit: the WebDriver session),
// for what only one engine can do.
export class Session {
  constructor(opts) {
    this.opts = opts;
    this.engine = opts.engine;
    this.errors = [];
    this.lastTestsPage = false; // see clearErrors
    this.log = [];
    this.allowErrors = null; // a RegExp of console errors a test expects
    this.driver = null;
  }

  get capabilities() { return CAPABILITIES[this.engine]; }
  get page() { return this.driver.page; }
  get ctx() { return this.driver.ctx; }

  onConsole(type, text, url) {
    const loc = url ? ` (${url})` : '';
    this.log.push(`[console.${type}] ${text}${loc}`);
    if (IGNORED_CONSOLE.test(text + loc)) return;
    if (type === 'error' && !(this.allowErrors && this.allowErrors.test(text))) this.errors.push(`console.error: ${text}${loc}`);
    if (/^(panic:|fatal error:)|exit code: [1-9]/.test(text)) this.errors.push(`Go: ${text}`);
  }

  onPageError(message, stack) {
    this.log.push(`[pageerror] ${stack || message}`);
    this.errors.push(`page error: ${message}`);
  }

  async close() { await this.driver?.close(); }

  // clearErrors forgets the recorded page errors: a new test starts. The page
  // on screen is the last test's until this test first leaves it (settle).
  clearErrors() {
    this.errors.splice(0);
    this.lastTestsPage = true;
  }

  // settle waits, at most 15 s, until the page on screen has loaded every
  // engine worker it started (the hook's workers()), so that leaving it cuts
  // no load short: Firefox reports a cut-short worker load to the page after
  // the navigation has begun, where it would be charged to what comes next.
  // A page without the hook, or one that does not settle in time, is left as
  // it is. If the page is the last test's, what it reported while this waited
  // is dropped, as fresh() dropped what it had reported before.
  async settle() {
    const before = this.errors.length, t0 = Date.now();
    try {
      await this.driver.waitFor(() => {
        const c = window.chimera;
        const w = c && typeof c.workers === 'function' && c.workers();
        return !w || w.settled >= w.started;
      }, undefined, 15000);
      if (Date.now() - t0 > 50) this.log.push(`[settle] waited ${Date.now() - t0} ms for the page's engine workers to load before leaving`);
    } catch (e) {
      this.log.push(`[settle] left the page unsettled: ${String(e.message || e).split('\n')[0]}`);
    }
    if (this.lastTestsPage) this.errors.splice(before);
    this.lastTestsPage = false;
  }

  // assertClean throws if the page had an error or a console error. In WebKit
  // it first fetches the page's recorded messages: await it there (elsewhere it
  // throws at once, as the Chromium-only tests expect).
  assertClean() {
    const check = () => {
      if (this.errors.length) {
        throw new Error(`${this.engine}: page errors:\n  ${this.errors.join('\n  ')}\n--- console ---\n${this.log.slice(-40).join('\n')}`);
      }
    };
    if (!this.driver.flush) return check();
    return this.driver.flush().then(check);
  }

  // ---- the page
  // goto loads url and waits for its load event; {status} is the HTTP status
  // where the engine tells it (not WebKit).
  async goto(url) {
    await this.settle();
    const r = await this.driver.goto(url);
    if (r.status !== null && !(r.status >= 200 && r.status < 400)) throw new Error(`GET ${url}: HTTP ${r.status}`);
    return r;
  }
  async reload() { await this.settle(); return this.driver.reload(); }
  // evaluate runs fn(arg) in the page (fn must not use outer variables) and
  // returns its value (awaited if a promise).
  evaluate(fn, arg) { return this.driver.evaluate(fn, arg); }
  // setOffline cuts the browser's network where the engine can (Chromium,
  // Firefox); it returns false where it cannot (WebKit): stop the server too.
  async setOffline(on) { return (await this.driver.setOffline(on)) !== false; }

  // waitFor polls fn(arg) in the page until it returns a truthy value, and
  // returns that value.
  async waitFor(fn, { timeout = 10000, what = String(fn), arg } = {}) {
    try {
      return await this.driver.waitFor(fn, arg, timeout);
    } catch (e) {
      if (this.driver.isTimeout(e)) {
        await this.driver.flush?.();
        throw new Error(`${this.engine}: timed out after ${timeout} ms waiting for ${what}\n--- console ---\n${this.log.slice(-30).join('\n')}`);
      }
      throw e;
    }
  }

  // open loads the game page with URL parameters and waits for the hook. Returns
  // timings in ms since navigation start: hook (window.chimera usable), firstFrame
  // (the game reported a drawn frame), boot (boot.js's own timings).
  async open(baseURL, params = {}) {
    const qs = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    const url = `${baseURL}/?${qs}`;
    if (!this._timesScript) {
      // Notes when the hook first answers and when a first frame was drawn. In
      // engines without init scripts (WebKit) it runs at the load event, before
      // the game starts; late says the hook was there already.
      this._timesScript = this.driver.addInitScript(() => {
        const t = window.__chimeraTimes = {};
        const poll = () => {
          try {
            const c = window.chimera;
            if (c && typeof c.state === 'function') {
              const s = c.state();
              if (t.hook === undefined) { t.hook = performance.now(); t.late = document.readyState === 'complete' && !window.__chimeraPolled; }
              if (s && s.fps > 0 && t.firstFrame === undefined) t.firstFrame = performance.now();
              if (t.firstFrame !== undefined) return;
            }
          } catch { /* not ready */ }
          window.__chimeraPolled = true;
          requestAnimationFrame(poll);
        };
        poll();
      });
    }
    await this._timesScript;
    await this.goto(url);
    await this.waitFor(() => window.chimera && typeof window.chimera.state === 'function' && !!window.chimera.state(),
      { timeout: 60000, what: 'window.chimera (the test hook) to answer' });
    await this.waitFor(() => window.__chimeraTimes && window.__chimeraTimes.firstFrame !== undefined,
      { timeout: 30000, what: 'a first frame (state().fps > 0)' });
    const times = await this.evaluate(() => ({ ...window.__chimeraTimes, boot: window.chimeraBoot }));
    // The first second after the first frame can be slow (the page is still
    // compiling and laying out): a tap held then would last past the board's
    // long press. Wait (at most 20 s, then go on) until the game runs at least
    // 40 updates a second, as a player's first touch comes after a look.
    await this.waitFor(() => window.chimera.state().tps >= 40, { timeout: 20000, what: 'a steady page' }).catch(() => {});
    await this.state();
    return times;
  }

  // ---- the hook
  async state() {
    const st = await this.evaluate(() => window.chimera.state());
    if (st && Number.isFinite(st.tps) && st.tps > 0) this.tps = st.tps;
    return st;
  }
  // hold is how long a press is held at least: 100 ms (120 in WebKit), or
  // longer when the game runs fewer than 60 updates a second (a loaded
  // machine), at most 400 ms: below the board's long press, 500 ms, which
  // describes a piece instead (the press also lasts until two updates saw it).
  get hold() {
    const min = this.engine === 'webkit' ? 120 : HOLD_MS;
    return this.tps ? Math.min(400, Math.max(min, Math.round(2500 / this.tps))) : min;
  }
  // tapHold is hold for a finger: none beyond the two updates that must see
  // the press (holdPress). A slow page (a phone at DPR 3 in software, on a
  // loaded machine: 8 frames a second) stretches every round trip of the
  // press and the release, and half a second and six updates is a long press.
  get tapHold() { return 0; }
  choices() { return this.evaluate(() => window.chimera.choices()); }
  async squareCenter(sq) {
    const p = await this.evaluate(s => window.chimera.squareCenter(s), sq);
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new Error(`squareCenter(${sq}) gave ${JSON.stringify(p)}`);
    return p;
  }
  async handCenter(color, letter) {
    const p = await this.evaluate(([c, l]) => window.chimera.handCenter(c, l), [color, letter]);
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new Error(`handCenter(${color}, ${letter}) gave ${JSON.stringify(p)}`);
    return p;
  }
  async waitIdle(timeout = 10000) {
    await this.waitFor(() => !window.chimera.state().animating, { timeout, what: 'the animation to end' });
  }

  // ---- input: real pointer events at CSS px of the viewport
  // The game polls the button (or finger) once per update, so a press must last
  // until an update has seen it, and so must the release: a press and release
  // between two updates is never seen, and a release followed by the next press
  // before an update reads as one long press (a drag). On a loaded machine an
  // update can come later than any fixed hold. So a press is held for hold ms
  // and until the game has begun two updates since it, and after the release
  // the next input waits for two more (state().updates; lib/inpage.mjs's
  // holdPress).
  // click presses the mouse at (x, y).
  async click(x, y, { hold = this.hold } = {}) {
    await this.driver.pointer('mouse', [{ type: 'move', x, y }, { type: 'down' }, { type: 'hold', ms: hold }, { type: 'up' }, { type: 'hold', ms: 0 }]);
  }
  // rightDrag presses the right button at a, moves to b and releases there
  // (a right-click when a is b): the board draws an arrow or a circle.
  async rightDrag(a, b, { hold = this.hold } = {}) {
    await this.driver.pointer('mouse', [{ type: 'move', x: a.x, y: a.y }, { type: 'down', button: 2 }, { type: 'hold', ms: hold },
      { type: 'move', x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, { type: 'hold', ms: 0 }, { type: 'move', x: b.x, y: b.y }, { type: 'hold', ms: 0 },
      { type: 'up', button: 2 }, { type: 'hold', ms: 0 }]);
  }
  // drag presses at a, moves to b in steps, and releases there.
  async drag(a, b, { steps = 8, hold = this.hold } = {}) {
    await this.driver.pointer('mouse', dragSteps(a, b, steps, hold));
  }
  // tap touches (x, y); touchDrag drags a finger from a to b. Only where the
  // engine has touch (s.capabilities.touch).
  async tap(x, y, { hold = this.tapHold } = {}) {
    await this.driver.pointer('touch', [{ type: 'move', x, y }, { type: 'down' }, { type: 'hold', ms: hold }, { type: 'up' }, { type: 'hold', ms: 0 }]);
  }
  async touchDrag(a, b, { steps = 8, hold = this.hold } = {}) {
    await this.driver.pointer('touch', dragSteps(a, b, steps, hold));
  }
  // The names the Chromium-only tests use.
  mouseClick(x, y, opts) { return this.click(x, y, opts); }
  mouseDrag(a, b, opts) { return this.drag(a, b, opts); }
  touchTap(x, y, opts) { return this.tap(x, y, opts); }
  // type types text with the keyboard into the focused element; press presses
  // one key ('Enter', 'Escape', 'Tab', 'ArrowDown', ... or a character).
  type(text) { return this.driver.keyboard(text); }
  press(key) { return this.driver.press(key); }

  // getByRole finds HTML elements by ARIA role and accessible name, the same way
  // in every engine (a small in-page resolver, lib/roles.mjs: explicit and
  // implicit roles, names from aria-labelledby, aria-label, labels, alt, content
  // and title). name: a string (a case-insensitive substring, or the whole name
  // with exact: true) or a RegExp. The locator's click()/tap() use real input at
  // the element's centre.
  getByRole(role, { name, exact = false, timeout = 10000 } = {}) {
    const q = { role, exact, name: name instanceof RegExp ? { source: name.source, flags: name.flags } : name ?? null };
    const s = this;
    const desc = `role=${role}${name !== undefined ? ` name=${name}` : ''}`;
    const locator = {
      all: async () => (await s.evaluate(findByRole, q)) || [],
      async count() { return (await locator.all()).length; },
      // point waits for exactly one visible match and returns its box and centre.
      async point() {
        const found = await s.waitFor(findByRole, { arg: { ...q, one: true }, timeout, what: `exactly one element with ${desc}` });
        return found[0];
      },
      async click(opts) { const p = await locator.point(); await s.click(p.x, p.y, opts); },
      async tap(opts) { const p = await locator.point(); await s.tap(p.x, p.y, opts); },
      // selectOption chooses an option (by value or text) of a <select>, as
      // Playwright's selectOption does (the engines' native option lists are
      // outside the page): sets it, then fires input and change.
      async selectOption(value) {
        await s.waitFor(findByRole, { arg: { ...q, one: true, select: String(value) }, timeout, what: `exactly one <select> with ${desc}` });
      },
      // waitFor waits until an element matches (state 'visible') or none does ('hidden').
      waitFor: ({ state = 'visible', timeout: t = timeout } = {}) => state === 'hidden'
        ? s.waitFor(findByRole, { arg: { ...q, none: true }, timeout: t, what: `no element with ${desc}` })
        : s.waitFor(findByRole, { arg: q, timeout: t, what: `an element with ${desc}` }),
    };
    return locator;
  }

  // pickChoice answers the open choice with the option whose label is given.
  async pickChoice(label, { touch = false, timeout = 10000 } = {}) {
    await this.waitFor(() => !!window.chimera.choices(), { timeout, what: `a choice (to pick ${label})` });
    const c = await this.choices();
    const opt = c.options.find(o => o.label === label);
    if (!opt) throw new Error(`choice has no option ${JSON.stringify(label)}: ${c.options.map(o => o.label).join(', ')}`);
    if (touch) await this.tap(opt.x, opt.y);
    else await this.click(opt.x, opt.y);
  }

  // playMove plays one move string the way a player would. how: 'click' (tap-tap
  // with the mouse), 'drag' (mouse), 'tap' (touch tap-tap), 'touchdrag'. A move that
  // needs a choice is answered with the option labelled by the move string itself
  // (or a prefix of it, for a choice in stages), or with opts.choices in order.
  // Returns the hook's state after the move.
  async playMove(move, opts = {}) {
    // A finger's tap that the driver held past the board's long press (half a
    // second: on a loaded machine a WebDriver round trip can take that long)
    // describes the piece and forgets the tap, as it would for a person who
    // held it: not a refused move. Such a move is input again, from its first
    // tap, at most twice, and each retry is said on stderr.
    for (let attempt = 0; ; attempt++) {
      const longBefore = (await this.state()).longPresses;
      try {
        return await this.inputMove(move, opts);
      } catch (e) {
        const long = (await this.state()).longPresses - longBefore;
        if (!(long > 0) || attempt >= 2) throw e;
        process.stderr.write(`${this.engine}: ${move}: the driver held a tap past the long press (${long}x); input again\n`);
      }
    }
  }

  // inputMove is playMove's single attempt.
  async inputMove(move, { how = 'click', choices = [] } = {}) {
    const explicit = [...choices];
    const before = await this.state();
    const side = sideOf(before);
    const drop = /^([A-Z])@([a-h][1-8])$/.exec(move);
    const board = /^([a-h][1-8])([a-h][1-8])/.exec(move);
    if (!drop && !board) throw new Error(`not a move string: ${move}`);
    const from = drop ? await this.handCenter(side, drop[1]) : await this.squareCenter(board[1]);
    const toSq = drop ? drop[2] : board[2];
    const touch = how === 'tap' || how === 'touchdrag';

    if (how === 'click' || how === 'tap') {
      if (touch) await this.tap(from.x, from.y); else await this.click(from.x, from.y);
      // A choice right after selecting (e.g. which piece of a pair): needs an explicit label.
      const early = await this.choices();
      if (early) {
        if (!explicit.length) throw new Error(`${move}: a choice opened on selection (${early.options.map(o => o.label).join(', ')}): give choices: [...] in the sequence`);
        await this.pickChoice(explicit.shift(), { touch });
      }
      const to = await this.squareCenter(toSq);
      if (touch) await this.tap(to.x, to.y); else await this.click(to.x, to.y);
    } else if (how === 'drag' || how === 'touchdrag') {
      const to = await this.squareCenter(toSq);
      if (touch) await this.touchDrag(from, to); else await this.drag(from, to);
    } else {
      throw new Error(`unknown input ${how}`);
    }

    for (let round = 0; round < 4; round++) {
      const c = await this.choices();
      if (!c) break;
      let label = explicit.shift();
      if (label === undefined) {
        // The option that plays this move (option.move), or the one that leads
        // to it in a choice in stages (the longest prefix); else by label.
        const fits = key => c.options.filter(o => o[key] === move).map(o => o.label)[0] ??
          c.options.filter(o => typeof o[key] === 'string' && o[key] && move.startsWith(o[key]))
            .sort((a, b) => b[key].length - a[key].length).map(o => o.label)[0];
        label = fits('move') ?? fits('label');
      }
      if (label === undefined) throw new Error(`${move}: no option of the choice fits (${c.options.map(o => `${o.label} [${o.move}]`).join(', ')}): give choices: [...]`);
      await this.pickChoice(label, { touch });
    }

    // Move confirmation (on by default on a touch screen): the move waits
    // for its Confirm button, which the player presses.
    const n = before.moves.length;
    const waiting = await this.waitFor(k => {
      const b = document.getElementById('confirm-bar');
      if (b && !b.hidden) return 'confirm';
      return window.chimera.state().moves.length > k ? 'played' : false;
    }, { arg: n, timeout: 3000, what: '' }).catch(() => null);
    if (waiting === 'confirm') {
      const ok = this.getByRole('button', { name: 'Confirm', exact: true });
      if (touch) await ok.tap(); else await ok.click();
    }
    const now = await this.state();
    if (now.moves.length === n && now.longPresses > before.longPresses) {
      throw new Error(`${this.engine}: ${move} (${how}): a tap became a long press (it describes the piece and forgets the tap)`);
    }
    try {
      await this.waitFor(k => window.chimera.state().moves.length > k, { arg: n, timeout: 15000, what: `move ${move} to be played` });
    } catch (e) {
      const now = await this.state();
      const input = await this.evaluate(() => (window.__chimeraInput || []).slice(-12));
      const shot = await this.screenshot(`failed-${move}`).then(r => r.file, err => err.message);
      throw new Error(`${this.engine}: ${move} (${how}) was not played: position ${now.position}, choices ${JSON.stringify(await this.choices())}, ` +
        `${now.tps} updates and ${now.fps} frames in the last second (screenshot ${shot}); the page's last input events:\n  ${input.join('\n  ')}\n${e.message}`);
    }
    const after = await this.state();
    // after.moves[n], not the last: the computer may have answered already.
    if (after.moves[n] !== move) throw new Error(`played ${after.moves[n]}, meant ${move} (${how})`);
    return after;
  }

  // ---- measurement
  // sample samples state() every `every` ms for `ms` ms; returns the samples.
  async sample(ms, every = 250) {
    const out = [];
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const s = await this.state();
      out.push({ t: Date.now(), fps: s.fps, tps: s.tps, repaints: s.repaints, animating: !!s.animating, thinking: !!s.thinking });
      await sleep(every);
    }
    return out;
  }

  // rafRate counts the browser's animation frames for ms: frames per second.
  rafRate(ms = 1000) {
    return this.evaluate(ms => new Promise(resolve => {
      let n = 0;
      const t0 = performance.now();
      const f = () => { n++; if (performance.now() - t0 < ms) requestAnimationFrame(f); else resolve(n * 1000 / (performance.now() - t0)); };
      requestAnimationFrame(f);
    }), ms);
  }

  // screenshot writes test-output/NAME-ENGINE.png and fails on a blank picture.
  // It is taken after two more animation frames; a blank one is taken again
  // (up to three times over a second: under load WebKit has given a half black,
  // half white picture of a page it then showed right).
  async screenshot(name) {
    fs.mkdirSync(OUT, { recursive: true });
    const file = path.join(OUT, `${name}-${this.engine}`.replace(/[^\w.-]+/g, '_') + '.png');
    let stats;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt) await sleep(500);
      await this.evaluate(waitFrames, { n: 2 });
      const buf = Buffer.from(await this.driver.screenshot());
      fs.writeFileSync(file, buf);
      stats = imageStats(decodePNG(buf));
      if (!isBlank(stats)) return { file, ...stats };
    }
    throw new Error(`screenshot ${file} is blank: ${stats.colours} colours, ${(stats.dominant * 100).toFixed(1)}% ${stats.dominantColour}`);
  }
}

// dragSteps: the pointer steps of a drag from a to b.
function dragSteps(a, b, steps, hold) {
  const out = [{ type: 'move', x: a.x, y: a.y }, { type: 'down' }, { type: 'hold', ms: hold }];
  for (let i = 1; i <= steps; i++) {
    out.push({ type: 'move', x: a.x + (b.x - a.x) * i / steps, y: a.y + (b.y - a.y) * i / steps }, { type: 'pause', ms: 20 });
  }
  out.push({ type: 'hold', ms: hold }, { type: 'up' }, { type: 'hold', ms: 0 });
  return out;
}

// sideOf returns 'white' or 'black', the side to move, from the hook's state.
export function sideOf(state) {
  const f = (state.position || '').split(' ')[1];
  if (f === 'w') return 'white';
  if (f === 'b') return 'black';
  const t = String(state.turn).toLowerCase();
  return t.startsWith('w') ? 'white' : 'black';
}

export function median(xs) {
  const v = xs.filter(x => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

// report prints a measured figure (not an assertion) and keeps it for
// test-output/report-NAME.json, or report-NAME-ENGINE.json when an engine is given
// (its name also starts the printed line).
const reports = new Map();
let reportName = 'report';
export function setReportName(name) { reportName = name; }
export function report(key, value, note = '', engine = '') {
  const line = `[report] ${engine ? engine + ' ' : ''}${key}: ${typeof value === 'number' ? +value.toFixed(2) : JSON.stringify(value)}${note ? ' ' + note : ''}`;
  console.log(line);
  const file = engine ? `${reportName}-${engine}.json` : `${reportName}.json`;
  if (!reports.has(file)) reports.set(file, []);
  reports.get(file).push({ key, value, note, ...(engine ? { engine } : {}) });
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, file), JSON.stringify(reports.get(file), null, 2));
}

// simpleMoves lists the legal moves that need no choice: plain FROM TO moves that
// no other legal move shares the squares of.
export function simpleMoves(legal) {
  const byPrefix = new Map();
  for (const m of legal) {
    const k = /^[a-h][1-8][a-h][1-8]/.exec(m)?.[0] ?? m;
    byPrefix.set(k, (byPrefix.get(k) || 0) + 1);
  }
  return legal.filter(m => /^[a-h][1-8][a-h][1-8]$/.test(m) && byPrefix.get(m) === 1);
}

// rng is a small seeded generator (mulberry32) so that games are repeatable.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
