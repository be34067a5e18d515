package main

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"chimera/ai"
	"chimera/game"
)

func TestEloEstimate(t *testing.T) {
	tests := []struct {
		w, d, l   int
		elo       float64
		marginPos bool
	}{
		{5, 0, 5, 0, true},
		{75, 0, 25, 190.8, true},
		{0, 10, 0, 0, false},
		{10, 0, 0, 1200, false}, // clamped
	}
	for _, tc := range tests {
		elo, m := eloEstimate(tc.w, tc.d, tc.l)
		if math.Abs(elo-tc.elo) > 0.5 || (m > 0) != tc.marginPos {
			t.Errorf("%d-%d-%d: elo %.1f ± %.1f, want %.1f", tc.w, tc.d, tc.l, elo, m, tc.elo)
		}
	}
}

func TestParsePlayer(t *testing.T) {
	for _, tc := range []struct {
		in   string
		ok   bool
		kind string
	}{{"random", true, "random"}, {"greedy", true, "greedy"}, {"8", true, "engine"}, {"1", true, "engine"}, {"0", false, ""}, {"9", false, ""}, {"x", false, ""}} {
		p, err := parsePlayer(tc.in)
		if (err == nil) != tc.ok || p.kind != tc.kind {
			t.Errorf("%q: %+v %v", tc.in, p, err)
		}
	}
}

// TestPlayGame plays one short game per rule set and checks that it ends
// with a result and a PGN record.
func TestPlayGame(t *testing.T) {
	for _, id := range []string{"bedlam", "bifold-halfgi"} {
		v, _ := game.VariantByID(id)
		a, _ := parsePlayer("3")
		b, _ := parsePlayer("random")
		r := playGame(v, a, b, ai.NewEngine(1), ai.NewEngine(1), 0, 10*time.Millisecond, 1, 60, 4)
		if r.result == game.Ongoing || r.pgn == "" || r.plies == 0 {
			t.Errorf("%s: %+v", id, r)
		}
	}
}

// TestFlags checks the command line: every bad value is one line on stderr
// and exit code 2 before any game (nothing on stdout).
func TestFlags(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args    []string
		errText string
	}{
		{[]string{"-games", "-3"}, "-games -3: want 1 to"},
		{[]string{"-games", "0"}, "-games 0: want 1 to"},
		{[]string{"-games", "99999999999"}, "-games 99999999999: want 1 to"},
		{[]string{"-movetime", "0"}, "-movetime 0: want 1 to"},
		{[]string{"-plies", "-1"}, "-plies -1: want 1 to"},
		{[]string{"-openings", "-2"}, "-openings -2"},
		{[]string{"-concurrency", "0"}, "-concurrency 0: want 1 to"},
		{[]string{"-concurrency", "100000"}, "-concurrency 100000: want 1 to"},
		{[]string{"-a", "9"}, `-a: player "9": want a level 1-8`},
		{[]string{"-b", "x"}, `-b: player "x"`},
		{[]string{"-variant", "nope"}, `-variant: unknown variant "nope"`},
		{[]string{"-seed", "-1"}, `invalid value "-1" for flag -seed`},
		{[]string{"-games", "ten"}, `invalid value "ten" for flag -games`},
		{[]string{"-nope"}, "flag provided but not defined: -nope"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-games", "1000", "-pgn", "/nonexistent/x.pgn"}, "-pgn: open /nonexistent/x.pgn"},
		{[]string{"-games", "1000", "-pgn", dir}, "-pgn: open " + dir},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		code := runMain(tc.args, &out, &errb)
		lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
		if code != 2 || len(lines) != 1 || !strings.HasPrefix(lines[0], "arena: ") || !strings.Contains(lines[0], tc.errText) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line with %q", tc.args, code, errb.String(), tc.errText)
		}
		if out.Len() > 0 {
			t.Errorf("%v: played before refusing: %q", tc.args, out.String())
		}
	}
	var out, errb bytes.Buffer
	if code := runMain([]string{"-h"}, &out, &errb); code != 0 || !strings.Contains(errb.String(), "-openings") {
		t.Errorf("-h: exit %d, %q", code, errb.String())
	}
}

// TestPlyCap: the ply cap holds whatever -openings says (it played a
// 1017-ply game with -openings 100000 and a 400-ply cap), and the PGN file
// gets every game.
func TestPlyCap(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	var out, errb bytes.Buffer
	code := runMain([]string{"-variant", "bedlam", "-a", "random", "-b", "random", "-games", "4", "-plies", "30",
		"-openings", "100000", "-pgn", pgn}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	plies := regexp.MustCompile(`, (\d+) plies,`)
	games := 0
	for _, line := range strings.Split(out.String(), "\n") {
		if m := plies.FindStringSubmatch(line); m != nil {
			games++
			if n, _ := strconv.Atoi(m[1]); n > 30 {
				t.Errorf("a game of %d plies with a 30-ply cap: %s", n, line)
			}
		}
	}
	data, err := os.ReadFile(pgn)
	if err != nil || games != 4 || strings.Count(string(data), "[Event ") != 4 {
		t.Errorf("%d games printed, PGN %d bytes (%v):\n%s", games, len(data), err, out.String())
	}
}

// TestOutputFails: when standard output cannot be written (/dev/full) the
// exit code is 1, standard error says why, and the match stops there (it
// exited 0, silently, after playing every game).
func TestOutputFails(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	bin := filepath.Join(t.TempDir(), "arena")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, conc := range []string{"1", "4"} {
		// a million games would take minutes: only the failure ends it soon
		cmd := exec.Command(bin, "-a", "random", "-b", "random", "-games", "1000000", "-plies", "20", "-concurrency", conc)
		var errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = full, &errb
		t0 := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		timer := time.AfterFunc(60*time.Second, func() { cmd.Process.Kill() })
		err := cmd.Wait()
		timer.Stop()
		if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.HasPrefix(errb.String(), "arena: writing the output: ") {
			t.Errorf("-concurrency %s >/dev/full: exit %d (%v) after %v, stderr %q", conc, code, err, time.Since(t0), errb.String())
		}
	}
}
