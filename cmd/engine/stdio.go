//go:build !(js && wasm)

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"

	"chimera/internal/clip"
)

// maxLine is the longest input line read (a 'position' with the longest
// game allowed is well under it); a longer one is refused with an error
// and skipped.
const maxLine = 4 << 20

// usage is the command line; the protocol is in web/README.md.
const usage = "usage: engine <requests >answers (JSON lines; the protocol: web/README.md, \"The engine protocol\")"

// main reads messages as JSON lines on standard input and writes the
// answers as JSON lines on standard output (the same protocol as in the
// browser). Reading never waits for a search. The end of input stops the
// search, as a 'stop' does: the engine answers every 'go', then exits 0 (1
// when standard input cannot be read or standard output cannot be
// written; 2, with the usage, for any flag or argument).
func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the command with its arguments; it returns the exit code.
func run(args []string, in io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("engine", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, usage)
			return 0
		}
		fmt.Fprintf(stderr, "engine: %v\n%s\n", err, usage)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "engine: unexpected argument %s\n%s\n", clip.Quote(fs.Arg(0)), usage)
		return 2
	}
	return serve(in, stdout, stderr)
}

// MarshalJSON writes a number as it was read.
func (n numberText) MarshalJSON() ([]byte, error) { return []byte(n.text), nil }

// serve runs the engine on one input and output stream. It returns when
// every 'go' has been answered after the end of input, or at once when an
// answer cannot be written (there is no one to answer then).
func serve(in io.Reader, w, stderr io.Writer) int {
	var mu sync.Mutex
	var werr error // the first write error
	failed := make(chan struct{})
	post := func(o out) {
		b, err := json.Marshal(o)
		if err != nil {
			fmt.Fprintln(stderr, "engine:", err) // a bug: every value posted has a JSON form
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if werr != nil {
			return
		}
		if _, werr = w.Write(append(b, '\n')); werr != nil {
			fmt.Fprintln(stderr, "engine: writing the answers:", werr)
			close(failed)
		}
	}
	s := newSession(post, nil, nil)
	done := make(chan int, 1)
	go func() { done <- read(s, in, post, stderr) }()
	code := 0
	select {
	case code = <-done:
		// the end of input: stop the search and answer every go
		s.handle(message{Type: "stop"})
		s.wait()
	case <-failed:
		s.handle(message{Type: "stop"})
		return 1
	}
	mu.Lock()
	defer mu.Unlock()
	if werr != nil {
		return 1
	}
	return code
}

// read hands the messages of in to s until the end of input; it returns 0
// then, 1 when in cannot be read.
func read(s *session, in io.Reader, post func(out), stderr io.Writer) int {
	r := bufio.NewReaderSize(in, 64<<10)
	for n := 1; ; n++ {
		line, size, err := readLine(r, maxLine)
		if size > maxLine {
			post(out{"type": "error", "message": fmt.Sprintf("engine: line %d is %d bytes long, at most %d are read", n, size, maxLine)})
			// it may have been a position: none is known now
			s.refusePosition(fmt.Errorf("no position: line %d, which may have held one, was too long to read (%d bytes, at most %d)", n, size, maxLine))
		} else if line = bytes.TrimSpace(line); len(line) > 0 {
			if v, jerr := decodeJSON(line); jerr != nil {
				post(out{"type": "error", "message": fmt.Sprintf("engine: line %d is not JSON: %v", n, jerr)})
			} else {
				s.handleRaw(v)
			}
		}
		if err == io.EOF {
			return 0
		}
		if err != nil {
			fmt.Fprintln(stderr, "engine:", err)
			return 1
		}
	}
}

// decodeJSON decodes one JSON value in the form handleRaw takes, with
// numbers as their text (numberText): a number no float64 holds, such as
// 1e400, is still a number (encoding/json refuses the whole value).
func decodeJSON(line []byte) (any, error) {
	var raw json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil { // the syntax, with json's words
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return numbersAsText(v), nil
}

// numbersAsText replaces the json.Numbers in v by numberTexts.
func numbersAsText(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, _ := strconv.ParseFloat(string(x), 64) // ±Inf when out of range
		return numberText{text: string(x), value: f}
	case []any:
		for i := range x {
			x[i] = numbersAsText(x[i])
		}
	case map[string]any:
		for k, e := range x {
			x[k] = numbersAsText(e)
		}
	}
	return v
}

// readLine reads one line (without its newline) of at most max bytes. It
// returns the line's full length: when that is over max, the line was
// skipped and the returned bytes mean nothing. err is io.EOF after the last
// line.
func readLine(r *bufio.Reader, max int) ([]byte, int, error) {
	var line []byte
	size := 0
	for {
		chunk, err := r.ReadSlice('\n')
		size += len(chunk)
		if size <= max+1 {
			line = append(line, chunk...)
		} else {
			line = nil
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			size-- // the newline
			return bytes.TrimSuffix(line, []byte("\n")), size, nil
		default:
			return line, size, err
		}
	}
}
