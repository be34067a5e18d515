// Command wasmsize prints a WebAssembly module's code size by Go package:
// each function's body (the code section) summed by the package its name
// (the name section) belongs to, the largest first, with the data segments
// and everything else as lines of their own. Go's linker writes the name
// section unless it is told -s, so build the module without -s -w:
//
//	GOOS=js GOARCH=wasm go build -trimpath -o /tmp/main.wasm ./cmd/wasm
//	go run ./tools/wasmsize -n 10 /tmp/main.wasm
//
// (`go tool nm -size` reads no WebAssembly, hence this.) The figures are the
// module's bytes before compression.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

func main() {
	n := flag.Int("n", 25, "how many packages to list")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-n N] FILE.wasm")
		os.Exit(2)
	}
	data, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
	sizes, err := Sizes(data)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
	type row struct {
		name string
		size int
	}
	var rows []row
	for k, v := range sizes {
		rows = append(rows, row{k, v})
	}
	sort.Slice(rows, func(i, j int) bool {
		return rows[i].size > rows[j].size || rows[i].size == rows[j].size && rows[i].name < rows[j].name
	})
	fmt.Printf("%12d  %s\n", len(data), "the whole module")
	for i, r := range rows {
		if i >= *n {
			break
		}
		fmt.Printf("%12d  %5.1f%%  %s\n", r.size, 100*float64(r.size)/float64(len(data)), r.name)
	}
}

// Sizes returns the bytes of a module by Go package (function bodies),
// "(data segments)" and "(other sections)".
func Sizes(mod []byte) (map[string]int, error) {
	if len(mod) < 8 || string(mod[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	r := &reader{b: mod, i: 8}
	imported := 0
	var bodies []int
	names := map[int]string{}
	out := map[string]int{}
	for r.i < len(r.b) {
		start := r.i
		id := r.byte()
		size := int(r.uleb())
		end := r.i + size
		if r.err != nil || end > len(r.b) {
			return nil, errors.New("a section runs past the end")
		}
		sec := &reader{b: r.b[:end], i: r.i}
		switch id {
		case 2: // imports: their functions come first in the index space
			for k := sec.uleb(); k > 0 && sec.err == nil; k-- {
				sec.skip(int(sec.uleb()))
				sec.skip(int(sec.uleb()))
				switch sec.byte() {
				case 0:
					sec.uleb()
					imported++
				case 1:
					sec.byte()
					sec.limits()
				case 2:
					sec.limits()
				case 3:
					sec.byte()
					sec.byte()
				}
			}
			out["(other sections)"] += end - start
		case 10: // code
			for k := sec.uleb(); k > 0 && sec.err == nil; k-- {
				b0 := sec.i
				sz := int(sec.uleb())
				sec.skip(sz)
				bodies = append(bodies, sec.i-b0)
			}
			out["(other sections)"] += end - start
		case 11:
			out["(data segments)"] += end - start
		case 0:
			nm := string(sec.bytes(int(sec.uleb())))
			if nm == "name" {
				for sec.i < end && sec.err == nil {
					sub := sec.byte()
					ssz := int(sec.uleb())
					if sub != 1 {
						sec.skip(ssz)
						continue
					}
					for k := sec.uleb(); k > 0 && sec.err == nil; k-- {
						idx := int(sec.uleb())
						names[idx] = string(sec.bytes(int(sec.uleb())))
					}
				}
			}
			out["(other sections)"] += end - start
		default:
			out["(other sections)"] += end - start
		}
		if sec.err != nil {
			return nil, fmt.Errorf("section %d: %v", id, sec.err)
		}
		r.i = end
	}
	if len(names) == 0 {
		return nil, errors.New("no function names (built with -s?)")
	}
	for k, sz := range bodies {
		p := Package(names[imported+k])
		out[p] += sz
		out["(other sections)"] -= sz
	}
	return out, nil
}

// Package returns the Go package of a function's name in the name section,
// where Go's linker writes the package path with "_" for "/"
// ("github.com_hajimehoshi_ebiten_v2_internal_ui.(*UserInterface).Run"):
// up to the first dot after the path's domain, with "/" again (a package
// whose own name holds "_" is shown with "/" there too).
func Package(sym string) string {
	if sym == "" {
		return "(unnamed)"
	}
	off := 0
	if u := strings.IndexByte(sym, '_'); u >= 0 && strings.Contains(sym[:u], ".") {
		off = u // a domain: github.com_..., golang.org_...
	}
	if dot := strings.IndexByte(sym[off:], '.'); dot >= 0 {
		sym = sym[:off+dot]
	}
	return strings.ReplaceAll(sym, "_", "/")
}

type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) byte() byte {
	if r.i >= len(r.b) {
		r.err = errors.New("unexpected end")
		return 0
	}
	c := r.b[r.i]
	r.i++
	return c
}

func (r *reader) uleb() uint64 {
	var v uint64
	for s := uint(0); s < 64; s += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << s
		if c&0x80 == 0 {
			return v
		}
	}
	r.err = errors.New("bad LEB128")
	return v
}

func (r *reader) skip(n int) {
	if n < 0 || r.i+n > len(r.b) {
		r.err = errors.New("unexpected end")
		r.i = len(r.b)
		return
	}
	r.i += n
}

func (r *reader) bytes(n int) []byte {
	s := r.i
	r.skip(n)
	return r.b[s:r.i]
}

func (r *reader) limits() {
	if r.byte()&1 == 1 {
		r.uleb()
	}
	r.uleb()
}
