package main

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"chimera/web/site"
)

// Hashed lists the site's large files, which get content-hashed names
// (main.wasm becomes main.0123456789abcdef.wasm): a host may then send them
// with a year-long immutable cache (cmd/serve does, site.Immutable), and a
// new service worker copies them from the old cache when their content did
// not change.
var Hashed = []string{"main.wasm", "engine.wasm"}

// HashName returns name with the first 16 hex digits of the SHA-256 of
// data before its extension.
func HashName(name string, data []byte) string {
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + site.ContentHash(data)[:16] + ext
}

// hashFileNames renames each of the Hashed files present in dist to its
// content-hashed name (deleting older hashed copies of it) and returns the
// names given, logical name to file name. A file already renamed by an
// earlier run (the logical name absent, one hashed copy present) keeps its
// name.
func hashFileNames(dist string) (map[string]string, error) {
	names := map[string]string{}
	entries, err := os.ReadDir(dist)
	if err != nil {
		return nil, err
	}
	for _, logical := range Hashed {
		var old []string
		for _, e := range entries {
			if site.HashedBase(e.Name()) == logical {
				old = append(old, e.Name())
			}
		}
		sort.Strings(old)
		p := filepath.Join(dist, logical)
		data, err := os.ReadFile(p)
		if os.IsNotExist(err) {
			if len(old) == 1 {
				names[logical] = old[0]
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, o := range old {
			if err := os.Remove(filepath.Join(dist, o)); err != nil {
				return nil, err
			}
		}
		h := HashName(logical, data)
		if err := os.Rename(p, filepath.Join(dist, h)); err != nil {
			return nil, err
		}
		names[logical] = h
	}
	return names, nil
}

// Rename writes the hashed names into a page or script: every quoted
// reference to a logical name ('main.wasm' or "main.wasm", as a fetch or a
// <link href> writes it) becomes the file's name. Unquoted mentions
// (comments) are left.
func Rename(data []byte, names map[string]string) []byte {
	for logical, h := range names {
		for _, q := range []string{`'`, `"`} {
			data = bytes.ReplaceAll(data, []byte(q+logical+q), []byte(q+h+q))
		}
	}
	return data
}

// renameReferences rewrites the site's pages and scripts with Rename.
func renameReferences(dist string, names map[string]string) error {
	if len(names) == 0 {
		return nil
	}
	entries, err := os.ReadDir(dist)
	if err != nil {
		return err
	}
	for _, e := range entries {
		n := e.Name()
		if !e.Type().IsRegular() || (path.Ext(n) != ".html" && path.Ext(n) != ".js") {
			continue
		}
		p := filepath.Join(dist, n)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if out := Rename(data, names); !bytes.Equal(out, data) {
			if err := os.WriteFile(p, out, 0o644); err != nil {
				return fmt.Errorf("%s: %v", n, err)
			}
		}
	}
	return nil
}
