// node_harness.js runs engine.wasm under Node the way web/engine-worker.js runs
// it in a browser Web Worker, sends a scripted conversation, and prints every
// message the engine posts (one JSON line each). Used by cmd/engine's test:
//
//	node node_harness.js WASM_EXEC_JS ENGINE_WASM
//
// The script: a Bedlam position, 'go' for 5 s, a 'stop' after 300 ms (the
// bestmove must come right after), then a depth-limited 'go' at level 3.
'use strict';
const fs = require('fs');
globalThis.self = globalThis;
const t0 = Date.now();
let stopAt = 0;
globalThis.postMessage = msg => {
  msg.ms = Date.now() - t0;
  if (msg.type === 'bestmove' && stopAt) {
    msg.afterStop = Date.now() - stopAt;
    stopAt = 0;
  }
  console.log(JSON.stringify(msg));
  if (msg.type === 'bestmove') next();
};
require(process.argv[2]);
const steps = [
  () => {
    self.chimeraEngine({ type: 'position', variant: 'bedlam', fen: 'startpos', moves: ['e2e4', 'e7e5'] });
    self.chimeraEngine({ type: 'go', movetime: 5000 });
    setTimeout(() => { stopAt = Date.now(); self.chimeraEngine({ type: 'stop' }); }, 300);
  },
  () => {
    self.chimeraEngine({ type: 'position', variant: 'bifold-halfgi', fen: 'startpos', moves: [] });
    self.chimeraEngine({ type: 'go', level: 3, seed: 7 });
  },
  () => process.exit(0),
];
function next() { steps.shift()(); }
(async () => {
  const go = new Go();
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(process.argv[3]), go.importObject);
  go.run(instance);
  for (let i = 0; i < 200 && typeof self.chimeraEngine !== 'function'; i++) await new Promise(r => setTimeout(r, 10));
  console.log(JSON.stringify({ type: 'ready', ms: Date.now() - t0 }));
  next();
})();
