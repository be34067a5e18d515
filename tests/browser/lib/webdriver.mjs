// A small W3C WebDriver (classic, HTTP) client: just what the WebKit driver of
// the tests needs, over Node's own fetch. https://www.w3.org/TR/webdriver2/

export class WebDriverError extends Error {
  constructor(status, error, message) {
    super(`WebDriver ${error}: ${message}`);
    this.status = status;
    this.error = error;
  }
}

// request sends one command and returns its value, or throws WebDriverError.
export async function request(base, method, path, body, { timeout = 300000 } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeout),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new WebDriverError(res.status, 'invalid response', `${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
  const v = json.value;
  if (!res.ok || (v && typeof v === 'object' && typeof v.error === 'string')) {
    throw new WebDriverError(res.status, v?.error ?? `HTTP ${res.status}`, `${method} ${path}: ${v?.message ?? text.slice(0, 200)}`);
  }
  return v;
}

// Session is one WebDriver session.
export class WebDriverSession {
  constructor(base, id, capabilities) {
    this.base = base;
    this.id = id;
    this.capabilities = capabilities;
  }

  static async create(base, capabilities) {
    const v = await request(base, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } });
    return new WebDriverSession(base, v.sessionId, v.capabilities);
  }

  cmd(method, path, body) {
    return request(this.base, method, `/session/${this.id}${path}`, body);
  }

  delete() { return this.cmd('DELETE', ''); }
  setTimeouts(t) { return this.cmd('POST', '/timeouts', t); }
  navigate(url) { return this.cmd('POST', '/url', { url }); }
  refresh() { return this.cmd('POST', '/refresh', {}); }
  url() { return this.cmd('GET', '/url'); }
  windowRect(rect) { return rect ? this.cmd('POST', '/window/rect', rect) : this.cmd('GET', '/window/rect'); }
  screenshot() { return this.cmd('GET', '/screenshot').then(b64 => Buffer.from(b64, 'base64')); }

  // executeAsync runs a function body in the page; its last argument is the
  // callback that finishes it (W3C "Execute Async Script").
  executeAsync(script, args = []) { return this.cmd('POST', '/execute/async', { script, args }); }
  execute(script, args = []) { return this.cmd('POST', '/execute/sync', { script, args }); }

  // performActions runs input sources' action lists tick by tick, then (unless
  // release is false) releases every pressed key and button.
  async performActions(actions, { release = true } = {}) {
    try {
      await this.cmd('POST', '/actions', { actions });
    } finally {
      if (release) await this.releaseActions().catch(() => {});
    }
  }
  releaseActions() { return this.cmd('DELETE', '/actions'); }
}
