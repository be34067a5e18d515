package cputime

import (
	"syscall/js"
	"time"
)

// Now returns the process's user+system CPU time so far: Node's
// process.cpuUsage() (its compiler and garbage-collector threads included),
// or the wall-clock time in a browser, which has no such call.
func Now() time.Duration {
	proc := js.Global().Get("process")
	if proc.Type() != js.TypeObject || proc.Get("cpuUsage").Type() != js.TypeFunction {
		return time.Since(start)
	}
	u := proc.Call("cpuUsage")
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond
}

var start = time.Now()
