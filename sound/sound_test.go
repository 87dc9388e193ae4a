package sound

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/cmplx"
	"slices"
	"testing"
	"time"
)

// makeAll renders every cue once for the tests.
func makeAll(t testing.TB) []Clip {
	t.Helper()
	var out []Clip
	for _, n := range Names() {
		c, err := Make(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// TestCueLevels checks every cue is audible, does not clip and has a
// sane length; the ambient is quiet and long enough to loop.
func TestCueLevels(t *testing.T) {
	for _, c := range makeAll(t) {
		t.Run(c.Name, func(t *testing.T) {
			if c.Name != Ambient && c.Loop {
				t.Errorf("a one-shot cue is marked Loop")
			}
			d := c.Duration()
			rms, peak := DBFS(c.RMS()), DBFS(c.Peak())
			switch {
			case len(c.Samples)%Channels != 0:
				t.Errorf("%d samples: not whole stereo frames", len(c.Samples))
			case c.Name == Ambient && (d < 2*time.Second || d > 10*time.Second):
				t.Errorf("the ambient loop lasts %v, want 2-10 s", d)
			case c.Name != Ambient && (d < 30*time.Millisecond || d > 2*time.Second):
				t.Errorf("lasts %v, want 30 ms-2 s", d)
			case c.Peak() >= 1:
				t.Errorf("peak %.3f clips", c.Peak())
			case rms < -40:
				t.Errorf("RMS %.1f dBFS: nearly silent", rms)
			case c.Name == Ambient && (peak > -10 || rms > -24):
				t.Errorf("the ambient is not quiet: peak %.1f, RMS %.1f dBFS", peak, rms)
			}
			// Every cue ends in silence, so cutting it off makes no click.
			if last := math.Abs(float64(c.Samples[len(c.Samples)-1])); c.Name != Ambient && last > 1e-3 {
				t.Errorf("ends on %.4f, not silence", last)
			}
		})
	}
}

// TestMakeUnknown checks an unknown cue is an error.
func TestMakeUnknown(t *testing.T) {
	if _, err := Make("kazoo"); err == nil {
		t.Error("Make(kazoo) returned no error")
	}
}

// TestDeterministic checks a cue renders to the same samples each time.
func TestDeterministic(t *testing.T) {
	for _, n := range []string{ShotRifle, CoverDestroyed, Ambient} {
		a, _ := Make(n)
		b, _ := Make(n)
		if !slices.Equal(a.Samples, b.Samples) {
			t.Errorf("%s renders differently twice", n)
		}
	}
}

// TestAmbientSeam checks the loop's end runs on into its start without
// a click: the jump across the seam is no bigger than 99% of the loop's
// sample-to-sample steps. The same check fails a naive loop, cut from
// the raw wind without the crossfade.
func TestAmbientSeam(t *testing.T) {
	c, _ := Make(Ambient)
	if !c.Loop {
		t.Fatal("the ambient is not marked Loop")
	}
	for ch := 0; ch < Channels; ch++ {
		var mono buffer
		for i := ch; i < len(c.Samples); i += Channels {
			mono = append(mono, float64(c.Samples[i]))
		}
		if seam, p99 := seamJump(mono); seam > p99 {
			t.Errorf("channel %d: the seam jumps %.5f, more than 99%% of the loop's steps (%.5f)", ch, seam, p99)
		}
	}
	raw := newBuffer(ambientSecs).white(newNoise(100), 1).lowpass(350).lowpass(350)
	if seam, p99 := seamJump(raw); seam <= p99 {
		t.Errorf("a naive loop passes the seam check (%.5f <= %.5f): the check has no teeth", seam, p99)
	}
}

// seamJump returns the jump from a loop's last sample to its first, and
// the 99th percentile of its steps between neighbouring samples.
func seamJump(x buffer) (seam, p99 float64) {
	steps := make([]float64, 0, len(x))
	for i := 1; i < len(x); i++ {
		steps = append(steps, math.Abs(x[i]-x[i-1]))
	}
	slices.Sort(steps)
	return math.Abs(x[0] - x[len(x)-1]), steps[len(steps)*99/100]
}

// features is a cue's fingerprint: its spectrum in 24 log-spaced bands
// and its loudness envelope in 40 slots of 25 ms, each part normalized.
func features(c Clip) []float64 {
	const n = 1 << 14
	x := make([]complex128, n)
	for i := 0; i < n && Channels*i < len(c.Samples); i++ {
		x[i] = complex(float64(c.Samples[Channels*i]), 0)
	}
	fft(x)
	bands := make([]float64, 24)
	for k := 1; k < n/2; k++ {
		hz := float64(k) * Rate / n
		b := int(math.Log2(hz/40) * 3) // third-octave bands from 40 Hz
		if b >= 0 && b < len(bands) {
			bands[b] += cmplx.Abs(x[k]) * cmplx.Abs(x[k])
		}
	}
	for i := range bands {
		bands[i] = math.Log10(1e-9 + bands[i])
	}
	env := make([]float64, 40)
	slot := Rate / 40
	for i := range env {
		for j := i * slot; j < (i+1)*slot && Channels*j < len(c.Samples); j++ {
			v := float64(c.Samples[Channels*j])
			env[i] += v * v
		}
		env[i] = math.Sqrt(env[i])
	}
	return append(unit(center(bands)), unit(env)...)
}

func center(v []float64) []float64 {
	m := 0.0
	for _, x := range v {
		m += x / float64(len(v))
	}
	for i := range v {
		v[i] -= m
	}
	return v
}

func unit(v []float64) []float64 {
	s := 0.0
	for _, x := range v {
		s += x * x
	}
	for i := range v {
		v[i] /= math.Sqrt(s)
	}
	return v
}

// fft is an in-place radix-2 FFT (len(x) a power of two).
func fft(x []complex128) {
	n := len(x)
	for i, j := 1, 0; i < n; i++ {
		bit := n >> 1
		for ; j&bit != 0; bit >>= 1 {
			j ^= bit
		}
		j ^= bit
		if i < j {
			x[i], x[j] = x[j], x[i]
		}
	}
	for size := 2; size <= n; size <<= 1 {
		w := cmplx.Exp(complex(0, -2*math.Pi/float64(size)))
		for start := 0; start < n; start += size {
			wk := complex(1, 0)
			for k := 0; k < size/2; k++ {
				a, b := x[start+k], x[start+k+size/2]*wk
				x[start+k], x[start+k+size/2] = a+b, a-b
				wk *= w
			}
		}
	}
}

// TestCuesDistinct checks no two cues sound alike: their fingerprints
// (spectrum and envelope) differ by a clear distance.
func TestCuesDistinct(t *testing.T) {
	clips := makeAll(t)
	fs := make([][]float64, len(clips))
	for i, c := range clips {
		fs[i] = features(c)
	}
	closest, a, b := math.Inf(1), "", ""
	for i := range clips {
		for j := i + 1; j < len(clips); j++ {
			d := 0.0
			for k := range fs[i] {
				d += (fs[i][k] - fs[j][k]) * (fs[i][k] - fs[j][k])
			}
			d = math.Sqrt(d)
			if d < closest {
				closest, a, b = d, clips[i].Name, clips[j].Name
			}
			if d < 0.25 {
				t.Errorf("%s and %s sound alike (fingerprint distance %.3f)", clips[i].Name, clips[j].Name, d)
			}
		}
	}
	t.Logf("closest pair: %s and %s, %.3f", a, b, closest)
	// The fingerprint tells a cue from itself rendered again: distance 0.
	if f := features(clips[0]); !slices.Equal(f, fs[0]) {
		t.Error("features are not deterministic")
	}
}

// TestWAV checks the WAV header and that the data is the PCM16 encoding.
func TestWAV(t *testing.T) {
	c, _ := Make(UIClick)
	var buf bytes.Buffer
	if err := c.WriteWAV(&buf); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	le16 := func(o int) int { return int(binary.LittleEndian.Uint16(b[o:])) }
	le32 := func(o int) int { return int(binary.LittleEndian.Uint32(b[o:])) }
	switch {
	case string(b[0:4]) != "RIFF" || string(b[8:16]) != "WAVEfmt " || string(b[36:40]) != "data":
		t.Fatalf("bad chunk ids: %q", b[:40])
	case le32(4) != len(b)-8:
		t.Errorf("RIFF size %d, want %d", le32(4), len(b)-8)
	case le16(20) != 1 || le16(22) != 2 || le32(24) != Rate || le16(34) != 16:
		t.Errorf("format %d, %d channels, %d Hz, %d bits: want PCM, 2, %d, 16", le16(20), le16(22), le32(24), le16(34), Rate)
	case le32(40) != 4*c.Frames():
		t.Errorf("data size %d, want %d", le32(40), 4*c.Frames())
	case !bytes.Equal(b[44:], c.PCM16()):
		t.Error("the data is not the clip's PCM16")
	}
}

// TestPCM16 checks the encoding's scale and clamping.
func TestPCM16(t *testing.T) {
	c := Clip{Samples: []float32{0, 1, -1, 2, 0.5, -0.5}}
	got := c.PCM16()
	want := []int16{0, 32767, -32767, 32767, 16384, -16384}
	for i, w := range want {
		if s := int16(binary.LittleEndian.Uint16(got[2*i:])); s != w {
			t.Errorf("sample %d: %d, want %d", i, s, w)
		}
	}
}

// BenchmarkMakeAll times rendering every cue, as the game would at
// start-up if it made them all at once (docs/PERFORMANCE.md).
func BenchmarkMakeAll(b *testing.B) {
	for b.Loop() {
		for _, n := range Names() {
			if _, err := Make(n); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkAmbient times the ambient loop, the one cue the game makes at
// start-up (the others are made the first time they play).
func BenchmarkAmbient(b *testing.B) {
	for b.Loop() {
		if _, err := Make(Ambient); err != nil {
			b.Fatal(err)
		}
	}
}
