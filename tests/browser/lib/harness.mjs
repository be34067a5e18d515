// Harness for the browser tests: serves dist/ with cmd/serve, drives Debian's
// Chromium (playwright-core, no browser download) and plays the game through the
// page's test hook, window.chimera, with real mouse and touch input.
//
// The hook (implemented by cmd/wasm):
//   chimera.state()            {variant, position, moves, result, reason, turn, thinking, animating, fps}
//   chimera.squareCenter('e2') {x, y} in CSS px of the page
//   chimera.handCenter('white'|'black', 'N') {x, y}
//   chimera.choices()          null or {options: [{label, x, y}]}
// state() also has tps, repaints, ply and flipped.
//
// Ebiten samples input once per tick (1/60 s), so every press is held ~100 ms.
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { decodePNG, imageStats, isBlank } from './png.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BROWSER_DIR = path.resolve(here, '..');
export const ROOT = path.resolve(BROWSER_DIR, '../..');
export const DIST = path.resolve(process.env.CHIMERA_DIST || path.join(ROOT, 'dist'));
export const OUT = path.resolve(process.env.CHIMERA_TEST_OUTPUT || path.join(BROWSER_DIR, 'test-output'));
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// Chromium flags: no sandbox (root), software WebGL through SwiftShader, and no
// background traffic (the machines here have no network but the registries).
export const FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];

// Console messages that are not the page's errors.
const IGNORED_CONSOLE = /GL Driver Message|GPU stall|favicon\.ico|Automatic fallback to software WebGL/;

export const HOLD_MS = 100;
export const sleep = ms => new Promise(r => setTimeout(r, ms));

export const VARIANTS = ['bedlam', 'assimilation', 'bifold-halfgi', 'bifold-halfgi-pawns', 'bifold-halfgi-weak'];

// ---------------------------------------------------------------- the site

export function siteStatus() {
  const missing = ['index.html', 'main.wasm', 'engine.wasm'].filter(f => !fs.existsSync(path.join(DIST, f)));
  if (missing.length) return { ok: false, reason: `${DIST} is not built (no ${missing.join(', ')}): run make build` };
  return { ok: true, reason: '' };
}

// browserSuite sets up a test file that plays in the browser: before its
// tests it starts cmd/serve and, given launch options, one browser session;
// after them it closes both. skip is why the tests cannot run (the site is
// not built), or false. fresh() returns { s, server } with the session's
// recorded page errors cleared, for a test to start from.
export function browserSuite(launchOpts) {
  const site = siteStatus();
  const suite = {
    skip: site.ok ? false : site.reason,
    server: null,
    s: null,
    fresh() {
      suite.s?.errors.splice(0);
      return { s: suite.s, server: suite.server };
    },
  };
  before(async () => {
    if (suite.skip) return;
    suite.server = await startServer();
    if (launchOpts) suite.s = await launch(launchOpts);
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

// launch starts Chromium with a fresh profile. Options: width, height, dpr,
// mobile (phone emulation with touch).
export async function launch({ width = 1280, height = 720, dpr = 1, mobile = false } = {}) {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM)`);
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chimera-profile-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, timeout: 60000,
    viewport: { width, height }, deviceScaleFactor: dpr,
    isMobile: mobile, hasTouch: mobile,
    userAgent: mobile ? 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36' : undefined,
  });
  const page = ctx.pages()[0] || await ctx.newPage();
  return new Session(ctx, page, profile, { width, height, dpr, mobile });
}

export class Session {
  constructor(ctx, page, profile, opts) {
    this.ctx = ctx;
    this.page = page;
    this.profile = profile;
    this.opts = opts;
    this.errors = [];
    this.log = [];
    this.allowErrors = null; // a RegExp of console errors a test expects
    page.on('console', m => {
      const text = m.text();
      const loc = m.location()?.url ? ` (${m.location().url})` : '';
      this.log.push(`[console.${m.type()}] ${text}${loc}`);
      if (IGNORED_CONSOLE.test(text + loc)) return;
      if (m.type() === 'error' && !(this.allowErrors && this.allowErrors.test(text))) this.errors.push(`console.error: ${text}${loc}`);
      if (/^(panic:|fatal error:)|exit code: [1-9]/.test(text)) this.errors.push(`Go: ${text}`);
    });
    page.on('pageerror', e => { this.log.push(`[pageerror] ${e.stack || e.message}`); this.errors.push(`page error: ${e.message}`); });
    page.on('crash', () => this.errors.push('page crashed'));
    page.on('worker', w => this.log.push(`[worker] ${w.url()}`));
  }

  async close() {
    try { await this.ctx.close(); } catch { /* already gone */ }
    fs.rmSync(this.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }

  // assertClean throws if the page had an error or a console error.
  assertClean() {
    if (this.errors.length) {
      throw new Error(`page errors:\n  ${this.errors.join('\n  ')}\n--- console ---\n${this.log.slice(-40).join('\n')}`);
    }
  }

  async cdp() {
    this._cdp ||= await this.ctx.newCDPSession(this.page);
    return this._cdp;
  }

  // open loads the game page with URL parameters and waits for the hook. Returns
  // timings in ms since navigation start: hook (window.chimera usable), firstFrame.
  async open(baseURL, params = {}) {
    const qs = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    const url = `${baseURL}/?${qs}`;
    if (!this._initScript) this._initScript = this.page.addInitScript(() => {
      // Notes when the hook first answers and when a first frame was drawn.
      const t = window.__chimeraTimes = {};
      const poll = () => {
        try {
          const c = window.chimera;
          if (c && typeof c.state === 'function') {
            const s = c.state();
            t.hook ??= performance.now();
            if (s && s.fps > 0) t.firstFrame ??= performance.now();
            if (t.firstFrame !== undefined) return;
          }
        } catch { /* not ready */ }
        requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    });
    await this._initScript;
    const resp = await this.page.goto(url, { waitUntil: 'load', timeout: 60000 });
    if (!resp || !resp.ok()) throw new Error(`GET ${url}: ${resp ? resp.status() : 'no response'}`);
    await this.waitFor(() => window.chimera && typeof window.chimera.state === 'function' && !!window.chimera.state(),
      { timeout: 60000, what: 'window.chimera (the test hook) to answer' });
    await this.waitFor(() => window.__chimeraTimes.firstFrame !== undefined, { timeout: 30000, what: 'a first frame (state().fps > 0)' });
    return this.page.evaluate(() => ({ ...window.__chimeraTimes, boot: window.chimeraBoot }));
  }

  // waitFor polls a page function until it returns a truthy value.
  async waitFor(fn, { timeout = 10000, what = String(fn), arg } = {}) {
    try {
      const h = await this.page.waitForFunction(fn, arg, { timeout, polling: 50 });
      return h.jsonValue();
    } catch (e) {
      if (/Timeout/i.test(e.message)) {
        throw new Error(`timed out after ${timeout} ms waiting for ${what}\n--- console ---\n${this.log.slice(-30).join('\n')}`);
      }
      throw e;
    }
  }

  // ---- the hook
  async state() {
    const st = await this.page.evaluate(() => window.chimera.state());
    if (st && Number.isFinite(st.tps) && st.tps > 0) this.tps = st.tps;
    return st;
  }
  // hold is how long a press is held: 100 ms, or longer when the game runs fewer
  // than 60 updates a second (a loaded machine) so that at least two updates see it.
  get hold() {
    return this.tps ? Math.min(800, Math.max(HOLD_MS, Math.round(2500 / this.tps))) : HOLD_MS;
  }
  choices() { return this.page.evaluate(() => window.chimera.choices()); }
  async squareCenter(sq) {
    const p = await this.page.evaluate(s => window.chimera.squareCenter(s), sq);
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new Error(`squareCenter(${sq}) gave ${JSON.stringify(p)}`);
    return p;
  }
  async handCenter(color, letter) {
    const p = await this.page.evaluate(([c, l]) => window.chimera.handCenter(c, l), [color, letter]);
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new Error(`handCenter(${color}, ${letter}) gave ${JSON.stringify(p)}`);
    return p;
  }
  async waitIdle(timeout = 10000) {
    await this.waitFor(() => !window.chimera.state().animating, { timeout, what: 'the animation to end' });
  }

  // ---- raw input
  async mouseClick(x, y) {
    const m = this.page.mouse;
    await m.move(x, y);
    await m.down();
    await sleep(this.hold);
    await m.up();
    await sleep(50);
  }
  async mouseDrag(a, b, steps = 8) {
    const m = this.page.mouse;
    await m.move(a.x, a.y);
    await m.down();
    await sleep(this.hold);
    for (let i = 1; i <= steps; i++) {
      await m.move(a.x + (b.x - a.x) * i / steps, a.y + (b.y - a.y) * i / steps);
      await sleep(20);
    }
    await sleep(this.hold);
    await m.up();
    await sleep(50);
  }
  async touch(type, x, y) {
    const cdp = await this.cdp();
    await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }] });
  }
  async touchTap(x, y) {
    await this.touch('touchStart', x, y);
    await sleep(this.hold);
    await this.touch('touchEnd');
    await sleep(50);
  }
  async touchDrag(a, b, steps = 8) {
    await this.touch('touchStart', a.x, a.y);
    await sleep(this.hold);
    for (let i = 1; i <= steps; i++) {
      await this.touch('touchMove', a.x + (b.x - a.x) * i / steps, a.y + (b.y - a.y) * i / steps);
      await sleep(20);
    }
    await sleep(this.hold);
    await this.touch('touchEnd');
    await sleep(50);
  }


  // pickChoice answers the open choice with the option whose label is given.
  async pickChoice(label, { touch = false, timeout = 10000 } = {}) {
    await this.waitFor(() => !!window.chimera.choices(), { timeout, what: `a choice (to pick ${label})` });
    const c = await this.choices();
    const opt = c.options.find(o => o.label === label);
    if (!opt) throw new Error(`choice has no option ${JSON.stringify(label)}: ${c.options.map(o => o.label).join(', ')}`);
    if (touch) await this.touchTap(opt.x, opt.y);
    else await this.mouseClick(opt.x, opt.y);
  }

  // playMove plays one move string the way a player would. how: 'click' (tap-tap
  // with the mouse), 'drag' (mouse), 'tap' (touch tap-tap), 'touchdrag'. A move that
  // needs a choice is answered with the option labelled by the move string itself
  // (or a prefix of it, for a choice in stages), or with opts.choices in order.
  // Returns the hook's state after the move.
  async playMove(move, { how = 'click', choices = [] } = {}) {
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
      if (touch) await this.touchTap(from.x, from.y); else await this.mouseClick(from.x, from.y);
      // A choice right after selecting (e.g. which piece of a pair): needs an explicit label.
      const early = await this.choices();
      if (early) {
        if (!explicit.length) throw new Error(`${move}: a choice opened on selection (${early.options.map(o => o.label).join(', ')}): give choices: [...] in the sequence`);
        await this.pickChoice(explicit.shift(), { touch });
      }
      const to = await this.squareCenter(toSq);
      if (touch) await this.touchTap(to.x, to.y); else await this.mouseClick(to.x, to.y);
    } else if (how === 'drag' || how === 'touchdrag') {
      const to = await this.squareCenter(toSq);
      if (touch) await this.touchDrag(from, to); else await this.mouseDrag(from, to);
    } else {
      throw new Error(`unknown input ${how}`);
    }

    for (let round = 0; round < 4; round++) {
      const c = await this.choices();
      if (!c) break;
      const labels = c.options.map(o => o.label);
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

    const n = before.moves.length;
    try {
      await this.waitFor(k => window.chimera.state().moves.length > k, { arg: n, timeout: 15000, what: `move ${move} to be played` });
    } catch (e) {
      const now = await this.state();
      throw new Error(`${move} (${how}) was not played: position ${now.position}, choices ${JSON.stringify(await this.choices())}\n${e.message}`);
    }
    const after = await this.state();
    // after.moves[n], not the last: the computer may have answered already.
    if (after.moves[n] !== move) throw new Error(`played ${after.moves[n]}, meant ${move} (${how})`);
    return after;
  }

  // ---- measurement
  // sampleWhile samples state() every `every` ms for `ms` ms; returns the samples.
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
    return this.page.evaluate(ms => new Promise(resolve => {
      let n = 0;
      const t0 = performance.now();
      const f = () => { n++; if (performance.now() - t0 < ms) requestAnimationFrame(f); else resolve(n * 1000 / (performance.now() - t0)); };
      requestAnimationFrame(f);
    }), ms);
  }

  // screenshot writes test-output/NAME.png and fails on a blank picture.
  async screenshot(name) {
    fs.mkdirSync(OUT, { recursive: true });
    const file = path.join(OUT, name.replace(/[^\w.-]+/g, '_') + '.png');
    const buf = await this.page.screenshot({ path: file });
    const stats = imageStats(decodePNG(buf));
    if (isBlank(stats)) {
      throw new Error(`screenshot ${file} is blank: ${stats.colours} colours, ${(stats.dominant * 100).toFixed(1)}% ${stats.dominantColour}`);
    }
    return { file, ...stats };
  }
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
// test-output/report-NAME.json.
const reports = [];
let reportName = 'report';
export function setReportName(name) { reportName = name; }
export function report(key, value, note = '') {
  const line = `[report] ${key}: ${typeof value === 'number' ? +value.toFixed(2) : JSON.stringify(value)}${note ? ' ' + note : ''}`;
  console.log(line);
  reports.push({ key, value, note });
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, `${reportName}.json`), JSON.stringify(reports, null, 2));
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
