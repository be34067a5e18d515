// Each rule set, in each engine: start a game from the URL and play moves by
// clicking (select, then target) and by dragging, with real mouse input at the
// hook's coordinates; every position is checked against the rules engine.
// Sequences: sequences.mjs.
import { describe, test } from 'node:test';
import { browserSuites, VARIANTS } from './lib/harness.mjs';
import { playSequence } from './lib/play.mjs';
import { SEQUENCES } from './sequences.mjs';

browserSuites({ width: 1280, height: 720, dpr: 1 }, suite => {
  for (const variant of VARIANTS) {
    describe(variant, () => {
      for (const seq of SEQUENCES[variant] || []) {
        test(`${seq.name} (${seq.how})`, { skip: suite.skip, timeout: 300000 }, async () => {
          const { s, server } = suite.fresh();
          await playSequence(s, server.url, variant, seq, { shot: `play-${variant}-${seq.name}` });
        });
      }
    });
  }
});
