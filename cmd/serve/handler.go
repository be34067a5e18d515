package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"chimera/web/site"
)

// mimeTypes maps the extensions the site uses to their content types. Set explicitly
// so that the result does not depend on the machine's mime.types (application/wasm
// is required by WebAssembly.instantiateStreaming).
var mimeTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".htm":         "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".webmanifest": "application/manifest+json",
	".wasm":        "application/wasm",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".gif":         "image/gif",
	".webp":        "image/webp",
	".svg":         "image/svg+xml",
	".ico":         "image/x-icon",
	".txt":         "text/plain; charset=utf-8",
	".md":          "text/markdown; charset=utf-8",
	".xml":         "application/xml",
	".ttf":         "font/ttf",
	".otf":         "font/otf",
	".woff":        "font/woff",
	".woff2":       "font/woff2",
	".gz":          "application/gzip",
}

// longCached lists the extensions whose files rarely change, so browsers may reuse
// them for a day without asking. Everything else must be revalidated (no-cache):
// the site's file names carry no content hash.
var longCached = map[string]bool{
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true,
	".ttf": true, ".otf": true, ".woff": true, ".woff2": true,
}

const (
	maxOnTheFly   = 64 << 20  // largest file compressed on the fly
	maxCacheBytes = 256 << 20 // memory kept for on-the-fly compressed files
)

// Handler serves the static files below a directory, and nothing outside
// it: requests go through an os.Root, which refuses paths and symbolic
// links that lead out of the directory.
type Handler struct {
	root *os.Root
	// NoPolicy leaves out the site's Content-Security-Policy and
	// X-Frame-Options, for a folder that is not the site (the browser
	// tests' host pages, which frame the site from another origin).
	NoPolicy bool

	mu      sync.Mutex
	gz      map[string]gzEntry // on-the-fly compressed files, by path in the root
	gzBytes int64
}

type gzEntry struct {
	mod  time.Time
	size int64
	data []byte
}

// NewHandler returns a handler serving the files below dir.
func NewHandler(dir string) (*Handler, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &Handler{root: root, gz: map[string]gzEntry{}}, nil
}

// ContentType returns the content type served for a file name.
func ContentType(name string) string {
	if t, ok := mimeTypes[strings.ToLower(path.Ext(name))]; ok {
		return t
	}
	return "application/octet-stream"
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// the security headers go on every answer, errors too (web/site)
	hdr := w.Header()
	hdr.Set("Referrer-Policy", site.ReferrerPolicy)
	hdr.Set("X-Content-Type-Options", "nosniff")
	if !h.NoPolicy {
		embeddable := site.Embeddable(r.URL.Path, r.URL.RawQuery)
		hdr.Set("Content-Security-Policy", site.CSP(embeddable))
		if !embeddable {
			hdr.Set("X-Frame-Options", "SAMEORIGIN") // for browsers without frame-ancestors
		}
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	upath := r.URL.Path
	if !strings.HasPrefix(upath, "/") {
		upath = "/" + upath
	}
	rel := strings.TrimPrefix(path.Clean(upath), "/")
	if rel == "" {
		rel = "."
	}
	if !fs.ValidPath(rel) || hidden(rel) || strings.Contains(rel, "\\") {
		http.NotFound(w, r)
		return
	}
	full := filepath.FromSlash(rel)
	st, err := h.root.Stat(full)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	if st.IsDir() {
		if !strings.HasSuffix(upath, "/") {
			target := path.Base(upath) + "/"
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, target, http.StatusMovedPermanently)
			return
		}
		rel = path.Join(rel, "index.html")
		full = filepath.Join(full, "index.html")
		if st, err = h.root.Stat(full); err != nil {
			http.NotFound(w, r)
			return
		}
	}
	if !st.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}

	ext := strings.ToLower(path.Ext(rel))
	hdr.Set("Content-Type", ContentType(rel))
	if longCached[ext] {
		hdr.Set("Cache-Control", "public, max-age=86400")
	} else {
		hdr.Set("Cache-Control", "no-cache")
	}

	if site.Compressible(rel) {
		// brotli, then gzip, then the file as it is: a precompressed copy
		// written by the build, else gzip compressed here
		hdr.Add("Vary", "Accept-Encoding")
		ae := r.Header.Get("Accept-Encoding")
		if AcceptsEncoding(ae, "br") && h.servePrecompressed(w, r, full, st, "br") {
			return
		}
		if AcceptsGzip(ae) {
			if h.servePrecompressed(w, r, full, st, "gzip") {
				return
			}
			if data, err := h.compressed(full, st); err == nil {
				hdr.Set("ETag", etag(st, "z"))
				serveEncoded(w, r, "gzip", st.ModTime(), bytes.NewReader(data), int64(len(data)))
				return
			}
		}
	}

	f, err := h.root.Open(full)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	hdr.Set("ETag", etag(st, ""))
	http.ServeContent(w, r, "", st.ModTime(), f)
}

// precompressed names the copies the build writes beside a file, by encoding.
var precompressed = map[string]string{"br": ".br", "gzip": ".gz"}

// servePrecompressed sends FILE.br or FILE.gz (by encoding), written by the build,
// if it exists and is not older than FILE.
func (h *Handler) servePrecompressed(w http.ResponseWriter, r *http.Request, full string, st os.FileInfo, encoding string) bool {
	name := full + precompressed[encoding]
	gst, err := h.root.Stat(name)
	if err != nil || !gst.Mode().IsRegular() || gst.ModTime().Before(st.ModTime()) {
		return false
	}
	f, err := h.root.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	w.Header().Set("ETag", etag(gst, precompressed[encoding][1:]))
	serveEncoded(w, r, encoding, gst.ModTime(), f, gst.Size())
	return true
}

// serveEncoded sends an encoded body. Range requests are answered with the whole
// body: a range of the compressed bytes means nothing to a client.
func serveEncoded(w http.ResponseWriter, r *http.Request, encoding string, mod time.Time, body io.ReadSeeker, size int64) {
	w.Header().Set("Content-Encoding", encoding)
	if r.Header.Get("Range") != "" {
		r = r.Clone(r.Context())
		r.Header.Del("Range")
		r.Header.Del("If-Range")
	}
	w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	http.ServeContent(w, r, "", mod, body)
}

// compressed returns the gzip encoding of a file, cached in memory until the file
// changes.
func (h *Handler) compressed(full string, st os.FileInfo) ([]byte, error) {
	if st.Size() > maxOnTheFly {
		return nil, fmt.Errorf("%s: too large to compress on the fly", full)
	}
	h.mu.Lock()
	e, ok := h.gz[full]
	h.mu.Unlock()
	if ok && e.mod.Equal(st.ModTime()) && e.size == st.Size() {
		return e.data, nil
	}
	raw, err := h.root.ReadFile(full)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	zw.Write(raw)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	data := buf.Bytes()
	h.mu.Lock()
	defer h.mu.Unlock()
	if old, ok := h.gz[full]; ok {
		h.gzBytes -= int64(len(old.data))
		delete(h.gz, full)
	}
	if h.gzBytes+int64(len(data)) > maxCacheBytes {
		h.gz = map[string]gzEntry{}
		h.gzBytes = 0
	}
	h.gz[full] = gzEntry{mod: st.ModTime(), size: st.Size(), data: data}
	h.gzBytes += int64(len(data))
	return data, nil
}

// etag is a strong validator from size and modification time; each representation
// (identity, precompressed, compressed here) gets its own.
func etag(st os.FileInfo, suffix string) string {
	t := fmt.Sprintf(`"%x-%x`, st.Size(), st.ModTime().UnixNano())
	if suffix != "" {
		t += "-" + suffix
	}
	return t + `"`
}

// hidden reports whether a path has a component starting with a dot (.git, .env):
// never served.
func hidden(rel string) bool {
	for _, part := range strings.Split(rel, "/") {
		if len(part) > 1 && part[0] == '.' {
			return true
		}
	}
	return false
}

// AcceptsGzip reports whether an Accept-Encoding header value allows gzip.
func AcceptsGzip(header string) bool { return AcceptsEncoding(header, "gzip") }

// AcceptsEncoding reports whether an Accept-Encoding header value allows
// the encoding ("br", "gzip"): named with a q above 0, or not named and *
// allowed.
func AcceptsEncoding(header, encoding string) bool {
	encQ, starQ := -1.0, -1.0
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		switch {
		case name == encoding, encoding == "gzip" && name == "x-gzip":
			encQ = q
		case name == "*":
			starQ = q
		}
	}
	if encQ >= 0 {
		return encQ > 0
	}
	return starQ > 0
}
