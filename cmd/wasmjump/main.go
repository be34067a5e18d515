// Command wasmjump makes the jumps of Go's WebAssembly output direct where
// they can be, and its innermost loops without calls WebAssembly loops
// (package chimera/internal/wasmjump): make build runs it on main.wasm and
// engine.wasm, make wasmtest on every test binary before Node runs it.
//
//	wasmjump FILE.wasm...                 rewrite each file in place
//	wasmjump -exec RUNNER BINARY ARGS...  rewrite BINARY, then run RUNNER BINARY ARGS
//	                                      (for go test -exec)
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"

	"chimera/internal/wasmjump"
)

func main() {
	runner := flag.String("exec", "", "after rewriting the first file, run this `command` with the arguments")
	quiet := flag.Bool("q", false, "print nothing on success")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: wasmjump [-q] FILE.wasm...\n       wasmjump -exec RUNNER BINARY [ARGS...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	files := flag.Args()
	if len(files) == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if *runner != "" {
		if err := rewrite(files[0], true); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		cmd := exec.Command(*runner, files...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			if e, ok := err.(*exec.ExitError); ok {
				os.Exit(e.ExitCode())
			}
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	for _, f := range files {
		if err := rewrite(f, *quiet); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

// rewrite threads the jumps of one file in place, keeping its mode.
func rewrite(name string, quiet bool) error {
	in, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	out, st, err := wasmjump.Thread(in)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	fi, err := os.Stat(name)
	if err != nil {
		return err
	}
	tmp := name + ".wasmjump"
	if err := os.WriteFile(tmp, out, fi.Mode().Perm()); err != nil {
		return err
	}
	if err := os.Rename(tmp, name); err != nil {
		return err
	}
	if !quiet {
		fmt.Printf("wasmjump: %s: %v, %d -> %d bytes\n", name, st, len(in), len(out))
	}
	return nil
}
