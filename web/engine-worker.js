// engine-worker.js: the computer player, in a Web Worker so the board keeps
// animating while it thinks. It runs engine.wasm (built from cmd/engine) and relays
// messages: 'position', 'go' and 'stop' in; 'ready' (posted here), 'info',
// 'bestmove' (exactly one per 'go') and 'error' out. The protocol is written down
// once, in web/README.md, "The engine protocol".
//
// The Go program registers a global function self.chimeraEngine(msg) when it
// starts and posts its answers itself with postMessage; the function returns at
// once (the search runs between messages). Messages that arrive while the engine
// loads are queued and delivered in order. Should the engine fail to load or stop,
// every 'go' is still answered, those it had been given and not answered too:
// an error, then a bestmove with an empty move.
'use strict';
importScripts('wasm_exec.js');

const queue = [];
let handler = null;
let dead = null; // why the engine cannot answer, once it cannot
// The gos handed to the engine and not answered yet, oldest first (it
// answers them in order): answered here should it stop.
const unanswered = [];

// post is the worker's postMessage; the engine's own calls go through the
// wrapper below, which counts its bestmoves.
const post = self.postMessage.bind(self);
self.postMessage = msg => {
  if (msg && msg.type === 'bestmove') unanswered.shift();
  post(msg);
};

// isGo says whether the engine reads msg as a 'go' (an object, not an
// array, whose type is 'go'), which it answers with exactly one bestmove.
const isGo = msg => msg !== null && typeof msg === 'object' && !Array.isArray(msg) && msg.type === 'go';

function fail(message, err) {
  if (err) console.error(message, err);
  post({ type: 'error', message: String(message) });
}

// answerDead answers a message when the engine is gone.
function answerDead(msg) {
  fail(dead);
  if (isGo(msg)) {
    const answer = { type: 'bestmove', move: '', error: dead };
    if (msg.id !== undefined) answer.id = msg.id;
    post(answer);
  }
}

function deliver(msg) {
  if (dead) {
    answerDead(msg);
    return;
  }
  if (isGo(msg)) unanswered.push(msg);
  try {
    handler(msg);
  } catch (err) {
    // the Go program exited or crashed: it answers nothing from now on
    stopped('engine: ' + (err && err.message ? err.message : err), err);
  }
}

self.onmessage = event => {
  if (handler || dead) deliver(event.data);
  else queue.push(event.data);
};

// stopped marks the engine gone, once, and answers what it had not.
function stopped(why, err) {
  if (dead) return;
  dead = why;
  if (err) console.error(why, err);
  fail(why);
  while (unanswered.length) answerDead(unanswered.shift());
  while (queue.length) answerDead(queue.shift());
}

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
  go.run(instance).then(() => stopped('engine: exited'), err => stopped('engine: crashed: ' + err, err));
  // main() registers the function before it first blocks; allow a little slack.
  for (let i = 0; i < 200 && typeof self.chimeraEngine !== 'function' && !dead; i++) {
    await new Promise(r => setTimeout(r, 10));
  }
  if (dead) return;
  if (typeof self.chimeraEngine !== 'function') {
    stopped('engine: engine.wasm did not register self.chimeraEngine');
    return;
  }
  handler = self.chimeraEngine;
  postMessage({ type: 'ready' });
  while (queue.length) deliver(queue.shift());
})().catch(err => stopped('engine: failed to load: ' + (err && err.message ? err.message : err), err));
