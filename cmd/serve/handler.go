package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
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
// the site's other file names carry no content hash. A content-hashed name
// (site.Immutable: main.wasm and engine.wasm as built) is cached for a year.
var longCached = map[string]bool{
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true,
	".ttf": true, ".otf": true, ".woff": true, ".woff2": true,
}

const (
	maxOnTheFly    = 64 << 20  // largest file compressed on the fly
	maxCacheBytes  = 256 << 20 // memory kept for files compressed on the fly
	maxCompressing = 128 << 20 // bytes of files being compressed at once (a compression holds about its output, under its file's size for the compressible types)
	maxManifest    = 16 << 20  // largest site.json read
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

	manifest memo[fileKey, *site.Manifest] // site.json, nil when it is not a site's manifest
	hashes   memo[fileKey, content]        // the files' contents, by version
	decoded  memo[decodeKey, content]      // what .gz copies decode to (when no manifest vouches for them)
	gzipped  memo[fileKey, []byte]         // gzip compressed here, at most maxCacheBytes
	// compressing bounds the memory of the compressions running at once
	compressing *budget

	// counts of the work done, for the tests
	compressions, hashings, decodings atomic.Int64
}

// content identifies a file's content: its SHA-256 (hex) and length.
type content struct {
	sum  string
	size int64
}

// decodeKey is a version of a .gz copy, decoded up to limit bytes.
type decodeKey struct {
	copy  fileKey
	limit int64
}

// NewHandler returns a handler serving the files below dir.
func NewHandler(dir string) (*Handler, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	h := &Handler{root: root, compressing: newBudget(maxCompressing)}
	h.gzipped.maxBytes = maxCacheBytes
	h.gzipped.size = func(b []byte) int64 { return int64(cap(b)) }
	return h, nil
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
	if site.Immutable(rel) {
		// a content-hashed name (web/sitebuild): its content never changes
		hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else if longCached[ext] {
		hdr.Set("Cache-Control", "public, max-age=86400")
	} else {
		hdr.Set("Cache-Control", "no-cache")
	}

	if site.Compressible(rel) {
		// brotli, then gzip, then the file as it is: a precompressed copy
		// known to encode the file as it is now, else gzip compressed here
		hdr.Add("Vary", "Accept-Encoding")
		ae := r.Header.Get("Accept-Encoding")
		if AcceptsEncoding(ae, "br") && h.serveCopy(w, r, rel, full, st, "br") {
			return
		}
		if AcceptsGzip(ae) {
			if h.serveCopy(w, r, rel, full, st, "gzip") {
				return
			}
			if data, err := h.compressed(r.Context(), full, st); err == nil {
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

// serveCopy sends FILE.br or FILE.gz (by encoding) if it is known to encode
// FILE as it is now (copyMatches), whatever the files' times say.
func (h *Handler) serveCopy(w http.ResponseWriter, r *http.Request, rel, full string, st os.FileInfo, encoding string) bool {
	name := full + precompressed[encoding]
	if cst, err := h.root.Stat(name); err != nil || !cst.Mode().IsRegular() {
		return false // missing, or something that must not be opened (a FIFO)
	}
	f, err := h.root.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	cst, err := f.Stat()
	if err != nil || !cst.Mode().IsRegular() || !h.copyMatches(r.Context(), rel, full, st, name, cst, encoding) {
		return false
	}
	w.Header().Set("ETag", etag(cst, precompressed[encoding][1:]))
	// the later of the two times: the copy is as new as the content it encodes
	mod := cst.ModTime()
	if st.ModTime().After(mod) {
		mod = st.ModTime()
	}
	serveEncoded(w, r, encoding, mod, f, cst.Size())
	return true
}

// copyMatches reports whether a precompressed copy (name, cst) of the file
// (rel, full, st) encodes the file's present content. It does when
//
//   - the site's manifest (site.json at the top of the folder) has an entry for
//     the file whose SHA-256 is that of the file now, and records a copy of
//     this size for the encoding (site.FileInfo.Vouches): the build made this
//     copy from this content; or, failing that,
//   - for gzip, the copy decodes to the file's content (same length and
//     SHA-256): checked once per version of the copy and kept, the decoding
//     stopped after the file's length. A folder that is not a built site, a
//     .gz made by hand or a manifest from an older build get their .gz copies
//     checked this way.
//
// A brotli copy the manifest does not vouch for is never sent: there is no
// brotli decoder to check it with.
//
// The file's hash is computed once per version of the file (path, size and
// modification time) and shared by concurrent requests, as is the check of a
// copy; so after `cp -r dist` (every copy older than its file) each file is
// hashed once and its copies served again.
func (h *Handler) copyMatches(ctx context.Context, rel, full string, st os.FileInfo, name string, cst os.FileInfo, encoding string) bool {
	now, err := h.contentOf(ctx, full, st)
	if err != nil {
		return false
	}
	if m := h.siteManifest(ctx); m != nil {
		if fi, ok := m.Files[rel]; ok && fi.Vouches(encoding, cst.Size(), now.sum) {
			return true
		}
	}
	if encoding != "gzip" {
		return false
	}
	dec, err := h.decodedGzip(ctx, name, cst, st.Size())
	return err == nil && dec == now
}

// contentOf returns the content of a file's version st: hashed once per
// version, concurrent callers sharing one hashing.
func (h *Handler) contentOf(ctx context.Context, full string, st os.FileInfo) (content, error) {
	key := keyOf(full, st)
	return h.hashes.get(ctx, full, key, func() (content, error) {
		h.hashings.Add(1)
		f, err := h.root.Open(full)
		if err != nil {
			return content{}, err
		}
		defer f.Close()
		sum, n, err := site.HashReader(f)
		if err != nil {
			return content{}, err
		}
		if n != key.size {
			return content{}, fmt.Errorf("%s changed while it was read", full)
		}
		return content{sum, n}, nil
	})
}

// decodedGzip returns the content a gzip copy (name, cst) decodes to, decoded
// once per version of the copy and at most limit+1 bytes of it: a copy that
// is not gzip, is damaged, or decodes to more than limit bytes gets a content
// of size -1, which matches no file, and is kept as such until it changes.
func (h *Handler) decodedGzip(ctx context.Context, name string, cst os.FileInfo, limit int64) (content, error) {
	key := decodeKey{keyOf(name, cst), limit}
	return h.decoded.get(ctx, name, key, func() (content, error) {
		h.decodings.Add(1)
		f, err := h.root.Open(name)
		if err != nil {
			return content{}, err
		}
		defer f.Close()
		zr, err := gzip.NewReader(f)
		if err != nil {
			return content{size: -1}, nil
		}
		sum, n, err := site.HashReader(io.LimitReader(zr, limit+1))
		if err != nil || n > limit {
			return content{size: -1}, nil
		}
		return content{sum, n}, nil
	})
}

// siteManifest returns the folder's site.json, read once per version of it,
// or nil when there is none or it is not a site's manifest.
func (h *Handler) siteManifest(ctx context.Context) *site.Manifest {
	st, err := h.root.Stat(site.ManifestName)
	if err != nil || !st.Mode().IsRegular() || st.Size() > maxManifest {
		return nil
	}
	m, _ := h.manifest.get(ctx, site.ManifestName, keyOf(site.ManifestName, st), func() (*site.Manifest, error) {
		data, err := h.root.ReadFile(site.ManifestName)
		if err != nil {
			return nil, err
		}
		if m, err := site.ParseManifest(data); err == nil {
			return m, nil
		}
		return nil, nil // not a site's: kept as none until it changes
	})
	return m
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

// errTooLarge refuses to compress a file larger than maxOnTheFly.
var errTooLarge = errors.New("too large to compress on the fly")

// compressed returns the gzip encoding of a file's version st. It is made once
// per version, however many requests ask for it meanwhile, and kept in memory
// (at most maxCacheBytes in all, the least recently used dropped first); the
// compressions running at once hold at most maxCompressing bytes of files.
func (h *Handler) compressed(ctx context.Context, full string, st os.FileInfo) ([]byte, error) {
	if st.Size() > maxOnTheFly {
		return nil, errTooLarge
	}
	return h.gzipped.get(ctx, full, keyOf(full, st), func() ([]byte, error) {
		defer h.compressing.release(h.compressing.acquire(st.Size()))
		h.compressions.Add(1)
		f, err := h.root.Open(full)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
		n, err := io.Copy(zw, f)
		if err == nil && n != st.Size() {
			err = fmt.Errorf("%s changed while it was compressed", full)
		}
		if err != nil {
			return nil, err
		}
		if err := zw.Close(); err != nil {
			return nil, err
		}
		return bytes.Clone(buf.Bytes()), nil // no spare capacity kept
	})
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
