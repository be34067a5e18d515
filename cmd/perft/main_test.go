package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun checks the flags: a bad value is one line on stderr and exit
// code 2, before any counting; good ones count.
func TestRun(t *testing.T) {
	tests := []struct {
		args    []string
		code    int
		out     string // in stdout
		errText string // in the one line of stderr
	}{
		{[]string{"-depth", "2"}, 0, "nodes 400", ""},
		{[]string{"-variant", "bedlam", "-depth", "1", "-divide"}, 0, "nodes 23", ""},
		{[]string{"-depth", "0"}, 0, "nodes 1", ""},
		{[]string{"-depth", "-5"}, 2, "", "-depth -5: want 0 to 10"},
		{[]string{"-depth", "11"}, 2, "", "-depth 11: want 0 to 10"},
		{[]string{"-depth", "1000000000"}, 2, "", "want 0 to 10"},
		{[]string{"-depth", "9223372036854775807"}, 2, "", "want 0 to 10"},
		{[]string{"-depth", "9223372036854775808"}, 2, "", "value out of range"},
		{[]string{"-depth", "two"}, 2, "", `invalid value "two"`},
		{[]string{"-variant", "nope"}, 2, "", `-variant: unknown variant "nope"`},
		{[]string{"-fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, 2, "", `-fen: board "8/8/8/8/8/8/8/8": White must have exactly one royal piece`},
		{[]string{"-fen", ""}, 2, "", `-fen "": empty position string (syntax, RULES.md 7.1)`}, // said "position position"
		{[]string{"-fen", "a b c d e f g"}, 2, "", `-fen "a b c d e f g": too many fields`},
		{[]string{"-fen", strings.Repeat("x", 1000)}, 2, "", `-fen: board "` + strings.Repeat("x", 80) + `"… (1000 bytes): want 8 ranks`},
		{[]string{"-variant", strings.Repeat("v", 1000)}, 2, "", `-variant: unknown variant "` + strings.Repeat("v", 80) + `"… (1000 bytes) (known: [`},
		{[]string{"-nope"}, 2, "", "flag provided but not defined: -nope"},
		{[]string{"-depth", "2", "extra"}, 2, "", `unexpected argument "extra"`},
		{[]string{"-h"}, 0, "", ""},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		code := run(tc.args, &out, &errb)
		if code != tc.code || !strings.Contains(out.String(), tc.out) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tc.args, code, out.String(), errb.String())
		}
		if tc.code == 2 {
			if lines := strings.Split(strings.TrimSpace(errb.String()), "\n"); len(lines) != 1 || !strings.Contains(lines[0], tc.errText) || !strings.HasPrefix(lines[0], "perft: ") || len(lines[0]) > 400 {
				t.Errorf("%v: stderr %q, want one line with %q", tc.args, errb.String(), tc.errText)
			}
			if out.Len() > 0 {
				t.Errorf("%v: counted before refusing: %q", tc.args, out.String())
			}
		}
	}
}

// TestOutputFails: when standard output cannot be written (/dev/full) the
// exit code is 1 and standard error says why (it was 0, silently).
func TestOutputFails(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	bin := filepath.Join(t.TempDir(), "perft")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"-depth", "1"}, {"-depth", "1", "-divide"}, {"-depth", "0", "-bench"}} {
		cmd := exec.Command(bin, args...)
		var errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = full, &errb
		err := cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(errb.String(), "perft: writing the output: ") {
			t.Errorf("%v >/dev/full: exit %d (%v), stderr %q", args, code, err, errb.String())
		}
	}
}
