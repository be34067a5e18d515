package wasmjump

import (
	"errors"
	"fmt"
)

// fn is one function body with Go's dispatch loop, decoded.
type fn struct {
	body   []byte
	code   int // where the instructions start
	insts  []inst
	frames []frame
	loop   int         // the dispatch loop's frame
	point  []int       // point p's block: the frame whose end p's code follows
	of     map[int]int // the point of a block of the dispatcher
	table  []int       // the br_table's frames, default last
	jumps  []jump
	locals int    // parameters and locals: the index of a new local
	groups uint32 // the local declarations' groups
	decls  int    // where the groups start, after their count

	regions  []region
	interior map[int]int // point -> its region, inside a region but not its head
	head     map[int]int // point -> the region it heads
	last     map[int]int // point -> the region it ends
}

// jump is one jump through the dispatcher: i32.const at site, local.set 0,
// br to the dispatch loop.
type jump struct {
	site, from, to int // the i32.const's index, the point it is in, the point it goes to
}

// region is a loop made a WebAssembly loop: points a..b, jumped back to a
// from inside, entered from outside at a or, through a flag, at e.
type region struct {
	a, b, e int  // e < 0: entered at a only
	peel    bool // entered at e = b from before a: each such jump is a copy of b's code instead
}

// flagged reports whether loop r is entered inside, at e, through the flag.
func (r region) flagged() bool { return r.e >= 0 && !r.peel }

// threadFunc decodes one function body and rewrites its dispatcher jumps.
// nparams is the number of the function's parameters.
func threadFunc(body []byte, nparams int, st *Stats) ([]byte, error) {
	r := reader{b: body}
	f := &fn{body: body, locals: nparams, groups: r.u32(), decls: r.i}
	for g := uint32(0); g < f.groups && r.err == nil; g++ {
		f.locals += int(r.u32())
		r.valtype()
	}
	if r.err != nil {
		return nil, r.err
	}
	f.code = r.i
	var err error
	if f.insts, f.frames, err = decode(body, f.code); err != nil {
		return nil, err
	}
	loop, chain, table, bt := dispatcher(f.insts, f.frames)
	if loop < 0 || !safe(f.insts, loop, bt) || !f.layout(loop, chain, table, bt) {
		return body, nil
	}
	f.findJumps()
	f.findLoops()
	out, err := f.emit(st)
	if err != nil {
		return nil, err
	}
	st.Dispatch++
	return out, nil
}

// layout checks that the body is laid out as Go lays it out (the
// dispatcher's blocks opened one after the other, then local.get 0,
// br_table, and the innermost block's end) and records the points.
func (f *fn) layout(loop int, chain, table []int, bt int) bool {
	n := len(chain) - 1
	f.loop, f.table = loop, table
	f.point = make([]int, n)
	f.of = make(map[int]int, n)
	for k := 1; k <= n; k++ {
		p := n - k
		f.point[p] = chain[k]
		f.of[chain[k]] = p
		if k > 1 && f.frames[chain[k]].start != f.frames[chain[k-1]].start+1 {
			return false
		}
	}
	return f.frames[chain[n]].start+2 == bt && f.frames[chain[n]].end == bt+1
}

// codeOf returns the instructions of point p's code: between the end of its
// block and the end of the next one (of the dispatch loop after the last).
func (f *fn) codeOf(p int) (int, int) {
	lo := f.frames[f.point[p]].end + 1
	hi := f.frames[f.loop].end
	if p+1 < len(f.point) {
		hi = f.frames[f.point[p+1]].end
	}
	return lo, hi
}

// target returns the point the dispatcher goes to for i32.const c.
func (f *fn) target(c int64) int {
	t := f.table[len(f.table)-1]
	if c >= 0 && c < int64(len(f.table)-1) {
		t = f.table[c]
	}
	return f.of[t]
}

// isJump reports whether instructions i, i+1, i+2 are a jump through the
// dispatcher: i32.const, local.set 0, br to the dispatch loop.
func (f *fn) isJump(i int) bool {
	in := f.insts
	return i+2 < len(in) && in[i].op == opI32Const && in[i+1].op == opLocalSet && in[i+1].imm == 0 &&
		in[i+2].op == opBr && in[i+2].frame == f.loop
}

// findJumps lists the jumps through the dispatcher, point by point.
func (f *fn) findJumps() {
	for p := range f.point {
		lo, hi := f.codeOf(p)
		for i := lo; i < hi; i++ {
			if f.isJump(i) {
				f.jumps = append(f.jumps, jump{i, p, f.target(f.insts[i].imm)})
			}
		}
	}
}

// findLoops chooses the loops to make WebAssembly loops: innermost, without
// a call at the top level of any of their points (the point after such a
// call is where the function resumes when a goroutine switch unwound it, and
// a recovered panic resumes at a deferreturn call: the dispatcher must reach
// those; the calls Go nests in an if, to morestack and sigpanic, do not
// resume there), entered from outside at their first point and at most one
// other, and never jumped back to inside except to the first.
func (f *fn) findLoops() {
	n := len(f.point)
	topCall := make([]bool, n)
	for p := 0; p < n; p++ {
		lo, hi := f.codeOf(p)
		depth := 0
		for i := lo; i < hi; i++ {
			switch f.insts[i].op {
			case opBlock, opLoop, opIf:
				depth++
			case opEnd:
				depth--
			case opCall, opCallIndirect:
				if depth == 0 {
					topCall[p] = true
				}
			}
		}
	}
	last := map[int]int{} // loop head -> the last point that jumps back to it
	for _, j := range f.jumps {
		if b, ok := last[j.to]; j.to <= j.from && (!ok || j.from > b) {
			last[j.to] = j.from
		}
	}
	var cands []region
	for a, b := range last {
		r := region{a: a, b: b, e: -1}
		ok := true
		for p := a; p <= b && ok; p++ {
			ok = !topCall[p]
		}
		for _, j := range f.jumps {
			if !ok {
				break
			}
			inside := j.from >= a && j.from <= b
			if j.to <= a || j.to > b {
				continue
			}
			switch {
			case inside && j.to <= j.from:
				ok = false // back to a point inside: an inner loop
			case !inside && (r.e < 0 || r.e == j.to):
				r.e = j.to
			case !inside:
				ok = false // entered at two points
			}
		}
		if ok {
			r.peel = f.peelable(r)
			cands = append(cands, r)
		}
	}
	// innermost first; a loop that contains or overlaps a chosen one is not
	// chosen
	for len(cands) > 0 {
		k := 0
		for i, c := range cands {
			if c.b-c.a < cands[k].b-cands[k].a || c.b-c.a == cands[k].b-cands[k].a && c.a < cands[k].a {
				k = i
			}
		}
		c := cands[k]
		cands = append(cands[:k], cands[k+1:]...)
		free := true
		for _, r := range f.regions {
			if c.a <= r.b && r.a <= c.b {
				free = false
			}
		}
		if free {
			f.regions = append(f.regions, c)
		}
	}
	f.interior, f.head, f.last = map[int]int{}, map[int]int{}, map[int]int{}
	for k, r := range f.regions {
		f.head[r.a] = k
		f.last[r.b] = k
		for p := r.a + 1; p <= r.b; p++ {
			f.interior[p] = k
		}
	}
}

// peelable reports whether the jumps into loop r at its last point (the
// test of a Go for loop) can be copies of that point's code instead: they
// come from before the loop, the point is small and not the function's
// last, and it jumps to no point inside the loop but the first. The loop's
// top then needs no flag.
func (f *fn) peelable(r region) bool {
	if r.e != r.b || r.b+1 >= len(f.point) {
		return false
	}
	for _, j := range f.jumps {
		if j.to == r.b && j.from > r.b {
			return false
		}
		if j.from == r.b && j.to > r.a && j.to <= r.b {
			return false
		}
	}
	lo, hi := f.codeOf(r.b)
	return hi-lo <= maxPeel
}

// maxPeel is the most instructions a loop's test may have to be copied.
const maxPeel = 64

// emitter writes a body anew, every branch depth recomputed from the frames
// open where it is written.
type emitter struct {
	f     *fn
	out   []byte
	open  []int // keys of the open frames: original frame indices, -1 the function, loopKey(k) region k's loop
	opens map[int]int
	flag  int // the local that holds "enter at e", or -1
}

func loopKey(k int) int { return -2 - k }

func (e *emitter) push(key int) { e.open = append(e.open, key) }

func (e *emitter) pop() error {
	if len(e.open) == 0 {
		return errors.New("wasmjump: end without a frame")
	}
	e.open = e.open[:len(e.open)-1]
	e.out = append(e.out, opEnd)
	return nil
}

// depth returns the label depth of the frame key, or -1 if it is not open.
func (e *emitter) depth(key int) int {
	for d := 0; d < len(e.open); d++ {
		if e.open[len(e.open)-1-d] == key {
			return d
		}
	}
	return -1
}

func (e *emitter) branch(op byte, key int) error {
	d := e.depth(key)
	if d < 0 {
		return fmt.Errorf("wasmjump: branch to a frame that is not open")
	}
	e.out = append(e.out, op)
	e.out = appendU32(e.out, uint32(d))
	return nil
}

func (e *emitter) i32(v int64) {
	e.out = append(e.out, opI32Const)
	e.out = appendS64(e.out, v)
}

// copy writes instruction i with its branch depths recomputed.
func (e *emitter) copy(i int) error {
	in := e.f.insts[i]
	switch in.op {
	case opBlock, opLoop, opIf:
		e.out = append(e.out, e.f.body[in.start:in.end]...)
		e.push(e.opens[i])
		return nil
	case opEnd:
		return e.pop()
	case opBr, opBrIf:
		return e.branch(in.op, in.frame)
	case opBrTable:
		e.out = append(e.out, opBrTable)
		e.out = appendU32(e.out, uint32(len(in.table)-1))
		for _, t := range in.table {
			d := e.depth(t)
			if d < 0 {
				return errors.New("wasmjump: br_table to a frame that is not open")
			}
			e.out = appendU32(e.out, uint32(d))
		}
		return nil
	}
	e.out = append(e.out, e.f.body[in.start:in.end]...)
	return nil
}

// emit writes the function: the dispatcher's blocks of the points that are
// not inside a chosen loop, each chosen loop as a WebAssembly loop with the
// blocks of its points inside, and every jump direct where it can be.
func (f *fn) emit(st *Stats) ([]byte, error) {
	e := &emitter{f: f, opens: make(map[int]int, len(f.frames)), flag: -1}
	for k, fr := range f.frames {
		e.opens[fr.start] = k
	}
	e.push(-1)
	// locals: one more (an i32) for the entry flag if a loop needs it
	for _, g := range f.regions {
		if g.flagged() {
			e.flag = f.locals
		}
	}
	if e.flag >= 0 {
		e.out = appendU32(e.out, f.groups+1)
		e.out = append(e.out, f.body[f.decls:f.code]...)
		e.out = append(e.out, 1, 0x7f)
	} else {
		e.out = append(e.out, f.body[:f.code]...)
	}
	n := len(f.point)
	for i := 0; i < f.frames[f.point[n-1]].start; i++ {
		if err := e.copy(i); err != nil {
			return nil, err
		}
	}
	for p := n - 1; p >= 0; p-- {
		if _, in := f.interior[p]; !in {
			e.out = append(e.out, opBlock, 0x40)
			e.push(f.point[p])
		}
	}
	// the dispatcher: a point inside a loop is never its target (no call
	// resumes there, no jump goes there through it); its entries go to a
	// trap, so that were that ever wrong, it would fail loudly
	const trapKey = -1 << 30
	trap := len(f.interior) > 0
	if trap {
		e.out = append(e.out, opBlock, 0x40)
		e.push(trapKey)
	}
	e.out = append(e.out, opLocalGet, 0)
	e.out = append(e.out, opBrTable)
	e.out = appendU32(e.out, uint32(len(f.table)-1))
	for _, t := range f.table {
		key := t
		if _, in := f.interior[f.of[t]]; in {
			key = trapKey
		}
		d := e.depth(key)
		if d < 0 {
			return nil, errors.New("wasmjump: dispatcher target not open")
		}
		e.out = appendU32(e.out, uint32(d))
	}
	if trap {
		if err := e.pop(); err != nil {
			return nil, err
		}
		e.out = append(e.out, 0x00) // unreachable
	}
	for p := 0; p < n; p++ {
		if err := e.pop(); err != nil { // the end of p's block: p's code follows
			return nil, err
		}
		if k, in := f.interior[p]; in && f.regions[k].e == p && f.regions[k].flagged() {
			e.i32(0)
			e.out = append(e.out, opLocalSet)
			e.out = appendU32(e.out, uint32(e.flag))
		}
		if k, ok := f.head[p]; ok {
			g := f.regions[k]
			st.Loops++
			if g.flagged() {
				st.Flagged++
			}
			e.out = append(e.out, opLoop, 0x40)
			e.push(loopKey(k))
			for q := g.b; q > g.a; q-- {
				e.out = append(e.out, opBlock, 0x40)
				e.push(f.point[q])
			}
			if g.flagged() {
				e.out = append(e.out, opLocalGet)
				e.out = appendU32(e.out, uint32(e.flag))
				if err := e.branch(opBrIf, f.point[g.e]); err != nil {
					return nil, err
				}
			}
		}
		if err := e.code(p, st); err != nil {
			return nil, err
		}
		if _, ok := f.last[p]; ok {
			if err := e.pop(); err != nil {
				return nil, err
			}
		}
	}
	for i := f.frames[f.loop].end; i < len(f.insts); i++ {
		if err := e.copy(i); err != nil {
			return nil, err
		}
	}
	if len(e.open) != 0 {
		return nil, errors.New("wasmjump: frames left open")
	}
	return e.out, nil
}

// code writes point p's code, its dispatcher jumps through jump.
func (e *emitter) code(p int, st *Stats) error {
	lo, hi := e.f.codeOf(p)
	for i := lo; i < hi; i++ {
		if e.f.isJump(i) {
			if err := e.jump(i, st); err != nil {
				return err
			}
			i += 2
			continue
		}
		if err := e.copy(i); err != nil {
			return err
		}
	}
	return nil
}

// jump writes the dispatcher jump at i: straight to its point's block if
// that is open (forward), to the loop if it goes back to a loop's first
// point from inside, into a loop through its entry flag, or else through
// the dispatcher.
func (e *emitter) jump(i int, st *Stats) error {
	f := e.f
	st.Jumps++
	c := f.insts[i].imm
	t := f.target(c)
	if e.depth(f.point[t]) >= 0 {
		st.Threaded++
		return e.branch(opBr, f.point[t])
	}
	if k, ok := f.head[t]; ok && e.depth(loopKey(k)) >= 0 {
		st.Threaded++
		return e.branch(opBr, loopKey(k))
	}
	if k, in := f.interior[t]; in {
		g := f.regions[k]
		if g.e != t || e.depth(loopKey(k)) >= 0 {
			return errors.New("wasmjump: a jump into a loop that was not planned")
		}
		if g.peel {
			// a copy of the loop's test, then on to the point after the loop
			st.Threaded++
			var copied Stats // the copy's jumps are counted where they are
			if err := e.code(t, &copied); err != nil {
				return err
			}
			return e.branch(opBr, f.point[g.b+1])
		}
		e.i32(1)
		e.out = append(e.out, opLocalSet)
		e.out = appendU32(e.out, uint32(e.flag))
		if e.depth(f.point[g.a]) >= 0 {
			st.Threaded++
			return e.branch(opBr, f.point[g.a])
		}
		c = -1
		for k, fr := range f.table[:len(f.table)-1] {
			if f.of[fr] == g.a {
				c = int64(k)
				break
			}
		}
		if c < 0 {
			return errors.New("wasmjump: no dispatcher entry for a loop")
		}
	}
	e.i32(c)
	e.out = append(e.out, opLocalSet, 0)
	return e.branch(opBr, f.loop)
}

// appendS64 appends v as signed LEB128.
func appendS64(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
