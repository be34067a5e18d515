//go:build js && wasm

package main

import (
	"syscall/js"
	"time"
)

func main() {
	self := js.Global()
	post := func(o out) {
		m := make(map[string]any, len(o))
		for k, v := range o {
			switch x := v.(type) {
			case []string:
				a := make([]any, len(x))
				for i, s := range x {
					a[i] = s
				}
				m[k] = a
			case int64:
				m[k] = float64(x)
			default:
				m[k] = v
			}
		}
		self.Call("postMessage", js.ValueOf(m))
	}
	// The search runs in a goroutine. Go under js/wasm runs one goroutine at
	// a time on the JavaScript thread, so the search must give the event
	// loop a turn now and then for messages (a 'stop') to arrive. Every
	// ~10 ms it waits for a message sent to itself through a MessageChannel,
	// which comes back at once (a setTimeout is clamped to 4 ms when nested,
	// in browsers); every ~100 ms it sleeps through a setTimeout instead,
	// because some event loops (Node's) deliver MessageChannel messages
	// before timers and other messages.
	var portYield func()
	if mc := self.Get("MessageChannel"); mc.Type() == js.TypeFunction {
		ch := mc.New()
		wake := make(chan struct{}, 1)
		ch.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
			select {
			case wake <- struct{}{}:
			default:
			}
			return nil
		}))
		port := ch.Get("port2")
		portYield = func() {
			port.Call("postMessage", 0)
			<-wake
		}
	}
	last, lastSleep := time.Now(), time.Now()
	yield := func() {
		now := time.Now()
		switch {
		case now.Sub(lastSleep) >= 100*time.Millisecond || (portYield == nil && now.Sub(last) >= 20*time.Millisecond):
			time.Sleep(time.Millisecond)
			lastSleep = time.Now()
			last = lastSleep
		case portYield != nil && now.Sub(last) >= 10*time.Millisecond:
			portYield()
			last = time.Now()
		}
	}
	s := newSession(post, yield)
	self.Set("chimeraEngine", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) == 0 || args[0].Type() != js.TypeObject {
			post(out{"type": "error", "message": "engine: message is not an object"})
			return nil
		}
		s.handle(decode(args[0]))
		return nil
	}))
	select {}
}

func decode(v js.Value) message {
	str := func(k string) string {
		if x := v.Get(k); x.Type() == js.TypeString {
			return x.String()
		}
		return ""
	}
	num := func(k string) float64 {
		if x := v.Get(k); x.Type() == js.TypeNumber {
			return x.Float()
		}
		return 0
	}
	m := message{Type: str("type"), Variant: str("variant"), FEN: str("fen"),
		MoveTime: int(num("movetime")), Depth: int(num("depth")), Level: int(num("level")), Seed: uint64(num("seed"))}
	if mv := v.Get("moves"); mv.Type() == js.TypeObject {
		n := mv.Length()
		for i := 0; i < n; i++ {
			m.Moves = append(m.Moves, mv.Index(i).String())
		}
	}
	return m
}
