// Package cputime measures the CPU time a process has used, so that the
// speed benchmarks of the rules and the search measure work rather than
// waiting on a shared machine, natively and as WebAssembly under Node.
package cputime
