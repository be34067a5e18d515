// mouseSteps plays pointer steps ({type: 'move', x, y}, 'down', 'up' (with
// button: 2, the right button),
// {type: 'pause', ms}, {type: 'hold', ms}) with a page's mouse; Playwright's
// and Puppeteer's pages share the calls used here. A hold lasts at least ms
// and until the game has seen the press (inpage.mjs's holdPress).
import { holdPress } from './inpage.mjs';

export async function mouseSteps(page, steps) {
  for (const st of steps) {
    if (st.type === 'move') await page.mouse.move(st.x, st.y);
    else if (st.type === 'down') await page.mouse.down(st.button === 2 ? { button: 'right' } : undefined);
    else if (st.type === 'up') await page.mouse.up(st.button === 2 ? { button: 'right' } : undefined);
    else if (st.type === 'pause') await sleep(st.ms);
    else if (st.type === 'hold') await page.evaluate(holdPress, { ms: st.ms });
    else throw new Error(`pointer step ${st.type}`);
  }
}

export const sleep = ms => new Promise(r => setTimeout(r, ms));
