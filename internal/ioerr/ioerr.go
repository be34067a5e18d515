// Package ioerr holds what the command-line tools share about output that
// fails (a full disk, a closed pipe, >/dev/full): they must notice and exit
// non-zero instead of going on silently.
package ioerr

import "io"

// Writer keeps the first error of its writes and writes no more after it;
// Err reports it.
type Writer struct {
	W   io.Writer
	err error
}

// Write writes b unless an earlier write failed.
func (e *Writer) Write(b []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.W.Write(b)
	e.err = err
	return n, err
}

// Err is the first write error, nil when every write went through.
func (e *Writer) Err() error { return e.err }
