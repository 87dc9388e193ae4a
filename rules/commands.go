package rules

// Attack strikes or shoots at a unit (Target) or at a piece of cover
// (Obstacle; Target then names the unit behind it, or 0 for whoever the
// cover protects). Ranged attacks from Full cover peek automatically.
// Both fires the off-hand weapon too, in the same action, when the unit
// fights with two (seed 003, Two-Weapon Combat).
type Attack struct {
	Unit     int
	Target   int
	Obstacle int
	Both     bool
}

// CommandName returns "attack".
func (Attack) CommandName() string { return "attack" }

// TakeCover is the active cover maneuver (seed 001): 1 AP next to cover.
type TakeCover struct{ Unit int }

// CommandName returns "take_cover".
func (TakeCover) CommandName() string { return "take_cover" }

// ChangeStance makes a unit stand, crouch or go prone for 1 AP.
type ChangeStance struct {
	Unit int
	To   Stance
}

// CommandName returns "stance".
func (ChangeStance) CommandName() string { return "stance" }

// Aim looks down the sights (seed 003): +1 threat range, half speed.
type Aim struct{ Unit int }

// CommandName returns "aim".
func (Aim) CommandName() string { return "aim" }

// Overwatch spends the remaining AP to watch the cone toward At.
type Overwatch struct {
	Unit int
	At   Point
}

// CommandName returns "overwatch".
func (Overwatch) CommandName() string { return "overwatch" }

// CoveringFire sprays the cone toward At with all AP (seed 003).
type CoveringFire struct {
	Unit int
	At   Point
}

// CommandName returns "covering_fire".
func (CoveringFire) CommandName() string { return "covering_fire" }

// SuppressiveFire fires 10 rounds into the 2x2 area whose top-left tile
// is At (seed 003).
type SuppressiveFire struct {
	Unit int
	At   Point
}

// CommandName returns "suppressive_fire".
func (SuppressiveFire) CommandName() string { return "suppressive_fire" }

// BlindFire shoots from three-quarter or full cover at a target the unit
// cannot see (seed 003). Spot spends 1 more AP on a perception check that,
// passed, stops half the shots going to empty tiles.
type BlindFire struct {
	Unit   int
	Target int
	Spot   bool
}

// CommandName returns "blind_fire".
func (BlindFire) CommandName() string { return "blind_fire" }

// Charge runs straight at Target with all AP, up to twice the unit's
// speed, and strikes it in melee (seed 003).
type Charge struct {
	Unit   int
	Target int
}

// CommandName returns "charge".
func (Charge) CommandName() string { return "charge" }

// Reload refills the held weapon for 1 AP; with two weapons, both.
type Reload struct{ Unit int }

// CommandName returns "reload".
func (Reload) CommandName() string { return "reload" }

// Draw takes the stowed weapon in hand for 1 AP. With Second it takes it
// in the other hand, beside the held one, to fight with two (seed 003,
// Two-Weapon Combat: both must be pistols or submachine guns).
type Draw struct {
	Unit   int
	Second bool
}

// CommandName returns "draw".
func (Draw) CommandName() string { return "draw" }

// Holster stows the held weapon for 1 AP; a unit fighting with two stows
// its second.
type Holster struct{ Unit int }

// CommandName returns "holster".
func (Holster) CommandName() string { return "holster" }

// Drop lets go of the held weapon (the second, when holding two); it
// costs nothing.
type Drop struct{ Unit int }

// CommandName returns "drop".
func (Drop) CommandName() string { return "drop" }

// needAP checks that u has ap action points for what.
func needAP(u *Unit, ap int, what string) error {
	if u.AP < ap {
		return errorf(ErrNoAP, "%s needs %d AP to %s, has %d", u.Name, ap, what, u.AP)
	}
	return nil
}
