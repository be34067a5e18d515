package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// uciEngine drives an outside engine over UCI (one process; restarted after a
// crash or a hang).
type uciEngine struct {
	name    string
	argv    []string
	options [][2]string // setoption name/value pairs, in order
	variant string      // UCI_Variant, "" for chess

	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

// newUCI starts argv and runs the UCI handshake.
func newUCI(name string, argv []string, options [][2]string, variant string) (*uciEngine, error) {
	e := &uciEngine{name: name, argv: argv, options: options, variant: variant}
	return e, e.start()
}

func (e *uciEngine) start() error {
	e.cmd = exec.Command(e.argv[0], e.argv[1:]...)
	in, err := e.cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := e.cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := e.cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", e.name, err)
	}
	e.in = in
	lines := make(chan string, 256)
	e.lines = lines
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	e.send("uci")
	if _, err := e.waitFor("uciok", 10*time.Second); err != nil {
		return err
	}
	for _, o := range e.options {
		e.send("setoption name " + o[0] + " value " + o[1])
	}
	if e.variant != "" {
		e.send("setoption name UCI_Variant value " + e.variant)
	}
	return e.ready()
}

func (e *uciEngine) send(s string) {
	fmt.Fprintln(e.in, s)
}

// waitFor reads lines until one starts with prefix; it returns that line.
func (e *uciEngine) waitFor(prefix string, d time.Duration) (string, error) {
	t := time.NewTimer(d)
	defer t.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return "", fmt.Errorf("%s: exited", e.name)
			}
			if strings.HasPrefix(l, prefix) {
				return l, nil
			}
		case <-t.C:
			return "", fmt.Errorf("%s: no %q within %v", e.name, prefix, d)
		}
	}
}

func (e *uciEngine) ready() error {
	e.send("isready")
	_, err := e.waitFor("readyok", 30*time.Second)
	return err
}

// newGame tells the engine a new game starts (restarting it if it died).
func (e *uciEngine) newGame() error {
	if e.cmd == nil {
		if err := e.start(); err != nil {
			return err
		}
	}
	e.send("ucinewgame")
	if err := e.ready(); err != nil {
		e.restart()
		return e.ready()
	}
	return nil
}

func (e *uciEngine) restart() {
	e.close()
	e.start()
}

func (e *uciEngine) close() {
	if e.cmd == nil {
		return
	}
	e.send("quit")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
	e.cmd = nil
}

var errTimeout = errors.New("no bestmove in time")

// think sends the position (start position plus moves) and a move-time
// search (or a search of nodes nodes), and returns the best move and the last score it reported (from
// its side's view, mate scores as ±(mateScore - plies)).
func (e *uciEngine) think(moves []string, mt time.Duration, nodes int) (string, int, error) {
	pos := "position startpos"
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	e.send(pos)
	if nodes > 0 {
		return e.search("go nodes "+strconv.Itoa(nodes), time.Minute)
	}
	return e.search("go movetime "+strconv.Itoa(int(mt/time.Millisecond)), mt+5*time.Second)
}

// search sends the go command and waits up to wait for the best move; it
// returns the move and the last score reported (as think).
func (e *uciEngine) search(goCmd string, wait time.Duration) (string, int, error) {
	e.send(goCmd)
	score := 0
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.cmd = nil
				return "", 0, fmt.Errorf("%s: exited", e.name)
			}
			if strings.HasPrefix(l, "info ") {
				if sc, ok := parseScore(l); ok {
					score = sc
				}
				continue
			}
			if strings.HasPrefix(l, "bestmove") {
				f := strings.Fields(l)
				if len(f) < 2 {
					return "", score, fmt.Errorf("%s: bad line %q", e.name, l)
				}
				return f[1], score, nil
			}
		case <-deadline.C:
			e.restart()
			return "", score, errTimeout
		}
	}
}

// mateScore is how adjudication sees a mate score.
const mateScore = 30000

// parseScore reads "score cp N" or "score mate N" from an info line (not
// lowerbound/upperbound lines).
func parseScore(l string) (int, bool) {
	f := strings.Fields(l)
	for i := 0; i+2 < len(f); i++ {
		if f[i] != "score" {
			continue
		}
		if i+3 < len(f) && (f[i+3] == "lowerbound" || f[i+3] == "upperbound") {
			return 0, false
		}
		n, err := strconv.Atoi(f[i+2])
		if err != nil {
			return 0, false
		}
		switch f[i+1] {
		case "cp":
			return n, true
		case "mate":
			if n > 0 {
				return mateScore - 2*n, true
			}
			return -mateScore - 2*n, true
		}
	}
	return 0, false
}
