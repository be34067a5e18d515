// Command serveload measures cmd/serve under load: it starts the server as a
// process of its own on 127.0.0.1 (port 0), over a synthetic site or a given
// folder, sends requests for one file many at a time, first to the freshly
// started server (cold: nothing hashed or compressed yet) and then again
// (warm), and reports each phase's latency (p50, p99, max, and the longest of
// the first wave of -c requests; time to the last byte) and the server's peak
// memory (VmHWM of /proc/PID/status, reset between the phases). It is a
// measuring tool, not part of `make test`; the figures are in
// docs/SERVE-LOAD.md.
//
//	go run ./tools/serveload [-scenarios stale,none,changed] [-n 2000] [-c 50]
//	go run ./tools/serveload -dir dist -path /main.wasm
//	go run ./tools/serveload -serve /tmp/serve-old     # another build of cmd/serve
//
// The synthetic site is index.html and a main.wasm of -size pseudo-random but
// compressible bytes (about 3.5:1 with gzip, like the real one), and by scenario:
//
//	stale    main.wasm.gz and site.json as web/sitebuild writes them, older
//	         than main.wasm (as after `cp -r dist`)
//	none     no copies, no site.json: every gzip answer is made by the server
//	changed  as stale, then main.wasm rewritten: the copies encode an older content
//
// It only ever talks to the server it started, on 127.0.0.1; the request
// count, the concurrency and the whole run are bounded (-n, -c, -timeout), and
// the server is stopped at the end, whatever happens.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"chimera/web/site"
)

const (
	maxRequests    = 100_000
	maxConcurrency = 500
	maxSize        = 64 << 20
)

// options are the command line's.
type options struct {
	serve      string
	n, c       int
	accept     string
	path       string
	size       int
	reqTimeout time.Duration
}

func main() { os.Exit(run()) }

// run is the command; it returns the exit status: 0, 1 when a measure
// failed, 2 for a bad command line.
func run() int {
	var o options
	flag.StringVar(&o.serve, "serve", "", "cmd/serve binary to measure (default: go build ./cmd/serve, run from the repository)")
	dir := flag.String("dir", "", "folder to serve instead of the synthetic site")
	scenarios := flag.String("scenarios", "stale,none", "synthetic sites to measure, comma-separated: stale, none, changed")
	flag.IntVar(&o.n, "n", 2000, fmt.Sprintf("requests per phase (at most %d)", maxRequests))
	flag.IntVar(&o.c, "c", 50, fmt.Sprintf("requests at a time (at most %d)", maxConcurrency))
	flag.StringVar(&o.accept, "accept", "gzip, br", "the requests' Accept-Encoding")
	flag.StringVar(&o.path, "path", "/main.wasm", "the file requested")
	flag.IntVar(&o.size, "size", 12<<20, fmt.Sprintf("bytes of the synthetic main.wasm (at most %d)", maxSize))
	flag.DurationVar(&o.reqTimeout, "reqtimeout", time.Minute, "longest a request may take")
	timeout := flag.Duration("timeout", 5*time.Minute, "stop everything after this long")
	flag.Parse()
	bad := func(format string, args ...any) int {
		fmt.Fprintf(os.Stderr, "serveload: "+format+"\n", args...)
		return 2
	}
	switch {
	case flag.NArg() > 0:
		return bad("unexpected arguments: %q", flag.Args())
	case o.n < 1 || o.n > maxRequests:
		return bad("-n %d: want 1 to %d", o.n, maxRequests)
	case o.c < 1 || o.c > maxConcurrency:
		return bad("-c %d: want 1 to %d", o.c, maxConcurrency)
	case o.size < 1 || o.size > maxSize:
		return bad("-size %d: want 1 to %d", o.size, maxSize)
	case !strings.HasPrefix(o.path, "/"):
		return bad("-path %q: want a path starting with /", o.path)
	case *timeout <= 0 || o.reqTimeout <= 0:
		return bad("-timeout and -reqtimeout must be positive")
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()

	tmp, err := os.MkdirTemp("", "serveload-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "serveload:", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	if o.serve == "" {
		o.serve = filepath.Join(tmp, "serve")
		out, err := exec.CommandContext(ctx, "go", "build", "-o", o.serve, "./cmd/serve").CombinedOutput()
		if err != nil {
			fmt.Fprintf(os.Stderr, "serveload: go build ./cmd/serve (run from the repository, or give -serve): %v\n%s", err, out)
			return 1
		}
	}

	type folder struct{ name, dir string }
	var folders []folder
	if *dir != "" {
		folders = append(folders, folder{*dir, *dir})
	} else {
		for _, s := range strings.Split(*scenarios, ",") {
			s = strings.TrimSpace(s)
			d := filepath.Join(tmp, s)
			if err := synthetic(d, s, o.size); err != nil {
				return bad("%v", err)
			}
			folders = append(folders, folder{s, d})
		}
	}
	fmt.Printf("serveload: %s, GET %s with Accept-Encoding %q, %d requests %d at a time per phase\n\n", o.serve, o.path, o.accept, o.n, o.c)
	fmt.Printf("| folder | phase | p50 | p99 | max | first %d: max | requests/s | answers | peak memory (VmHWM) |\n", o.c)
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	status := 0
	for _, f := range folders {
		if err := measure(ctx, o, f.name, f.dir); err != nil {
			fmt.Fprintf(os.Stderr, "serveload: %s: %v\n", f.name, err)
			status = 1
		}
	}
	return status
}

// synthetic writes a synthetic site for a scenario into dir.
func synthetic(dir, scenario string, size int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	wasm := compressible(size, 1)
	files := map[string][]byte{"index.html": []byte("<!doctype html><title>serveload</title>\n"), "main.wasm": wasm}
	switch scenario {
	case "none":
		return writeFiles(dir, files, nil)
	case "stale", "changed":
		m := site.Manifest{Version: "serveload", Compressor: "go", Files: map[string]site.FileInfo{}}
		copies := map[string][]byte{}
		for name, data := range files {
			fi := site.FileInfo{Size: int64(len(data)), Gzip: int64(len(data)), SHA256: site.ContentHash(data)}
			if z := site.Gzip(data); len(z) < len(data) {
				copies[name+".gz"] = z
				fi.Gzip = int64(len(z))
			}
			fi.Brotli = fi.Gzip
			m.Files[name] = fi
		}
		js, err := json.Marshal(m)
		if err != nil {
			return err
		}
		copies[site.ManifestName] = js
		if scenario == "changed" {
			files["main.wasm"] = compressible(size, 2)
		}
		return writeFiles(dir, files, copies)
	}
	return fmt.Errorf("unknown scenario %q (want stale, none or changed)", scenario)
}

// writeFiles writes the files with the present time and the copies a minute
// older, as `cp -r` may leave them.
func writeFiles(dir string, files, copies map[string][]byte) error {
	old := time.Now().Add(-time.Minute)
	for name, data := range copies {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
		if err := os.Chtimes(p, old, old); err != nil {
			return err
		}
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// compressible returns n pseudo-random bytes, the same for a seed, that gzip
// compresses about as well as Go's wasm output (3.5:1): words of a small
// vocabulary, a few of them common.
func compressible(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 7))
	words := make([][]byte, 1536)
	for i := range words {
		w := make([]byte, 3+rng.IntN(36))
		for j := range w {
			w[j] = byte(rng.IntN(256))
		}
		words[i] = w
	}
	out := make([]byte, 0, n+64)
	for len(out) < n {
		i := int(float64(len(words)) * rng.Float64() * rng.Float64() * rng.Float64())
		out = append(out, words[i]...)
	}
	return out[:n]
}

// measure starts the server over dir, runs the cold and warm phases and
// prints a row for each; the server is stopped before it returns.
func measure(ctx context.Context, o options, name, dir string) error {
	want, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(o.path, "/"))))
	if err != nil {
		return err
	}
	srv, base, err := start(ctx, o.serve, dir)
	if err != nil {
		return err
	}
	defer stop(srv)
	client := &http.Client{
		Transport: &http.Transport{
			DisableCompression:  true, // the requests' own Accept-Encoding; bodies read as sent
			MaxIdleConnsPerHost: o.c,
			MaxConnsPerHost:     o.c,
		},
		Timeout: o.reqTimeout,
	}
	defer client.CloseIdleConnections()
	for _, phase := range []string{"cold", "warm"} {
		since := ""
		if err := resetPeak(srv.Process.Pid); err != nil {
			since = " (since the start)"
		}
		res, err := load(ctx, client, base+o.path, o, want)
		if err != nil {
			return fmt.Errorf("%s: %v", phase, err)
		}
		peak := "?"
		if kb, err := vmHWM(srv.Process.Pid); err == nil {
			peak = fmt.Sprintf("%.0f MB%s", float64(kb)/1024, since)
		}
		fmt.Printf("| %s | %s | %s | %s | %s | %s | %.0f | %s | %s |\n", name, phase,
			ms(res.quantile(0.5)), ms(res.quantile(0.99)), ms(res.quantile(1)), ms(res.first),
			float64(len(res.times))/res.wall.Seconds(), res.answers(), peak)
	}
	return nil
}

// start runs the server over dir on 127.0.0.1 and returns it with its URL.
func start(ctx context.Context, bin, dir string) (*exec.Cmd, string, error) {
	cmd := exec.Command(bin, "-dir", dir, "-addr", "127.0.0.1:0")
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if t := sc.Text(); strings.HasPrefix(t, "Serving ") {
				line <- t
				break
			}
		}
		io.Copy(io.Discard, out)
	}()
	select {
	case t := <-line:
		base := t[strings.LastIndex(t, " ")+1:]
		u, err := url.Parse(base)
		if err != nil || u.Scheme != "http" || u.Hostname() != "127.0.0.1" || u.Port() == "" {
			stop(cmd)
			return nil, "", fmt.Errorf("the server says %q, not an address on 127.0.0.1", t)
		}
		return cmd, strings.TrimSuffix(base, "/"), nil
	case <-time.After(10 * time.Second):
	case <-ctx.Done():
	}
	stop(cmd)
	return nil, "", errors.New("the server did not say where it listens")
}

// stop ends the server: SIGTERM (it shuts down in at most 3 s), then a kill.
func stop(cmd *exec.Cmd) {
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		cmd.Process.Kill()
		<-done
	}
}

// results are one phase's.
type results struct {
	times []time.Duration // sorted
	first time.Duration   // the longest of the first wave's (the first c requests, sent at once)
	wall  time.Duration
	kinds map[string]int // answers by encoding and size
}

func (r *results) quantile(q float64) time.Duration {
	i := int(q*float64(len(r.times))+0.999999) - 1
	return r.times[max(0, min(i, len(r.times)-1))]
}

func (r *results) answers() string {
	var s []string
	for k, n := range r.kinds {
		s = append(s, fmt.Sprintf("%d %s", n, k))
	}
	slices.Sort(s)
	return strings.Join(s, ", ")
}

func ms(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%.0f ms", float64(d)/1e6)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// load sends o.n GET requests for target, o.c at a time, and times each to its
// last byte. The first answer of each encoding is checked against want
// (brotli, which Go cannot decode, is not).
func load(ctx context.Context, client *http.Client, target string, o options, want []byte) (*results, error) {
	res := &results{kinds: map[string]int{}}
	var mu sync.Mutex
	var firstErr error
	checked := map[string]bool{}
	jobs := make(chan int)
	var wg sync.WaitGroup
	startAll := time.Now()
	for range o.c {
		wg.Go(func() {
			for i := range jobs {
				t0 := time.Now()
				enc, body, err := get(ctx, client, target, o.accept)
				d := time.Since(t0)
				mu.Lock()
				if err == nil && !checked[enc] {
					checked[enc] = true
					err = check(enc, body, want)
				}
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
				} else {
					res.times = append(res.times, d)
					if i < o.c {
						res.first = max(res.first, d)
					}
					res.kinds[fmt.Sprintf("%s %.2f MB", orIdentity(enc), float64(len(body))/1e6)]++
				}
				mu.Unlock()
			}
		})
	}
	for i := range o.n {
		mu.Lock()
		stopNow := firstErr != nil
		mu.Unlock()
		if stopNow || ctx.Err() != nil {
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	res.wall = time.Since(startAll)
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	if firstErr != nil {
		return nil, firstErr
	}
	slices.Sort(res.times)
	return res, nil
}

// orIdentity names an answer's encoding: its Content-Encoding, or identity.
func orIdentity(enc string) string {
	if enc == "" {
		return "identity"
	}
	return enc
}

// get fetches target and returns its Content-Encoding and body.
func get(ctx context.Context, client *http.Client, target, accept string) (string, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", target, nil)
	if err != nil {
		return "", nil, err
	}
	req.Header.Set("Accept-Encoding", accept)
	resp, err := client.Do(req)
	if err != nil {
		return "", nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", nil, err
	}
	if resp.StatusCode != 200 {
		return "", nil, fmt.Errorf("status %s", resp.Status)
	}
	if n, err := strconv.Atoi(resp.Header.Get("Content-Length")); err == nil && n != len(body) {
		return "", nil, fmt.Errorf("Content-Length %d, body %d bytes", n, len(body))
	}
	return resp.Header.Get("Content-Encoding"), body, nil
}

// check reports whether an answer's body decodes to want.
func check(enc string, body, want []byte) error {
	switch enc {
	case "":
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return err
		}
		if body, err = io.ReadAll(zr); err != nil {
			return err
		}
	default:
		return nil // br: not checked
	}
	if !bytes.Equal(body, want) {
		return fmt.Errorf("a %q answer does not decode to the file", orIdentity(enc))
	}
	return nil
}

// vmHWM returns the peak resident memory of a process, in kB.
func vmHWM(pid int) (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
		}
	}
	return 0, errors.New("no VmHWM")
}

// resetPeak sets a process's peak resident memory to its present one (Linux:
// clear_refs 5), so that each phase reports its own peak.
func resetPeak(pid int) error {
	f, err := os.OpenFile(fmt.Sprintf("/proc/%d/clear_refs", pid), os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString("5")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
