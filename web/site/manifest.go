package site

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"path"
	"regexp"
)

// ManifestName is the name of the site's manifest, written by web/sitebuild at
// the top of the built site and read by cmd/serve, the loading page (boot.js:
// the version and the files' sizes) and the browser tests.
const ManifestName = "site.json"

// Manifest is the content of site.json: the build's cache version and, for
// every file of the site but site.json itself, its sizes and content hash.
// Fields are only ever added, never renamed: pages and tests read it.
type Manifest struct {
	Version     string              `json:"version"`
	Compressor  string              `json:"compressor"` // of the .gz copies: "go" or "zopfli"
	Brotli      bool                `json:"brotli"`     // whether .br copies were written
	Files       map[string]FileInfo `json:"files"`      // by slash path relative to the site's folder
	TotalSize   int64               `json:"totalSize"`
	TotalGzip   int64               `json:"totalGzip"`
	TotalBrotli int64               `json:"totalBrotli"`
	// Names maps the logical names of the files with content-hashed names
	// (main.wasm) to their files (main.0123456789abcdef.wasm).
	Names map[string]string `json:"names,omitempty"`
}

// FileInfo is one file's entry in the manifest.
type FileInfo struct {
	Size   int64 `json:"size"`
	Gzip   int64 `json:"gzip"`   // bytes a gzip-accepting client downloads (FILE.gz if written, else Size)
	Brotli int64 `json:"brotli"` // bytes a brotli-accepting client downloads (FILE.br if written, else Gzip)
	// SHA256 is the hex SHA-256 of the file's content when it was built: the
	// content FILE.gz and FILE.br were made from. Empty in the manifests of
	// builds before it was recorded.
	SHA256 string `json:"sha256,omitempty"`
}

// Vouches reports whether the manifest entry vouches for a precompressed copy
// ("gzip" for FILE.gz, "br" for FILE.br) of copySize bytes as an encoding of
// the content whose SHA-256 is sum: the build made a copy of that size from
// that content. An entry without a hash vouches for nothing.
func (fi FileInfo) Vouches(encoding string, copySize int64, sum string) bool {
	if fi.SHA256 == "" || fi.SHA256 != sum {
		return false
	}
	switch encoding {
	case "gzip":
		// written only when smaller than the file
		return fi.Gzip < fi.Size && copySize == fi.Gzip
	case "br":
		// written only when smaller than what a client gets without it
		return fi.Brotli < fi.Gzip && copySize == fi.Brotli
	}
	return false
}

// ParseManifest reads the content of a site.json. A manifest without files
// is an error: it cannot be a built site's.
func ParseManifest(data []byte) (*Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	if m.Files == nil {
		return nil, errors.New("site.json lists no files")
	}
	return &m, nil
}

// ContentHash returns the hex SHA-256 of data, as FileInfo.SHA256 records it.
func ContentHash(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// HashReader returns the hex SHA-256 of what r holds and its length, as
// ContentHash would for the same bytes.
func HashReader(r io.Reader) (sum string, n int64, err error) {
	h := sha256.New()
	n, err = io.Copy(h, r)
	if err != nil {
		return "", n, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}

// hashedName matches a content-hashed file name as web/sitebuild makes them:
// NAME.<16 hex digits>.EXT.
var hashedName = regexp.MustCompile(`^(.+)\.[0-9a-f]{16}(\.[a-z0-9]+)$`)

// Immutable reports whether the file at slash path name has a content-hashed
// name (main.0123456789abcdef.wasm), whose content never changes: a server
// may let clients cache it for a year without asking again. Its .gz and .br
// copies are the same file.
func Immutable(name string) bool {
	return hashedName.MatchString(path.Base(name))
}

// HashedBase returns the logical name of a content-hashed file name
// (main.wasm for main.0123456789abcdef.wasm), or "" for another name.
func HashedBase(name string) string {
	m := hashedName.FindStringSubmatch(path.Base(name))
	if m == nil {
		return ""
	}
	return m[1] + m[2]
}
