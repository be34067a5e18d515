package wasmjump

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// module wraps function bodies (each without its size) of type (i32) -> i32
// in a module with a type, function and code section and a custom section
// after them.
func module(bodies ...[]byte) []byte {
	m := append([]byte(nil), magic...)
	section := func(id byte, payload []byte) {
		m = append(m, id)
		m = appendU32(m, uint32(len(payload)))
		m = append(m, payload...)
	}
	section(1, []byte{1, 0x60, 1, 0x7f, 1, 0x7f})
	fns := appendU32(nil, uint32(len(bodies)))
	for range bodies {
		fns = append(fns, 0)
	}
	section(3, fns)
	code := appendU32(nil, uint32(len(bodies)))
	for _, b := range bodies {
		code = appendU32(code, uint32(len(b)))
		code = append(code, b...)
	}
	section(10, code)
	section(0, []byte{4, 'n', 'o', 't', 'e', 1, 2, 3})
	return m
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// markSection is the custom section Thread appends.
var markSection = []byte{0, 9, 8, 'w', 'a', 's', 'm', 'j', 'u', 'm', 'p'}

// Instructions.
var (
	block       = []byte{opBlock, 0x40}
	loop        = []byte{opLoop, 0x40}
	ifEmpty     = []byte{opIf, 0x40}
	end         = []byte{opEnd}
	get0        = []byte{opLocalGet, 0}
	ret         = []byte{0x0f}
	unreachable = []byte{0x00}
	noLocals    = []byte{0}
)

func i32(v byte) []byte { return []byte{opI32Const, v} }
func br(d byte) []byte  { return []byte{opBr, d} }

// djump is Go's jump through the dispatcher at label depth d to point pc.
func djump(pc, d byte) []byte { return cat(i32(pc), []byte{opLocalSet, 0}, br(d)) }

// dispatch opens Go's dispatch loop with three points: point 0 follows the
// innermost block's end, point 2 the outermost's.
var dispatch = cat(block, loop, block, block, block, get0, []byte{opBrTable, 3, 0, 1, 2, 2})

// dispatch4 opens one with four points (point 3 the outermost block's).
var dispatch4 = cat(block, loop, block, block, block, block, get0, []byte{opBrTable, 3, 0, 1, 2, 3})

func TestThread(t *testing.T) {
	tests := []struct {
		name       string
		body, want []byte
		jumps      int // through the dispatcher
		threaded   int
		loops      int
		flagged    int
	}{{
		name: "a loop becomes a loop: the forward jump goes straight to its point, the backward one to the loop",
		body: cat(noLocals, dispatch,
			end, djump(1, 2), // point 0: on to point 1
			end, djump(0, 1), // point 1: back to point 0
			end, i32(7), ret, // point 2
			end, end, i32(0), end),
		want: cat(noLocals, block, loop, block, block, block, get0,
			[]byte{opBrTable, 3, 1, 0, 2, 2}, // point 1 is inside the loop: the dispatcher never goes there
			end, unreachable,                 // so its entry traps
			end, loop, block, br(0), // point 0
			end, br(0), // point 1: back to the loop
			end,              // the loop
			end, i32(7), ret, // point 2
			end, end, i32(0), end),
		jumps: 2, threaded: 2, loops: 1,
	}, {
		name: "a loop entered at its test (Go puts the test of a for loop last): the jump there is a copy of it",
		body: cat(noLocals, dispatch4,
			end, djump(2, 3), // point 0: to the test
			end, i32(5), []byte{0x1a}, // point 1: the loop's body
			end, i32(1), ifEmpty, djump(1, 2), end, // point 2: back to the body if ...
			end, i32(7), ret, // point 3
			end, end, i32(0), end),
		want: cat(noLocals, block, loop, block, block, block, block, get0, []byte{opBrTable, 3, 1, 2, 0, 3},
			end, unreachable,
			end, i32(1), ifEmpty, br(1), end, br(1), // point 0: the test, then on to point 3
			end, loop, block, // point 1
			i32(5), []byte{0x1a},
			end, i32(1), ifEmpty, br(1), end, // point 2
			end,              // the loop
			end, i32(7), ret, // point 3
			end, end, i32(0), end),
		jumps: 2, threaded: 2, loops: 1,
	}, {
		name: "a loop entered at its test from after it: a flag in a new local",
		body: cat(noLocals, dispatch4,
			end, i32(5), []byte{0x1a}, // point 0: the loop's body
			end, i32(1), ifEmpty, djump(0, 3), end, // point 1: back to the body if ...
			end, djump(1, 1), // point 2: back to the test
			end, i32(7), ret, // point 3
			end, end, i32(0), end),
		want: cat([]byte{1, 1, 0x7f}, block, loop, block, block, block, block, get0, []byte{opBrTable, 3, 1, 0, 2, 3},
			end, unreachable,
			end, loop, block, []byte{opLocalGet, 1, opBrIf, 0}, // point 0: the flag goes on to point 1
			i32(5), []byte{0x1a},
			end, i32(0), []byte{opLocalSet, 1}, // point 1: flag cleared
			i32(1), ifEmpty, br(1), end,
			end,                                             // the loop
			end, i32(1), []byte{opLocalSet, 1}, djump(0, 1), // point 2: flag set, through the dispatcher to point 0
			end, i32(7), ret, // point 3
			end, end, i32(0), end),
		jumps: 2, threaded: 1, loops: 1, flagged: 1,
	}, {
		name: "a loop with a call: jumps back through the dispatcher, the point after the call stays its target",
		body: cat(noLocals, dispatch,
			end, djump(1, 2), // point 0
			end, i32(0), []byte{0x10, 0, 0x1a}, djump(1, 1), // point 1: call, back to point 1
			end, i32(7), ret,
			end, end, i32(0), end),
		want: cat(noLocals, dispatch,
			end, br(0),
			end, i32(0), []byte{0x10, 0, 0x1a}, djump(1, 1),
			end, i32(7), ret,
			end, end, i32(0), end),
		jumps: 2, threaded: 1,
	}, {
		name: "a jump from inside an if",
		body: cat(noLocals, dispatch,
			end, get0Set(), i32(1), ifEmpty, djump(2, 3), end, // point 0: to point 2 if ...
			end, i32(5), ret,
			end, i32(7), ret,
			end, end, i32(0), end),
		want: cat(noLocals, dispatch,
			end, get0Set(), i32(1), ifEmpty, br(2), end,
			end, i32(5), ret,
			end, i32(7), ret,
			end, end, i32(0), end),
		jumps: 1, threaded: 1,
	}, {
		name: "local 0 read elsewhere without a write just before: untouched",
		body: cat(noLocals, dispatch,
			end, djump(1, 2),
			end, get0, ret,
			end, i32(7), ret,
			end, end, i32(0), end),
	}, {
		name: "local 0 read after a jump target: untouched",
		body: cat(noLocals, dispatch,
			end, []byte{opI32Const, 3, opLocalSet, 0}, djump(1, 2),
			end, get0, ret,
			end, i32(7), ret,
			end, end, i32(0), end),
	}, {
		name: "a conditional jump to the dispatcher: untouched",
		body: cat(noLocals, dispatch,
			end, djump(1, 2),
			end, i32(1), []byte{opBrIf, 1}, i32(5), ret,
			end, i32(7), ret,
			end, end, i32(0), end),
	}, {
		name: "a jump to the dispatcher without setting local 0: untouched",
		body: cat(noLocals, dispatch,
			end, djump(1, 2),
			end, br(1),
			end, i32(7), ret,
			end, end, i32(0), end),
	}, {
		name: "no dispatcher: untouched",
		body: cat(noLocals, block, loop, i32(1), []byte{opLocalSet, 0}, br(0), end, end, i32(0), end),
	}, {
		name: "locals, wide immediates and other instructions are copied",
		body: cat([]byte{2, 3, 0x7e, 1, 0x7f}, dispatch,
			end,
			[]byte{0x42, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0x1a}, // i64.const 1<<63, drop
			[]byte{0x44, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0x1a},                               // f64.const 1, drop
			[]byte{opI32Const, 0, 0x29, 3, 0x90, 0x4e, 0x1a},                               // i64.load offset=10000, drop
			[]byte{opI32Const, 0, 0xfc, 11, 0, 0x1a},                                       // memory.fill (operands aside)
			djump(2, 2),
			end, i32(5), ret,
			end, i32(7), ret,
			end, end, i32(0), end),
		want: cat([]byte{2, 3, 0x7e, 1, 0x7f}, dispatch,
			end,
			[]byte{0x42, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0x1a},
			[]byte{0x44, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0x1a},
			[]byte{opI32Const, 0, 0x29, 3, 0x90, 0x4e, 0x1a},
			[]byte{opI32Const, 0, 0xfc, 11, 0, 0x1a},
			br(1),
			end, i32(5), ret,
			end, i32(7), ret,
			end, end, i32(0), end),
		jumps: 1, threaded: 1,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.want
			if want == nil {
				want = tc.body
			}
			got, st, err := Thread(module(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			if wantMod := cat(module(want), markSection); !bytes.Equal(got, wantMod) {
				t.Errorf("got\n%x\nwant\n%x", got, wantMod)
			}
			again, st2, err := Thread(got)
			if err != nil || !bytes.Equal(again, got) || !st2.Already {
				t.Errorf("a second pass: %v, %+v, changed %v", err, st2, !bytes.Equal(again, got))
			}
			dispatched := 0
			if tc.jumps > 0 {
				dispatched = 1
			}
			if want := (Stats{Funcs: 1, Dispatch: dispatched, Jumps: tc.jumps, Threaded: tc.threaded, Loops: tc.loops, Flagged: tc.flagged}); st != want {
				t.Errorf("stats %+v, want %+v", st, want)
			}
		})
	}
}

// get0Set is Go's use of local 0 as scratch: written, then read at once.
func get0Set() []byte {
	return cat(i32(9), []byte{opLocalSet, 0}, get0, []byte{0x1a}) // ... drop
}

func TestThreadRefuses(t *testing.T) {
	for name, mod := range map[string][]byte{
		"not wasm":   []byte("\x7fELF...."),
		"truncated":  module(cat(noLocals, dispatch, end))[:30],
		"SIMD":       module(cat(noLocals, []byte{0xfd, 12}, make([]byte, 16), []byte{0x1a}, i32(0), end)),
		"unbalanced": module(cat(noLocals, block, i32(0), end)),
		"bad branch": module(cat(noLocals, br(3), i32(0), end)),
	} {
		if _, _, err := Thread(mod); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestProgram builds testdata/prog as WebAssembly, runs it under Node as Go
// made it and after Thread, and compares what the two print. (make wasmtest
// runs every WebAssembly test of game and ai after Thread too.)
func TestProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a WebAssembly program")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(gobin, "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	goroot := strings.TrimSpace(string(out))
	runner := filepath.Join(goroot, "lib", "wasm", "go_js_wasm_exec")
	if _, err := os.Stat(runner); err != nil {
		runner = filepath.Join(goroot, "misc", "wasm", "go_js_wasm_exec")
	}
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.wasm")
	build := exec.Command(gobin, "build", "-o", plain, "./testdata/prog")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	mod, err := os.ReadFile(plain)
	if err != nil {
		t.Fatal(err)
	}
	threaded, st, err := Thread(mod)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(st)
	if st.Threaded < st.Jumps/2 || st.Dispatch < st.Funcs/3 {
		t.Errorf("threaded too little: %v", st)
	}
	tpath := filepath.Join(dir, "threaded.wasm")
	if err := os.WriteFile(tpath, threaded, 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(path string) string {
		out, err := exec.Command(runner, path).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", path, err, out)
		}
		return string(out)
	}
	want, got := run(plain), run(tpath)
	if !strings.Contains(want, "squares 50 40425") {
		t.Fatalf("the program printed\n%s", want)
	}
	if got != want {
		t.Errorf("threaded, the program printed\n%s\nwant\n%s", got, want)
	}
}

func TestLEB128(t *testing.T) {
	for _, v := range []int64{0, 1, 63, 64, -1, -64, -65, 127, 128, 1 << 20, -1 << 20, 1<<31 - 1, -1 << 31, 1<<62 + 5, -1 << 63} {
		r := reader{b: appendS64(nil, v)}
		if got := r.sleb(64); got != v || r.err != nil || r.i != len(r.b) {
			t.Errorf("signed %d: read %d (%v, %d of %d bytes)", v, got, r.err, r.i, len(r.b))
		}
	}
	for _, v := range []uint32{0, 1, 127, 128, 300, 1<<32 - 1} {
		r := reader{b: appendU32(nil, v)}
		if got := r.u32(); got != v || r.err != nil || r.i != len(r.b) {
			t.Errorf("unsigned %d: read %d (%v)", v, got, r.err)
		}
	}
	if r := (reader{b: []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x01}}); r.u32() != 0 || r.err == nil {
		t.Error("a 6-byte u32 was read")
	}
}
