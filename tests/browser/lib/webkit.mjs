// WebKit: Debian's WebKitGTK (webkit2gtk-driver): WebKitWebDriver starts its
// MiniBrowser in automation mode on a private Xvfb display (WebGL in software),
// driven over W3C WebDriver (classic) by the small client in webdriver.mjs.
//
// What WebDriver classic lacks, done in the page instead:
// - console and page errors: a script run after every navigation records them
//   (console methods wrapped, error and unhandledrejection events); an error
//   before the page's load event is not seen (MiniBrowser ignores its option to
//   print console messages when in automation mode);
// - init scripts: run after every navigation, at the load event (the game starts
//   later: main.wasm is fetched after the load event);
// - offline: none (the tests stop the server instead).
// Not possible here: touch (touch actions arrive as mouse events), and a window
// narrower than MiniBrowser's 447 px; device pixel ratio only as GDK_SCALE for
// the whole browser (an integer).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { xDisplay } from './xvfb.mjs';
import { WebDriverSession, request } from './webdriver.mjs';
import { holdPress } from './inpage.mjs';


export function miniBrowser() {
  if (process.env.MINIBROWSER) return process.env.MINIBROWSER;
  for (const lib of ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib', '/usr/libexec']) {
    for (const v of ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0']) {
      const p = path.join(lib, v, 'MiniBrowser');
      if (fs.existsSync(p)) return p;
    }
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
  });
}

const drivers = new Set();
process.on('exit', () => { for (const d of drivers) { try { process.kill(-d.pid, 'SIGKILL'); } catch { /* gone */ } } });

// startDriver runs WebKitWebDriver on a free port in its own process group (so
// that closing it also ends the MiniBrowser it started).
async function startDriver(env) {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child = spawn('WebKitWebDriver', [`--port=${port}`], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', d => { out += d; });
    child.stderr.on('data', d => { out += d; });
    const started = await new Promise(resolve => {
      child.on('error', e => resolve(e));
      const base = `http://127.0.0.1:${port}`;
      const t0 = Date.now();
      const poll = async () => {
        if (child.exitCode !== null) return resolve(new Error(`WebKitWebDriver exited (${child.exitCode}): ${out}`));
        try {
          await request(base, 'GET', '/status', undefined, { timeout: 2000 });
          return resolve(base);
        } catch { /* not yet */ }
        if (Date.now() - t0 > 15000) return resolve(new Error(`WebKitWebDriver did not answer in 15 s: ${out}`));
        setTimeout(poll, 100);
      };
      poll();
    });
    if (typeof started === 'string') {
      drivers.add(child);
      return { base: started, child, output: () => out };
    }
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
    if (started.code === 'ENOENT') throw new Error('WebKitWebDriver not found: apt-get install webkit2gtk-driver');
    if (attempt >= 2) throw started;
  }
}

// The recorder of console messages and page errors, run in the page.
function recordConsole() {
  if (window.__chimeraConsole) return;
  const log = window.__chimeraConsole = [];
  const text = v => {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return v.message;
    try { return JSON.stringify(v); } catch { return String(v); }
  };
  for (const type of ['log', 'info', 'warn', 'error', 'debug']) {
    const orig = console[type];
    console[type] = function (...args) {
      log.push({ type, text: args.map(text).join(' '), url: '' });
      return orig.apply(this, args);
    };
  }
  addEventListener('error', e => {
    if (e instanceof ErrorEvent) log.push({ type: 'pageerror', text: e.message, url: e.filename || '', stack: e.error?.stack });
    else if (e.target && e.target !== window) log.push({ type: 'error', text: `Failed to load resource: ${e.target.src || e.target.href || e.target.tagName}`, url: '' });
  }, true);
  addEventListener('unhandledrejection', e => {
    const r = e.reason;
    log.push({ type: 'pageerror', text: 'Unhandled Promise Rejection: ' + (r && r.message ? r.message : String(r)), url: '', stack: r?.stack });
  });
}

export async function launchWebKit({ width, height, dpr }, on) {
  const binary = miniBrowser();
  if (!binary) throw new Error('MiniBrowser not found: apt-get install webkit2gtk-driver (or set MINIBROWSER)');
  if (!Number.isInteger(dpr)) throw new Error(`WebKit: GDK_SCALE takes whole device pixel ratios (asked for ${dpr})`);
  const display = await xDisplay();
  // A fresh data folder: no service worker, cache or storage from another run.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'chimera-webkit-'));
  const env = {
    ...process.env, DISPLAY: display, GDK_SCALE: String(dpr), GDK_DPI_SCALE: '1',
    XDG_DATA_HOME: path.join(home, 'data'), XDG_CACHE_HOME: path.join(home, 'cache'), XDG_CONFIG_HOME: path.join(home, 'config'),
  };
  const driver = await startDriver(env);
  const stop = () => {
    try { process.kill(-driver.child.pid, 'SIGTERM'); } catch { /* gone */ }
    drivers.delete(driver.child);
    fs.rmSync(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
  let wd;
  try {
    wd = await WebDriverSession.create(driver.base, {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary, args: ['--automation'] },
    });
    await wd.setTimeouts({ script: 120000, pageLoad: 60000 });
  } catch (e) {
    stop();
    throw e;
  }
  const initScripts = [recordConsole];

  // afterNavigation runs the init scripts in the new document.
  const afterNavigation = async () => {
    for (const fn of initScripts) await wd.execute(`(${fn})();`);
  };

  // evaluate runs fn(arg) in the page and returns its (awaited) value.
  const evaluate = async (fn, arg) => {
    const r = await wd.executeAsync(
      `const arg = arguments[0], done = arguments[arguments.length - 1];
       Promise.resolve().then(() => (${fn})(arg)).then(
         v => done({ ok: true, v: v === undefined ? null : v }),
         e => done({ ok: false, e: String(e && e.stack || e) }));`, [arg ?? null]);
    if (!r.ok) throw new Error(`evaluate: ${r.e}`);
    return r.v;
  };

  // flush hands the page's recorded console messages to the session.
  const flush = async () => {
    let msgs = [];
    try {
      msgs = await wd.execute('return window.__chimeraConsole ? window.__chimeraConsole.splice(0) : [];');
    } catch { /* no page */ }
    for (const m of msgs || []) {
      if (m.type === 'pageerror') on.pageError(m.text, m.stack);
      else on.console(m.type, m.text, m.url);
    }
  };

  // The window is sized so that the page's viewport is width x height. A
  // resize reaches the page a little later under Xvfb: the viewport is read
  // once it has stopped changing (else a stale size skews the correction).
  const viewport = async () => {
    let last = null;
    for (let i = 0; i < 20; i++) {
      const v = await wd.execute('return [innerWidth, innerHeight];');
      if (last && v[0] === last[0] && v[1] === last[1]) return v;
      last = v;
      await new Promise(r => setTimeout(r, 50));
    }
    return last;
  };
  const fit = async () => {
    let w = width, h = height;
    for (let i = 0; i < 5; i++) {
      await wd.windowRect({ x: 0, y: 0, width: w, height: h });
      const [iw, ih] = await viewport();
      if (iw === width && ih === height) return;
      w += width - iw;
      h += height - ih;
    }
    const [iw, ih] = await viewport();
    throw new Error(`WebKit: the viewport is ${iw}x${ih}, asked for ${width}x${height}`);
  };
  try {
    await wd.navigate('about:blank');
    await fit();
  } catch (e) {
    await wd.delete().catch(() => {});
    stop();
    throw e;
  }

  const KEYS = {
    Enter: '\uE007', Escape: '\uE00C', Tab: '\uE004', Backspace: '\uE003', Space: ' ', Delete: '\uE017',
    ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015', Home: '\uE011', End: '\uE010',
  };
  const keys = list => wd.performActions([{
    type: 'key', id: 'keyboard', actions: list.flatMap(k => [{ type: 'keyDown', value: k }, { type: 'keyUp', value: k }]),
  }]);

  return {
    name: 'webkit',
    version: wd.capabilities.browserVersion,
    wd,
    async goto(url) {
      await flush();
      await wd.navigate(url);
      await afterNavigation();
      return { status: null };
    },
    async reload() {
      await flush();
      await wd.refresh();
      await afterNavigation();
      return { status: null, fromServiceWorker: null };
    },
    evaluate,
    async waitFor(fn, arg, timeout) {
      const end = Date.now() + timeout;
      for (;;) {
        const slice = Math.max(50, Math.min(10000, end - Date.now()));
        const r = await wd.executeAsync(
          `const arg = arguments[0], ms = arguments[1], done = arguments[arguments.length - 1];
           const pred = (${fn});
           const t0 = Date.now();
           const poll = async () => {
             let v;
             try { v = await pred(arg); } catch (e) { return done({ ok: false, e: String(e && e.stack || e) }); }
             if (v) return done({ ok: true, v });
             if (Date.now() - t0 >= ms) return done({ ok: false, timeout: true });
             setTimeout(poll, 50);
           };
           poll();`, [arg ?? null, slice]);
        if (r.ok) return r.v;
        if (!r.timeout) throw new Error(`waitFor: ${r.e}`);
        if (Date.now() >= end) throw new Error(`Timeout ${timeout} ms exceeded`);
      }
    },
    isTimeout: e => /^Timeout/.test(e.message),
    async addInitScript(fn) { initScripts.push(fn); },
    flush,
    // pointer: the steps up to each hold go in one Perform Actions; the hold
    // waits in the page; the pressed button stays pressed between the calls
    // (input state lasts until Release Actions, sent at the end).
    async pointer(kind, steps) {
      if (kind !== 'mouse') throw new Error('WebKitGTK: WebDriver touch actions are delivered as mouse events; touch input cannot be tested');
      const source = actions => [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }];
      let chunk = [];
      try {
        for (const st of steps) {
          if (st.type === 'move') chunk.push({ type: 'pointerMove', x: Math.round(st.x), y: Math.round(st.y), origin: 'viewport', duration: 0 });
          else if (st.type === 'down') chunk.push({ type: 'pointerDown', button: st.button || 0 });
          else if (st.type === 'up') chunk.push({ type: 'pointerUp', button: st.button || 0 });
          else if (st.type === 'pause') chunk.push({ type: 'pause', duration: Math.round(st.ms) });
          else if (st.type === 'hold') {
            if (chunk.length) await wd.performActions(source(chunk), { release: false });
            chunk = [];
            await evaluate(holdPress, { ms: st.ms });
          } else throw new Error(`pointer step ${st.type}`);
        }
        if (chunk.length) await wd.performActions(source(chunk), { release: false });
      } finally {
        await wd.releaseActions().catch(() => {});
      }
    },
    keyboard: text => keys([...text]),
    press(key) {
      const k = KEYS[key] ?? (key.length === 1 ? key : null);
      if (!k) throw new Error(`WebKit driver: unknown key ${key}`);
      return keys([k]);
    },
    screenshot: () => wd.screenshot(),
    async setOffline() { return false; },
    async close() {
      await flush();
      try { await wd.delete(); } catch { /* gone */ }
      stop();
    },
  };
}
