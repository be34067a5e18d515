package ioerr

import (
	"bytes"
	"errors"
	"testing"
)

type failAfter struct {
	n   int
	out bytes.Buffer
}

func (f *failAfter) Write(b []byte) (int, error) {
	if f.n == 0 {
		return 0, errors.New("disk full")
	}
	f.n--
	return f.out.Write(b)
}

func TestWriterKeepsTheFirstError(t *testing.T) {
	f := &failAfter{n: 1}
	w := &Writer{W: f}
	for _, s := range []string{"a", "b", "c"} {
		w.Write([]byte(s))
	}
	if f.out.String() != "a" || w.Err() == nil || w.Err().Error() != "disk full" {
		t.Errorf("wrote %q, err %v", f.out.String(), w.Err())
	}
	if f.n != 0 {
		t.Error("wrote after the first error")
	}
}
