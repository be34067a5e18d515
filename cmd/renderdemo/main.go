//go:build js || native

// Command renderdemo is a throwaway driver for package render: it plays
// hotseat games with the real rules engine (package game), so the board,
// animations, choices and dialogs can be tried natively or in a browser
// (GOOS=js GOARCH=wasm). It is not the product's client (that is cmd/wasm).
package main

import (
	"flag"
	"fmt"
	"log"
	"sync"
	"time"

	"chimera/game"
	"chimera/render"
	"chimera/render/model"
)

// slow divides the speed of time (URL parameter slow in the browser).
var slow = 1.0

// thinking shows a permanent thinking indicator (URL parameter think), to
// measure the frame rate while the computer would think.
var thinking bool

// bench keeps knights moving to and fro (URL parameter bench) to measure the
// frame rate while pieces animate.
var bench bool

// demo owns the game and feeds the renderer.
type demo struct {
	mu   sync.Mutex
	g    *render.Game
	v    *game.Variant
	pos  *game.Position
	hist []string // move strings of the game
	note []string // human notation
	ply  int      // plies currently made on pos
}

func (d *demo) start(variant, fen string) error {
	v, err := game.VariantByID(variant)
	if err != nil {
		return err
	}
	if fen == "" {
		fen = v.Start
	}
	p, err := game.Parse(v, fen)
	if err != nil {
		return err
	}
	d.v, d.pos, d.hist, d.note, d.ply = v, p, nil, nil, 0
	d.g.SetPosition(snapshot(p), targets(p))
	d.show()
	return nil
}

func (d *demo) show() {
	res, why := d.pos.Outcome()
	if res != "" && d.ply == len(d.hist) {
		d.g.SetGameOver(fmt.Sprintf("%s (%s)", res, why))
	} else {
		d.g.SetGameOver("")
	}
	d.g.SetMoves(d.note, d.ply)
}

// view rewinds or replays the position to ply n.
func (d *demo) view(n int) {
	n = max(0, min(n, len(d.hist)))
	for d.ply > n {
		d.pos.Unmake()
		d.ply--
	}
	for d.ply < n {
		m, err := d.pos.ParseMove(d.hist[d.ply])
		if err != nil {
			return
		}
		d.pos.Make(m)
		d.ply++
	}
	d.g.SetPosition(snapshot(d.pos), targets(d.pos))
	d.show()
}

func (d *demo) intent(i model.Intent) {
	d.mu.Lock()
	defer d.mu.Unlock()
	switch i.Kind {
	case model.IntentMove:
		m, err := d.pos.ParseMove(i.Move)
		if err != nil {
			log.Print(err)
			return
		}
		ev := event(d.pos, m)
		n := d.pos.Notation(m)
		d.pos.Make(m)
		d.hist = append(d.hist[:d.ply], i.Move)
		d.note = append(d.note[:d.ply], n)
		d.ply++
		d.g.PlayEvent(ev, snapshot(d.pos), targets(d.pos))
		d.show()
	case model.IntentViewPly:
		d.view(i.Ply)
	case model.IntentUndo:
		d.view(d.ply - 1)
	case model.IntentRedo:
		d.view(d.ply + 1)
	case model.IntentNewGame:
		if err := d.start(i.NewGame.Variant, ""); err != nil {
			log.Print(err)
		}
	}
}

func main() {
	variant := flag.String("variant", "bedlam", "rule set id")
	fen := flag.String("fen", "", "start position")
	flag.Parse()
	d := &demo{}
	v, f := *variant, *fen
	if qv, qf := urlParams(); qv != "" {
		v, f = qv, qf
	}
	t0 := time.Now()
	d.g = render.New(render.Options{OnIntent: d.intent, Now: func() time.Time {
		// Slow motion (URL parameter slow=N) for looking at animations.
		return t0.Add(time.Duration(float64(time.Since(t0)) / slow))
	}})
	if err := d.start(v, f); err != nil {
		log.Fatal(err)
	}
	hook(d)
	if bench {
		go func() {
			for i := 0; ; i++ {
				time.Sleep(300 * time.Millisecond)
				mv := []string{"g1f3", "g8f6", "f3g1", "f6g8"}[i%4]
				d.intent(model.Intent{Kind: model.IntentMove, Move: mv})
			}
		}()
	}
	if thinking {
		d.g.SetThinking(true, 7, "+0.35")
	}
	if err := render.Run(d.g, "Chimera render demo"); err != nil {
		log.Fatal(err)
	}
}
