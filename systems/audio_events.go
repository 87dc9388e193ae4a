package systems

import (
	"sightline/rules"
	"sightline/sound"
)

// The sounds the presenters share: the weapons' reports and an attack's
// cues. Each event's cues are its presenter's (present_*.go), played as it
// starts (EventFX.Start), so an event hidden by the fog makes no sound
// either.

// shotCues are the weapons' reports, by weapon name (rules/data).
var shotCues = map[string]string{
	"pistol": sound.ShotPistol, "smg": sound.ShotSMG, "rifle": sound.ShotRifle, "lmg": sound.ShotLMG,
	"sniper": sound.ShotSniper, "shotgun": sound.ShotShotgun, "knife": sound.Slash, "unarmed": sound.Punch,
}

// big reports whether the unit with the given ID is a mech (a body wider
// than a tile), whose gun, treads and hull sound heavier.
func (r *Roster) big(id int) bool {
	u, ok := r.Unit(id)
	return ok && u.Size > 1
}

// attackCues is an attack's sound: the overwatch alert when it is a
// reaction, the weapon's report (a mech's own heavy gun), then the round
// whizzing past on a miss or ricocheting when cover takes it.
func attackCues(r *Roster, e rules.Attacked, mech bool) []string {
	var out []string
	switch e.Kind {
	case rules.KindOverwatch, rules.KindCovering, rules.KindOpportunity:
		out = append(out, sound.Overwatch)
	}
	shot, ok := shotCues[e.Weapon]
	switch {
	case mech && !r.Melee(e.Weapon):
		shot = sound.ShotMech
	case !ok && r.Melee(e.Weapon):
		shot = sound.Punch
	case !ok:
		shot = sound.ShotRifle
	}
	out = append(out, shot)
	if r.Melee(e.Weapon) {
		return out
	}
	switch e.Outcome {
	case rules.OutcomeMiss, rules.OutcomeEmpty, rules.OutcomeBlind:
		out = append(out, sound.Miss)
	case rules.OutcomeCover:
		if e.Intervening == 0 { // a creature in the way sounds as it is hit
			out = append(out, sound.Ricochet)
		}
	}
	return out
}
