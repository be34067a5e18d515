package site

import (
	"strings"
	"testing"
)

func TestVouches(t *testing.T) {
	sum := ContentHash([]byte("chimera"))
	other := ContentHash([]byte("chimera!"))
	both := FileInfo{Size: 1000, Gzip: 300, Brotli: 250, SHA256: sum}
	gzOnly := FileInfo{Size: 1000, Gzip: 300, Brotli: 300, SHA256: sum}
	none := FileInfo{Size: 10, Gzip: 10, Brotli: 10, SHA256: sum}
	old := FileInfo{Size: 1000, Gzip: 300, Brotli: 250} // a build before the hash was recorded
	for _, tc := range []struct {
		name string
		fi   FileInfo
		enc  string
		size int64
		sum  string
		want bool
	}{
		{"gz", both, "gzip", 300, sum, true},
		{"br", both, "br", 250, sum, true},
		{"gz of another size", both, "gzip", 301, sum, false},
		{"br of another size", both, "br", 300, sum, false},
		{"gz of another content", both, "gzip", 300, other, false},
		{"br of another content", both, "br", 250, other, false},
		{"br not written", gzOnly, "br", 300, sum, false},
		{"gz not written", none, "gzip", 10, sum, false},
		{"no hash recorded", old, "gzip", 300, "", false},
		{"no hash recorded, br", old, "br", 250, sum, false},
		{"unknown encoding", both, "zstd", 300, sum, false},
	} {
		if got := tc.fi.Vouches(tc.enc, tc.size, tc.sum); got != tc.want {
			t.Errorf("%s: Vouches = %v", tc.name, got)
		}
	}
}

func TestParseManifest(t *testing.T) {
	m, err := ParseManifest([]byte(`{"version":"v1","files":{"main.wasm":{"size":3,"gzip":2,"brotli":1,"sha256":"ab"}},"later":true}`))
	if err != nil || m.Version != "v1" || m.Files["main.wasm"] != (FileInfo{3, 2, 1, "ab"}) {
		t.Fatalf("%+v %v", m, err)
	}
	for _, bad := range []string{"", "not json{", `{"version":"v"}`, `[]`, `{"files":[]}`} {
		if _, err := ParseManifest([]byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestHashReader(t *testing.T) {
	data := strings.Repeat("chimera ", 10000)
	sum, n, err := HashReader(strings.NewReader(data))
	if err != nil || n != int64(len(data)) || sum != ContentHash([]byte(data)) {
		t.Errorf("HashReader: %s %d %v, want %s", sum, n, err, ContentHash([]byte(data)))
	}
}

func TestImmutable(t *testing.T) {
	for name, base := range map[string]string{
		"main.0123456789abcdef.wasm":       "main.wasm",
		"sub/engine.fedcba9876543210.wasm": "engine.wasm",
		"main.wasm":                        "",
		"main.0123456789ABCDEF.wasm":       "",
		"main.0123456789abcde.wasm":        "",
		"index.html":                       "",
	} {
		if got := HashedBase(name); got != base || Immutable(name) != (base != "") {
			t.Errorf("%s: HashedBase %q, Immutable %v; want %q", name, got, Immutable(name), base)
		}
	}
}
