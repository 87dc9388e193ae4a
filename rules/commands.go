package rules

import "fmt"

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

func (c Attack) spec() CommandSpec {
	return CommandSpec{Unit: c.Unit, Target: c.Target, Obstacle: c.Obstacle, Both: c.Both}
}

// parse reads an attack on a unit (target) or on cover (obstacle, with
// target the unit behind it, if any).
func (Attack) parse(cs CommandSpec, s *State) (Command, error) {
	if cs.Obstacle != 0 {
		if s.Board.Obstacle(cs.Obstacle) == nil {
			return nil, fmt.Errorf("obstacle: no obstacle %d", cs.Obstacle)
		}
		if cs.Target != 0 {
			if err := specUnit(s, cs.Target, "target"); err != nil {
				return nil, err
			}
		}
		return Attack{Unit: cs.Unit, Obstacle: cs.Obstacle, Target: cs.Target, Both: cs.Both}, nil
	}
	return Attack{Unit: cs.Unit, Target: cs.Target, Both: cs.Both}, specUnit(s, cs.Target, "target")
}

// TakeCover is the active cover maneuver (seed 001): 1 AP next to cover.
type TakeCover struct{ Unit int }

// CommandName returns "take_cover".
func (TakeCover) CommandName() string { return "take_cover" }

func (c TakeCover) spec() CommandSpec { return CommandSpec{Unit: c.Unit} }

func (TakeCover) parse(cs CommandSpec, _ *State) (Command, error) {
	return TakeCover{Unit: cs.Unit}, nil
}

// ChangeStance makes a unit stand, crouch or go prone for 1 AP.
type ChangeStance struct {
	Unit int
	To   Stance
}

// CommandName returns "stance".
func (ChangeStance) CommandName() string { return "stance" }

func (c ChangeStance) spec() CommandSpec { return CommandSpec{Unit: c.Unit, Stance: c.To.String()} }

func (ChangeStance) parse(cs CommandSpec, _ *State) (Command, error) {
	st, err := ParseStance(cs.Stance)
	if err != nil {
		return nil, fmt.Errorf("stance: %w", err)
	}
	return ChangeStance{Unit: cs.Unit, To: st}, nil
}

// Aim looks down the sights (seed 003): +1 threat range, half speed.
type Aim struct{ Unit int }

// CommandName returns "aim".
func (Aim) CommandName() string { return "aim" }

func (c Aim) spec() CommandSpec { return CommandSpec{Unit: c.Unit} }

func (Aim) parse(cs CommandSpec, _ *State) (Command, error) { return Aim{Unit: cs.Unit}, nil }

// Overwatch spends the remaining AP to watch the cone toward At.
type Overwatch struct {
	Unit int
	At   Point
}

// CommandName returns "overwatch".
func (Overwatch) CommandName() string { return "overwatch" }

func (c Overwatch) spec() CommandSpec { return CommandSpec{Unit: c.Unit, At: specPt(c.At)} }

func (Overwatch) parse(cs CommandSpec, _ *State) (Command, error) {
	at, err := specPoint(cs.At, "at")
	return Overwatch{Unit: cs.Unit, At: at}, err
}

// CoveringFire sprays the cone toward At with all AP (seed 003).
type CoveringFire struct {
	Unit int
	At   Point
}

// CommandName returns "covering_fire".
func (CoveringFire) CommandName() string { return "covering_fire" }

func (c CoveringFire) spec() CommandSpec { return CommandSpec{Unit: c.Unit, At: specPt(c.At)} }

func (CoveringFire) parse(cs CommandSpec, _ *State) (Command, error) {
	at, err := specPoint(cs.At, "at")
	return CoveringFire{Unit: cs.Unit, At: at}, err
}

// SuppressiveFire fires 10 rounds into the 2x2 area whose top-left tile
// is At (seed 003).
type SuppressiveFire struct {
	Unit int
	At   Point
}

// CommandName returns "suppressive_fire".
func (SuppressiveFire) CommandName() string { return "suppressive_fire" }

func (c SuppressiveFire) spec() CommandSpec { return CommandSpec{Unit: c.Unit, At: specPt(c.At)} }

func (SuppressiveFire) parse(cs CommandSpec, _ *State) (Command, error) {
	at, err := specPoint(cs.At, "at")
	return SuppressiveFire{Unit: cs.Unit, At: at}, err
}

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

func (c BlindFire) spec() CommandSpec {
	return CommandSpec{Unit: c.Unit, Target: c.Target, Spot: c.Spot}
}

func (BlindFire) parse(cs CommandSpec, s *State) (Command, error) {
	return BlindFire{Unit: cs.Unit, Target: cs.Target, Spot: cs.Spot}, specUnit(s, cs.Target, "target")
}

// Charge runs straight at Target with all AP, up to twice the unit's
// speed, and strikes it in melee (seed 003).
type Charge struct {
	Unit   int
	Target int
}

// CommandName returns "charge".
func (Charge) CommandName() string { return "charge" }

func (c Charge) spec() CommandSpec { return CommandSpec{Unit: c.Unit, Target: c.Target} }

func (Charge) parse(cs CommandSpec, s *State) (Command, error) {
	return Charge{Unit: cs.Unit, Target: cs.Target}, specUnit(s, cs.Target, "target")
}

// Reload refills the held weapon for 1 AP; with two weapons, both.
type Reload struct{ Unit int }

// CommandName returns "reload".
func (Reload) CommandName() string { return "reload" }

func (c Reload) spec() CommandSpec { return CommandSpec{Unit: c.Unit} }

func (Reload) parse(cs CommandSpec, _ *State) (Command, error) { return Reload{Unit: cs.Unit}, nil }

// Draw takes the stowed weapon in hand for 1 AP. With Second it takes it
// in the other hand, beside the held one, to fight with two (seed 003,
// Two-Weapon Combat: both must be pistols or submachine guns).
type Draw struct {
	Unit   int
	Second bool
}

// CommandName returns "draw".
func (Draw) CommandName() string { return "draw" }

func (c Draw) spec() CommandSpec { return CommandSpec{Unit: c.Unit, Second: c.Second} }

func (Draw) parse(cs CommandSpec, _ *State) (Command, error) {
	return Draw{Unit: cs.Unit, Second: cs.Second}, nil
}

// Holster stows the held weapon for 1 AP; a unit fighting with two stows
// its second.
type Holster struct{ Unit int }

// CommandName returns "holster".
func (Holster) CommandName() string { return "holster" }

func (c Holster) spec() CommandSpec { return CommandSpec{Unit: c.Unit} }

func (Holster) parse(cs CommandSpec, _ *State) (Command, error) { return Holster{Unit: cs.Unit}, nil }

// Drop lets go of the held weapon (the second, when holding two); it
// costs nothing.
type Drop struct{ Unit int }

// CommandName returns "drop".
func (Drop) CommandName() string { return "drop" }

func (c Drop) spec() CommandSpec { return CommandSpec{Unit: c.Unit} }

func (Drop) parse(cs CommandSpec, _ *State) (Command, error) { return Drop{Unit: cs.Unit}, nil }

// needAP checks that u has ap action points for what.
func needAP(u *Unit, ap int, what string) error {
	if u.AP < ap {
		return errorf(ErrNoAP, "%s needs %d AP to %s, has %d", u.Name, ap, what, u.AP)
	}
	return nil
}
