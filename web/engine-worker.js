// engine-worker.js: the computer player, in a Web Worker so the board keeps
// animating while it thinks. It runs engine.wasm (built from cmd/engine) and relays
// messages; see web/README.md for the protocol.
//
//   main thread -> worker: {type:'position', variant, fen, moves:[...]}
//                          {type:'go', movetime, depth, level, seed}
//                          {type:'stop'}
//   worker -> main thread: {type:'ready'}                 engine loaded
//                          {type:'info', depth, score, pv, nodes}
//                          {type:'bestmove', move}
//                          {type:'error', message}
//
// The Go program registers a global function self.chimeraEngine(msg) when it
// starts and posts its answers itself with postMessage. Messages that arrive while
// the engine loads are queued and delivered in order.
'use strict';
importScripts('wasm_exec.js');

const queue = [];
let handler = null;

function fail(message, err) {
  if (err) console.error(message, err);
  postMessage({ type: 'error', message: String(message) });
}

function deliver(msg) {
  try {
    handler(msg);
  } catch (err) {
    fail('engine: ' + (err && err.message ? err.message : err), err);
  }
}

self.onmessage = event => {
  if (handler) deliver(event.data);
  else queue.push(event.data);
};

async function load(go) {
  const url = 'engine.wasm';
  if (WebAssembly.instantiateStreaming) {
    try {
      return (await WebAssembly.instantiateStreaming(fetch(url), go.importObject)).instance;
    } catch (err) {
      console.warn('engine: instantiateStreaming failed, falling back:', err);
    }
  }
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(url + ': HTTP ' + resp.status);
  return (await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject)).instance;
}

(async () => {
  const go = new Go();
  const instance = await load(go);
  go.run(instance).then(() => fail('engine exited'), err => fail('engine crashed: ' + err, err));
  // main() registers the function before it first blocks; allow a little slack.
  for (let i = 0; i < 200 && typeof self.chimeraEngine !== 'function'; i++) {
    await new Promise(r => setTimeout(r, 10));
  }
  if (typeof self.chimeraEngine !== 'function') {
    fail('engine.wasm did not register self.chimeraEngine');
    return;
  }
  handler = self.chimeraEngine;
  postMessage({ type: 'ready' });
  while (queue.length) deliver(queue.shift());
})().catch(err => fail('engine failed to load: ' + (err && err.message ? err.message : err), err));
