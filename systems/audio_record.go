package systems

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2/audio"

	"sightline/sound"
)

// Recorder keeps what an Audio plays: each voice's stretches of playing,
// with the volume of each, on the wall clock. Its Mix is the game's sound
// as played, written to a WAV file by `sightline -record-audio FILE`, a
// record of the game's sound that needs no sound device and no capture
// of the system's output.
type Recorder struct {
	now   func() time.Time
	start time.Time
	spans []span
}

// span is one stretch of a voice playing at one volume.
type span struct {
	pcm  []byte        // the voice's 16-bit stereo PCM
	loop bool          // the voice repeats
	from int           // the frame of pcm the stretch starts at
	at   time.Duration // when it started, from the recorder's start
	to   time.Duration // when it stopped (-1: it has not)
	vol  float64
}

// NewRecordingAudio returns a player that also records what it plays
// (see Recorder). With device set it plays on the sound device too;
// without one, or when the device cannot be opened (the error says why),
// it plays silently and still records.
func NewRecordingAudio(device bool) (*Audio, *Recorder, error) {
	var inner audioOut = silentOut{}
	var err error
	if device {
		if err = probeAudio(); err == nil {
			inner = contextOut{audio.NewContext(sound.Rate)}
		}
	}
	rec := newRecorder(time.Now)
	return newAudio(recordOut{inner: inner, rec: rec}, rec.now), rec, err
}

// newRecorder returns a recorder whose clock is now, started at now().
func newRecorder(now func() time.Time) *Recorder {
	return &Recorder{now: now, start: now()}
}

// elapsed returns the time since the recorder started.
func (r *Recorder) elapsed() time.Duration { return r.now().Sub(r.start) }

// Mix returns the sound played from the recorder's start until now, mixed
// as the device mixes voices (summed, each at its volume; the WAV
// encoding clips at full scale).
func (r *Recorder) Mix() sound.Clip {
	end := r.elapsed()
	frames := soundFrame(end)
	out := make([]float32, sound.Channels*frames)
	for _, s := range r.spans {
		to := s.to
		if to < 0 {
			to = end
		}
		n := len(s.pcm) / (2 * sound.Channels)
		if n == 0 {
			continue
		}
		a, b := soundFrame(s.at), min(soundFrame(to), frames)
		for f := a; f < b; f++ {
			src := s.from + f - a
			if s.loop {
				src %= n
			} else if src >= n {
				break
			}
			for c := 0; c < sound.Channels; c++ {
				v := int16(binary.LittleEndian.Uint16(s.pcm[2*(sound.Channels*src+c):]))
				out[sound.Channels*f+c] += float32(s.vol * float64(v) / math.MaxInt16)
			}
		}
	}
	return sound.Clip{Name: "recording", Samples: out}
}

// WriteWAV writes Mix to the file path, returning the clip written.
func (r *Recorder) WriteWAV(path string) (sound.Clip, error) {
	c := r.Mix()
	f, err := os.Create(path)
	if err != nil {
		return c, fmt.Errorf("recording the sound: %w", err)
	}
	if err := c.WriteWAV(f); err != nil {
		f.Close()
		return c, fmt.Errorf("recording the sound to %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return c, fmt.Errorf("recording the sound to %s: %w", path, err)
	}
	return c, nil
}

// soundFrame returns the frame d into a recording.
func soundFrame(d time.Duration) int { return int(d * sound.Rate / time.Second) }

// recordOut makes voices that play on inner and are recorded by rec.
type recordOut struct {
	inner audioOut
	rec   *Recorder
}

func (o recordOut) voice(pcm []byte, loop bool) (voice, error) {
	v, err := o.inner.voice(pcm, loop)
	if err != nil {
		return nil, err
	}
	return &recVoice{inner: v, rec: o.rec, pcm: pcm, loop: loop, vol: 1, open: -1}, nil
}

// recVoice is a voice whose playing the recorder keeps. It keeps its own
// timeline (IsPlaying too), so it records the same with or without a
// device behind it.
type recVoice struct {
	inner voice
	rec   *Recorder
	pcm   []byte
	loop  bool
	vol   float64
	open  int // the span playing now, in rec.spans (-1: none)
	pos   int // the frames played before it
}

// frames returns the voice's length in frames.
func (v *recVoice) frames() int { return len(v.pcm) / (2 * sound.Channels) }

// played returns the frames played so far.
func (v *recVoice) played() int {
	if v.open < 0 {
		return v.pos
	}
	return v.pos + soundFrame(v.rec.elapsed()-v.rec.spans[v.open].at)
}

func (v *recVoice) Play() {
	v.inner.Play()
	if v.open < 0 && (v.loop || v.pos < v.frames()) {
		v.start()
	}
}

func (v *recVoice) Pause() {
	v.inner.Pause()
	v.stop()
}

func (v *recVoice) IsPlaying() bool {
	return v.open >= 0 && (v.loop || v.played() < v.frames())
}

func (v *recVoice) SetVolume(x float64) {
	v.inner.SetVolume(x)
	if x == v.vol {
		return
	}
	v.vol = x
	if v.open >= 0 {
		v.stop()
		v.start()
	}
}

func (v *recVoice) Close() error {
	v.stop()
	return v.inner.Close()
}

// start opens a span at the voice's position.
func (v *recVoice) start() {
	from := v.pos
	if v.loop && v.frames() > 0 {
		from %= v.frames()
	}
	v.rec.spans = append(v.rec.spans, span{pcm: v.pcm, loop: v.loop, from: from, at: v.rec.elapsed(), to: -1, vol: v.vol})
	v.open = len(v.rec.spans) - 1
}

// stop closes the open span, if any, where the voice is now.
func (v *recVoice) stop() {
	if v.open < 0 {
		return
	}
	v.pos = v.played()
	v.rec.spans[v.open].to = v.rec.elapsed()
	v.open = -1
}
