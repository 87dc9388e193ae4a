package sound

import (
	"encoding/binary"
	"errors"
	"io"
	"math"
	"time"
)

// Rate is the sample rate of every clip, in samples per second.
const Rate = 44100

// Channels is the number of channels of every clip (stereo).
const Channels = 2

// Clip is a rendered cue: stereo samples in [-1, 1], interleaved left,
// right.
type Clip struct {
	// Name is the cue's name.
	Name string
	// Loop says the clip is made to repeat seamlessly (the ambient).
	Loop bool
	// Samples holds the frames, left then right.
	Samples []float32
}

// Frames returns the number of stereo frames.
func (c Clip) Frames() int { return len(c.Samples) / Channels }

// Duration returns how long the clip plays.
func (c Clip) Duration() time.Duration {
	return time.Duration(c.Frames()) * time.Second / Rate
}

// Peak returns the largest absolute sample (1 is full scale).
func (c Clip) Peak() float64 {
	p := 0.0
	for _, v := range c.Samples {
		p = max(p, math.Abs(float64(v)))
	}
	return p
}

// RMS returns the root mean square of the samples over the whole clip.
func (c Clip) RMS() float64 {
	if len(c.Samples) == 0 {
		return 0
	}
	s := 0.0
	for _, v := range c.Samples {
		s += float64(v) * float64(v)
	}
	return math.Sqrt(s / float64(len(c.Samples)))
}

// DBFS returns a level (peak or RMS, 1 is full scale) in decibels
// relative to full scale; silence is -Inf.
func DBFS(level float64) float64 { return 20 * math.Log10(level) }

// PCM16 encodes the clip as signed 16-bit little-endian stereo PCM, the
// format Ebitengine's audio players read.
func (c Clip) PCM16() []byte {
	out := make([]byte, 2*len(c.Samples))
	for i, v := range c.Samples {
		s := int16(math.Round(float64(max(-1, min(1, v))) * math.MaxInt16))
		binary.LittleEndian.PutUint16(out[2*i:], uint16(s))
	}
	return out
}

// WriteWAV writes the clip to w as a 16-bit stereo PCM WAV file.
func (c Clip) WriteWAV(w io.Writer) error {
	data := c.PCM16()
	if len(data) > math.MaxUint32-36 {
		return errors.New("sound: clip too long for a WAV file")
	}
	var h [44]byte
	copy(h[0:], "RIFF")
	binary.LittleEndian.PutUint32(h[4:], uint32(36+len(data)))
	copy(h[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(h[16:], 16) // fmt chunk size
	binary.LittleEndian.PutUint16(h[20:], 1)  // PCM
	binary.LittleEndian.PutUint16(h[22:], Channels)
	binary.LittleEndian.PutUint32(h[24:], Rate)
	binary.LittleEndian.PutUint32(h[28:], Rate*Channels*2) // bytes a second
	binary.LittleEndian.PutUint16(h[32:], Channels*2)      // bytes a frame
	binary.LittleEndian.PutUint16(h[34:], 16)              // bits a sample
	copy(h[36:], "data")
	binary.LittleEndian.PutUint32(h[40:], uint32(len(data)))
	if _, err := w.Write(h[:]); err != nil {
		return err
	}
	_, err := w.Write(data)
	return err
}

// stereo turns a mono buffer into a clip with both channels equal.
func stereo(name string, b buffer) Clip {
	s := make([]float32, 2*len(b))
	for i, v := range b {
		s[2*i], s[2*i+1] = float32(v), float32(v)
	}
	return Clip{Name: name, Samples: s}
}
