// Command sitebuild finishes the static site in dist/ after the wasm binaries and
// wasm_exec.js are in place (the Makefile's `make build` runs it):
//
//	go run ./web/sitebuild -web web -dist dist
//
// It copies the page files from web/, writing the site's security policy into
// every page as <meta> tags (package chimera/web/site, the same policy cmd/serve
// sends as headers), draws the app icons and the pictures of the pieces (SVG, for
// the help), writes a gzip copy (FILE.gz) and, when the brotli program is
// installed, a brotli copy (FILE.br) of every compressible file for cmd/serve and
// static hosts to send, stamps the service worker with a cache version (a hash of
// the site's contents) and the list of files to precache, and writes site.json
// (site.Manifest: version, each file's sizes and the SHA-256 of the content its
// .gz and .br copies were made from, gzip and brotli totals) which the loading
// page, the browser tests and cmd/serve read.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"chimera/web/site"
)

// copied lists the extensions of web/ files that belong to the site.
var copied = map[string]bool{
	".html": true, ".js": true, ".css": true, ".webmanifest": true, ".json": true,
	".png": true, ".svg": true, ".ico": true, ".txt": true,
}

const (
	swName   = "sw.js"
	siteJSON = site.ManifestName
)

func main() {
	webDir := flag.String("web", "web", "folder with the page sources")
	dist := flag.String("dist", "dist", "site folder to finish")
	noGzip := flag.Bool("nogzip", false, "do not write .gz or .br copies")
	fast := flag.Bool("fast", false, "compress with Go's gzip only, even where zopfli and brotli are installed")
	flag.Parse()
	if !*fast {
		if p, err := exec.LookPath("zopfli"); err == nil {
			zopfliPath = p
		}
		if p, err := exec.LookPath("brotli"); err == nil {
			brotliPath = p
		}
	}
	if zopfliPath == "" {
		fmt.Println("sitebuild: compressing with Go's gzip (zopfli, if installed, makes the .wasm.gz about 5% smaller)")
	} else {
		fmt.Println("sitebuild: compressing the large files with", zopfliPath)
	}
	if brotliPath == "" {
		fmt.Println("sitebuild: no brotli copies (install brotli for them: about 25% smaller than gzip)")
	} else {
		fmt.Println("sitebuild: brotli copies with", brotliPath)
	}
	info, err := Build(*webDir, *dist, !*noGzip)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sitebuild:", err)
		os.Exit(1)
	}
	br := func(n int64) string {
		if !info.Brotli {
			return ""
		}
		return fmt.Sprintf(", %.2f MB brotli", float64(n)/1e6)
	}
	fmt.Printf("sitebuild: %s: %d files, %.2f MB, %.2f MB gzip-compressed%s, cache version %s\n",
		*dist, len(info.Files), float64(info.TotalSize)/1e6, float64(info.TotalGzip)/1e6, br(info.TotalBrotli), info.Version)
	for _, name := range []string{"main.wasm", "engine.wasm"} {
		if fi, ok := info.Files[info.Names[name]]; ok {
			fmt.Printf("sitebuild:   %-12s %6.2f MB, %5.2f MB gzip%s\n", name, float64(fi.Size)/1e6, float64(fi.Gzip)/1e6, br(fi.Brotli))
		} else {
			fmt.Printf("sitebuild:   %-12s missing\n", name)
		}
	}
}

// Build finishes the site in dist from the sources in webDir and returns what
// it wrote into site.json.
func Build(webDir, dist string, writeGzip bool) (*site.Manifest, error) {
	if err := os.MkdirAll(dist, 0o755); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(webDir)
	if err != nil {
		return nil, err
	}
	var swTemplate []byte
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || strings.HasPrefix(name, ".") || !copied[path.Ext(name)] {
			continue
		}
		data, err := os.ReadFile(filepath.Join(webDir, name))
		if err != nil {
			return nil, err
		}
		if name == swName {
			swTemplate = data
			continue
		}
		if name == "paint.js" {
			if data, err = StampPaint(data); err != nil {
				return nil, err
			}
		}
		if path.Ext(name) == ".html" {
			if data, err = site.InjectMeta(data); err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
		}
		if err := os.WriteFile(filepath.Join(dist, name), data, 0o644); err != nil {
			return nil, err
		}
	}
	if swTemplate == nil {
		return nil, fmt.Errorf("%s/%s is missing", webDir, swName)
	}
	if err := WriteIcons(dist); err != nil {
		return nil, err
	}
	if err := WritePieces(dist); err != nil {
		return nil, err
	}
	if err := WriteHelp(dist); err != nil {
		return nil, err
	}
	// The large files get content-hashed names, written into the pages and
	// scripts that load them.
	hashed, err := hashFileNames(dist)
	if err != nil {
		return nil, err
	}
	if err := renameReferences(dist, hashed); err != nil {
		return nil, err
	}

	// Remove stale outputs of an earlier run, then list the site.
	names, err := listSite(dist)
	if err != nil {
		return nil, err
	}
	version, err := hashFiles(dist, names)
	if err != nil {
		return nil, err
	}
	precache := []string{"./"}
	for _, n := range names {
		precache = append(precache, "./"+n)
	}
	precache = append(precache, "./"+siteJSON)
	// the game page in its embed modes, last (sw.js answers a page opened in
	// one of them with its copy: other sites may frame those, see web/site)
	for _, m := range site.EmbedModes {
		precache = append(precache, "./index.html?mode="+m)
	}
	sw, err := StampServiceWorker(swTemplate, version, precache)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dist, swName), sw, 0o644); err != nil {
		return nil, err
	}
	names = append(names, swName)
	sort.Strings(names)

	info := &site.Manifest{Version: version, Files: map[string]site.FileInfo{}, Compressor: "go", Brotli: writeGzip && brotliPath != "", Names: hashed}
	if zopfliPath != "" {
		info.Compressor = "zopfli"
	}
	infos, err := compressAll(dist, names, writeGzip)
	if err != nil {
		return nil, err
	}
	for i, n := range names {
		info.Files[n] = infos[i]
		info.TotalSize += infos[i].Size
		info.TotalGzip += infos[i].Gzip
		info.TotalBrotli += infos[i].Brotli
	}
	js, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dist, siteJSON), append(js, '\n'), 0o644); err != nil {
		return nil, err
	}
	return info, nil
}

// listSite returns the site's files (slash paths relative to dist, sorted), leaving
// out .gz and .br copies, the service worker and site.json, and deletes the copies
// left from an earlier build.
func listSite(dist string) ([]string, error) {
	var names []string
	err := filepath.WalkDir(dist, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dist, p)
		rel = filepath.ToSlash(rel)
		switch {
		case strings.HasSuffix(rel, ".gz"), strings.HasSuffix(rel, ".br"):
			return os.Remove(p)
		case rel == swName || rel == siteJSON || strings.HasPrefix(path.Base(rel), "."):
			return nil
		}
		names = append(names, rel)
		return nil
	})
	sort.Strings(names)
	return names, err
}

// hashFiles returns a short hash of the files' names and contents: the cache version.
func hashFiles(dist string, names []string) (string, error) {
	h := sha256.New()
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dist, filepath.FromSlash(n)))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// StampServiceWorker fills the service worker template's placeholders: the string
// literal "__CHIMERA_VERSION__" and the array literal ["__CHIMERA_PRECACHE__"].
func StampServiceWorker(tmpl []byte, version string, precache []string) ([]byte, error) {
	const verPH, listPH = `"__CHIMERA_VERSION__"`, `["__CHIMERA_PRECACHE__"]`
	if !bytes.Contains(tmpl, []byte(verPH)) || !bytes.Contains(tmpl, []byte(listPH)) {
		return nil, fmt.Errorf("service worker template lacks %s or %s", verPH, listPH)
	}
	v, _ := json.Marshal(version)
	l, _ := json.Marshal(precache)
	out := bytes.ReplaceAll(tmpl, []byte(verPH), v)
	out = bytes.ReplaceAll(out, []byte(listPH), l)
	return out, nil
}

// compressAll writes FILE.gz and FILE.br (with brotli installed) for the
// compressible files and returns each file's sizes and content hash (the
// content the copies are made from). The compressions run two
// at a time (the machines here have two cores), gzip and brotli of one file
// apart. A copy no smaller than what a client would get without it (the
// file, or for brotli the gzip copy) is not written.
func compressAll(dist string, names []string, writeGzip bool) ([]site.FileInfo, error) {
	infos := make([]site.FileInfo, len(names))
	gz := make([][]byte, len(names))
	br := make([][]byte, len(names))
	var errs []error
	var mu sync.Mutex
	fail := func(err error) { mu.Lock(); errs = append(errs, err); mu.Unlock() }
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	task := func(f func()) {
		wg.Add(1)
		sem <- struct{}{}
		go func() { defer func() { <-sem; wg.Done() }(); f() }()
	}
	for i, n := range names {
		p := filepath.Join(dist, filepath.FromSlash(n))
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		infos[i] = site.FileInfo{Size: int64(len(data)), Gzip: int64(len(data)), Brotli: int64(len(data)), SHA256: site.ContentHash(data)}
		if !site.Compressible(n) {
			continue
		}
		task(func() {
			z := site.Gzip(data)
			if zopfliPath != "" && len(data) >= zopfliMin {
				if zz, err := Zopfli(p); err == nil && len(zz) < len(z) {
					z = zz
				} else if err != nil {
					fmt.Fprintf(os.Stderr, "sitebuild: zopfli %s: %v (using Go's gzip)\n", n, err)
				}
			}
			gz[i] = z
		})
		if brotliPath != "" && writeGzip {
			task(func() {
				b, err := Brotli(p)
				if err != nil {
					fail(fmt.Errorf("brotli %s: %v", n, err))
				}
				br[i] = b
			})
		}
	}
	wg.Wait()
	if len(errs) > 0 {
		return nil, errs[0]
	}
	for i, n := range names {
		p := filepath.Join(dist, filepath.FromSlash(n))
		if gz[i] != nil && int64(len(gz[i])) < infos[i].Size {
			infos[i].Gzip, infos[i].Brotli = int64(len(gz[i])), int64(len(gz[i]))
			if writeGzip {
				if err := os.WriteFile(p+".gz", gz[i], 0o644); err != nil {
					return nil, err
				}
			}
		}
		if br[i] != nil && int64(len(br[i])) < infos[i].Brotli {
			infos[i].Brotli = int64(len(br[i]))
			if err := os.WriteFile(p+".br", br[i], 0o644); err != nil {
				return nil, err
			}
		}
	}
	return infos, nil
}

// zopfliPath is the zopfli program used for files of at least zopfliMin bytes,
// or "" for Go's gzip only. zopfli writes standard gzip, about 5% smaller than
// the best level of compress/gzip, at the cost of ~30 s of CPU for main.wasm.
var zopfliPath string

const zopfliMin = 256 << 10

// Zopfli compresses a file with the zopfli program (5 iterations).
func Zopfli(file string) ([]byte, error) {
	var out, errb bytes.Buffer
	cmd := exec.Command(zopfliPath, "--i5", "-c", file)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%v: %s", err, errb.String())
	}
	if out.Len() < 18 || out.Bytes()[0] != 0x1f || out.Bytes()[1] != 0x8b {
		return nil, fmt.Errorf("output is not gzip")
	}
	return out.Bytes(), nil
}

// brotliPath is the brotli program, or "" for no .br copies.
var brotliPath string

// Brotli compresses a file with the brotli program at its best level, with
// the largest standard window (16 MiB: main.wasm is larger than the default 4).
func Brotli(file string) ([]byte, error) {
	var out, errb bytes.Buffer
	cmd := exec.Command(brotliPath, "-q", "11", "-w", "24", "-c", file)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%v: %s", err, errb.String())
	}
	return out.Bytes(), nil
}
