package sound

import (
	"fmt"
	"math"
	"slices"
)

// The cue names. A file written for a cue is named after it (shot-rifle.wav).
const (
	ShotPistol     = "shot-pistol"
	ShotSMG        = "shot-smg"
	ShotRifle      = "shot-rifle"
	ShotLMG        = "shot-lmg"
	ShotSniper     = "shot-sniper"
	ShotShotgun    = "shot-shotgun"
	ShotMech       = "shot-mech" // a mech's heavy gun
	Slash          = "slash"     // a knife
	Punch          = "punch"     // unarmed
	HitFlesh       = "hit-flesh"
	HitArmour      = "hit-armour"
	Miss           = "miss"     // a round whizzing past
	Ricochet       = "ricochet" // a miss that cover took
	CoverChip      = "cover-chip"
	CoverDestroyed = "cover-destroyed"
	Footsteps      = "footsteps"
	FootstepsMech  = "footsteps-mech"
	Vault          = "vault"
	Dive           = "dive"
	Crash          = "crash" // piling through cover
	BodyFall       = "body-fall"
	Overwatch      = "overwatch" // an overwatch or covering fire trigger
	Reload         = "reload"
	Ready          = "ready" // a weapon drawn, aimed or set to watch
	UIClick        = "ui-click"
	UIDeny         = "ui-deny"
	TurnStart      = "turn-start"
	Victory        = "victory"
	Defeat         = "defeat"
	Ambient        = "ambient" // the quiet loop under a battle
)

// recipe renders one cue.
type recipe func() Clip

// recipes maps each cue to its recipe; every recipe seeds its own noise.
var recipes = map[string]recipe{
	ShotPistol:     mono(ShotPistol, 0.8, func() buffer { return gun(1, gunSpec{1, 0, 5000, 0.025, 190, 0.03, 0.3, 900, 0.4}) }),
	ShotSMG:        mono(ShotSMG, 0.75, func() buffer { return gun(2, gunSpec{4, 0.07, 4200, 0.018, 160, 0.025, 0.2, 1000, 0.55}) }),
	ShotRifle:      mono(ShotRifle, 0.82, func() buffer { return gun(3, gunSpec{1, 0, 8000, 0.04, 120, 0.05, 0.5, 700, 0.6}) }),
	ShotLMG:        mono(ShotLMG, 0.85, func() buffer { return gun(4, gunSpec{5, 0.11, 3000, 0.04, 85, 0.06, 0.4, 500, 0.95}) }),
	ShotSniper:     mono(ShotSniper, 0.88, sniper),
	ShotShotgun:    mono(ShotShotgun, 0.88, shotgun),
	ShotMech:       mono(ShotMech, 0.9, func() buffer { return gun(7, gunSpec{3, 0.17, 1800, 0.07, 55, 0.12, 0.7, 260, 1.2}) }),
	Slash:          mono(Slash, 0.5, func() buffer { return whoosh(8, 0.22, 700, 3200, 1.5) }),
	Punch:          mono(Punch, 0.6, punch),
	HitFlesh:       mono(HitFlesh, 0.6, hitFlesh),
	HitArmour:      mono(HitArmour, 0.55, hitArmour),
	Miss:           mono(Miss, 0.45, func() buffer { return whoosh(12, 0.28, 4200, 900, 5) }),
	Ricochet:       mono(Ricochet, 0.5, ricochet),
	CoverChip:      mono(CoverChip, 0.5, coverChip),
	CoverDestroyed: mono(CoverDestroyed, 0.85, coverDestroyed),
	Footsteps:      mono(Footsteps, 0.3, footsteps),
	FootstepsMech:  mono(FootstepsMech, 0.5, footstepsMech),
	Vault:          mono(Vault, 0.4, vault),
	Dive:           mono(Dive, 0.5, dive),
	Crash:          mono(Crash, 0.8, crash),
	BodyFall:       mono(BodyFall, 0.5, bodyFall),
	Overwatch:      mono(Overwatch, 0.42, overwatch),
	Reload:         mono(Reload, 0.4, reload),
	Ready:          mono(Ready, 0.35, ready),
	UIClick:        mono(UIClick, 0.3, uiClick),
	UIDeny:         mono(UIDeny, 0.35, uiDeny),
	TurnStart:      mono(TurnStart, 0.35, turnStart),
	Victory:        mono(Victory, 0.5, victory),
	Defeat:         mono(Defeat, 0.5, defeat),
	Ambient:        ambient,
}

// Names returns every cue's name, sorted.
func Names() []string {
	out := make([]string, 0, len(recipes))
	for n := range recipes {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Make renders the named cue.
func Make(name string) (Clip, error) {
	r, ok := recipes[name]
	if !ok {
		return Clip{}, fmt.Errorf("sound: no cue %q", name)
	}
	return r(), nil
}

// mono makes a recipe of a mono buffer normalized to peak p.
func mono(name string, p float64, f func() buffer) recipe {
	return func() Clip { return stereo(name, f().normalize(p).fadeOut(0.005)) }
}

// gunSpec describes a gun's report.
type gunSpec struct {
	rounds   int     // rounds in the burst
	gap      float64 // seconds between rounds
	crackHz  float64 // low-pass cutoff of the muzzle blast
	crackTau float64 // its decay, seconds
	thumpHz  float64 // the body's pitch, gliding down an octave
	thumpTau float64
	tail     float64 // seconds of rumble after each round
	tailHz   float64 // its low-pass cutoff
	secs     float64 // the clip's length
}

// gun renders a burst of rounds: a noise blast, a falling low thump and
// a rumbling tail each.
func gun(seed uint64, g gunSpec) buffer {
	n := newNoise(seed)
	out := newBuffer(g.secs)
	for r := 0; r < g.rounds; r++ {
		at := float64(r) * g.gap
		k := 1 - 0.08*float64(r%2) // rounds of a burst differ a little
		crack := newBuffer(6*g.crackTau).white(n, 1).lowpass(g.crackHz).lowpass(g.crackHz).highpass(150).decay(0.0004, g.crackTau).normalize(1)
		thump := tone(6*g.thumpTau, g.thumpHz, g.thumpHz/2).decay(0.001, g.thumpTau)
		tail := newBuffer(g.tail).white(n, 1).lowpass(g.tailHz).lowpass(g.tailHz).decay(0.01, g.tail/5).normalize(1)
		out.mix(crack, at, k).mix(thump, at, 0.7*k).mix(tail, at+0.01, 0.3*k)
	}
	return out.fadeOut(0.03)
}

// sniper is a sharp crack with a long echo off distant walls.
func sniper() buffer {
	b := gun(5, gunSpec{1, 0, 11000, 0.02, 75, 0.08, 1.2, 400, 1.4})
	echo := slices.Clone(b).lowpass(1500)
	return b.mix(echo, 0.21, 0.35).mix(echo, 0.47, 0.15).fadeOut(0.1)
}

// shotgun is a dull heavy blast, then the pump.
func shotgun() buffer {
	n := newNoise(6)
	b := gun(6, gunSpec{1, 0, 2200, 0.06, 70, 0.07, 0.5, 500, 0.8})
	b.mix(click(n, 1400, 0.006), 0.48, 0.25).mix(click(n, 900, 0.01), 0.6, 0.3)
	return b
}

// click is a short mechanical tick: a band of noise at hz decaying in tau.
func click(n *noise, hz, tau float64) buffer {
	return newBuffer(8*tau).white(n, 1).bandpass(hz, hz, 3).decay(0.0003, tau).normalize(1)
}

// thud is a soft impact: a low sine falling an octave and a puff of
// low-passed noise.
func thud(n *noise, hz, tau float64) buffer {
	b := tone(6*tau, hz, hz/2).decay(0.002, tau)
	puff := newBuffer(6*tau).white(n, 1).lowpass(hz*5).decay(0.002, tau*0.7).normalize(0.6)
	return b.mix(puff, 0, 1)
}

// whoosh is noise through a band whose centre glides from hz0 to hz1,
// swelling and fading over secs.
func whoosh(seed uint64, secs, hz0, hz1, q float64) buffer {
	b := newBuffer(secs).white(newNoise(seed), 1).bandpass(hz0, hz1, q)
	for i := range b {
		s := math.Sin(math.Pi * float64(i) / float64(len(b)))
		b[i] *= s * s
	}
	return b
}

// debris scatters count small ticks between from and to seconds.
func debris(n *noise, b buffer, count int, from, to, gain float64) buffer {
	for i := 0; i < count; i++ {
		at := from + (to-from)*n.unit()
		hz := 1500 + 3500*n.unit()
		b.mix(click(n, hz, 0.004+0.008*n.unit()), at, gain*(0.4+0.6*n.unit()))
	}
	return b
}

func punch() buffer {
	n := newNoise(9)
	return newBuffer(0.2).mix(thud(n, 110, 0.04), 0, 1).mix(click(n, 700, 0.005), 0, 0.4)
}

func hitFlesh() buffer {
	n := newNoise(10)
	slap := newBuffer(0.05).white(n, 1).bandpass(1800, 1200, 2).decay(0.0005, 0.012).normalize(1)
	return newBuffer(0.28).mix(thud(n, 150, 0.045), 0, 1).mix(slap, 0, 0.5)
}

// hitArmour is a struck metal plate: inharmonic partials ringing down.
func hitArmour() buffer {
	n := newNoise(11)
	ring := partials(0.6, []float64{620, 1187, 1853, 2744, 3510}, []float64{0.28, 0.2, 0.14, 0.09, 0.06})
	return ring.mix(click(n, 4000, 0.004), 0, 0.6).fadeOut(0.05)
}

// ricochet is a whining tone falling away after a spark of noise.
func ricochet() buffer {
	n := newNoise(13)
	whine := tone(0.5, 3400, 1100)
	for i := range whine { // a little warble
		whine[i] *= 1 + 0.3*math.Sin(2*math.Pi*31*float64(i)/Rate)
	}
	whine.decay(0.004, 0.14)
	return whine.mix(click(n, 5000, 0.003), 0, 0.8).fadeOut(0.05)
}

func coverChip() buffer {
	n := newNoise(14)
	puff := newBuffer(0.2).white(n, 1).lowpass(900).decay(0.003, 0.04).normalize(1)
	b := newBuffer(0.3).mix(click(n, 2600, 0.008), 0, 1).mix(puff, 0, 0.5)
	return debris(n, b, 4, 0.03, 0.18, 0.5)
}

// coverDestroyed is a crack, a long low rumble and falling debris.
func coverDestroyed() buffer {
	n := newNoise(15)
	rumble := newBuffer(1.3).white(n, 1).lowpass(250).lowpass(250).decay(0.01, 0.35).normalize(1)
	crack := newBuffer(0.3).white(n, 1).lowpass(3000).decay(0.0005, 0.04).normalize(1)
	b := newBuffer(1.3).mix(rumble, 0, 1).mix(crack, 0, 0.9).mix(thud(n, 70, 0.15), 0.02, 0.8)
	return debris(n, b, 14, 0.1, 1.0, 0.35).fadeOut(0.1)
}

func footsteps() buffer {
	n := newNoise(16)
	b := newBuffer(0.55)
	for i, at := range []float64{0, 0.13, 0.26, 0.39} {
		scuff := newBuffer(0.06).white(n, 1).bandpass(900, 600, 1.2).decay(0.003, 0.015).normalize(0.5)
		b.mix(thud(n, 95, 0.02), at, 1-0.2*float64(i%2)).mix(scuff, at, 0.6)
	}
	return b
}

// footstepsMech is two heavy stomps with a servo whine between.
func footstepsMech() buffer {
	n := newNoise(17)
	b := newBuffer(0.75)
	servo := tone(0.2, 280, 460).decay(0.05, 0.2).bandpass(400, 400, 2).normalize(1)
	for _, at := range []float64{0, 0.35} {
		b.mix(thud(n, 60, 0.1), at, 1).mix(click(n, 900, 0.01), at, 0.3).mix(servo, at+0.08, 0.2)
	}
	return b
}

func vault() buffer {
	n := newNoise(18)
	scuff := newBuffer(0.14).white(n, 1).bandpass(1500, 800, 1).decay(0.02, 0.05).normalize(1)
	b := newBuffer(0.5).mix(scuff, 0, 0.7).mix(thud(n, 100, 0.05), 0.28, 1)
	return debris(n, b, 3, 0.05, 0.25, 0.15)
}

func dive() buffer {
	n := newNoise(19)
	b := newBuffer(0.65).mix(whoosh(20, 0.25, 500, 1800, 1.2), 0, 0.6).mix(thud(n, 80, 0.08), 0.24, 1)
	return debris(n, b, 4, 0.26, 0.45, 0.15)
}

// crash is piling through cover: a splintering blast and a body's thump.
func crash() buffer {
	n := newNoise(21)
	blast := newBuffer(0.5).white(n, 1).lowpass(3500).decay(0.001, 0.09).normalize(1)
	wood := partials(0.5, []float64{190, 410, 730}, []float64{0.12, 0.08, 0.05})
	b := newBuffer(0.9).mix(blast, 0, 1).mix(wood, 0, 0.8).mix(thud(n, 90, 0.08), 0.05, 0.8)
	return debris(n, b, 10, 0.05, 0.7, 0.4).fadeOut(0.05)
}

func bodyFall() buffer {
	n := newNoise(22)
	return newBuffer(0.45).mix(thud(n, 110, 0.07), 0, 1).mix(thud(n, 85, 0.05), 0.13, 0.5)
}

// overwatch is a two-tone alert: a watcher's trigger.
func overwatch() buffer {
	a := tone(0.1, 880, 880).decay(0.004, 0.05)
	b := tone(0.16, 1320, 1320).decay(0.004, 0.07)
	return newBuffer(0.35).mix(a, 0, 1).mix(b, 0.1, 1)
}

func reload() buffer {
	n := newNoise(23)
	slide := newBuffer(0.1).white(n, 1).bandpass(1500, 2600, 2).decay(0.02, 0.04).normalize(1)
	return newBuffer(0.48).mix(click(n, 3000, 0.005), 0, 0.7).mix(slide, 0.12, 0.4).
		mix(click(n, 1800, 0.01), 0.3, 1).mix(thud(n, 200, 0.01), 0.3, 0.4)
}

func ready() buffer {
	n := newNoise(24)
	return newBuffer(0.2).mix(click(n, 2500, 0.005), 0, 0.7).mix(click(n, 1700, 0.008), 0.08, 1)
}

func uiClick() buffer {
	n := newNoise(25)
	return tone(0.05, 1900, 1300).decay(0.0005, 0.008).mix(click(n, 4000, 0.002), 0, 0.2)
}

// uiDeny is two low buzzes: the action is not allowed.
func uiDeny() buffer {
	buzz := newBuffer(0.1)
	for h := 1.0; h <= 5; h++ {
		buzz.mix(tone(0.1, 180*h, 180*h), 0, 1/h)
	}
	buzz.decay(0.005, 0.06).lowpass(2500)
	return newBuffer(0.28).mix(buzz, 0, 1).mix(buzz, 0.14, 0.9)
}

// bell is a note of a soft bell at hz, ringing for tau.
func bell(secs, hz, tau float64) buffer {
	return partials(secs, []float64{hz, 2 * hz, 3 * hz}, []float64{tau, tau / 2, tau / 3}).decay(0.003, 10)
}

func turnStart() buffer {
	return newBuffer(0.9).mix(bell(0.8, 784, 0.35), 0, 1).mix(bell(0.75, 1046, 0.3), 0.12, 0.8).fadeOut(0.1)
}

// victory rises through a major arpeggio to a held octave.
func victory() buffer {
	b := newBuffer(1.5)
	for i, hz := range []float64{523.25, 659.25, 783.99, 1046.5} {
		tau := 0.25
		if i == 3 {
			tau = 0.6
		}
		b.mix(bell(1.5-0.14*float64(i), hz, tau), 0.14*float64(i), 1)
	}
	return b.fadeOut(0.15)
}

// defeat falls slowly through a minor line, darkened.
func defeat() buffer {
	b := newBuffer(1.7)
	for i, hz := range []float64{392, 311.13, 261.63, 196} {
		b.mix(bell(1.7-0.3*float64(i), hz, 0.45), 0.3*float64(i), 1)
	}
	return b.lowpass(1200).fadeOut(0.2)
}

// Ambient loop timing: the loop's length, and the crossfade that joins
// its end to its start.
const (
	ambientSecs = 4.0
	ambientFade = 0.5
)

// ambient is a quiet wind: low-passed noise swelling slowly, different in
// each ear. Its end is crossfaded into its start so it loops seamlessly.
func ambient() Clip {
	var ch [2]buffer
	for c := range ch {
		x := newBuffer(ambientSecs+ambientFade).white(newNoise(uint64(100+c)), 1).lowpass(350).lowpass(350)
		air := newBuffer(ambientSecs+ambientFade).white(newNoise(uint64(200+c)), 1).bandpass(2000, 2000, 0.7)
		x.normalize(1).mix(air.normalize(1), 0, 0.08)
		// Gusts whose period divides the loop: a phasor turned each sample.
		w := 2 * math.Pi / (ambientSecs / 2 * Rate)
		cw, sw := math.Cos(w), math.Sin(w)
		re, im := math.Cos(float64(c)), math.Sin(float64(c))
		for i := range x {
			x[i] *= 0.65 + 0.35*im
			re, im = re*cw-im*sw, re*sw+im*cw
		}
		ch[c] = seamless(x, samples(ambientFade))
	}
	p := max(ch[0].peak(), ch[1].peak())
	s := make([]float32, 2*len(ch[0]))
	for i := range ch[0] {
		s[2*i], s[2*i+1] = float32(ch[0][i]*0.16/p), float32(ch[1][i]*0.16/p)
	}
	return Clip{Name: Ambient, Loop: true, Samples: s}
}

// seamless returns the first len(x)-fade samples of x with the last fade
// samples crossfaded (equal power) into its start: played in a loop, the
// end runs on into the start as x itself ran on.
func seamless(x buffer, fade int) buffer {
	n := len(x) - fade
	y := slices.Clone(x[:n])
	for i := 0; i < fade; i++ {
		w := math.Pi / 2 * float64(i) / float64(fade)
		y[i] = x[i]*math.Sin(w) + x[n+i]*math.Cos(w)
	}
	return y
}
