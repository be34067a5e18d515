package sprites

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
)

// Every piece has an SVG picture: well-formed, of its token's shape, not the
// unknown-letter fallback, in its side's colours.
func TestSVG(t *testing.T) {
	for _, fam := range []struct {
		bifold  bool
		letters string
	}{{false, "KQRBNPMAODE"}, {true, "PRBQHWFLDV"}} {
		unknown := SVG('x', fam.bifold, false)
		for _, c := range []byte(fam.letters) {
			for _, l := range []byte{c, c | 0x20} {
				s := SVG(l, fam.bifold, false)
				if bytes.Equal(s, unknown) {
					t.Errorf("%c (bifold %v) is the fallback", l, fam.bifold)
				}
				var doc struct {
					ViewBox string `xml:"viewBox,attr"`
				}
				if err := xml.Unmarshal(s, &doc); err != nil {
					t.Fatalf("%c: %v", l, err)
				}
				w, _ := Size(l, fam.bifold, 100)
				if want := "0 0 " + map[int]string{50: "50", 100: "100"}[w] + " 100"; doc.ViewBox != want {
					t.Errorf("%c: viewBox %q, want %q", l, doc.ViewBox, want)
				}
				fill := hex(WhiteFill)
				if l >= 'a' {
					fill = hex(BlackFill)
				}
				if !strings.Contains(string(s), `fill="`+fill+`"`) {
					t.Errorf("%c: not in its side's colour", l)
				}
			}
		}
	}
	// A halfling is hatched on its right half; a Horse is not.
	if !strings.Contains(string(SVG('R', true, false)), "clip-path=\"url(#r") || strings.Contains(string(SVG('H', true, false)), "url(#r") {
		t.Error("halfling hatching")
	}
}
