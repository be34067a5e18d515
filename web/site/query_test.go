package site

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"
)

var addrCount = flag.Int("addrs", 20_000, "generated query strings for TestParseQueryAgreesWithBrowsers")

// hostile are query strings that broke or may break a reader: pairs Go's
// url.ParseQuery skips (';', bad escapes), repeated and empty names, case,
// '+', and UTF-8 that is not well formed.
var hostile = []string{
	"", "mode=embed", "mode=play;&mode=embed", "mode=%zz&mode=embed", "mode=embed;&mode=play",
	"mode=%65mbed", "&&mode=embed", "mode=embed&mode=play", "mode=play&mode=embed", "mode+=embed",
	"mode", "mode=", "=embed", "mode==embed", "MODE=embed", "Mode=embed", "%6Dode=embed", "mode=Embed",
	"mode=em%62ed%", "mode=%", "mode=%2", "mode=%%65mbed", "mode=embed%00", "mode=%E2%82", "mode=%E2%82%AC",
	"mode=%C0%AF", "mode=%ED%A0%80", "mode=%F4%90%80%80", "mode=%FF%FE", "mode=%F0%9F%98", "mode=é", "m%C3%B6de=embed",
	"mode=emb+ed", "mode=+embed", "mode=embed+", "?mode=embed", "mode=embed#x", "mode=diagram;", "mode=diagram&mode=",
	"variant=bedlam&mode=%3Bembed", "mode=%26mode%3Dembed", "a=1&mode=embed&a=2", "mode=emb%65d&save=1&moves=e2e4",
}

// TestParseQueryAgreesWithBrowsers checks ParseQuery against Node's
// URLSearchParams (the WHATWG parser every browser has) on the hostile
// queries and on -addrs generated ones: the same pairs in the same order,
// and so the same mode. The page reads its address with URLSearchParams
// (web/boot.js, web/ui.js, cmd/wasm), cmd/serve with ParseQuery.
func TestParseQueryAgreesWithBrowsers(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("node is needed to compare with URLSearchParams")
		}
		t.Skip("no node: cannot compare with URLSearchParams")
	}
	n := *addrCount
	if testing.Short() {
		n = min(n, 2_000)
	}
	queries := append([]string(nil), hostile...)
	rng := rand.New(rand.NewPCG(1, 2))
	for len(queries) < len(hostile)+n {
		queries = append(queries, randomQuery(rng))
	}
	// Node reads one JSON string a line, makes it an address as a browser
	// does (the URL parser percent-encodes what a query may not hold, such
	// as spaces and non-ASCII: the search is what the server is sent and
	// what location.search says), and writes the search and the pairs
	// URLSearchParams reads from it (dropping one leading '?').
	const script = `const rl = require('readline').createInterface({input: process.stdin});
const out = [];
rl.on('line', l => {
  const search = new URL('http://127.0.0.1/index.html?' + JSON.parse(l)).search;
  out.push(JSON.stringify([search, [...new URLSearchParams(search)]]));
  if (out.length >= 4096) { process.stdout.write(out.join('\n') + '\n'); out.length = 0; }
});
rl.on('close', () => { if (out.length) process.stdout.write(out.join('\n') + '\n'); });`
	cmd := exec.Command(node, "-e", script)
	in, _ := cmd.StdinPipe()
	outPipe, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		w := bufio.NewWriter(in)
		for _, q := range queries {
			b, _ := json.Marshal(q)
			w.Write(b)
			w.WriteByte('\n')
		}
		w.Flush()
		in.Close()
	}()
	sc := bufio.NewScanner(outPipe)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	i, bad := 0, 0
	for sc.Scan() {
		if i >= len(queries) {
			t.Fatal("node answered more lines than it was given")
		}
		var answer struct {
			search string
			pairs  [][2]string
		}
		var line []json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil || len(line) != 2 ||
			json.Unmarshal(line[0], &answer.search) != nil || json.Unmarshal(line[1], &answer.pairs) != nil {
			t.Fatalf("node's answer %q: %v", sc.Text(), err)
		}
		// what the server reads: the request's raw query, as Go's server
		// gets it from the request line
		u, err := url.ParseRequestURI("/index.html" + answer.search)
		if err != nil {
			t.Fatalf("query %q: the browser's address %q is no request: %v", queries[i], answer.search, err)
		}
		raw := u.RawQuery
		if got := pairs(raw); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", answer.pairs) {
			if bad++; bad <= 10 {
				t.Errorf("query %q (sent as %q): ParseQuery %q, URLSearchParams %q", queries[i], raw, got, answer.pairs)
			}
		}
		mode := ""
		for _, p := range answer.pairs {
			if p[0] == "mode" {
				mode = p[1]
				break
			}
		}
		if Embeddable("/index.html", raw) != (mode == "embed" || mode == "diagram") {
			t.Errorf("query %q: the server's framing decision disagrees with the page's mode %q", queries[i], mode)
		}
		i++
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if i != len(queries) {
		t.Fatalf("node answered %d of %d queries", i, len(queries))
	}
	t.Logf("%d queries: ParseQuery and URLSearchParams agree on %d", len(queries), len(queries)-bad)
}

// randomQuery builds a query from pieces chosen to confuse parsers.
func randomQuery(rng *rand.Rand) string {
	pieces := []string{"mode", "embed", "diagram", "play", "=", "=", "&", "&", ";", "%", "%zz", "%2", "%3D", "%26",
		"%3B", "%65", "%6", "+", "%2B", "%20", "%E2%82", "%E2%82%AC", "%C0%AF", "%ED%A0%80", "%F4%90%80%80", "%FF",
		"%F0%9F%98%80", "%F0%9F", "é", "€", "MODE", "Mode", "%6Dode", "?", "save", "1", "moves", "e2e4,", "a", " ", "%00"}
	var b strings.Builder
	for k := rng.IntN(12); k >= 0; k-- {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// FuzzParseQuery checks that ParseQuery never fails, returns valid UTF-8,
// and that Embeddable follows the mode it reads.
func FuzzParseQuery(f *testing.F) {
	for _, q := range hostile {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q := ParseQuery(raw)
		for k, vs := range q {
			for _, v := range append(vs, k) {
				if !utf8.ValidString(v) {
					t.Fatalf("%q: %q is not UTF-8", raw, v)
				}
			}
		}
		m := q.Get("mode")
		if Embeddable("/", raw) != (m == "embed" || m == "diagram") {
			t.Fatalf("%q: Embeddable disagrees with mode %q", raw, m)
		}
	})
}
