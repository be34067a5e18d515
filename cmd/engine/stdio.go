//go:build !(js && wasm)

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"
)

// maxLine is the longest input line read (a 'position' with the longest
// game allowed is well under it); a longer one is refused with an error
// and skipped.
const maxLine = 4 << 20

// main reads messages as JSON lines on standard input and writes the
// answers as JSON lines on standard output (the same protocol as in the
// browser). Reading never waits for a search. At the end of input it
// waits until every 'go' has been answered, then exits 0 (1 when standard
// input cannot be read).
func main() {
	os.Exit(serve(os.Stdin, os.Stdout))
}

// serve runs the engine on one input and output stream.
func serve(in io.Reader, w io.Writer) int {
	var mu sync.Mutex
	enc := json.NewEncoder(w)
	post := func(o out) {
		mu.Lock()
		defer mu.Unlock()
		if err := enc.Encode(o); err != nil {
			fmt.Fprintln(os.Stderr, "engine:", err)
		}
	}
	s := newSession(post, nil, nil)
	r := bufio.NewReaderSize(in, 64<<10)
	code := 0
	for n := 1; ; n++ {
		line, size, err := readLine(r, maxLine)
		if size > maxLine {
			post(out{"type": "error", "message": fmt.Sprintf("engine: line %d is %d bytes long, at most %d are read", n, size, maxLine)})
		} else if line = bytes.TrimSpace(line); len(line) > 0 {
			var v any
			if jerr := json.Unmarshal(line, &v); jerr != nil {
				post(out{"type": "error", "message": fmt.Sprintf("engine: line %d is not JSON: %v", n, jerr)})
			} else {
				s.handleRaw(v)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "engine:", err)
			code = 1
			break
		}
	}
	s.wait()
	return code
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
