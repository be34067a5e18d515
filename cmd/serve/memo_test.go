package main

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestMemoShares: callers asking at once for one key share one computation;
// a new key for the slot computes again; a failure is not kept.
func TestMemoShares(t *testing.T) {
	var m memo[int, string]
	var calls atomic.Int64
	release := make(chan struct{})
	compute := func() (string, error) {
		calls.Add(1)
		<-release
		return "v", nil
	}
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if v, err := m.get(context.Background(), "a", 1, compute); v != "v" || err != nil {
				t.Errorf("got %q %v", v, err)
			}
		})
	}
	time.Sleep(20 * time.Millisecond) // let them all wait
	close(release)
	wg.Wait()
	if calls.Load() != 1 {
		t.Errorf("%d computations for one key", calls.Load())
	}
	m.get(context.Background(), "a", 1, compute)
	if calls.Load() != 1 {
		t.Errorf("a kept value computed again")
	}
	m.get(context.Background(), "a", 2, compute)
	if n, _ := m.kept(); calls.Load() != 2 || n != 1 {
		t.Errorf("a new version: %d computations, %d kept", calls.Load(), n)
	}
	fail := func() (string, error) { calls.Add(1); return "", errors.New("no") }
	for range 2 {
		if _, err := m.get(context.Background(), "b", 1, fail); err == nil {
			t.Errorf("no error")
		}
	}
	if calls.Load() != 4 {
		t.Errorf("a failure was kept")
	}
}

// TestMemoCallerGivesUp: a caller whose context ends returns; the
// computation goes on and its value is kept for the next caller.
func TestMemoCallerGivesUp(t *testing.T) {
	var m memo[int, int]
	release := make(chan struct{})
	var calls atomic.Int64
	compute := func() (int, error) { calls.Add(1); <-release; return 7, nil }
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := m.get(ctx, "a", 1, compute); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v", err)
	}
	close(release)
	if v, err := m.get(context.Background(), "a", 1, compute); v != 7 || err != nil || calls.Load() != 1 {
		t.Errorf("got %d %v after %d computations", v, err, calls.Load())
	}
}

// TestMemoBound: the kept values stay within maxBytes, the least recently
// used dropped first; a value larger than the bound is returned, not kept.
func TestMemoBound(t *testing.T) {
	m := memo[int, []byte]{maxBytes: 10, size: func(b []byte) int64 { return int64(len(b)) }}
	val := func(n int) func() ([]byte, error) { return func() ([]byte, error) { return make([]byte, n), nil } }
	ctx := context.Background()
	for _, tc := range []struct {
		slot  string
		size  int
		kept  int
		bytes int64
	}{
		{"a", 4, 1, 4},
		{"b", 4, 2, 8},
		{"a", 4, 2, 8}, // a used: b is now the oldest
		{"c", 4, 2, 8}, // b dropped
		{"d", 11, 2, 8},
		{"a", 4, 2, 8}, // still kept
	} {
		if v, _ := m.get(ctx, tc.slot, 1, val(tc.size)); len(v) != tc.size {
			t.Errorf("%s: %d bytes", tc.slot, len(v))
		}
		if n, b := m.kept(); n != tc.kept || b != tc.bytes {
			t.Errorf("after %s: kept %d, %d bytes; want %d, %d", tc.slot, n, b, tc.kept, tc.bytes)
		}
	}
	var again bool
	m.get(ctx, "b", 1, func() ([]byte, error) { again = true; return nil, nil })
	if !again {
		t.Errorf("b was not dropped")
	}
}

// TestBudget: the work admitted at once never holds more than the budget;
// a request above it runs alone.
func TestBudget(t *testing.T) {
	b := newBudget(10)
	var held, peak atomic.Int64
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			n := b.acquire(int64(1 + i%12))
			for h := held.Add(n); ; {
				if p := peak.Load(); h <= p || peak.CompareAndSwap(p, h) {
					break
				}
			}
			time.Sleep(time.Millisecond)
			held.Add(-n)
			b.release(n)
		})
	}
	wg.Wait()
	if peak.Load() > 10 || b.used != 0 {
		t.Errorf("peak %d, left %d", peak.Load(), b.used)
	}
}
