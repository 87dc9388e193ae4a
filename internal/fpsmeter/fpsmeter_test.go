package fpsmeter

import (
	"testing"
	"time"
)

func TestMeterWaitsForTheWarmUpAndCalm(t *testing.T) {
	t0 := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		gaps  []time.Duration // between ticks, after the first
		begin time.Duration   // when counting starts, from the first tick
	}{
		{"steady", repeat(100*time.Millisecond, 80), WarmUp},
		{"a long frame early", append([]time.Duration{3 * time.Second}, repeat(100*time.Millisecond, 60)...), WarmUp},
		{"a long frame at the end of the warm-up",
			append(append(repeat(100*time.Millisecond, 40), 6*time.Second), repeat(100*time.Millisecond, 40)...),
			4*time.Second + 6*time.Second + settle},
	}
	for _, tc := range tests {
		m := Meter{Span: time.Hour, WarmUp: WarmUp}
		at := t0
		m.Tick(at, 0)
		var began time.Duration
		for _, g := range tc.gaps {
			at = at.Add(g)
			m.Tick(at, 0)
			if m.Counting() && began == 0 {
				began = at.Sub(t0)
			}
		}
		if began != tc.begin {
			t.Errorf("%s: counting began at %v, want %v", tc.name, began, tc.begin)
		}
	}
}

func repeat(d time.Duration, n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = d
	}
	return out
}
