package wasmjump

import (
	"errors"
	"fmt"
)

// reader decodes the WebAssembly binary format. The first error sticks;
// reads after it return zeros.
type reader struct {
	b     []byte
	i     int
	err   error
	lastU uint64 // the last unsigned immediate read by immediates
	lastS int64  // the last signed immediate read by immediates
}

var errShort = errors.New("wasmjump: unexpected end of data")

func (r *reader) byte() byte {
	if r.err != nil {
		return 0
	}
	if r.i >= len(r.b) {
		r.err = errShort
		return 0
	}
	c := r.b[r.i]
	r.i++
	return c
}

// leb reads a LEB128 number of at most bits bits, sign-extended if signed.
func (r *reader) leb(bits uint, signed bool) uint64 {
	var v uint64
	for shift := uint(0); ; shift += 7 {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		if shift >= bits {
			r.err = errors.New("wasmjump: LEB128 number too long")
			return 0
		}
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			if signed && shift+7 < 64 && c&0x40 != 0 {
				v |= ^uint64(0) << (shift + 7)
			}
			return v
		}
	}
}

func (r *reader) uleb(bits uint) uint64 { return r.leb(bits, false) }

func (r *reader) sleb(bits uint) int64 { return int64(r.leb(bits, true)) }

func (r *reader) u32() uint32 { return uint32(r.uleb(32)) }

func (r *reader) skip(n int) {
	if r.err == nil && n > len(r.b)-r.i {
		r.err = errShort
	}
	if r.err == nil {
		r.i += n
	}
}

// isValtype reports whether c is a value type: a number, vector or
// reference type.
func isValtype(c byte) bool {
	switch c {
	case 0x7f, 0x7e, 0x7d, 0x7c, 0x7b, 0x70, 0x6f:
		return true
	}
	return false
}

// valtype reads a value type.
func (r *reader) valtype() {
	if c := r.byte(); !isValtype(c) && r.err == nil {
		r.err = fmt.Errorf("wasmjump: value type %#x", c)
	}
}

// blocktype reads a block's type: empty, one value type, or a type index.
func (r *reader) blocktype() {
	if r.err != nil || r.i >= len(r.b) {
		r.byte()
		return
	}
	if c := r.b[r.i]; c == 0x40 || isValtype(c) {
		r.i++
	} else if r.sleb(33) < 0 {
		r.err = errors.New("wasmjump: negative block type index")
	}
}

// immediates reads the immediates of every instruction but the structured
// ones and the branches (decode reads those): the core instruction set with
// the sign-extension, saturating conversion, bulk memory and reference type
// instructions. Vector (SIMD), threads and other proposals are refused.
func (r *reader) immediates(op byte) error {
	switch {
	case op == 0x00 || op == 0x01 || op == 0x05 || op == 0x0f || op == 0x1a || op == 0x1b:
		// unreachable, nop, else, return, drop, select
	case op == opCall:
		r.u32()
	case op == opCallIndirect: // type, table
		r.u32()
		r.u32()
	case op == 0x1c: // select with types
		n := r.u32()
		for k := uint32(0); k < n && r.err == nil; k++ {
			r.valtype()
		}
	case op >= 0x20 && op <= 0x26: // local.*, global.*, table.get/set
		r.lastU = uint64(r.u32())
	case op >= 0x28 && op <= 0x3e: // loads and stores: align, offset
		r.u32()
		r.uleb(64)
	case op == 0x3f || op == 0x40: // memory.size, memory.grow
		r.u32()
	case op == opI32Const:
		r.lastS = r.sleb(32)
	case op == 0x42:
		r.lastS = r.sleb(64)
	case op == 0x43:
		r.skip(4)
	case op == 0x44:
		r.skip(8)
	case op >= 0x45 && op <= 0xc4: // numeric, sign extension
	case op == 0xd0: // ref.null
		r.byte()
	case op == 0xd1: // ref.is_null
	case op == 0xd2: // ref.func
		r.u32()
	case op == 0xfc:
		switch sub := r.u32(); {
		case sub <= 7: // saturating truncations
		case sub == 8: // memory.init: data, memory
			r.u32()
			r.u32()
		case sub == 9, sub == 13, sub == 15, sub == 16, sub == 17: // data.drop, elem.drop, table.grow/size/fill
			r.u32()
		case sub == 10 || sub == 12 || sub == 14: // memory.copy, table.init, table.copy
			r.u32()
			r.u32()
		case sub == 11: // memory.fill
			r.u32()
		default:
			return fmt.Errorf("wasmjump: instruction 0xfc %d", sub)
		}
	default:
		return fmt.Errorf("wasmjump: instruction %#x", op)
	}
	return r.err
}

// appendU32 appends v as unsigned LEB128.
func appendU32(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}
