package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// scorer scores a position (a FEN) from its side to move's view, in
// centipawns, searching to depth plies.
type scorer interface {
	score(fen string, depth int) (int, error)
}

// label reads the evaluation tuner's data (ai/tune_test.go: one
// "result|position" line each) from in and writes each line with a third
// field, eng's score at depth for White ("result|position|centipawns"), to
// out, for TestTunePST. It returns the number of lines written.
func label(in io.Reader, out io.Writer, eng scorer, depth int) (int, error) {
	sc := bufio.NewScanner(in)
	w := bufio.NewWriter(out)
	defer w.Flush()
	n := 0
	for sc.Scan() {
		line := sc.Text()
		_, fen, ok := strings.Cut(line, "|")
		if !ok {
			continue
		}
		s, err := eng.score(fen, depth)
		if err != nil {
			return n, fmt.Errorf("%s: %w", fen, err)
		}
		if f := strings.Fields(fen); len(f) > 1 && f[1] == "b" {
			s = -s
		}
		fmt.Fprintf(w, "%s|%d\n", line, s)
		n++
	}
	return n, sc.Err()
}

// score is scorer's score over UCI: the last score of a "go depth" search
// of the position (mate scores as ±(mateScore - plies)).
func (e *uciEngine) score(fen string, depth int) (int, error) {
	e.send("position fen " + fen)
	_, s, err := e.search("go depth "+strconv.Itoa(depth), time.Minute)
	return s, err
}
