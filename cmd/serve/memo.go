package main

import (
	"container/list"
	"context"
	"os"
	"sync"
)

// fileKey names one version of a file: its path in the root, size and
// modification time. A file that is rewritten gets a new key.
type fileKey struct {
	path string
	size int64
	mod  int64 // UnixNano
}

// keyOf returns the key of a file's version as st describes it.
func keyOf(path string, st os.FileInfo) fileKey {
	return fileKey{path: path, size: st.Size(), mod: st.ModTime().UnixNano()}
}

// memo computes a value once per key and keeps it. Callers asking for a key
// that is being computed wait for that computation and share its result, so
// that concurrent requests for a file cost one hash or one compression.
//
// Values are kept by slot (a path): one per slot, a new key's value replacing
// the old one (a file's new version replaces its old one). With maxBytes > 0
// the kept values take at most maxBytes in all, by size, the least recently
// used dropped first; a value larger than that is handed to its callers and
// not kept. A failed computation is not kept either: the next caller tries
// again. The zero memo keeps everything and needs no size.
type memo[K comparable, V any] struct {
	maxBytes int64
	size     func(V) int64

	mu     sync.Mutex
	bySlot map[string]*memoEntry[K, V]
	lru    list.List // of the kept entries, most recently used at the front
	bytes  int64     // the kept entries' sizes
}

type memoEntry[K comparable, V any] struct {
	slot string
	key  K
	done chan struct{} // closed when val and err are set
	val  V
	err  error
	size int64
	elem *list.Element // in lru while kept
}

// get returns the value for key, kept in slot. Unless it is kept or being
// computed, compute runs, on a goroutine of its own: a caller that gives up
// (ctx done, its client gone) returns ctx.Err() and does not cancel the
// computation for the others, whose result is kept.
func (m *memo[K, V]) get(ctx context.Context, slot string, key K, compute func() (V, error)) (V, error) {
	m.mu.Lock()
	e := m.bySlot[slot]
	if e != nil && e.key == key {
		if e.elem != nil {
			m.lru.MoveToFront(e.elem)
		}
		m.mu.Unlock()
	} else {
		if e != nil {
			m.remove(e)
		}
		if m.bySlot == nil {
			m.bySlot = map[string]*memoEntry[K, V]{}
		}
		e = &memoEntry[K, V]{slot: slot, key: key, done: make(chan struct{})}
		m.bySlot[slot] = e
		m.mu.Unlock()
		go m.run(e, compute)
	}
	select {
	case <-e.done:
		return e.val, e.err
	case <-ctx.Done():
		var zero V
		return zero, ctx.Err()
	}
}

// run computes an entry's value, keeps it if it may, and wakes its callers.
func (m *memo[K, V]) run(e *memoEntry[K, V], compute func() (V, error)) {
	v, err := compute()
	var size int64
	if err == nil && m.size != nil {
		size = m.size(v)
	}
	m.mu.Lock()
	e.val, e.err, e.size = v, err, size
	switch {
	case m.bySlot[e.slot] != e:
		// replaced meanwhile by another version: hand the value over, keep nothing
	case err != nil || (m.maxBytes > 0 && size > m.maxBytes):
		delete(m.bySlot, e.slot)
	default:
		e.elem = m.lru.PushFront(e)
		m.bytes += size
		for m.maxBytes > 0 && m.bytes > m.maxBytes {
			// never e itself: it fits alone
			m.remove(m.lru.Back().Value.(*memoEntry[K, V]))
		}
	}
	m.mu.Unlock()
	close(e.done)
}

// remove forgets an entry; m.mu is held. An entry still being computed is
// only unlinked: its callers get its value all the same.
func (m *memo[K, V]) remove(e *memoEntry[K, V]) {
	if m.bySlot[e.slot] == e {
		delete(m.bySlot, e.slot)
	}
	if e.elem != nil {
		m.lru.Remove(e.elem)
		e.elem = nil
		m.bytes -= e.size
	}
}

// kept returns the number of kept values and their total size.
func (m *memo[K, V]) kept() (n int, bytes int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.lru.Len(), m.bytes
}

// budget bounds the memory held by work in progress: acquire waits until n
// more units fit under max. A request for more than max is taken as max (it
// runs alone).
type budget struct {
	mu   sync.Mutex
	cond *sync.Cond
	used int64
	max  int64
}

// newBudget returns a budget of max units.
func newBudget(max int64) *budget {
	b := &budget{max: max}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// acquire waits until n units are free and takes them; it returns the units
// taken, for release.
func (b *budget) acquire(n int64) int64 {
	n = min(n, b.max)
	b.mu.Lock()
	defer b.mu.Unlock()
	for b.used+n > b.max {
		b.cond.Wait()
	}
	b.used += n
	return n
}

// release gives back units taken by acquire.
func (b *budget) release(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
	b.cond.Broadcast()
}
