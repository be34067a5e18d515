// gate.mjs: a loopback proxy in front of the site that holds back chosen
// files until released: the page as a visitor sees it before main.wasm has
// arrived, in any engine (no engine's own request interception needed).
import http from 'node:http';

// startGate serves target (the site's URL, cmd/serve) at its own loopback
// URL; requests whose path matches hold (a RegExp) wait for release().
export async function startGate(target, hold = /\/main\.[0-9a-f]{16}\.wasm$/) {
  let release;
  const open = new Promise(r => { release = r; });
  const held = [];
  const t = new URL(target);
  const server = http.createServer(async (req, res) => {
    if (hold.test(req.url.split('?')[0])) {
      held.push(req.url);
      await open;
    }
    const up = http.request({ host: t.hostname, port: t.port, method: req.method, path: req.url, headers: { ...req.headers, host: t.host } }, r => {
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    up.on('error', e => { res.destroy(e); });
    req.pipe(up);
  });
  await new Promise(r => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    held, // the paths that were held back so far
    release,
    stop: () => { release(); server.closeAllConnections?.(); return new Promise(r => server.close(r)); },
  };
}
