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
	// loop a turn now and then for messages (a 'stop', a newer 'position')
	// to arrive. Every ~10 ms it waits for a wake-up that comes back at once
	// through the event loop: a message sent to itself through a
	// MessageChannel in browsers (a setTimeout is clamped to 4 ms when
	// nested), where it queues behind the messages already posted to the
	// worker; setImmediate where there is one (Node, whose event loop
	// delivers MessageChannel messages ahead of other ones). Every ~100 ms
	// it sleeps through a setTimeout instead, so that timers get a turn too.
	// The session's loop also takes such a turn before each request, so
	// that a message never starts a search inside its own callback.
	wake := make(chan struct{}, 1)
	wakeUp := js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case wake <- struct{}{}:
		default:
		}
		return nil
	})
	var turn func() // one turn of the event loop, or nil
	if si := self.Get("setImmediate"); si.Type() == js.TypeFunction {
		turn = func() {
			si.Invoke(wakeUp)
			<-wake
		}
	} else if mc := self.Get("MessageChannel"); mc.Type() == js.TypeFunction {
		ch := mc.New()
		ch.Get("port1").Set("onmessage", wakeUp)
		port := ch.Get("port2")
		turn = func() {
			port.Call("postMessage", 0)
			<-wake
		}
	}
	last, lastSleep := time.Now(), time.Now()
	yield := func() {
		now := time.Now()
		switch {
		case now.Sub(lastSleep) >= 100*time.Millisecond || (turn == nil && now.Sub(last) >= 20*time.Millisecond):
			time.Sleep(time.Millisecond)
			lastSleep = time.Now()
			last = lastSleep
		case turn != nil && now.Sub(last) >= 10*time.Millisecond:
			turn()
			last = time.Now()
		}
	}
	s := newSession(post, yield, turn)
	self.Set("chimeraEngine", js.FuncOf(func(this js.Value, args []js.Value) any {
		var v any = otherKind("nothing")
		if len(args) > 0 {
			v = fromJS(args[0], true)
		}
		s.handleRaw(v)
		return nil
	}))
	select {}
}

// fromJS converts a message from JavaScript to its JSON form (the values
// encoding/json decodes to), reading only the fields messages have; top
// says whether v is the message itself.
func fromJS(v js.Value, top bool) any {
	t, ok := typeOf(v)
	if !ok {
		return otherKind("a bigint")
	}
	switch t {
	case js.TypeNull:
		return nil
	case js.TypeString:
		return v.String()
	case js.TypeNumber:
		return v.Float()
	case js.TypeBoolean:
		return v.Bool()
	case js.TypeObject:
		if js.Global().Get("Array").Call("isArray", v).Bool() {
			n := v.Length()
			if n > maxMoves+1 {
				n = maxMoves + 1 // enough for the length check
			}
			a := make([]any, n)
			for i := range a {
				a[i] = fromJS(v.Index(i), false)
			}
			return a
		}
		m := map[string]any{}
		if top {
			for _, k := range messageKeys {
				if x := v.Get(k); !x.IsUndefined() {
					m[k] = fromJS(x, false)
				}
			}
		}
		return m
	}
	return otherKind(v.Type().String())
}

// typeOf is v.Type(), which panics on a BigInt (the one JavaScript type
// syscall/js has no Type for; a page can post one): ok is false then.
func typeOf(v js.Value) (t js.Type, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return v.Type(), true
}
