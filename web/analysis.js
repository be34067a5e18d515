// analysis.js: the analysis board's HTML (the board is the canvas; what the
// engine says, the tree, the review and every word said are Go's, package
// app's AnalysisController, bound by cmd/wasm as chimeraApp.an*). It draws
// view.analysis: the engine's lines, the evaluation bar (a meter named
// "Evaluation"), the moves with their variations, the move's glyph and
// comment, the review's progress, summary and graph, and learning from
// mistakes; it turns clicks and keys into calls. The page's root has the
// class "analysing" while the analysis board is open.
'use strict';
(function () {
  const $ = id => document.getElementById(id);
  const root = document.documentElement;
  const api = () => window.chimeraApp;
  const el = {
    section: $('analysis'), close: $('an-close'), run: $('an-run'), lines: $('an-lines'), threat: $('an-threat'),
    flip: $('an-flip'), stats: $('an-stats'), best: $('an-best'), moves: $('an-moves'), glyphs: document.querySelector('.an-glyphs'),
    promote: $('an-promote'), del: $('an-delete'), comment: $('an-comment'), copy: $('an-copy'), review: $('an-review'),
    reviewing: $('an-reviewing'), progress: $('an-progress'), progressLabel: $('an-progress-label'), cancel: $('an-cancel'),
    summary: $('an-summary'), players: document.querySelector('#an-players tbody'), graph: $('an-graph'), marked: $('an-marked'),
    learn: $('an-learn'), learning: $('an-learning'), learnSaid: $('an-learn-said'), learnCount: $('an-learn-count'),
    learnShow: $('an-learn-show'), learnNext: $('an-learn-next'), learnStop: $('an-learn-stop'),
    bar: $('eval-bar'), barWhite: $('eval-white'),
  };
  const GLYPHS = [['!', 'Good move'], ['?', 'Mistake'], ['!!', 'Brilliant move'], ['??', 'Blunder'], ['!?', 'Interesting move'], ['?!', 'Dubious move']];
  let view = null;
  let movesKey = '', bestKey = '', graphKey = '', markedKey = '';

  for (const [g, name] of GLYPHS) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = g;
    b.dataset.glyph = g;
    b.setAttribute('aria-label', name + ' (' + g + ')');
    b.setAttribute('aria-pressed', 'false');
    b.addEventListener('click', () => call('anGlyph', g));
    el.glyphs.appendChild(b);
  }

  function text(node, s) { if (node.textContent !== s) node.textContent = s; }
  function hide(node, h) { if (node.hidden !== h) node.hidden = h; }
  function toast(s) { if (window.chimeraUI && window.chimeraUI.toast) window.chimeraUI.toast(s); }
  function call(name, ...args) {
    const a = api();
    if (!a || !a[name]) return;
    const err = a[name](...args);
    if (typeof err === 'string' && err) toast(err);
  }

  // show draws the view's analysis (ui.js calls it with every view).
  function show(v) {
    const a = v.analysis || null;
    view = a;
    root.classList.toggle('analysing', !!a);
    hide(el.section, !a);
    hide(el.bar, !a);
    if (!a) {
      movesKey = bestKey = graphKey = markedKey = '';
      return;
    }
    text(el.run, a.paused ? 'Engine off' : 'Engine on');
    el.run.setAttribute('aria-pressed', String(!a.paused));
    el.run.disabled = !a.engine;
    if (document.activeElement !== el.lines) el.lines.value = String(a.lines);
    el.best.style.setProperty('--lines', String(a.threat ? 1 : a.lines));
    el.threat.setAttribute('aria-pressed', String(a.threat));
    el.threat.disabled = !a.canThreat && !a.threat;
    let stats = '';
    if (!a.engine) stats = 'This browser cannot run the engine.';
    else if (a.depth) stats = `Depth ${a.depth} · ${kilo(a.nps)} nodes/s · ${a.time}` + (a.running ? '' : ' · stopped');
    else if (a.running) stats = 'Thinking…';
    text(el.stats, stats);
    showBest(a);
    showBar(a);
    showMoves(a);
    for (const b of el.glyphs.children) b.setAttribute('aria-pressed', String(a.glyph === b.dataset.glyph));
    for (const b of el.glyphs.children) b.disabled = a.path === '';
    el.promote.disabled = !a.canPromote;
    el.del.disabled = !a.canDelete;
    el.comment.disabled = a.path === '';
    if (document.activeElement !== el.comment) el.comment.value = a.comment || '';
    showReview(a);
    showLearn(a);
  }

  function kilo(n) {
    if (n >= 1e6) return (n / 1e6).toFixed(1) + ' M';
    if (n >= 1e3) return Math.round(n / 1e3) + ' k';
    return String(n);
  }

  // showBest draws the lines, reusing their elements (they change several
  // times a second: a button replaced under a press would lose its click).
  function showBest(a) {
    const key = JSON.stringify([a.best, a.threat]);
    if (key === bestKey) return;
    bestKey = key;
    const lines = a.best || [];
    while (el.best.children.length > lines.length) el.best.lastChild.remove();
    lines.forEach((l, k) => {
      let li = el.best.children[k];
      if (!li) {
        li = document.createElement('li');
        const sc = document.createElement('span');
        sc.className = 'score';
        li.appendChild(sc);
        el.best.appendChild(li);
      }
      text(li.firstChild, a.threat ? 'Threat ' + l.score : l.score);
      const items = [...li.children].slice(1);
      while (items.length > l.moves.length) items.pop().remove();
      l.moves.forEach((m, i) => {
        let b = items[i];
        const tag = a.threat ? 'SPAN' : 'BUTTON';
        if (b && b.tagName !== tag) {
          b.remove();
          b = null;
          for (const x of [...li.children].slice(1 + i)) x.remove();
          items.length = i;
        }
        if (!b) {
          b = document.createElement(tag.toLowerCase());
          if (tag === 'BUTTON') {
            b.type = 'button';
            b.className = 'mv';
            b.addEventListener('click', () => call('anPlayLine', Number(b.dataset.k), Number(b.dataset.i)));
          }
          li.appendChild(b);
          items.push(b);
        }
        b.dataset.k = String(k);
        b.dataset.i = String(i);
        text(b, m.text);
        if (tag === 'BUTTON') {
          const label = `Play line ${k + 1} to ${m.text}`;
          if (b.getAttribute('aria-label') !== label) b.setAttribute('aria-label', label);
        }
      });
    });
  }

  function showBar(a) {
    const pct = a.barKnown ? Math.max(0, Math.min(100, a.bar)) : 50;
    el.barWhite.style.setProperty('--white', pct + '%');
    el.bar.setAttribute('aria-valuenow', String(Math.round(pct)));
    el.bar.setAttribute('aria-valuetext', a.barKnown ? a.barText : 'not known yet');
    el.bar.title = a.barKnown ? a.barText : '';
  }

  // showMoves draws the tree: the main line, and each variation in
  // parentheses after the move it replaces, nested (app's Items order).
  function showMoves(a) {
    const key = JSON.stringify(a.items) + a.path;
    if (key === movesKey) return;
    movesKey = key;
    const frag = document.createDocumentFragment();
    const stack = [frag];
    for (const it of a.items || []) {
      if (it.open) {
        const span = document.createElement('span');
        span.className = 'var';
        span.setAttribute('role', 'group');
        span.setAttribute('aria-label', 'Variation');
        stack[stack.length - 1].appendChild(span);
        stack.push(span);
      }
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'mv' + (it.current ? ' current' : '') + (it.mark ? ' ' + it.mark : '');
      b.setAttribute('role', 'listitem');
      b.textContent = it.text;
      if (it.current) b.setAttribute('aria-current', 'true');
      b.addEventListener('click', () => call('anGoTo', it.path));
      stack[stack.length - 1].appendChild(b);
      if (it.comment) {
        const c = document.createElement('span');
        c.className = 'comment';
        c.textContent = it.comment;
        stack[stack.length - 1].appendChild(c);
      }
      for (let i = 0; i < (it.close || 0) && stack.length > 1; i++) stack.pop();
    }
    el.moves.replaceChildren(frag);
    // the move shown kept in view inside the list only (scrollIntoView would
    // scroll the panel too, under the player's pointer)
    const cur = el.moves.querySelector('.current');
    if (cur) {
      const box = el.moves.getBoundingClientRect();
      const r = cur.getBoundingClientRect();
      if (r.top < box.top) el.moves.scrollTop -= box.top - r.top;
      else if (r.bottom > box.bottom) el.moves.scrollTop += r.bottom - box.bottom;
    }
  }

  function showReview(a) {
    const r = a.review;
    hide(el.reviewing, !(r && r.running));
    el.review.disabled = !!(r && (r.running || r.finished));
    if (r && r.running) {
      const pct = r.total ? Math.round(100 * r.done / r.total) : 0;
      el.progress.value = pct;
      text(el.progressLabel, `Reviewing: ${r.done} of ${r.total} positions` + (r.workers > 1 ? ` (${r.workers} workers)` : ''));
    }
    hide(el.summary, !(r && r.finished));
    if (!r || !r.finished) {
      graphKey = markedKey = '';
      return;
    }
    const pk = JSON.stringify(r.players);
    if (el.players.dataset.key !== pk) {
      el.players.dataset.key = pk;
      el.players.replaceChildren();
      for (const p of r.players) {
        const tr = document.createElement('tr');
        const th = document.createElement('th');
        th.scope = 'row';
        th.textContent = p.side;
        tr.appendChild(th);
        for (const n of [p.accuracy < 0 ? '–' : p.accuracy + '%', p.inaccuracies, p.mistakes, p.blunders]) {
          const td = document.createElement('td');
          td.textContent = String(n);
          tr.appendChild(td);
        }
        el.players.appendChild(tr);
      }
    }
    showGraph(r, a.path);
    const mk = JSON.stringify(r.marked);
    if (mk !== markedKey) {
      markedKey = mk;
      el.marked.replaceChildren();
      for (const m of r.marked || []) {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'mv ' + m.mark;
        b.textContent = `${m.text} ${m.glyph}`;
        b.setAttribute('aria-label', `${m.text}, ${m.mark}: better was ${m.better}`);
        b.addEventListener('click', () => call('anGoTo', m.path));
        li.append(b, ` ${m.mark}; better was ${m.better}`);
        el.marked.appendChild(li);
      }
    }
  }

  // showGraph draws White's winning chances at every ply: a filled area
  // above White's share, a point a ply (a link to it).
  function showGraph(r, path) {
    const key = JSON.stringify(r.graph) + path;
    if (key === graphKey) return;
    graphKey = key;
    const ns = 'http://www.w3.org/2000/svg';
    const g = el.graph;
    g.replaceChildren();
    const n = Math.max(1, r.graph.length - 1);
    const x = i => (400 * i) / n;
    const y = w => 100 - w;
    const mid = document.createElementNS(ns, 'line');
    mid.setAttribute('x1', '0'); mid.setAttribute('x2', '400'); mid.setAttribute('y1', '50'); mid.setAttribute('y2', '50');
    mid.setAttribute('class', 'mid');
    g.appendChild(mid);
    const area = document.createElementNS(ns, 'path');
    area.setAttribute('class', 'area');
    area.setAttribute('d', 'M0,100 ' + r.graph.map((p, i) => `L${x(i).toFixed(1)},${y(p.white).toFixed(1)}`).join(' ') + ` L400,100 Z`);
    g.appendChild(area);
    r.graph.forEach((p, i) => {
      const a = document.createElementNS(ns, 'a');
      a.setAttribute('href', '#');
      a.setAttribute('role', 'button');
      a.setAttribute('aria-label', p.text);
      a.setAttribute('data-ply', String(p.ply));
      a.addEventListener('click', e => { e.preventDefault(); call('anGoTo', p.path); });
      const c = document.createElementNS(ns, 'circle');
      c.setAttribute('cx', x(i).toFixed(1));
      c.setAttribute('cy', y(p.white).toFixed(1));
      c.setAttribute('r', p.path === path ? '4' : (p.mark ? '3' : '2'));
      c.setAttribute('class', 'pt' + (p.mark ? ' ' + p.mark : '') + (p.path === path ? ' current' : ''));
      const t = document.createElementNS(ns, 'title');
      t.textContent = p.text;
      c.appendChild(t);
      a.appendChild(c);
      g.appendChild(a);
    });
  }

  function showLearn(a) {
    const l = a.learn;
    hide(el.learning, !l);
    el.learn.disabled = !!l;
    if (!l) return;
    text(el.learnSaid, l.said);
    text(el.learnCount, l.count ? `Mistake ${l.index} of ${l.count} · solved ${l.solved}` : '');
    el.learnShow.disabled = l.state !== 'find';
    el.learnNext.disabled = l.state === 'done' || l.state === 'checking';
  }

  el.close.addEventListener('click', () => call('closeAnalysis'));
  el.run.addEventListener('click', () => call('anRunning', !!(view && view.paused)));
  el.lines.addEventListener('change', () => call('anLines', Number(el.lines.value)));
  el.threat.addEventListener('click', () => call('anThreat', !(view && view.threat)));
  el.flip.addEventListener('click', () => call('anFlip'));
  el.promote.addEventListener('click', () => call('anPromote'));
  el.del.addEventListener('click', () => call('anDelete'));
  el.comment.addEventListener('change', () => call('anComment', el.comment.value));
  el.review.addEventListener('click', () => call('anReview'));
  el.cancel.addEventListener('click', () => call('anCancelReview'));
  el.learn.addEventListener('click', () => call('anLearn', ''));
  el.learnShow.addEventListener('click', () => call('anLearnShow'));
  el.learnNext.addEventListener('click', () => call('anLearnNext'));
  el.learnStop.addEventListener('click', () => call('anLearnStop'));
  $('an-first').addEventListener('click', () => call('anStep', -2));
  $('an-prev').addEventListener('click', () => call('anStep', -1));
  $('an-next').addEventListener('click', () => call('anStep', 1));
  $('an-last').addEventListener('click', () => call('anStep', 2));
  el.copy.addEventListener('click', async () => {
    const rec = api() && api().anRecord();
    if (!rec) return;
    let ok = false;
    try { await navigator.clipboard.writeText(rec); ok = true; } catch (e) { ok = false; }
    toast(ok ? 'Record copied' : 'Could not copy the record');
  });

  // Opening: the page's Analyse buttons, the Menu's, and Review game.
  function open(review) {
    const m = $('menu-dialog');
    if (m && m.open) m.close();
    call('openAnalysis');
    if (review) call('anReview');
  }
  $('btn-analyse').addEventListener('click', () => open(false));
  $('btn-analyse-menu').addEventListener('click', () => open(false));
  $('btn-review-menu').addEventListener('click', () => open(true));
  $('btn-review-end').addEventListener('click', () => open(true));

  // Keys: arrows step through the moves, Home and End go to the ends;
  // the game's own keys do not reach the game behind the analysis.
  document.addEventListener('keydown', e => {
    if (!view || e.target.closest('input, select, textarea, dialog')) return;
    const steps = { ArrowLeft: -1, ArrowRight: 1, Home: -2, End: 2 };
    if (e.key in steps) {
      e.preventDefault();
      e.stopPropagation();
      call('anStep', steps[e.key]);
    }
  }, true);

  window.chimeraAnalysis = { show };
})();
