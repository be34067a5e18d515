package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"chimera/web/site"
)

func TestStampServiceWorker(t *testing.T) {
	out, err := StampServiceWorker([]byte(`const V = "__CHIMERA_VERSION__"; const L = ["__CHIMERA_PRECACHE__"];`), "abc", []string{"./", "./a.js"})
	if err != nil {
		t.Fatal(err)
	}
	if want := `const V = "abc"; const L = ["./","./a.js"];`; string(out) != want {
		t.Errorf("got %s, want %s", out, want)
	}
	if _, err := StampServiceWorker([]byte("no placeholders"), "v", nil); err == nil {
		t.Error("a template without placeholders was accepted")
	}
}

func TestIcons(t *testing.T) {
	img := DrawIcon(64, false, false)
	if img.Bounds().Dx() != 64 {
		t.Fatalf("size %v", img.Bounds())
	}
	if img.NRGBAAt(0, 0).A != 0 {
		t.Errorf("rounded corner not transparent")
	}
	if c := img.NRGBAAt(27, 40); c.A != 255 || c.R < 200 {
		t.Errorf("left half of the piece not white: %v", c)
	}
	if c := img.NRGBAAt(37, 40); c.A != 255 || c.R > 80 {
		t.Errorf("right half of the piece not black: %v", c)
	}
	if DrawIcon(32, true, false).NRGBAAt(0, 0).A != 255 {
		t.Errorf("maskable icon not full-bleed")
	}
	p, _ := encodePNG(DrawIcon(16, false, false))
	ico := ICO([][]byte{p}, []int{16})
	if !bytes.Equal(ico[:6], []byte{0, 0, 1, 0, 1, 0}) || !bytes.Equal(ico[22:], p) {
		t.Errorf("bad ICO header or payload")
	}
}

func TestBuild(t *testing.T) {
	web, dist := t.TempDir(), t.TempDir()
	write := func(dir, name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(web, "index.html", "<!doctype html>\n<html><head>\n<meta charset=\"utf-8\">\n<title>x</title></head><body>"+strings.Repeat("<p>chimera</p>\n", 100))
	write(web, "sw.js", `const VERSION = "__CHIMERA_VERSION__"; const PRECACHE = ["__CHIMERA_PRECACHE__"];`)
	write(web, "README.md", "not copied")
	write(web, "embed.html", "<html><head><title>e</title></head></html>")
	write(dist, "main.wasm", "\x00asm"+strings.Repeat("wasm", 5000))
	write(dist, "main.00000000000000aa.wasm", "an older build's")
	write(web, "boot.js", "// loads main.wasm\nfetch('main.wasm'); fetch(\"main.wasm\"); fetch('main.wasm.gz');\n")
	write(dist, "stale.js.gz", "old")
	write(dist, "stale.js.br", "old")
	brotliPath, _ = exec.LookPath("brotli") // .br copies where brotli is installed
	defer func() { brotliPath = "" }()

	info, err := Build(web, dist, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dist, "README.md")); err == nil {
		t.Error("README.md copied")
	}
	for _, f := range []string{"stale.js.gz", "stale.js.br"} {
		if _, err := os.Stat(filepath.Join(dist, f)); err == nil {
			t.Errorf("stale %s kept", f)
		}
	}
	// The pages carry the policy, after their charset.
	page, _ := os.ReadFile(filepath.Join(dist, "index.html"))
	if want := "<meta charset=\"utf-8\">\n" + site.MetaTags(); !strings.Contains(string(page), want) {
		t.Errorf("index.html has no policy after its charset:\n%s", page[:300])
	}
	// main.wasm has its content-hashed name, written into the scripts that
	// load it; the older build's copy is gone.
	wasm := info.Names["main.wasm"]
	if want := HashName("main.wasm", []byte("\x00asm"+strings.Repeat("wasm", 5000))); wasm != want || !site.Immutable(wasm) || site.HashedBase(wasm) != "main.wasm" {
		t.Errorf("main.wasm is named %q, want %q", wasm, want)
	}
	if _, err := os.Stat(filepath.Join(dist, "main.00000000000000aa.wasm")); err == nil {
		t.Error("an older build's main.wasm kept")
	}
	if _, err := os.Stat(filepath.Join(dist, "main.wasm")); err == nil {
		t.Error("main.wasm kept under its logical name")
	}
	boot, _ := os.ReadFile(filepath.Join(dist, "boot.js"))
	if want := "// loads main.wasm\nfetch('" + wasm + "'); fetch(\"" + wasm + "\"); fetch('main.wasm.gz');\n"; string(boot) != want {
		t.Errorf("boot.js is\n%s\nwant\n%s", boot, want)
	}
	for _, f := range []string{"index.html", "icon-192.png", "icon-512.png", "favicon.ico", "sw.js", wasm} {
		if _, ok := info.Files[f]; !ok {
			t.Errorf("%s not in site.json", f)
		}
	}
	// The .gz copy decodes to the file.
	z, err := os.ReadFile(filepath.Join(dist, wasm+".gz"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(r)
	orig, _ := os.ReadFile(filepath.Join(dist, wasm))
	if !bytes.Equal(got, orig) {
		t.Error("main.wasm.gz does not decode to main.wasm")
	}
	if info.Files[wasm].Gzip != int64(len(z)) {
		t.Errorf("gzip size %d, file %d", info.Files[wasm].Gzip, len(z))
	}
	// The .br copy (brotli installed) decodes to the file, and site.json counts it.
	if brotliPath != "" {
		out, err := exec.Command(brotliPath, "-d", "-c", filepath.Join(dist, wasm+".br")).Output()
		if err != nil || !bytes.Equal(out, orig) {
			t.Errorf("main.wasm.br does not decode to main.wasm: %v", err)
		}
		if fi, _ := os.Stat(filepath.Join(dist, wasm+".br")); fi == nil || info.Files[wasm].Brotli != fi.Size() || !info.Brotli {
			t.Errorf("brotli size %d in site.json", info.Files[wasm].Brotli)
		}
	} else {
		t.Log("brotli is not installed: no .br copies checked")
	}
	var total int64
	for _, fi := range info.Files {
		total += fi.Brotli
	}
	if total != info.TotalBrotli || info.TotalBrotli > info.TotalGzip {
		t.Errorf("brotli total %d, files %d, gzip %d", info.TotalBrotli, total, info.TotalGzip)
	}
	// Icons are PNGs of the right size.
	f, _ := os.Open(filepath.Join(dist, "icon-192.png"))
	cfg, err := png.DecodeConfig(f)
	f.Close()
	if err != nil || cfg.Width != 192 || cfg.Height != 192 {
		t.Errorf("icon-192.png: %v %v", cfg, err)
	}
	// The service worker carries the version and the file list.
	sw, _ := os.ReadFile(filepath.Join(dist, "sw.js"))
	if !strings.Contains(string(sw), `"`+info.Version+`"`) || !strings.Contains(string(sw), `"./`+wasm+`"`) || !strings.Contains(string(sw), `"./site.json"`) ||
		!strings.Contains(string(sw), `"./index.html?mode=embed"`) {
		t.Errorf("sw.js not stamped: %s", sw)
	}
	var js site.Manifest
	data, _ := os.ReadFile(filepath.Join(dist, "site.json"))
	if err := json.Unmarshal(data, &js); err != nil || js.Version != info.Version {
		t.Errorf("site.json: %v %+v", err, js)
	}
	// site.json records each file's content hash, and so vouches for the
	// copies made from it (what cmd/serve checks)
	if m, err := site.ParseManifest(data); err != nil || len(m.Files) != len(info.Files) {
		t.Errorf("ParseManifest: %v", err)
	}
	for name, fi := range js.Files {
		content, err := os.ReadFile(filepath.Join(dist, filepath.FromSlash(name)))
		if err != nil || fi.SHA256 != site.ContentHash(content) {
			t.Errorf("%s: sha256 %q in site.json, content's %q (%v)", name, fi.SHA256, site.ContentHash(content), err)
		}
		for enc, ext := range map[string]string{"gzip": ".gz", "br": ".br"} {
			if st, err := os.Stat(filepath.Join(dist, filepath.FromSlash(name)+ext)); err == nil && !fi.Vouches(enc, st.Size(), fi.SHA256) {
				t.Errorf("site.json does not vouch for %s%s", name, ext)
			}
		}
	}
	if js.Names["main.wasm"] != wasm {
		t.Errorf("site.json names main.wasm %q", js.Names["main.wasm"])
	}
	if !js.Files[wasm].Vouches("gzip", int64(len(z)), site.ContentHash(orig)) {
		t.Errorf("site.json does not vouch for main.wasm.gz")
	}
	// Same input, same version; a change, a new version.
	again, err := Build(web, dist, true)
	if err != nil || again.Version != info.Version {
		t.Errorf("rebuild changed the version: %v %s %s", err, again.Version, info.Version)
	}
	write(web, "index.html", "<head>changed")
	changed, _ := Build(web, dist, true)
	if changed.Version == info.Version {
		t.Error("a changed page kept the version")
	}
}

// TestScriptsNeverCallTheTestHook: window.chimera is cmd/wasm's hook for
// the browser tests; the page's own scripts use window.chimeraApp.
func TestScriptsNeverCallTheTestHook(t *testing.T) {
	files, err := filepath.Glob("../*.js")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts in web/: %v", err)
	}
	hook := regexp.MustCompile(`\bchimera\s*(\.|\?\.|\[)`)
	quoted := regexp.MustCompile(`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"`) // storage keys such as 'chimera.prefs' are not calls
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			code, _, _ := strings.Cut(line, "//")
			if hook.MatchString(quoted.ReplaceAllString(code, "''")) {
				t.Errorf("%s:%d calls the test hook: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}

// The icons written indexed are pixel for pixel the images drawn.
func TestPalettedIconsAreExact(t *testing.T) {
	for _, img := range []*image.NRGBA{DrawIcon(512, false, false), DrawIcon(512, true, true), DrawIcon(192, false, false)} {
		checkPaletted(t, img)
	}
}

func checkPaletted(t *testing.T, img *image.NRGBA) {
	p, ok := paletted(img)
	if !ok {
		t.Fatal("the icon has more than 256 colours")
	}
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			b := color.NRGBAModel.Convert(p.At(x, y)).(color.NRGBA)
			if a.A == 0 && b.A == 0 {
				continue
			}
			if a != b {
				t.Fatalf("(%d, %d): %v written as %v", x, y, a, b)
			}
		}
	}
}
