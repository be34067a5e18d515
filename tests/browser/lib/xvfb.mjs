// A private X display (Xvfb) for the browsers that need one: Firefox (headless
// Firefox has no WebGL) and WebKitGTK's MiniBrowser. One per test process,
// started on first use; Xvfb picks a free display number itself (-displayfd).
import { spawn } from 'node:child_process';

let display = null;
let child = null;

// xDisplay returns the DISPLAY value (":N") of the process's Xvfb, starting it
// on the first call.
export function xDisplay() {
  display ||= new Promise((resolve, reject) => {
    // 3 x 1280 px wide: room for a 1280 px window at device pixel ratio 3.
    child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '3840x2600x24', '-nolisten', 'tcp', '-noreset'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    const timer = setTimeout(() => reject(new Error(`Xvfb gave no display number in 15 s: ${err}`)), 15000);
    child.on('error', e => {
      clearTimeout(timer);
      reject(new Error(`cannot start Xvfb (apt-get install xvfb xauth): ${e.message}`));
    });
    child.stderr.on('data', d => { err += d; });
    child.stdio[3].on('data', d => {
      out += d;
      if (/\n/.test(out)) {
        clearTimeout(timer);
        // It must not keep the test process alive: it ends with it.
        child.unref();
        for (const s of child.stdio) s?.unref?.();
        resolve(':' + out.trim());
      }
    });
    child.on('exit', code => { clearTimeout(timer); reject(new Error(`Xvfb exited (${code}): ${err}`)); });
  });
  return display;
}

process.on('exit', () => { child?.kill('SIGKILL'); });
