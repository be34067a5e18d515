package main

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"chimera/game"
	"chimera/puzzle"
)

// mine runs the miner with small budgets and returns the set it writes.
func mine(t *testing.T, args ...string) string {
	t.Helper()
	var out, errs bytes.Buffer
	base := []string{"-variant", "bedlam", "-scan", "2000", "-deep", "20000", "-games", "4"}
	if code := run(append(base, args...), &out, &errs); code != 0 {
		t.Fatalf("run %v: exit %d: %s", args, code, errs.String())
	}
	return out.String()
}

// A small run writes a set that passes puzzle.CheckSet and that -verify
// finds unchanged; two shards together mine what one run does; two
// workers write the same file as one.
func TestMineVerifyShard(t *testing.T) {
	whole := mine(t)
	zs, err := puzzle.ParseSet(whole)
	if err != nil {
		t.Fatal(err)
	}
	if len(zs) == 0 {
		t.Fatalf("no puzzles in 4 games:\n%s", whole)
	}
	v, _ := game.VariantByID("bedlam")
	if err := puzzle.CheckSet(v, zs); err != nil {
		t.Error(err)
	}
	file := filepath.Join(t.TempDir(), "set.tsv")
	if err := os.WriteFile(file, []byte(whole), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	if code := run([]string{"-variant", "bedlam", "-scan", "2000", "-deep", "20000", "-verify", file}, &out, &errs); code != 0 {
		t.Errorf("-verify: exit %d: %s%s", code, out.String(), errs.String())
	}
	lines := func(s string) []string {
		l := strings.Split(strings.TrimSpace(s), "\n")[1:]
		sort.Strings(l)
		return l
	}
	shards := append(lines(mine(t, "-shard", "0/2")), lines(mine(t, "-shard", "1/2"))...)
	sort.Strings(shards)
	if strings.Join(shards, "\n") != strings.Join(lines(whole), "\n") {
		t.Errorf("the shards mined\n%s\none run\n%s", strings.Join(shards, "\n"), strings.Join(lines(whole), "\n"))
	}
	if two := mine(t, "-workers", "2"); two != whole {
		t.Errorf("two workers wrote\n%s\none\n%s", two, whole)
	}
}

// -verify reports a puzzle whose line the search no longer gives.
func TestVerifyReportsChanged(t *testing.T) {
	zs, err := puzzle.ParseSet(mine(t))
	if err != nil || len(zs) == 0 {
		t.Fatalf("%v, %d puzzles", err, len(zs))
	}
	zs[0].Rating++
	file := filepath.Join(t.TempDir(), "set.tsv")
	if err := os.WriteFile(file, []byte(puzzle.FormatSet(zs)), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	code := run([]string{"-variant", "bedlam", "-scan", "2000", "-deep", "20000", "-verify", file}, &out, &errs)
	if code != 1 || !strings.Contains(out.String(), zs[0].ID+": comes out as") {
		t.Errorf("exit %d, output %q: want 1 and %s reported", code, out.String(), zs[0].ID)
	}
}

func TestBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-variant", "bedlum"}, "unknown variant"},
		{[]string{"-variant", "bedlam", "-shard", "2/2"}, "-shard"},
		{[]string{"-variant", "bedlam", "-shard", "x"}, "-shard"},
		{[]string{"-variant", "bedlam", "-scan", "100", "-deep", "50"}, "-scan"},
		{[]string{"-variant", "bedlam", "-workers", "0"}, "-workers"},
		{[]string{"-stats"}, "-stats"},
	} {
		var out, errs bytes.Buffer
		if code := run(c.args, &out, &errs); code != 2 || !strings.Contains(errs.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errs.String(), c.want)
		}
	}
}

func TestStats(t *testing.T) {
	set := puzzle.Header + "\n" +
		"bd1-1\tp\ta b\tmate mateIn1 oneMove drop\t700\n" +
		"bd1-9\tq\ta b c d\tadvantage short fork\t1150\n"
	file := filepath.Join(t.TempDir(), "s.tsv")
	if err := os.WriteFile(file, []byte(set), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	if code := run([]string{"-stats", file}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	for _, want := range []string{"2 puzzles", "mate               1", "advantage          1", "fork               1", "rating  600- 799  1", "rating 1000-1199  1"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stats lack %q:\n%s", want, out.String())
		}
	}
}
