package site

import (
	"net/url"
	"strings"
)

// ParseQuery reads a URL's query (without the leading '?') exactly as a
// browser's URLSearchParams does: the WHATWG URL Standard's
// application/x-www-form-urlencoded parser. Every reader of the page's
// address uses it or URLSearchParams itself (cmd/serve's framing
// decision, the page code), so they cannot disagree on what an address
// says: Go's url.ParseQuery instead skips a pair that holds ';' or a bad
// escape, and so once read a mode the page never saw. The rules:
//   - the query splits at '&'; empty pieces are skipped;
//   - a piece splits at its first '=' into name and value (no '=': the
//     value is empty);
//   - '+' is a space; %XX (two hex digits) is the byte XX, and a '%' not
//     followed by two hex digits stays as it is;
//   - the bytes are read as UTF-8, each maximal invalid part becoming
//     U+FFFD.
//
// Repeated names keep every value in order; url.Values.Get, like
// URLSearchParams.get, returns the first.
func ParseQuery(raw string) url.Values {
	q := url.Values{}
	for _, p := range pairs(raw) {
		q[p[0]] = append(q[p[0]], p[1])
	}
	return q
}

// pairs returns the query's name-value pairs in order (ParseQuery).
func pairs(raw string) [][2]string {
	var out [][2]string
	for _, piece := range strings.Split(raw, "&") {
		if piece == "" {
			continue
		}
		name, value, _ := strings.Cut(piece, "=")
		out = append(out, [2]string{formDecode(name), formDecode(value)})
	}
	return out
}

// Mode returns the page's mode as every reader of its address reads it:
// the first value of the query's mode parameter ("" when there is none).
func Mode(rawQuery string) string { return ParseQuery(rawQuery).Get("mode") }

// formDecode turns '+' into a space, percent-decodes leniently and reads
// the bytes as UTF-8 with replacement (the WHATWG rules).
func formDecode(s string) string {
	if !strings.ContainsAny(s, "+%") {
		return utf8Decode(s)
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '+':
			b = append(b, ' ')
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	return utf8Decode(string(b))
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// utf8Decode reads bytes as UTF-8 the WHATWG way: a maximal subpart of an
// ill-formed sequence (the longest prefix of a well-formed sequence) is one
// U+FFFD. (Go's utf8.DecodeRune makes one U+FFFD of each bad byte, so a
// truncated three-byte sequence would give two.)
func utf8Decode(s string) string {
	valid := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			valid = false
			break
		}
	}
	if valid {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			b.WriteByte(c)
			i++
			continue
		}
		var need int
		lo, hi := byte(0x80), byte(0xBF)
		switch {
		case 0xC2 <= c && c <= 0xDF:
			need = 1
		case 0xE0 <= c && c <= 0xEF:
			need = 2
			if c == 0xE0 {
				lo = 0xA0
			} else if c == 0xED {
				hi = 0x9F
			}
		case 0xF0 <= c && c <= 0xF4:
			need = 3
			if c == 0xF0 {
				lo = 0x90
			} else if c == 0xF4 {
				hi = 0x8F
			}
		default:
			b.WriteString("\uFFFD")
			i++
			continue
		}
		j := i + 1
		ok := true
		for k := 0; k < need; k++ {
			if j >= len(s) || s[j] < lo || s[j] > hi {
				ok = false
				break
			}
			lo, hi = 0x80, 0xBF
			j++
		}
		if !ok {
			b.WriteString("\uFFFD") // the maximal subpart s[i:j] is one replacement
			i = j
			continue
		}
		b.WriteString(s[i:j])
		i = j
	}
	return b.String()
}
