// sound.js: short sounds synthesised with Web Audio (no files): a wooden
// click for a move, a lower knock for a capture, a rising two-note chime for
// a merge, a falling one for a split, a soft thud for a drop, two high pips
// for check, a three-note close for the end of a game. Each is under 150 ms.
// Nothing plays before the first user gesture, so a page load is always
// silent. The audio context is made when the first sound is asked for, not in
// the gesture's handler: making one can take a fifth of a second (more on a
// slow phone), and inside a touchstart that stall would stretch the first
// tap into a long press. Browsers that allow audio only from inside a gesture
// (WebKit) get the context resumed at the next one.
'use strict';
(function () {
  let ctx = null;
  let gestured = false;

  function gesture() {
    gestured = true;
    if (ctx && ctx.state === 'suspended') ctx.resume();
  }
  // The events that give a page user activation (HTML: keydown, a mouse's
  // pointerdown, a finger's pointerup, touchend); click for older WebKit.
  for (const ev of ['pointerdown', 'pointerup', 'touchend', 'keydown', 'click']) {
    window.addEventListener(ev, gesture, { passive: true });
  }

  function context() {
    if (ctx || !gestured) return ctx;
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    try {
      ctx = new AC();
    } catch (e) {
      ctx = null;
    }
    return ctx;
  }

  let noiseBuf = null;
  function noise() {
    if (!noiseBuf) {
      const n = Math.floor(ctx.sampleRate * 0.05);
      noiseBuf = ctx.createBuffer(1, n, ctx.sampleRate);
      const d = noiseBuf.getChannelData(0);
      let seed = 12345;
      for (let i = 0; i < n; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        d[i] = (seed / 0x3fffffff - 1) * (1 - i / n);
      }
    }
    return noiseBuf;
  }

  // click: a filtered noise burst (the wood) at time t.
  function click(t, freq, gain, dur) {
    const src = ctx.createBufferSource();
    src.buffer = noise();
    const f = ctx.createBiquadFilter();
    f.type = 'bandpass'; f.frequency.value = freq; f.Q.value = 2.5;
    const g = ctx.createGain();
    g.gain.setValueAtTime(gain, t);
    g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    src.connect(f).connect(g).connect(ctx.destination);
    src.start(t);
    src.stop(t + dur + 0.01);
  }

  // tone: a sine with a quick attack and decay, from f0 to f1.
  function tone(t, f0, f1, gain, dur) {
    const o = ctx.createOscillator();
    o.type = 'sine';
    o.frequency.setValueAtTime(f0, t);
    if (f1 !== f0) o.frequency.exponentialRampToValueAtTime(f1, t + dur);
    const g = ctx.createGain();
    g.gain.setValueAtTime(0.0001, t);
    g.gain.exponentialRampToValueAtTime(gain, t + 0.008);
    g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    o.connect(g).connect(ctx.destination);
    o.start(t);
    o.stop(t + dur + 0.01);
  }

  const sounds = {
    move(t) { click(t, 1900, 0.5, 0.05); tone(t, 240, 180, 0.12, 0.05); },
    capture(t) { click(t, 900, 0.7, 0.07); tone(t, 170, 110, 0.25, 0.09); },
    merge(t) { tone(t, 660, 660, 0.16, 0.06); tone(t + 0.06, 990, 990, 0.16, 0.07); },
    split(t) { tone(t, 990, 990, 0.16, 0.06); tone(t + 0.06, 660, 660, 0.16, 0.07); },
    drop(t) { tone(t, 220, 110, 0.3, 0.08); click(t + 0.01, 1200, 0.3, 0.04); },
    check(t) { tone(t, 1320, 1320, 0.12, 0.04); tone(t + 0.06, 1320, 1320, 0.12, 0.04); },
    end(t) { tone(t, 523, 523, 0.14, 0.05); tone(t + 0.045, 659, 659, 0.14, 0.05); tone(t + 0.09, 784, 784, 0.16, 0.055); },
  };

  window.chimeraSound = {
    // played counts the sounds asked for and made (for tests).
    played: [],
    play(name) {
      const s = sounds[name];
      if (!s || !context()) return false;
      if (ctx.state === 'suspended') ctx.resume();
      try {
        s(ctx.currentTime + 0.005);
        this.played.push(name);
        return true;
      } catch (e) {
        return false;
      }
    },
  };
})();
