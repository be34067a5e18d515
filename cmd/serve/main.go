// Command serve is a small static file server for the built site (dist/).
//
//	go run ./cmd/serve -dir dist -addr 127.0.0.1:8080 [-v] [-nopolicy]
//
// It prints the URL it listens on (with -addr 127.0.0.1:0 it picks a free port),
// serves .wasm as application/wasm, and sends compressible files (site.Compressible)
// brotli- or gzip-encoded to clients that accept it, brotli first.
//
// The encoded copies are chosen by content, never by file times (a `cp -r dist`
// makes every copy look older than its file): FILE.br or FILE.gz beside a file
// is sent only when it is known to encode the file as it is now. It is when the
// site's manifest (site.json, written by web/sitebuild) records for the file the
// SHA-256 of its present content and a copy of that size; or, for a .gz the
// manifest does not vouch for (no site.json, a .gz made by hand, a manifest of an
// older build), when the copy decodes to the file's content. A .br the manifest
// does not vouch for is never sent (Go has no brotli decoder to check it with).
// Each file is hashed, and each unvouched .gz decoded, once per version (path,
// size, modification time), the work shared by concurrent requests.
//
// Without a valid copy, a gzip client gets gzip made here: once per version of the
// file however many requests ask for it meanwhile (they wait for the one
// compression), kept in memory (256 MB in all, the least recently used dropped
// first; files up to 64 MB), with at most 128 MB of files being compressed at once.
// A brotli-only client then gets the file as it is.
//
// Every answer carries the site's Content-Security-Policy (package
// chimera/web/site: frame-ancestors * for the embed modes, 'self' otherwise),
// Referrer-Policy and X-Content-Type-Options; nothing outside the folder is served,
// whatever the path or a symbolic link says. Every response carries an ETag and
// Last-Modified so revalidation is cheap, each representation (the file, its .br,
// its .gz, gzip made here) its own ETag; file names are not content-hashed, so
// HTML, scripts and wasm are "no-cache" (always revalidated) and the service
// worker takes care of offline play. No COOP/COEP headers are needed (no
// SharedArrayBuffer).
//
// tools/serveload measures it under load (docs/SERVE-LOAD.md).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	dir := flag.String("dir", "dist", "directory to serve")
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free port)")
	verbose := flag.Bool("v", false, "log every request to stderr")
	noPolicy := flag.Bool("nopolicy", false, "send no Content-Security-Policy (for a folder that is not the site)")
	flag.Parse()

	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		fmt.Fprintf(os.Stderr, "serve: %s is not a directory (run `make build` first)\n", *dir)
		os.Exit(2)
	}
	if _, err := os.Stat(*dir + "/index.html"); err != nil {
		fmt.Fprintf(os.Stderr, "serve: warning: %s/index.html is missing\n", *dir)
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "serve: %v\n", err)
		os.Exit(1)
	}
	handler, err := NewHandler(*dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "serve: %v\n", err)
		os.Exit(2)
	}
	handler.NoPolicy = *noPolicy
	var h http.Handler = handler
	if *verbose {
		h = logRequests(h)
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	// The URL line is read by the browser tests to find the port: keep its form.
	fmt.Printf("Serving %s at http://%s/\n", *dir, urlHost(ln.Addr()))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(os.Stderr, "serve: %v\n", err)
		os.Exit(1)
	}
}

// urlHost formats a listener address for a URL (IPv6 in brackets; an unspecified
// address is shown as 127.0.0.1 so the printed URL can be opened).
func urlHost(a net.Addr) string {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return a.String()
	}
	ip := ta.IP
	if ip == nil || ip.IsUnspecified() {
		ip = net.IPv4(127, 0, 0, 1)
	}
	return net.JoinHostPort(ip.String(), fmt.Sprint(ta.Port))
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: 200}
		h.ServeHTTP(rec, r)
		log.Printf("%s %s %d %s %s", r.Method, r.URL.RequestURI(), rec.status,
			rec.Header().Get("Content-Encoding"), time.Since(start).Round(time.Microsecond))
	})
}
