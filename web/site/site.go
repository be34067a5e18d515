// Package site holds what the static site's build (web/sitebuild) and its
// server (cmd/serve) must agree on: the pages' security policy, which
// pages other sites may frame, which files are sent compressed, and the
// site's manifest (site.json, Manifest), which says what the precompressed
// copies were made from. The policy is written here once: cmd/serve sends
// it as headers, and web/sitebuild writes it into every page as <meta> tags
// for hosts that send no headers (web/README.md, "Security headers").
package site

import (
	"bytes"
	"compress/gzip"
	"errors"
	"path"
	"slices"
	"strings"
)

// directives is the Content-Security-Policy, but for frame-ancestors. The
// site loads everything from its own origin: scripts (no inline script or
// style, no eval), WebAssembly ('wasm-unsafe-eval' allows compiling it and
// nothing else), the engine's Web Worker, the service worker, the manifest
// and icons; it frames only itself (embed.html shows index.html).
var directives = []string{
	"default-src 'self'",
	"script-src 'self' 'wasm-unsafe-eval'",
	"style-src 'self'",
	"img-src 'self' data: blob:",
	"font-src 'self'",
	"connect-src 'self'",
	"worker-src 'self'",
	"manifest-src 'self'",
	"frame-src 'self'",
	"media-src 'self' data: blob:",
	"object-src 'none'",
	"base-uri 'none'",
	"form-action 'self'",
}

// ReferrerPolicy is sent as a header and a <meta name="referrer">: the
// site links nowhere that needs to know where a visitor came from.
const ReferrerPolicy = "no-referrer"

// CSP returns the Content-Security-Policy header value for a response:
// with frame-ancestors * when any site may frame it (Embeddable), else
// frame-ancestors 'self'.
func CSP(embeddable bool) string {
	fa := "frame-ancestors 'self'"
	if embeddable {
		fa = "frame-ancestors *"
	}
	return strings.Join(append(directives[:len(directives):len(directives)], fa), "; ")
}

// MetaCSP is the policy as a <meta http-equiv> can carry it: without
// frame-ancestors, which browsers ignore there (so on a host that sends no
// headers, any site can frame any page).
func MetaCSP() string { return strings.Join(directives, "; ") }

// Embeddable reports whether other sites may frame the page at urlPath
// with the raw query rawQuery (as sent, without '?'): embed.html (the
// example of embedding), and the game page opened in one of its embed
// modes (index.html?mode=embed or ?mode=diagram). The game page in its
// ordinary mode may be framed only by the site itself. The mode is read
// by ParseQuery, as the page reads it (URLSearchParams), so the page a
// foreign site may frame is always one that draws itself as an embed.
func Embeddable(urlPath, rawQuery string) bool {
	switch path.Base(path.Clean("/" + urlPath)) {
	case "embed.html":
		return true
	case "/", "index.html":
		return slices.Contains(EmbedModes, Mode(rawQuery))
	}
	return false
}

// EmbedModes are the values of the game page's mode parameter that other
// sites may frame.
var EmbedModes = []string{"embed", "diagram"}

// MetaTags are the tags InjectMeta writes into a page.
func MetaTags() string {
	return `<meta http-equiv="Content-Security-Policy" content="` + MetaCSP() + `">` + "\n" +
		`<meta name="referrer" content="` + ReferrerPolicy + `">` + "\n"
}

// InjectMeta writes MetaTags into an HTML page: after its <meta charset>
// if that opens the head (the charset must come first), else right after
// <head>, so that the policy covers everything the page loads. A page
// that already has a Content-Security-Policy meta, or has no <head>, is an
// error: the pages in web/ carry no policy of their own.
func InjectMeta(page []byte) ([]byte, error) {
	lower := bytes.ToLower(page)
	if bytes.Contains(lower, []byte(`http-equiv="content-security-policy"`)) {
		return nil, errors.New("the page has its own Content-Security-Policy <meta>")
	}
	i := bytes.Index(lower, []byte("<head>"))
	if i < 0 {
		return nil, errors.New("the page has no <head>")
	}
	at := i + len("<head>")
	rest := lower[at:]
	trimmed := bytes.TrimLeft(rest, " \t\r\n")
	if bytes.HasPrefix(trimmed, []byte("<meta charset")) {
		if end := bytes.IndexByte(trimmed, '>'); end >= 0 {
			at += len(rest) - len(trimmed) + end + 1
		}
	}
	var b bytes.Buffer
	b.Write(page[:at])
	b.WriteByte('\n')
	b.WriteString(strings.TrimSuffix(MetaTags(), "\n"))
	b.Write(page[at:])
	return b.Bytes(), nil
}

// Gzip compresses data at the best level, with no name or time in the
// header so that builds are reproducible: the FILE.gz copies web/sitebuild
// writes when zopfli is not installed (and tools/serveload's stand-ins).
func Gzip(data []byte) []byte {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

// compressible lists the extensions worth sending compressed (gzip or
// brotli); images other than SVG and icons are compressed already.
var compressible = map[string]bool{
	".html": true, ".htm": true, ".js": true, ".mjs": true, ".css": true, ".json": true,
	".map": true, ".webmanifest": true, ".wasm": true, ".svg": true, ".ico": true,
	".txt": true, ".md": true, ".xml": true, ".ttf": true, ".otf": true,
}

// Compressible reports whether a file is worth sending compressed.
func Compressible(name string) bool { return compressible[strings.ToLower(path.Ext(name))] }
