package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// makeSite writes a small site into a temporary directory.
func makeSite(t *testing.T, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func gz(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

// gzLevel is gz at a compression level.
func gzLevel(t *testing.T, data []byte, level int) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := gzip.NewWriterLevel(&b, level)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	w.Close()
	return b.Bytes()
}

func gunzip(t *testing.T, data []byte) []byte {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// handler is NewHandler for a test.
func handler(t *testing.T, dir string) *Handler {
	t.Helper()
	h, err := NewHandler(dir)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

type result struct {
	code int
	hdr  http.Header
	body []byte
}

func do(t *testing.T, h http.Handler, method, target string, hdr map[string]string) result {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return result{rec.Code, rec.Result().Header, rec.Body.Bytes()}
}

var wasmBytes = append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("chimera "), 4000)...)

func TestContentTypes(t *testing.T) {
	dir := makeSite(t, map[string][]byte{
		"index.html":           []byte("<!doctype html><title>x</title>"),
		"main.wasm":            wasmBytes,
		"wasm_exec.js":         []byte("// js"),
		"manifest.webmanifest": []byte("{}"),
		"icon-192.png":         []byte("\x89PNG\r\n\x1a\n"),
		"blob.bin":             []byte{1, 2, 3},
	})
	h := handler(t, dir)
	for _, c := range []struct{ path, want string }{
		{"/", "text/html; charset=utf-8"},
		{"/index.html", "text/html; charset=utf-8"},
		{"/main.wasm", "application/wasm"},
		{"/wasm_exec.js", "text/javascript; charset=utf-8"},
		{"/manifest.webmanifest", "application/manifest+json"},
		{"/icon-192.png", "image/png"},
		{"/blob.bin", "application/octet-stream"},
	} {
		r := do(t, h, "GET", c.path, nil)
		if r.code != 200 {
			t.Errorf("%s: status %d", c.path, r.code)
		}
		if got := r.hdr.Get("Content-Type"); got != c.want {
			t.Errorf("%s: Content-Type %q, want %q", c.path, got, c.want)
		}
		if r.hdr.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", c.path)
		}
	}
}

func TestIndexWithQuery(t *testing.T) {
	dir := makeSite(t, map[string][]byte{"index.html": []byte("hello")})
	r := do(t, handler(t, dir), "GET", "/?variant=bedlam&fen=rnbqkbnr%2F8&ai=none", nil)
	if r.code != 200 || string(r.body) != "hello" {
		t.Fatalf("got %d %q", r.code, r.body)
	}
}

func TestOnTheFlyGzip(t *testing.T) {
	dir := makeSite(t, map[string][]byte{"main.wasm": wasmBytes})
	h := handler(t, dir)
	r := do(t, h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "gzip, deflate, br"})
	if r.hdr.Get("Content-Encoding") != "gzip" {
		t.Fatalf("not gzip-encoded: %v", r.hdr)
	}
	if r.hdr.Get("Content-Type") != "application/wasm" {
		t.Errorf("Content-Type %q", r.hdr.Get("Content-Type"))
	}
	if !strings.Contains(r.hdr.Get("Vary"), "Accept-Encoding") {
		t.Errorf("no Vary: Accept-Encoding")
	}
	if got := gunzip(t, r.body); !bytes.Equal(got, wasmBytes) {
		t.Errorf("decoded body differs")
	}
	if len(r.body) >= len(wasmBytes) {
		t.Errorf("not smaller: %d >= %d", len(r.body), len(wasmBytes))
	}
	if r.hdr.Get("Content-Length") != itoa(len(r.body)) {
		t.Errorf("Content-Length %q, body %d", r.hdr.Get("Content-Length"), len(r.body))
	}
	// Second request comes from the cache and is identical.
	r2 := do(t, h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "gzip"})
	if !bytes.Equal(r.body, r2.body) || r.hdr.Get("ETag") != r2.hdr.Get("ETag") {
		t.Errorf("second response differs")
	}
	// Identity has a different ETag.
	plain := do(t, h, "GET", "/main.wasm", nil)
	if plain.hdr.Get("Content-Encoding") != "" || !bytes.Equal(plain.body, wasmBytes) {
		t.Errorf("identity response wrong")
	}
	if plain.hdr.Get("ETag") == r.hdr.Get("ETag") {
		t.Errorf("identity and gzip share ETag %s", plain.hdr.Get("ETag"))
	}
}

// TestPrecompressed: a .gz copy beside a file is sent when it decodes to the
// file, whether it is newer or older than the file; one that decodes to
// something else is not.
func TestPrecompressed(t *testing.T) {
	// made at another level than the handler's, so we can tell it was the one served
	copyGz := gzLevel(t, wasmBytes, gzip.BestSpeed)
	dir := makeSite(t, map[string][]byte{"main.wasm": wasmBytes, "main.wasm.gz": copyGz})
	h := handler(t, dir)
	ae := map[string]string{"Accept-Encoding": "gzip"}
	for _, tc := range []struct {
		name   string
		age    time.Duration // of the .gz, against the file
		copy   []byte
		served bool
	}{
		{"newer", time.Hour, copyGz, true},
		{"older, as after cp -r", -time.Hour, copyGz, true},
		{"of another content", time.Hour, gz(t, []byte("from the .gz file")), false},
		{"of another content, older", -time.Hour, gz(t, []byte("from another .gz file")), false},
	} {
		writeAt(t, dir, "main.wasm.gz", tc.copy, tc.age)
		r := do(t, h, "GET", "/main.wasm", ae)
		if r.hdr.Get("Content-Encoding") != "gzip" || !bytes.Equal(gunzip(t, r.body), wasmBytes) {
			t.Fatalf("%s: not an encoding of the file: %v", tc.name, r.hdr)
		}
		if got := bytes.Equal(r.body, tc.copy); got != tc.served {
			t.Errorf("%s: copy served %v, want %v", tc.name, got, tc.served)
		}
		if r.hdr.Get("Content-Type") != "application/wasm" {
			t.Errorf("%s: Content-Type %q", tc.name, r.hdr.Get("Content-Type"))
		}
	}
}

func TestNoGzipWhenRefused(t *testing.T) {
	dir := makeSite(t, map[string][]byte{"a.js": bytes.Repeat([]byte("x"), 5000)})
	h := handler(t, dir)
	for _, ae := range []string{"", "identity", "gzip;q=0", "br", "*;q=0", "deflate, gzip;q=0.0"} {
		r := do(t, h, "GET", "/a.js", map[string]string{"Accept-Encoding": ae})
		if r.hdr.Get("Content-Encoding") != "" || len(r.body) != 5000 {
			t.Errorf("Accept-Encoding %q: got encoding %q, %d bytes", ae, r.hdr.Get("Content-Encoding"), len(r.body))
		}
	}
}

func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{
		"gzip": true, "GZIP": true, "gzip, deflate, br, zstd": true, "br;q=1, gzip;q=0.5": true,
		"*": true, "x-gzip": true, "": false, "br": false, "gzip;q=0": false, "*;q=0": false,
		"gzip;q=0, *": false, "identity;q=1, *;q=0.1": true,
	} {
		if got := AcceptsGzip(h); got != want {
			t.Errorf("AcceptsGzip(%q) = %v, want %v", h, got, want)
		}
	}
}

func TestNotCompressedTypes(t *testing.T) {
	dir := makeSite(t, map[string][]byte{"icon.png": bytes.Repeat([]byte{0}, 3000)})
	r := do(t, handler(t, dir), "GET", "/icon.png", map[string]string{"Accept-Encoding": "gzip"})
	if r.hdr.Get("Content-Encoding") != "" {
		t.Errorf("png compressed")
	}
	if !strings.Contains(r.hdr.Get("Cache-Control"), "max-age") {
		t.Errorf("png Cache-Control %q", r.hdr.Get("Cache-Control"))
	}
}

func TestCachingHeaders(t *testing.T) {
	dir := makeSite(t, map[string][]byte{"index.html": []byte("hi"), "sw.js": []byte("//sw"), "main.wasm": wasmBytes})
	h := handler(t, dir)
	for _, p := range []string{"/", "/sw.js", "/main.wasm"} {
		r := do(t, h, "GET", p, map[string]string{"Accept-Encoding": "gzip"})
		if r.hdr.Get("Cache-Control") != "no-cache" {
			t.Errorf("%s: Cache-Control %q", p, r.hdr.Get("Cache-Control"))
		}
		et := r.hdr.Get("ETag")
		if et == "" || r.hdr.Get("Last-Modified") == "" {
			t.Errorf("%s: no validators", p)
			continue
		}
		r2 := do(t, h, "GET", p, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": et})
		if r2.code != http.StatusNotModified || len(r2.body) != 0 {
			t.Errorf("%s: revalidation gave %d with %d bytes", p, r2.code, len(r2.body))
		}
	}
	for _, name := range []string{"Cross-Origin-Opener-Policy", "Cross-Origin-Embedder-Policy"} {
		if v := do(t, h, "GET", "/", nil).hdr.Get(name); v != "" {
			t.Errorf("unexpected %s: %s", name, v)
		}
	}
}

func TestHeadAndRange(t *testing.T) {
	dir := makeSite(t, map[string][]byte{"main.wasm": wasmBytes})
	h := handler(t, dir)
	r := do(t, h, "HEAD", "/main.wasm", nil)
	if r.code != 200 || len(r.body) != 0 || r.hdr.Get("Content-Length") != itoa(len(wasmBytes)) {
		t.Errorf("HEAD: %d, %d bytes, length %q", r.code, len(r.body), r.hdr.Get("Content-Length"))
	}
	r = do(t, h, "GET", "/main.wasm", map[string]string{"Range": "bytes=0-3"})
	if r.code != http.StatusPartialContent || string(r.body) != "\x00asm" {
		t.Errorf("Range: %d %q", r.code, r.body)
	}
	// With gzip, a range request gets the whole encoded body.
	r = do(t, h, "GET", "/main.wasm", map[string]string{"Range": "bytes=0-3", "Accept-Encoding": "gzip"})
	if r.code != 200 || !bytes.Equal(gunzip(t, r.body), wasmBytes) {
		t.Errorf("gzip Range: %d", r.code)
	}
}

func TestNotFoundAndTraversal(t *testing.T) {
	parent := t.TempDir()
	os.WriteFile(filepath.Join(parent, "secret.txt"), []byte("secret"), 0o644)
	dir := filepath.Join(parent, "dist")
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.MkdirAll(filepath.Join(dir, "empty"), 0o755)
	os.MkdirAll(filepath.Join(dir, ".git"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "index.html"), []byte("sub"), 0o644)
	os.WriteFile(filepath.Join(dir, ".git", "config"), []byte("cfg"), 0o644)
	h := handler(t, dir)
	for _, p := range []string{"/missing.js", "/../secret.txt", "/sub/../../secret.txt", "/%2e%2e/secret.txt", "/.git/config", "/empty/"} {
		req := httptest.NewRequest("GET", "/", nil)
		req.URL.Path = p
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "secret") {
			t.Errorf("%s: %d %q", p, rec.Code, rec.Body.String())
		}
	}
	r := do(t, h, "GET", "/sub?x=1", nil)
	if r.code != http.StatusMovedPermanently || r.hdr.Get("Location") != "/sub/?x=1" {
		t.Errorf("directory redirect: %d %q", r.code, r.hdr.Get("Location"))
	}
	if r := do(t, h, "GET", "/sub/", nil); r.code != 200 || string(r.body) != "sub" {
		t.Errorf("sub index: %d %q", r.code, r.body)
	}
	if r := do(t, h, "POST", "/sub/", nil); r.code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", r.code)
	}
}

// TestServerEndToEnd runs the handler behind a real listener and lets Go's HTTP
// client (which asks for gzip and decodes it transparently) fetch the wasm.
func TestServerEndToEnd(t *testing.T) {
	dir := makeSite(t, map[string][]byte{"index.html": []byte("<html>"), "main.wasm": wasmBytes})
	srv := httptest.NewServer(handler(t, dir))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/main.wasm")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if !resp.Uncompressed {
		t.Errorf("transport did not see a gzip response")
	}
	if resp.Header.Get("Content-Type") != "application/wasm" || !bytes.Equal(body, wasmBytes) {
		t.Errorf("bad response: %v, %d bytes", resp.Header, len(body))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestSecurityHeaders: every answer, a 404 too, carries the site's policy;
// only embed.html and the game page in an embed mode may be framed by
// other sites.
func TestSecurityHeaders(t *testing.T) {
	dir := makeSite(t, map[string][]byte{"index.html": []byte("<html>"), "embed.html": []byte("<html>"), "main.wasm": wasmBytes})
	h := handler(t, dir)
	for _, tc := range []struct {
		target     string
		embeddable bool
	}{
		{"/", false}, {"/index.html", false}, {"/?variant=bedlam", false}, {"/?mode=play", false},
		{"/?mode=embed", true}, {"/index.html?variant=bedlam&mode=diagram", true}, {"/embed.html", true},
		{"/main.wasm", false}, {"/missing", false}, {"/main.wasm?mode=embed", false},
	} {
		r := do(t, h, "GET", tc.target, map[string]string{"Accept-Encoding": "gzip"})
		csp := r.hdr.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "style-src 'self'", "object-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", tc.target, csp, want)
			}
		}
		fa, xfo := "frame-ancestors 'self'", "SAMEORIGIN"
		if tc.embeddable {
			fa, xfo = "frame-ancestors *", ""
		}
		if !strings.HasSuffix(csp, fa) || r.hdr.Get("X-Frame-Options") != xfo {
			t.Errorf("%s: CSP %q, X-Frame-Options %q; want %s", tc.target, csp, r.hdr.Get("X-Frame-Options"), fa)
		}
		if r.hdr.Get("Referrer-Policy") != "no-referrer" || r.hdr.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: %v", tc.target, r.hdr)
		}
	}
}

// TestNoPolicy: with NoPolicy (-nopolicy) the folder is served without the
// site's policy (the browser tests' host pages frame the site).
func TestNoPolicy(t *testing.T) {
	h := handler(t, makeSite(t, map[string][]byte{"host.html": []byte("<html>")}))
	h.NoPolicy = true
	r := do(t, h, "GET", "/host.html", nil)
	if r.code != 200 || r.hdr.Get("Content-Security-Policy") != "" || r.hdr.Get("X-Frame-Options") != "" || r.hdr.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("%d %v", r.code, r.hdr)
	}
}

// TestSymlinks: a symbolic link inside the folder to a file inside is
// served; one that leads outside (absolute or relative, to a file or a
// folder) is not.
func TestSymlinks(t *testing.T) {
	parent := t.TempDir()
	outside := filepath.Join(parent, "outside")
	os.MkdirAll(outside, 0o755)
	os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret"), 0o644)
	dir := filepath.Join(parent, "dist")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "app.js"), []byte("app"), 0o644)
	for link, target := range map[string]string{
		"alias.js":  "app.js",
		"abs.txt":   filepath.Join(outside, "secret.txt"),
		"rel.txt":   "../outside/secret.txt",
		"dir":       outside,
		"reldir":    "../outside",
		"app.js.gz": filepath.Join(outside, "secret.txt"), // a "precompressed" copy outside
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	h := handler(t, dir)
	if r := do(t, h, "GET", "/alias.js", nil); r.code != 200 || string(r.body) != "app" {
		t.Errorf("/alias.js: %d %q", r.code, r.body)
	}
	if r := do(t, h, "GET", "/app.js", map[string]string{"Accept-Encoding": "gzip"}); r.code != 200 || strings.Contains(string(r.body), "secret") {
		t.Errorf("/app.js: %d %q", r.code, r.body)
	}
	for _, p := range []string{"/abs.txt", "/rel.txt", "/dir/secret.txt", "/reldir/secret.txt", "/dir/", "/reldir"} {
		r := do(t, h, "GET", p, map[string]string{"Accept-Encoding": "gzip, br"})
		if r.code != http.StatusNotFound || strings.Contains(string(r.body), "secret") {
			t.Errorf("%s: %d %q", p, r.code, r.body)
		}
	}
}

// TestBrotli: brotli is preferred when the client takes it and the site's
// manifest vouches for FILE.br; else gzip; else the file; Vary says so.
func TestBrotli(t *testing.T) {
	copyGz := gzLevel(t, wasmBytes, gzip.BestSpeed)
	dir := makeSite(t, map[string][]byte{"main.wasm": wasmBytes, "main.wasm.gz": copyGz, "main.wasm.br": []byte("from the .br file")})
	writeManifest(t, dir, "main.wasm")
	h := handler(t, dir)
	for _, tc := range []struct{ ae, enc, body string }{
		{"gzip, deflate, br, zstd", "br", "from the .br file"},
		{"br", "br", "from the .br file"},
		{"br;q=0, gzip", "gzip", string(copyGz)},
		{"gzip", "gzip", string(copyGz)},
		{"", "", string(wasmBytes)},
		{"br;q=0, gzip;q=0", "", string(wasmBytes)},
	} {
		r := do(t, h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": tc.ae})
		if r.hdr.Get("Content-Encoding") != tc.enc || string(r.body) != tc.body || r.hdr.Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: encoding %q, Vary %q, %d bytes", tc.ae, r.hdr.Get("Content-Encoding"), r.hdr.Get("Vary"), len(r.body))
		}
	}
	// brotli and gzip copies have their own ETags
	a := do(t, h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "br"})
	b := do(t, h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "gzip"})
	if a.hdr.Get("ETag") == b.hdr.Get("ETag") {
		t.Errorf("br and gzip share the ETag %s", a.hdr.Get("ETag"))
	}
	// a .br older than its file is served all the same
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(dir, "main.wasm.br"), old, old)
	if r := do(t, h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "br, gzip"}); r.hdr.Get("Content-Encoding") != "br" {
		t.Errorf("stale-by-time .br: %v", r.hdr)
	}
	// a .br the manifest does not vouch for is not
	os.Remove(filepath.Join(dir, "site.json"))
	if r := do(t, h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "br, gzip"}); r.hdr.Get("Content-Encoding") != "gzip" {
		t.Errorf(".br without a manifest: %v", r.hdr)
	}
}

func TestAcceptsEncoding(t *testing.T) {
	for _, tc := range []struct {
		header, enc string
		want        bool
	}{
		{"gzip, deflate, br, zstd", "br", true}, {"br;q=0.5", "br", true}, {"br;q=0", "br", false},
		{"gzip", "br", false}, {"*", "br", true}, {"*;q=0", "br", false}, {"BR", "br", true}, {"", "br", false},
	} {
		if got := AcceptsEncoding(tc.header, tc.enc); got != tc.want {
			t.Errorf("AcceptsEncoding(%q, %q) = %v", tc.header, tc.enc, got)
		}
	}
}

// A content-hashed name (web/sitebuild's main.HASH.wasm) is cached for a
// year; the other files are revalidated, the pictures kept a day.
func TestCacheControl(t *testing.T) {
	dir := makeSite(t, map[string][]byte{
		"index.html":                 []byte("<!doctype html><title>x</title>"),
		"main.0123456789abcdef.wasm": wasmBytes,
		"main.wasm":                  wasmBytes,
		"icon-192.png":               []byte("\x89PNG\r\n\x1a\n"),
	})
	h := handler(t, dir)
	for _, c := range []struct{ path, want string }{
		{"/main.0123456789abcdef.wasm", "public, max-age=31536000, immutable"},
		{"/main.wasm", "no-cache"},
		{"/", "no-cache"},
		{"/icon-192.png", "public, max-age=86400"},
	} {
		for _, ae := range []string{"", "gzip", "br, gzip"} {
			r := do(t, h, "GET", c.path, map[string]string{"Accept-Encoding": ae})
			if got := r.hdr.Get("Cache-Control"); r.code != 200 || got != c.want {
				t.Errorf("%s (Accept-Encoding %q): %d, Cache-Control %q, want %q", c.path, ae, r.code, got, c.want)
			}
		}
	}
}
