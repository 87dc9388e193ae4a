package rules

import "math/rand/v2"

// RNG is the one gameplay random number generator: a PCG whose state can be
// saved and restored, so replays reproduce every roll.
type RNG struct {
	pcg *rand.PCG
}

// NewRNG returns a generator seeded with seed.
func NewRNG(seed uint64) *RNG {
	return &RNG{pcg: rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
}

// D returns a roll of one n-sided die, 1..n.
func (r *RNG) D(n int) int {
	if n <= 1 {
		return 1
	}
	return 1 + int(r.pcg.Uint64()%uint64(n))
}

// MarshalBinary saves the generator's state.
func (r *RNG) MarshalBinary() ([]byte, error) { return r.pcg.MarshalBinary() }

// UnmarshalBinary restores a state saved by MarshalBinary.
func (r *RNG) UnmarshalBinary(data []byte) error {
	if r.pcg == nil {
		r.pcg = rand.NewPCG(0, 0)
	}
	return r.pcg.UnmarshalBinary(data)
}
