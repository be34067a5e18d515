package game

import "testing"

func TestFormat(t *testing.T) {
	cases := []struct {
		f    string
		args []any
		want string
	}{
		{"rank %d has %d squares", []any{3, 9}, "rank 3 has 9 squares"},
		{"unknown piece letter %q", []any{byte('X')}, "unknown piece letter 'X'"},
		{"%c is full size; %s", []any{byte('P'), "ok"}, "P is full size; ok"},
		{"variant %q (known: %v)", []any{"x", []string{"a", "b"}}, `variant "x" (known: [a b])`},
		{"100%% %d", []any{int8(-1)}, "100% -1"},
		{"missing %d", nil, "missing %!d"},
	}
	for _, c := range cases {
		if got := format(c.f, c.args...); got != c.want {
			t.Errorf("format(%q) = %q, want %q", c.f, got, c.want)
		}
	}
}
