package systems

import (
	"sightline/rules"
	"sightline/sound"
)

// The sound of each rules event: one table, beside presenterOf, that the
// effects consult as each event starts playing (EventFX.Start), so an
// event hidden by the fog makes no sound either.

// shotCues are the weapons' reports, by weapon name (rules/data).
var shotCues = map[string]string{
	"pistol": sound.ShotPistol, "smg": sound.ShotSMG, "rifle": sound.ShotRifle, "lmg": sound.ShotLMG,
	"sniper": sound.ShotSniper, "shotgun": sound.ShotShotgun, "knife": sound.Slash, "unarmed": sound.Punch,
}

// EventCues returns the cues an event plays, together, as it starts (none
// for an event that makes no sound). r names the units: a mech's gun and
// tread sound heavier, and its hull rings like armour.
func EventCues(r *Roster, ev rules.Event) []string {
	big := func(id int) bool {
		u, ok := r.Unit(id)
		return ok && u.Size > 1
	}
	switch e := ev.(type) {
	case rules.Attacked:
		return attackCues(r, e, big(e.Attacker))
	case rules.Damaged:
		switch {
		case e.Amount == 0 && e.Absorbed > 0:
			return []string{sound.CoverChip} // cover took it all
		case big(e.Unit):
			return []string{sound.HitArmour}
		}
		return []string{sound.HitFlesh}
	case rules.CoverDamaged:
		if e.Destroyed {
			return []string{sound.CoverDestroyed}
		}
		return []string{sound.CoverChip}
	case rules.Moved:
		if big(e.Unit) {
			return []string{sound.FootstepsMech}
		}
		return []string{sound.Footsteps}
	case rules.TookCover:
		return []string{sound.Footsteps}
	case rules.Vaulted:
		return []string{sound.Vault}
	case rules.Dived:
		return []string{sound.Dive}
	case rules.PiledThrough:
		if e.Success {
			return []string{sound.Crash}
		}
		return []string{sound.Punch} // it bounced off; a fall may follow
	case rules.Fell, rules.Killed:
		return []string{sound.BodyFall}
	case rules.Reloaded:
		return []string{sound.Reload}
	case rules.Drew, rules.Holstered, rules.Dropped, rules.Aimed, rules.OverwatchSet, rules.CoveringZoneSet:
		return []string{sound.Ready}
	case rules.TurnEnded:
		return []string{sound.TurnStart}
	case rules.Fired:
		if u, ok := r.Unit(e.Unit); ok && e.Kind == rules.KindSuppressive {
			// Suppressive fire rakes the area whether or not it finds a
			// target (Attacked events follow only for those it does).
			return attackCues(r, rules.Attacked{Attacker: e.Unit, Weapon: u.Hand.Weapon.Name}, u.Size > 1)
		}
		return []string{sound.Ready}
	}
	return nil
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
		out = append(out, sound.Ricochet)
	}
	return out
}

// PlayEvent plays an event's cues (EventCues).
func (a *Audio) PlayEvent(r *Roster, ev rules.Event) error {
	if a == nil {
		return nil
	}
	return a.PlayAll(EventCues(r, ev)...)
}
