// learn.js: How to play, the captions about the board and the hints, in the
// page. The lessons, legends and captions are Go (package app, bound by
// cmd/wasm as window.chimeraApp: help(), openLesson(), lessonStep(), ...);
// this script draws them. While a lesson is open the main board shows it
// (the app's lesson mode) and the help panel takes the place of the move
// list; the page's root then has the class "learning". ui.js calls
// chimeraLearn.show(view) with every view, and chimeraLearn.gameLabel() for
// each game of the new-game dialog.
'use strict';
(function () {
  const $ = id => document.getElementById(id);
  const root = document.documentElement;
  const api = () => window.chimeraApp;
  const el = {
    help: $('help'), title: $('help-title'), close: $('help-close'),
    tabs: [$('tab-rules'), $('tab-pieces'), $('tab-notation')],
    panels: [$('panel-rules'), $('panel-pieces'), $('panel-notation')],
    prev: $('sec-prev'), next: $('sec-next'), select: $('sec-select'),
    replay: $('ex-replay'), back: $('ex-back'), fwd: $('ex-next'), tryBtn: $('ex-try'),
    caption: $('ex-caption'), tryBox: $('ex-try-box'), prompt: $('ex-prompt'), feedback: $('ex-feedback'), show: $('ex-show'),
    secTitle: $('sec-title'), secText: $('sec-text'),
    pieces: $('pieces-list'), notation: document.querySelector('#notation-table tbody'), signs: $('notation-signs'),
    describeForm: $('describe-form'), describeInput: $('describe-input'),
    note: $('note'), noteTitle: $('note-title'), noteText: $('note-text'), noteBtn: $('btn-note'),
    hint: $('btn-hint'), words: $('move-words'), moves: $('moves'),
    menuHelp: $('menu-help'), menuDialog: $('menu-dialog'), newHelp: $('new-help'), newDialog: $('new-dialog'),
    newForm: $('new-form'), btnNew: $('btn-new'), btnMenu: $('btn-menu'),
  };
  const helps = {};      // rule set id: its help (chimeraApp.help)
  let view = null;       // the last view
  let shown = '';        // the help drawn in the panel: rule set id
  let shownSection = -1; // the section drawn
  let returnTo = null;   // where closing the help goes back to: {dialog: 'new', variant} or a button

  function text(node, s) { if (node.textContent !== s) node.textContent = s; }
  function hide(node, h) { if (node.hidden !== h) node.hidden = h; }
  function make(tag, cls, txt) {
    const n = document.createElement(tag);
    if (cls) n.className = cls;
    if (txt !== undefined) n.textContent = txt;
    return n;
  }

  function help(id) {
    if (!helps[id] && api()) {
      const h = api().help(id);
      if (h) helps[id] = JSON.parse(h);
    }
    return helps[id];
  }

  // ------------------------------------------------------------ before the game

  // How to play opens before main.wasm has arrived too: its words (the same
  // help, written by web/sitebuild as help-<id>.json) are read and the
  // sections turned, the example's position drawn as the board's picture
  // (chimeraPaint.show); the example's moves and the exercise wait for the
  // game, which then opens the lesson at the section shown (ready).
  let early = null; // {id, section}: How to play shown before the game

  async function openEarly(id, back) {
    const paint = window.chimeraPaint;
    if (!paint || !paint.games[id]) return;
    early = { id, section: 0 };
    returnTo = back || null;
    if (!helps[id]) {
      try {
        const r = await fetch('help-' + id + '.json');
        if (!r.ok) throw new Error('HTTP ' + r.status);
        helps[id] = await r.json();
      } catch (e) {
        early = null;
        console.warn('How to play could not be read before the game:', e);
        return;
      }
    }
    if (!early || early.id !== id) return; // closed or the game came meanwhile
    if (api() && window.chimeraUI && window.chimeraUI.view()) { const b = returnTo; early = null; open(id, b); return; }
    selectTab(0);
    showEarly();
    requestAnimationFrame(() => el.title.focus());
  }

  function showEarly() {
    const h = helps[early.id];
    const s = h.sections[early.section];
    root.classList.add('learning');
    hide(el.help, false);
    const lv = { for: early.id, section: early.section, sections: h.sections.length };
    if (shown !== lv.for) drawHelp(h, lv);
    if (shownSection !== lv.section) drawSection(h, lv);
    el.prev.disabled = lv.section === 0;
    el.next.disabled = lv.section >= lv.sections - 1;
    hide(el.tryBtn, !s.try);
    window.chimeraUI.wait([el.replay, el.back, el.fwd, el.tryBtn]);
    text(el.caption, s.moves && s.moves.length ? 'The example plays on the board when the game has loaded.' : '');
    hide(el.caption, false);
    hide(el.tryBox, true);
    window.chimeraPaint.show(s.variant || early.id, s.example);
  }

  function earlySection(i) {
    const h = helps[early.id];
    if (i < 0 || i >= h.sections.length) return;
    early.section = i;
    showEarly();
  }

  function closeEarly() {
    early = null;
    // The front door's "Learn it" still starts its game, without the lesson.
    if (window.chimeraDoor) window.chimeraDoor.learnClosed();
    root.classList.remove('learning');
    hide(el.help, true);
    shown = '';
    shownSection = -1;
    const p = window.chimeraPaint;
    if (p) p.show(p.variant, p.position);
    const back = returnTo;
    returnTo = null;
    if (back && back.focus) back.focus.focus();
  }

  // ready: the game has loaded. How to play shown before it opens as the
  // game's lesson at the same section (unless the front door's "Learn it"
  // waits to start a new game first: it opens it then).
  function ready() {
    if (!early || (window.chimeraDoor && window.chimeraDoor.waiting())) return;
    open(early.id, returnTo, { keepFocus: true });
  }

  // ------------------------------------------------------------ small boards

  // diagram draws a small board: the pieces of d (a Diagram of package app)
  // with its marked squares, White at the bottom.
  function diagram(d, label) {
    const b = make('div', 'diagram' + (d.bifold ? ' bifold' : ''));
    b.setAttribute('role', 'img');
    b.setAttribute('aria-label', label);
    const cells = {};
    for (const c of d.cells) cells[c.sq] = c.pieces;
    const marks = {};
    for (const m of d.marks) marks[m.sq] = m.kind;
    for (let r = 7; r >= 0; r--) {
      for (let f = 0; f < 8; f++) {
        const sq = 'abcdefgh'[f] + (r + 1);
        const c = make('div', 'sq ' + ((f + r) % 2 ? 'light' : 'dark'));
        const ps = cells[sq] || [];
        for (const p of ps) {
          const img = make('img', pieceClass(p, d.bifold, ps.length));
          img.src = pieceImage(p, d.bifold);
          img.alt = '';
          c.appendChild(img);
        }
        if (marks[sq]) c.classList.add('mark-' + marks[sq]);
        b.appendChild(c);
      }
    }
    return b;
  }

  // pieceImage names a piece's picture (as app.PieceImage does).
  function pieceImage(letter, bifold) {
    const side = letter === letter.toUpperCase() ? 'w' : 'b';
    return 'piece-' + (bifold ? 'bifold' : 'full') + '-' + side + letter.toUpperCase() + '.svg';
  }
  function isHalf(letter, bifold) { return bifold && 'RBQHWFLDV'.includes(letter.toUpperCase()); }
  function pieceClass(letter, bifold, n) {
    if (!isHalf(letter, bifold)) return 'pc';
    return n === 2 ? 'pc half' : 'pc half lone';
  }

  // gameLabel adds the start position of game g to its label in the
  // new-game dialog.
  function gameLabel(label, g) {
    let d = api() && api().diagram(g.id, g.start);
    if (d) d = JSON.parse(d);
    else {
      // Before the game: the start position read by the board's picture.
      const paint = window.chimeraPaint, cells = paint && paint.cells(g.id, g.start);
      if (!cells) return;
      d = { bifold: paint.games[g.id].bifold, cells, marks: [] };
    }
    const pic = diagram(d, 'The start position of ' + g.name);
    pic.classList.add('start');
    label.appendChild(pic);
  }

  // ------------------------------------------------------------ the help panel

  function drawHelp(h, lv) {
    shown = lv.for;
    shownSection = -1;
    text(el.title, 'How to play ' + h.name);
    el.select.replaceChildren(...h.sections.map((s, i) => {
      const o = make('option', '', (i + 1) + '. ' + s.title);
      o.value = String(i);
      return o;
    }));
    // Pieces
    el.pieces.replaceChildren(...h.pieces.map(p => {
      const li = make('li', 'piece');
      const img = make('img', 'piece-pic' + (isHalf(p.letter, p.diagram.bifold) ? ' half' : ''));
      img.src = p.image;
      img.alt = '';
      const head = make('div', 'piece-head');
      const name = make('h3', '', p.name);
      const letter = make('span', 'piece-letter', p.notation && p.notation !== p.letter
        ? 'Letter ' + p.letter + ' (' + p.notation + ' in the move list)' : (p.notation ? 'Letter ' + p.letter : 'Letter ' + p.letter + ' (no letter in the move list)'));
      head.append(name, letter);
      const made = make('p', 'piece-made', p.madeOf);
      const moves = make('p', 'piece-moves', p.moves);
      const body = make('div', 'piece-body');
      body.append(head, made, moves);
      const d = diagram(p.diagram, 'How the ' + p.name + ' moves: ' + p.diagram.marks.length + ' squares marked');
      li.append(img, body, d);
      return li;
    }));
    // Notation
    el.notation.replaceChildren(...h.notation.map(n => {
      const tr = make('tr');
      const a = make('td', 'nt', n.text);
      const b = make('td', 'nw');
      b.append(make('span', '', n.words), make('small', '', n.what));
      tr.append(a, b);
      return tr;
    }));
    el.signs.replaceChildren(...h.symbols.flatMap(s => [make('dt', '', s.mark), make('dd', '', s.says)]));
  }

  function drawSection(h, lv) {
    shownSection = lv.section;
    const s = h.sections[lv.section];
    el.select.value = String(lv.section);
    text(el.secTitle, s.title);
    el.secText.replaceChildren(...s.text.map(t => make('p', '', t)));
    el.panels[0].scrollTop = 0;
  }

  function showLesson(v) {
    const lv = v.lesson;
    const h = help(lv.for);
    if (!h) return;
    if (shown !== lv.for) drawHelp(h, lv);
    if (shownSection !== lv.section) drawSection(h, lv);
    el.prev.disabled = lv.section === 0;
    el.next.disabled = lv.section >= lv.sections - 1;
    const example = lv.mode === 'example';
    el.back.disabled = example ? lv.ply === 0 : false;
    el.fwd.disabled = example && lv.ply >= lv.plies;
    el.replay.disabled = lv.plies === 0;
    hide(el.tryBtn, !lv.hasTry);
    el.tryBtn.disabled = lv.mode === 'try';
    text(el.caption, example ? lv.caption : '');
    hide(el.caption, !example);
    hide(el.tryBox, example);
    text(el.prompt, lv.prompt);
    text(el.feedback, lv.feedback);
    el.feedback.className = lv.feedback ? (lv.right ? 'right' : 'wrong') : '';
    hide(el.show, lv.mode !== 'try');
  }

  // open opens How to play for rule set id; back says where closing it
  // returns (a button to focus, or the new-game dialog).
  // (keepFocus: the game opens How to play shown before it, where the
  // reader is; the focus stays where it is.)
  function open(id, back, { keepFocus = false } = {}) {
    if (!api() || !(window.chimeraUI && window.chimeraUI.view())) { openEarly(id, back); return; }
    // How to play shown before the game: the lesson goes on at its section,
    // on the tab shown.
    const at = early && early.id === id ? early.section : 0;
    const tab = early ? el.tabs.findIndex(t => t.getAttribute('aria-selected') === 'true') : 0;
    early = null;
    const err = api().openLesson(id, at);
    if (err) return;
    returnTo = back || null;
    selectTab(Math.max(0, tab));
    if (!keepFocus) requestAnimationFrame(() => el.title.focus());
  }

  function close() {
    if (early) { closeEarly(); return; }
    if (!api() || !root.classList.contains('learning')) return;
    api().closeLesson();
    const back = returnTo;
    returnTo = null;
    if (back && back.dialog === 'new') {
      el.btnNew.click();
      const r = el.newForm.querySelector('input[name="variant"][value="' + back.variant + '"]');
      if (r) { r.checked = true; r.focus(); }
    } else if (back && back.focus) back.focus.focus();
  }

  function selectTab(i) {
    el.tabs.forEach((t, j) => {
      t.setAttribute('aria-selected', String(i === j));
      t.tabIndex = i === j ? 0 : -1;
      hide(el.panels[j], i !== j);
    });
  }

  el.tabs.forEach((t, i) => {
    t.addEventListener('click', () => selectTab(i));
    t.addEventListener('keydown', e => {
      const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (!d) return;
      e.preventDefault();
      e.stopPropagation();
      const j = (i + d + el.tabs.length) % el.tabs.length;
      selectTab(j);
      el.tabs[j].focus();
    });
  });
  el.close.addEventListener('click', close);
  el.prev.addEventListener('click', () => early ? earlySection(early.section - 1) : view && view.lesson && api().lessonSection(view.lesson.section - 1));
  el.next.addEventListener('click', () => early ? earlySection(early.section + 1) : view && view.lesson && api().lessonSection(view.lesson.section + 1));
  el.select.addEventListener('change', () => early ? earlySection(+el.select.value) : api() && api().lessonSection(+el.select.value));
  el.replay.addEventListener('click', () => api() && api().lessonReplay());
  el.back.addEventListener('click', () => api() && api().lessonStep(-1));
  el.fwd.addEventListener('click', () => api() && api().lessonStep(1));
  el.tryBtn.addEventListener('click', () => api() && api().lessonTry());
  el.show.addEventListener('click', () => api() && api().lessonShowMe());
  el.describeForm.addEventListener('submit', e => {
    e.preventDefault();
    if (!api()) return;
    const err = api().describe(el.describeInput.value);
    el.describeInput.setCustomValidity(err || '');
    if (err) el.describeInput.reportValidity();
  });
  el.describeInput.addEventListener('input', () => el.describeInput.setCustomValidity(''));

  el.menuHelp.addEventListener('click', () => {
    el.menuDialog.close('help');
    const id = view ? view.variant : window.chimeraPaint && window.chimeraPaint.variant;
    if (id) open(id, { focus: el.btnMenu });
  });
  el.newHelp.addEventListener('click', () => {
    const v = el.newForm.elements.variant.value || (view && view.variant);
    el.newDialog.close('cancel');
    if (v) open(v, { dialog: 'new', variant: v });
  });

  // Keys while the help is open: the arrows step the example (Home and End
  // go to its start and end); Escape closes a choice on the board, then the
  // caption, then the help.
  document.addEventListener('keydown', e => {
    if (early && e.key === 'Escape' && !document.querySelector('dialog[open]')) { e.preventDefault(); closeEarly(); return; }
    if (!root.classList.contains('learning') || !api() || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (t && t.getAttribute && t.getAttribute('role') === 'tab' && e.key !== 'Escape') return; // the arrows walk the tabs
    if (document.querySelector('dialog[open]')) return;
    switch (e.key) {
      case 'ArrowLeft': api().lessonStep(-1); break;
      case 'ArrowRight': api().lessonStep(1); break;
      case 'Home': api().lessonStep(-99); break;
      case 'End': api().lessonStep(99); break;
      case 'Escape': {
        if (api().choosing()) api().cancel();
        else if (view && view.note) api().dismissNote();
        else close();
        break;
      }
      default: return;
    }
    e.preventDefault();
  });

  // ------------------------------------------------------------ the caption and hints

  el.noteBtn.addEventListener('click', () => api() && api().dismissNote());
  el.hint.addEventListener('click', () => {
    if (!api()) return;
    const err = api().hint();
    if (err) { text(el.noteTitle, 'Hint'); text(el.noteText, err); hide(el.note, false); }
  });

  function showNote(v) {
    const n = v.note;
    hide(el.note, !n);
    if (!n) return;
    el.note.dataset.kind = n.kind;
    text(el.noteTitle, n.title + (n.text ? ':' : ''));
    text(el.noteText, n.text);
  }

  function showHint(v) {
    const canHint = v.prefs.hints && !v.lesson;
    hide(el.hint, !canHint);
    if (!canHint) return;
    const mine = v.ply === v.live && !v.result && !(v.computer === v.turn && v.computer !== 'none');
    el.hint.disabled = !mine || v.hinting || v.thinking;
  }

  // ------------------------------------------------------------ a move in words

  // Hovering or focusing a move of the list shows it in words (the words
  // the announcements use, which the list carries).
  let wordsFor = null;
  function showWords(b) {
    if (!b || !b.dataset.words) { hideWords(); return; }
    wordsFor = b;
    text(el.words, b.dataset.words);
    hide(el.words, false);
    const r = b.getBoundingClientRect();
    const w = el.words.getBoundingClientRect();
    const x = Math.max(4, Math.min(window.innerWidth - w.width - 4, r.left + r.width / 2 - w.width / 2));
    const above = r.top - w.height - 6;
    el.words.style.left = x + 'px';
    el.words.style.top = (above >= 4 ? above : r.bottom + 6) + 'px';
  }
  function hideWords() { wordsFor = null; hide(el.words, true); }
  // A tap is not a hover: the mouse events a touch sends do not show it.
  let touched = 0;
  el.moves.addEventListener('touchstart', () => { touched = Date.now(); hideWords(); }, { passive: true });
  el.moves.addEventListener('mouseover', e => {
    const b = e.target.closest('.mv');
    if (b !== wordsFor && Date.now() - touched > 1000) showWords(b);
  });
  el.moves.addEventListener('mouseleave', () => { if (!el.moves.contains(document.activeElement)) hideWords(); });
  el.moves.addEventListener('focusin', e => { if (Date.now() - touched > 1000) showWords(e.target.closest('.mv')); });
  el.moves.addEventListener('focusout', () => hideWords());
  el.moves.addEventListener('scroll', () => hideWords(), { passive: true });

  // ------------------------------------------------------------ every view

  function show(v) {
    view = v;
    if (early && !v.lesson) {
      // How to play shown before the game stays until ready opens the lesson.
      showNote(v);
      return;
    }
    const learning = !!v.lesson;
    root.classList.toggle('learning', learning);
    hide(el.help, !learning);
    if (learning) {
      showLesson(v);
    } else {
      shown = '';
      shownSection = -1;
    }
    showNote(v);
    showHint(v);
    if (learning) hideWords();
  }

  window.chimeraLearn = { show, gameLabel, open, close, ready };
})();
