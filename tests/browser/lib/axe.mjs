// axe runs axe-core in the page (Chromium: s.page) and fails on any serious
// or critical violation; it returns every violation found. axe-core is
// evaluated, not added as a <script>: the site's Content-Security-Policy
// refuses inline scripts (the test's own evaluation is not subject to it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let source;

export async function axe(s, what) {
  source ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await s.page.evaluate(source);
  const r = await s.page.evaluate(async () => {
    const res = await window.axe.run(document, { resultTypes: ['violations'] });
    return res.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) }));
  });
  const bad = r.filter(v => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad, [], `${what}: accessibility violations:\n${JSON.stringify(bad, null, 1)}`);
  return r;
}
