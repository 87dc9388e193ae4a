package rules

import "fmt"

// Attack kinds name how an attack came about.
const (
	KindAttack      = "attack"
	KindOverwatch   = "overwatch"
	KindOpportunity = "opportunity"
	KindCovering    = "covering"
	KindSuppressive = "suppressive"
	KindBlind       = "blind"
	KindCharge      = "charge"
)

// Attack outcomes.
const (
	OutcomeHit      = "hit"
	OutcomeCritical = "critical"
	OutcomeMiss     = "miss"
	// OutcomeCover is a miss that failed only because of cover: the
	// obstacle, or the intervening unit, takes the shot (seed 002).
	OutcomeCover = "cover"
	// OutcomeEmpty is a blind-fire shot that went to an empty tile.
	OutcomeEmpty = "empty"
	// OutcomeBlind is a hit cancelled by blind fire's miss chance.
	OutcomeBlind = "blind"
)

// Attacked reports one attack roll: the exact chance shown beforehand, its
// breakdown, the dice and the outcome. Damage follows in Damaged and
// CoverDamaged events.
type Attacked struct {
	Attacker int `json:"attacker"`
	// Target is the unit attacked (or the unit behind attacked cover).
	Target int `json:"target,omitempty"`
	// Obstacle is the cover attacked directly, if any.
	Obstacle   int       `json:"obstacle,omitempty"`
	Kind       string    `json:"kind"`
	Weapon     string    `json:"weapon"`
	Chance     float64   `json:"chance"`
	CritChance float64   `json:"critChance"`
	Breakdown  Breakdown `json:"breakdown"`
	// Grade is the target's cover grade from this attacker; Flanked says
	// it is in cover but open to this attacker.
	Grade   string `json:"grade,omitempty"`
	Flanked bool   `json:"flanked,omitempty"`
	// Origin is the attacker's point of origin in pixels.
	Origin Vec `json:"origin"`
	// Roll is the natural d20; MissRolls the d100 rolled for each miss
	// chance entry, in order.
	Roll      int    `json:"roll"`
	MissRolls []int  `json:"missRolls,omitempty"`
	Outcome   string `json:"outcome"`
	// Location is the limb hit, and Covered whether cover hides it.
	Location string `json:"location,omitempty"`
	Covered  bool   `json:"covered,omitempty"`
	// Intervening is the unit that gave the cover and takes a miss that
	// failed only because of it (OutcomeCover; seed 002: "such as a tree
	// or intervening creature").
	Intervening int `json:"intervening,omitempty"`
}

// EventName returns "attacked".
func (Attacked) EventName() string { return "attacked" }

// Actor is 0: the event is about no one unit.
func (Attacked) Actor() int { return 0 }

// Damaged reports damage dealt to a unit: the dice rolled, the damage the
// cover absorbed, what got through and the HP left.
type Damaged struct {
	Unit     int    `json:"unit"`
	Dice     []int  `json:"dice"`
	Rolled   int    `json:"rolled"`
	Absorbed int    `json:"absorbed"`
	Amount   int    `json:"amount"`
	Limb     string `json:"limb,omitempty"`
	HP       int    `json:"hp"`
}

// EventName returns "damaged".
func (Damaged) EventName() string { return "damaged" }

// Actor returns the unit the event is about.
func (e Damaged) Actor() int { return e.Unit }

// CoverDamaged reports damage to a piece of cover (seed 004): the damage, the
// cover's DE, how much penetrated, the wounds and their d6 rolls, and
// whether a 6 destroyed it.
type CoverDamaged struct {
	Obstacle   int   `json:"obstacle"`
	Damage     int   `json:"damage"`
	DE         int   `json:"de"`
	Penetrated int   `json:"penetrated"`
	Wounds     int   `json:"wounds"`
	Rolls      []int `json:"rolls,omitempty"`
	Destroyed  bool  `json:"destroyed,omitempty"`
}

// EventName returns "cover_damaged".
func (CoverDamaged) EventName() string { return "cover_damaged" }

// Actor is 0: the event is about no one unit.
func (CoverDamaged) Actor() int { return 0 }

// ObstacleRemoved says an obstacle left the board.
type ObstacleRemoved struct {
	Obstacle int `json:"obstacle"`
}

// EventName returns "obstacle_removed".
func (ObstacleRemoved) EventName() string { return "obstacle_removed" }

// Actor is 0: the event is about no one unit.
func (ObstacleRemoved) Actor() int { return 0 }

// Killed says a unit is out of the fight.
type Killed struct {
	Unit int `json:"unit"`
}

// EventName returns "killed".
func (Killed) EventName() string { return "killed" }

// Actor returns the unit the event is about.
func (e Killed) Actor() int { return e.Unit }

// Peeked says a unit leaned out of Full cover (seed 000).
type Peeked struct {
	Unit int   `json:"unit"`
	Lean Lean  `json:"lean"`
	Tile Point `json:"tile"`
}

// EventName returns "peeked".
func (Peeked) EventName() string { return "peeked" }

// Actor returns the unit the event is about.
func (e Peeked) Actor() int { return e.Unit }

// PeekEnded says a unit ducked back into Full cover.
type PeekEnded struct {
	Unit int `json:"unit"`
}

// EventName returns "peek_ended".
func (PeekEnded) EventName() string { return "peek_ended" }

// Actor returns the unit the event is about.
func (e PeekEnded) Actor() int { return e.Unit }

// Interrupted says a unit's action was cut short by a reaction.
type Interrupted struct {
	Unit   int    `json:"unit"`
	Reason string `json:"reason"`
}

// EventName returns "interrupted".
func (Interrupted) EventName() string { return "interrupted" }

// Actor returns the unit the event is about.
func (e Interrupted) Actor() int { return e.Unit }

// StanceChanged says a unit changed stance.
type StanceChanged struct {
	Unit int    `json:"unit"`
	From Stance `json:"from"`
	To   Stance `json:"to"`
	AP   int    `json:"ap"`
}

// EventName returns "stance_changed".
func (StanceChanged) EventName() string { return "stance_changed" }

// Actor returns the unit the event is about.
func (e StanceChanged) Actor() int { return e.Unit }

// TookCover says a unit took the active Take Cover maneuver (seed 001).
type TookCover struct {
	Unit     int `json:"unit"`
	Obstacle int `json:"obstacle"`
	AP       int `json:"ap"`
}

// EventName returns "took_cover".
func (TookCover) EventName() string { return "took_cover" }

// Actor returns the unit the event is about.
func (e TookCover) Actor() int { return e.Unit }

// Aimed says a unit started aiming (seed 003).
type Aimed struct {
	Unit int `json:"unit"`
	AP   int `json:"ap"`
}

// EventName returns "aimed".
func (Aimed) EventName() string { return "aimed" }

// Actor returns the unit the event is about.
func (e Aimed) Actor() int { return e.Unit }

// OverwatchSet says a unit watches the cone toward At, with extra threat
// range bought by aiming.
type OverwatchSet struct {
	Unit   int   `json:"unit"`
	At     Point `json:"at"`
	AP     int   `json:"ap"`
	Threat int   `json:"threat"`
}

// EventName returns "overwatch_set".
func (OverwatchSet) EventName() string { return "overwatch_set" }

// Actor returns the unit the event is about.
func (e OverwatchSet) Actor() int { return e.Unit }

// OverwatchEnded says a unit stopped watching.
type OverwatchEnded struct {
	Unit   int    `json:"unit"`
	Reason string `json:"reason"`
}

// EventName returns "overwatch_ended".
func (OverwatchEnded) EventName() string { return "overwatch_ended" }

// Actor returns the unit the event is about.
func (e OverwatchEnded) Actor() int { return e.Unit }

// CoveringZoneSet says a unit's covering fire zone lasts until its next
// turn starts (seed 003): the cone of Degrees in direction Dir (toward
// At), Range tiles long. Enemies that move in it are attacked (Attacked
// events of kind "covering"), each at most Actions times.
type CoveringZoneSet struct {
	Unit    int   `json:"unit"`
	At      Point `json:"at"`
	Dir     Dir   `json:"dir"`
	Range   int   `json:"range"`
	Degrees int   `json:"degrees"`
	Actions int   `json:"actions"`
}

// EventName returns "covering_zone_set".
func (CoveringZoneSet) EventName() string { return "covering_zone_set" }

// Actor returns the unit the event is about.
func (e CoveringZoneSet) Actor() int { return e.Unit }

// CoveringZoneEnded says a unit's covering fire zone ended: "turn
// started", "dove" (it dove for cover from enemy fire) or "fell" (it
// died).
type CoveringZoneEnded struct {
	Unit   int    `json:"unit"`
	Reason string `json:"reason"`
}

// EventName returns "covering_zone_ended".
func (CoveringZoneEnded) EventName() string { return "covering_zone_ended" }

// Actor returns the unit the event is about.
func (e CoveringZoneEnded) Actor() int { return e.Unit }

// Fell says a running unit that failed to pile through cover and failed
// its Reflex save fell prone (seed 004); a foot unit is also stunned and
// loses the AP it had left (APLost).
type Fell struct {
	Unit    int  `json:"unit"`
	Stunned bool `json:"stunned,omitempty"`
	APLost  int  `json:"apLost"`
}

// EventName returns "fell".
func (Fell) EventName() string { return "fell" }

// Actor returns the unit the event is about.
func (e Fell) Actor() int { return e.Unit }

// Reloaded says a unit refilled its held weapon.
type Reloaded struct {
	Unit   int    `json:"unit"`
	Weapon string `json:"weapon"`
	Ammo   int    `json:"ammo"`
	AP     int    `json:"ap"`
	// Second and SecondAmmo are the second weapon reloaded in the same
	// action, when the unit fights with two.
	Second     string `json:"second,omitempty"`
	SecondAmmo int    `json:"secondAmmo,omitempty"`
}

// EventName returns "reloaded".
func (Reloaded) EventName() string { return "reloaded" }

// Actor returns the unit the event is about.
func (e Reloaded) Actor() int { return e.Unit }

// Drew says a unit drew its stowed weapon.
type Drew struct {
	Unit   int    `json:"unit"`
	Weapon string `json:"weapon"`
	AP     int    `json:"ap"`
	// Second is true when the weapon went to the other hand, to fight
	// with two.
	Second bool `json:"second,omitempty"`
}

// EventName returns "drew".
func (Drew) EventName() string { return "drew" }

// Actor returns the unit the event is about.
func (e Drew) Actor() int { return e.Unit }

// Holstered says a unit stowed its held weapon.
type Holstered struct {
	Unit   int    `json:"unit"`
	Weapon string `json:"weapon"`
	AP     int    `json:"ap"`
	// Second is true when it was the second of two weapons.
	Second bool `json:"second,omitempty"`
}

// EventName returns "holstered".
func (Holstered) EventName() string { return "holstered" }

// Actor returns the unit the event is about.
func (e Holstered) Actor() int { return e.Unit }

// Dropped says a unit dropped its held weapon where it stands.
type Dropped struct {
	Unit   int    `json:"unit"`
	Weapon string `json:"weapon"`
	At     Point  `json:"at"`
}

// EventName returns "dropped".
func (Dropped) EventName() string { return "dropped" }

// Actor returns the unit the event is about.
func (e Dropped) Actor() int { return e.Unit }

// Saved reports a check: d20 + Bonus against DC (Reflex saves, perception
// checks), with the modifiers that made up Bonus.
type Saved struct {
	Unit    int        `json:"unit"`
	Kind    string     `json:"kind"`
	Roll    int        `json:"roll"`
	Mods    []Modifier `json:"mods"`
	Bonus   int        `json:"bonus"`
	DC      int        `json:"dc"`
	Success bool       `json:"success"`
}

// EventName returns "saved".
func (Saved) EventName() string { return "saved" }

// Actor returns the unit the event is about.
func (e Saved) Actor() int { return e.Unit }

// Dived says a unit dove for cover to To, or went prone where it is.
type Dived struct {
	Unit  int   `json:"unit"`
	From  Point `json:"from"`
	To    Point `json:"to"`
	Prone bool  `json:"prone,omitempty"`
}

// EventName returns "dived".
func (Dived) EventName() string { return "dived" }

// Actor returns the unit the event is about.
func (e Dived) Actor() int { return e.Unit }

// Suppressed says a unit is pinned down (seed 003).
type Suppressed struct {
	Unit int `json:"unit"`
}

// EventName returns "suppressed".
func (Suppressed) EventName() string { return "suppressed" }

// Actor returns the unit the event is about.
func (e Suppressed) Actor() int { return e.Unit }

// BrokeOut says a suppressed unit chose to move at full speed this turn
// and so takes an attack of opportunity from its suppressor, By (seed
// 003, Suppressive Fire). Shot is false when By could not fire; Reason
// then says why.
type BrokeOut struct {
	Unit   int    `json:"unit"`
	By     int    `json:"by"`
	Shot   bool   `json:"shot"`
	Reason string `json:"reason,omitempty"`
}

// EventName returns "broke_out".
func (BrokeOut) EventName() string { return "broke_out" }

// Actor returns the unit the event is about.
func (e BrokeOut) Actor() int { return e.Unit }

// Fired says a unit began an area fire action (covering or suppressive).
type Fired struct {
	Unit   int    `json:"unit"`
	Kind   string `json:"kind"`
	At     Point  `json:"at"`
	AP     int    `json:"ap"`
	Rounds int    `json:"rounds"`
}

// EventName returns "fired".
func (Fired) EventName() string { return "fired" }

// Actor returns the unit the event is about.
func (e Fired) Actor() int { return e.Unit }

// Vaulted says a unit vaulted an obstacle, spending Extra half tiles of
// movement on top of the steps (seed 004).
type Vaulted struct {
	Unit     int `json:"unit"`
	Obstacle int `json:"obstacle"`
	Extra    int `json:"extra"`
}

// EventName returns "vaulted".
func (Vaulted) EventName() string { return "vaulted" }

// Actor returns the unit the event is about.
func (e Vaulted) Actor() int { return e.Unit }

// PiledThrough reports a pile-through test: d6 + ST against DE (seed 004).
type PiledThrough struct {
	Unit     int  `json:"unit"`
	Obstacle int  `json:"obstacle"`
	Roll     int  `json:"roll"`
	ST       int  `json:"st"`
	DE       int  `json:"de"`
	Success  bool `json:"success"`
}

// EventName returns "piled_through".
func (PiledThrough) EventName() string { return "piled_through" }

// Actor returns the unit the event is about.
func (e PiledThrough) Actor() int { return e.Unit }

// MarshalText writes the side's name.
func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a side's name as MarshalText writes it (or as
// ParseSide reads it), so a View sent over the network decodes.
func (s *Side) UnmarshalText(b []byte) error {
	v, err := ParseSide(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// MarshalText writes the lean's name.
func (l Lean) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads a lean's name as MarshalText writes it.
func (l *Lean) UnmarshalText(b []byte) error {
	for _, v := range []Lean{LeanNone, LeanLeft, LeanRight, LeanOver} {
		if v.String() == string(b) {
			*l = v
			return nil
		}
	}
	return fmt.Errorf("unknown lean %q (want none, left, right or over)", clipName(string(b)))
}

// clipName cuts a name read from a stranger to at most 32 bytes for an
// error message.
func clipName(s string) string {
	if len(s) > 32 {
		return s[:32] + "..."
	}
	return s
}
