// puzzle.js: the puzzles' HTML (the board is the canvas; the puzzles, the
// judging of moves and every word said are Go's, package app's
// PuzzleController, bound by cmd/wasm as chimeraApp.puzzle*). It draws
// view.puzzle and turns clicks and the move box into calls. The page's
// root has the class "puzzling" while puzzles are open.
'use strict';
(function () {
  const $ = id => document.getElementById(id);
  const root = document.documentElement;
  const api = () => window.chimeraApp;
  const el = {
    section: $('puzzles'), title: $('pz-title'), game: $('pz-game'), theme: $('pz-theme'), prompt: $('pz-prompt'),
    said: $('pz-said'), rating: $('pz-rating'), form: $('pz-move-form'), move: $('pz-move'),
    hint: $('pz-hint'), solution: $('pz-solution'), next: $('pz-next'),
  };
  let view = null; // the open puzzle's view, null when closed
  let gamesKey = '', themesKey = '';
  const toast = t => window.chimeraUI && window.chimeraUI.toast ? window.chimeraUI.toast(t) : undefined;

  function text(node, s) { if (node.textContent !== s) node.textContent = s; }

  function options(select, items, value) {
    select.replaceChildren(...items.map(([v, label]) => {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = label;
      return o;
    }));
    select.value = value;
  }

  // show draws the view's puzzle (ui.js calls it with every view).
  function show(v) {
    const z = v.puzzle || null;
    const was = !!view;
    view = z;
    root.classList.toggle('puzzling', !!z);
    el.section.hidden = !z;
    if (!z) return;
    const gk = JSON.stringify(z.games) + z.variant;
    if (gk !== gamesKey) {
      gamesKey = gk;
      options(el.game, z.games.map(g => [g.id, g.name]), z.variant);
    }
    const tk = JSON.stringify(z.themes) + '|' + z.theme;
    if (tk !== themesKey) {
      themesKey = tk;
      options(el.theme, [['', 'All themes']].concat(z.themes.map(t => [t.name, t.title + ' (' + t.count + ')'])), z.theme);
    }
    text(el.prompt, z.prompt);
    text(el.said, z.said);
    el.said.classList.toggle('wrong', !!z.wrong);
    el.said.classList.toggle('solved', !!z.solved);
    let r = 'Your puzzle rating: ' + z.rating;
    if (z.rated && z.change) r += ' (' + (z.change > 0 ? '+' : '−') + Math.abs(z.change) + ')';
    r += ' · streak ' + z.streak;
    if (z.puzzle) r += ' · this puzzle: ' + z.puzzle;
    text(el.rating, r);
    const solving = z.mode === 'solve';
    el.hint.disabled = !solving;
    el.solution.disabled = z.mode === 'solved';
    el.move.disabled = !solving;
    if (!was) el.title.focus();
  }

  el.form.addEventListener('submit', e => {
    e.preventDefault();
    const err = api().puzzlePlay(el.move.value);
    if (err) toast(err); else el.move.value = '';
  });
  el.hint.addEventListener('click', () => api().puzzleHint());
  el.solution.addEventListener('click', () => api().puzzleSolution());
  el.next.addEventListener('click', () => {
    const err = api().puzzleNext();
    if (err) toast(err);
  });
  $('pz-close').addEventListener('click', () => api().closePuzzles());
  el.game.addEventListener('change', () => {
    const err = api().puzzleFilter(el.game.value, '');
    if (err) toast(err);
  });
  el.theme.addEventListener('change', () => {
    const err = api().puzzleFilter(el.game.value, el.theme.value);
    if (err) toast(err);
  });
  $('btn-puzzles').addEventListener('click', () => {
    $('menu-dialog').close();
    const err = api() && api().openPuzzles('', '', '');
    if (err) toast(err);
  });
  // The game's keys (its moves) do not reach the game behind the puzzles.
  document.addEventListener('keydown', e => {
    if (!view || e.target.closest('input, select, textarea, dialog')) return;
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) e.stopPropagation();
  }, true);

  window.chimeraPuzzle = { show };
})();
