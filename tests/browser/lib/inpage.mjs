// Functions the harness runs in the page (each uses nothing from outside itself).

// waitFrames runs in the page: it resolves once n animation frames have begun
// and ms milliseconds have passed (or after 5 s, should frames stop).
export function waitFrames({ n = 2, ms = 0 }) {
  return new Promise(resolve => {
    const t0 = performance.now();
    let frames = 0;
    const give = setTimeout(resolve, Math.max(5000, ms));
    const f = () => {
      frames++;
      if (frames >= n && performance.now() - t0 >= ms) { clearTimeout(give); resolve(); } else requestAnimationFrame(f);
    };
    requestAnimationFrame(f);
  });
}


// recordInput (an init script) keeps the page's last 60 pointer, mouse and
// touch events, with the animation frame each arrived in, for the report of a
// move that was not played: window.__chimeraInput.
export function recordInput() {
  if (window.__chimeraInput) return;
  const log = window.__chimeraInput = [];
  let frame = 0;
  const count = () => { frame++; requestAnimationFrame(count); };
  requestAnimationFrame(count);
  const types = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'touchend', 'touchcancel'];
  for (const type of types) {
    addEventListener(type, e => {
      const p = e.touches ? (e.changedTouches[0] || {}) : e;
      const target = e.target && e.target.tagName ? e.target.tagName.toLowerCase() + (e.target.id ? '#' + e.target.id : '') : '?';
      log.push(`${Math.round(performance.now())} ms frame ${frame}: ${type} ${Math.round(p.clientX)},${Math.round(p.clientY)} on ${target}`);
      if (log.length > 60) log.shift();
    }, { capture: true, passive: true });
  }
}

// holdPress runs in the page after a button or finger went down or up: it
// resolves once ms milliseconds have passed and the game has begun two updates
// since (it reads input once per update, from the state at the update's start;
// on a loaded machine a frame can take longer than any fixed hold). Without the
// game's hook (an HTML page) it waits for three animation frames instead; it
// gives up after 10 s.
export function holdPress({ ms = 0 }) {
  const updates = () => {
    try {
      const s = window.chimera && window.chimera.state();
      return s && Number.isFinite(s.updates) ? s.updates : null;
    } catch { return null; }
  };
  return new Promise(resolve => {
    const t0 = performance.now();
    const u0 = updates();
    let frames = 0;
    const give = setTimeout(resolve, Math.max(10000, ms));
    const f = () => {
      frames++;
      const u = u0 === null ? null : updates();
      const seen = u === null ? frames >= 3 : u >= u0 + 2;
      if (seen && performance.now() - t0 >= ms) { clearTimeout(give); resolve(); } else requestAnimationFrame(f);
    };
    requestAnimationFrame(f);
  });
}
