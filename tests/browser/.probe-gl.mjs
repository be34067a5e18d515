import { launch, startServer } from './lib/harness.mjs';
const server = await startServer();
for (const engine of ['chromium', 'firefox', 'webkit']) {
  const s = await launch({ engine });
  try {
    await s.goto(server.url + '/?variant=bedlam&ai=none');
    const r = await s.evaluate(() => {
      const out = {};
      for (const fail of [false, true]) {
        const c = document.createElement('canvas');
        const gl = c.getContext('webgl2', { failIfMajorPerformanceCaveat: fail });
        if (!gl) { out[fail ? 'caveat' : 'plain'] = null; continue; }
        const ext = gl.getExtension('WEBGL_debug_renderer_info');
        out[fail ? 'caveat' : 'plain'] = { renderer: gl.getParameter(gl.RENDERER), unmasked: ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : null, vendor: ext ? gl.getParameter(ext.UNMASKED_VENDOR_WEBGL) : null };
        const l = gl.getExtension('WEBGL_lose_context'); if (l) l.loseContext();
      }
      const t0 = performance.now(); const c = document.createElement('canvas'); const gl = c.getContext('webgl2'); const ext = gl.getExtension('WEBGL_debug_renderer_info'); gl.getParameter(ext.UNMASKED_RENDERER_WEBGL); out.ms = performance.now() - t0;
      return JSON.stringify(out);
    });
    console.log(engine, r);
  } finally { await s.close(); }
}
await server.close?.();
process.exit(0);
