package systems

import (
	"slices"
	"testing"
	"time"

	"sightline/entities"
	"sightline/rules"
	"sightline/sound"
)

// fakeVoice records what the player does with one sound.
type fakeVoice struct {
	pcm     []byte
	loop    bool
	playing bool
	vol     float64
	closed  bool
}

func (v *fakeVoice) Play()               { v.playing = true }
func (v *fakeVoice) Pause()              { v.playing = false }
func (v *fakeVoice) IsPlaying() bool     { return v.playing }
func (v *fakeVoice) SetVolume(x float64) { v.vol = x }
func (v *fakeVoice) Close() error        { v.closed = true; return nil }

// fakeOut stands in for the audio context: it keeps every voice made.
type fakeOut struct{ voices []*fakeVoice }

func (o *fakeOut) voice(pcm []byte, loop bool) (voice, error) {
	v := &fakeVoice{pcm: pcm, loop: loop}
	o.voices = append(o.voices, v)
	return v, nil
}

// fakeAudio returns a player over a fake output with a clock the test
// moves.
func fakeAudio() (*Audio, *fakeOut, *time.Time) {
	out := &fakeOut{}
	now := time.Unix(1000, 0)
	return newAudio(out, func() time.Time { return now }), out, &now
}

// TestNilAudioIsSilent: every method of a nil player is safe.
func TestNilAudioIsSilent(t *testing.T) {
	var a *Audio
	a.Click()
	a.Deny()
	a.SetMuted(false)
	a.SetVolumes(Volumes{1, 1, 1})
	if err := errorsOf(a.Play(sound.ShotRifle), a.PlayEvent(nil, rules.TurnEnded{}), a.StartAmbient()); err != nil {
		t.Error(err)
	}
	if !a.Muted() || !a.ToggleMute() || a.Volumes() != (Volumes{}) {
		t.Error("a nil player must report itself muted, with no volume")
	}
}

func errorsOf(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// TestAudioPlays: a cue plays its synthesized PCM at master × effects; the
// same cue within 60 ms is dropped, later it plays again; an unknown cue
// is an error; no more than maxVoices play at once.
func TestAudioPlays(t *testing.T) {
	a, out, now := fakeAudio()
	a.SetVolumes(Volumes{Master: 0.5, Effects: 0.8, Ambient: 0.3})
	if err := a.Play(sound.ShotRifle); err != nil {
		t.Fatal(err)
	}
	want, _ := sound.Make(sound.ShotRifle)
	if len(out.voices) != 1 || !slices.Equal(out.voices[0].pcm, want.PCM16()) || !out.voices[0].playing || out.voices[0].loop {
		t.Fatalf("voices %+v, want the rifle's PCM playing once", out.voices)
	}
	if v := out.voices[0].vol; v != 0.4 {
		t.Errorf("volume %.2f, want master × effects = 0.40", v)
	}
	a.Play(sound.ShotRifle)
	if len(out.voices) != 1 {
		t.Error("the same cue again at once played twice")
	}
	*now = now.Add(cueGap)
	a.Play(sound.ShotRifle)
	if len(out.voices) != 2 {
		t.Error("the same cue 60 ms later did not play")
	}
	if err := a.Play("kazoo"); err == nil {
		t.Error("an unknown cue gave no error")
	}
	for _, n := range sound.Names() {
		a.Play(n)
	}
	playing := 0
	for _, v := range out.voices {
		if v.playing {
			playing++
		}
	}
	if playing != maxVoices {
		t.Errorf("%d voices play at once, want at most %d", playing, maxVoices)
	}
	// Finished voices are closed and make room.
	for _, v := range out.voices {
		v.playing = false
	}
	*now = now.Add(time.Second)
	a.Play(sound.Reload)
	if !out.voices[0].closed || !out.voices[len(out.voices)-1].playing {
		t.Error("finished voices were not closed, or the next cue did not play")
	}
}

// TestAudioMuteAndAmbient: the ambient loops at master × ambient; muting
// pauses it and drops cues, unmuting resumes it; volumes are clamped.
func TestAudioMuteAndAmbient(t *testing.T) {
	a, out, _ := fakeAudio()
	if err := a.StartAmbient(); err != nil {
		t.Fatal(err)
	}
	amb := out.voices[0]
	d := DefaultVolumes()
	if !amb.loop || !amb.playing || amb.vol != d.Master*d.Ambient {
		t.Fatalf("ambient %+v, want a loop playing at %.2f", amb, d.Master*d.Ambient)
	}
	if !a.ToggleMute() || amb.playing {
		t.Error("mute did not pause the ambient")
	}
	a.Click()
	if len(out.voices) != 1 {
		t.Error("a muted player played a cue")
	}
	if a.ToggleMute() || !amb.playing {
		t.Error("unmute did not resume the ambient")
	}
	a.SetVolumes(Volumes{Master: 2, Effects: -1, Ambient: 0.5})
	if got := a.Volumes(); got != (Volumes{1, 0, 0.5}) || amb.vol != 0.5 {
		t.Errorf("volumes %+v (ambient at %.2f), want clamped {1 0 0.5} and the ambient at 0.5", got, amb.vol)
	}
	a.Click()
	if len(out.voices) != 1 {
		t.Error("effects at 0 played a cue")
	}
}

// TestEventCues: each kind of event sounds as the table says; a mech's
// gun, steps and hull sound heavier.
func TestEventCues(t *testing.T) {
	s := troopers(t, `
		B....R`)
	s.Units[1].Size = 2
	r := NewRoster(s)
	for _, tc := range []struct {
		ev   rules.Event
		want []string
	}{
		{rules.Attacked{Attacker: 1, Target: 2, Kind: rules.KindAttack, Weapon: "pistol", Outcome: rules.OutcomeHit}, []string{sound.ShotPistol}},
		{rules.Attacked{Attacker: 1, Target: 2, Kind: rules.KindAttack, Weapon: "sniper", Outcome: rules.OutcomeMiss}, []string{sound.ShotSniper, sound.Miss}},
		{rules.Attacked{Attacker: 1, Target: 2, Kind: rules.KindOverwatch, Weapon: "smg", Outcome: rules.OutcomeCover}, []string{sound.Overwatch, sound.ShotSMG, sound.Ricochet}},
		{rules.Attacked{Attacker: 2, Target: 1, Kind: rules.KindAttack, Weapon: "lmg", Outcome: rules.OutcomeHit}, []string{sound.ShotMech}},
		{rules.Attacked{Attacker: 1, Target: 2, Kind: rules.KindCharge, Weapon: "knife", Outcome: rules.OutcomeMiss}, []string{sound.Slash}},
		{rules.Attacked{Attacker: 1, Target: 2, Kind: rules.KindAttack, Weapon: "flamer", Outcome: rules.OutcomeHit}, []string{sound.ShotRifle}},
		{rules.Damaged{Unit: 1, Amount: 3}, []string{sound.HitFlesh}},
		{rules.Damaged{Unit: 2, Amount: 3}, []string{sound.HitArmour}},
		{rules.Damaged{Unit: 1, Absorbed: 3}, []string{sound.CoverChip}},
		{rules.CoverDamaged{Obstacle: 1}, []string{sound.CoverChip}},
		{rules.CoverDamaged{Obstacle: 1, Destroyed: true}, []string{sound.CoverDestroyed}},
		{rules.Moved{Unit: 1}, []string{sound.Footsteps}},
		{rules.Moved{Unit: 2}, []string{sound.FootstepsMech}},
		{rules.Vaulted{Unit: 1}, []string{sound.Vault}},
		{rules.Dived{Unit: 1}, []string{sound.Dive}},
		{rules.PiledThrough{Unit: 1, Success: true}, []string{sound.Crash}},
		{rules.Killed{Unit: 1}, []string{sound.BodyFall}},
		{rules.Reloaded{Unit: 1}, []string{sound.Reload}},
		{rules.OverwatchSet{Unit: 1}, []string{sound.Ready}},
		{rules.TurnEnded{}, []string{sound.TurnStart}},
		{rules.Fired{Unit: 1, Kind: rules.KindSuppressive}, []string{sound.ShotRifle}},
		{rules.Fired{Unit: 2, Kind: rules.KindSuppressive}, []string{sound.ShotMech}},
		{rules.Fired{Unit: 1, Kind: rules.KindCovering}, []string{sound.Ready}},
		{rules.Saved{Unit: 1}, nil},
	} {
		if got := EventCues(r, tc.ev); !slices.Equal(got, tc.want) {
			t.Errorf("%s %+v: cues %v, want %v", tc.ev.EventName(), tc.ev, got, tc.want)
		}
	}
}

// TestEventFXSounds: the effects play an event's cues as it starts, and
// none for an event the side watching may not see.
func TestEventFXSounds(t *testing.T) {
	s := troopers(t, `
		B....R`)
	r := NewRoster(s)
	fx := NewEventFX(entities.NewWorld(s), s.Board, r)
	a, out, now := fakeAudio()
	fx.Audio = a
	hidden := rules.Moved{Unit: 2}
	fx.Know = seeing{saw: func(ev rules.Event) bool { return ev.Actor() != hidden.Unit }}
	fx.Start(hidden)
	if len(out.voices) != 0 {
		t.Fatal("an event hidden by the fog made a sound")
	}
	fx.Start(rules.Moved{Unit: 1})
	*now = now.Add(time.Second)
	fx.Start(rules.Attacked{Attacker: 1, Target: 2, Kind: rules.KindAttack, Weapon: "rifle", Outcome: rules.OutcomeMiss})
	want := [][]byte{pcmOf(t, sound.Footsteps), pcmOf(t, sound.ShotRifle), pcmOf(t, sound.Miss)}
	if len(out.voices) != len(want) {
		t.Fatalf("%d sounds, want footsteps, the rifle and the miss", len(out.voices))
	}
	for i, v := range out.voices {
		if !slices.Equal(v.pcm, want[i]) {
			t.Errorf("sound %d is not the expected cue", i)
		}
	}
}

func pcmOf(t *testing.T, name string) []byte {
	t.Helper()
	c, err := sound.Make(name)
	if err != nil {
		t.Fatal(err)
	}
	return c.PCM16()
}

// TestProbeAudio: the device check answers, and never panics, with or
// without a sound device (CI has none).
func TestProbeAudio(t *testing.T) {
	if err := probeAudio(); err != nil {
		t.Logf("no device here: %v", err)
	}
}
