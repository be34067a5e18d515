//go:build !(linux || darwin || js)

package cputime

import "time"

var start = time.Now()

// Now falls back to the wall-clock time since the program started where the
// CPU time is not available.
func Now() time.Duration { return time.Since(start) }
