package sight

// Bit rows: a row of tiles or cells as []uint64, bit i of the row at word
// i>>6. The shadow maps and the field of view decide 64 tiles a word.

import (
	"math"
	"math/bits"
)

// growInts returns s resized to n, reallocated only when too small.
func growInts(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

func grow(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	return s[:n]
}

// nextSet returns the first set bit of row at or after i, or n.
func nextSet(row []uint64, i, n int) int {
	for i < n {
		w := row[i>>6] >> (i & 63)
		if w != 0 {
			return min(n, i+bits.TrailingZeros64(w))
		}
		i = (i | 63) + 1
	}
	return n
}

// nextClear returns the first clear bit of row at or after i, or n.
func nextClear(row []uint64, i, n int) int {
	for i < n {
		w := ^row[i>>6] >> (i & 63)
		if w != 0 {
			return min(n, i+bits.TrailingZeros64(w))
		}
		i = (i | 63) + 1
	}
	return n
}

// btoi is 1 for true and 0 for false.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// spanBits returns a word with bits lo..hi set (0 <= lo, hi < 64; none
// when hi < lo).
func spanBits(lo, hi int) uint64 {
	if hi < lo {
		return 0
	}
	return (2<<uint(hi) - 1) &^ (1<<uint(lo) - 1)
}

func setBit(row []uint64, i int) { row[i>>6] |= 1 << (i & 63) }

// setRange sets bits lo..hi of row (nothing when hi < lo).
func setRange(row []uint64, lo, hi int) {
	for lo <= hi {
		w := lo >> 6
		end := min(hi, w<<6+63)
		n := end - lo + 1
		var mask uint64 = math.MaxUint64
		if n < 64 {
			mask = (1<<n - 1)
		}
		row[w] |= mask << (lo & 63)
		lo = end + 1
	}
}

func testBit(row []uint64, i int) bool { return row[i>>6]&(1<<(i&63)) != 0 }

// lowBits returns a word with its n lowest bits set (n clamped to 0..64).
func lowBits(n int) uint64 {
	switch {
	case n <= 0:
		return 0
	case n >= 64:
		return math.MaxUint64
	}
	return 1<<uint(n) - 1
}

// bitsAt returns bits at..at+63 of row (zeros past its end).
func bitsAt(row []uint64, at int) uint64 {
	w, s := at>>6, uint(at&63)
	if w >= len(row) {
		return 0
	}
	v := row[w] >> s
	if s != 0 && w+1 < len(row) {
		v |= row[w+1] << (64 - s)
	}
	return v
}

// orBits ORs v into bits at..at+63 of row; v has no bits past its end.
func orBits(row []uint64, at int, v uint64) {
	w, s := at>>6, uint(at&63)
	row[w] |= v << s
	if s != 0 && v>>(64-s) != 0 {
		row[w+1] |= v >> (64 - s)
	}
}

// shr1 returns word w of the bit row shifted right by one (bit i+1 to i).
func shr1(row []uint64, w int) uint64 {
	v := row[w] >> 1
	if w+1 < len(row) {
		v |= row[w+1] << 63
	}
	return v
}
