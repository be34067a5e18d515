// Each rule set: start a game from the URL and play moves by clicking (select,
// then target) and by dragging, with real mouse input at the hook's coordinates;
// every position is checked against the rules engine. Sequences: sequences.mjs.
import { describe, test, before, after } from 'node:test';
import { siteStatus, startServer, launch, VARIANTS } from './lib/harness.mjs';
import { playSequence } from './lib/play.mjs';
import { SEQUENCES } from './sequences.mjs';

const site = siteStatus();
const skip = !site.ok ? site.reason : !site.client ? site.reason : false;
let server, s;
before(async () => {
  if (skip) return;
  server = await startServer();
  s = await launch({ width: 1280, height: 720, dpr: 1 });
});
after(async () => { await s?.close(); await server?.stop(); });

for (const variant of VARIANTS) {
  describe(variant, () => {
    for (const seq of SEQUENCES[variant] || []) {
      test(`${seq.name} (${seq.how})`, { skip, timeout: 300000 }, async () => {
        s.errors.length = 0;
        await playSequence(s, server.url, variant, seq, { shot: `play-${variant}-${seq.name}` });
      });
    }
  });
}
