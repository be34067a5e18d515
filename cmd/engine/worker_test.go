//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"chimera/ai"
	"chimera/game"
)

var wasmBuild struct {
	once sync.Once
	dir  string
	path string
	err  error
	out  []byte
}

// engineWasm builds engine.wasm once per test run.
func engineWasm(t *testing.T) string {
	t.Helper()
	b := &wasmBuild
	b.once.Do(func() {
		b.dir, b.err = os.MkdirTemp("", "chimera-engine-")
		if b.err != nil {
			return
		}
		b.path = filepath.Join(b.dir, "engine.wasm")
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", b.path, ".")
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		b.out, b.err = cmd.CombinedOutput()
	})
	if b.err != nil {
		t.Fatalf("build engine.wasm: %v\n%s", b.err, b.out)
	}
	return b.path
}

func TestMain(m *testing.M) {
	code := m.Run()
	if wasmBuild.dir != "" {
		os.RemoveAll(wasmBuild.dir)
	}
	os.Exit(code)
}

// runWorker runs a scenario of testdata/worker_driver.js: engine.wasm in
// web/engine-worker.js in a Node worker thread, as in the browser.
func runWorker(t *testing.T, scenario string) map[string]any {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the wasm")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not found")
	}
	wasm := engineWasm(t)
	execJS := filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js")
	if _, err := os.Stat(execJS); err != nil {
		execJS = filepath.Join(runtime.GOROOT(), "misc", "wasm", "wasm_exec.js") // before Go 1.24
	}
	return runDriver(t, scenario, execJS, wasm)
}

// runDriver runs a scenario of testdata/worker_driver.js with these
// wasm_exec.js and engine.wasm.
func runDriver(t *testing.T, scenario, execJS, wasm string) map[string]any {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found")
	}
	outp, err := exec.Command(node, "testdata/worker_driver.js", scenario, execJS, wasm, "../../web/engine-worker.js").CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, outp)
	}
	lines := strings.Split(strings.TrimSpace(string(outp)), "\n")
	var sum map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil {
		t.Fatalf("driver output: %v\n%s", err, outp)
	}
	if len(lines) > 1 {
		t.Logf("engine console:\n%s", strings.Join(lines[:len(lines)-1], "\n"))
	}
	t.Logf("%s", lines[len(lines)-1])
	if w, _ := sum["workerErrors"].([]any); len(w) > 0 {
		t.Errorf("worker errors: %v", w)
	}
	if sum["answers"] != sum["gos"] {
		t.Errorf("%v bestmoves for %v gos", sum["answers"], sum["gos"])
	}
	return sum
}

// TestWorkerFlood300 is the reported failure: a level-8 search, then 300
// 'position' messages in one burst after 300 ms; the worker died of a Go
// deadlock ("all goroutines are asleep") and answered nothing after it.
func TestWorkerFlood300(t *testing.T) {
	sum := runWorker(t, "flood300")
	if sum["errors"] != 0.0 || sum["lastMove"] == "" || sum["lastMove"] == nil {
		t.Errorf("after the floods: %v", sum)
	}
	// the searches had 10 minutes: only the flood could end them this soon
	for _, ms := range sum["answerAfterFlood"].([]any) {
		if ms == nil || ms.(float64) > 60_000 {
			t.Errorf("the search stopped by a flood answered after %v ms", ms)
		}
	}
}

// TestWorkerBursts sends 10,000 messages (positions, gos with ids, stops
// and junk) in bursts while searches run: every go is answered exactly
// once, and the last, after a valid position, with a move.
func TestWorkerBursts(t *testing.T) {
	sum := runWorker(t, "bursts")
	if m, _ := sum["missing"].([]any); len(m) > 0 {
		t.Errorf("gos without an answer: %v", m)
	}
	if d, _ := sum["twice"].([]any); len(d) > 0 {
		t.Errorf("gos answered twice: %v", d)
	}
	if mv, _ := sum["lastMove"].(string); mv == "" {
		t.Errorf("last go: %v", sum)
	}
}

// TestWorkerStop: a 'stop' ends a 10-minute search at once, with a move
// (the bound asserted is loose: the machine may be loaded; the figure is
// logged).
func TestWorkerStop(t *testing.T) {
	sum := runWorker(t, "stop")
	if sum["firstMove"] == "" || sum["lastMove"] == "" {
		t.Errorf("no move: %v", sum)
	}
	if ms, _ := sum["stopAnsweredAfter"].(float64); sum["stopAnsweredAfter"] == nil || ms > 60_000 {
		t.Errorf("stop answered after %v ms", ms)
	}
}

// TestWorkerInfo: a long search reports its progress while an iteration
// runs, not only when one ends (the page showed depth 0 for whole
// searches): several reports of one depth. The times (first report,
// longest gap; the protocol sends a report about every 100 ms) are logged,
// not asserted (the machine may be loaded): go test -v -run WorkerInfo
// ./cmd/engine.
func TestWorkerInfo(t *testing.T) {
	sum := runWorker(t, "info")
	depths, _ := sum["depths"].([]any)
	repeats := 0
	for i := 1; i < len(depths); i++ {
		if depths[i] == depths[i-1] {
			repeats++
		}
	}
	if repeats < 3 {
		t.Errorf("%d reports from inside an iteration: depths %v", repeats, depths)
	}
}

// TestWorkerOdd: in the worker too every go gets one bestmove, whatever its
// fields hold: a BigInt (which crashed the engine: syscall/js has no Type
// for it), NaN or an object as the id; a refused position makes the next go
// an error with its id.
func TestWorkerOdd(t *testing.T) {
	sum := runWorker(t, "odd")
	want := []struct{ id, err string }{ // err "": a move
		{"none", "id is a bigint"},
		{"number:NaN", ""},
		{"number:-Infinity", ""},
		{"number:-2.5", ""},
		{"string:str", ""},
		{"none", "id is an object"},
		{"none", "id is an array"},
		{"none", "id is a boolean"},
		{"number:5", "depth is a bigint"},
		{"number:6", "movetime 86400000, want a whole number of milliseconds from 0 to 600000"},
		{"number:7", "movetime +Inf"},
	}
	results, _ := sum["results"].([]any)
	if len(results) != len(want) {
		t.Fatalf("results %v", sum["results"])
	}
	for i, w := range want {
		r, _ := results[i].(map[string]any)
		if r == nil || r["id"] != w.id || (w.err == "") != (r["move"] != "") || !strings.Contains(r["error"].(string), w.err) {
			t.Errorf("go %d: %v, want id %s and error %q", i+1, r, w.id, w.err)
		}
	}
	r, _ := sum["refused"].(map[string]any)
	if r == nil || r["id"] != "string:r1" || r["move"] != "" || !strings.Contains(r["error"].(string), "moves is a string") {
		t.Errorf("the go after a refused position: %v", sum["refused"])
	}
	if m, _ := sum["refusedError"].(string); !strings.Contains(m, "moves is a string") {
		t.Errorf("its error: %v", sum["refusedError"])
	}
	if mv, _ := sum["lastMove"].(string); !legalIn(t, "chess", []string{"e2e4"}, mv) {
		t.Errorf("last go: %v", sum)
	}
	for _, e := range sum["errorTexts"].([]any) {
		if s := e.(string); strings.Contains(s, "crashed") || strings.Contains(s, "exited") {
			t.Errorf("the engine stopped: %s", s)
		}
	}
}

// TestWorkerEngineStops: should the Go program stop (crash or exit) with
// gos it has not answered, engine-worker.js answers them (error, bestmove
// ” with their ids, in order), and every later go too. Those in flight got
// no answer. Runs a stand-in for the Go program (testdata/fake_wasm_exec.js;
// no wasm build, so also with -short).
func TestWorkerEngineStops(t *testing.T) {
	wasm := filepath.Join(t.TempDir(), "empty.wasm")
	if err := os.WriteFile(wasm, []byte("\x00asm\x01\x00\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := runDriver(t, "crash", "testdata/fake_wasm_exec.js", wasm)
	if ids, _ := json.Marshal(sum["ids"]); string(ids) != "[1,2,3,4]" || sum["withError"] != 4.0 {
		t.Errorf("bestmoves for gos %s (want 1-4, once each, in order), %v with an error", ids, sum["withError"])
	}
	for _, mv := range sum["moves"].([]any) {
		if mv != "" {
			t.Errorf("moves %v", sum["moves"])
		}
	}
}

// TestWorkerAnalysis: in the worker too an infinite go ignores its movetime
// and answers only when stopped (or, having ended by itself, at the next
// position), and its infos carry the lines asked for.
func TestWorkerAnalysis(t *testing.T) {
	sum := runWorker(t, "analysis")
	if sum["beforeStop"] != 0.0 || sum["beforePosition"] != 1.0 {
		t.Errorf("bestmoves before the stop %v (want 0), before the position %v (want 1)", sum["beforeStop"], sum["beforePosition"])
	}
	if mv, _ := sum["move"].(string); !legalIn(t, "bedlam", []string{"e2e4"}, mv) {
		t.Errorf("bestmove %v", sum["move"])
	}
	if mv, _ := sum["moveB"].(string); !legalIn(t, "bedlam", []string{"e2e4"}, mv) {
		t.Errorf("the depth-2 infinite go's bestmove %v", sum["moveB"])
	}
	if sum["linesEverywhere"] != true {
		t.Errorf("an info without lines: %v", sum)
	}
	lines, _ := sum["lastLines"].([]any)
	if len(lines) != 3 {
		t.Fatalf("last info's lines %v", sum["lastLines"])
	}
	first, _ := lines[0].(map[string]any)
	pv, _ := json.Marshal(first["pv"])
	top, _ := json.Marshal(sum["lastPV"])
	if string(pv) != string(top) {
		t.Errorf("the first line %s is not the info's pv %s", pv, top)
	}
	for i, l := range lines {
		m, _ := l.(map[string]any)
		if m == nil || m["depth"] == nil || m["score"] == nil {
			t.Errorf("line %d: %v", i, l)
			continue
		}
		ms, _ := m["pv"].([]any)
		if len(ms) == 0 || !legalIn(t, "bedlam", []string{"e2e4"}, ms[0].(string)) {
			t.Errorf("line %d: pv %v", i, m["pv"])
		}
	}
}

// TestWorkerReview: a review search in WebAssembly gives what
// ai.Analyser gives natively: the same move, score, depth, nodes and line,
// so a review in the browser marks what cmd/review marks.
func TestWorkerReview(t *testing.T) {
	sum := runWorker(t, "review")
	results, _ := sum["results"].([]any)
	if len(results) != len(game.AllVariants()) {
		t.Fatalf("results %v", sum["results"])
	}
	for _, x := range results {
		r := x.(map[string]any)
		v, err := game.VariantByID(r["variant"].(string))
		if err != nil {
			t.Fatal(err)
		}
		p := game.NewPosition(v)
		a := ai.NewAnalyser().Analyse(p, 20_000, nil)
		pv := []any{}
		q := p.Clone()
		for _, m := range a.PV {
			pv = append(pv, q.MoveString(m))
			q.Make(m)
		}
		want := map[string]any{"move": p.MoveString(a.Move), "score": float64(a.Score), "depth": float64(a.Depth), "nodes": float64(a.Nodes), "pv": pv}
		for k, w := range want {
			if fmt.Sprint(r[k]) != fmt.Sprint(w) {
				t.Errorf("%s: %s %v in the worker, %v natively", v.ID, k, r[k], w)
			}
		}
	}
}
