// Figures reported, not asserted (the targets are in the client issue), per
// engine: frames per second while pieces animate and while the computer thinks,
// at 640x480 and 1280x720 (device pixel ratio 1; every engine renders WebGL in
// software here: Chromium with SwiftShader, Firefox and WebKit with Mesa's
// llvmpipe under Xvfb), the idle frame rate, and the time to the first frame.
// [report] lines, and test-output/report-perf-ENGINE.json.
import { test } from 'node:test';
import { browserSuites, refpos, simpleMoves, rng, median, report, setReportName, sleep, sideOf } from './lib/harness.mjs';

setReportName('report-perf');

const summary = xs => {
  const fps = xs.map(x => x.fps), tps = xs.map(x => x.tps).filter(Number.isFinite);
  return { n: xs.length, fpsMedian: median(fps), fpsMin: fps.length ? Math.min(...fps) : null, tpsMedian: median(tps) };
};

browserSuites(null, suite => { // the server; each size launches its own browser
  const { engine } = suite;
  for (const [w, h] of [[640, 480], [1280, 720]]) {
    const tag = `${w}x${h}`;
    test(`performance at ${tag}`, { skip: suite.skip, timeout: 240000 }, async () => {
      const { server } = suite;
      const s = await suite.launch({ width: w, height: h, dpr: 1 });
      try {
        const t = await s.open(server.url, { variant: 'bedlam', ai: 'none' });
        report(`${tag} time to first frame (ms)`, t.firstFrame, `(canvas at ${Math.round(t.boot?.canvas ?? NaN)} ms, board shown and hook answered at ${Math.round(t.hook)} ms)`, engine);

        await sleep(1500);
        const idleSamples = await s.sample(2000);
        const idle = summary(idleSamples);
        const idleRepaints = median(idleSamples.map(x => x.repaints).filter(Number.isFinite));
        report(`${tag} idle fps (median)`, idle.fpsMedian, `(frame callbacks; repaints per second while idle: ${idleRepaints ?? 'n/a'})`, engine);

        // Moves played back to back for ~6 s: pieces are animating most of the time.
        const samples = [];
        let playing = true;
        const sampler = (async () => {
          while (playing) {
            const st = await s.state();
            samples.push({ t: Date.now(), fps: st.fps, tps: st.tps, animating: !!st.animating });
            await sleep(100);
          }
        })();
        const rand = rng(7);
        const start = Date.now();
        const end = start + 6000;
        let moves = 0;
        try {
          while (Date.now() < end) {
            const st = await s.state();
            if (st.result) break;
            const legal = simpleMoves(refpos('bedlam', st.position).legal);
            if (!legal.length) break;
            await s.playMove(legal[Math.floor(rand() * legal.length)], { how: 'click' });
            moves++;
          }
        } finally {
          playing = false;
          await sampler;
        }
        // fps counts the last second: skip the first second of moves.
        const anim = summary(samples.filter(x => x.t > start + 1000 && x.animating));
        report(`${tag} fps while animating (median)`, anim.fpsMedian, `(min ${anim.fpsMin}, updates/s ${anim.tpsMedian ?? 'n/a'}, ${anim.n} samples, ${moves} moves)`, engine);

        // The computer plays White at level 8; we answer each of its moves at once
        // (Black, random simple moves) for ~8 s and sample while it thinks.
        await s.open(server.url, { variant: 'bedlam', ai: 'white', level: 8 });
        const tsamples = [];
        const rafs = [];
        const rand2 = rng(11);
        const tEnd = Date.now() + 8000;
        const seen = { white: 0, black: 0, moves: 0 };
        while (Date.now() < tEnd) {
          const st = await s.state();
          seen.moves = st.moves.length;
          if (st.result) break;
          if (st.thinking) {
            tsamples.push({ fps: st.fps, tps: st.tps, thinking: true });
            if (rafs.length < 3) rafs.push(await s.rafRate(300));
            await sleep(150);
            continue;
          }
          if (sideOf(st) === 'black') {
            const legal = simpleMoves(refpos('bedlam', st.position).legal);
            if (!legal.length) break;
            await s.playMove(legal[Math.floor(rand2() * legal.length)], { how: 'click' });
          } else {
            await sleep(50);
          }
        }
        const think = summary(tsamples);
        report(`${tag} fps while the computer thinks (median)`, think.fpsMedian, `(min ${think.fpsMin}, updates/s ${think.tpsMedian ?? 'n/a'}, browser frames/s ${median(rafs)?.toFixed(1) ?? 'n/a'}, ${think.n} samples over ${seen.moves} moves)`, engine);
        await s.assertClean();
      } finally {
        await s.close();
      }
    });
  }
});
