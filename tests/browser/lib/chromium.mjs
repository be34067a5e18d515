// Chromium: Debian's /usr/bin/chromium (or $CHROMIUM), headless, driven by
// playwright-core over the DevTools protocol. WebGL in software (SwiftShader).
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { holdPress } from './inpage.mjs';
import { mouseSteps, sleep } from './steps.mjs';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// Flags: no sandbox (root), software WebGL through SwiftShader, and no background
// traffic (the machines here have no network but the registries).
const FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

export async function launchChromium({ width, height, dpr, mobile }, on) {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM)`);
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chimera-chromium-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, timeout: 60000,
    viewport: { width, height }, deviceScaleFactor: dpr,
    isMobile: mobile, hasTouch: mobile, userAgent: mobile ? PHONE_UA : undefined,
  });
  const page = ctx.pages()[0] || await ctx.newPage();
  page.on('console', m => {
    const loc = m.location()?.url;
    on.console(m.type(), m.text(), loc);
  });
  page.on('pageerror', e => on.pageError(e.message, e.stack));
  page.on('crash', () => on.pageError('page crashed'));
  let cdp = null;

  return {
    name: 'chromium',
    version: ctx.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent)).match(/Chrome\/(\S+)/)?.[1],
    page, ctx,
    async goto(url) {
      const resp = await page.goto(url, { waitUntil: 'load', timeout: 60000 });
      return { status: resp ? resp.status() : null };
    },
    async reload() {
      const resp = await page.reload({ waitUntil: 'load', timeout: 60000 });
      return { status: resp ? resp.status() : null, fromServiceWorker: resp ? resp.fromServiceWorker() : null };
    },
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    async waitFor(fn, arg, timeout) {
      const h = await page.waitForFunction(fn, arg, { timeout, polling: 50 });
      return h.jsonValue();
    },
    isTimeout: e => /Timeout/i.test(e.message),
    addInitScript: fn => page.addInitScript(fn),
    // pointer plays a list of steps: {type: 'move', x, y}, {type: 'down'},
    // {type: 'up'}, {type: 'pause', ms}, {type: 'hold', ms} (at least ms, and
    // until the game has seen the press: inpage.mjs's holdPress).
    async pointer(kind, steps) {
      if (kind === 'mouse') return mouseSteps(page, steps);
      cdp ||= await ctx.newCDPSession(page);
      let at = null, down = false;
      for (const st of steps) {
        if (st.type === 'move') {
          at = { x: st.x, y: st.y };
          if (down) await touch(cdp, 'touchMove', at);
        } else if (st.type === 'down') {
          down = true;
          await touch(cdp, 'touchStart', at);
        } else if (st.type === 'up') {
          down = false;
          await touch(cdp, 'touchEnd');
        } else if (st.type === 'pause') await sleep(st.ms);
        else if (st.type === 'hold') await page.evaluate(holdPress, { ms: st.ms });
        else throw new Error(`pointer step ${st.type}`);
      }
    },
    async keyboard(text) { await page.keyboard.type(text); },
    async press(key) { await page.keyboard.press(key); },
    screenshot: () => page.screenshot(),
    setOffline: on => ctx.setOffline(on),
    async close() {
      try { await ctx.close(); } catch { /* already gone */ }
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

function touch(cdp, type, at) {
  return cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: type === 'touchEnd' ? [] : [{ x: at.x, y: at.y, id: 1, radiusX: 4, radiusY: 4, force: 1 }],
  });
}

