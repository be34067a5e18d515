// The position editor, used as a user does, in each engine and each rule
// set: a position built from an empty board by palette clicks and by drags
// (a compound or a pair, pieces in hand), an impossible one refused in the
// engine's words and mended, played against the computer and by two
// players, opened for analysis; a typed position string round-trips; the
// castling boxes appear only where castling is possible. Every position
// and every refusal is checked against the rules engine (refpos).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axe } from './lib/axe.mjs';
import { browserSuites, refpos, selectedEngines } from './lib/harness.mjs';

// What is built in each rule set: the pieces placed by a palette click, by
// a palette drag, the compound or pair made by dragging a piece onto a
// friendly one, the hand counts, a piece dragged into a hand, the
// impossible second royal, and the position string that results.
const CASES = {
  bedlam: {
    clicks: [['White King', 'e1'], ['Black King', 'e8'], ['White Rook', 'a1']],
    drags: [['Black Pawn', 'd7'], ['Black Queen', 'h5']],
    merge: ['White Knight', 'a1'], mergeSays: 'White Knight and White Rook on a1 make a White Marshall',
    cannot: ['Black Knight', 'a1'], cannotSays: 'pieces of both sides cannot share a square',
    plus: ["One more Knight in White's hand"],
    toHand: ['h5', 'black'],
    extraRoyal: ['Black King', 'a8'],
    fen: '4k3/3p4/8/8/8/8/8/M3K3[Nq] w - - 0 1',
    typed: 'r3k2r/8/8/8/8/8/8/R3K2R[QRp] b - - 5 12',
  },
  assimilation: {
    clicks: [['White King', 'e1'], ['Black King', 'e8'], ['White Bishop', 'c1']],
    drags: [['Black Pawn', 'd7'], ['White Pawn', 'd2'], ['White Rook', 'h1']],
    merge: ['White Knight', 'c1'], mergeSays: 'White Knight and White Bishop on c1 make a White Paladin',
    cannot: ['White Queen', 'c1'], cannotSays: 'make no compound',
    castle: 'White, king side (K)',
    extraRoyal: ['Black King', 'a8'],
    fen: '4k3/3p4/8/8/8/8/3P4/2A1K2R w K - 0 1',
    typed: 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w Qk - 0 1',
  },
  'bifold-halfgi': {
    bifold: true,
    clicks: [['White Wazir', 'e1'], ['Black Wazir', 'e8'], ['Black Halfling Rook', 'a8']],
    drags: [['Black Ferz', 'e8'], ['White Pawn', 'd2'], ['Black Pawn', 'd7']],
    merge: ['White Ferz', 'e1'], mergeSays: 'White Ferz joins the White Wazir on e1',
    cannot: ['White Horse', 'e1'], cannotSays: 'e1 already holds two pieces',
    plus: ["One more Horse in White's hand"],
    toHand: ['a8', 'black'],
    extraRoyal: ['White Wazir', 'a1'],
    fen: '4(wf)3/3p4/8/8/8/8/3P4/4(WF)3[Hr] w - - 0 1',
    typed: '(rr)3(fw)2(rr)/8/8/8/8/8/8/(RR)3(WF)2(RR)[Bq] w KQkq - 0 1',
  },
  'bifold-halfgi-pawns': {
    bifold: true,
    clicks: [['White Wazir', 'e1'], ['Black Ferz', 'e8'], ['White Left Pawn', 'd2']],
    drags: [['Black Left Pawn', 'd7'], ['Black Right Pawn', 'd7']],
    merge: ['White Right Pawn', 'd2'], mergeSays: 'White Right Pawn joins the White Left Pawn on d2',
    cannot: ['White Horse', 'd2'], cannotSays: 'd2 already holds two pieces',
    plus: ["One more Left Pawn in Black's hand"],
    extraRoyal: ['White Wazir', 'a1'],
    fen: '4f3/3(ld)4/8/8/8/8/3(LD)4/4W3[l] w - - 0 1',
    typed: '4f3/3(dl)4/8/8/8/8/3(LD)4/4W3[LLd] b - - 0 7',
  },
  'bifold-halfgi-weak': {
    bifold: true,
    clicks: [['White Wazir', 'e1'], ['Black Wazir', 'e8'], ['White Weak Pawn', 'd2']],
    drags: [['Black Weak Pawn', 'd7'], ['Black Weak Pawn', 'd7']],
    merge: ['White Weak Pawn', 'd2'], mergeSays: 'White Weak Pawn joins the White Weak Pawn on d2',
    cannot: ['Black Weak Pawn', 'd2'], cannotSays: 'd2 already holds two pieces',
    plus: ["One more Halfling Queen in White's hand"],
    extraRoyal: ['White Wazir', 'a1'],
    fen: '4w3/3(vv)4/8/8/8/8/3(VV)4/4W3[Q] w - - 0 1',
    typed: '4w3/3(vv)4/8/8/8/8/3(VV)4/4W3[QQvv] w - - 3 40',
  },
};

const editor = s => s.evaluate(() => window.chimera.editor());
const btn = (s, name) => s.getByRole('button', { name, exact: true });

// refusal is the rules engine's refusal of fen, '' when it takes it.
function refusal(variant, fen) {
  try {
    refpos(variant, fen);
    return '';
  } catch (e) {
    return e.message;
  }
}

// waitSaid waits until the editor's last words contain text.
async function waitSaid(s, text) {
  await s.waitFor(t => { const e = window.chimera.editor(); return e && e.said.includes(t); },
    { arg: text, what: `the editor to say “${text}”` });
}

// reveal scrolls the editor's panel to an element, as a user scrolls to it.
async function reveal(s, css) {
  await s.evaluate(c => document.querySelector(c).scrollIntoView({ block: 'center' }), css);
}

// clickSquare clicks a square of the board.
async function clickSquare(s, sq) {
  const p = await s.squareCenter(sq);
  await s.click(p.x, p.y);
}

// pieceOnto drags a palette piece onto a square (or any point).
async function pieceOnto(s, name, to) {
  const from = await btn(s, name).point();
  const p = typeof to === 'string' ? await s.squareCenter(to) : to;
  await s.drag(from, p, { steps: 10 });
}

// openEditorFromMenu opens the editor from the Menu's Edit position.
async function openEditorFromMenu(s) {
  await btn(s, 'Menu').click();
  await btn(s, 'Edit position').click();
  await s.waitFor(() => !!window.chimera.editor(), { what: 'the editor open' });
  await s.getByRole('region', { name: 'Edit position' }).waitFor();
}

// playOneMove plays a legal move of the position by clicks and waits for it.
// (Against the computer the answer may have come already: check: false.)
async function playOneMove(s, variant, { check = true } = {}) {
  const st = await s.state();
  const legal = refpos(variant, st.position).legal.filter(m => /^[a-h][1-8][a-h][1-8]$/.test(m));
  assert.ok(legal.length, `no simple legal move in ${st.position}`);
  const after = await s.playMove(legal[0], { how: 'click' });
  if (check) assert.equal(after.position, refpos(variant, st.position, [legal[0]]).positions[1], `after ${legal[0]}`);
  return after;
}

browserSuites({ width: 1280, height: 720, dpr: 1 }, suite => {
  for (const [variant, c] of Object.entries(CASES)) {
    test(`${variant}: a position built in the editor by clicks and drags, refused in words, mended, played and analysed`, { skip: suite.skip, timeout: 300000 }, async () => {
      const { s, server } = suite.fresh();
      await s.open(server.url, { mode: 'editor', variant });
      await s.waitFor(() => !!window.chimera.editor(), { what: 'the editor open from the link' });
      assert.equal((await editor(s)).variant, variant);
      await btn(s, 'Clear board').click();
      await s.waitFor(() => window.chimera.editor().position.startsWith('8/8/8/8/8/8/8/8'), { what: 'an empty board' });
      assert.equal(await btn(s, 'Play').point().then(() => s.evaluate(() => document.getElementById('ed-play').disabled)), true,
        'Play is offered for an empty board');
      // Palette clicks: the piece stays picked.
      for (const [name, sq] of c.clicks) {
        await btn(s, name).click();
        await s.waitFor(n => document.querySelector(`#ed-palette [aria-label="${n}"]`).getAttribute('aria-pressed') === 'true', { arg: name, what: `${name} picked` });
        await clickSquare(s, sq);
        await waitSaid(s, `${name} on ${sq}`);
      }
      // Palette drags.
      for (const [name, sq] of c.drags) {
        const before = (await editor(s)).position;
        await pieceOnto(s, name, sq);
        await s.waitFor(b => window.chimera.editor().position !== b, { arg: before, what: `${name} dragged to ${sq}` });
      }
      // A compound or a pair, and what the board cannot hold, in words.
      await pieceOnto(s, c.merge[0], c.merge[1]);
      await waitSaid(s, c.mergeSays);
      await pieceOnto(s, c.cannot[0], c.cannot[1]);
      await waitSaid(s, c.cannotSays);
      assert.ok((await editor(s)).refused, 'the refusal is marked as one');
      // Hands: + buttons, and a piece dragged from the board onto a hand.
      if (c.plus) await reveal(s, '#ed-hands');
      for (const name of c.plus || []) await btn(s, name).click();
      if (c.toHand) {
        const panel = await s.evaluate(side => window.chimera.handPanel(side), c.toHand[1]);
        const from = await s.squareCenter(c.toHand[0]);
        await s.drag(from, panel, { steps: 10 });
        await waitSaid(s, `into ${c.toHand[1] === 'black' ? 'Black' : 'White'}'s hand`);
      }
      // A piece dragged off the board is removed.
      await reveal(s, '#ed-palette');
      const spare = c.bifold ? 'White Horse' : 'White Pawn';
      await pieceOnto(s, spare, 'h3');
      await waitSaid(s, `${spare} on h3`);
      const off = await s.getByRole('heading', { name: 'Edit position' }).point();
      await s.drag(await s.squareCenter('h3'), off, { steps: 10 });
      await waitSaid(s, `${spare} taken off h3`);
      if (c.castle) {
        await reveal(s, '#ed-castling');
        const box = s.getByRole('checkbox', { name: c.castle });
        await box.click();
        await s.waitFor(() => / K /.test(window.chimera.editor().position), { what: 'the castling right given' });
      }
      let e = await editor(s);
      assert.equal(e.position, c.fen, 'the position built');
      assert.equal(refpos(variant, e.position).positions[0], e.position, 'the engine reads it back the same');
      assert.ok(e.valid, `valid (${e.problem})`);
      // An impossible position: the engine's refusal, in words, beside the Position box.
      await reveal(s, '#ed-palette');
      await btn(s, c.extraRoyal[0]).click();
      await clickSquare(s, c.extraRoyal[1]);
      await s.waitFor(() => !window.chimera.editor().valid, { what: 'the position refused' });
      e = await editor(s);
      const why = refusal(variant, e.position);
      assert.ok(why && e.problem && why.includes(e.problem), `the page says “${e.problem}”, the engine “${why}”`);
      const shown = await s.evaluate(() => document.getElementById('ed-problem').textContent);
      assert.equal(shown, e.problem, 'the refusal is shown beside the Position box');
      for (const name of ['Play', 'Analyse', 'Copy position', 'Share link']) {
        assert.ok(await s.evaluate(n => [...document.querySelectorAll('#editor button')].find(b => b.textContent === n).disabled, name), `${name} offered for an invalid position`);
      }
      // Mended with the eraser.
      await btn(s, 'Eraser').click();
      await clickSquare(s, c.extraRoyal[1]);
      await s.waitFor(() => window.chimera.editor().valid, { what: 'the position mended' });
      assert.equal((await editor(s)).position, c.fen);
      // The address follows the editor.
      const addr = await s.evaluate(() => Object.fromEntries(new URLSearchParams(location.search)));
      assert.equal(addr.mode, 'editor');
      assert.equal(addr.fen, c.fen);
      await s.screenshot(`editor-${variant}`);
      if (suite.engine === 'chromium') {
        // Copy position and Share link (no Web Share on the desktop: the clipboard).
        await s.ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
        await btn(s, 'Copy position').click();
        await s.waitFor(() => document.getElementById('toast').textContent === 'Position copied', { what: 'Position copied' });
        assert.equal(await s.evaluate(() => navigator.clipboard.readText()), c.fen);
        await btn(s, 'Share link').click();
        await s.waitFor(() => document.getElementById('toast').textContent === 'Link copied', { what: 'Link copied' });
        const link = new URL(await s.evaluate(() => navigator.clipboard.readText()));
        assert.equal(link.searchParams.get('mode'), 'editor');
        assert.equal(link.searchParams.get('variant'), variant);
        assert.equal(link.searchParams.get('fen'), c.fen);
      }

      // Play against the computer (Black, level 1).
      await reveal(s, '#ed-computer');
      await s.getByRole('radio', { name: 'Computer plays Black' }).click();
      await s.getByRole('combobox', { name: "Computer's level" }).selectOption('1');
      await btn(s, 'Play').click();
      await s.waitFor(() => !window.chimera.editor(), { what: 'the editor closed by Play' });
      let st = await s.state();
      assert.equal(st.position, c.fen);
      assert.equal(st.computer, 'black');
      await playOneMove(s, variant, { check: false });
      await s.waitFor(() => window.chimera.state().moves.length >= 2 && !window.chimera.state().thinking, { timeout: 60000, what: 'the computer\'s answer' });
      st = await s.state();
      assert.equal(st.position, refpos(variant, c.fen, st.moves).positions.at(-1), 'the computer\'s answer as the engine plays it');

      // Two players: the editor opens from the Menu on the game's position.
      await openEditorFromMenu(s);
      assert.equal((await editor(s)).position, st.position, 'the editor starts from the shown position');
      await s.evaluate(fen => { const i = document.getElementById('ed-fen'); i.focus(); i.select(); }, c.fen);
      await s.type(c.fen);
      await s.press('Enter');
      await s.waitFor(f => window.chimera.editor().position === f, { arg: c.fen, what: 'the typed position' });
      await reveal(s, '#ed-computer');
      await s.getByRole('radio', { name: 'Computer plays nobody' }).click();
      await btn(s, 'Play').click();
      await s.waitFor(() => !window.chimera.editor(), { what: 'the editor closed by Play' });
      st = await s.state();
      assert.equal(st.computer, 'none');
      assert.equal(st.position, c.fen);
      await playOneMove(s, variant);
      st = await playOneMove(s, variant);
      assert.equal(st.moves.length, 2, 'both sides moved by hand');

      // Analysis: the position opened on the analysis board.
      await openEditorFromMenu(s);
      await s.evaluate(() => { const i = document.getElementById('ed-fen'); i.focus(); i.select(); });
      await s.type(c.fen);
      await s.press('Enter');
      await s.waitFor(f => window.chimera.editor().position === f, { arg: c.fen, what: 'the typed position' });
      await btn(s, 'Analyse').click();
      await s.waitFor(() => !window.chimera.editor() && !!window.chimera.analysis(), { what: 'the editor closed by Analyse, the analysis board open' });
      const an = await s.evaluate(() => window.chimera.analysis());
      assert.equal(an.position, c.fen);
      assert.equal(an.items.length, 0);
      await s.waitFor(() => [...document.getElementById('announce').children].some(n => n.textContent.startsWith('Analysis board: ')), { what: 'Analyse said what it opened' });
      await s.assertClean();
    });

    test(`${variant}: a typed position string round-trips; castling boxes only where castling is possible`, { skip: suite.skip, timeout: 120000 }, async () => {
      const { s, server } = suite.fresh();
      await s.open(server.url, { mode: 'editor', variant });
      await s.waitFor(() => !!window.chimera.editor(), { what: 'the editor open' });
      const box = s.getByRole('textbox', { name: 'Position' });
      await box.click();
      await s.evaluate(() => document.getElementById('ed-fen').select());
      await s.type(c.typed);
      await s.press('Enter');
      const want = refpos(variant, c.typed).positions[0];
      await s.waitFor(w => window.chimera.editor().position === w, { arg: want, what: `the typed position as ${want}` });
      await s.waitFor(w => document.getElementById('ed-fen').value === w, { arg: want, what: 'the Position box showing it' });
      // Castling: the start position has every right; an empty board none.
      await btn(s, 'Start position').click();
      await s.waitFor(() => / w (KQkq|-) /.test(window.chimera.editor().position), { what: 'the start position' });
      const start = await editor(s);
      const boxes = await s.getByRole('checkbox', { name: /side \([KQkq]\)$/ }).count();
      const castles = variant !== 'bedlam';
      assert.equal(boxes, castles ? 4 : 0, 'castling boxes in the start position');
      assert.equal(refpos(variant, start.position).positions[0], start.position);
      if (castles) {
        await btn(s, 'Clear board').click();
        await s.waitFor(() => window.chimera.editor().position.startsWith('8/8/8/8/8/8/8/8'), { what: 'an empty board' });
        assert.equal(await s.getByRole('checkbox', { name: /side \([KQkq]\)$/ }).count(), 0, 'no castling box on an empty board');
        // King (or royal pair) and one rook (pair) home: one box.
        const setup = variant === 'assimilation' ? '4k3/8/8/8/8/8/8/R3K3 w - - 0 1' : '4(wf)3/8/8/8/8/8/8/(RR)3(WF)3[] w - - 0 1';
        await box.click();
        await s.evaluate(() => document.getElementById('ed-fen').select());
        await s.type(setup);
        await s.press('Enter');
        await s.waitFor(f => window.chimera.editor().position === f, { arg: setup, what: 'the typed setup' });
        const names = (await s.getByRole('checkbox', { name: /side \([KQkq]\)$/ }).all()).map(b => b.name);
        assert.deepEqual(names, ['White, queen side (Q)']);
        assert.equal(refusal(variant, setup.replace(' w - ', ' w Q ')), '', 'the engine takes the right offered');
        assert.notEqual(refusal(variant, setup.replace(' w - ', ' w K ')), '', 'the engine refuses a right not offered');
      } else {
        assert.equal(await s.evaluate(() => document.getElementById('ed-castling').hidden), true);
      }
      // A string the board cannot hold is refused in words, and nothing changes.
      const before = (await editor(s)).position;
      await box.click();
      await s.evaluate(() => document.getElementById('ed-fen').select());
      await s.type('8/8/8/8/8/8/8/9 w - - 0 1');
      await s.press('Enter');
      await s.waitFor(() => document.getElementById('ed-problem').textContent.startsWith('Not a position'), { what: 'the refusal of a bad string' });
      assert.equal((await editor(s)).position, before);
      await s.assertClean();
    });
  }
});

// The keyboard and screen readers (Chromium, with axe-core), and the phone.
browserSuites({ width: 1280, height: 720, dpr: 1 }, suite => {
  test('the editor by keys: every palette piece and square named, placed and emptied by keys, each change said', { skip: suite.skip, timeout: 120000 }, async () => {
    const { s, server } = suite.fresh();
    await s.open(server.url, { mode: 'editor', variant: 'bifold-halfgi' });
    await s.waitFor(() => !!window.chimera.editor(), { what: 'the editor open' });
    const names = await s.getByRole('toolbar', { name: 'Pieces' }).all();
    assert.equal(names.length, 1);
    const palette = (await s.getByRole('button', { name: /^(White|Black) / }).all()).map(b => b.name).filter(n => !n.includes(','));
    const kinds = refpos('bifold-halfgi').pieces.map(p => p.name);
    assert.deepEqual(palette, [...kinds.map(k => 'White ' + k), ...kinds.map(k => 'Black ' + k)], 'the palette: every piece in both colours');
    assert.equal(await s.getByRole('button', { name: /^[a-h][1-8], / }).count(), 64, 'every square a named button');
    await btn(s, 'Clear board').click();
    await s.waitFor(() => window.chimera.editor().position.startsWith('8/8/8/8/8/8/8/8'), { what: 'an empty board' });
    for (let i = 0; i < 6 && !(await s.evaluate(() => !!document.activeElement.closest('#ed-palette'))); i++) await s.press('Tab');
    assert.equal(await s.evaluate(() => document.activeElement.getAttribute('aria-label')), 'White Wazir', 'Tab reaches the palette');
    await s.press('ArrowRight');
    assert.equal(await s.evaluate(() => document.activeElement.getAttribute('aria-label')), 'White Ferz', 'the toolbar\'s arrows');
    await s.press('ArrowLeft');
    await s.press('Enter');
    await s.waitFor(() => window.chimera.editor().pick === 'W', { what: 'the Wazir picked by Enter' });
    await s.press('Tab');
    assert.equal(await s.evaluate(() => document.activeElement.getAttribute('aria-label')), 'a8, empty');
    for (let i = 0; i < 7; i++) await s.press('ArrowDown');
    for (let i = 0; i < 4; i++) await s.press('ArrowRight');
    assert.equal(await s.evaluate(() => document.activeElement.getAttribute('aria-label')), 'e1, empty');
    await s.press('Enter');
    await s.waitFor(() => (document.getElementById('announce').lastElementChild?.textContent || '').startsWith('White Wazir on e1'), { what: 'the placing said' });
    assert.equal(await s.evaluate(() => document.activeElement.getAttribute('aria-label')), 'e1, White Wazir');
    await s.press('Enter');
    await s.waitFor(() => (document.getElementById('announce').lastElementChild?.textContent || '').startsWith('White Wazir joins the White Wazir on e1'), { what: 'the pair said' });
    assert.match((await editor(s)).position, /^8\/8\/8\/8\/8\/8\/8\/4\(WW\)3/);
    await s.press('Delete');
    await s.waitFor(() => (document.getElementById('announce').lastElementChild?.textContent || '').startsWith('The White Wazir and the White Wazir taken off e1'), { what: 'the emptying said' });
    assert.equal(await s.evaluate(() => document.activeElement.getAttribute('aria-label')), 'e1, empty');
    await s.press('Escape');
    await s.waitFor(() => window.chimera.editor().pick === '', { what: 'Escape drops the piece' });
    // Undo and Redo inside the editor; Flip board turns its board and its squares.
    await btn(s, 'Undo').click();
    await s.waitFor(() => /^8\/8\/8\/8\/8\/8\/8\/4\(WW\)3/.test(window.chimera.editor().position), { what: 'the pair back by Undo' });
    await btn(s, 'Redo').click();
    await s.waitFor(() => window.chimera.editor().position.startsWith('8/8/8/8/8/8/8/8'), { what: 'the square empty again by Redo' });
    await btn(s, 'Flip board').click();
    await s.waitFor(() => window.chimera.editor().flipped, { what: 'the board flipped' });
    const first = (await s.getByRole('button', { name: /^[a-h][1-8], / }).all())[0];
    assert.equal(first.name, 'h1, empty', 'the squares follow the flip');
    const a1 = await s.squareCenter('a1');
    assert.ok(a1.y < (await s.squareCenter('a8')).y, 'a1 at the top');
    if (suite.engine === 'chromium') await axe(s, 'editor');
    await s.screenshot('editor-keys');
    await s.assertClean();
  });
});

browserSuites({ width: 390, height: 844, dpr: 3, mobile: true }, suite => {
  test('the editor on a phone: no page scroll, every control at least 44 px, the board full width', { skip: suite.skip, timeout: 120000 }, async () => {
    const { s, server } = suite.fresh();
    await s.open(server.url, { mode: 'editor', variant: 'bedlam' });
    await s.waitFor(() => !!window.chimera.editor(), { what: 'the editor open' });
    const m = await s.evaluate(() => {
      const out = { scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight,
        w: innerWidth, h: innerHeight, small: [], offscreen: [], board: null };
      const c = document.querySelector('body > canvas').getBoundingClientRect();
      out.board = { w: c.width, h: c.height };
      const panel = document.querySelector('.ed-body');
      for (const e of document.querySelectorAll('#editor button, #editor input, #editor select, #editor label')) {
        const r = e.getBoundingClientRect();
        if (r.width <= 1 || e.closest('[hidden]') || e.closest('.sr-only')) continue;
        if (e.matches('input[type=radio], input[type=checkbox]')) continue; // their labels are the targets
        if (e.matches('label') && !e.querySelector('input')) continue; // a caption, not a target
        if (r.width < 44 || r.height < 44) out.small.push(`${e.tagName} ${e.id || e.getAttribute('aria-label') || e.textContent.trim()} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
        if ((r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) && !panel.contains(e)) out.offscreen.push(e.id || e.textContent.trim());
      }
      return out;
    });
    assert.ok(m.scrollW <= m.w && m.scrollH <= m.h, `the page scrolls: ${JSON.stringify(m)}`);
    assert.deepEqual(m.small, [], 'controls smaller than 44 CSS px');
    assert.deepEqual(m.offscreen, [], 'controls off the screen (outside the scrolling panel)');
    assert.ok(m.board.w >= 380, `the board is not full width: ${JSON.stringify(m.board)}`);
    // A piece placed with a finger.
    await btn(s, 'Clear board').tap();
    await btn(s, 'White King').tap();
    const p = await s.squareCenter('e1');
    await s.tap(p.x, p.y);
    await s.waitFor(() => window.chimera.editor().position.startsWith('8/8/8/8/8/8/8/4K3'), { what: 'the King placed by a tap' });
    await s.screenshot('editor-phone');
    await s.assertClean();
  });
}, { engines: selectedEngines().filter(e => e === 'chromium') });
