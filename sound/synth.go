package sound

import "math"

// The building blocks of the recipes: a seeded noise generator, mono
// buffers with envelopes and mixing, and a few one-pole and biquad
// filters. A recipe works in mono float64 and becomes a stereo Clip last.

// noise is a deterministic white-noise generator (xorshift64*).
type noise struct{ s uint64 }

// newNoise returns a generator seeded with seed (0 is replaced: xorshift
// never leaves 0).
func newNoise(seed uint64) *noise {
	if seed == 0 {
		seed = 0x9e3779b97f4a7c15
	}
	return &noise{s: seed}
}

// next returns a sample in [-1, 1).
func (n *noise) next() float64 {
	n.s ^= n.s >> 12
	n.s ^= n.s << 25
	n.s ^= n.s >> 27
	v := n.s * 0x2545f4914f6cdd1d
	return float64(v>>11)/float64(1<<52) - 1
}

// unit returns a number in [0, 1).
func (n *noise) unit() float64 { return (n.next() + 1) / 2 }

// buffer is mono samples at Rate.
type buffer []float64

// samples returns how many samples last secs seconds.
func samples(secs float64) int { return int(math.Round(secs * Rate)) }

// newBuffer returns secs seconds of silence.
func newBuffer(secs float64) buffer { return make(buffer, samples(secs)) }

// white fills b with noise from n, scaled by gain, and returns b.
func (b buffer) white(n *noise, gain float64) buffer {
	for i := range b {
		b[i] = n.next() * gain
	}
	return b
}

// decay multiplies b by an exponential decay with time constant tau
// seconds after an attack of atk seconds (a linear ramp up).
func (b buffer) decay(atk, tau float64) buffer {
	k, g := math.Exp(-1/(tau*Rate)), 1.0
	for i := range b {
		t := float64(i) / Rate
		if atk > 0 && t < atk {
			b[i] *= g * t / atk
		} else {
			b[i] *= g
		}
		g *= k
	}
	return b
}

// fadeOut ramps the last secs seconds of b down to silence, so no cue
// ends on a click.
func (b buffer) fadeOut(secs float64) buffer {
	n := min(samples(secs), len(b))
	for i := 0; i < n; i++ {
		b[len(b)-1-i] *= float64(i) / float64(n)
	}
	return b
}

// mix adds src into b from at seconds on, scaled by gain, clipping src at
// b's end, and returns b.
func (b buffer) mix(src buffer, at, gain float64) buffer {
	o := samples(at)
	for i, v := range src {
		if o+i >= len(b) {
			break
		}
		if o+i >= 0 {
			b[o+i] += v * gain
		}
	}
	return b
}

// peak returns the largest absolute sample.
func (b buffer) peak() float64 {
	p := 0.0
	for _, v := range b {
		p = max(p, math.Abs(v))
	}
	return p
}

// normalize scales b so its peak is p (a silent buffer stays silent).
func (b buffer) normalize(p float64) buffer {
	if m := b.peak(); m > 0 {
		k := p / m
		for i := range b {
			b[i] *= k
		}
	}
	return b
}

// lowpass runs b through a one-pole low-pass filter at hz.
func (b buffer) lowpass(hz float64) buffer {
	a := 1 - math.Exp(-2*math.Pi*hz/Rate)
	y := 0.0
	for i, x := range b {
		y += a * (x - y)
		b[i] = y
	}
	return b
}

// highpass runs b through a one-pole high-pass filter at hz.
func (b buffer) highpass(hz float64) buffer {
	a := 1 - math.Exp(-2*math.Pi*hz/Rate)
	y := 0.0
	for i, x := range b {
		y += a * (x - y)
		b[i] = x - y
	}
	return b
}

// bandpass runs b through a biquad band-pass filter (constant peak gain)
// whose centre glides from hz0 to hz1 over the buffer, with quality q.
// The coefficients follow the glide every 16 samples.
func (b buffer) bandpass(hz0, hz1, q float64) buffer {
	var x1, x2, y1, y2, b0, a1, a2 float64
	n := float64(max(len(b)-1, 1))
	for i, x := range b {
		if i%16 == 0 {
			f := hz0 * math.Pow(hz1/hz0, float64(i)/n)
			w := 2 * math.Pi * f / Rate
			alpha := math.Sin(w) / (2 * q)
			a0 := 1 + alpha
			b0, a1, a2 = alpha/a0, -2*math.Cos(w)/a0, (1-alpha)/a0
		}
		y := b0*x - b0*x2 - a1*y1 - a2*y2
		x2, x1 = x1, x
		y2, y1 = y1, y
		b[i] = y
	}
	return b
}

// tone returns secs seconds of a sine whose pitch glides exponentially
// from hz0 to hz1, with its phase starting at 0.
func tone(secs, hz0, hz1 float64) buffer {
	b := newBuffer(secs)
	ph, f := 0.0, hz0
	r := math.Pow(hz1/hz0, 1/float64(max(len(b)-1, 1)))
	for i := range b {
		b[i] = math.Sin(ph)
		ph += 2 * math.Pi * f / Rate
		f *= r
	}
	return b
}

// partials returns secs seconds of a struck body: sines at freqs, each
// decaying with its own time constant taus[i] (shorter for higher ones).
func partials(secs float64, freqs, taus []float64) buffer {
	b := newBuffer(secs)
	for k, f := range freqs {
		// A damped phasor: rotate and shrink (re, im) each sample.
		c, s := math.Cos(2*math.Pi*f/Rate), math.Sin(2*math.Pi*f/Rate)
		d := math.Exp(-1 / (taus[k] * Rate))
		re, im := 1.0/float64(len(freqs)), 0.0
		for i := range b {
			b[i] += im
			re, im = d*(re*c-im*s), d*(re*s+im*c)
		}
	}
	return b
}
