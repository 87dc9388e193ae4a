package systems

import "math"

// ticksPerSecond is the animations' time unit: Ebitengine's 60 ticks a
// second.
const ticksPerSecond = 60

// StepSeconds is the time one Update stands for when nothing measures it:
// 1/60 s, Ebitengine's tick. Tests step the systems by it, so they see
// the same frames as when the animations counted ticks.
const StepSeconds = 1.0 / ticksPerSecond

// Ticks converts dt seconds to ticks (60ths of a second), the unit the
// animation timings are written in. A whole number of ticks within
// rounding error comes back whole, so dt = StepSeconds advances exactly
// one tick and fixed-step tests stay exact. A negative dt counts as 0.
func Ticks(dt float64) float64 {
	k := dt * ticksPerSecond
	if r := math.Round(k); math.Abs(k-r) < 1e-9 {
		k = r
	}
	return max(k, 0)
}
