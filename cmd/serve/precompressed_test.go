package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"chimera/web/site"
)

// writeAt writes a file below dir with the modification time now+age.
func writeAt(t *testing.T, dir, name string, data []byte, age time.Duration) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	when := time.Now().Add(age)
	if err := os.Chtimes(p, when, when); err != nil {
		t.Fatal(err)
	}
}

// setAge gives files below dir the modification time now+age.
func setAge(t *testing.T, dir string, age time.Duration, names ...string) {
	t.Helper()
	when := time.Now().Add(age)
	for _, n := range names {
		if err := os.Chtimes(filepath.Join(dir, filepath.FromSlash(n)), when, when); err != nil {
			t.Fatal(err)
		}
	}
}

// writeManifest writes site.json for the files named as web/sitebuild does:
// each file's size and content hash, and the sizes of the copies beside it.
func writeManifest(t *testing.T, dir string, names ...string) {
	t.Helper()
	m := site.Manifest{Version: "test", Compressor: "go", Files: map[string]site.FileInfo{}}
	size := func(name string, otherwise int64) int64 {
		if st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name))); err == nil {
			m.Brotli = m.Brotli || filepath.Ext(name) == ".br"
			return st.Size()
		}
		return otherwise
	}
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(n)))
		if err != nil {
			t.Fatal(err)
		}
		fi := site.FileInfo{Size: int64(len(data)), SHA256: site.ContentHash(data)}
		fi.Gzip = size(n+".gz", fi.Size)
		fi.Brotli = size(n+".br", fi.Gzip)
		m.Files[n] = fi
	}
	js, _ := json.Marshal(m)
	if err := os.WriteFile(filepath.Join(dir, site.ManifestName), js, 0o644); err != nil {
		t.Fatal(err)
	}
}

// compressible returns n pseudo-random bytes that compress about 2:1 (words
// drawn from a small vocabulary), the same for the same seed.
func compressible(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 1))
	words := make([][]byte, 512)
	for i := range words {
		w := make([]byte, 2+rng.IntN(7))
		for j := range w {
			w[j] = byte(rng.IntN(256))
		}
		words[i] = w
	}
	out := make([]byte, 0, n+16)
	for len(out) < n {
		out = append(out, words[rng.IntN(len(words))]...)
	}
	return out[:n]
}

// TestConcurrentColdRequests: 50 requests at once for a large file on a cold
// handler cost at most one hashing of the file, one decoding of its .gz and
// one compression, and each answer decodes to the file. Half the clients take
// brotli.
func TestConcurrentColdRequests(t *testing.T) {
	big := compressible(4<<20, 1)
	brCopy := []byte("the build's brotli copy of big.wasm") // vouched for by the manifest; never decoded here
	type counts struct{ hashings, decodings, compressions int64 }
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir string)
		want  counts
		br    bool // brotli clients get the .br
	}{
		{"no copies", func(t *testing.T, dir string) {}, counts{0, 0, 1}, false},
		{"copies older than the file, with the manifest (cp -r dist)", func(t *testing.T, dir string) {
			writeAt(t, dir, "big.wasm.gz", gz(t, big), 0)
			writeAt(t, dir, "big.wasm.br", brCopy, 0)
			writeManifest(t, dir, "big.wasm")
			setAge(t, dir, -time.Hour, "big.wasm.gz", "big.wasm.br", "site.json")
		}, counts{1, 0, 0}, true},
		{"a .gz older than the file, no manifest", func(t *testing.T, dir string) {
			writeAt(t, dir, "big.wasm.gz", gz(t, big), -time.Hour)
			writeAt(t, dir, "big.wasm.br", brCopy, -time.Hour)
		}, counts{1, 1, 0}, false},
		{"copies of the file before it changed", func(t *testing.T, dir string) {
			old := compressible(4<<20, 2)
			writeAt(t, dir, "big.wasm", old, 0)
			writeAt(t, dir, "big.wasm.gz", gz(t, old), 0)
			writeAt(t, dir, "big.wasm.br", brCopy, 0)
			writeManifest(t, dir, "big.wasm")
			setAge(t, dir, -time.Hour, "big.wasm.gz", "big.wasm.br", "site.json")
			writeAt(t, dir, "big.wasm", big, 0)
		}, counts{1, 1, 1}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := makeSite(t, map[string][]byte{"big.wasm": big})
			tc.setup(t, dir)
			h := handler(t, dir)
			const n = 50
			results := make([]result, n)
			start := make(chan struct{})
			var wg sync.WaitGroup
			for i := range n {
				ae := "gzip"
				if i%2 == 1 {
					ae = "gzip, deflate, br"
				}
				wg.Go(func() {
					<-start
					results[i] = do(t, h, "GET", "/big.wasm", map[string]string{"Accept-Encoding": ae})
				})
			}
			close(start)
			wg.Wait()
			got := counts{h.hashings.Load(), h.decodings.Load(), h.compressions.Load()}
			if got != tc.want {
				t.Errorf("hashed %d, decoded %d, compressed %d times; want %d, %d, %d",
					got.hashings, got.decodings, got.compressions, tc.want.hashings, tc.want.decodings, tc.want.compressions)
			}
			decodes := map[string]bool{} // gzip bodies (shared: one or two) that decode to big
			for i, r := range results {
				enc := r.hdr.Get("Content-Encoding")
				switch {
				case r.code != 200:
					t.Errorf("request %d: status %d", i, r.code)
				case enc == "br" && tc.br && i%2 == 1:
					if !bytes.Equal(r.body, brCopy) {
						t.Errorf("request %d: a .br that is not the copy", i)
					}
				case enc == "gzip":
					ok, seen := decodes[string(r.body)]
					if !seen {
						ok = bytes.Equal(gunzip(t, r.body), big)
						decodes[string(r.body)] = ok
					}
					if !ok {
						t.Errorf("request %d: decodes to something else", i)
					}
				default:
					t.Errorf("request %d (%d): encoding %q", i, i%2, enc)
				}
			}
		})
	}
}

// TestCopiesByContent: which copy each client gets, by what the copies,
// site.json and the file hold, whatever their times.
func TestCopiesByContent(t *testing.T) {
	file := compressible(100<<10, 3)
	changed := compressible(100<<10, 4)
	gzCopy := gzLevel(t, file, gzip.BestSpeed)
	brCopy := []byte("brotli copy")
	const (
		served   = "copy"
		onTheFly = "on the fly"
		identity = "identity"
	)
	for _, tc := range []struct {
		name   string
		setup  func(t *testing.T, dir string) // the folder holds app.wasm (file)
		br, gz string                         // what a "br" client and a "gzip" client get
	}{
		{"the build's copies, older than the file", func(t *testing.T, dir string) {
			writeAt(t, dir, "app.wasm.gz", gzCopy, -time.Hour)
			writeAt(t, dir, "app.wasm.br", brCopy, -time.Hour)
			writeManifest(t, dir, "app.wasm")
		}, served, served},
		{"the build's copies, newer than the file", func(t *testing.T, dir string) {
			writeAt(t, dir, "app.wasm.gz", gzCopy, time.Hour)
			writeAt(t, dir, "app.wasm.br", brCopy, time.Hour)
			writeManifest(t, dir, "app.wasm")
		}, served, served},
		{"the file changed after the build", func(t *testing.T, dir string) {
			writeAt(t, dir, "app.wasm.gz", gzCopy, 0)
			writeAt(t, dir, "app.wasm.br", brCopy, 0)
			writeManifest(t, dir, "app.wasm")
			writeAt(t, dir, "app.wasm", changed, 0)
		}, identity, onTheFly},
		{"the file changed after the build, the copies look newer", func(t *testing.T, dir string) {
			writeAt(t, dir, "app.wasm.gz", gzCopy, time.Hour)
			writeAt(t, dir, "app.wasm.br", brCopy, time.Hour)
			writeManifest(t, dir, "app.wasm")
			writeAt(t, dir, "app.wasm", changed, -time.Hour)
		}, identity, onTheFly},
		{"copies replaced after the build", func(t *testing.T, dir string) {
			writeAt(t, dir, "app.wasm.gz", gzCopy, 0)
			writeAt(t, dir, "app.wasm.br", brCopy, 0)
			writeManifest(t, dir, "app.wasm")
			writeAt(t, dir, "app.wasm.gz", gz(t, changed), 0)
			writeAt(t, dir, "app.wasm.br", []byte("another brotli copy"), 0)
		}, identity, onTheFly},
		{"a .gz of this content made by hand (no manifest)", func(t *testing.T, dir string) {
			writeAt(t, dir, "app.wasm.gz", gzCopy, -time.Hour)
		}, identity, served},
		{"a .gz of this content made by hand (not in the manifest)", func(t *testing.T, dir string) {
			writeAt(t, dir, "other.js", []byte("x"), 0)
			writeManifest(t, dir, "other.js")
			writeAt(t, dir, "app.wasm.gz", gzCopy, -time.Hour)
		}, identity, served},
		{"a .gz of another content made by hand", func(t *testing.T, dir string) {
			writeAt(t, dir, "app.wasm.gz", gz(t, changed), time.Hour)
		}, identity, onTheFly},
		{"a .br without a manifest", func(t *testing.T, dir string) {
			writeAt(t, dir, "app.wasm.br", brCopy, time.Hour)
		}, identity, onTheFly},
		{"a manifest from before the hashes", func(t *testing.T, dir string) {
			writeAt(t, dir, "app.wasm.gz", gzCopy, 0)
			writeAt(t, dir, "app.wasm.br", brCopy, 0)
			writeAt(t, dir, "site.json", fmt.Appendf(nil, `{"version":"v","files":{"app.wasm":{"size":%d,"gzip":%d,"brotli":%d}}}`,
				len(file), len(gzCopy), len(brCopy)), 0)
		}, identity, served},
		{"a damaged manifest", func(t *testing.T, dir string) {
			writeAt(t, dir, "app.wasm.gz", gzCopy, 0)
			writeAt(t, dir, "app.wasm.br", brCopy, 0)
			writeAt(t, dir, "site.json", []byte(`{"files": {"app.wasm": not json`), 0)
		}, identity, served},
		{"a .gz that is not gzip", func(t *testing.T, dir string) {
			writeAt(t, dir, "app.wasm.gz", file, 0)
		}, identity, onTheFly},
		{"a truncated .gz", func(t *testing.T, dir string) {
			writeAt(t, dir, "app.wasm.gz", gzCopy[:len(gzCopy)-10], 0)
		}, identity, onTheFly},
		{"a .gz decoding to the file and more", func(t *testing.T, dir string) {
			writeAt(t, dir, "app.wasm.gz", gz(t, append(bytes.Clone(file), make([]byte, 10<<20)...)), 0)
		}, identity, onTheFly},
		{"a folder named like a copy", func(t *testing.T, dir string) {
			os.Mkdir(filepath.Join(dir, "app.wasm.gz"), 0o755)
		}, identity, onTheFly},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := makeSite(t, map[string][]byte{"app.wasm": file})
			tc.setup(t, dir)
			now, _ := os.ReadFile(filepath.Join(dir, "app.wasm"))
			h := handler(t, dir)
			for _, c := range []struct{ ae, want string }{{"br", tc.br}, {"gzip", tc.gz}} {
				r := do(t, h, "GET", "/app.wasm", map[string]string{"Accept-Encoding": c.ae})
				cp, _ := os.ReadFile(filepath.Join(dir, "app.wasm"+map[string]string{"br": ".br", "gzip": ".gz"}[c.ae]))
				var got string
				switch enc := r.hdr.Get("Content-Encoding"); {
				case enc == "" && bytes.Equal(r.body, now):
					got = identity
				case enc == c.ae && bytes.Equal(r.body, cp):
					got = served
				case enc == "gzip" && bytes.Equal(gunzip(t, r.body), now):
					got = onTheFly
				default:
					got = fmt.Sprintf("a wrong answer (%q, %d bytes)", enc, len(r.body))
				}
				if got != c.want {
					t.Errorf("Accept-Encoding %s: %s, want %s", c.ae, got, c.want)
				}
			}
		})
	}
}

// TestBrotliOnlyClient: a client that takes brotli and not gzip gets the
// build's .br, even one older than its file; with no valid .br, the file.
func TestBrotliOnlyClient(t *testing.T) {
	dir := makeSite(t, map[string][]byte{"main.wasm": wasmBytes, "main.wasm.br": []byte("brotli")})
	writeManifest(t, dir, "main.wasm")
	setAge(t, dir, -time.Hour, "main.wasm.br", "site.json")
	h := handler(t, dir)
	r := do(t, h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "br"})
	if r.hdr.Get("Content-Encoding") != "br" || string(r.body) != "brotli" || r.hdr.Get("Content-Length") != "6" {
		t.Errorf("br client: %q, %q", r.hdr.Get("Content-Encoding"), r.body)
	}
	writeAt(t, dir, "main.wasm", append(bytes.Clone(wasmBytes), 0), 0)
	r = do(t, h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "br"})
	if r.hdr.Get("Content-Encoding") != "" || len(r.body) != len(wasmBytes)+1 {
		t.Errorf("br client, file changed: %q, %d bytes", r.hdr.Get("Content-Encoding"), len(r.body))
	}
}

// TestETagsByRepresentation: the file, its .br, its .gz and gzip made here
// have ETags of their own, each revalidating only itself; when the file
// changes, none of the old ones revalidates what is sent now.
func TestETagsByRepresentation(t *testing.T) {
	dir := makeSite(t, map[string][]byte{"main.wasm": wasmBytes, "main.wasm.br": []byte("brotli"), "main.wasm.gz": gzLevel(t, wasmBytes, 1)})
	writeManifest(t, dir, "main.wasm")
	h := handler(t, dir)
	get := func(ae, inm string) result {
		return do(t, h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": ae, "If-None-Match": inm})
	}
	aes := []string{"", "br", "gzip"}
	tags := map[string]string{}
	for _, ae := range aes {
		tags[ae] = get(ae, "").hdr.Get("ETag")
	}
	os.Remove(filepath.Join(dir, "main.wasm.gz")) // gzip made here from now on
	tags["z"] = get("gzip", "").hdr.Get("ETag")
	aes = append(aes, "z")
	seen := map[string]bool{}
	for _, ae := range aes {
		if tags[ae] == "" || seen[tags[ae]] {
			t.Errorf("ETags %v: empty or shared", tags)
		}
		seen[tags[ae]] = true
	}
	for _, ae := range aes[:2] {
		if r := get(ae, tags[ae]); r.code != http.StatusNotModified {
			t.Errorf("%q: revalidation %d", ae, r.code)
		}
	}
	if r := get("gzip", tags["z"]); r.code != http.StatusNotModified {
		t.Errorf("gzip made here: revalidation %d", r.code)
	}
	if r := get("br", tags["gzip"]); r.code != 200 {
		t.Errorf("br revalidated with the .gz's ETag: %d", r.code)
	}
	writeAt(t, dir, "main.wasm", append(bytes.Clone(wasmBytes), "changed"...), time.Hour)
	for _, ae := range []string{"", "br", "gzip"} {
		for _, old := range tags {
			if r := get(ae, old); r.code != 200 {
				t.Errorf("%q after the change: %d for the old ETag %s", ae, r.code, old)
			}
		}
	}
}

// TestCompressedCacheBound: the gzip made here is kept within its bound, the
// least recently used dropped first; a file dropped is compressed again.
func TestCompressedCacheBound(t *testing.T) {
	files := map[string][]byte{}
	for i := range 4 {
		files[fmt.Sprintf("f%d.js", i)] = compressible(64<<10, uint64(10+i))
	}
	h := handler(t, makeSite(t, files))
	z := do(t, h, "GET", "/f0.js", map[string]string{"Accept-Encoding": "gzip"})
	one := int64(len(z.body)) // each file compresses to about as much
	h.gzipped.maxBytes = 2*one + one/2
	ae := map[string]string{"Accept-Encoding": "gzip"}
	for _, p := range []string{"/f1.js", "/f0.js", "/f2.js"} { // f1 is now the least recent: dropped for f2
		do(t, h, "GET", p, ae)
	}
	if n, b := h.gzipped.kept(); n != 2 || b > h.gzipped.maxBytes {
		t.Errorf("kept %d files, %d bytes, bound %d", n, b, h.gzipped.maxBytes)
	}
	before := h.compressions.Load()
	do(t, h, "GET", "/f0.js", ae) // kept
	if h.compressions.Load() != before {
		t.Errorf("f0.js, the most recently used, was dropped")
	}
	r := do(t, h, "GET", "/f1.js", ae) // dropped
	if h.compressions.Load() != before+1 || !bytes.Equal(gunzip(t, r.body), files["f1.js"]) {
		t.Errorf("f1.js: %d compressions", h.compressions.Load()-before)
	}
}
