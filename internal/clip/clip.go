// Package clip quotes input in error messages: exactly and escaped, as
// strconv.Quote does, but at most its first Max characters, so that a
// message about a 20 MB position is not 20 MB long. cmd/engine and
// cmd/perft use it (it does without fmt, which would make engine.wasm
// larger).
package clip

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"chimera/game"
)

// Max is the most characters of an input quoted.
const Max = 80

// Quote returns s quoted as by strconv.Quote when it is at most Max
// characters long; a longer s is cut to its first Max characters
// (an invalid byte counts as one), quoted, and followed by '…' and its
// length in bytes: "abc…"… (20000000 bytes).
func Quote(s string) string {
	if cut := prefix(s); cut < len(s) {
		return strconv.Quote(s[:cut]) + "… (" + strconv.Itoa(len(s)) + " bytes)"
	}
	return strconv.Quote(s)
}

// Text returns s unquoted when it is at most Max bytes long, else its
// first Max bytes, '…' and its length in bytes: for input that needs no
// escaping, such as the text of a number.
func Text(s string) string {
	if len(s) <= Max {
		return s
	}
	return s[:Max] + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// Shorten returns msg with input, where msg quotes it in full (as
// strconv.Quote does), quoted by Quote instead: for messages from code that
// quotes its input in full, such as game.VariantByID's.
func Shorten(msg, input string) string {
	if prefix(input) == len(input) {
		return msg
	}
	return strings.ReplaceAll(msg, strconv.Quote(input), Quote(input))
}

// prefix returns the length in bytes of s's first Max characters.
func prefix(s string) int {
	n := 0
	for i := 0; i < Max && n < len(s); i++ {
		_, size := utf8.DecodeRuneInString(s[n:])
		n += size
	}
	return n
}

// Position describes a position string's error (a *game.ParseError) with
// the text at fault quoted by Quote: field is the field at fault ("board",
// "hand", ...; "" when it is the whole string), why the reason with the
// check of docs/RULES.md section 7 that refused it. ok is false when err
// is not a position string's error (game.Parse returns its errors as they
// are: a type assertion, not errors.As, which would make engine.wasm 58 kB
// larger).
func Position(err error) (field, text, why string, ok bool) {
	pe, isPE := err.(*game.ParseError)
	if !isPE {
		return "", "", "", false
	}
	// the reason and the check as the game says them, without the text
	bare := *pe
	bare.Text = ""
	why = strings.TrimPrefix(bare.Error(), "position "+pe.Field+` "": `)
	if pe.Field != "position" {
		field = pe.Field
	}
	return field, Quote(pe.Text), why, true
}
