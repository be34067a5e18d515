package puzzle

import "math"

// Rating is a Glicko-2 rating on the Glicko scale: R the rating, RD its
// deviation, Vol the volatility (Glickman, "Example of the Glicko-2
// system", 2013).
type Rating struct {
	R, RD, Vol float64
}

// NewRating is a new player's rating: 1500, deviation 350, volatility 0.06.
var NewRating = Rating{R: 1500, RD: 350, Vol: 0.06}

// PuzzleRD is the deviation a puzzle's rating is taken to have: the miner's
// estimate is rough.
const PuzzleRD = 100

// glickoTau constrains the change of volatility (the paper suggests 0.3 to
// 1.2); glickoScale converts the Glicko scale to Glicko-2's.
const (
	glickoTau   = 0.5
	glickoScale = 173.7178
	minRD       = 45 // a player's deviation never falls below this, so the rating keeps moving
)

// Result is one game of a rating period: the opponent's rating and the
// score, 1 for a win (a puzzle solved), 0 for a loss.
type Result struct {
	Opponent Rating
	Score    float64
}

// Update returns the rating after one rating period with these results
// (Glickman's steps 1-8; with no results only the deviation grows).
func (r Rating) Update(results ...Result) Rating {
	mu := (r.R - 1500) / glickoScale
	phi := r.RD / glickoScale
	if len(results) == 0 {
		phi = math.Sqrt(phi*phi + r.Vol*r.Vol)
		return Rating{R: r.R, RD: math.Min(phi*glickoScale, 350), Vol: r.Vol}
	}
	g := func(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }
	var vInv, delta float64
	for _, res := range results {
		muj := (res.Opponent.R - 1500) / glickoScale
		phij := res.Opponent.RD / glickoScale
		gj := g(phij)
		e := 1 / (1 + math.Exp(-gj*(mu-muj)))
		vInv += gj * gj * e * (1 - e)
		delta += gj * (res.Score - e)
	}
	v := 1 / vInv
	delta *= v
	// step 5: the new volatility, by the Illinois algorithm
	a := math.Log(r.Vol * r.Vol)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(glickoTau*glickoTau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*glickoTau) < 0 {
			k++
		}
		B = a - k*glickoTau
	}
	fA, fB := f(A), f(B)
	for i := 0; i < 100 && math.Abs(B-A) > 1e-6; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	vol := math.Exp(A / 2)
	phiStar := math.Sqrt(phi*phi + vol*vol)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*delta/v
	return Rating{R: muNew*glickoScale + 1500, RD: phiNew * glickoScale, Vol: vol}
}

// AfterPuzzle is the player's rating after one puzzle of that rating,
// solved or not: one rating period of one game against a puzzle of
// deviation PuzzleRD, the player's deviation kept at least minRD.
func (r Rating) AfterPuzzle(puzzleRating int, solved bool) Rating {
	s := 0.0
	if solved {
		s = 1
	}
	n := r.Update(Result{Opponent: Rating{R: float64(puzzleRating), RD: PuzzleRD, Vol: 0.06}, Score: s})
	n.RD = math.Max(n.RD, minRD)
	return n
}
