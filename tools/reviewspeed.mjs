// reviewspeed.mjs: how long the game review takes in headless Chromium, with
// one analysis worker and with two (navigator.hardwareConcurrency set before
// the page loads), for an 80-ply game of each rule set (random legal moves
// from the rules engine, the same game for both runs), served by cmd/serve
// from a built site (make build). It prints, as [report] lines, the seconds
// from Review game to the review done, the speed-up of two workers, whether
// both runs gave the same marks, and the frames a second the board drew
// meanwhile. Then, at 640x480 with the analysis running on the game's
// middle position: the frames a second, how often the lines change, and how
// long the page takes to answer a click (Flip board, from the press to the
// board turned).
//
//   node tools/reviewspeed.mjs [-plies N] [-variants a,b] [-dist DIR] [-no-review]
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
process.env.CHIMERA_DIST ||= resolve(opt('-dist', join(root, 'dist')));
const { launch, startServer, refpos, sleep } = await import(join(root, 'tests/browser/lib/harness.mjs'));
const plies = Number(opt('-plies', 80));
const variants = opt('-variants', 'bedlam,assimilation,bifold-halfgi,bifold-halfgi-pawns,bifold-halfgi-weak').split(',');

const server = await startServer();
const load = () => execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ')[0];

// review opens the analysis of moves with the given number of cores and
// times the review.
async function review(variant, moves, cores) {
  const s = await launch({ engine: 'chromium', width: 1280, height: 720 });
  try {
    await s.driver.page.addInitScript(n => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => n }), cores);
    await s.open(server.url, { mode: 'analysis', variant, moves: moves.join(',') });
    await s.waitFor(() => !!window.chimera.analysis(), { what: 'the analysis open' });
    await sleep(1000);
    const t0 = Date.now();
    await s.evaluate(() => window.chimeraApp.anReview());
    const fps = [];
    for (;;) {
      const v = await s.evaluate(() => window.chimera.analysis());
      if (v.review && v.review.finished) {
        const took = (Date.now() - t0) / 1000;
        return { took, workers: v.review.workers, marks: JSON.stringify(v.review.marked.map(m => [m.ply, m.mark, m.betterMove])), fps: fps.reduce((a, b) => a + b, 0) / Math.max(1, fps.length), marked: v.review.marked.length };
      }
      if (Date.now() - t0 > 600000) throw new Error(`${variant}: no review after 600 s`);
      fps.push((await s.state()).fps);
      await sleep(500);
    }
  } finally {
    await s.close();
  }
}

// live measures the running analysis at 640x480.
async function live(variant, moves) {
  const s = await launch({ engine: 'chromium', width: 640, height: 480 });
  try {
    await s.open(server.url, { mode: 'analysis', variant, moves: moves.join(',') });
    await s.waitFor(() => !!window.chimera.analysis(), { what: 'the analysis open' });
    await sleep(3000);
    // the lines: the times their text changed, seen by the page itself
    await s.evaluate(() => {
      window.__changes = [];
      let last = '';
      const look = () => {
        const t = document.getElementById('an-best').textContent + document.getElementById('an-stats').textContent;
        if (t !== last) { last = t; window.__changes.push(performance.now()); }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const measure = async () => {
      const fps = (await s.sample(5000, 500)).map(x => x.fps);
      const clicks = [];
      for (let i = 0; i < 5; i++) {
        const b = await s.getByRole('button', { name: 'Flip board', exact: true }).point();
        const before = (await s.state()).flipped;
        const t0 = Date.now();
        await s.click(b.x, b.y, { hold: 20 });
        await s.waitFor(f => window.chimera.state().flipped !== f, { arg: before, what: 'the board turned' });
        clicks.push(Date.now() - t0 - 20);
        await sleep(400);
      }
      return { fps: med(fps), fpsMin: Math.min(...fps), clickMed: med(clicks), clickMax: Math.max(...clicks) };
    };
    const med = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const on = await measure();
    const changes = await s.evaluate(() => window.__changes);
    const gaps = changes.slice(1).map((t, i) => t - changes[i]);
    // the same page with the engine stopped: what the machine gives anyway
    await s.getByRole('button', { name: 'Engine on', exact: true }).click();
    await sleep(1000);
    const off = await measure();
    return { on, off, gapMed: med(gaps), gapMax: Math.max(...gaps) };
  } finally {
    await s.close();
  }
}

for (const variant of variants) {
  const game = refpos(variant, '', [], { random: plies, seed: 7 });
  const moves = game.moves;
  const l = await live(variant, moves.slice(0, 30));
  console.log(`[report] ${variant}: analysis at 640x480: ${l.on.fps} frames/s (lowest ${l.on.fpsMin}; engine stopped: ${l.off.fps}, lowest ${l.off.fpsMin}), ` +
    `lines changed every ${l.gapMed.toFixed(0)} ms (longest gap ${l.gapMax.toFixed(0)} ms), a click answered in ${l.on.clickMed} ms (longest ${l.on.clickMax}; ` +
    `engine stopped: ${l.off.clickMed}, longest ${l.off.clickMax}; from the press to the board turned, as the test driver sees it); load ${load()}`);
  if (args.includes('-no-review')) continue;
  const one = await review(variant, moves, 1);
  const two = await review(variant, moves, 2);
  console.log(`[report] ${variant}: ${moves.length} plies: 1 worker ${one.took.toFixed(1)} s (${one.fps.toFixed(0)} frames/s), ` +
    `2 workers ${two.took.toFixed(1)} s (${two.fps.toFixed(0)} frames/s), x${(one.took / two.took).toFixed(2)}; ` +
    `${one.marked} marks, ${one.marks === two.marks ? 'the same' : 'DIFFERENT'} with two workers; load ${load()}`);
}
await server.stop();
process.exit(0);
