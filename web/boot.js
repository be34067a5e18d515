// boot.js: loads main.wasm (the Ebiten board, built from cmd/wasm) with a loading
// indicator, then registers the service worker for offline play.
//
// Records timings in window.chimeraBoot (milliseconds since navigation start):
// wasmFetched, wasmStarted, canvas (Ebiten added its canvas), shown (the board is
// on screen and the loader no longer covers it), error.
// chimeraBoot.whenShown(fn) calls fn at "shown" (at once if that has passed):
// cmd/wasm publishes its test hook, window.chimera, that way, so that whoever
// sees the hook can click the board (a click before that lands on the loader).
// URL parameter sw=0 skips (and removes) the service worker, for debugging.
'use strict';
(function () {
  const boot = window.chimeraBoot = { version: null };
  const loader = document.getElementById('loader');
  const bar = document.getElementById('loader-bar');
  const msg = document.getElementById('loader-msg');
  const params = new URLSearchParams(location.search);
  // foreign: a page of another origin frames this one (at any depth; a
  // frame whose origin cannot be read is another origin's). Such a page is
  // only ever an embedded board: it never shows or changes the visitor's
  // games, whatever its address says (cmd/wasm reads this too).
  boot.foreign = (() => {
    let w = window;
    try {
      while (w !== w.parent) {
        w = w.parent;
        if (w.location.origin !== location.origin) return true;
      }
    } catch (e) { return true; }
    return false;
  })();
  // The page's mode (play, embed, diagram) chooses its layout (app.css). The
  // mode is read with URLSearchParams, as cmd/wasm and cmd/serve read it.
  let mode = params.get('mode');
  if (boot.foreign && mode !== 'diagram') mode = 'embed';
  boot.mode = mode === 'embed' || mode === 'diagram' ? mode : 'play';
  if (boot.mode !== 'play') document.documentElement.dataset.mode = boot.mode;
  // A focused element is scrolled into view: Ebiten focuses its canvas on
  // every press, which scrolled the page around an embedded board (and put
  // the press one square off). The canvas never needs it.
  const focus = HTMLCanvasElement.prototype.focus;
  HTMLCanvasElement.prototype.focus = function (opts) { return focus.call(this, Object.assign({ preventScroll: true }, opts)); };
  const onShown = [];
  boot.whenShown = fn => { if (boot.shown !== undefined) fn(); else onShown.push(fn); };

  // A page being left (a reload, an embed's frame given a new address)
  // cuts its downloads short: that is not a failure to report. So a failure
  // is reported a moment later, by a timer that a page left never runs.
  let leaving = false;
  window.addEventListener('pagehide', () => { leaving = true; });

  function showError(text, err) {
    setTimeout(() => {
      if (leaving) return;
      boot.error = text;
      loader.classList.remove('done');
      loader.classList.add('error');
      msg.textContent = text;
      if (err) console.error(text, err);
      else console.error(text);
    }, 250);
  }

  function progress(done, total) {
    if (total > 0) bar.style.width = Math.min(100, 100 * done / total).toFixed(1) + '%';
    msg.textContent = 'Loading the board… ' + (done / 1e6).toFixed(1) + (total > 0 ? ' / ' + (total / 1e6).toFixed(1) : '') + ' MB';
  }

  // main.wasm is on its way from the start: boot.js is the page's first
  // script, and nothing waits for anything else. (A <link rel=preload> in
  // the head started it one script's download earlier, and then shared the
  // network with the few small files the board's picture needs: the picture
  // came 0.2-0.4 s later on fast and slow 4G, the board no sooner;
  // docs/PERFORMANCE.md.) Its file name carries a hash of its content
  // (web/sitebuild writes it here).
  const wasmResponse = fetch('main.wasm');
  // The build writes site.json with the files' sizes: the progress bar's total
  // (Content-Length is the compressed size when the server gzips). Read when
  // it comes, never waited for.
  let total = 0;
  fetch('site.json').then(r => r.ok ? r.json() : null).then(site => {
    if (!site) return;
    boot.version = site.version;
    const name = (site.names && site.names['main.wasm']) || 'main.wasm';
    if (site.files && site.files[name]) total = site.files[name].size;
  }).catch(() => {});

  // countProgress reads a copy of the response's body, counting its bytes,
  // while the compiler reads the body itself: the response stays the one
  // from the network or the cache, whose compiled code the browser may keep
  // for the next visit (a Response made here would have no URL to keep it
  // by).
  async function countProgress(resp) {
    if (!resp.body) return;
    const reader = resp.body.getReader();
    let n = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      n += value.byteLength;
      progress(n, total);
    }
  }

  // instantiate compiles main.wasm while it streams in.
  async function instantiate(go) {
    const resp = await wasmResponse;
    if (!resp.ok) throw new Error('main.wasm: HTTP ' + resp.status + (resp.status === 404 ? ' (is the site built? run `make build`)' : ''));
    if (WebAssembly.instantiateStreaming) {
      try {
        countProgress(resp.clone()).catch(() => {});
        const r = await WebAssembly.instantiateStreaming(resp, go.importObject);
        boot.wasmFetched = performance.now();
        return r.instance;
      } catch (e) {
        // A server without the application/wasm type, or an old browser: load the bytes.
        console.warn('instantiateStreaming failed, falling back to instantiate:', e);
      }
    }
    const buf = await (await fetch('main.wasm')).arrayBuffer();
    boot.wasmFetched = performance.now();
    return (await WebAssembly.instantiate(buf, go.importObject)).instance;
  }

  // Ebiten appends its canvas to <body> and its own viewport <meta>; keep ours
  // (no zoom) and hide the loader once the canvas is there.
  function watchCanvas() {
    const check = () => {
      if (boot.error) return;
      const canvas = document.querySelector('body > canvas');
      if (!canvas) { requestAnimationFrame(check); return; }
      boot.canvas = performance.now();
      // Ebiten makes its canvas focusable with tabindex 1, ahead of the page's
      // controls; the board is played with the pointer or the move box.
      canvas.setAttribute('tabindex', '-1');
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', mode === 'diagram'
        ? 'The diagram: tap a piece, or type its square (such as e4), to see its moves; the arrow keys step through the moves'
        : 'The board: play by clicking or dragging, or type moves in the Move box');
      for (const m of document.querySelectorAll('meta[name=viewport]')) {
        if (m.id !== 'chimera-viewport') m.remove();
      }
      // Two more frames so that the first board frame is on screen under the
      // loader; then the loader lets clicks through (and fades out).
      requestAnimationFrame(() => requestAnimationFrame(() => {
        loader.classList.add('done');
        boot.shown = performance.now();
        for (const fn of onShown.splice(0)) fn();
      }));
      setTimeout(() => { if (!boot.error) loader.style.display = 'none'; }, 600);
    };
    requestAnimationFrame(check);
  }

  // No page scroll, pinch zoom or double-tap zoom while playing (iOS ignores
  // user-scalable=no and touch-action on the body in some versions).
  for (const ev of ['gesturestart', 'gesturechange']) {
    document.addEventListener(ev, e => e.preventDefault(), { passive: false });
  }
  document.addEventListener('dblclick', e => { if (e.target.tagName === 'CANVAS') e.preventDefault(); }, { passive: false });
  document.addEventListener('touchmove', e => { if (e.touches.length > 1) e.preventDefault(); }, { passive: false });

  async function registerServiceWorker() {
    if (!('serviceWorker' in navigator) || location.protocol === 'file:') return;
    // An embedded board is a guest in another page: it does not precache the
    // whole site (15 MB) there.
    if (document.documentElement.dataset.mode) return;
    if (params.get('sw') === '0') {
      for (const reg of await navigator.serviceWorker.getRegistrations()) await reg.unregister();
      return;
    }
    try {
      await navigator.serviceWorker.register('sw.js');
    } catch (e) {
      console.warn('service worker not registered:', e);
    }
  }

  async function start() {
    if (typeof WebAssembly !== 'object' || typeof Go !== 'function') {
      showError('This browser cannot run Chimera: it needs WebAssembly.');
      return;
    }
    const go = new Go();
    const goExit = go.exit;
    go.exit = code => { boot.exitCode = code; goExit.call(go, code); };
    let instance;
    try {
      instance = await instantiate(go);
    } catch (e) {
      showError('Chimera could not be loaded: ' + (e && e.message ? e.message : e), e);
      return;
    }
    msg.textContent = 'Starting…';
    bar.style.width = '100%';
    watchCanvas();
    boot.wasmStarted = performance.now();
    go.run(instance).then(() => {
      showError('The game stopped' + (boot.exitCode ? ' (exit code ' + boot.exitCode + ')' : '') + '. Reload the page to play again.');
    }, e => showError('The game crashed: ' + e, e));
    // Precache the site for offline play once the game runs, not while it loads.
    setTimeout(registerServiceWorker, 3000);
  }

  // boot.js is the page's first script (main.wasm is fetched from the start);
  // the game starts once the others (wasm_exec.js among them) have run. They
  // are all deferred: the page's Content-Security-Policy <meta> (for hosts
  // that send no headers) stops Chromium's preload scanner, so scripts that
  // block the parser were fetched one after another, a round trip each (on
  // slow 4G the last started 2 s after the page); deferred, the parser finds
  // them all at once and they come together, and run in order before
  // DOMContentLoaded.
  if (document.readyState !== 'complete') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
})();
