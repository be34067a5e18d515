// worker_driver.js runs the browser's engine worker under Node: the real
// web/engine-worker.js in a worker thread (worker_threads), with the few
// browser globals it uses (self, importScripts, fetch, postMessage,
// onmessage) supplied from local files, loading engine.wasm with Go's
// wasm_exec.js. Messages go to it with worker.postMessage, one task each,
// as a page's do, or many in one task (a burst: what a busy worker gets
// from its queue when it next looks). Used by cmd/engine's tests (TestWorkerUnderNode):
//
//	node worker_driver.js SCENARIO WASM_EXEC_JS ENGINE_WASM ENGINE_WORKER_JS
//
// It prints one JSON line: {scenario, gos, answers, errors, ...} with the
// counts the test checks, then exits (exit code 0 unless the driver itself
// fails). Scenarios:
//
//	flood300  a level-8 'go' with 10 minutes, then 300 'position' messages after
//	          300 ms (the reported deadlock), five times; then one more 'go'
//	bursts    10,000 messages (position, go, stop, junk) in bursts of 1-200
//	          while searches run; every 'go' carries an id
//	info      one 3 s search of a middle-game: when each 'info' arrived
//	stop      a 10-minute search stopped after 300 ms, then a level-3 search
//	odd       gos with odd ids and fields (a BigInt crashed the engine) and a
//	          refused position, one at a time: what each bestmove says
//	analysis  an infinite 'go' with multipv 3 (movetime 50, ignored), stopped
//	          after 1.5 s; then an infinite depth-2 'go' that ends by itself,
//	          answered only at the next 'position': what the infos and
//	          bestmoves say
//	review    review searches (nodes 20,000) of a position of each rule set,
//	          one at a time: what each bestmove says
//	crash     (with testdata/fake_wasm_exec.js) two gos the engine does not
//	          answer, then it exits, then two more gos: who answers what
'use strict';
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');

if (!isMainThread) {
  // The worker side: a browser Web Worker's globals, then engine-worker.js.
  const fs = require('fs');
  const vm = require('vm');
  const files = workerData.files;
  globalThis.self = globalThis;
  globalThis.importScripts = (...names) => {
    for (const n of names) vm.runInThisContext(fs.readFileSync(files[n], 'utf8'), { filename: files[n] });
  };
  globalThis.fetch = async url => {
    if (!files[url]) return new Response('not found', { status: 404 });
    return new Response(fs.readFileSync(files[url]), { headers: { 'Content-Type': 'application/wasm' } });
  };
  globalThis.postMessage = msg => parentPort.postMessage(msg);
  // {burst: [...]} delivers its messages back to back in one task, as a
  // browser does with messages that queued up while the worker was busy.
  parentPort.on('message', data => {
    if (typeof self.onmessage !== 'function') return;
    if (data && data.burst) for (const m of data.burst) self.onmessage({ data: m });
    else self.onmessage({ data });
  });
  vm.runInThisContext(fs.readFileSync(files['engine-worker.js'], 'utf8'), { filename: files['engine-worker.js'] });
  return;
}

const [scenario, wasmExec, engineWasm, workerJS] = process.argv.slice(2);
const worker = new Worker(__filename, {
  workerData: { files: { 'wasm_exec.js': wasmExec, 'engine.wasm': engineWasm, 'engine-worker.js': workerJS } },
  stdout: false,
});
const t0 = Date.now();
const now = () => Date.now() - t0;
const received = [];
let onMsg = () => {};
let workerExit = null;
worker.on('message', m => { m.at = now(); received.push(m); onMsg(m); });
worker.on('error', err => { received.push({ type: 'worker-error', message: String(err), at: now() }); });
worker.on('exit', code => { workerExit = code; });

const sleep = ms => new Promise(r => setTimeout(r, ms));
const send = m => worker.postMessage(m);
async function until(pred, ms) {
  const end = Date.now() + ms;
  while (!pred() && Date.now() < end && workerExit === null) await sleep(5);
  return pred();
}
const count = type => received.filter(m => m.type === type).length;
function finish(extra) {
  const summary = {
    scenario,
    gos: extra.gos,
    answers: count('bestmove'),
    errors: count('error'),
    workerErrors: received.filter(m => m.type === 'worker-error').map(m => m.message),
    errorTexts: [...new Set(received.filter(m => m.type === 'error').map(m => m.message.replace(/"[^"]*"/g, '"…"')))].slice(0, 20),
    ms: now(),
    ...extra,
  };
  console.log(JSON.stringify(summary));
  worker.terminate().then(() => process.exit(0));
}

const variants = ['bedlam', 'assimilation', 'bifold-halfgi', 'bifold-halfgi-pawns', 'bifold-halfgi-weak', 'chess'];
let rng = 12345;
const rand = n => { rng = (rng * 1103515245 + 12345) % 2147483648; return rng % n; };

const scenarios = {
  async flood300() {
    // the reported case, five times over with the flood at different moments
    let gos = 0;
    const firsts = [];
    for (let round = 0; round < 5; round++) {
      send({ type: 'position', variant: 'bedlam', fen: 'startpos', moves: ['e2e4', 'e7e5'] });
      send({ type: 'go', level: 8, movetime: 600000 }); // only the flood can end it soon
      gos++;
      await sleep(300 + 7 * round);
      const floodAt = now();
      const flood = [];
      for (let i = 0; i < 300; i++) flood.push({ type: 'position', variant: 'bedlam', fen: 'startpos', moves: i % 2 ? ['e2e4'] : [] });
      send({ burst: flood });
      await until(() => count('bestmove') >= gos, 120000);
      const answer = received.filter(m => m.type === 'bestmove')[gos - 1];
      firsts.push(answer ? answer.at - floodAt : null);
    }
    send({ type: 'go', level: 3, seed: 1 });
    gos++;
    await until(() => count('bestmove') >= gos, 120000);
    const last = received.filter(m => m.type === 'bestmove')[gos - 1];
    return { gos, answerAfterFlood: firsts, lastMove: last ? last.move : null };
  },

  async bursts() {
    const prefixes = [[], ['e2e4'], ['e2e4', 'e7e5'], ['d2d4', 'd7d5', 'c2c4']];
    let gos = 0, sent = 0, id = 0;
    const junk = [
      () => 'not an object', () => 42, () => null, () => [1, 2], () => ({}), () => ({ type: 'nonsense' }),
      () => ({ type: 7 }), () => ({ type: 'go', movetime: 'soon', id: ++id }), () => ({ type: 'go', depth: -3, id: ++id }),
      () => ({ type: 'go', level: 99, id: ++id }), () => ({ type: 'position', variant: 'nope' }),
      () => ({ type: 'position', variant: 'bedlam', moves: ['e2e5'] }), () => ({ type: 'position', variant: 'chess', fen: '8/8/8/8/8/8/8/8 w - - 0 1' }),
      () => ({ type: 'position', variant: 'bedlam', moves: 'e2e4' }), () => ({ type: 'position', variant: 'bedlam', moves: [1, 2] }),
    ];
    const target = 10000;
    const goIds = new Set();
    while (sent < target) {
      const n = Math.min(target - sent, 1 + rand(200));
      const burst = [];
      for (let k = 0; k < n; k++) {
        const r = rand(100);
        let m;
        if (r < 40) {
          const v = variants[rand(variants.length)];
          m = { type: 'position', variant: v, fen: 'startpos', moves: prefixes[rand(prefixes.length)] };
        } else if (r < 75) {
          m = { type: 'go', id: ++id, level: 1 + rand(8), movetime: 5 + rand(50), seed: rand(1000) };
        } else if (r < 85) {
          m = { type: 'stop' };
        } else {
          m = junk[rand(junk.length)]();
        }
        if (m && typeof m === 'object' && m.type === 'go') { gos++; goIds.add(m.id); }
        burst.push(m);
        sent++;
      }
      // half the bursts in one task, half as one task per message
      if (rand(2)) send({ burst });
      else for (const m of burst) send(m);
      // let searches run between bursts
      await sleep(rand(30));
    }
    const sentAt = now();
    // the last word: a real position and a search that must play a move
    send({ type: 'position', variant: 'bedlam', fen: 'startpos', moves: ['e2e4'] });
    send({ type: 'go', id: ++id, level: 4 });
    gos++; goIds.add(id); sent += 2;
    await until(() => count('bestmove') >= gos, 300000);
    const answers = received.filter(m => m.type === 'bestmove');
    const answered = new Map();
    for (const a of answers) answered.set(a.id, (answered.get(a.id) || 0) + 1);
    const twice = [...answered].filter(([, n]) => n > 1).map(([k]) => k);
    const missing = [...goIds].filter(k => !answered.has(k));
    const last = answers.find(a => a.id === id);
    return { gos, sent, sentAt, twice, missing: missing.slice(0, 10), lastMove: last ? last.move : null };
  },

  async stop() {
    send({ type: 'position', variant: 'bedlam', fen: 'startpos', moves: ['e2e4', 'e7e5'] });
    send({ type: 'go', movetime: 600000, id: 1 }); // only the stop can end it soon
    await sleep(300);
    const stopAt = now();
    send({ type: 'stop' });
    await until(() => count('bestmove') >= 1, 120000);
    const first = received.find(m => m.type === 'bestmove');
    send({ type: 'position', variant: 'bifold-halfgi', fen: 'startpos', moves: [] });
    send({ type: 'go', level: 3, seed: 7, id: 2 });
    await until(() => count('bestmove') >= 2, 120000);
    const second = received.filter(m => m.type === 'bestmove')[1];
    return { gos: 2, firstMove: first && first.move, stopAnsweredAfter: first ? first.at - stopAt : null, lastMove: second && second.move };
  },

  async odd() {
    const describe = v => (v === undefined ? 'none' : typeof v + ':' + String(v));
    const gos = [
      { type: 'go', depth: 1, id: 1n }, // a BigInt: v.Type() panicked, the engine died
      { type: 'go', depth: 1, id: NaN },
      { type: 'go', depth: 1, id: -Infinity },
      { type: 'go', depth: 1, id: -2.5 },
      { type: 'go', depth: 1, id: 'str' },
      { type: 'go', depth: 1, id: { a: 1 } },
      { type: 'go', depth: 1, id: [1] },
      { type: 'go', depth: 1, id: true },
      { type: 'go', depth: 2n, id: 5 },
      { type: 'go', movetime: 86400000, id: 6 },
      { type: 'go', movetime: Infinity, id: 7 },
    ];
    const results = [];
    let n = 0;
    const goAndWait = async m => {
      send(m);
      n++;
      await until(() => count('bestmove') >= n, 60000);
      const b = received.filter(x => x.type === 'bestmove')[n - 1];
      return b ? { id: describe(b.id), move: b.move, error: b.error || '' } : null;
    };
    send({ type: 'position', variant: 'chess', fen: 'startpos', moves: [] });
    for (const m of gos) results.push(await goAndWait(m));
    send(7n); // a message that is a BigInt
    send({ type: 8n });
    send({ type: 'position', variant: 'chess', moves: 'e2e4' }); // refused: no position until a valid one
    const refused = await goAndWait({ type: 'go', depth: 1, id: 'r1' });
    const refusedError = received.find(x => x.type === 'error' && x.id === 'r1');
    send({ type: 'position', variant: 'chess', fen: 'startpos', moves: ['e2e4'] });
    const last = await goAndWait({ type: 'go', depth: 1, id: 'last' });
    return { gos: n, results, refused, refusedError: refusedError ? refusedError.message : null, lastMove: last ? last.move : null };
  },

  async analysis() {
    send({ type: 'position', variant: 'bedlam', fen: 'startpos', moves: ['e2e4'] });
    send({ type: 'go', infinite: true, multipv: 3, movetime: 50, id: 'a' });
    await sleep(1500);
    const beforeStop = count('bestmove');
    send({ type: 'stop' });
    await until(() => count('bestmove') >= 1, 60000);
    const infos = received.filter(m => m.type === 'info' && m.id === 'a');
    const last = infos[infos.length - 1] || {};
    const best = received.find(m => m.type === 'bestmove' && m.id === 'a');
    send({ type: 'go', infinite: true, depth: 2, id: 'b' });
    await sleep(800);
    const beforePosition = count('bestmove');
    send({ type: 'position', variant: 'chess', fen: 'startpos', moves: [] });
    await until(() => count('bestmove') >= 2, 60000);
    const b = received.find(m => m.type === 'bestmove' && m.id === 'b');
    return {
      gos: 2, beforeStop, beforePosition, infos: infos.length, lastLines: last.lines || null, lastPV: last.pv || null,
      move: best ? best.move : null, moveB: b ? b.move : null,
      linesEverywhere: infos.every(m => Array.isArray(m.lines) && m.lines.length >= 1),
    };
  },

  async review() {
    const results = [];
    for (let i = 0; i < variants.length; i++) {
      send({ type: 'position', variant: variants[i], fen: 'startpos', moves: [] });
      send({ type: 'go', level: 3, depth: 2 }); // something else first: the table is not empty
      await until(() => count('bestmove') >= 2 * i + 1, 60000);
      send({ type: 'go', nodes: 20000, id: i });
      await until(() => count('bestmove') >= 2 * i + 2, 60000);
      const b = received.filter(m => m.type === 'bestmove')[2 * i + 1] || {};
      results.push({ variant: variants[i], move: b.move, score: b.score, mate: b.mate, depth: b.depth, nodes: b.nodes, pv: b.pv });
    }
    return { gos: 2 * variants.length, results };
  },

  async crash() {
    send({ type: 'position', variant: 'chess', fen: 'startpos', moves: [] });
    send({ type: 'go', id: 1 });
    send({ burst: [{ type: 'go', id: 2 }, ['not', 'a', 'go'], { type: 'exit' }] });
    await until(() => count('bestmove') >= 2, 10000);
    send({ type: 'go', id: 3 });
    send({ type: 'go', id: 4 });
    await until(() => count('bestmove') >= 4, 10000);
    await sleep(100); // any answer too many
    const answers = received.filter(m => m.type === 'bestmove');
    return { gos: 4, ids: answers.map(m => m.id), moves: answers.map(m => m.move), withError: answers.filter(m => m.error).length };
  },

  async info() {
    send({ type: 'position', variant: 'chess', fen: 'r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8', moves: [] });
    const goAt = now();
    send({ type: 'go', level: 8, movetime: 3000 });
    await until(() => count('bestmove') >= 1, 120000);
    const infos = received.filter(m => m.type === 'info').map(m => ({ at: m.at - goAt, depth: m.depth, nodes: m.nodes }));
    const best = received.find(m => m.type === 'bestmove');
    let maxGap = 0;
    for (let i = 1; i < infos.length; i++) maxGap = Math.max(maxGap, infos[i].at - infos[i - 1].at);
    if (best && infos.length) maxGap = Math.max(maxGap, best.at - goAt - infos[infos.length - 1].at);
    return { gos: 1, infos: infos.length, depths: infos.map(i => i.depth), firstInfo: infos.length ? infos[0].at : null, maxGap, answerAt: best ? best.at - goAt : null, lastDepth: infos.length ? infos[infos.length - 1].depth : 0 };
  },
};

(async () => {
  if (!scenarios[scenario]) throw new Error('unknown scenario ' + scenario);
  if (!(await until(() => count('ready') > 0, 10000))) throw new Error('engine not ready: ' + JSON.stringify(received));
  finish(await scenarios[scenario]());
})().catch(err => { console.error(err); process.exit(1); });
