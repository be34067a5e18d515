// Games against the computer (the engine runs in a Web Worker), in each engine:
// the player's moves are chosen from the engine's legal moves (seeded), played by
// clicking, and the computer must answer each one; every position is checked
// against the rules engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuites, refpos, simpleMoves, rng, sideOf } from './lib/harness.mjs';

// waitForComputer waits until the computer has moved (moves.length >= n) and is
// done thinking; returns the state and whether "thinking" was seen.
async function waitForComputer(s, n, timeout = 90000) {
  let sawThinking = false;
  const end = Date.now() + timeout;
  for (;;) {
    const st = await s.state();
    sawThinking ||= !!st.thinking;
    if (st.moves.length >= n && !st.thinking) return { st, sawThinking };
    if (st.result) return { st, sawThinking };
    if (Date.now() > end) throw new Error(`the computer did not move in ${timeout / 1000} s: ${JSON.stringify(st)}`);
    await new Promise(r => setTimeout(r, 50));
  }
}

function checkAgainstEngine(variant, st) {
  const ref = refpos(variant, undefined, st.moves);
  assert.equal(st.position, ref.positions.at(-1), `position after ${st.moves.join(' ')}`);
}

browserSuites({ width: 1280, height: 720, dpr: 1 }, suite => {
  for (const [variant, ai, seed] of [['bedlam', 'black', 1], ['bifold-halfgi', 'black', 2], ['assimilation', 'white', 3]]) {
    test(`${variant} against the computer playing ${ai}, level 1`, { skip: suite.skip, timeout: 300000 }, async () => {
      const { s, server } = suite.fresh();
      await s.open(server.url, { variant, ai, level: 1 });
      const human = ai === 'black' ? 'white' : 'black';
      const rand = rng(seed);
      let thought = false;
      let st = await s.state();
      if (ai === 'white') {
        ({ st } = await waitForComputer(s, 1));
      }
      for (let turn = 0; turn < 4 && !st.result; turn++) {
        assert.equal(sideOf(st), human, 'the human is to move');
        const legal = simpleMoves(refpos(variant, st.position).legal);
        assert.ok(legal.length, `no simple legal move in ${st.position}`);
        const move = legal[Math.floor(rand() * legal.length)];
        const n0 = st.moves.length;
        st = await s.playMove(move, { how: 'click' });
        const r = await waitForComputer(s, n0 + 2);
        st = r.st;
        thought ||= r.sawThinking;
        checkAgainstEngine(variant, st);
      }
      if (!thought) console.log(`# note: ${suite.engine} never saw state().thinking true in ${variant} (level 1 may answer too fast to see)`);
      await s.screenshot(`ai-${variant}-${ai}`);
      await s.assertClean();
    });
  }
});
