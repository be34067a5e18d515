// Figures reported, not asserted (the targets are in the client issue), per
// engine: frames per second while pieces animate and while the computer thinks,
// at 640x480 and 1280x720 (device pixel ratio 1; every engine renders WebGL in
// software here: Chromium with SwiftShader, Firefox and WebKit with Mesa's
// llvmpipe under Xvfb) and on a phone (390x844, DPR 3, where the engine can
// emulate one), the board's device scale factor (lower where the engine says
// it draws WebGL in software), the idle frame rate, the time to the first frame, and the
// arrival frame: the slowest frame within half a second of the computer's move
// arriving (its animation starts, the move list and status change).
// [report] lines, and test-output/report-perf-ENGINE.json.
import { test } from 'node:test';
import { browserSuites, unsupported, refpos, simpleMoves, rng, median, report, setReportName, sleep, sideOf } from './lib/harness.mjs';

setReportName('report-perf');

const summary = xs => {
  const fps = xs.map(x => x.fps), tps = xs.map(x => x.tps).filter(Number.isFinite);
  return { n: xs.length, fpsMedian: median(fps), fpsMin: fps.length ? Math.min(...fps) : null, tpsMedian: median(tps) };
};

browserSuites(null, suite => { // the server; each size launches its own browser
  const { engine } = suite;
  const sizes = [
    { width: 640, height: 480, dpr: 1 },
    { width: 1280, height: 720, dpr: 1 },
    { width: 390, height: 844, dpr: 3, mobile: true },
  ];
  for (const size of sizes) {
    const tag = `${size.width}x${size.height}${size.dpr > 1 ? ` DPR ${size.dpr}` : ''}`;
    test(`performance at ${tag}`, { skip: suite.skip || unsupported(engine, size) || false, timeout: 240000 }, async () => {
      const { server } = suite;
      const s = await suite.launch(size);
      try {
        const t = await s.open(server.url, { variant: 'bedlam', ai: 'none' });
        report(`${tag} time to first frame (ms)`, t.firstFrame, `(canvas at ${Math.round(t.boot?.canvas ?? NaN)} ms, board shown and hook answered at ${Math.round(t.hook)} ms)`, engine);
        // The board's resolution: below the device pixel ratio where the
        // engine draws WebGL in software and tells so (render/layout.ChooseGraphics).
        const gr = (await s.state()).graphics;
        const cv = await s.evaluate(() => { const c = document.querySelector('canvas'); return [c.width, c.height, c.clientWidth, c.clientHeight]; });
        report(`${tag} board's device scale factor`, gr.scale, `(device pixel ratio ${gr.dpr}; canvas ${cv[0]}x${cv[1]} device pixels for ${cv[2]}x${cv[3]} CSS pixels; renderer "${gr.renderer}"${gr.software ? ', software' : ''})`, engine);

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
        // In the page: every animation frame, whether a move of White (the
        // computer) just arrived; the longest frame of the next 500 ms (in
        // which the test neither polls nor plays). The moves are counted in
        // the move list when it changes (a MutationObserver), not by asking
        // the game every frame: that would run Go in the frames measured.
        await s.evaluate(() => {
          const r = window.__arrival = { worst: [], n: null, last: null, until: -1, gap: 0 };
          const list = document.getElementById('moves');
          let count = list.querySelectorAll('.mv').length;
          new MutationObserver(() => { count = list.querySelectorAll('.mv').length; }).observe(list, { childList: true, subtree: true });
          const f = t => {
            const n = count;
            if (r.until >= 0 && r.last !== null) r.gap = Math.max(r.gap, t - r.last);
            if (r.until >= 0 && t > r.until) { r.worst.push(r.gap); r.until = -1; }
            if (r.n !== null && n > r.n && n % 2 === 1) { r.until = t + 500; r.gap = 0; }
            r.n = n; r.last = t;
            requestAnimationFrame(f);
          };
          requestAnimationFrame(f);
        });
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
            // Leave the computer's move its half second alone (no input, no
            // polling): the arrival frame is the page's, not the test's.
            await sleep(600);
            const legal = simpleMoves(refpos('bedlam', st.position).legal);
            if (!legal.length) break;
            await s.playMove(legal[Math.floor(rand2() * legal.length)], { how: 'click' });
          } else {
            await sleep(50);
          }
        }
        const think = summary(tsamples);
        report(`${tag} fps while the computer thinks (median)`, think.fpsMedian, `(min ${think.fpsMin}, updates/s ${think.tpsMedian ?? 'n/a'}, browser frames/s ${median(rafs)?.toFixed(1) ?? 'n/a'}, ${think.n} samples over ${seen.moves} moves)`, engine);
        await sleep(600);
        const worst = await s.evaluate(() => window.__arrival.worst);
        const arrival = worst.map(g => Math.round(10000 / g) / 10);
        report(`${tag} arrival frame (fps of the slowest frame, median)`, median(arrival),
          `(min ${arrival.length ? Math.min(...arrival) : 'n/a'}, ${arrival.length} of the computer's moves)`, engine);
        await s.assertClean();
      } finally {
        await s.close();
      }
    });
  }
});
