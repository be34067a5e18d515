// ui.js: the page around the board. The game's logic is Go (package app,
// bound by cmd/wasm as window.chimeraApp); this script draws what it is told
// (chimeraUI.show(view JSON)), says announcements, plays sounds, and turns
// clicks and keys into calls of chimeraApp. It also keeps <body> (Ebiten's
// canvas box) over #board-slot.
'use strict';
(function () {
  const $ = id => document.getElementById(id);
  const root = document.documentElement;
  const el = {
    name: $('game-name'), players: $('players'), status: $('status'), thinking: $('thinking'),
    thinkingText: $('thinking-text'), result: $('result'), resultText: $('result-text'),
    engineError: $('engine-error'), moves: $('moves'), slot: $('board-slot'),
    form: $('move-form'), input: $('move-input'), suggest: $('move-suggest'), moveError: $('move-error'),
    undo: $('btn-undo'), redo: $('btn-redo'), flip: $('btn-flip'), newGame: $('btn-new'), menu: $('btn-menu'),
    sound: $('btn-sound'), notice: $('notice'), noticeText: $('notice-text'), noticeBtn: $('btn-notice'),
    announce: $('announce'), newDialog: $('new-dialog'), newForm: $('new-form'), newGames: $('new-games'),
    newLevels: $('new-levels'), newCancel: $('new-cancel'), menuDialog: $('menu-dialog'), menuForm: $('menu-form'),
    gamesDialog: $('games-dialog'), gamesList: $('games-list'), loadDialog: $('load-dialog'), loadForm: $('load-form'),
    loadText: $('load-text'), loadFile: $('load-file'), loadVariant: $('load-variant'), loadError: $('load-error'),
    toast: $('toast'),
  };
  let view = null;        // the last view shown
  let movesKey = null;    // what the move list shows (to redraw it only when it changes)
  const api = () => window.chimeraApp;

  // ------------------------------------------------------------ the board's box

  // place puts <body> (the canvas) over #board-slot; Ebiten reads body's size
  // on a window resize, so one is sent when the box changes size.
  let box = '';
  // boardBox is where the board's box (<body>, the canvas) starts in the
  // viewport, for the board to place pointer positions without asking the
  // browser for a layout every frame (window.chimeraUI.box).
  const boardBox = { x: 0, y: 0 };
  function place() {
    const r = el.slot.getBoundingClientRect();
    const b = [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)];
    const key = b.join(',');
    if (key === box) return;
    const resized = box === '' || box.split(',').slice(2).join() !== b.slice(2).join();
    box = key;
    root.style.setProperty('--bx', b[0] + 'px');
    root.style.setProperty('--by', b[1] + 'px');
    root.style.setProperty('--bw', b[2] + 'px');
    root.style.setProperty('--bh', b[3] + 'px');
    boardBox.x = b[0];
    boardBox.y = b[1];
    if (resized) window.dispatchEvent(new Event('resize'));
  }
  if (typeof ResizeObserver === 'function') {
    new ResizeObserver(() => place()).observe(el.slot);
    new ResizeObserver(() => place()).observe($('page'));
  }
  window.addEventListener('resize', e => { if (e.isTrusted) place(); });
  window.addEventListener('orientationchange', () => setTimeout(place, 100));
  place();

  // ------------------------------------------------------------ showing the view

  function text(node, s) { if (node.textContent !== s) node.textContent = s; }
  function hide(node, h) { if (node.hidden !== h) node.hidden = h; }

  // prop sets a custom property of the root only when it changes: a move's
  // arrival should restyle nothing that did not change.
  const props = {};
  function prop(name, value) {
    if (props[name] === value) return;
    props[name] = value;
    root.style.setProperty(name, value);
  }

  // ------------------------------------------------------------ colours

  // The page's theme: the player's, or the system's (prefers-color-scheme)
  // when left to it; set at once from the kept settings, before the game has
  // loaded, so that the page never flashes in the other colours.
  const lightScheme = window.matchMedia ? matchMedia('(prefers-color-scheme: light)') : null;
  const scheme = () => (lightScheme && lightScheme.matches ? 'light' : 'dark');
  function applyColours(p) {
    const t = p && (p.theme === 'light' || p.theme === 'dark') ? p.theme : scheme();
    if (root.dataset.theme !== t) root.dataset.theme = t;
    const b = (p && p.board) || 'brown';
    if (root.dataset.board !== b) root.dataset.board = b;
  }
  try { applyColours(JSON.parse(localStorage.getItem('chimera.prefs') || 'null')); } catch (e) { applyColours(null); }
  if (lightScheme) {
    lightScheme.addEventListener('change', () => {
      applyColours(view && view.prefs);
      if (api()) api().setScheme(scheme());
    });
  }

  function show(json) {
    const v = JSON.parse(json);
    view = v;
    applyColours(v.prefs);
    prop('--aspect-wide', String(v.aspectWide));
    prop('--aspect-tall', String(v.aspectTall));
    text(el.name, v.game);
    text(el.players, v.players);
    const title = v.game + ' · Chimera';
    if (document.title !== title) document.title = title;
    text(el.status, v.status);
    hide(el.thinking, !v.thinking);
    if (v.thinking) {
      let t = 'Thinking';
      if (v.depth > 0) t += ' · depth ' + v.depth;
      if (v.score) t += ' · ' + sided(v.score);
      text(el.thinkingText, t);
    }
    // The result stays beside the board, never over it.
    hide(el.result, !v.result);
    text(el.resultText, v.result ? v.outcome : '');
    hide($('btn-rematch'), !v.canRematch);
    // A draw offer: between two players the other answers it here; the
    // computer weighs one with a short search.
    const offer = v.drawOffer ? (v.drawOffer === 'white' ? 'White' : 'Black') + ' offers a draw' : (v.weighing ? 'The computer is considering your draw offer…' : '');
    hide($('offer'), !offer);
    text($('offer-text'), offer);
    hide($('btn-accept-draw'), !v.drawOffer);
    hide($('btn-decline-draw'), !v.drawOffer);
    showClocks(v);
    hide($('confirm-bar'), !v.confirm);
    text($('confirm-text'), v.confirm ? 'Play ' + v.confirm + '?' : '');
    $('btn-draw').disabled = !v.canDraw;
    $('btn-resign').disabled = !v.canResign;
    hide(el.engineError, !v.engine);
    text(el.engineError, v.engine ? 'The computer: ' + v.engine : '');
    el.undo.disabled = !v.canUndo;
    el.redo.disabled = !v.canRedo;
    el.sound.setAttribute('aria-pressed', String(!!v.prefs.sound));
    const notices = v.notices || [];
    hide(el.notice, notices.length === 0);
    const nkey = notices.join('\n');
    if (el.noticeText.dataset.key !== nkey) {
      el.noticeText.dataset.key = nkey;
      el.noticeText.replaceChildren(...notices.map(n => { const p = document.createElement('p'); p.textContent = n; return p; }));
    }
    showMoves(v);
    showDiagram(v);
    const canType = v.ply === v.live && !v.result && !(v.computer === v.turn && v.computer !== 'none');
    el.input.disabled = false;
    el.input.placeholder = canType ? 'e.g. e2e4 or Ng1-f3' : (v.result ? 'The game is over' : (v.ply !== v.live ? 'Go to the last move to play' : 'The computer moves'));
    if (window.chimeraLearn) window.chimeraLearn.show(v); // How to play, captions, hints (learn.js)
    if (window.chimeraEditor) window.chimeraEditor.show(v); // the position editor (editor.js)
    if (window.chimeraAnalysis) window.chimeraAnalysis.show(v); // the analysis board (analysis.js)
    if (window.chimeraPuzzle) window.chimeraPuzzle.show(v); // puzzles (puzzle.js)
    if (window.chimeraPaint) window.chimeraPaint.keep(v); // the picture of a reload (paint.js)
    place();
  }

  // sided says a score of White's view (app.View.Score: "+1.3", "-0.4",
  // "#3", "#-2") from the side it favours: "White +1.3", "Black +0.4",
  // "White mates in 3", "Black mates in 2", "level".
  function sided(score) {
    const m = /^#(-?)(\d+)$/.exec(score);
    if (m) return (m[1] ? 'Black' : 'White') + ' mates in ' + m[2];
    const x = parseFloat(score);
    if (!Number.isFinite(x)) return score;
    if (x === 0) return 'level';
    return (x > 0 ? 'White +' : 'Black +') + Math.abs(x).toFixed(1);
  }

  function showMoves(v) {
    const key = v.moves.map(m => m.move).join(' ') + '|' + v.ply;
    if (key === movesKey) return;
    const before = movesKey === null ? null : movesKey.split('|')[0];
    const now = key.split('|')[0];
    movesKey = key;
    if (before !== now) {
      // A move played adds its button; anything else rebuilds the list.
      if (before && now.startsWith(before + ' ')) addMoves(v, before.split(' ').length);
      else buildMoves(v);
    }
    // The current move is marked; one move is in the tab order: the current
    // one, else the last (a button is made out of the tab order:
    // appendMoves). Only the buttons that change are touched.
    const cur = el.moves.querySelector(`.mv[data-ply="${v.ply}"]`);
    for (const b of el.moves.querySelectorAll('.mv[aria-current]')) if (b !== cur) b.removeAttribute('aria-current');
    if (cur && !cur.hasAttribute('aria-current')) cur.setAttribute('aria-current', 'step');
    const lastLine = el.moves.lastElementChild;
    const focusable = cur || (lastLine && lastLine.querySelector('.mv:last-of-type'));
    for (const b of el.moves.querySelectorAll('.mv[tabindex="0"]')) if (b !== focusable) b.tabIndex = -1;
    if (focusable && focusable.tabIndex !== 0) focusable.tabIndex = 0;
    if (cur) scrollIntoList(cur);
    else if (v.ply === 0) el.moves.scrollTop = 0;
  }

  function buildMoves(v) {
    const frag = document.createDocumentFragment();
    if (!v.moves.length) {
      const li = document.createElement('li');
      li.className = 'empty';
      li.textContent = 'No moves yet';
      frag.appendChild(li);
    }
    appendMoves(frag, null, v.moves);
    el.moves.replaceChildren(frag);
  }

  // addMoves appends the moves of v from index from on (the list shows those
  // before): a Black move joins its White move's line.
  function addMoves(v, from) {
    const frag = document.createDocumentFragment();
    appendMoves(frag, el.moves.lastElementChild, v.moves.slice(from));
    el.moves.appendChild(frag);
  }

  // appendMoves writes moves as lines of the list into frag; li is the line
  // a first Black move joins (or null). Each move's button is out of the tab
  // order (showMoves puts one in).
  function appendMoves(frag, li, moves) {
    for (const m of moves) {
      if (!li || !m.black) {
        li = document.createElement('li');
        const n = document.createElement('span');
        n.className = 'num';
        n.textContent = m.num + (m.black ? '…' : '.');
        li.appendChild(n);
        if (m.black) {
          const s = document.createElement('span');
          s.className = 'skip';
          s.setAttribute('aria-hidden', 'true');
          s.textContent = '…';
          li.appendChild(s);
        }
        frag.appendChild(li);
      }
      const b = document.createElement('span');
      b.className = 'mv';
      b.setAttribute('role', 'button');
      b.tabIndex = -1;
      b.dataset.ply = m.ply;
      b.textContent = m.text;
      b.dataset.words = m.words; // learn.js shows it on hover and focus
      b.setAttribute('aria-description', m.words);
      li.appendChild(b);
    }
  }

  function scrollIntoList(node) {
    const l = el.moves;
    const top = node.offsetTop - l.offsetTop, bottom = top + node.offsetHeight;
    if (top < l.scrollTop) l.scrollTop = top - 4;
    else if (bottom > l.scrollTop + l.clientHeight) l.scrollTop = bottom - l.clientHeight + 4;
  }

  // A move in the list shows its position (unless the click made a text selection).
  el.moves.addEventListener('click', e => {
    const b = e.target.closest('.mv');
    if (!b || !api()) return;
    const sel = window.getSelection();
    if (sel && !sel.isCollapsed && el.moves.contains(sel.anchorNode)) return;
    api().goto(+b.dataset.ply);
  });
  el.moves.addEventListener('keydown', e => {
    const b = e.target.closest('.mv');
    if (b && (e.key === 'Enter' || e.key === ' ') && api()) {
      e.preventDefault();
      api().goto(+b.dataset.ply);
    }
  });

  // ------------------------------------------------------------ announcements and sound

  // announce adds s to the live region as a line of its own: a screen reader
  // says the additions in turn, so the player's move is said in full before
  // the computer's reply that follows it at once, and the same sentence twice
  // is said twice. The last few lines stay (the region is out of sight).
  function announce(s) {
    const p = document.createElement('p');
    p.textContent = s;
    el.announce.appendChild(p);
    while (el.announce.childElementCount > 4) el.announce.firstElementChild.remove();
  }

  // ------------------------------------------------------------ controls

  el.newGame.addEventListener('click', openNewGame);
  el.undo.addEventListener('click', () => api() && api().undo());
  el.redo.addEventListener('click', () => api() && api().redo());
  el.flip.addEventListener('click', () => api() && api().flip());
  el.menu.addEventListener('click', openMenu);
  el.noticeBtn.addEventListener('click', () => api() && api().dismiss());
  el.sound.addEventListener('click', () => {
    if (!view || !api()) return;
    const p = Object.assign({}, view.prefs, { sound: !view.prefs.sound });
    api().setPrefs(JSON.stringify(p));
    if (p.sound) window.chimeraSound && window.chimeraSound.play('move');
  });

  // Dialogs close with Escape (the browser's) and with a tap outside.
  for (const d of [el.newDialog, el.menuDialog, el.gamesDialog, el.loadDialog, $('resign-dialog')]) {
    d.addEventListener('click', e => {
      if (e.target !== d) return;
      const r = d.getBoundingClientRect();
      if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) d.close('cancel');
    });
  }

  function openNewGame() {
    if (!view) return;
    const f = el.newForm;
    if (!el.newGames.querySelector('input')) {
      for (const g of view.games) {
        const l = document.createElement('label');
        const i = document.createElement('input');
        i.type = 'radio'; i.name = 'variant'; i.value = g.id;
        i.setAttribute('aria-label', g.name);
        i.setAttribute('aria-describedby', 'desc-' + g.id);
        const s = document.createElement('span');
        s.className = 'name';
        s.textContent = g.name;
        const d = document.createElement('small');
        d.id = 'desc-' + g.id;
        d.className = 'desc';
        d.textContent = g.description;
        l.append(i, s, d);
        if (window.chimeraLearn) window.chimeraLearn.gameLabel(l, g); // its start position
        el.newGames.appendChild(l);
      }
      for (let n = 1; n <= 8; n++) {
        const l = document.createElement('label');
        const i = document.createElement('input');
        i.type = 'radio'; i.name = 'level'; i.value = String(n);
        l.append(i, document.createTextNode(String(n)));
        el.newLevels.appendChild(l);
      }
    }
    f.elements.variant.value = view.variant;
    f.elements.computer.value = view.computer;
    f.elements.level.value = String(view.level);
    syncLevels();
    el.newDialog.showModal();
  }
  function syncLevels() {
    const none = el.newForm.elements.computer.value === 'none';
    el.newLevels.disabled = none;
    hide($('tc-custom'), el.newForm.elements.tc.value !== 'custom');
  }
  el.newForm.addEventListener('change', syncLevels);
  el.newCancel.addEventListener('click', () => el.newDialog.close('cancel'));
  el.newDialog.addEventListener('close', () => {
    if (el.newDialog.returnValue !== 'start' || !api()) return;
    const f = el.newForm.elements;
    let time = null;
    if (f.tc.value === 'custom') time = { base: +f.tcmin.value * 60, inc: +f.tcinc.value };
    else if (f.tc.value !== 'none') { const [m, i] = f.tc.value.split('+'); time = { base: +m * 60, inc: +i }; }
    const err = api().newGame({ variant: f.variant.value, computer: f.computer.value, level: +(f.level.value || 3), time });
    if (err) showMoveError(err);
  });

  // The Menu opens before the game has loaded too: its settings are then
  // the kept ones (chimeraPaint.prefs: the defaults and the player's), a
  // change is kept on the device for the game to read when it starts, and
  // the actions on the game wait for it (disabled, saying why), as How to
  // play and the three games do not.
  const paint = () => window.chimeraPaint;
  const menuActions = [...el.menuDialog.querySelectorAll('fieldset.buttons button')];
  function openMenu() {
    const early = !view;
    if (early && !paint()) return;
    const f = el.menuForm.elements, p = early ? paint().prefs() : view.prefs;
    f.anim.value = p.anim;
    f.dots.checked = p.dots;
    f.coords.checked = p.coords;
    f.sound.checked = p.sound;
    f.hints.checked = !!p.hints;
    f.sharp.checked = !!p.sharp;
    f.theme.value = p.theme || 'system';
    f.board.value = p.board || 'brown';
    f.confirm.value = p.confirm || 'auto';
    // Only where the browser draws in software is the board drawn below the
    // screen's resolution (render/layout.ChooseGraphics): only there is there
    // a choice.
    const soft = !early && !!(view.graphics && view.graphics.software);
    hide($('sharp-row'), !soft);
    hide($('sharp-hint'), !soft);
    el.menuDialog.showModal();
  }
  el.menuForm.addEventListener('change', () => {
    const f = el.menuForm.elements;
    const choice = { anim: f.anim.value, dots: f.dots.checked, coords: f.coords.checked, sound: f.sound.checked, hints: f.hints.checked, sharp: f.sharp.checked,
      theme: f.theme.value, board: f.board.value, confirm: f.confirm.value };
    if (!view || !api()) {
      // Before the game: kept for it, and shown at once in the page's and
      // the picture's colours.
      if (paint() && paint().keepPrefs(choice)) applyColours(paint().prefs());
      return;
    }
    const p = Object.assign({}, view.prefs, choice);
    const reload = p.sharp !== !!view.prefs.sharp; // the board's resolution is chosen as the page loads
    api().setPrefs(JSON.stringify(p));
    if (reload) location.reload();
  });

  // ------------------------------------------------------------ keeping and sharing games

  // toast says briefly what just happened ("Link copied").
  let toastTimer = 0;
  function toast(s) {
    text(el.toast, s);
    hide(el.toast, false);
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => hide(el.toast, true), 2500);
  }

  // copyText puts s on the clipboard (the Clipboard API, else a selected
  // text area and the copy command).
  async function copyText(s) {
    try {
      // A browser may leave the promise unsettled (WebKitGTK under
      // automation): after a second the copy command is tried instead.
      await Promise.race([navigator.clipboard.writeText(s),
        new Promise((_, no) => setTimeout(() => no(new Error('the clipboard did not answer')), 1000))]);
      return true;
    } catch (e) {
      const t = document.createElement('textarea');
      t.value = s;
      t.setAttribute('readonly', '');
      t.className = 'sr-only';
      document.body.appendChild(t);
      t.select();
      let ok = false;
      try { ok = document.execCommand('copy'); } catch (e2) { ok = false; }
      t.remove();
      return ok;
    }
  }

  // address keeps the address bar on the game (history.replaceState): the
  // game's parameters replace those of the address, the others stay. It is
  // written at once: a reload right after a move must load that move (a
  // reload's address is taken before the page's last handlers run).
  const gameKeys = ['variant', 'fen', 'moves', 'ai', 'level', 'mode']; // mode: the editor's (mode=editor) comes and goes
  function address(query) {
    const u = new URL(location.href);
    const keep = [];
    for (const [k, v] of u.searchParams) if (!gameKeys.includes(k)) keep.push(encodeURIComponent(k) + '=' + encodeURIComponent(v));
    const search = '?' + [query, ...keep].filter(Boolean).join('&');
    if (search !== location.search) {
      try { history.replaceState(history.state, '', u.pathname + search + u.hash); } catch (e) { /* sandboxed */ }
    }
    if (window.chimeraPaint) window.chimeraPaint.keep(view);
  }
  function gameURL() {
    return location.origin + location.pathname + location.search;
  }

  // The Menu's actions close it first: their confirmation would be behind it.
  $('btn-share').addEventListener('click', async () => {
    el.menuDialog.close();
    const url = gameURL();
    if (navigator.share && navigator.canShare && navigator.canShare({ url })) {
      try { await navigator.share({ title: view ? view.game + ' · Chimera' : 'Chimera', url }); return; } catch (e) {
        if (e && e.name === 'AbortError') return;
      }
    }
    toast(await copyText(url) ? 'Link copied: send it to play by link' : 'Could not copy the link: copy it from the address bar');
  });
  $('btn-copy').addEventListener('click', async () => {
    el.menuDialog.close();
    if (!api()) return;
    toast(await copyText(api().record()) ? 'Game copied' : 'Could not copy the game');
  });
  $('btn-copy-pos').addEventListener('click', async () => {
    el.menuDialog.close();
    if (!api()) return;
    toast(await copyText(api().position()) ? 'Position copied' : 'Could not copy the position');
  });
  $('btn-download').addEventListener('click', () => {
    el.menuDialog.close();
    if (!api()) return;
    const blob = new Blob([api().record()], { type: 'application/x-chess-pgn' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = api().recordFile();
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    toast('Game downloaded');
  });

  // ------------------------------------------------------------ the clocks

  // The view gives each side's time left when it was made (app.ClockView);
  // the page counts the running side down from then. The game ends a game
  // on time itself (its own timer): the page only shows the time.
  let clockAt = null, clockTimer = 0;
  const lowSaid = { white: false, black: false };
  function showClocks(v) {
    const c = v.clock;
    hide($('clocks'), !c);
    clearInterval(clockTimer);
    clockTimer = 0;
    if (!c) { clockAt = null; return; }
    if (!clockAt || clockAt.white !== c.white || clockAt.black !== c.black || clockAt.running !== c.running) {
      clockAt = { white: c.white, black: c.black, running: c.running, low: v.lowTime, t: performance.now() };
    }
    tickClocks();
    if (c.running) clockTimer = setInterval(tickClocks, 100);
  }
  function leftNow(side) {
    const l = clockAt[side] - (clockAt.running === side ? performance.now() - clockAt.t : 0);
    return Math.max(0, l);
  }
  // clockText writes ms as a clock does: 1:02:03, 4:59, and tenths under ten seconds: 0:09.4.
  function clockText(ms) {
    const s = ms < 10000 ? Math.floor(ms / 100) / 10 : Math.floor(ms / 1000);
    const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    const ss = ms < 10000 ? sec.toFixed(1).padStart(4, '0') : String(Math.floor(sec)).padStart(2, '0');
    return (h ? h + ':' + String(m).padStart(2, '0') : String(m)) + ':' + ss;
  }
  function tickClocks() {
    if (!clockAt) return;
    for (const side of ['white', 'black']) {
      const ms = leftNow(side);
      const node = $('clock-' + side);
      text(node.querySelector('.time'), clockText(ms));
      node.classList.toggle('running', clockAt.running === side);
      const low = ms <= clockAt.low;
      node.classList.toggle('low', low && ms > 0);
      node.classList.toggle('out', ms <= 0);
      if (low && clockAt.running === side && !lowSaid[side] && ms > 0) {
        lowSaid[side] = true;
        announce((side === 'white' ? 'White' : 'Black') + ': ' + Math.ceil(ms / 1000) + ' seconds left');
      }
      if (!low) lowSaid[side] = false;
    }
  }
  // A game of two players on this device stops its clock while the page is
  // out of sight; every game is kept as it stands when the page may close.
  document.addEventListener('visibilitychange', () => api() && api().setVisible(!document.hidden));
  window.addEventListener('pagehide', () => api() && api().setVisible(false));
  window.addEventListener('pageshow', () => api() && api().setVisible(!document.hidden));

  // ------------------------------------------------------------ ending a game

  $('btn-resign').addEventListener('click', () => {
    el.menuDialog.close();
    if (!view || !view.canResign) return;
    const who = view.computer !== 'none' ? 'You' : (view.turn === 'white' ? 'White' : 'Black');
    text($('resign-who'), who + (who === 'You' ? ' lose' : ' loses') + ' the game: ' + (view.players || '') + '.');
    $('resign-dialog').showModal();
  });
  $('resign-dialog').addEventListener('close', () => {
    if ($('resign-dialog').returnValue === 'resign' && api()) {
      const err = api().resign();
      if (err) toast(err);
    }
  });
  $('btn-draw').addEventListener('click', () => {
    el.menuDialog.close();
    const err = api() && api().offerDraw();
    if (err) toast(err);
  });
  $('btn-accept-draw').addEventListener('click', () => { const err = api() && api().answerDraw(true); if (err) toast(err); });
  $('btn-decline-draw').addEventListener('click', () => { const err = api() && api().answerDraw(false); if (err) toast(err); });
  $('btn-confirm').addEventListener('click', () => { const err = api() && api().confirmMove(true); if (err) toast(err); });
  $('btn-confirm-cancel').addEventListener('click', () => api() && api().confirmMove(false));
  // Move confirmation's "On a phone": the page's main pointer is a finger.
  const coarse = window.matchMedia ? matchMedia('(pointer: coarse)') : null;
  const touchScreen = () => !!(coarse && coarse.matches);
  if (coarse) coarse.addEventListener('change', () => api() && api().setTouch(touchScreen()));
  $('btn-rematch').addEventListener('click', () => { const err = api() && api().rematch(); if (err) toast(err); });

  $('btn-games').addEventListener('click', () => { el.menuDialog.close(); openGames(); });
  function openGames() {
    if (!api()) return;
    const games = JSON.parse(api().games());
    const items = games.map(g => {
      const li = document.createElement('li');
      if (g.current) li.className = 'current';
      const what = document.createElement('div');
      what.className = 'what';
      const b = document.createElement('b');
      b.textContent = g.game + ' · ' + g.players;
      const sp = document.createElement('span');
      sp.textContent = g.date + ' · ' + g.moves + (g.moves === 1 ? ' move' : ' moves') + ' · ' + (g.result || 'in progress') + (g.current ? ' · on the board' : '');
      what.append(b, sp);
      const go = document.createElement('button');
      go.type = 'button';
      go.textContent = 'Continue';
      go.setAttribute('aria-label', 'Continue ' + b.textContent + ', ' + sp.textContent);
      go.disabled = g.current;
      go.addEventListener('click', () => {
        const err = api().continueGame(g.id);
        if (err) toast(err); else el.gamesDialog.close();
      });
      const del = document.createElement('button');
      del.type = 'button';
      del.textContent = 'Delete';
      del.setAttribute('aria-label', 'Delete ' + b.textContent + ', ' + sp.textContent);
      del.addEventListener('click', () => {
        if (!window.confirm('Delete this game (' + b.textContent + ', ' + sp.textContent + ')?')) return;
        const err = api().deleteGame(g.id);
        if (err) toast(err); else openGames();
      });
      li.append(what, go, del);
      return li;
    });
    if (!items.length) {
      const li = document.createElement('li');
      li.className = 'empty';
      li.textContent = 'No games kept yet: a game is kept from its first move.';
      items.push(li);
    }
    el.gamesList.replaceChildren(...items);
    if (!el.gamesDialog.open) el.gamesDialog.showModal();
  }

  $('btn-load').addEventListener('click', () => { el.menuDialog.close(); openLoad(); });
  function openLoad() {
    if (!view) return;
    if (!el.loadVariant.options.length) {
      for (const g of view.games) el.loadVariant.add(new Option(g.name, g.id));
    }
    el.loadVariant.value = view.variant;
    text(el.loadError, '');
    el.loadDialog.showModal();
    el.loadText.focus();
  }
  // isPosition tells a position string from a record: one line, a board of eight ranks.
  function isPosition(t) {
    const s = t.trim();
    return !s.includes('\n') && !/^\[/.test(s) && (s.split(' ')[0].match(/\//g) || []).length === 7;
  }
  function doLoad() {
    if (!api()) return;
    const t = el.loadText.value;
    const f = el.loadForm.elements;
    const comp = f.computer.value, level = view ? view.level : 3;
    const r = isPosition(t) ? api().loadPosition(el.loadVariant.value, t, comp, level) : api().loadRecord(t, comp, level);
    if (r.error) { text(el.loadError, r.error); return; }
    el.loadText.value = '';
    el.loadDialog.close();
    toast(r.said);
  }
  $('load-go').addEventListener('click', doLoad);
  $('load-cancel').addEventListener('click', () => el.loadDialog.close());
  el.loadText.addEventListener('input', () => text(el.loadError, ''));
  async function readFile(file) {
    if (!file) return;
    if (file.size > 2e6) { text(el.loadError, 'That file is too large for a game record (' + (file.size / 1e6).toFixed(1) + ' MB)'); return; }
    el.loadText.value = await file.text();
    text(el.loadError, '');
  }
  el.loadFile.addEventListener('change', () => readFile(el.loadFile.files[0]));
  for (const ev of ['dragenter', 'dragover']) {
    el.loadDialog.addEventListener(ev, e => { e.preventDefault(); el.loadText.classList.add('drop'); });
  }
  el.loadDialog.addEventListener('dragleave', () => el.loadText.classList.remove('drop'));
  el.loadDialog.addEventListener('drop', e => {
    e.preventDefault();
    el.loadText.classList.remove('drop');
    if (e.dataTransfer.files.length) readFile(e.dataTransfer.files[0]);
    else if (e.dataTransfer.getData('text')) el.loadText.value = e.dataTransfer.getData('text');
  });

  // ------------------------------------------------------------ the move box

  let cands = [], active = -1;
  function showMoveError(s) { text(el.moveError, s || ''); }
  function closeSuggest() {
    cands = []; active = -1;
    el.suggest.replaceChildren();
    hide(el.suggest, true);
    el.input.setAttribute('aria-expanded', 'false');
    el.input.removeAttribute('aria-activedescendant');
  }
  function suggest() {
    showMoveError('');
    const t = el.input.value;
    if (!t.trim() || t.trim().startsWith('?') || !api()) { closeSuggest(); return; }
    const r = JSON.parse(api().match(t));
    cands = r.candidates || [];
    active = r.exact ? 0 : -1;
    el.suggest.replaceChildren(...cands.map((c, i) => {
      const li = document.createElement('li');
      li.id = 'move-opt-' + i;
      li.setAttribute('role', 'option');
      li.setAttribute('aria-selected', String(i === active));
      li.dataset.index = i;
      const t = document.createElement('span');
      t.textContent = c.text + (c.text !== c.move ? '  (' + c.move + ')' : '');
      const w = document.createElement('span');
      w.className = 'words';
      w.textContent = c.words;
      li.append(t, w);
      return li;
    }));
    hide(el.suggest, cands.length === 0);
    el.input.setAttribute('aria-expanded', String(cands.length > 0));
    markActive();
  }
  function markActive() {
    for (const li of el.suggest.children) li.setAttribute('aria-selected', String(+li.dataset.index === active));
    if (active >= 0 && el.suggest.children[active]) {
      el.input.setAttribute('aria-activedescendant', 'move-opt-' + active);
      el.suggest.children[active].scrollIntoView({ block: 'nearest' });
    } else el.input.removeAttribute('aria-activedescendant');
  }
  function playText(t) {
    if (!api()) return;
    // "?e4" describes the piece on e4 (the keyboard's Ctrl+right-click).
    const err = t.trim().startsWith('?') ? api().describe(t) : api().play(t);
    if (err) { showMoveError(err); return; }
    el.input.value = '';
    closeSuggest();
  }
  el.input.addEventListener('input', suggest);
  el.input.addEventListener('keydown', e => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!cands.length) return;
      e.preventDefault();
      active = (active + (e.key === 'ArrowDown' ? 1 : -1) + cands.length) % cands.length;
      markActive();
    } else if (e.key === 'Escape') {
      if (cands.length || el.input.value) { e.preventDefault(); e.stopPropagation(); el.input.value = ''; closeSuggest(); showMoveError(''); }
    }
  });
  el.input.addEventListener('blur', () => setTimeout(closeSuggest, 150));
  el.suggest.addEventListener('mousedown', e => e.preventDefault()); // keep the focus in the box
  el.suggest.addEventListener('click', e => {
    const li = e.target.closest('li');
    if (li) playText(cands[+li.dataset.index].move);
  });
  el.form.addEventListener('submit', e => {
    e.preventDefault();
    if (active >= 0 && cands[active]) playText(cands[active].move);
    else playText(el.input.value);
  });

  // ------------------------------------------------------------ keys

  let squareKeys = '', squareTimer = 0;

  document.addEventListener('keydown', e => {
    const t = e.target;
    // Ebiten's canvas cancels the keys it sees; they are still the page's.
    if ((e.defaultPrevented && !(t && t.tagName === 'CANVAS')) || e.altKey || e.ctrlKey || e.metaKey || !api()) return;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (document.querySelector('dialog[open]')) return;
    if (root.classList.contains('learning')) return; // How to play has the keys (learn.js)
    // In a diagram, typing a square (e.g. e4) describes its piece: the
    // keyboard's way to what a tap does.
    if (view && view.mode === 'diagram' && /^[a-h1-8]$/.test(e.key)) {
      squareKeys = (squareKeys + e.key).slice(-2);
      clearTimeout(squareTimer);
      squareTimer = setTimeout(() => { squareKeys = ''; }, 1500);
      if (/^[a-h][1-8]$/.test(squareKeys)) {
        api().describe(squareKeys);
        squareKeys = '';
      }
      e.preventDefault();
      return;
    }
    let handled = true;
    switch (e.key) {
      case 'ArrowLeft': api().step(-1); break;
      case 'ArrowRight': api().step(1); break;
      case 'ArrowUp': case 'Home': api().goto(0); break;
      case 'ArrowDown': case 'End': api().goto(view ? view.live : 1e9); break;
      case 'Escape': api().cancel(); break;
      default: handled = false;
    }
    if (!handled) return;
    e.preventDefault();
    // Keep the keyboard on the move list when it was there.
    if (t && t.classList && t.classList.contains('mv')) {
      const cur = el.moves.querySelector('.mv[aria-current="step"]');
      if (cur) cur.focus();
    }
  });

  // Buttons wait for the game to load (the board's picture, paint.js, is
  // on screen meanwhile): disabled, and saying why. wait marks more of them
  // (the Menu's actions here, How to play's example buttons in learn.js);
  // doneWaiting, when the game is ready, takes every mark away (the view
  // then says which are enabled).
  const waiting = 'Waiting for the game to load';
  const waitingButtons = new Set();
  function wait(buttons) {
    if (!root.classList.contains('waiting')) return;
    for (const c of buttons) {
      c.disabled = true;
      if (!c.title) c.title = waiting;
      c.dataset.waiting = '';
      waitingButtons.add(c);
    }
  }
  root.classList.add('waiting');
  wait([el.newGame, el.undo, el.redo, el.flip, el.sound, $('btn-play'), $('btn-analyse'),
    $('btn-first'), $('btn-prev'), $('btn-next'), $('btn-last'), ...menuActions]);
  el.input.disabled = true;
  el.input.placeholder = 'The game is loading…';
  function doneWaiting() {
    if (!root.classList.contains('waiting')) return;
    root.classList.remove('waiting');
    for (const c of waitingButtons) {
      if (c.title === waiting) c.removeAttribute('title');
      delete c.dataset.waiting;
    }
    waitingButtons.clear();
  }

  // ------------------------------------------------------------ a diagram's steps

  $('btn-first').addEventListener('click', () => api() && api().goto(0));
  $('btn-prev').addEventListener('click', () => api() && api().step(-1));
  $('btn-next').addEventListener('click', () => api() && api().step(1));
  $('btn-last').addEventListener('click', () => api() && view && api().goto(view.live));
  function showDiagram(v) {
    if (v.mode !== 'diagram') return;
    const m = v.ply > 0 ? v.moves[v.ply - 1] : null;
    text($('diagram-at'), v.live === 0 ? '' : (m ? (m.num + (m.black ? '… ' : '. ') + m.text) : 'Start') + ' · ' + v.ply + '/' + v.live);
    $('diagram-at').title = m ? m.words : 'The position before the first move';
    $('btn-first').disabled = $('btn-prev').disabled = v.ply === 0;
    $('btn-next').disabled = $('btn-last').disabled = v.ply === v.live;
  }

  // ------------------------------------------------------------ the message API (an embedded board)

  // The host page is the page whose origin the origin= parameter names
  // (default: this page's own). Messages from any other origin are ignored;
  // answers and events go to that origin only. Messages are plain data: they
  // are read by chimeraApp.hostMessage, never evaluated.
  const params = new URLSearchParams(location.search);
  const hostOrigin = (() => {
    const o = params.get('origin');
    if (!o) return location.origin;
    try {
      const u = new URL(o);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && u.origin === o.replace(/\/$/, '')) return u.origin;
    } catch (e) { /* not an origin */ }
    return location.origin;
  })();
  // The board talks to its host only where a message can arrive: a host of
  // another origin must be named (origin=); else every message would be
  // refused by the browser, with a warning in the host page's console.
  const embedded = window.parent !== window && (hostOrigin !== location.origin || (() => {
    try { return window.parent.location.origin === location.origin; } catch (e) { return false; }
  })());
  function notify(ev) {
    if (!embedded) return;
    try { window.parent.postMessage(typeof ev === 'string' ? JSON.parse(ev) : ev, hostOrigin); } catch (e) { /* gone */ }
  }
  const early = [];
  function hostMessage(data) {
    if (!api()) { early.push(data); return; }
    let err;
    if (data === null || typeof data !== 'object' || Array.isArray(data)) err = 'a message is an object with a type, e.g. {type: "chimera:flip"}';
    else {
      let json;
      try { json = JSON.stringify(data); } catch (e) { json = null; }
      err = json === null ? 'the message is not plain data' : api().hostMessage(json);
    }
    if (err) notify({ type: 'chimera:error', message: String(err) });
  }
  window.addEventListener('message', e => {
    if (e.origin !== hostOrigin || e.source !== window.parent || e.source === window) return;
    hostMessage(e.data);
  });

  // The modifier keys of the last press, read by the board when its right
  // button goes down (Shift, Alt: the drawn shape's colour; Ctrl or ⌘: describe).
  const mods = { shift: false, alt: false, ctrl: false, meta: false };
  window.addEventListener('pointerdown', e => {
    mods.shift = e.shiftKey; mods.alt = e.altKey; mods.ctrl = e.ctrlKey; mods.meta = e.metaKey;
  }, { capture: true, passive: true });

  // showAnalysis draws the analysis board's part of the view alone (the
  // engine's reports: the rest of the page did not change).
  function showAnalysis(json) {
    if (!view) return;
    view.analysis = JSON.parse(json);
    if (window.chimeraAnalysis) window.chimeraAnalysis.show(view);
  }

  window.chimeraUI = {
    box: boardBox,
    mods,
    show,
    showAnalysis,
    toast, // for editor.js
    copyText,
    view: () => view, // the last view shown (null before the first)
    announce,
    address,
    notify,
    sound: name => window.chimeraSound && window.chimeraSound.play(name),
    wait, // for learn.js
    ready() {
      for (const c of [el.newGame, el.flip, el.sound, $('btn-play'), $('btn-analyse'), ...menuActions]) c.disabled = false;
      doneWaiting();
      api().setScheme(scheme());
      api().setTouch(touchScreen());
      if (view) show(JSON.stringify(view));
      api().refresh();
      while (early.length) hostMessage(early.shift());
      if (window.chimeraLearn) window.chimeraLearn.ready(); // How to play opened before the game
    },
  };
})();
