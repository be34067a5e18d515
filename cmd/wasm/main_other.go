//go:build !js

// Command wasm is the browser entry point of Chimera: built with GOOS=js
// GOARCH=wasm it runs the board (package render) on a game session (package
// play), with the computer in a Web Worker (cmd/engine), and publishes the
// test hook window.chimera. `make build` writes it to dist/main.wasm.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "cmd/wasm runs in a browser: build it with `make build` and serve dist/ with `make run`")
	os.Exit(2)
}
