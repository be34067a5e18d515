// The harness's Session API on plain HTML, in each engine: elements found by
// role and accessible name (lib/roles.mjs), clicked with the real pointer, text
// typed with the keyboard, a <select> chosen, elements that are hidden left out.
// What the page's HTML controls' tests will stand on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuites } from './lib/harness.mjs';

// The fixture: written into about:blank by the test.
const FIXTURE = `
  <header><h1>Chimera</h1><nav aria-label="Main"><a href="#rules">Rules</a></nav></header>
  <main>
    <button id="new" type="button">New game</button>
    <button id="undo" type="button" aria-label="Undo the last move">↶</button>
    <button type="button" hidden>Hidden button</button>
    <div style="display: none"><button type="button">Not shown</button></div>
    <label>Level <select id="level"><option value="1">One</option><option value="8">Eight</option></select></label>
    <label for="name">Your name</label> <input id="name" type="text">
    <label><input id="sound" type="checkbox"> Sound</label>
    <ul aria-label="Moves"><li>e2-e4</li><li>e7-e5</li></ul>
    <dialog id="dlg" open aria-labelledby="dlg-title"><h2 id="dlg-title">Promote to</h2>
      <button type="button" data-v="q">Queen</button><button type="button" data-v="n">Knight</button></dialog>
  </main>`;

browserSuites({ width: 1000, height: 700 }, suite => {
  test('getByRole, click, type and selectOption on HTML', { skip: suite.skip, timeout: 120000 }, async () => {
    const { s } = suite.fresh();
    await s.goto('about:blank');
    await s.evaluate(html => {
      document.documentElement.innerHTML = '<head><title>fixture</title></head><body>' + html + '</body>';
      window.clicks = [];
      for (const b of document.querySelectorAll('button')) b.addEventListener('click', () => window.clicks.push(b.dataset.v || b.id || b.textContent));
      document.getElementById('level').addEventListener('change', e => window.clicks.push('level=' + e.target.value));
    }, FIXTURE);

    const names = async role => (await s.getByRole(role).all()).map(e => e.name);
    assert.deepEqual(await names('button'), ['New game', 'Undo the last move', 'Queen', 'Knight'], 'buttons (hidden ones left out)');
    assert.deepEqual(await names('heading'), ['Chimera', 'Promote to']);
    assert.deepEqual(await names('link'), ['Rules']);
    assert.deepEqual(await names('navigation'), ['Main']);
    assert.deepEqual(await names('banner'), ['']);
    assert.deepEqual(await names('combobox'), ['Level']);
    assert.deepEqual(await names('textbox'), ['Your name']);
    assert.deepEqual(await names('checkbox'), ['Sound']);
    assert.deepEqual(await names('list'), ['Moves']);
    assert.deepEqual(await names('listitem'), ['e2-e4', 'e7-e5']);
    assert.deepEqual(await names('dialog'), ['Promote to']);
    assert.equal(await s.getByRole('button', { name: 'new' }).count(), 1, 'a name matches as a case-insensitive substring');
    assert.equal(await s.getByRole('button', { name: 'new', exact: true }).count(), 0, 'exact: the whole name, case and all');
    assert.equal(await s.getByRole('button', { name: /^(Queen|Knight)$/ }).count(), 2, 'a RegExp name');

    await s.getByRole('button', { name: 'New game' }).click();
    await s.getByRole('button', { name: 'Undo' }).click();
    await s.getByRole('button', { name: 'Knight', exact: true }).click();
    await s.getByRole('checkbox', { name: 'Sound' }).click();
    await s.getByRole('textbox', { name: 'Your name' }).click();
    await s.type('Ada');
    await s.getByRole('combobox', { name: 'Level' }).selectOption('Eight');
    const got = await s.evaluate(() => ({
      clicks: window.clicks, sound: document.getElementById('sound').checked, name: document.getElementById('name').value,
    }));
    assert.deepEqual(got, { clicks: ['new', 'undo', 'n', 'level=8'], sound: true, name: 'Ada' });

    await s.evaluate(() => document.getElementById('dlg').close());
    await s.getByRole('dialog').waitFor({ state: 'hidden', timeout: 5000 });
    await assert.rejects(s.getByRole('button', { name: 'Queen', timeout: 500 }).click(), /timed out .* exactly one element with role=button name=Queen/);
    await s.assertClean();
  });
});
