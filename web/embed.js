// embed.js: builds the iframe snippet of web/embed.html from its form, with
// a live preview, and the message API's example.
'use strict';
(function () {
  const form = document.getElementById('f');
  const frame = document.getElementById('board');
  const snippet = document.getElementById('snippet');
  const games = [
    ['bedlam', 'Bedlam'], ['assimilation', 'Assimilation Chess'], ['bifold-halfgi', 'Bifold Halfgi'],
    ['bifold-halfgi-pawns', 'Bifold Halfgi · bifold pawns'], ['bifold-halfgi-weak', 'Bifold Halfgi · weak pawns'],
  ];
  for (const [id, name] of games) form.elements.variant.add(new Option(name, id));
  document.getElementById('ids').innerHTML = games.map(([id]) => '<code>' + id + '</code>').join(', ');
  const base = new URL('index.html', location.href).href;

  // The board's address: only what differs from the defaults, with the
  // characters of move lists and positions left readable.
  // The preview leaves out the origin (it is shown in this page, not the
  // author's: the board would post its messages where they cannot arrive).
  function src(withOrigin) {
    const f = form.elements;
    const p = [];
    const add = (k, v) => p.push(k + '=' + encodeURIComponent(v).replace(/%2C/g, ',').replace(/%40/g, '@').replace(/%2F/g, '/').replace(/%3A/g, ':'));
    add('mode', f.mode.value);
    add('variant', f.variant.value);
    if (f.fen.value.trim()) add('fen', f.fen.value.trim());
    if (f.moves.value.trim()) add('moves', f.moves.value.replace(/\s+/g, ''));
    if (f.mode.value === 'embed') {
      add('ai', f.ai.value);
      if (f.ai.value !== 'none') add('level', f.level.value);
      if (!f.interactive.checked) add('interactive', '0');
      if (f.save.checked) add('save', '1');
    }
    if (f.orient.value) add('orient', f.orient.value);
    if (f.ply.value !== '') add('ply', f.ply.value);
    const o = origin();
    if (o && withOrigin) add('origin', o);
    return base + '?' + p.join('&');
  }
  // origin is the host page's origin the form names ("" for none, or when
  // what is typed is not an origin: said beside the field).
  function origin() {
    const t = form.elements.origin.value.trim();
    let why = '';
    let o = '';
    if (t) {
      try {
        const u = new URL(t);
        if (u.protocol !== 'https:' && u.protocol !== 'http:') why = 'An origin begins with https:// (or http://)';
        else if (u.pathname !== '/' || u.search || u.hash) why = 'Only the origin, without a path: ' + u.origin;
        else o = u.origin;
      } catch (e) { why = 'Not an origin: write it as https://your.site'; }
    }
    document.getElementById('origin-error').textContent = why;
    return o;
  }
  let previewTimer = 0;
  const esc = s => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  function show() {
    const f = form.elements;
    const w = Math.max(240, +f.width.value || 480), h = Math.max(240, +f.height.value || 560);
    const s = src(true), preview = src(false);
    // The preview follows a moment after the last change: one load, not one
    // per keystroke (a load cut short by the next is wasted, and says so).
    clearTimeout(previewTimer);
    previewTimer = setTimeout(() => { if (frame.getAttribute('src') !== preview) frame.setAttribute('src', preview); }, 300);
    frame.style.width = w + 'px';
    frame.style.height = h + 'px';
    const ai = f.mode.value === 'embed';
    for (const n of ['ai', 'level', 'interactive', 'save']) f[n].disabled = !ai;
    snippet.textContent =
      '<iframe src="' + esc(s) + '"\n' +
      '        title="' + (f.mode.value === 'diagram' ? 'Chess variant diagram' : 'Chess variant board') + '"\n' +
      '        width="' + w + '" height="' + h + '" style="border: 0; max-width: 100%;"\n' +
      '        loading="lazy"></iframe>';
  }
  form.addEventListener('input', show);
  form.addEventListener('change', show);
  form.addEventListener('submit', e => { e.preventDefault(); show(); });
  show();

  document.getElementById('copy').addEventListener('click', async () => {
    const out = document.getElementById('copied');
    try {
      await navigator.clipboard.writeText(snippet.textContent);
      out.textContent = 'Copied.';
    } catch (e) {
      const r = document.createRange();
      r.selectNodeContents(snippet);
      const sel = getSelection();
      sel.removeAllRanges();
      sel.addRange(r);
      out.textContent = document.execCommand('copy') ? 'Copied.' : 'Select the snippet and copy it.';
    }
  });

  document.getElementById('example').textContent = [
    "const board = document.getElementById('board');",
    "const BOARD = new URL(board.src).origin;",
    "window.addEventListener('message', e => {",
    "  if (e.origin !== BOARD) return;            // only the board's messages",
    "  const m = e.data;",
    "  if (m.type === 'chimera:ready') {",
    "    board.contentWindow.postMessage({ type: 'chimera:load', variant: 'bedlam', moves: ['e2e4', 'e7e5'] }, BOARD);",
    "  } else if (m.type === 'chimera:move') {",
    "    console.log('move', m.ply, m.notation, m.position);",
    "  } else if (m.type === 'chimera:gameover') {",
    "    console.log('game over', m.result, m.reason);",
    "  } else if (m.type === 'chimera:error') {",
    "    console.warn('the board says', m.message);",
    "  }",
    "});",
    "// Later, e.g. from a button of yours:",
    "board.contentWindow.postMessage({ type: 'chimera:move', move: 'g1f3' }, BOARD);",
    "board.contentWindow.postMessage({ type: 'chimera:goto', ply: 0 }, BOARD);",
  ].join('\n');
})();
