package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	write(web, "index.html", strings.Repeat("<p>chimera</p>\n", 100))
	write(web, "sw.js", `const VERSION = "__CHIMERA_VERSION__"; const PRECACHE = ["__CHIMERA_PRECACHE__"];`)
	write(web, "README.md", "not copied")
	write(dist, "main.wasm", "\x00asm"+strings.Repeat("wasm", 5000))
	write(dist, "stale.js.gz", "old")

	site, err := Build(web, dist, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dist, "README.md")); err == nil {
		t.Error("README.md copied")
	}
	if _, err := os.Stat(filepath.Join(dist, "stale.js.gz")); err == nil {
		t.Error("stale .gz kept")
	}
	for _, f := range []string{"index.html", "icon-192.png", "icon-512.png", "favicon.ico", "sw.js", "main.wasm"} {
		if _, ok := site.Files[f]; !ok {
			t.Errorf("%s not in site.json", f)
		}
	}
	// The .gz copy decodes to the file.
	z, err := os.ReadFile(filepath.Join(dist, "main.wasm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(r)
	orig, _ := os.ReadFile(filepath.Join(dist, "main.wasm"))
	if !bytes.Equal(got, orig) {
		t.Error("main.wasm.gz does not decode to main.wasm")
	}
	if site.Files["main.wasm"].Gzip != int64(len(z)) {
		t.Errorf("gzip size %d, file %d", site.Files["main.wasm"].Gzip, len(z))
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
	if !strings.Contains(string(sw), `"`+site.Version+`"`) || !strings.Contains(string(sw), `"./main.wasm"`) || !strings.Contains(string(sw), `"./site.json"`) {
		t.Errorf("sw.js not stamped: %s", sw)
	}
	var js Site
	data, _ := os.ReadFile(filepath.Join(dist, "site.json"))
	if err := json.Unmarshal(data, &js); err != nil || js.Version != site.Version {
		t.Errorf("site.json: %v %+v", err, js)
	}
	// Same input, same version; a change, a new version.
	again, err := Build(web, dist, true)
	if err != nil || again.Version != site.Version {
		t.Errorf("rebuild changed the version: %v %s %s", err, again.Version, site.Version)
	}
	write(web, "index.html", "changed")
	changed, _ := Build(web, dist, true)
	if changed.Version == site.Version {
		t.Error("a changed page kept the version")
	}
}
