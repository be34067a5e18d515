// Firefox: Debian's firefox-esr (or $FIREFOX) with a window on a private Xvfb
// display (headless Firefox has no WebGL; under X it renders WebGL with Mesa's
// llvmpipe), driven by puppeteer-core over WebDriver BiDi.
import puppeteer from 'puppeteer-core';
import fs from 'node:fs';
import { xDisplay } from './xvfb.mjs';
import { holdPress } from './inpage.mjs';
import { mouseSteps, sleep } from './steps.mjs';

export const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';

// Firefox emulates a phone's viewport and pixel ratio, and touch actions arrive
// as touch events (desktop Firefox ignores the page's meta viewport, which the
// page, always as wide as the window, does not need).
const PREFS = {
  'webgl.force-enabled': true, // llvmpipe is on WebGL's block list
  'dom.w3c_touch_events.enabled': 1, // touch events without a touch screen
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'app.update.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
};

export async function launchFirefox({ width, height, dpr, mobile }, on) {
  if (!fs.existsSync(FIREFOX)) {
    throw new Error(`Firefox not found at ${FIREFOX}: apt-get install firefox-esr (or set FIREFOX)`);
  }
  const display = await xDisplay();
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: FIREFOX, headless: false, protocolTimeout: 120000, timeout: 60000,
    extraPrefsFirefox: PREFS, defaultViewport: null,
    args: ['--width', String(Math.max(width, 450) + 40), '--height', String(height + 200)],
    env: { ...process.env, DISPLAY: display, MOZ_CRASHREPORTER_DISABLE: '1' },
  });
  try {
    const page = (await browser.pages())[0] || await browser.newPage();
    await page.setViewport({ width, height, deviceScaleFactor: dpr, isMobile: mobile, hasTouch: mobile });
    page.on('console', m => on.console(m.type(), m.text(), m.location()?.url));
    page.on('pageerror', e => on.pageError(e.message ?? String(e), e.stack));
    const version = (await browser.version()).replace(/^firefox\//i, '');
    return {
      name: 'firefox', version, page, browser,
      async goto(url) {
        const resp = await page.goto(url, { waitUntil: 'load', timeout: 60000 });
        return { status: resp ? resp.status() : null };
      },
      async reload() {
        const resp = await page.reload({ waitUntil: 'load', timeout: 60000 });
        return { status: resp ? resp.status() : null, fromServiceWorker: null };
      },
      evaluate: (fn, arg) => page.evaluate(fn, arg),
      async waitFor(fn, arg, timeout) {
        const h = await page.waitForFunction(fn, { timeout, polling: 50 }, arg);
        return h.jsonValue();
      },
      isTimeout: e => e.name === 'TimeoutError' || /Timeout/i.test(e.message),
      addInitScript: fn => page.evaluateOnNewDocument(fn),
      async pointer(kind, steps) {
        if (kind === 'mouse') return mouseSteps(page, steps);
        let at = null, handle = null;
        for (const st of steps) {
          if (st.type === 'move') {
            at = { x: st.x, y: st.y };
            if (handle) await handle.move(at.x, at.y);
          } else if (st.type === 'down') {
            handle = await page.touchscreen.touchStart(at.x, at.y);
          } else if (st.type === 'up') {
            await handle.end();
            handle = null;
          } else if (st.type === 'pause') await sleep(st.ms);
          else if (st.type === 'hold') await page.evaluate(holdPress, { ms: st.ms });
          else throw new Error(`pointer step ${st.type}`);
        }
      },
      async keyboard(text) { await page.keyboard.type(text); },
      async press(key) { await page.keyboard.press(key); },
      screenshot: () => page.screenshot(),
      setOffline: on => page.setOfflineMode(on),
      async close() {
        try { await browser.close(); } catch { browser.process()?.kill('SIGKILL'); }
      },
    };
  } catch (e) {
    await browser.close().catch(() => browser.process()?.kill('SIGKILL'));
    throw e;
  }
}

