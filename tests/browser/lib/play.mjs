// playSequence: open a game and play a sequence of moves through the page,
// checking every position against the rules engine.
import assert from 'node:assert/strict';
import { refpos } from './harness.mjs';
import { stepOf } from '../sequences.mjs';

export async function playSequence(s, baseURL, variant, seq, { shot } = {}) {
  const steps = seq.moves.map(stepOf);
  const ref = refpos(variant, seq.fen, steps.map(st => st.move)); // throws if the sequence is illegal
  await s.open(baseURL, { variant, fen: seq.fen, ai: 'none' });
  let st = await s.state();
  assert.equal(st.variant, variant, 'state().variant');
  assert.equal(st.position, ref.positions[0], 'start position');
  assert.deepEqual(st.moves, [], 'no moves yet');
  assert.equal(st.result, '', 'the game is on');
  for (const [i, step] of steps.entries()) {
    st = await s.playMove(step.move, { how: step.how || seq.how, choices: step.choices });
    assert.equal(st.position, ref.positions[i + 1], `position after ${step.move} (move ${i + 1}, ${seq.how})`);
    if (step.expect) assert.equal(st.position, step.expect, `expected position after ${step.move}`);
    await s.waitIdle();
  }
  assert.deepEqual(st.moves, steps.map(x => x.move), 'state().moves');
  assert.equal(st.result, ref.result, 'result');
  if (shot) await s.screenshot(shot);
  await s.assertClean();
  return st;
}
