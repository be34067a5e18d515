package site

import (
	"net/url"
	"strings"
	"testing"
)

func TestCSP(t *testing.T) {
	for _, embeddable := range []bool{false, true} {
		csp := CSP(embeddable)
		for _, want := range []string{"default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "style-src 'self'", "object-src 'none'", "base-uri 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("CSP(%v) = %q lacks %q", embeddable, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "'unsafe-eval'") {
			t.Errorf("CSP(%v) allows inline code or eval: %q", embeddable, csp)
		}
	}
	if !strings.HasSuffix(CSP(true), "; frame-ancestors *") || !strings.HasSuffix(CSP(false), "; frame-ancestors 'self'") {
		t.Errorf("frame-ancestors: %q, %q", CSP(true), CSP(false))
	}
	if m := MetaCSP(); strings.Contains(m, "frame-ancestors") || !strings.HasPrefix(CSP(false), m+"; ") {
		t.Errorf("MetaCSP %q is not the header's policy without frame-ancestors", m)
	}
}

func TestEmbeddable(t *testing.T) {
	for _, tc := range []struct {
		target string
		want   bool
	}{
		{"/", false}, {"/index.html", false}, {"/?mode=embed", true}, {"/index.html?mode=diagram&fen=x", true},
		{"/?mode=play", false}, {"/?mode=", false}, {"/embed.html", true}, {"/sub/embed.html", true},
		{"/main.wasm?mode=embed", false}, {"/?mode=Embed", false},
		// the pairs Go's url.ParseQuery skips, and the page does not
		{"/index.html?mode=play;&mode=embed", false}, {"/?mode=%zz&mode=embed", false},
		{"/?mode=embed;&mode=play", false}, {"/?mode=%65mbed", true}, {"/?&&mode=embed", true},
		{"/?mode=embed&mode=play", true}, {"/?mode=play&mode=embed", false}, {"/?mode+=embed", false},
	} {
		u, _ := url.Parse(tc.target)
		if got := Embeddable(u.Path, u.RawQuery); got != tc.want {
			t.Errorf("Embeddable(%s) = %v", tc.target, got)
		}
	}
}

func TestInjectMeta(t *testing.T) {
	tags := strings.TrimSuffix(MetaTags(), "\n")
	for _, tc := range []struct{ in, want, err string }{
		{"<!doctype html>\n<html lang=en>\n<head>\n<meta charset=\"utf-8\">\n<title>t</title>",
			"<!doctype html>\n<html lang=en>\n<head>\n<meta charset=\"utf-8\">\n" + tags + "\n<title>t</title>", ""},
		{"<HTML><HEAD><title>t</title>", "<HTML><HEAD>\n" + tags + "<title>t</title>", ""},
		{"<p>no head</p>", "", "no <head>"},
		{"<head><meta http-equiv=\"Content-Security-Policy\" content=\"default-src *\">", "", "its own"},
	} {
		got, err := InjectMeta([]byte(tc.in))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || string(got) != tc.want {
			t.Errorf("%q:\n%s\nwant\n%s (%v)", tc.in, got, tc.want, err)
		}
	}
}

func TestCompressible(t *testing.T) {
	for name, want := range map[string]bool{"main.wasm": true, "index.HTML": true, "a.js": true, "icon.png": false, "x.gz": false, "x.br": false, "favicon.ico": true} {
		if Compressible(name) != want {
			t.Errorf("Compressible(%s) = %v", name, !want)
		}
	}
}
