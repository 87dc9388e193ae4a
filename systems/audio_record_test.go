package systems

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"sightline/sound"
)

// recordingAudio returns a player over inner that records, with a clock
// the test moves.
func recordingAudio(inner audioOut) (*Audio, *Recorder, *time.Time) {
	now := time.Unix(1000, 0)
	clock := func() time.Time { return now }
	rec := newRecorder(clock)
	return newAudio(recordOut{inner: inner, rec: rec}, clock), rec, &now
}

// sample returns channel c of frame f of 16-bit stereo PCM, in [-1, 1].
func sample(pcm []byte, f, c int) float64 {
	return float64(int16(binary.LittleEndian.Uint16(pcm[2*(sound.Channels*f+c):]))) / math.MaxInt16
}

func TestRecorderMixesWhatWasPlayed(t *testing.T) {
	fake := &fakeOut{}
	a, rec, now := recordingAudio(fake)
	if err := a.StartAmbient(); err != nil {
		t.Fatal(err)
	}
	*now = now.Add(500 * time.Millisecond)
	if err := a.Play(sound.ShotRifle); err != nil {
		t.Fatal(err)
	}
	*now = now.Add(2500 * time.Millisecond)
	a.SetMuted(true) // at 3 s: the ambient pauses
	*now = now.Add(time.Second)
	a.SetMuted(false) // at 4 s: it goes on where it paused
	*now = now.Add(time.Second)

	amb, shot := a.pcm[sound.Ambient], a.pcm[sound.ShotRifle]
	ambVol, shotVol := a.vol.Master*a.vol.Ambient, a.vol.Master*a.vol.Effects
	mix := rec.Mix()
	if have, want := mix.Duration(), 5*time.Second; have != want {
		t.Fatalf("the mix lasts %v, want %v", have, want)
	}
	shotFrames := len(shot) / 4
	at := func(d time.Duration) int { return soundFrame(d) }
	tests := []struct {
		name  string
		frame int
		want  func(c int) float64
	}{
		{"the ambient alone", at(200 * time.Millisecond), func(c int) float64 {
			return ambVol * sample(amb, at(200*time.Millisecond), c)
		}},
		{"the shot over the ambient", at(500*time.Millisecond) + 100, func(c int) float64 {
			return ambVol*sample(amb, at(500*time.Millisecond)+100, c) + shotVol*sample(shot, 100, c)
		}},
		{"muted", at(3500 * time.Millisecond), func(int) float64 { return 0 }},
		{"the ambient resumed where it paused", at(4*time.Second) + 10, func(c int) float64 {
			return ambVol * sample(amb, (at(3*time.Second)+10)%(len(amb)/4), c)
		}},
	}
	if at(500*time.Millisecond)+shotFrames > at(3*time.Second) {
		t.Fatalf("the rifle shot (%d frames) is longer than the test allows", shotFrames)
	}
	for _, tc := range tests {
		for c := 0; c < sound.Channels; c++ {
			have := float64(mix.Samples[sound.Channels*tc.frame+c])
			if want := tc.want(c); math.Abs(have-want) > 1e-6 {
				t.Errorf("%s: frame %d channel %d is %.6f, want %.6f", tc.name, tc.frame, c, have, want)
			}
		}
	}
	if len(fake.voices) != 2 || !fake.voices[0].playing {
		t.Errorf("the device's voices: %d, the ambient playing %v; want the recorder to pass them on", len(fake.voices), fake.voices[0].playing)
	}
}

func TestRecorderWithoutADevice(t *testing.T) {
	a, rec, now := recordingAudio(silentOut{})
	a.Play(sound.ShotRifle)
	*now = now.Add(2 * time.Second)
	// The shot is over: the next cue closes its voice, which must keep
	// its whole recording.
	a.Play(sound.UIClick)
	*now = now.Add(time.Second)
	shot := a.pcm[sound.ShotRifle]
	mix := rec.Mix()
	vol := a.vol.Master * a.vol.Effects
	last := len(shot)/4 - 1
	if have, want := float64(mix.Samples[2*last]), vol*sample(shot, last, 0); math.Abs(have-want) > 1e-6 {
		t.Errorf("the shot's last frame: %.6f, want %.6f", have, want)
	}
	if mix.Peak() == 0 {
		t.Error("nothing recorded")
	}

	path := filepath.Join(t.TempDir(), "game.wav")
	c, err := rec.WriteWAV(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := c.WriteWAV(&want); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("RIFF")) || !bytes.Equal(b, want.Bytes()) || len(b) != 44+4*soundFrame(3*time.Second) {
		t.Errorf("the WAV file: %d bytes, want the mix's %d (3 s)", len(b), want.Len())
	}
	if _, err := rec.WriteWAV(filepath.Join(t.TempDir(), "no", "such", "dir.wav")); err == nil {
		t.Error("writing into a missing folder: no error")
	}
}
