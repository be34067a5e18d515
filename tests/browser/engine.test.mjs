// The engine worker (engine-worker.js + engine.wasm) in a real browser worker,
// driven from a page of the site the way the game drives it: every 'go' gets
// exactly one bestmove through floods of messages, a 'stop' and a flood end a
// search at once, and a long search reports its progress while it runs.
// (cmd/engine's Go tests run the same worker under Node; this is the
// browser's event loop, where the engine yields through a MessageChannel.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, report, setReportName } from './lib/harness.mjs';

setReportName('report-engine');
const suite = browserSuite({ width: 800, height: 600 });

// run evaluates a scenario in a page of the site (site.json: no game running
// beside the worker) and returns its summary.
async function run(scenario) {
  const { s, server } = suite.fresh();
  await s.page.goto(`${server.url}/site.json`);
  const sum = await s.page.evaluate(scenarioInPage, scenario);
  s.assertClean();
  return sum;
}

// scenarioInPage runs in the page.
async function scenarioInPage(scenario) {
  const w = new Worker('engine-worker.js');
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const got = [];
  w.onmessage = e => { const m = e.data; m.at = now(); got.push(m); };
  const sleep = ms => new Promise(r => setTimeout(r, ms));
  const until = async (f, ms) => { const end = performance.now() + ms; while (!f() && performance.now() < end) await sleep(5); return f(); };
  const count = t => got.filter(m => m.type === t).length;
  const answers = () => got.filter(m => m.type === 'bestmove');
  if (!(await until(() => count('ready'), 20000))) return { error: 'engine not ready', got };
  const done = extra => { w.terminate(); return { answers: count('bestmove'), errors: got.filter(m => m.type === 'error').map(m => m.message), ...extra }; };
  let seed = 7;
  const rand = n => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };

  if (scenario === 'stop') {
    w.postMessage({ type: 'position', variant: 'bedlam', fen: 'startpos', moves: ['e2e4', 'e7e5'] });
    w.postMessage({ type: 'go', movetime: 600000, id: 1 }); // only the stop can end it soon
    await sleep(300);
    const at = now();
    w.postMessage({ type: 'stop' });
    await until(() => count('bestmove') >= 1, 120000);
    const a = answers()[0];
    return done({ gos: 1, move: a && a.move, after: a ? a.at - at : null });
  }

  if (scenario === 'flood') {
    // the reported deadlock: 300 positions 300 ms into a level-8 search
    w.postMessage({ type: 'position', variant: 'bedlam', fen: 'startpos', moves: ['e2e4', 'e7e5'] });
    w.postMessage({ type: 'go', level: 8, movetime: 600000, id: 1 }); // only the flood can end it soon
    await sleep(300);
    const at = now();
    for (let i = 0; i < 300; i++) w.postMessage({ type: 'position', variant: 'bedlam', fen: 'startpos', moves: i % 2 ? ['e2e4'] : [] });
    await until(() => count('bestmove') >= 1, 120000);
    const first = answers()[0];
    w.postMessage({ type: 'go', level: 3, id: 2 });
    await until(() => count('bestmove') >= 2, 120000);
    const second = answers()[1];
    return done({ gos: 2, after: first ? first.at - at : null, move: second && second.move });
  }

  if (scenario === 'bursts') {
    const variants = ['bedlam', 'assimilation', 'bifold-halfgi', 'bifold-halfgi-pawns', 'bifold-halfgi-weak', 'chess'];
    const prefixes = [[], ['e2e4'], ['e2e4', 'e7e5'], ['d2d4', 'd7d5', 'c2c4']];
    let id = 0, sent = 0;
    const junk = [() => 'text', () => 42, () => null, () => [1], () => ({}), () => ({ type: 'nonsense' }),
      () => ({ type: 'go', id: ++id, movetime: 'soon' }), () => ({ type: 'go', id: ++id, level: 99 }),
      () => ({ type: 'position', variant: 'nope' }), () => ({ type: 'position', variant: 'bedlam', moves: ['e2e5'] })];
    while (sent < 10000) {
      const n = Math.min(10000 - sent, 1 + rand(200));
      for (let k = 0; k < n; k++, sent++) {
        const r = rand(100);
        if (r < 40) w.postMessage({ type: 'position', variant: variants[rand(6)], fen: 'startpos', moves: prefixes[rand(4)] });
        else if (r < 75) w.postMessage({ type: 'go', id: ++id, level: 1 + rand(8), movetime: 5 + rand(50), seed: rand(1000) });
        else if (r < 85) w.postMessage({ type: 'stop' });
        else w.postMessage(junk[rand(junk.length)]());
      }
      await sleep(rand(30));
    }
    w.postMessage({ type: 'position', variant: 'bedlam', fen: 'startpos', moves: ['e2e4'] });
    w.postMessage({ type: 'go', id: ++id, level: 4 });
    await until(() => count('bestmove') >= id, 300000);
    const ids = answers().map(a => a.id);
    const inOrder = ids.every((x, i) => x === i + 1);
    const last = answers().find(a => a.id === id);
    return done({ gos: id, inOrder, move: last && last.move, ms: now() });
  }

  if (scenario === 'info') {
    w.postMessage({ type: 'position', variant: 'chess', fen: 'r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8', moves: [] });
    const at = now();
    w.postMessage({ type: 'go', level: 8, movetime: 3000, id: 1 });
    await until(() => count('bestmove') >= 1, 120000);
    const infos = got.filter(m => m.type === 'info').map(m => ({ at: m.at - at, depth: m.depth }));
    const end = answers()[0];
    let gap = 0;
    for (let i = 1; i < infos.length; i++) gap = Math.max(gap, infos[i].at - infos[i - 1].at);
    if (end && infos.length) gap = Math.max(gap, end.at - at - infos[infos.length - 1].at);
    return done({ gos: 1, infos: infos.length, first: infos.length ? infos[0].at : null, gap, depths: infos.map(i => i.depth) });
  }
  return { error: 'unknown scenario ' + scenario };
}

test('a stop ends a long search at once, with a move', { skip: suite.skip }, async () => {
  const r = await run('stop');
  assert.equal(r.answers, r.gos, JSON.stringify(r));
  assert.match(r.move, /^[a-h][1-8][a-h][1-8]/);
  report('engine stop: bestmove after (ms)', r.after);
  assert.ok(r.after < 60000, `a 10-minute search answered ${r.after} ms after stop`);
});

test('300 positions during a search: the search stops and the engine keeps answering', { skip: suite.skip }, async () => {
  const r = await run('flood');
  assert.equal(r.answers, r.gos, JSON.stringify(r));
  assert.deepEqual(r.errors, []);
  assert.match(r.move, /^[a-h][1-8][a-h][1-8]/);
  report('engine flood of 300 positions: bestmove after (ms)', r.after);
  assert.ok(r.after < 60000, `a 10-minute search answered ${r.after} ms after the flood`);
});

test('10,000 messages in bursts: every go is answered once, in order', { skip: suite.skip }, async () => {
  const r = await run('bursts');
  assert.equal(r.answers, r.gos, JSON.stringify({ ...r, errors: r.errors.length }));
  assert.ok(r.inOrder, 'answers out of order');
  assert.match(r.move, /^[a-h][1-8][a-h][1-8]/);
  report('engine 10,000-message bursts: all answered after (ms)', r.ms);
});

test('a long search reports its progress while it runs', { skip: suite.skip }, async () => {
  const r = await run('info');
  report('engine info: first after (ms)', r.first);
  report('engine info: longest gap (ms)', r.gap, `(${r.infos} reports in a 3 s search)`);
  const repeats = r.depths.filter((d, i) => i > 0 && d === r.depths[i - 1]).length;
  // the times are reported, not asserted (the machine may be loaded): the
  // protocol sends a report about every 100 ms
  assert.ok(repeats >= 3, `reports from inside an iteration: depths ${r.depths}`);
});
