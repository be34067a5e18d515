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

// compressible lists the extensions worth sending gzip-encoded.
var compressible = map[string]bool{
	".html": true, ".htm": true, ".js": true, ".mjs": true, ".css": true, ".json": true,
	".map": true, ".webmanifest": true, ".wasm": true, ".svg": true, ".ico": true,
	".txt": true, ".md": true, ".xml": true, ".ttf": true, ".otf": true,
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

// Handler serves the static files below a directory.
type Handler struct {
	root string

	mu      sync.Mutex
	gz      map[string]gzEntry // on-the-fly compressed files, by full path
	gzBytes int64
}

type gzEntry struct {
	mod  time.Time
	size int64
	data []byte
}

// NewHandler returns a handler serving the files below dir.
func NewHandler(dir string) *Handler {
	return &Handler{root: dir, gz: map[string]gzEntry{}}
}

// ContentType returns the content type served for a file name.
func ContentType(name string) string {
	if t, ok := mimeTypes[strings.ToLower(path.Ext(name))]; ok {
		return t
	}
	return "application/octet-stream"
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
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
	full := filepath.Join(h.root, filepath.FromSlash(rel))
	st, err := os.Stat(full)
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
		if st, err = os.Stat(full); err != nil {
			http.NotFound(w, r)
			return
		}
	}
	if !st.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}

	ext := strings.ToLower(path.Ext(rel))
	hdr := w.Header()
	hdr.Set("Content-Type", ContentType(rel))
	hdr.Set("X-Content-Type-Options", "nosniff")
	if longCached[ext] {
		hdr.Set("Cache-Control", "public, max-age=86400")
	} else {
		hdr.Set("Cache-Control", "no-cache")
	}

	if compressible[ext] {
		hdr.Add("Vary", "Accept-Encoding")
		if AcceptsGzip(r.Header.Get("Accept-Encoding")) {
			if h.servePrecompressed(w, r, full, st) {
				return
			}
			if data, err := h.compressed(full, st); err == nil {
				hdr.Set("ETag", etag(st, "z"))
				serveEncoded(w, r, st.ModTime(), bytes.NewReader(data), int64(len(data)))
				return
			}
		}
	}

	f, err := os.Open(full)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	hdr.Set("ETag", etag(st, ""))
	http.ServeContent(w, r, "", st.ModTime(), f)
}

// servePrecompressed sends FILE.gz, written by the build, if it exists and is not
// older than FILE.
func (h *Handler) servePrecompressed(w http.ResponseWriter, r *http.Request, full string, st os.FileInfo) bool {
	gst, err := os.Stat(full + ".gz")
	if err != nil || !gst.Mode().IsRegular() || gst.ModTime().Before(st.ModTime()) {
		return false
	}
	f, err := os.Open(full + ".gz")
	if err != nil {
		return false
	}
	defer f.Close()
	w.Header().Set("ETag", etag(gst, "gz"))
	serveEncoded(w, r, gst.ModTime(), f, gst.Size())
	return true
}

// serveEncoded sends a gzip-encoded body. Range requests are answered with the whole
// body: a range of the compressed bytes means nothing to a client.
func serveEncoded(w http.ResponseWriter, r *http.Request, mod time.Time, body io.ReadSeeker, size int64) {
	w.Header().Set("Content-Encoding", "gzip")
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
	raw, err := os.ReadFile(full)
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
func AcceptsGzip(header string) bool {
	gzipQ, starQ := -1.0, -1.0
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
		switch name {
		case "gzip", "x-gzip":
			gzipQ = q
		case "*":
			starQ = q
		}
	}
	if gzipQ >= 0 {
		return gzipQ > 0
	}
	return starQ > 0
}
