// editor.js: the position editor's HTML (the board is the canvas; the
// rules and every word said are Go's, package app's EditorController,
// bound by cmd/wasm as chimeraApp.edit*). It draws view.editor, turns
// clicks, keys and palette drags into calls, and keeps a grid of square
// buttons over the board for the keyboard and screen readers. The page's
// root has the class "editing" while the editor is open.
'use strict';
(function () {
  const $ = id => document.getElementById(id);
  const root = document.documentElement;
  const api = () => window.chimeraApp;
  const el = {
    section: $('editor'), title: $('editor-title'), said: $('ed-said'), palette: $('ed-palette'),
    hands: $('ed-hands'), handRows: $('ed-hand-rows'), castling: $('ed-castling'), castleBoxes: $('ed-castle-boxes'),
    castleNone: $('ed-castle-none'), epRow: $('ed-ep-row'), ep: $('ed-ep'), half: $('ed-half'), full: $('ed-full'),
    variant: $('ed-variant'), fen: $('ed-fen'), problem: $('ed-problem'), valid: $('ed-valid'), level: $('ed-level'),
    undo: $('ed-undo'), redo: $('ed-redo'), squares: $('ed-squares'), ghost: $('ed-ghost'),
    play: $('ed-play'), analyse: $('ed-analyse'), copy: $('ed-copy'), share: $('ed-share'),
  };
  let view = null; // the open editor's view, null when closed
  let paletteKey = '', handsKey = '', castleKey = '', epKey = '', variantsKey = '';
  let fenError = ''; // why the typed position string was refused
  let focusSquare = 'a8';

  for (let i = 1; i <= 8; i++) {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = String(i);
    if (i === 3) o.selected = true;
    el.level.appendChild(o);
  }

  function text(node, s) { if (node.textContent !== s) node.textContent = s; }
  function hide(node, h) { if (node.hidden !== h) node.hidden = h; }

  // show draws the view's editor (ui.js calls it with every view).
  function show(v) {
    const e = v.editor || null;
    const was = !!view;
    view = e;
    root.classList.toggle('editing', !!e);
    hide(el.section, !e);
    hide(el.squares, !e);
    if (!e) {
      endDrag();
      return;
    }
    text(el.said, e.said);
    el.said.classList.toggle('refused', !!e.refused);
    el.undo.disabled = !e.canUndo;
    el.redo.disabled = !e.canRedo;
    showVariants(e);
    showPalette(e);
    showHands(e);
    for (const r of document.querySelectorAll('input[name="ed-turn"]')) r.checked = r.value === e.turn;
    showCastling(e);
    showEnPassant(e);
    if (document.activeElement !== el.half) el.half.value = String(e.half);
    if (document.activeElement !== el.full) el.full.value = String(e.full);
    if (document.activeElement !== el.fen || !fenError) {
      if (el.fen.value !== e.position && document.activeElement !== el.fen) el.fen.value = e.position;
    }
    const problem = fenError || (e.valid ? '' : e.problem);
    text(el.problem, problem);
    hide(el.valid, !e.valid || !!fenError);
    for (const b of [el.play, el.analyse, el.copy, el.share]) b.disabled = !e.valid;
    showSquares(e);
    if (!was) setTimeout(() => el.title.focus(), 0);
  }

  function showVariants(e) {
    const key = e.games.map(g => g.id).join(',');
    if (key !== variantsKey) {
      variantsKey = key;
      el.variant.replaceChildren(...e.games.map(g => {
        const o = document.createElement('option');
        o.value = g.id;
        o.textContent = g.name;
        return o;
      }));
    }
    el.variant.value = e.variant;
  }

  function pieceImage(src) {
    const img = document.createElement('img');
    img.src = src;
    img.alt = '';
    img.draggable = false;
    return img;
  }

  function showPalette(e) {
    const key = e.variant + '|' + e.palette.map(p => p.letter).join('');
    if (key !== paletteKey) {
      paletteKey = key;
      const buttons = e.palette.map(p => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'pc';
        b.dataset.letter = p.letter;
        b.setAttribute('aria-label', p.name);
        b.title = p.name;
        b.appendChild(pieceImage(p.image));
        return b;
      });
      const eraser = document.createElement('button');
      eraser.type = 'button';
      eraser.className = 'pc eraser';
      eraser.dataset.letter = 'eraser';
      eraser.setAttribute('aria-label', 'Eraser');
      eraser.title = 'Eraser: tap a piece to remove it';
      eraser.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 16l8-9 7 6-6 7H7z M9 20h11"/></svg>';
      el.palette.replaceChildren(...buttons, eraser);
    }
    let focusable = null;
    for (const b of el.palette.querySelectorAll('button')) {
      const on = b.dataset.letter === e.pick;
      b.setAttribute('aria-pressed', String(on));
      if (on) focusable = b;
    }
    // One palette button is in the tab order (the toolbar's arrows move).
    focusable = focusable || el.palette.querySelector('button');
    for (const b of el.palette.querySelectorAll('button')) b.tabIndex = b === focusable ? 0 : -1;
  }

  function showHands(e) {
    hide(el.hands, e.hands.length === 0);
    const key = e.variant + '|' + e.hands.map(h => h.letter).join('');
    if (key !== handsKey) {
      handsKey = key;
      const rows = [];
      for (const side of ['white', 'black']) {
        const row = document.createElement('div');
        row.className = 'hand-row';
        row.dataset.handSide = side;
        row.setAttribute('role', 'group');
        row.setAttribute('aria-label', (side === 'white' ? "White's" : "Black's") + ' hand');
        for (const h of e.hands.filter(h => h.side === side)) {
          const who = (side === 'white' ? "White's" : "Black's") + ' hand';
          const cell = document.createElement('div');
          cell.className = 'hand-kind';
          cell.dataset.letter = h.letter;
          const minus = document.createElement('button');
          minus.type = 'button';
          minus.textContent = '−';
          minus.dataset.delta = '-1';
          minus.setAttribute('aria-label', 'One fewer ' + h.name + ' in ' + who);
          const plus = document.createElement('button');
          plus.type = 'button';
          plus.textContent = '+';
          plus.dataset.delta = '1';
          plus.setAttribute('aria-label', 'One more ' + h.name + ' in ' + who);
          const count = document.createElement('output');
          count.className = 'count';
          const label = document.createElement('span');
          label.className = 'sr-only';
          label.textContent = h.name + ' in ' + who + ':';
          const img = pieceImage(h.image);
          img.title = h.name;
          cell.append(img, label, count, minus, plus);
          row.appendChild(cell);
        }
        rows.push(row);
      }
      el.handRows.replaceChildren(...rows);
    }
    for (const h of e.hands) {
      const cell = el.handRows.querySelector(`[data-hand-side="${h.side}"] [data-letter="${h.letter}"]`);
      if (!cell) continue;
      text(cell.querySelector('.count'), String(h.count));
      cell.querySelector('[data-delta="-1"]').disabled = h.count === 0;
    }
  }

  function showCastling(e) {
    hide(el.castling, !e.castles);
    const key = e.castling.map(c => c.letter + (c.on ? '+' : '')).join('');
    hide(el.castleNone, e.castling.length > 0);
    if (key === castleKey) return;
    castleKey = key;
    el.castleBoxes.replaceChildren(...e.castling.map(c => {
      const l = document.createElement('label');
      l.className = 'check';
      const i = document.createElement('input');
      i.type = 'checkbox';
      i.dataset.letter = c.letter;
      i.checked = c.on;
      l.append(i, ' ' + c.label + ' (' + c.letter + ')');
      return l;
    }));
  }

  function showEnPassant(e) {
    hide(el.epRow, e.eps.length === 0 && !e.ep);
    const key = e.eps.join(',') + '|' + e.ep;
    if (key === epKey) return;
    epKey = key;
    const none = document.createElement('option');
    none.value = '';
    none.textContent = 'None';
    el.ep.replaceChildren(none, ...e.eps.map(s => {
      const o = document.createElement('option');
      o.value = s;
      o.textContent = s;
      return o;
    }));
    el.ep.value = e.ep;
  }

  // ------------------------------------------------ the squares, for keys

  function showSquares(e) {
    if (el.squares.children.length !== 64) {
      const bs = [];
      for (let i = 0; i < 64; i++) {
        const b = document.createElement('button');
        b.type = 'button';
        b.tabIndex = -1;
        bs.push(b);
      }
      el.squares.replaceChildren(...bs);
    }
    const bs = el.squares.children;
    e.squares.forEach((s, i) => {
      const b = bs[i];
      b.dataset.square = s.square;
      if (b.getAttribute('aria-label') !== s.name) b.setAttribute('aria-label', s.name);
      b.tabIndex = s.square === focusSquare ? 0 : -1;
    });
    placeSquares();
  }

  // placeSquares puts the square buttons over the board's squares.
  let placing = 0;
  function placeSquares() {
    if (!view || !api() || !api().editBoard) return;
    const r = api().editBoard();
    if (!r || !(r.size > 0)) {
      // The board is not laid out yet (its first frames): again at the next
      // frame, for at most a few seconds.
      if (placing < 300) { placing++; requestAnimationFrame(placeSquares); }
      return;
    }
    placing = 0;
    const st = el.squares.style;
    st.left = r.x + 'px';
    st.top = r.y + 'px';
    st.width = st.height = (8 * r.size) + 'px';
  }
  window.addEventListener('resize', () => setTimeout(placeSquares, 50));

  el.squares.addEventListener('keydown', e => {
    const b = e.target.closest('button');
    if (!b || !view) return;
    const i = Array.prototype.indexOf.call(el.squares.children, b);
    let to = -1;
    switch (e.key) {
      case 'ArrowLeft': to = i % 8 > 0 ? i - 1 : i; break;
      case 'ArrowRight': to = i % 8 < 7 ? i + 1 : i; break;
      case 'ArrowUp': to = i >= 8 ? i - 8 : i; break;
      case 'ArrowDown': to = i < 56 ? i + 8 : i; break;
      case 'Home': to = i - i % 8; break;
      case 'End': to = i - i % 8 + 7; break;
      case 'Enter': case ' ': api().editTap(b.dataset.square, 0); break;
      case 'Delete': case 'Backspace': api().editEmpty(b.dataset.square); break;
      default: return;
    }
    e.preventDefault();
    e.stopPropagation();
    if (to >= 0) {
      const t = el.squares.children[to];
      focusSquare = t.dataset.square;
      for (const x of el.squares.children) x.tabIndex = x === t ? 0 : -1;
      t.focus();
    }
  });
  el.squares.addEventListener('focusin', e => {
    const b = e.target.closest('button');
    if (b) focusSquare = b.dataset.square;
  });

  // ------------------------------------------------ the palette

  el.palette.addEventListener('keydown', e => {
    const bs = [...el.palette.querySelectorAll('button')];
    const i = bs.indexOf(document.activeElement);
    if (i < 0) return;
    let to = -1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') to = (i + 1) % bs.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') to = (i + bs.length - 1) % bs.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = bs.length - 1;
    else if (e.key === 'Enter' || e.key === ' ') {
      // Picked at the key's press, as the squares take theirs (not left to
      // the button's own activation, which some drivers' keys never reach).
      e.preventDefault();
      e.stopPropagation();
      api().editPick(bs[i].dataset.letter);
      return;
    } else return;
    e.preventDefault();
    e.stopPropagation();
    for (const b of bs) b.tabIndex = b === bs[to] ? 0 : -1;
    bs[to].focus();
  });

  // A palette piece is picked by a click, or dragged onto the board or a
  // hand (the pointer is captured, so the drag goes on over the canvas).
  let drag = null;
  el.palette.addEventListener('pointerdown', e => {
    const b = e.target.closest('button.pc');
    if (!b || e.button !== 0 || b.dataset.letter === 'eraser') return;
    drag = { b, letter: b.dataset.letter, x: e.clientX, y: e.clientY, id: e.pointerId, moved: false };
    try { b.setPointerCapture(e.pointerId); } catch (err) { /* not captured: the drag ends at the button's edge */ }
  });
  el.palette.addEventListener('pointermove', e => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 6) {
      drag.moved = true;
      el.ghost.src = drag.b.querySelector('img').src;
      el.ghost.hidden = false;
    }
    if (drag.moved) {
      el.ghost.style.left = e.clientX + 'px';
      el.ghost.style.top = e.clientY + 'px';
    }
  });
  el.palette.addEventListener('pointerup', e => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    endDrag();
    if (!d.moved) return; // a click: picked by the click handler
    d.b.dataset.dragged = '1';
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const row = under && under.closest('[data-hand-side]');
    if (row) {
      api().editHand(row.dataset.handSide === 'black' ? 1 : 0, d.letter, 1);
      return;
    }
    api().editDropAt(d.letter, e.clientX, e.clientY);
  });
  el.palette.addEventListener('pointercancel', endDrag);
  function endDrag() {
    drag = null;
    el.ghost.hidden = true;
  }
  el.palette.addEventListener('click', e => {
    const b = e.target.closest('button.pc');
    if (!b || !api()) return;
    if (b.dataset.dragged) {
      delete b.dataset.dragged; // the end of a drag, not a click
      return;
    }
    api().editPick(b.dataset.letter);
  });

  // ------------------------------------------------ the rest of the form

  el.handRows.addEventListener('click', e => {
    const b = e.target.closest('button[data-delta]');
    if (!b) return;
    const row = b.closest('[data-hand-side]');
    const cell = b.closest('[data-letter]');
    api().editHand(row.dataset.handSide === 'black' ? 1 : 0, cell.dataset.letter, Number(b.dataset.delta));
  });
  for (const r of document.querySelectorAll('input[name="ed-turn"]')) {
    r.addEventListener('change', () => api().editTurn(r.value === 'black' ? 1 : 0));
  }
  el.castleBoxes.addEventListener('change', e => {
    const i = e.target.closest('input[data-letter]');
    if (i) api().editCastle(i.dataset.letter, i.checked);
  });
  el.ep.addEventListener('change', () => api().editEnPassant(el.ep.value));
  function clocks() {
    const h = parseInt(el.half.value, 10), f = parseInt(el.full.value, 10);
    api().editClocks(Number.isFinite(h) ? h : 0, Number.isFinite(f) ? f : 1);
  }
  el.half.addEventListener('change', clocks);
  el.full.addEventListener('change', clocks);
  el.variant.addEventListener('change', () => api().editVariant(el.variant.value));

  // The Position box: a typed or pasted position string is taken on Enter,
  // on leaving the box, and as it is pasted.
  function takeFen() {
    if (!view || el.fen.value.trim() === view.position) {
      fenError = '';
      return;
    }
    const err = api().editPosition(el.fen.value);
    fenError = err ? 'Not a position: ' + err : '';
    if (!err && view) el.fen.value = view.position; // as the engine writes it
    api().refresh();
  }
  el.fen.addEventListener('keydown', e => {
    if (e.key === 'Enter') { e.preventDefault(); takeFen(); }
    if (e.key === 'Escape' && view) { e.preventDefault(); e.stopPropagation(); fenError = ''; el.fen.value = view.position; api().refresh(); }
  });
  el.fen.addEventListener('change', takeFen);
  el.fen.addEventListener('paste', () => setTimeout(takeFen, 0));

  $('ed-close').addEventListener('click', () => api().closeEditor());
  $('ed-start').addEventListener('click', () => api().editStart());
  $('ed-clear').addEventListener('click', () => api().editClear());
  $('ed-flip').addEventListener('click', () => api().editFlip());
  el.undo.addEventListener('click', () => api().editUndo());
  el.redo.addEventListener('click', () => api().editRedo());
  function computer() {
    const r = document.querySelector('input[name="ed-computer"]:checked');
    return r ? r.value : 'none';
  }
  function failed(err) {
    if (err) text(el.problem, err);
  }
  el.play.addEventListener('click', () => failed(api().editPlay(computer(), Number(el.level.value))));
  el.analyse.addEventListener('click', () => failed(api().editAnalyse()));
  // The page's own toast and clipboard (ui.js).
  const copy = s => window.chimeraUI.copyText(s);
  const toast = s => window.chimeraUI.toast(s);
  el.copy.addEventListener('click', async () => {
    if (!view) return;
    toast(await copy(view.position) ? 'Position copied' : 'Could not copy the position: copy it from the Position box');
  });
  el.share.addEventListener('click', async () => {
    if (!view) return;
    const url = location.origin + location.pathname + '?' + view.link;
    if (navigator.share && navigator.canShare && navigator.canShare({ url })) {
      try { await navigator.share({ title: 'Position · Chimera', url }); return; } catch (e) {
        if (e && e.name === 'AbortError') return;
      }
    }
    toast(await copy(url) ? 'Link copied' : 'Could not copy the link: copy it from the address bar');
  });

  $('btn-edit').addEventListener('click', () => {
    $('menu-dialog').close();
    const err = api() && api().openEditor();
    if (err) toast(err);
  });

  // Escape drops the picked piece; Ctrl+Z and Ctrl+Y undo and redo.
  document.addEventListener('keydown', e => {
    if (!view || e.target.closest('input, select, textarea, dialog')) return;
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key) && !e.target.closest('#ed-palette, #ed-squares')) {
      e.stopPropagation(); // the game's keys (its moves) do not reach the game behind the editor
      return;
    }
    if (e.key === 'Escape' && view.pick) {
      e.preventDefault();
      e.stopPropagation();
      api().editPick('');
    } else if ((e.ctrlKey || e.metaKey) && !e.altKey && (e.key === 'z' || e.key === 'Z')) {
      e.preventDefault();
      e.stopPropagation();
      if (e.shiftKey) api().editRedo(); else api().editUndo();
    } else if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key === 'y') {
      e.preventDefault();
      e.stopPropagation();
      api().editRedo();
    }
  }, true);

  // The canvas hears the mouse only over itself (Ebiten listens there): a
  // piece dragged off the board and let go over the page would stay in the
  // hand. While the editor is open, a drag begun on the canvas is followed
  // over the page, and its release given to the canvas: the piece leaves
  // the board.
  let canvasDrag = false;
  const canvas = () => document.querySelector('body > canvas');
  function forward(e) {
    const c = canvas();
    if (c) c.dispatchEvent(new MouseEvent(e.type, { clientX: e.clientX, clientY: e.clientY, screenX: e.screenX, screenY: e.screenY,
      button: e.button, buttons: e.buttons, bubbles: true, cancelable: true }));
  }
  document.addEventListener('mousedown', e => { canvasDrag = !!view && e.button === 0 && e.target === canvas(); }, true);
  window.addEventListener('mousemove', e => { if (canvasDrag && e.target !== canvas()) forward(e); }, true);
  window.addEventListener('mouseup', e => {
    if (canvasDrag && e.target !== canvas()) forward(e);
    canvasDrag = false;
  }, true);

  window.chimeraEditor = { show };
})();
