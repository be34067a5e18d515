package learn

import (
	"regexp"
	"slices"
	"strings"
)

// A text may use a word that states a rule's effect (checkmate, captures,
// fuses, ...) only where a checked claim of that topic is attached: the
// words below name the topics, and every text of a lesson is scanned for
// them (TestEveryWordIsBacked). A topic says what a claim is about, not
// that the claim is positive: "nothing is captured" is backed by a checked
// NoCapture. README.md lists the words and the claims that back each.

// topics is a set of topic names.
type topics map[string]bool

// Topic names.
const (
	tCheck        = "check"
	tCheckmate    = "checkmate"
	tStalemate    = "stalemate"
	tDraw         = "draw"
	tWin          = "win"
	tRepetition   = "repetition"
	tFifty        = "fifty-move rule"
	tBareKings    = "bare kings"
	tCapture      = "capture"
	tHand         = "hand"
	tGone         = "leaving the game"
	tFusion       = "fusion"
	tAssimilation = "assimilation"
	tSplit        = "split"
	tDemotion     = "demotion"
	tMeta         = "metamorphosis"
	tPromotion    = "promotion"
	tDrop         = "drop"
	tCastling     = "castling"
	tEnPassant    = "en passant"
	tUnit         = "unit"
	tShare        = "sharing"
	tThreat       = "attack"
	tMayNot       = "may not"
)

// words maps each topic to the words that need it, as a regular
// expression matched against the lower-cased text on word boundaries.
var words = []struct {
	topic string
	re    *regexp.Regexp
}{
	{tCheckmate, wordRE(`checkmate[sd]?|mate[sd]?|mating`)},
	{tStalemate, wordRE(`stalemate[sd]?`)},
	{tCheck, wordRE(`check(s|ed|ing)?`)},
	{tDraw, wordRE(`draws?|drawn`)},
	{tWin, wordRE(`wins?|won|winning`)},
	{tRepetition, wordRE(`threefold|third time`)},
	{tFifty, wordRE(`fifty|50-move`)},
	{tBareKings, wordRE(`bare`)},
	{tCapture, wordRE(`captur\w*|takes?|taken|taking|took`)},
	{tHand, wordRE(`hands?`)},
	{tGone, wordRE(`gone|leaves the game|leave the game|removed`)},
	{tFusion, wordRE(`fuse[sd]?|fusions?|fusing|merge[sd]?|merging`)},
	{tAssimilation, wordRE(`assimilat\w*|absorb\w*`)},
	{tSplit, wordRE(`split\w*|separat\w*`)},
	{tDemotion, wordRE(`demot\w*`)},
	{tMeta, wordRE(`metamorphos\w*`)},
	{tPromotion, wordRE(`promot\w*`)},
	{tDrop, wordRE(`drops?|dropped|dropping`)},
	{tCastling, wordRE(`castl\w*|o-o(-o)?`)},
	{tEnPassant, wordRE(`en passant`)},
	{tUnit, wordRE(`units?`)},
	{tShare, wordRE(`share[sd]?|sharing`)},
	{tThreat, wordRE(`attack\w*|threat\w*`)},
	{tMayNot, wordRE(`may not|cannot|can't|never|block\w*`)},
}

func wordRE(alt string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[^a-z0-9-])(` + alt + `)($|[^a-z0-9-])`)
}

// knownTopic reports whether t is a topic's name.
func knownTopic(t string) bool {
	for _, w := range words {
		if w.topic == t {
			return true
		}
	}
	return false
}

// needs returns the topics the words of text need, sorted.
func needs(text string) []string {
	t := strings.ToLower(text)
	var out []string
	for _, w := range words {
		if w.re.MatchString(t) {
			out = append(out, w.topic)
		}
	}
	slices.Sort(out)
	return out
}

// WordList returns, for the documentation, each topic and the words that
// need it.
func WordList() [][2]string {
	var out [][2]string
	for _, w := range words {
		re := w.re.String()
		re = strings.TrimPrefix(re, `(^|[^a-z0-9-])(`)
		re = strings.TrimSuffix(re, `)($|[^a-z0-9-])`)
		out = append(out, [2]string{w.topic, re})
	}
	return out
}

// claimTopics notes the topics of claims cl of a move that observe
// described as f.
func (c *checker) claimTopics(cl *Claims, f *moveFacts) {
	switch cl.After {
	case AfterCheck:
		c.about(tCheck)
	case AfterCheckmate:
		c.about(tCheck, tCheckmate, tWin)
	case AfterStalemate:
		c.about(tStalemate, tDraw)
	case AfterRoyals:
		c.about(tWin, tCapture)
	case AfterNoMove:
		c.about(tDraw)
	case AfterRepetition:
		c.about(tRepetition, tDraw)
	case AfterFifty:
		c.about(tFifty, tDraw)
	case AfterBareKings:
		c.about(tBareKings, tDraw)
	case AfterOngoing:
		// The game goes on: in the positions the draws by rule look at,
		// that is a claim about them.
		if f.halfmove >= 100 {
			c.about(tFifty, tDraw)
		}
		if f.onlyRoyals {
			c.about(tBareKings, tDraw)
		}
	}
	if cl.InCheck {
		c.about(tCheck)
	}
	if cl.IntoThreat {
		c.about(tCheck, tThreat)
	}
	if cl.Captures != nil || cl.CaptureCount != 0 || cl.NoCapture || cl.Shares != "" || cl.EnPassant {
		c.about(tCapture)
	}
	if cl.ToHand != nil || cl.NoneToHand {
		c.about(tHand)
	}
	if cl.Gone != nil || cl.NoneToHand {
		c.about(tGone)
	}
	if cl.Fuses != "" {
		c.about(tFusion)
	}
	if cl.Assimilates != "" {
		c.about(tAssimilation, tCapture)
	}
	if cl.Split != nil || cl.Unit == "leaves" {
		c.about(tSplit)
	}
	if cl.Demotes != "" {
		c.about(tDemotion, tCapture)
	}
	if cl.Metamorphosis != "" {
		c.about(tMeta, tThreat) // legal only for an attacked piece
	}
	if cl.Promotes != "" {
		c.about(tPromotion)
	}
	if cl.Drop != "" {
		c.about(tDrop, tHand)
	}
	if cl.Castles != "" {
		c.about(tCastling)
	}
	if cl.EnPassant {
		c.about(tEnPassant)
	}
	if cl.Unit != "" {
		c.about(tUnit)
	}
	if cl.Shares != "" {
		c.about(tShare)
	}
	if cl.Is != "" && len(f.captured) > 0 {
		// What a capturer is afterwards is a claim about what captures do.
		if f.v.Assimilation {
			c.about(tAssimilation)
		}
		if f.v.Demotion {
			c.about(tDemotion)
		}
	}
	if cl.Attacks != nil || cl.NotAttacks != nil {
		c.about(tThreat)
	}
	if cl.MayNot != nil {
		c.about(tMayNot)
	}
}

// scan reports the words of text that the topics tp do not back.
func (c *checker) scan(text string, tp topics, where string) {
	for _, t := range needs(text) {
		if !tp[t] {
			c.fail(where, "%q speaks of %s, but no checked claim of that topic is attached", text, t)
		}
	}
}
