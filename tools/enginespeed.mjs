// enginespeed.mjs: the search's speed in a real browser worker. Serves the
// built site (make build), opens headless Chromium (playwright-core from
// tests/browser/node_modules, the browser at $CHROMIUM or /usr/bin/chromium),
// starts the page's own engine worker (web/engine-worker.js running
// engine.wasm) and lets it think at level 8 in each rule set: first from
// the start position for a second to warm up (V8 optimises WebAssembly after
// a while), then from the rule set's mid-game position (the positions of
// ai/bench_test.go) for the move time. It prints, as [report] lines, nodes
// per second of that search per second of the worker thread's CPU time (read
// from /proc: the machine may be shared) and per second of wall-clock time
// (the engine's own). With -native it then runs the same searches in the
// native engine (cmd/engine, built with go) over its standard input, one
// after the other in the same run, per second of that process's CPU time,
// and prints the ratio worker / native.
//
//   node tools/enginespeed.mjs [-movetime MS] [-dist DIR] [-native]
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const dist = resolve(opt('-dist', process.env.CHIMERA_DIST || join(root, 'dist')));
const movetime = Number(opt('-movetime', 3000));
const { chromium } = createRequire(join(root, 'tests/browser/package.json'))('playwright-core');

// the mid-game positions of ai's benchmarks: lines "rule set<TAB>position"
const positions = (await readFile(join(root, 'ai/testdata/midgames.txt'), 'utf8'))
  .split('\n').filter(l => l && !l.startsWith('#')).map(l => l.split('\t'));

// workerCPU returns the CPU time in seconds of the threads named
// DedicatedWorker in the processes below pid (the browser's renderers).
async function workerCPU(pid) {
  const procs = await readdir('/proc').catch(() => []);
  const parent = new Map();
  for (const p of procs) {
    if (/^\d+$/.test(p)) parent.set(p, (await procStat(`/proc/${p}/stat`)).ppid);
  }
  const below = p => {
    for (let q = p; q; q = parent.get(q)) if (q === String(pid)) return true;
    return false;
  };
  let cpu = 0;
  for (const p of parent.keys()) {
    if (!below(p)) continue;
    for (const t of await readdir(`/proc/${p}/task`).catch(() => [])) {
      const st = await procStat(`/proc/${p}/task/${t}/stat`);
      if (st.name.startsWith('DedicatedWorker')) cpu += st.cpu;
    }
  }
  return cpu;
}

// procStat reads a /proc stat file: the process's or thread's name, its
// parent and its CPU time in seconds (user and system); empty if it is gone.
async function procStat(file) {
  const stat = await readFile(file, 'utf8').catch(() => '');
  const close = stat.lastIndexOf(')');
  if (close < 0) return { name: '', ppid: '', cpu: 0 };
  const f = stat.slice(close + 2).split(' '); // from the state on
  return { name: stat.slice(stat.indexOf('(') + 1, close), ppid: f[1], cpu: (Number(f[11]) + Number(f[12])) / 100 }; // USER_HZ
}

const types = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const server = createServer(async (req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (path === '/') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>engine speed</title>');
    return;
  }
  try {
    const body = await readFile(join(dist, path.replace(/^\/+/, '').replace(/\.\./g, '')));
    res.writeHead(200, { 'content-type': types[extname(path)] || 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise(r => server.listen(0, '127.0.0.1', r));
const launched = await chromium.launchServer({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium' });
const browser = await chromium.connect(launched.wsEndpoint());
try {
  const page = await browser.newPage();
  page.on('console', m => m.type() === 'error' && console.error('page:', m.text()));
  await page.addInitScript({ content: `self.thinker = ${thinker}` }); // the same in the page
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.exposeFunction('workerCPU', () => workerCPU(launched.process().pid));
  const version = browser.version();
  const results = await page.evaluate(async ({ positions, movetime }) => {
    const w = new Worker('engine-worker.js');
    let onmsg = () => {};
    w.onmessage = e => onmsg(e.data);
    await new Promise((ok, bad) => {
      onmsg = m => (m.type === 'ready' ? ok() : m.type === 'error' && bad(new Error(m.message)));
    });
    const think = self.thinker(m => w.postMessage(m), f => (onmsg = f));
    const out = [];
    for (const [variant, fen] of positions) {
      const warm = await think(variant, 'startpos', { movetime: 1000 });
      const c0 = await window.workerCPU();
      const run = await think(variant, fen, { movetime });
      const cpu = (await window.workerCPU()) - c0;
      out.push({ variant, warm, run, cpu });
    }
    w.terminate();
    return out;
  }, { positions, movetime });
  const native = args.includes('-native') ? await nativeRuns() : {};
  for (const { variant, warm, run, cpu } of results) {
    const nps = i => (i && i.time > 0 ? Math.round(i.nodes / (i.time / 1000)) : 0);
    const n = native[variant];
    if (n) {
      console.log(`[report] native engine, ${variant}: ${Math.round(n.nodes / n.cpu)} nodes per CPU second ` +
        `(depth ${n.depth}: ${n.nodes} nodes, ${n.cpu.toFixed(2)} s CPU); worker / native ` +
        `${(run.nodes / cpu / (n.nodes / n.cpu)).toFixed(2)}`);
    }
    console.log(`[report] engine worker, Chromium ${version}, ${variant}: ` +
      `${cpu > 0 ? Math.round(run.nodes / cpu) : '?'} nodes per CPU second, ${nps(run)} per second ` +
      `(depth ${run.depth}: ${run.nodes} nodes, ${run.time} ms, ${cpu.toFixed(2)} s CPU; ` +
      `warm-up from the start: ${warm.nodes} nodes at ${nps(warm)} per second)`);
  }
} finally {
  await browser.close();
  await launched.close();
  server.close();
}

// thinker returns think(variant, fen, go): one level-8 search over the
// engine protocol (post sends a message, listen sets the message handler),
// resolving to the search's last info. The page's worker and the native
// engine share it (in the page through its source).
function thinker(post, listen) {
  return (variant, fen, go) => new Promise((ok, bad) => {
    let last = null;
    listen(m => {
      if (m.type === 'info') last = m;
      else if (m.type === 'bestmove') ok(last);
      else if (m.type === 'error') bad(new Error(m.message));
    });
    post({ type: 'position', variant, fen, moves: [] });
    post({ type: 'go', level: 8, seed: 1, ...go });
  });
}

// nativeRuns builds cmd/engine natively and runs the same searches in it:
// per rule set the last info of the mid-game search and its CPU seconds.
async function nativeRuns() {
  const dir = await mkdtemp(join(tmpdir(), 'enginespeed-'));
  try {
    const bin = join(dir, 'engine');
    execFileSync('go', ['build', '-o', bin, './cmd/engine'], { cwd: root, stdio: 'inherit' });
    const p = spawn(bin, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    let buf = '';
    let onmsg = () => {};
    p.stdout.on('data', d => {
      buf += d;
      for (let i; (i = buf.indexOf('\n')) >= 0; buf = buf.slice(i + 1)) onmsg(JSON.parse(buf.slice(0, i)));
    });
    const think = thinker(m => p.stdin.write(JSON.stringify(m) + '\n'), f => (onmsg = f));
    const cpuOf = async () => (await procStat(`/proc/${p.pid}/stat`)).cpu;
    const out = {};
    for (const [variant, fen] of positions) {
      await think(variant, 'startpos', { movetime: 1000 });
      const c0 = await cpuOf();
      const run = await think(variant, fen, { movetime });
      out[variant] = { ...run, cpu: (await cpuOf()) - c0 };
    }
    p.stdin.end();
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
