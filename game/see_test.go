package game

import "testing"

func TestSEE(t *testing.T) {
	val := [NumKinds]int{Pawn: 100, Knight: 300, Bishop: 300, Rook: 500, Queen: 900, Marshall: 800, Paladin: 650, Pope: 300, Dragon: 500, Eques: 300}
	for _, tc := range []struct {
		variant, fen, move string
		want               int
	}{
		// a pawn defended by a pawn: the knight is lost
		{"chess", "4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5", 100 - 300},
		// undefended
		{"chess", "4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5", 100},
		// a rook takes a rook defended by a rook, backed by a rook (x-ray): an even trade
		{"chess", "3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 500},
		// the king takes an undefended rook
		{"chess", "4k3/8/8/8/3r4/2n1K3/8/8 w - - 0 1", "e3d4", 500},
		// Bedlam: a queen takes a defended pawn diagonally and demotes to a bishop
		{"bedlam", "4k3/8/3p4/4p3/8/8/1Q6/4K3[] w - - 0 1", "b2e5", 200 + 350 - 860 - 700},
		// Assimilation: a knight takes an undefended bishop and becomes a paladin
		{"assimilation", "4k3/8/8/4b3/8/5N2/8/4K3 w - - 0 1", "f3e5", 330 + 700 - 320},
	} {
		v, err := VariantByID(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Parse(v, tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.fen, err)
		}
		m, err := p.ParseMove(tc.move)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.fen, tc.move, err)
		}
		val, capt := val, val
		for k := range val {
			if tc.variant != "chess" {
				val[k] = v.Value(Kind(k))
			}
			capt[k] = val[k]
			if v.Drops {
				capt[k] = 2 * val[k]
			}
		}
		got, ok := p.SEE(m, &val, &capt)
		if !ok || got != tc.want {
			t.Errorf("%s %s %s: SEE %d %v, want %d", tc.variant, tc.fen, tc.move, got, ok, tc.want)
		}
	}
}
