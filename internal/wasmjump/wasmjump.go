// Package wasmjump makes the jumps of Go's WebAssembly output direct where
// WebAssembly's structured control flow allows it.
//
// Go's wasm backend (cmd/internal/obj/wasm) compiles each function that can
// be suspended into one dispatch loop: the function body is
//
//	block            ; exit
//	  loop           ; the dispatcher
//	    block ... block     ; one block per resumption point, innermost last
//	      local.get 0       ; PC_B: where to go
//	      br_table ...      ; to the end of one of those blocks
//	    end  code of the innermost point
//	    end  code of the next point ...
//
// and every jump between basic blocks is "i32.const B; local.set 0; br
// <dispatcher>": the loop starts again and br_table jumps to point B. So an
// if, a loop's back edge or a switch case costs a loop iteration and an
// indirect jump, and the engine (V8's TurboFan, SpiderMonkey, JSC) sees one
// huge loop in which every value is live around the back edge.
//
// Thread rewrites Go's functions so that most jumps need none of that. A
// forward jump becomes "br" to the block whose end is its point: it lands at
// the same instruction. An innermost loop without calls becomes a
// WebAssembly loop, its back jump a "br" to it (emit.go). Local 0 is read
// only by the dispatcher's br_table, and every other jump sets it right
// before it goes there, so dropping the set of a rewritten jump changes
// nothing else; Thread checks both facts per function and leaves a function
// alone where either does not hold.
//
// The search (ai) spends much of its time in branchy code, where the
// dispatcher costs most: see the README's "Performance" section.
package wasmjump

import (
	"bytes"
	"errors"
	"fmt"
)

// Stats counts what Thread did.
type Stats struct {
	Funcs    int  // function bodies in the module
	Dispatch int  // of them, with Go's dispatch loop (and rewritten)
	Jumps    int  // jumps through a dispatcher
	Threaded int  // of them, made direct
	Loops    int  // loops made WebAssembly loops (their back jumps are among Threaded)
	Flagged  int  // of them, entered inside through a flag (the others from their top, or by a copy of their test)
	Already  bool // the module had been rewritten before: it is returned as it is
}

func (s Stats) String() string {
	if s.Already {
		return "rewritten before, left as it is"
	}
	return fmt.Sprintf("%d of %d jumps made direct in %d of %d functions, %d loops (%d with an entry flag)",
		s.Threaded, s.Jumps, s.Dispatch, s.Funcs, s.Loops, s.Flagged)
}

var magic = []byte{0, 'a', 's', 'm', 1, 0, 0, 0}

// mark is the custom section Thread appends: a module that has it is not
// rewritten again (a second pass would not find Go's layout where loops
// were made).
const mark = "wasmjump"

// Thread returns the module with its dispatcher jumps made direct where
// they can be. Everything but the code section is copied as it is, and a
// custom section named "wasmjump" is appended; a module that has one is
// returned as it is.
func Thread(mod []byte) ([]byte, Stats, error) {
	var st Stats
	if !bytes.HasPrefix(mod, magic) {
		return nil, st, errors.New("wasmjump: not a WebAssembly module (version 1)")
	}
	if marked(mod) {
		st.Already = true
		return mod, st, nil
	}
	out := append([]byte(nil), magic...)
	r := reader{b: mod, i: len(magic)}
	var types []int // parameters per type
	var funcs []int // type per function body
	for r.i < len(r.b) {
		id := r.byte()
		size := int(r.u32())
		if r.err != nil || size > len(r.b)-r.i {
			return nil, st, fmt.Errorf("wasmjump: section %d at %d: truncated", id, r.i)
		}
		body := r.b[r.i : r.i+size]
		r.i += size
		var err error
		switch id {
		case 1:
			types, err = typeParams(body)
		case 3:
			funcs, err = funcTypes(body)
		case 10:
			params := make([]int, len(funcs))
			for k, t := range funcs {
				if t >= len(types) {
					return nil, st, fmt.Errorf("wasmjump: function %d: type %d", k, t)
				}
				params[k] = types[t]
			}
			body, err = threadCode(body, params, &st)
		}
		if err != nil {
			return nil, st, err
		}
		out = append(out, id)
		out = appendU32(out, uint32(len(body)))
		out = append(out, body...)
	}
	if r.err != nil {
		return nil, st, r.err
	}
	name := appendU32(nil, uint32(len(mark)))
	name = append(name, mark...)
	out = append(out, 0)
	out = appendU32(out, uint32(len(name)))
	out = append(out, name...)
	return out, st, nil
}

// marked reports whether the module has the custom section Thread appends.
func marked(mod []byte) bool {
	r := reader{b: mod, i: len(magic)}
	for r.i < len(r.b) && r.err == nil {
		id := r.byte()
		size := int(r.u32())
		if r.err != nil || size > len(r.b)-r.i {
			return false
		}
		if id == 0 {
			c := reader{b: r.b[r.i : r.i+size]}
			n := int(c.u32())
			if c.err == nil && n <= len(c.b)-c.i && string(c.b[c.i:c.i+n]) == mark {
				return true
			}
		}
		r.i += size
	}
	return false
}

// typeParams returns the number of parameters of each type of the type
// section.
func typeParams(sec []byte) ([]int, error) {
	r := reader{b: sec}
	n := r.u32()
	var params []int
	for k := uint32(0); k < n && r.err == nil; k++ {
		if c := r.byte(); c != 0x60 && r.err == nil {
			return nil, fmt.Errorf("wasmjump: type %d is not a function type", k)
		}
		np := r.u32()
		for j := uint32(0); j < np && r.err == nil; j++ {
			r.valtype()
		}
		nr := r.u32()
		for j := uint32(0); j < nr && r.err == nil; j++ {
			r.valtype()
		}
		params = append(params, int(np))
	}
	return params, r.err
}

// funcTypes returns the type of each function of the function section.
func funcTypes(sec []byte) ([]int, error) {
	r := reader{b: sec}
	n := r.u32()
	var ts []int
	for k := uint32(0); k < n && r.err == nil; k++ {
		ts = append(ts, int(r.u32()))
	}
	return ts, r.err
}

// threadCode rewrites the code section's function bodies; params holds the
// number of parameters of each.
func threadCode(sec []byte, params []int, st *Stats) ([]byte, error) {
	r := reader{b: sec}
	n := int(r.u32())
	if n != len(params) {
		return nil, errors.New("wasmjump: the code and function sections differ in length")
	}
	out := appendU32(nil, uint32(n))
	for f := 0; f < n; f++ {
		size := int(r.u32())
		if r.err != nil || size > len(r.b)-r.i {
			return nil, fmt.Errorf("wasmjump: function body %d: truncated", f)
		}
		body := r.b[r.i : r.i+size]
		r.i += size
		nb, err := threadFunc(body, params[f], st)
		if err != nil {
			return nil, fmt.Errorf("wasmjump: function body %d: %w", f, err)
		}
		out = appendU32(out, uint32(len(nb)))
		out = append(out, nb...)
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.i != len(r.b) {
		return nil, errors.New("wasmjump: code section: bytes after the last body")
	}
	st.Funcs += n
	return out, nil
}

// Opcodes that matter here.
const (
	opBlock        = 0x02
	opLoop         = 0x03
	opIf           = 0x04
	opElse         = 0x05
	opEnd          = 0x0b
	opBr           = 0x0c
	opBrIf         = 0x0d
	opBrTable      = 0x0e
	opCall         = 0x10
	opCallIndirect = 0x11
	opLocalGet     = 0x20
	opLocalSet     = 0x21
	opLocalTee     = 0x22
	opI32Const     = 0x41
)

// inst is one decoded instruction: its bytes are body[start:end].
type inst struct {
	start, end int
	op         byte
	imm        int64 // the local or constant
	frame      int   // for br, br_if: the frame jumped to (an index into frames); -1 otherwise
	open       []int // for br_table: the frames open at it, innermost last
	table      []int // for br_table: the frames of its labels, default last
}

// frame is one structured instruction (block, loop, if) of a body.
type frame struct {
	op         byte
	start, end int // the indices of its opening and its end instruction
}

// dispatcher finds Go's dispatch loop: the first br_table, reading local 0,
// with only blocks between it and a loop that is the second frame of the
// function (inside one block). It returns the loop's frame, the frames open
// inside it at the br_table (the loop first: one block per resumption point,
// outermost first) and the frames of the br_table's labels; -1 if there is
// no dispatcher. bt is the br_table's index.
func dispatcher(insts []inst, frames []frame) (loop int, chain, table []int, bt int) {
	for i, in := range insts {
		if in.op != opBrTable {
			continue
		}
		if i == 0 || insts[i-1].op != opLocalGet || insts[i-1].imm != 0 {
			return -1, nil, nil, -1
		}
		open := in.open // the function itself, then its frames
		if len(open) < 4 || frames[open[1]].op != opBlock || frames[open[2]].op != opLoop {
			return -1, nil, nil, -1
		}
		for _, f := range open[3:] {
			if frames[f].op != opBlock {
				return -1, nil, nil, -1
			}
		}
		for _, f := range in.table {
			if f <= open[2] {
				return -1, nil, nil, -1 // a label outside the dispatcher's blocks
			}
		}
		return open[2], open[2:], in.table, i
	}
	return -1, nil, nil, -1
}

// safe reports whether the dispatcher alone reads what a jump leaves in
// local 0: every jump to the dispatcher sets local 0 right before it, and
// every other read of local 0 (Go uses it as a scratch register for the
// table index of call_indirect) follows a write of it in straight-line code
// (no end, else or loop between, where control could come in from
// elsewhere).
// bt is the dispatcher's br_table.
func safe(insts []inst, loop, bt int) bool {
	dispatch := bt - 1 // the dispatcher's local.get 0
	for i, in := range insts {
		switch in.op {
		case opLocalGet:
			if in.imm == 0 && i != dispatch && !setBefore(insts, i) {
				return false
			}
		case opBr:
			if in.frame == loop && (i < 1 || insts[i-1].op != opLocalSet || insts[i-1].imm != 0) {
				return false
			}
		case opBrIf:
			if in.frame == loop {
				return false
			}
		case opBrTable:
			if i != dispatch+1 {
				for _, f := range in.table {
					if f == loop {
						return false
					}
				}
			}
		}
	}
	return true
}

// setBefore reports whether local 0 is written before instruction i in
// straight-line code.
func setBefore(insts []inst, i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch in := insts[j]; in.op {
		case opLocalSet, opLocalTee:
			if in.imm == 0 {
				return true
			}
		case opEnd, opElse, opLoop:
			return false
		}
	}
	return false
}

// decode decodes the instructions of a function body from offset at, with
// the frame each branch goes to. frames[k] is the k-th structured
// instruction; the function's own frame, -1, is not one.
func decode(body []byte, at int) ([]inst, []frame, error) {
	r := reader{b: body, i: at}
	var insts []inst
	var frames []frame
	var open []int // frames open, innermost last; -1 is the function
	open = append(open, -1)
	for r.i < len(body) {
		in := inst{start: r.i, frame: -1}
		in.op = r.byte()
		switch op := in.op; {
		case op == opBlock || op == opLoop || op == opIf:
			r.blocktype()
			open = append(open, len(frames))
			frames = append(frames, frame{op: op, start: len(insts)})
		case op == opEnd:
			if len(open) == 0 {
				return nil, nil, errors.New("end without a frame")
			}
			if f := open[len(open)-1]; f >= 0 {
				frames[f].end = len(insts)
			}
			open = open[:len(open)-1]
		case op == opBr || op == opBrIf:
			d := int(r.u32())
			if d >= len(open) {
				return nil, nil, fmt.Errorf("branch depth %d at %d", d, in.start)
			}
			in.frame = open[len(open)-1-d]
		case op == opBrTable:
			n := int(r.u32())
			if r.err != nil || n > len(body) {
				return nil, nil, errors.New("br_table: bad count")
			}
			for k := 0; k <= n; k++ { // the labels, then the default
				d := int(r.u32())
				if d >= len(open) {
					return nil, nil, fmt.Errorf("br_table depth %d at %d", d, in.start)
				}
				in.table = append(in.table, open[len(open)-1-d])
			}
			in.open = append([]int(nil), open...)
		default:
			if err := r.immediates(op); err != nil {
				return nil, nil, fmt.Errorf("at %d: %w", in.start, err)
			}
			if op == opLocalGet || op == opLocalSet || op == opLocalTee {
				in.imm = int64(r.lastU)
			} else if op == opI32Const {
				in.imm = r.lastS
			}
		}
		if r.err != nil {
			return nil, nil, r.err
		}
		in.end = r.i
		insts = append(insts, in)
	}
	if len(open) != 0 {
		return nil, nil, errors.New("body ends inside a frame")
	}
	return insts, frames, nil
}
