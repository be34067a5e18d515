// paint.js: the board's picture, drawn at once, before main.wasm has arrived.
//
// The page shows the position it will show (the kept game of a reload or a
// link, the link's own position, the start), as an SVG in the board's box
// (<body>, where Ebiten puts its canvas): the squares, the pieces (the sheet
// of the family's pieces that web/sitebuild draws with the board's own art,
// in this file) and the hands, laid out as
// render/layout lays out the canvas, flipped as the board will be. When the
// board is on screen (chimeraBoot.whenShown) the picture fades out under
// it: the board appears in the same place, at the same size.
//
// It needs no rules: the board field of a position string (digits, letters,
// "(Rq)" for two bifold pieces sharing a square, "[QPp]" for the hands) and
// which family a rule set's pieces belong to. The table of rule sets below is
// written by web/sitebuild (StampPaint) from package game.
//
// ui.js keeps what the picture needs of the game shown (its position, flip
// and address) in the tab's storage and the device's, under chimera.paint
// (chimeraPaint.keep; never in an embed): a reload, a link to the game the
// device keeps, or a plain visit after one shows its position.
//
// window.chimeraPaint: {source, variant, position, flipped, draw(), keep(view),
// and for the page before the game: games, prefs(), keepPrefs(choice),
// show(variant, position), cells(variant, position)};
// chimeraBoot.picture: when the picture with its pieces was first on screen;
// the picture (#paint) carries its layout for the tests: data-board (x, y,
// side of the board in the box), and on every piece data-square, data-slot,
// data-piece, on every hand piece data-hand, data-piece, data-count.
'use strict';
(function () {
  const GAMES = {"__CHIMERA_GAMES__": 0};
  // Both families' sheets of pieces (SVG <symbol>s), also written by the
  // build: in this file, the picture waits for no other.
  const SHEETS = {"__CHIMERA_SHEETS__": 0};
  const boot = window.chimeraBoot || {};
  const params = new URLSearchParams(location.search);
  const guest = boot.foreign || (boot.mode && boot.mode !== 'play');
  const KEY = 'chimera.paint';
  const SVG = 'http://www.w3.org/2000/svg';

  // The settings' defaults (app.DefaultPrefs, written by web/sitebuild) and
  // the player's, kept by the game under chimera.prefs: the Menu shows them
  // before the game has loaded (ui.js), and the picture's colours follow them.
  const DEFAULT_PREFS = {"__CHIMERA_PREFS__": 0};
  function prefs() {
    let p = null;
    try { p = JSON.parse(localStorage.getItem('chimera.prefs') || 'null'); } catch (e) { /* no storage */ }
    return Object.assign({}, DEFAULT_PREFS, p && typeof p === 'object' ? p : {});
  }
  // keepPrefs keeps settings chosen before the game has loaded where the
  // game reads them when it starts (app.StoredPrefs), and draws the picture
  // in them; false for a guest, which keeps nothing of the visitor's.
  function keepPrefs(choice) {
    if (guest) return false;
    try { localStorage.setItem('chimera.prefs', JSON.stringify(Object.assign(prefs(), choice))); } catch (e) { /* not kept: the game's defaults */ }
    redraw();
    return true;
  }

  // Colours of the canvas (render.PaletteFor: the page's theme, the
  // player's or the system's, and the board's colours; render/draw.go).
  const BOARDS = { brown: ['#f0d9b5', '#b58863'], green: ['#eeeed2', '#769656'], blue: ['#dee3e6', '#8ca2ad'] };
  function colours(p) {
    const light = p.theme === 'light' || (p.theme !== 'dark' && !!window.matchMedia && matchMedia('(prefers-color-scheme: light)').matches);
    const c = light
      ? { bg: '#f3f1ed', panel: '#e2ddd5', text: '#24211e', dim: '#5c5650' }
      : { bg: '#2c2a27', panel: '#3a3733', text: '#e8e5e0', dim: '#a8a39c' };
    const squares = BOARDS[p.board] || BOARDS.brown;
    return Object.assign(c, { light: squares[0], dark: squares[1], accent: '#629924', tile: '#e6d3b3', divider: 'rgba(128,120,112,0.75)' });
  }
  let COL = colours(prefs());

  // ------------------------------------------------------------ what to show

  function read(store) {
    try {
      const r = JSON.parse(store.getItem(KEY) || 'null');
      if (r && typeof r.position === 'string' && GAMES[r.variant]) return r;
    } catch (e) { /* no storage, or not ours */ }
    return null;
  }

  // choose returns {variant, position, flipped, moves, source}: the kept
  // picture of this address (a reload, or the link of a kept game), else
  // what the link says, else the start.
  function choose() {
    const linked = ['variant', 'fen', 'moves'].some(k => params.has(k));
    const kept = guest ? [] : [read(sessionStorage), read(localStorage)].filter(Boolean);
    if (!guest) {
      const same = kept.find(r => r.search === location.search);
      if (same) return Object.assign({ source: 'kept' }, same);
      if (!linked && kept.length) return Object.assign({ source: 'kept' }, kept[0]);
    }
    let variant = params.get('variant') || 'bedlam';
    if (!GAMES[variant]) variant = 'bedlam';
    const g = GAMES[variant];
    let position = g.start, source = 'start';
    const fen = params.get('fen');
    if (fen && fen !== 'startpos' && parse(fen, g)) { position = fen; source = 'link'; }
    const moves = (params.get('moves') || '').split(',').filter(Boolean);
    const ai = params.get('ai');
    const orient = params.get('orient');
    const flipped = orient === 'black' || (orient !== 'white' && ai === 'white');
    return { variant, position, flipped, moves, source };
  }

  // parse reads the board field of a position string and its side to move:
  // {cells: 64 × [slot 0, slot 1] (a1 first), hands: [white, black] each a
  // list of {piece, count} in the rule set's order, turn: 0 or 1}, or null.
  function parse(pos, g) {
    const fields = String(pos).trim().split(/\s+/);
    let board = fields[0] || '';
    const hands = [[], []];
    const i = board.indexOf('[');
    if (i >= 0) {
      const j = board.indexOf(']', i);
      if (j < 0) return null;
      const counts = new Map();
      for (const c of board.slice(i + 1, j)) counts.set(c, (counts.get(c) || 0) + 1);
      for (const [c, n] of counts) {
        if (!/[A-Za-z]/.test(c)) return null;
        hands[c === c.toUpperCase() ? 0 : 1].push({ piece: c, count: n });
      }
      const order = c => { const k = g.hands.indexOf(c.toUpperCase()); return k < 0 ? 99 : k; };
      for (const h of hands) h.sort((a, b) => order(a.piece) - order(b.piece));
      board = board.slice(0, i);
    }
    const cells = Array.from({ length: 64 }, () => ['', '']);
    const ranks = board.split('/');
    if (ranks.length !== 8) return null;
    for (let r = 0; r < 8; r++) {
      const s = ranks[r], rank = 7 - r;
      let file = 0;
      for (let k = 0; k < s.length; k++) {
        const c = s[k];
        if (c >= '1' && c <= '8') { file += +c; continue; }
        if (file > 7) return null;
        if (c === '(') {
          if (s[k + 3] !== ')' || !/^[A-Za-z]{2}$/.test(s.slice(k + 1, k + 3))) return null;
          cells[rank * 8 + file] = [s[k + 1], s[k + 2]];
          k += 3;
        } else if (/[A-Za-z]/.test(c)) {
          cells[rank * 8 + file] = [c, ''];
        } else {
          return null;
        }
        file++;
      }
      if (file !== 8) return null;
    }
    return { cells, hands, turn: fields[1] === 'b' ? 1 : 0 };
  }

  // ------------------------------------------------------------ layout (render/layout)

  const HAND_RATIO = 0.9, HAND_COLS = 2, HAND_GAP = 0.15;
  function aspect(hands, wide) {
    if (!hands) return 1;
    return wide ? (8 + HAND_GAP + HAND_COLS * HAND_RATIO) / 8 : 8 / (8 + 2 * HAND_RATIO);
  }

  function compute(W, H, flipped, hasHands) {
    const l = { W, H, flipped, hasHands, board: null, sq: 0, hands: [null, null], cell: 0, beside: false };
    if (W < 1 || H < 1) return l;
    let cols = 8, rows = 8;
    if (hasHands) {
      l.beside = W / H > Math.sqrt(aspect(true, true) * aspect(true, false));
      if (l.beside) cols += HAND_GAP + HAND_COLS * HAND_RATIO;
      else rows += 2 * HAND_RATIO;
    }
    l.sq = Math.max(4, Math.floor(Math.min(W / cols, H / rows) + 1e-9));
    const size = 8 * l.sq;
    const x = Math.max(0, Math.floor((W - cols * l.sq) / 2));
    const y = Math.max(0, Math.floor((H - rows * l.sq) / 2));
    const tc = flipped ? 0 : 1; // the colour at the top
    if (!hasHands) { l.board = { x, y, w: size, h: size }; return l; }
    l.cell = Math.floor(l.sq * HAND_RATIO);
    if (l.beside) {
      l.board = { x, y, w: size, h: size };
      const hx = x + size + Math.round(l.sq * HAND_GAP), hw = HAND_COLS * l.cell, hh = 4 * l.cell;
      l.hands[tc] = { x: hx, y, w: hw, h: hh };
      l.hands[1 - tc] = { x: hx, y: y + size - hh, w: hw, h: hh };
      return l;
    }
    l.hands[tc] = { x, y, w: size, h: l.cell };
    l.board = { x, y: y + l.cell, w: size, h: size };
    l.hands[1 - tc] = { x, y: y + l.cell + size, w: size, h: l.cell };
    return l;
  }

  function squareRect(l, sq) {
    const f = sq % 8, r = sq >> 3;
    const col = l.flipped ? 7 - f : f, row = l.flipped ? r : 7 - r;
    return { x: l.board.x + col * l.sq, y: l.board.y + row * l.sq, w: l.sq, h: l.sq };
  }

  function handSlot(l, color, index) {
    const h = l.hands[color], c = l.cell;
    if (l.beside) {
      const rows = Math.max(1, Math.floor(h.h / c));
      const row = Math.min(Math.floor(index / HAND_COLS), rows - 1);
      return { x: h.x + (index % HAND_COLS) * c, y: h.y + row * c, w: c, h: c };
    }
    const per = Math.max(1, Math.floor(h.w / l.sq));
    index = Math.min(index, per - 1);
    return { x: h.x + (h.w - per * l.sq) / 2 + index * l.sq + (l.sq - c) / 2, y: h.y + (h.h - c) / 2, w: c, h: c };
  }

  // ------------------------------------------------------------ drawing

  const half = (g, p) => g.bifold && 'rbqhwfldv'.includes(p.toLowerCase());
  const down = (g, p, flipped) => g.bifold && 'LD'.includes(p.toUpperCase()) && ((p !== p.toUpperCase()) !== flipped);
  const symbol = (g, p, flipped) => 'p-' + (g.bifold ? 'bifold' : 'full') + '-' + p + (down(g, p, flipped) ? '-down' : '');
  const sqName = sq => 'abcdefgh'[sq % 8] + (1 + (sq >> 3));

  function node(parent, name, attrs, text) {
    const e = document.createElementNS(SVG, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }

  // token draws a piece for a square of side s centred at (cx, cy).
  function token(parent, g, p, flipped, cx, cy, s, data) {
    const w = half(g, p) ? s / 2 : s;
    const u = node(parent, 'use', { href: '#' + symbol(g, p, flipped), x: cx - w / 2, y: cy - s / 2, width: w, height: s });
    for (const k in data) u.setAttribute('data-' + k, data[k]);
    return u;
  }

  const el = document.createElement('div');
  el.id = 'paint';
  el.setAttribute('aria-hidden', 'true');
  const chosen = choose();
  let game = GAMES[chosen.variant];
  let pos = parse(chosen.position, game) || parse(game.start, game);
  let coords = prefs().coords !== false;
  let drawn = '';

  function draw() {
    const W = document.body.clientWidth, H = document.body.clientHeight;
    const key = W + 'x' + H;
    if (key === drawn || W < 1 || H < 1) return;
    drawn = key;
    const hasHands = game.hands !== '';
    const l = compute(W, H, chosen.flipped, hasHands);
    const svg = node(null, 'svg', { width: W, height: H, viewBox: `0 0 ${W} ${H}` });
    node(svg, 'rect', { x: 0, y: 0, width: W, height: H, fill: COL.bg });
    const b = l.board;
    el.dataset.board = [b.x, b.y, l.sq].join(',');
    node(svg, 'rect', { x: b.x, y: b.y, width: b.w, height: b.h, fill: COL.light });
    for (let sq = 0; sq < 64; sq++) {
      if (((sq % 8) + (sq >> 3)) % 2 === 0) {
        const r = squareRect(l, sq);
        node(svg, 'rect', { x: r.x, y: r.y, width: r.w, height: r.h, fill: COL.dark });
      }
    }
    if (coords) {
      const fs = Math.max(9, l.sq * 0.17);
      for (let i = 0; i < 8; i++) {
        const fsq = l.flipped ? 7 * 8 + i : i, rsq = l.flipped ? i * 8 + 7 : i * 8;
        let r = squareRect(l, fsq);
        node(svg, 'text', { x: r.x + r.w - 2, y: r.y + r.h - 1 - fs * 0.2, 'font-size': fs, 'font-weight': 'bold', 'text-anchor': 'end',
          'font-family': 'sans-serif', fill: ((fsq % 8) + (fsq >> 3)) % 2 ? COL.dark : COL.light }, 'abcdefgh'[i]);
        r = squareRect(l, rsq);
        node(svg, 'text', { x: r.x + 2, y: r.y + 1 + fs * 0.8, 'font-size': fs, 'font-weight': 'bold',
          'font-family': 'sans-serif', fill: ((rsq % 8) + (rsq >> 3)) % 2 ? COL.dark : COL.light }, String(i + 1));
      }
    }
    for (let sq = 0; sq < 64; sq++) {
      const cell = pos.cells[sq];
      const n = (cell[0] ? 1 : 0) + (cell[1] ? 1 : 0);
      if (!n) continue;
      const r = squareRect(l, sq);
      const cx = r.x + r.w / 2, cy = r.y + r.h / 2;
      if (game.bifold && n === 2 && (cell[0] === cell[0].toUpperCase()) !== (cell[1] === cell[1].toUpperCase())) {
        node(svg, 'line', { x1: cx, y1: r.y + r.h * 0.3, x2: cx, y2: r.y + r.h * 0.86, stroke: COL.divider, 'stroke-width': Math.max(1, r.w * 0.02) });
      }
      for (let s = 0; s < 2; s++) {
        const p = cell[s];
        if (!p) continue;
        let x = cx;
        if (half(game, p) && n === 2) x += s === 0 ? -l.sq / 4 : l.sq / 4;
        token(svg, game, p, chosen.flipped, x, cy, l.sq, { square: sqName(sq), slot: s, piece: p });
      }
    }
    for (let c = 0; c < 2 && hasHands; c++) {
      const h = l.hands[c];
      node(svg, 'rect', { x: h.x, y: h.y, width: h.w, height: h.h, rx: 6, fill: COL.panel });
      if (c === pos.turn) {
        node(svg, 'rect', { x: h.x + 0.75, y: h.y + 0.75, width: h.w - 1.5, height: h.h - 1.5, rx: 6, fill: 'none', stroke: COL.accent, 'stroke-width': 1.5 });
      }
      if (!pos.hands[c].length) {
        node(svg, 'text', { x: h.x + h.w / 2, y: h.y + h.h / 2 + 4.5, 'font-size': 13, 'text-anchor': 'middle', 'font-family': 'sans-serif', fill: COL.dim },
          c ? "Black's hand" : "White's hand");
      }
      pos.hands[c].forEach((it, i) => {
        const r = handSlot(l, c, i);
        const cx = r.x + r.w / 2, cy = r.y + r.h / 2;
        node(svg, 'rect', { x: r.x + 3, y: r.y + 3, width: r.w - 6, height: r.h - 6, rx: 6, fill: COL.tile });
        const sz = half(game, it.piece) ? r.w * 1.3 : r.w * 0.92;
        token(svg, game, it.piece, chosen.flipped, cx, cy, sz, { hand: c ? 'black' : 'white', piece: it.piece, count: it.count });
        const bx = r.x + r.w * 0.8, by = r.y + r.h * 0.2, br = Math.max(8, r.w * 0.16);
        node(svg, 'circle', { cx: bx, cy: by, r: br, fill: COL.accent });
        node(svg, 'text', { x: bx, y: by + br * 0.45, 'font-size': br * 1.3, 'font-weight': 'bold', 'text-anchor': 'middle', 'font-family': 'sans-serif', fill: COL.text }, String(it.count));
      });
    }
    const defs = el.querySelector('svg.sheet');
    el.replaceChildren(...(defs ? [defs] : []), svg);
  }

  // The family's sheet of pieces, put in the page: <use> finds its symbols
  // in the document (a <use> of another file's symbol draws no clip paths
  // in some engines). DOMParser reads it as data.
  function putSheet() {
    const fam = game.bifold ? 'bifold' : 'full';
    const old = el.querySelector('svg.sheet');
    if (old && old.dataset.family === fam) return;
    const doc = new DOMParser().parseFromString(SHEETS[fam], 'image/svg+xml');
    const sheet = document.importNode(doc.documentElement, true);
    sheet.setAttribute('class', 'sheet');
    sheet.setAttribute('width', '0');
    sheet.setAttribute('height', '0');
    sheet.setAttribute('aria-hidden', 'true');
    sheet.dataset.family = fam;
    if (old) old.replaceWith(sheet);
    else el.insertBefore(sheet, el.firstChild);
  }
  putSheet();

  // The page's layout for this rule set before the game says it (ui.js sets
  // the same from the view).
  const root = document.documentElement;
  root.style.setProperty('--aspect-wide', String(aspect(game.hands !== '', true)));
  root.style.setProperty('--aspect-tall', String(aspect(game.hands !== '', false)));
  document.body.insertBefore(el, document.body.firstChild);
  // ui.js places <body> (the board's box) over #board-slot; until it runs,
  // the picture places it the same way.
  const slot = document.getElementById('board-slot');
  if (slot && !root.style.getPropertyValue('--bw')) {
    const r = slot.getBoundingClientRect();
    root.style.setProperty('--bx', Math.round(r.left) + 'px');
    root.style.setProperty('--by', Math.round(r.top) + 'px');
    root.style.setProperty('--bw', Math.round(r.width) + 'px');
    root.style.setProperty('--bh', Math.round(r.height) + 'px');
  }
  draw();
  // chimeraBoot.picture: when the picture was first on screen (ms since
  // navigation start; tools/firstpaint.mjs reports it).
  requestAnimationFrame(() => requestAnimationFrame(() => { boot.picture = performance.now(); }));
  // ui.js sizes the board's box (<body>) from its slot, by a ResizeObserver
  // of its own, and then sends a 'resize' (as the window's own do): a second
  // observer, of <body>, would see that change only in the same loop, which
  // a browser reports as an error ("ResizeObserver loop completed with
  // undelivered notifications").
  window.addEventListener('resize', () => draw());

  // The move list's text, for a link whose moves the picture cannot play.
  const moves = document.getElementById('moves');
  if (chosen.source !== 'kept' && chosen.moves && chosen.moves.length && moves && !moves.children.length) {
    chosen.moves.forEach((m, i) => {
      const li = document.createElement('li');
      li.className = 'pending';
      if (i % 2 === 0) {
        const num = document.createElement('span');
        num.className = 'num';
        num.textContent = (i / 2 + 1) + '.';
        li.appendChild(num);
      }
      const mv = document.createElement('span');
      mv.className = 'mv';
      mv.textContent = m;
      li.appendChild(mv);
      moves.appendChild(li);
    });
  }

  // keep records what the picture of a reload needs (ui.js calls it with
  // every view, and address with every address the game sets).
  let last = '';
  function keep(v, search) {
    // A guest (an embed, a diagram, a page framed by another origin) keeps
    // nothing: its picture is always its address's.
    if (guest || !v || typeof v.position !== 'string' || v.lesson) return;
    const r = { variant: v.variant, position: v.position, flipped: !!v.flipped, search: search === undefined ? location.search : search };
    const s = JSON.stringify(r);
    if (s === last) return;
    last = s;
    try { sessionStorage.setItem(KEY, s); } catch (e) { /* not kept */ }
    try { localStorage.setItem(KEY, s); } catch (e) { /* not kept */ }
  }

  function hide() {
    el.classList.add('gone');
    setTimeout(() => { el.hidden = true; }, 300);
  }
  if (boot.whenShown) boot.whenShown(hide);

  // redraw draws the picture again in the player's colours (the Menu's
  // settings changed before the game had loaded).
  function redraw() {
    const p = prefs();
    COL = colours(p);
    coords = p.coords !== false;
    drawn = '';
    draw();
  }

  // show draws another position (How to play's example before the game has
  // loaded: web/learn.js) of rule set variant; false if it cannot be read.
  function show(variant, position) {
    const g = GAMES[variant];
    const q = g && parse(position, g);
    if (!q) return false;
    game = g;
    pos = q;
    putSheet();
    root.style.setProperty('--aspect-wide', String(aspect(g.hands !== '', true)));
    root.style.setProperty('--aspect-tall', String(aspect(g.hands !== '', false)));
    redraw();
    return true;
  }

  // cells lists the occupied squares of a position string of rule set
  // variant as learn.Diagram does ({sq, pieces}, a1 first), or null.
  function cells(variant, position) {
    const g = GAMES[variant];
    const q = g && parse(position, g);
    if (!q) return null;
    const out = [];
    q.cells.forEach((c, sq) => { const ps = c.filter(Boolean); if (ps.length) out.push({ sq: sqName(sq), pieces: ps }); });
    return out;
  }

  window.chimeraPaint = {
    source: chosen.source, variant: chosen.variant, position: chosen.position, flipped: chosen.flipped,
    draw: redraw, keep, show, cells, prefs, keepPrefs, games: GAMES,
    parse: p => parse(p, game), layout: () => compute(document.body.clientWidth, document.body.clientHeight, chosen.flipped, game.hands !== ''),
  };
})();
