package app

import (
	"errors"
	"net/url"
	"sort"
	"sync"
	"testing"
	"time"

	"chimera/render/model"
)

// fakeBoard records what the App shows on the board.
type fakeBoard struct {
	board    model.Board
	targets  []model.Target
	events   []model.Event
	flipped  bool
	style    model.Style
	left     time.Duration // AnimationLeft's answer
	cancels  int
	settings int // SetPosition calls
	overlay  model.Overlay
	draws    int // calls that change what the board shows
}

func (b *fakeBoard) SetPosition(bd model.Board, t []model.Target) {
	b.board, b.targets = bd, t
	b.settings++
	b.draws++
	b.overlay = model.Overlay{}
}
func (b *fakeBoard) PlayEvent(ev model.Event, bd model.Board, t []model.Target) {
	b.events = append(b.events, ev)
	b.board, b.targets = bd, t
	b.draws++
	b.overlay = model.Overlay{}
}
func (b *fakeBoard) SetOverlay(o model.Overlay)   { b.overlay = o; b.draws++ }
func (b *fakeBoard) SetFlipped(f bool)            { b.flipped = f; b.draws++ }
func (b *fakeBoard) SetStyle(s model.Style)       { b.style = s }
func (b *fakeBoard) CancelSelection()             { b.cancels++ }
func (b *fakeBoard) AnimationLeft() time.Duration { return b.left }
func (b *fakeBoard) hasTarget(move string) bool {
	for _, t := range b.targets {
		if t.Move == move {
			return true
		}
	}
	return false
}

// fakeEngine records the requests.
type fakeEngine struct{ sent []EngineRequest }

func (e *fakeEngine) Send(r EngineRequest) { e.sent = append(e.sent, r) }

// lastGo returns the newest 'go' request.
func (e *fakeEngine) lastGo(t *testing.T) EngineRequest {
	t.Helper()
	for i := len(e.sent) - 1; i >= 0; i-- {
		if e.sent[i].Type == "go" {
			return e.sent[i]
		}
	}
	t.Fatal("no go sent")
	return EngineRequest{}
}

func (e *fakeEngine) count(typ string) int {
	n := 0
	for _, r := range e.sent {
		if r.Type == typ {
			n++
		}
	}
	return n
}

// fakeStorage is a map that can be made to fail, and with quota > 0 holds
// at most that many characters of keys and values (as localStorage's
// quota counts them), refusing a Set beyond it.
type fakeStorage struct {
	m        map[string]string
	failSet  bool
	failGet  bool
	setCalls int
	quota    int
}

func newStorage() *fakeStorage { return &fakeStorage{m: map[string]string{}} }

func (s *fakeStorage) Get(k string) (string, bool, error) {
	if s.failGet {
		return "", false, errors.New("SecurityError: storage is blocked")
	}
	v, ok := s.m[k]
	return v, ok, nil
}
func (s *fakeStorage) Set(k, v string) error {
	s.setCalls++
	if s.failSet {
		return errors.New("QuotaExceededError")
	}
	if s.quota > 0 {
		n := s.size() + len(k) + len(v)
		if old, ok := s.m[k]; ok {
			n -= len(k) + len(old)
		}
		if n > s.quota {
			return errors.New("QuotaExceededError: Setting the value of '" + k + "' exceeded the quota.")
		}
	}
	s.m[k] = v
	return nil
}

func (s *fakeStorage) Remove(k string) error {
	if s.failSet {
		return errors.New("SecurityError: storage is blocked")
	}
	delete(s.m, k)
	return nil
}

func (s *fakeStorage) Keys() ([]string, error) {
	if s.failGet {
		return nil, errors.New("SecurityError: storage is blocked")
	}
	var ks []string
	for k := range s.m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks, nil
}

// size is the characters held.
func (s *fakeStorage) size() int {
	n := 0
	for k, v := range s.m {
		n += len(k) + len(v)
	}
	return n
}

// fakePage records what the page was told.
type fakePage struct {
	views     []View
	announced []string
	sounds    []Sound
	address   string
	events    []HostEvent
}

func (p *fakePage) SetAddress(q string) { p.address = q }
func (p *fakePage) Notify(e HostEvent)  { p.events = append(p.events, e) }

// lastEvent returns the newest event of type typ sent to the host.
func (p *fakePage) lastEvent(typ string) (HostEvent, bool) {
	for i := len(p.events) - 1; i >= 0; i-- {
		if p.events[i].Type == typ {
			return p.events[i], true
		}
	}
	return HostEvent{}, false
}

func (p *fakePage) Show(v View) { p.views = append(p.views, v) }

// ShowAnalysis keeps the last view with the analysis's new part.
func (p *fakePage) ShowAnalysis(a *AnalysisView) {
	v := View{}
	if len(p.views) > 0 {
		v = p.views[len(p.views)-1]
	}
	v.Analysis = a
	p.views = append(p.views, v)
}
func (p *fakePage) Announce(text string) { p.announced = append(p.announced, text) }
func (p *fakePage) Sound(s Sound)        { p.sounds = append(p.sounds, s) }
func (p *fakePage) last() View           { return p.views[len(p.views)-1] }
func (p *fakePage) lastSaid() string {
	if len(p.announced) == 0 {
		return ""
	}
	return p.announced[len(p.announced)-1]
}

// fakeClock runs AfterFunc callbacks when the test advances it.
type fakeClock struct {
	mu    sync.Mutex
	now   time.Time
	timed []timer
}

type timer struct {
	at time.Time
	f  func()
}

// clocks makes each new fake clock start a minute after the one before:
// pages opened one after another.
var clocks = time.Unix(1_800_000_000, 0)

func newClock() *fakeClock {
	clocks = clocks.Add(time.Minute)
	return &fakeClock{now: clocks}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}
func (c *fakeClock) AfterFunc(d time.Duration, f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.timed = append(c.timed, timer{c.now.Add(d), f})
}

// advance moves the clock on by d and runs what falls due.
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	sort.SliceStable(c.timed, func(i, j int) bool { return c.timed[i].at.Before(c.timed[j].at) })
	var due []func()
	rest := c.timed[:0]
	for _, t := range c.timed {
		if !t.at.After(c.now) {
			due = append(due, t.f)
		} else {
			rest = append(rest, t)
		}
	}
	c.timed = rest
	c.mu.Unlock()
	for _, f := range due {
		f()
	}
}

// rig is an App with its fakes.
type rig struct {
	*App
	*GameController
	board  *fakeBoard
	engine *fakeEngine
	store  *fakeStorage
	tab    *fakeStorage
	page   *fakePage
	clock  *fakeClock
}

// newRig starts an App on store (nil: empty storage) with the URL
// parameters q (nil: none), in a new tab.
func newRig(t *testing.T, store *fakeStorage, q url.Values) *rig {
	return newRigTab(t, store, newStorage(), q)
}

// newRigTab starts an App in the tab whose own storage is tab (a reload
// keeps it).
func newRigTab(t *testing.T, store, tab *fakeStorage, q url.Values) *rig {
	t.Helper()
	if store == nil {
		store = newStorage()
	}
	r := &rig{board: &fakeBoard{}, engine: &fakeEngine{}, store: store, tab: tab, page: &fakePage{}, clock: newClock()}
	r.App = New(Deps{Board: r.board, Engine: r.engine, Storage: r.store, Tab: tab, Page: r.page, Clock: r.clock, Site: "https://example.org/chimera/"}, q)
	r.GameController = r.App.Game
	return r
}

// link returns URL parameters naming a game: variant, fen, ai and more
// key-value pairs.
func link(variant, fen, ai string, more ...string) url.Values {
	q := url.Values{"variant": {variant}, "ai": {ai}}
	if fen != "" {
		q.Set("fen", fen)
	}
	for i := 0; i+1 < len(more); i += 2 {
		q.Set(more[i], more[i+1])
	}
	return q
}

// answer sends the engine's answer to the newest 'go'.
func (r *rig) answer(move string) {
	g := r.engine.sent[len(r.engine.sent)-1]
	for i := len(r.engine.sent) - 1; i >= 0; i-- {
		if r.engine.sent[i].Type == "go" {
			g = r.engine.sent[i]
			break
		}
	}
	r.EngineAnswer(EngineAnswer{Type: "bestmove", ID: g.ID, Move: move})
}

func (r *rig) play(t *testing.T, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if !r.board.hasTarget(m) {
			t.Fatalf("%s is not offered on the board (targets %d)", m, len(r.board.targets))
		}
		r.BoardMove(m)
	}
}

func (r *rig) position() string { return r.Game.s.Position().String() }
