package systems

import (
	"bytes"
	"errors"
	"time"

	"github.com/hajimehoshi/ebiten/v2/audio"

	"sightline/sound"
)

// Audio plays the game's sound: a cue for each rules event as its effect
// starts (EventFX.Audio), UI clicks, and the ambient loop. The cues are
// synthesized by package sound: the ambient when the player is made,
// every other cue the first time it plays (a few milliseconds each), so
// the title does not wait on them.
//
// A nil *Audio is a silent player: every method does nothing, so tests
// and tools pass nil. Only one audio.Context may exist in a process, so
// the game makes one Audio at start-up (NewAudio) and shares it through
// scenes.Env.
//
// In the browser the audio context starts suspended: Ebitengine's audio
// (oto's js driver) resumes it on the first touchend, keyup or mouseup on
// the page, the user gesture browsers demand; cues played before then are
// not heard, and the ambient starts with the first gesture.
type Audio struct {
	out   audioOut
	now   func() time.Time
	pcm   map[string][]byte
	last  map[string]time.Time
	live  []voice // one-shots still playing
	amb   voice
	vol   Volumes
	muted bool
}

// Volumes are the player's levels, each from 0 (silent) to 1: Master
// scales everything, Effects the event cues and UI sounds, Ambient the
// loop. A settings screen can set them (SetVolumes).
type Volumes struct {
	Master, Effects, Ambient float64
}

// DefaultVolumes returns the levels the game starts with: the ambient
// sits well under the effects.
func DefaultVolumes() Volumes { return Volumes{Master: 0.8, Effects: 1, Ambient: 0.5} }

// Rate limits: a cue already started within cueGap is not started again
// (a skipped playback starts many events in one frame), and no more than
// maxVoices one-shots play at once.
const (
	cueGap    = 60 * time.Millisecond
	maxVoices = 8
)

// voice is one playing sound (an *audio.Player).
type voice interface {
	Play()
	Pause()
	IsPlaying() bool
	SetVolume(float64)
	Close() error
}

// audioOut makes voices: the audio context, or a fake in tests.
type audioOut interface {
	// voice returns a voice of 16-bit stereo PCM at sound.Rate; loop
	// repeats it forever.
	voice(pcm []byte, loop bool) (voice, error)
}

// NewAudio opens the sound device and returns a player with the ambient
// made and the volumes at DefaultVolumes. With no device it returns an
// error and a nil player, which is silent: the caller logs the error and
// plays on. Call it once a process.
func NewAudio() (*Audio, error) {
	// Ebitengine reports a device that fails to open as an error from
	// its game loop, which would end the game: so look first.
	if err := probeAudio(); err != nil {
		return nil, err
	}
	return newAudio(contextOut{audio.NewContext(sound.Rate)}, time.Now), nil
}

// newAudio returns a player over out.
func newAudio(out audioOut, now func() time.Time) *Audio {
	return &Audio{out: out, now: now, pcm: map[string][]byte{}, last: map[string]time.Time{}, vol: DefaultVolumes()}
}

// contextOut makes voices on an Ebitengine audio context.
type contextOut struct{ ctx *audio.Context }

func (c contextOut) voice(pcm []byte, loop bool) (voice, error) {
	if !loop {
		return c.ctx.NewPlayerFromBytes(pcm), nil
	}
	l := audio.NewInfiniteLoop(bytes.NewReader(pcm), int64(len(pcm)))
	return c.ctx.NewPlayer(l)
}

// clip returns a cue's PCM, synthesizing it the first time.
func (a *Audio) clip(name string) ([]byte, error) {
	if p, ok := a.pcm[name]; ok {
		return p, nil
	}
	c, err := sound.Make(name)
	if err != nil {
		return nil, err
	}
	a.pcm[name] = c.PCM16()
	return a.pcm[name], nil
}

// Play starts a one-shot cue (a sound.* name). A muted player, a cue
// started within the last 60 ms, or a ninth voice at once is dropped.
func (a *Audio) Play(name string) error {
	if a == nil || a.muted || a.vol.Master*a.vol.Effects <= 0 {
		return nil
	}
	now := a.now()
	if t, ok := a.last[name]; ok && now.Sub(t) < cueGap {
		return nil
	}
	kept := a.live[:0]
	for _, v := range a.live {
		if v.IsPlaying() {
			kept = append(kept, v)
		} else {
			v.Close()
		}
	}
	clear(a.live[len(kept):])
	a.live = kept
	if len(a.live) >= maxVoices {
		return nil
	}
	pcm, err := a.clip(name)
	if err != nil {
		return err
	}
	v, err := a.out.voice(pcm, false)
	if err != nil {
		return err
	}
	v.SetVolume(a.vol.Master * a.vol.Effects)
	v.Play()
	a.last[name] = now
	a.live = append(a.live, v)
	return nil
}

// Click plays the UI click: a button or menu choice taken.
func (a *Audio) Click() { a.Play(sound.UIClick) }

// Deny plays the UI buzz: an action that is not allowed.
func (a *Audio) Deny() { a.Play(sound.UIDeny) }

// PlayAll plays each cue (see Play), returning the first error.
func (a *Audio) PlayAll(names ...string) error {
	var errs []error
	for _, n := range names {
		errs = append(errs, a.Play(n))
	}
	return errors.Join(errs...)
}

// StartAmbient starts the ambient loop (again, if it was stopped); it
// stays paused while the player is muted.
func (a *Audio) StartAmbient() error {
	if a == nil {
		return nil
	}
	if a.amb == nil {
		pcm, err := a.clip(sound.Ambient)
		if err != nil {
			return err
		}
		if a.amb, err = a.out.voice(pcm, true); err != nil {
			a.amb = nil
			return err
		}
	}
	a.applyAmbient()
	return nil
}

// applyAmbient sets the loop's volume and pauses it while muted.
func (a *Audio) applyAmbient() {
	if a.amb == nil {
		return
	}
	v := a.vol.Master * a.vol.Ambient
	a.amb.SetVolume(v)
	if a.muted || v <= 0 {
		a.amb.Pause()
		return
	}
	a.amb.Play()
}

// Muted reports whether the player is muted (a nil player is).
func (a *Audio) Muted() bool { return a == nil || a.muted }

// SetMuted mutes or unmutes everything: the ambient pauses and cues are
// dropped; the one-shots already playing finish.
func (a *Audio) SetMuted(m bool) {
	if a == nil {
		return
	}
	a.muted = m
	a.applyAmbient()
}

// ToggleMute flips Muted (the M key) and returns the new state.
func (a *Audio) ToggleMute() bool {
	a.SetMuted(!a.Muted())
	return a.Muted()
}

// Volumes returns the current levels (zero for a nil player).
func (a *Audio) Volumes() Volumes {
	if a == nil {
		return Volumes{}
	}
	return a.vol
}

// SetVolumes sets the levels, each clamped to [0, 1]; the ambient follows
// at once, one-shots from the next cue.
func (a *Audio) SetVolumes(v Volumes) {
	if a == nil {
		return
	}
	c := func(x float64) float64 { return min(max(x, 0), 1) }
	a.vol = Volumes{Master: c(v.Master), Effects: c(v.Effects), Ambient: c(v.Ambient)}
	a.applyAmbient()
}

// NewSilentAudio returns a player with no sound device: it keeps its
// volumes and mute state like any other and plays nothing. Tests use it
// to see what the game asks of the sound (a nil player keeps nothing).
func NewSilentAudio() *Audio { return newAudio(silentOut{}, time.Now) }

// silentOut makes voices that play nothing.
type silentOut struct{}

func (silentOut) voice([]byte, bool) (voice, error) { return silentVoice{}, nil }

// silentVoice is a voice that plays nothing.
type silentVoice struct{}

func (silentVoice) Play()             {}
func (silentVoice) Pause()            {}
func (silentVoice) IsPlaying() bool   { return false }
func (silentVoice) SetVolume(float64) {}
func (silentVoice) Close() error      { return nil }
