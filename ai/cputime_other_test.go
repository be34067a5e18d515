//go:build !(linux || darwin)

package ai

import "time"

var t0 = time.Now()

// cpuTime falls back to wall-clock time where CPU time is not available
// (js/wasm: a single thread, so nearly the same on an idle machine).
func cpuTime() time.Duration { return time.Since(t0) }
