package game

import "strconv"

// format is a small Sprintf for error and notation text, supporting %s, %d,
// %q, %c and %v with strings, integers, bytes and string slices. The rules
// engine avoids package fmt so the engine worker's wasm stays small.
func format(f string, args ...any) string {
	b := make([]byte, 0, len(f)+16)
	ai := 0
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' || i+1 == len(f) {
			b = append(b, c)
			continue
		}
		i++
		verb := f[i]
		if verb == '%' {
			b = append(b, '%')
			continue
		}
		if ai >= len(args) {
			b = append(b, "%!"...)
			b = append(b, verb)
			continue
		}
		a := args[ai]
		ai++
		switch x := a.(type) {
		case string:
			if verb == 'q' {
				b = strconv.AppendQuote(b, x)
			} else {
				b = append(b, x...)
			}
		case byte:
			switch verb {
			case 'c':
				b = append(b, x)
			case 'q':
				b = strconv.AppendQuoteRune(b, rune(x))
			default:
				b = strconv.AppendInt(b, int64(x), 10)
			}
		case int:
			b = strconv.AppendInt(b, int64(x), 10)
		case int8:
			b = strconv.AppendInt(b, int64(x), 10)
		case []string:
			b = append(b, '[')
			for j, s := range x {
				if j > 0 {
					b = append(b, ' ')
				}
				b = append(b, s...)
			}
			b = append(b, ']')
		case error:
			b = append(b, x.Error()...)
		default:
			b = append(b, "%!?"...)
		}
	}
	return string(b)
}

// errorString is a plain error value.
type errorString string

func (e errorString) Error() string { return string(e) }
