package cputime

import "testing"

// TestProcessGrows: work done shows in the processor time.
func TestProcessGrows(t *testing.T) {
	before := Process()
	x := 0
	for i := range 50_000_000 {
		x ^= i * i
	}
	after := Process()
	if after <= before {
		t.Errorf("have %v after %v (x %d), want the time to grow with work", after, before, x)
	}
}
