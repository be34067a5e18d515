// The front door and play as lichess players expect it, in each engine:
// the first visit's page of the three games, resigning, draws offered and
// answered, a rematch, a game lost on time, and the defects of issue 25
// (confirmations behind the Menu, Load game's players, a game loaded twice,
// an embed's result, the move box's fusions, the viewing line, what the live
// region says, a demoting capture shown before it is made).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuites, sleep, CAPABILITIES } from './lib/harness.mjs';
import { decodePNG } from './lib/png.mjs';

// byId reads what the page shows in an element: its text, and whether it is shown.
const shown = (s, id) => s.evaluate(i => {
  const n = document.getElementById(i);
  return !!n && !n.hidden && n.getClientRects().length > 0 && getComputedStyle(n).visibility !== 'hidden';
}, id);
const textOf = (s, id) => s.evaluate(i => (document.getElementById(i) || {}).textContent || '', id);
const said = s => s.evaluate(() => [...document.getElementById('announce').children].map(p => p.textContent));

// clickAt clicks a point {x, y} (the hook's squareCenter: read by name, its
// keys come in any order).
const clickAt = (s, p) => s.click(p.x, p.y);

async function menu(s, name) {
  await s.getByRole('button', { name: 'Menu', exact: true }).click();
  await s.getByRole('dialog', { name: 'Menu' }).waitFor();
  await s.getByRole('button', { name, exact: true }).click();
}

// paste puts text into a text box as a paste does (an input event).
function paste(s, id, text) {
  return s.evaluate(([i, t]) => {
    const n = document.getElementById(i);
    n.focus();
    n.value = t;
    n.dispatchEvent(new Event('input', { bubbles: true }));
  }, [id, text]);
}

browserSuites({ width: 1280, height: 720 }, suite => {
  const { skip } = suite;

  test('a first visit opens on the three games; each button starts its game; later visits and links open their game', { skip, timeout: 180000 }, async () => {
    const { s, server } = suite.fresh();
    await s.goto(server.url + '/site.json');
    await s.evaluate(() => localStorage.clear());
    await s.goto(server.url + '/?sw=0');
    await s.getByRole('heading', { name: 'Chimera', exact: true }).waitFor();
    const region = await s.evaluate(() => {
      const d = document.getElementById('door');
      return { games: [...d.querySelectorAll('.door-games h2')].map(h => h.textContent), embed: !!d.querySelector('a[href="embed.html"]') };
    });
    assert.deepEqual(region.games, ['Bedlam', 'Assimilation Chess', 'Bifold Halfgi']);
    assert.ok(region.embed, 'the door links to embedding');
    assert.equal(await s.getByRole('button', { name: 'Play the computer' }).count(), 3);
    // Each game's line and start position, from the game's own data.
    // The pictures come before main.wasm (from the page script); the game's
    // own descriptions only once it has loaded.
    await s.waitFor(() => document.querySelectorAll('#door .pic .diagram').length === 3 && window.chimeraUI && window.chimeraUI.view && window.chimeraUI.view(), { timeout: 60000, what: 'the three start positions and the loaded game' });
    const lines = await s.evaluate(() => [...document.querySelectorAll('#door .line')].map(p => p.textContent));
    const games = await s.evaluate(() => window.chimeraUI.view().games.filter(g => ['bedlam', 'assimilation', 'bifold-halfgi'].includes(g.id)).map(g => g.description));
    assert.deepEqual(lines, games);
    await s.screenshot('door');
    // Play a friend at Bifold Halfgi.
    const friend = await s.getByRole('button', { name: 'Play a friend' }).all();
    await s.click(friend[2].x, friend[2].y);
    await s.waitFor(() => document.getElementById('door').hidden && window.chimera.state().variant === 'bifold-halfgi', { what: 'the Bifold Halfgi game' });
    assert.equal((await s.state()).computer, 'none');
    await s.playMove('e2e4');
    // A later visit opens the last game, not the door.
    await s.goto(server.url + '/?sw=0');
    await s.waitFor(() => window.chimera && window.chimera.state() && window.chimera.state().moves.length === 1, { timeout: 60000, what: 'the kept game' });
    assert.equal(await shown(s, 'door'), false);
    // The Menu opens the door again; Back to the game closes it.
    await menu(s, 'The three games');
    await s.getByRole('button', { name: 'Back to the game' }).click();
    await s.waitFor(() => document.getElementById('door').hidden, { what: 'the door to close' });
    // Learn it: How to play of that game, over a new game of it.
    await menu(s, 'The three games');
    const learn = await s.getByRole('button', { name: 'Learn it' }).all();
    await s.click(learn[1].x, learn[1].y);
    await s.getByRole('heading', { name: 'How to play Assimilation Chess' }).waitFor();
    // A link to a game in a fresh storage opens its game, not the door.
    await s.evaluate(() => localStorage.clear());
    await s.goto(server.url + '/?sw=0&variant=assimilation&ai=none');
    await s.waitFor(() => window.chimera && window.chimera.state() && window.chimera.state().variant === 'assimilation', { timeout: 60000 });
    assert.equal(await shown(s, 'door'), false);
    await s.assertClean();
  });

  test('Copy game and Share confirm in sight, beside the board; Load game honours Nobody and keeps a game once', { skip, timeout: 180000 }, async () => {
    const { s, server } = suite.fresh();
    await s.open(server.url, { variant: 'bedlam', ai: 'black', level: 1 });
    await menu(s, 'Copy game');
    await s.waitFor(() => !document.getElementById('toast').hidden, { what: 'the confirmation' });
    assert.equal(await shown(s, 'menu-dialog'), false, 'the Menu stays open over the confirmation');
    assert.match(await textOf(s, 'toast'), /^(Game copied|Could not copy the game)$/);
    const overlap = await s.evaluate(() => {
      const a = document.getElementById('toast').getBoundingClientRect(), b = document.querySelector('canvas').getBoundingClientRect();
      return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    });
    assert.equal(overlap, false, 'the confirmation covers the board');
    // A record of a game against the computer, loaded for two players.
    const rec = '[Variant "Bedlam"]\n[White "You"]\n[Black "Computer, level 5"]\n\n1. e2-e4 e7-e5 2. Ng1-f3 *';
    for (const round of [1, 2]) {
      await menu(s, 'Load game');
      await s.getByRole('dialog', { name: 'Load game' }).waitFor();
      await paste(s, 'load-text', rec);
      await s.evaluate(() => { document.querySelector('#load-form input[name=computer][value=none]').click(); });
      await s.getByRole('button', { name: 'Load', exact: true }).click();
      await s.waitFor(() => document.getElementById('load-dialog').open === false && window.chimera.state().moves.length === 3, { what: 'the loaded game' });
      assert.equal(await textOf(s, 'players'), 'Two players');
      assert.equal((await s.state()).computer, 'none');
      await s.waitFor(() => !document.getElementById('toast').hidden, { what: 'the confirmation' });
      const toast = await textOf(s, 'toast');
      if (round === 1) assert.match(toast, /^Game loaded/);
      else assert.match(toast, /already kept in Games/);
    }
    const kept = JSON.parse(await s.evaluate(() => window.chimeraApp.games())).filter(g => g.moves === 2 && g.players === 'Two players');
    assert.equal(kept.length, 1, 'the same game kept twice');
    await s.assertClean();
  });

  test('the move box takes a fusion without its result; viewing an earlier move names it; the live region says every move and Undo', { skip, timeout: 180000 }, async () => {
    const { s, server } = suite.fresh();
    await s.open(server.url, { variant: 'bedlam', ai: 'black', level: 1 });
    const box = s.getByRole('combobox', { name: 'Move' });
    await box.click();
    await s.type('Rh1-g1');
    await s.press('Enter');
    await s.waitFor(() => window.chimera.state().moves[0] === 'h1g1', { what: 'Rh1-g1 to play the fusion h1g1' });
    await s.waitFor(() => window.chimera.state().moves.length === 2, { timeout: 30000, what: "the computer's reply" });
    await s.waitFor(() => document.getElementById('announce').children.length >= 2, { what: 'two lines said' });
    const lines = await said(s);
    assert.equal(lines.at(-2), 'White rook h1 to g1, merges with the knight: Marshall', `said: ${JSON.stringify(lines)}`);
    assert.match(lines.at(-1), /^Black /, `the computer's move is said after the player's: ${JSON.stringify(lines)}`);
    await s.getByRole('button', { name: 'Undo', exact: true }).click();
    await s.waitFor(() => window.chimera.state().moves.length === 0);
    await s.waitFor(() => /^Taken back: White rook h1 to g1.*; Black .*\. White to move$/.test(document.getElementById('announce').lastElementChild.textContent), { what: 'Undo to say what it took back' });
    // Viewing an earlier move: named as the list names it.
    await s.getByRole('button', { name: 'Redo', exact: true }).click();
    await s.waitFor(() => window.chimera.state().moves.length === 2);
    await s.evaluate(() => window.chimeraApp.goto(1));
    await s.waitFor(() => /^Viewing 1\. Rh1-g1=M \(the game is at 1… \S+\)$/.test(document.getElementById('status').textContent), { what: 'the viewing line' });
    await s.assertClean();
  });

  test('a capture that demotes shows what the piece becomes before it is made; a finished embed shows its result', { skip, timeout: 180000 }, async () => {
    const { s, server } = suite.fresh();
    await s.open(server.url, { variant: 'bedlam', ai: 'none', fen: '4k3/8/8/3p4/8/5p2/8/3QK3[] w - - 0 1' });
    const d1 = await s.squareCenter('d1');
    await s.click(d1.x, d1.y);
    await sleep(400);
    // The badge is drawn in the corner of the capture's square.
    const badge = async sq => {
      const c = await s.squareCenter(sq), e = await s.squareCenter(sq === 'd5' ? 'e5' : 'g3');
      const w = e.x - c.x;
      const img = decodePNG(Buffer.from(await s.driver.screenshot()));
      const dpr = img.width / (await s.evaluate(() => innerWidth));
      let hits = 0;
      for (let dy = -0.32; dy <= -0.08; dy += 0.04) {
        for (let dx = 0.08; dx <= 0.42; dx += 0.04) {
          const x = Math.round((c.x + dx * w) * dpr), y = Math.round((c.y + dy * w) * dpr);
          const i = (y * img.width + x) * 4;
          const [r, g, b] = [img.data[i], img.data[i + 1], img.data[i + 2]];
          if (r > 200 && g > 150 && g < 215 && b < 140) hits++;
        }
      }
      return hits;
    };
    assert.ok(await badge('d5') > 3, 'no mark of what the Queen becomes by taking on d5');
    assert.ok(await badge('f3') > 3, 'no mark of what the Queen becomes by taking on f3');
    await s.screenshot('demotion-marked');
    // An embed's game that ends shows its result.
    await s.open(server.url, { mode: 'embed', variant: 'assimilation', ai: 'none', moves: 'f2f3,e7e5,g2g4' });
    await s.playMove('d8h4');
    await s.waitFor(() => { const r = document.getElementById('result'); return !r.hidden && r.getClientRects().length > 0; }, { what: "the embed's result" });
    assert.equal(await textOf(s, 'result-text'), 'Black wins by checkmate');
    await s.screenshot('embed-result');
    await s.assertClean();
  });

  test('resign, then a rematch with the colours swapped', { skip, timeout: 180000 }, async () => {
    const { s, server } = suite.fresh();
    await s.open(server.url, { variant: 'assimilation', ai: 'black', level: 1 });
    await s.playMove('e2e4');
    await s.waitFor(() => window.chimera.state().moves.length === 2, { timeout: 30000, what: "the computer's reply" });
    await menu(s, 'Resign');
    await s.getByRole('dialog', { name: 'Resign this game?' }).waitFor();
    await s.getByRole('button', { name: 'Resign', exact: true }).click();
    await s.waitFor(() => window.chimera.state().result === '0-1', { what: 'the resignation' });
    assert.equal(await textOf(s, 'result-text'), 'Black wins: White resigned');
    assert.equal(await s.evaluate(() => document.getElementById('btn-undo').disabled), true, 'a resignation can be taken back');
    await s.getByRole('button', { name: 'Rematch', exact: true }).click();
    await s.waitFor(() => window.chimera.state().moves.length === 1 && window.chimera.state().computer === 'white', { timeout: 30000, what: 'the rematch, the computer White and moving first' });
    assert.equal((await s.state()).flipped, true, 'the player (Black) is not at the bottom');
    await s.assertClean();
  });

  test('a draw offered between two players, declined and accepted; the computer accepts a level game and declines one it leads', { skip, timeout: 180000 }, async () => {
    const { s, server } = suite.fresh();
    await s.open(server.url, { variant: 'bedlam', ai: 'none' });
    await menu(s, 'Offer a draw');
    await s.getByRole('group', { name: 'White offers a draw' }).waitFor();
    await s.getByRole('button', { name: 'Decline', exact: true }).click();
    await s.waitFor(() => document.getElementById('offer').hidden, { what: 'the offer to go' });
    assert.equal((await s.state()).result, '');
    await menu(s, 'Offer a draw');
    await s.getByRole('button', { name: 'Accept draw', exact: true }).click();
    await s.waitFor(() => window.chimera.state().result === '1/2-1/2', { what: 'the draw' });
    assert.equal(await textOf(s, 'result-text'), 'Draw by agreement');
    // The computer: the start position is level.
    await s.open(server.url, { variant: 'bedlam', ai: 'black', level: 3 });
    await menu(s, 'Offer a draw');
    await s.waitFor(() => window.chimera.state().result === '1/2-1/2', { timeout: 20000, what: 'the computer to accept a level game' });
    // A queen up, it declines.
    await s.open(server.url, { variant: 'bedlam', ai: 'black', level: 3, fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[] w - - 0 1' });
    await menu(s, 'Offer a draw');
    await s.waitFor(() => /declines the draw/.test(document.getElementById('notice-text').textContent), { timeout: 20000, what: 'the computer to decline' });
    assert.equal((await s.state()).result, '');
    await s.assertClean();
  });

  test('a game with a clock is lost on time', { skip, timeout: 180000 }, async () => {
    const { s, server } = suite.fresh();
    await s.open(server.url, { variant: 'bedlam', ai: 'none' });
    await s.getByRole('button', { name: 'New game', exact: true }).click();
    await s.getByRole('dialog', { name: 'New game' }).waitFor();
    await s.evaluate(() => {
      document.querySelector('#new-form input[name=computer][value=none]').click();
      document.querySelector('#new-form input[name=tc][value=custom]').click();
    });
    await s.waitFor(() => !document.getElementById('tc-custom').hidden, { what: 'the custom clock fields' });
    await s.evaluate(() => {
      const f = document.getElementById('new-form').elements;
      f.tcmin.value = '0.25';
      f.tcinc.value = '0';
    });
    await s.getByRole('button', { name: 'Start', exact: true }).click();
    await s.getByRole('timer', { name: "White's clock" }).waitFor();
    assert.equal(await s.evaluate(() => document.querySelector('#clock-white .time').textContent), '0:15');
    await s.playMove('e2e4');
    await s.waitFor(() => document.getElementById('clock-black').classList.contains('running'), { what: "Black's clock to run" });
    await s.waitFor(() => document.getElementById('clock-black').classList.contains('low'), { timeout: 20000, what: 'the low-time warning' });
    await s.waitFor(() => window.chimera.state().result === '1-0', { timeout: 30000, what: 'the flag' });
    assert.equal(await textOf(s, 'result-text'), 'White wins on time');
    assert.match(await s.evaluate(() => window.chimeraApp.record()), /\[TimeControl "15\+0"\]/);
    await s.assertClean();
  });

  test('a premove played when the reply lands, and one cancelled; an arrow and a circle drawn and cleared', { skip, timeout: 180000 }, async () => {
    const { s, server } = suite.fresh();
    await s.open(server.url, { variant: 'assimilation', ai: 'black', level: 3 });
    const at = async sq => s.squareCenter(sq);
    // The test holds the computer's answers back: it thinks as long as the test needs.
    await s.evaluate(() => window.chimera.holdEngine(true));
    await s.playMove('e2e4');
    await clickAt(s, (await at('d2')));
    await clickAt(s, (await at('d4')));
    await s.waitFor(() => window.chimera.state().premove === 'd2d4', { what: 'the premove' });
    await s.evaluate(() => window.chimera.holdEngine(false));
    await s.waitFor(() => window.chimera.state().moves.length >= 3, { timeout: 30000, what: 'the reply and the premove' });
    assert.equal((await s.state()).moves[2], 'd2d4', 'the premove was not played on the reply');
    await s.waitFor(() => window.chimera.state().moves.length === 4, { timeout: 30000, what: 'the second reply' });
    // A premove cancelled by a press on an empty square.
    await s.evaluate(() => window.chimera.holdEngine(true));
    await s.playMove('g1f3');
    await clickAt(s, (await at('b1')));
    await clickAt(s, (await at('c3')));
    await s.waitFor(() => window.chimera.state().premove === 'b1c3', { what: 'the second premove' });
    await clickAt(s, (await at('a5')));
    await s.waitFor(() => window.chimera.state().premove === '', { what: 'the premove to be cancelled' });
    await s.evaluate(() => window.chimera.holdEngine(false));
    await s.waitFor(() => window.chimera.state().moves.length === 6, { timeout: 30000, what: 'the reply' });
    await sleep(500);
    const st = await s.state();
    assert.equal(st.moves.length, 6, `the cancelled premove was played: ${st.moves}`);
    // An arrow and a circle, then a left press on an empty square clears them
    // (not in WebKitGTK: its WebDriver releases the right button as the left).
    if (!CAPABILITIES[suite.engine].rightButton) {
      process.stderr.write(`${suite.engine}: the right-drag part is skipped: its WebDriver sends the right button's release as the left's\n`);
      await s.assertClean();
      return;
    }
    await s.rightDrag(await at('a2'), await at('a4'));
    await s.rightDrag(await at('h7'), await at('h7'));
    await s.waitFor(() => window.chimera.overlay().shapes.length === 2, { what: 'the arrow and the circle' });
    const shapes = await s.evaluate(() => window.chimera.overlay().shapes);
    assert.deepEqual(shapes.map(x => x.from + x.to), ['a2a4', 'h7h7']);
    await s.screenshot('drawn-shapes');
    await clickAt(s, (await at('a6')));
    await s.waitFor(() => window.chimera.overlay().shapes.length === 0, { what: 'the shapes to be cleared' });
    await s.assertClean();
  });

  test('the light theme, chosen in the Menu, colours the page and the board, and is kept', { skip, timeout: 120000 }, async () => {
    const { s, server } = suite.fresh();
    await s.open(server.url, { variant: 'bedlam', ai: 'none' });
    await s.getByRole('button', { name: 'Menu', exact: true }).click();
    await s.getByRole('dialog', { name: 'Menu' }).waitFor();
    await s.evaluate(() => { document.querySelector('#menu-form input[name=theme][value=light]').click(); document.querySelector('#menu-form input[name=board][value=blue]').click(); });
    await s.press('Escape');
    await s.waitFor(() => document.documentElement.dataset.theme === 'light', { what: 'the light theme' });
    const bg = await s.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    assert.equal(bg, 'rgb(243, 241, 237)');
    // The board's squares in the chosen colours: a1 is dark, blue's #8ca2ad.
    await sleep(300);
    const a1 = await s.squareCenter('a1'), img = decodePNG(Buffer.from(await s.driver.screenshot()));
    const dpr = img.width / (await s.evaluate(() => innerWidth));
    const px = (x, y) => { const i = (Math.round(y * dpr) * img.width + Math.round(x * dpr)) * 4; return [img.data[i], img.data[i + 1], img.data[i + 2]]; };
    const w = (await s.squareCenter('b1')).x - a1.x;
    const c = px(a1.x + w * 0.4, a1.y - w * 0.4);
    assert.ok(Math.abs(c[0] - 0x8c) < 12 && Math.abs(c[1] - 0xa2) < 12 && Math.abs(c[2] - 0xad) < 12, `a1 is ${c}`);
    await s.screenshot('light-theme');
    await s.reload();
    await s.waitFor(() => window.chimera && window.chimera.state() && document.documentElement.dataset.theme === 'light', { timeout: 60000, what: 'the theme after a reload' });
    await s.evaluate(() => window.chimeraApp.setPrefs(JSON.stringify(Object.assign(window.chimeraUI.view().prefs, { theme: 'system', board: 'brown' }))));
    await s.assertClean();
  });

  test('at 1280x720 the Menu and the new-game dialog do not scroll, the levels fill their rows, and How to play keeps its buttons clear of its scrollbar', { skip, timeout: 120000 }, async () => {
    const { s, server } = suite.fresh();
    await s.open(server.url, { variant: 'bifold-halfgi', ai: 'none' });
    for (const [button, dialog] of [['Menu', 'menu-dialog'], ['New game', 'new-dialog']]) {
      await s.getByRole('button', { name: button, exact: true }).click();
      await s.waitFor(d => document.getElementById(d).open, { arg: dialog, what: `the ${button} dialog` });
      const m = await s.evaluate(d => { const e = document.getElementById(d); return [e.scrollHeight, e.clientHeight]; }, dialog);
      assert.ok(m[0] <= m[1] + 1, `${button} scrolls: ${m}`);
      if (dialog === 'new-dialog') {
        const rows = await s.evaluate(() => [...document.querySelectorAll('#new-levels label')].map(l => Math.round(l.getBoundingClientRect().top)));
        const counts = Object.values(rows.reduce((c, y) => (c[y] = (c[y] || 0) + 1, c), {}));
        assert.ok(counts.every(n => n === counts[0]), `the levels wrap unevenly: ${counts}`);
      }
      await s.press('Escape');
      await s.waitFor(d => !document.getElementById(d).open, { arg: dialog });
    }
    await s.evaluate(() => window.chimeraLearn.open('bifold-halfgi'));
    await s.getByRole('heading', { name: 'How to play Bifold Halfgi' }).waitFor();
    const out = await s.evaluate(() => {
      const p = document.getElementById('panel-rules'), r = p.getBoundingClientRect();
      const edge = r.left + p.clientWidth;
      return [...p.querySelectorAll('button')].filter(b => b.getClientRects().length && b.getBoundingClientRect().right > edge + 0.5).map(b => b.textContent.trim());
    });
    assert.deepEqual(out, [], 'buttons under the scrollbar');
    await s.screenshot('help-panel');
    await s.assertClean();
  });

  test('embed.html links home, and its origin field goes into the snippet', { skip, timeout: 120000 }, async () => {
    const { s, server } = suite.fresh();
    await s.goto(server.url + '/embed.html');
    await s.getByRole('link', { name: /Chimera/ }).waitFor();
    await paste(s, 'f-origin-input', 'https://writer.example');
    await s.waitFor(() => /origin=https:\/\/writer\.example/.test(document.getElementById('snippet').textContent), { what: 'the origin in the snippet' });
    await paste(s, 'f-origin-input', 'https://writer.example/page');
    await s.waitFor(() => /without a path/.test(document.getElementById('origin-error').textContent), { what: 'the origin refused with words' });
    assert.doesNotMatch(await textOf(s, 'snippet'), /origin=/);
    await s.assertClean();
  });
});
