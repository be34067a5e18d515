// door.js: the front door. A first visit (no game kept on this device, no
// game in the address) opens on what Chimera is: the three games, each with
// its line and its start position, and buttons to play it against the
// computer or a friend, or to learn it. The Menu's "The three games" opens
// it again. The door is the page's own HTML: it shows before main.wasm has
// arrived, and a button pressed before then waits for the board.
'use strict';
(function () {
  const $ = id => document.getElementById(id);
  const door = $('door');
  const page = $('page');
  const wait = $('door-wait');
  const root = document.documentElement;
  const api = () => window.chimeraApp;
  const boot = window.chimeraBoot || {};

  // The address names a game, a mode or a lesson: it is opened, not the door.
  const gameParams = ['variant', 'fen', 'moves', 'mode', 'ai', 'level', 'ply', 'id', 'lesson'];

  // kept reports whether this device keeps a game (app/games.go's keys:
  // the list, a game's data, an earlier version's one game). Storage that
  // cannot be read keeps nothing the page could show.
  function kept() {
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (k === 'chimera.game' || (k && k.startsWith('chimera.game.'))) return true;
        if (k === 'chimera.games') {
          const l = JSON.parse(localStorage.getItem(k) || '[]');
          if (Array.isArray(l) && l.length) return true;
        }
      }
    } catch (e) { /* blocked or damaged: the app says so */ }
    return false;
  }

  function firstVisit() {
    if ((boot.mode || 'play') !== 'play' || boot.foreign || window.parent !== window) return false;
    const q = new URLSearchParams(location.search);
    if (q.get('door') === '1') return true;
    for (const k of gameParams) if (q.has(k)) return false;
    return !kept();
  }

  let opener = null; // what had the focus when the door was opened from the Menu

  function open(from) {
    opener = from || null;
    door.hidden = false;
    root.classList.add('at-door');
    page.inert = true;
    $('door-close').hidden = !from;
    fill();
    const first = door.querySelector('button[data-go]');
    requestAnimationFrame(() => first && first.focus());
  }

  function close() {
    if (door.hidden) return;
    door.hidden = true;
    root.classList.remove('at-door');
    page.inert = false;
    hide(wait, true);
    if (opener) opener.focus();
    opener = null;
  }

  function hide(n, h) { if (n.hidden !== h) n.hidden = h; }

  // fill writes each game's line and start position from the game's own
  // data (package game: the view's, or before the game has loaded the
  // table web/sitebuild wrote into the board's picture, paint.js).
  let filled = false;
  function fill() {
    const v = window.chimeraUI && window.chimeraUI.view && window.chimeraUI.view();
    const paint = window.chimeraPaint;
    const games = v ? v.games : paint && Object.entries(paint.games).map(([id, g]) => ({ id, name: g.name, description: g.line, start: g.start }));
    if (filled || !games) return;
    filled = true;
    for (const li of door.querySelectorAll('.door-games > li')) {
      const g = games.find(x => x.id === li.dataset.variant);
      if (!g) continue;
      li.querySelector('.line').textContent = g.description;
      const pic = li.querySelector('.pic');
      if (window.chimeraLearn && !pic.firstChild) window.chimeraLearn.gameLabel(pic, g);
    }
  }

  // go runs the choice: a new game of the variant against the computer
  // (which plays Black, at the new-game dialog's default level) or of two
  // players, or How to play of it (over a new game of it). Before the board
  // is there, the choice waits for it.
  let pending = null;
  function go(variant, what) {
    if (!api() || !(window.chimeraUI && window.chimeraUI.view && window.chimeraUI.view())) {
      pending = [variant, what];
      if (what === 'learn' && window.chimeraLearn) {
        // How to play's words need no game: they show at once, and the new
        // game (then the lesson, at the section read) comes with the board.
        close();
        window.chimeraLearn.open(variant);
        return;
      }
      hide(wait, false);
      return;
    }
    close();
    const v = window.chimeraUI.view();
    const err = api().newGame({ variant, computer: what === 'friend' ? 'none' : 'black', level: v.level || 3 });
    if (err) { console.error('door:', err); return; }
    if (what === 'learn' && window.chimeraLearn) window.chimeraLearn.open(variant);
  }

  door.addEventListener('click', e => {
    const b = e.target.closest('button[data-go]');
    if (!b) return;
    go(b.closest('li').dataset.variant, b.dataset.go);
  });
  $('door-close').addEventListener('click', close);
  door.addEventListener('keydown', e => {
    if (e.key === 'Escape' && !$('door-close').hidden) { e.preventDefault(); close(); }
  });
  $('menu-door').addEventListener('click', () => {
    $('menu-dialog').close();
    open($('btn-menu'));
  });

  const ready = () => {
    fill();
    if (pending) { const [v, w] = pending; pending = null; go(v, w); }
  };
  if (boot.whenShown) boot.whenShown(() => setTimeout(ready, 0));

  // learnClosed: How to play, opened by "Learn it" before the board was
  // there, was closed: the game it asked for still starts, without it.
  function learnClosed() { if (pending && pending[1] === 'learn') pending[1] = 'computer'; }

  window.chimeraDoor = { open, close, firstVisit, waiting: () => !!pending, learnClosed };
  if (firstVisit()) open(null);
})();
