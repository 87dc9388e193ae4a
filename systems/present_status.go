package systems

import (
	"fmt"
	"strings"

	"sightline/rules"
	"sightline/sound"
)

// The presenters of stances, taking cover, aiming, overwatch and covering
// zones, and weapons (present.go). Each kind is declared before its parts.

// statusPresenters are this file's presenters, one for each kind of event it
// shows; presenterOf (present.go) finds them by the event's name. A new
// kind of event is one kind below and its name in this list.
var statusPresenters = []presenter{
	stanceChanged,
	tookCover,
	aimed,
	overwatchSet,
	overwatchEnded,
	coveringZoneSet,
	coveringZoneEnded,
	reloaded,
	drew,
	holstered,
	dropped,
}

// stanceChanged presents a change of stance.
var stanceChanged = kind[rules.StanceChanged]{start: startStanceChanged, line: lineStanceChanged}

// lineStanceChanged words a change of stance for the combat log.
func lineStanceChanged(r *Roster, e rules.StanceChanged) string {
	n := r.UnitName
	return fmt.Sprintf("%s %s (%s)", n(e.Unit), stanceVerb(e.To), apText(e.AP))
}

// startStanceChanged plays a change of stance.
func startStanceChanged(x *EventFX, e rules.StanceChanged) int {
	if u := x.World.Unit(e.Unit); u != nil {
		u.Body.Stance = e.To
	}
	x.note(e.Unit, strings.ToUpper(e.To.String()))
	return x.scaled(holdNote)
}

// tookCover presents taking cover.
var tookCover = kind[rules.TookCover]{start: startTookCover, cues: cue[rules.TookCover](sound.Footsteps), line: lineTookCover}

// lineTookCover words taking cover for the combat log.
func lineTookCover(r *Roster, e rules.TookCover) string {
	n := r.UnitName
	return fmt.Sprintf("%s takes cover behind %s (%s)", n(e.Unit), r.ObstacleName(e.Obstacle), apText(e.AP))
}

// startTookCover plays taking cover.
func startTookCover(x *EventFX, e rules.TookCover) int {
	x.note(e.Unit, "TAKES COVER")
	return x.scaled(holdNote)
}

// aimed presents aiming.
var aimed = kind[rules.Aimed]{start: startAimed, cues: cue[rules.Aimed](sound.Ready), line: lineAimed}

// lineAimed words aiming for the combat log.
func lineAimed(r *Roster, e rules.Aimed) string {
	n := r.UnitName
	return fmt.Sprintf("%s aims (%s)", n(e.Unit), apText(e.AP))
}

// startAimed plays aiming.
func startAimed(x *EventFX, e rules.Aimed) int {
	x.note(e.Unit, "AIMING")
	return x.scaled(holdNote)
}

// overwatchSet presents overwatch set.
var overwatchSet = kind[rules.OverwatchSet]{start: startOverwatchSet, cues: cue[rules.OverwatchSet](sound.Ready), line: lineOverwatchSet}

// lineOverwatchSet words overwatch set for the combat log.
func lineOverwatchSet(r *Roster, e rules.OverwatchSet) string {
	n := r.UnitName
	s := fmt.Sprintf("%s goes on overwatch toward %s (%s)", n(e.Unit), r.ConeToward(e.Unit, e.At), apText(e.AP))
	if e.Threat > 0 {
		s += fmt.Sprintf(", threat range +%d", e.Threat)
	}
	return s
}

// startOverwatchSet plays overwatch set.
func startOverwatchSet(x *EventFX, e rules.OverwatchSet) int {
	x.note(e.Unit, "OVERWATCH")
	return x.scaled(holdNote)
}

// overwatchEnded presents the end of an overwatch: a line only.
var overwatchEnded = kind[rules.OverwatchEnded]{line: lineOverwatchEnded}

// lineOverwatchEnded words the end of an overwatch for the combat log.
func lineOverwatchEnded(r *Roster, e rules.OverwatchEnded) string {
	n := r.UnitName
	return n(e.Unit) + "'s overwatch ends (" + e.Reason + ")"
}

// coveringZoneSet presents a covering fire zone set.
var coveringZoneSet = kind[rules.CoveringZoneSet]{start: startCoveringZoneSet, cues: cue[rules.CoveringZoneSet](sound.Ready), line: lineCoveringZoneSet}

// lineCoveringZoneSet words a covering fire zone set for the combat log.
func lineCoveringZoneSet(r *Roster, e rules.CoveringZoneSet) string {
	n := r.UnitName
	return fmt.Sprintf("%s holds a covering fire zone toward %s until its next turn: %d tiles, up to %d %s at each enemy moving in it",
		n(e.Unit), r.ConeToward(e.Unit, e.At), e.Range, e.Actions, plural(e.Actions, "shot", "shots"))
}

// startCoveringZoneSet plays a covering fire zone set.
func startCoveringZoneSet(x *EventFX, e rules.CoveringZoneSet) int {
	x.note(e.Unit, "COVERING ZONE")
	return x.scaled(holdNote)
}

// coveringZoneEnded presents the end of a covering fire zone: a line only.
var coveringZoneEnded = kind[rules.CoveringZoneEnded]{line: lineCoveringZoneEnded}

// lineCoveringZoneEnded words the end of a covering fire zone for the combat log.
func lineCoveringZoneEnded(r *Roster, e rules.CoveringZoneEnded) string {
	n := r.UnitName
	return n(e.Unit) + "'s covering fire zone ends (" + e.Reason + ")"
}

// reloaded presents a reload.
var reloaded = kind[rules.Reloaded]{start: startReloaded, cues: cue[rules.Reloaded](sound.Reload), line: lineReloaded}

// lineReloaded words a reload for the combat log.
func lineReloaded(r *Roster, e rules.Reloaded) string {
	n := r.UnitName
	if e.Second != "" {
		return fmt.Sprintf("%s reloads the %s and the %s: %d and %d rounds (%s)", n(e.Unit), e.Weapon, e.Second, e.Ammo, e.SecondAmmo, apText(e.AP))
	}
	return fmt.Sprintf("%s reloads the %s: %d rounds (%s)", n(e.Unit), e.Weapon, e.Ammo, apText(e.AP))
}

// startReloaded plays a reload.
func startReloaded(x *EventFX, e rules.Reloaded) int {
	x.note(e.Unit, "RELOAD")
	return x.scaled(holdNote)
}

// drew presents drawing a weapon.
var drew = kind[rules.Drew]{start: startDrew, cues: cue[rules.Drew](sound.Ready), line: lineDrew}

// lineDrew words drawing a weapon for the combat log.
func lineDrew(r *Roster, e rules.Drew) string {
	n := r.UnitName
	if e.Second {
		return fmt.Sprintf("%s draws the %s as a second weapon: both fire at -8, no aiming (%s)", n(e.Unit), e.Weapon, apText(e.AP))
	}
	return fmt.Sprintf("%s draws the %s (%s)", n(e.Unit), e.Weapon, apText(e.AP))
}

// startDrew plays drawing a weapon.
func startDrew(x *EventFX, e rules.Drew) int {
	if e.Second {
		x.note(e.Unit, "TWO GUNS")
		return x.scaled(holdNote)
	}
	x.note(e.Unit, "DRAWS "+strings.ToUpper(e.Weapon))
	return x.scaled(holdNote)
}

// holstered presents holstering a weapon.
var holstered = kind[rules.Holstered]{start: startHolstered, cues: cue[rules.Holstered](sound.Ready), line: lineHolstered}

// lineHolstered words holstering a weapon for the combat log.
func lineHolstered(r *Roster, e rules.Holstered) string {
	n := r.UnitName
	if e.Second {
		return fmt.Sprintf("%s holsters the %s and fights with one weapon (%s)", n(e.Unit), e.Weapon, apText(e.AP))
	}
	return fmt.Sprintf("%s holsters the %s (%s)", n(e.Unit), e.Weapon, apText(e.AP))
}

// startHolstered plays holstering a weapon.
func startHolstered(x *EventFX, e rules.Holstered) int {
	x.note(e.Unit, "HOLSTERS")
	return x.scaled(holdNote)
}

// dropped presents dropping a weapon.
var dropped = kind[rules.Dropped]{start: startDropped, cues: cue[rules.Dropped](sound.Ready), line: lineDropped}

// lineDropped words dropping a weapon for the combat log.
func lineDropped(r *Roster, e rules.Dropped) string {
	n := r.UnitName
	return fmt.Sprintf("%s drops the %s %s", n(e.Unit), e.Weapon, r.Place(e.At))
}

// startDropped plays dropping a weapon.
func startDropped(x *EventFX, e rules.Dropped) int {
	x.note(e.Unit, "DROPS "+strings.ToUpper(e.Weapon))
	return x.scaled(holdNote)
}

func stanceVerb(st rules.Stance) string {
	switch st {
	case rules.Crouched:
		return "crouches"
	case rules.Prone:
		return "goes prone"
	}
	return "stands up"
}
