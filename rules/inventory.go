package rules

// Reload refills the held weapon for 1 AP; with two weapons, both.
type Reload struct{ Unit int }

// CommandName returns "reload".
func (Reload) CommandName() string { return "reload" }

func (c Reload) spec() CommandSpec { return CommandSpec{Unit: c.Unit} }

func (Reload) parse(cs CommandSpec, _ *State) (Command, error) { return Reload{Unit: cs.Unit}, nil }

// apply carries out a Reload for 1 AP.
func (c Reload) apply(s *State, rng *RNG) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
	w, off := u.Hand.Weapon, u.OffHand.Weapon
	switch {
	case u.Hand.Empty() || w.Melee:
		return nil, errorf(ErrWrongWeapon, "%s holds nothing to reload", u.Name)
	case u.Hand.Ammo >= w.Magazine && (!u.TwoWeapons() || u.OffHand.Ammo >= off.Magazine):
		if u.TwoWeapons() {
			return nil, errorf(ErrAlready, "%s's %s and %s are full", u.Name, w.Name, off.Name)
		}
		return nil, errorf(ErrAlready, "%s's %s is full", u.Name, w.Name)
	}
	if err := needAP(u, 1, "reload"); err != nil {
		return nil, err
	}
	u.AP--
	out, ok := acting(s, u, rng)
	if !ok {
		return append(out, Interrupted{Unit: u.ID, Reason: "fell while reloading"}), nil
	}
	u.Hand.Ammo = w.Magazine
	ev := Reloaded{Unit: u.ID, Weapon: w.Name, Ammo: w.Magazine, AP: 1}
	if u.TwoWeapons() {
		// Seed 003: one action reloads both weapons.
		u.OffHand.Ammo = off.Magazine
		ev.Second, ev.SecondAmmo = off.Name, off.Magazine
	}
	return append(out, ev), nil
}

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

// apply carries out a Draw for 1 AP.
func (c Draw) apply(s *State, rng *RNG) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
	switch {
	case u.Holster.Empty():
		return nil, errorf(ErrNoWeapon, "%s has nothing stowed to draw", u.Name)
	case c.Second && (u.Hand.Empty() || !u.Hand.Weapon.TwoWeapon || !u.Holster.Weapon.TwoWeapon):
		return nil, errorf(ErrWrongWeapon, "two weapons must both be pistols or submachine guns; %s has %s in hand and %s stowed", u.Name, handName(u.Hand), handName(u.Holster))
	case c.Second && u.TwoWeapons():
		return nil, errorf(ErrAlready, "%s already fights with two weapons", u.Name)
	case !c.Second && !u.Hand.Empty():
		return nil, errorf(ErrHands, "%s holds the %s; holster or drop it first", u.Name, u.Hand.Weapon.Name)
	}
	if err := needAP(u, 1, "draw"); err != nil {
		return nil, err
	}
	u.AP--
	out, ok := acting(s, u, rng)
	if !ok {
		return append(out, Interrupted{Unit: u.ID, Reason: "fell while drawing"}), nil
	}
	if c.Second {
		u.OffHand, u.Holster = u.Holster, Carried{}
	} else {
		u.Hand, u.Holster = u.Holster, Carried{}
	}
	u.Status.Aiming = false // seed 003: no Aiming with two weapons
	ev := Drew{Unit: u.ID, Weapon: u.Hand.Weapon.Name, AP: 1}
	if c.Second {
		ev.Weapon, ev.Second = u.OffHand.Weapon.Name, true
	}
	return append(out, ev), nil
}

// handName names what a hand or holster holds: "nothing" when empty.
func handName(c Carried) string {
	if c.Empty() {
		return "nothing"
	}
	return "the " + c.Weapon.Name
}

// Holster stows the held weapon for 1 AP; a unit fighting with two stows
// its second.
type Holster struct{ Unit int }

// CommandName returns "holster".
func (Holster) CommandName() string { return "holster" }

func (c Holster) spec() CommandSpec { return CommandSpec{Unit: c.Unit} }

func (Holster) parse(cs CommandSpec, _ *State) (Command, error) { return Holster{Unit: cs.Unit}, nil }

// apply carries out a Holster for 1 AP.
func (c Holster) apply(s *State, rng *RNG) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
	second := u.TwoWeapons()
	switch {
	case u.Hand.Empty():
		return nil, errorf(ErrNoWeapon, "%s holds nothing to holster", u.Name)
	case !u.Holster.Empty():
		return nil, errorf(ErrHands, "%s's holster already holds the %s", u.Name, u.Holster.Weapon.Name)
	}
	if err := needAP(u, 1, "holster"); err != nil {
		return nil, err
	}
	u.AP--
	out, ok := acting(s, u, rng)
	if !ok {
		return append(out, Interrupted{Unit: u.ID, Reason: "fell while holstering"}), nil
	}
	if second {
		u.Holster, u.OffHand = u.OffHand, Carried{}
		return append(out, Holstered{Unit: u.ID, Weapon: u.Holster.Weapon.Name, AP: 1, Second: true}), nil
	}
	u.Holster, u.Hand = u.Hand, Carried{}
	u.Status.Aiming = false
	if u.Status.Overwatch {
		out = append(out, endOverwatch(u, "weapon holstered")...)
	}
	return append(out, Holstered{Unit: u.ID, Weapon: u.Holster.Weapon.Name, AP: 1}), nil
}

// Drop lets go of the held weapon (the second, when holding two); it
// costs nothing.
type Drop struct{ Unit int }

// CommandName returns "drop".
func (Drop) CommandName() string { return "drop" }

func (c Drop) spec() CommandSpec { return CommandSpec{Unit: c.Unit} }

func (Drop) parse(cs CommandSpec, _ *State) (Command, error) { return Drop{Unit: cs.Unit}, nil }

// apply lets go of the held weapon, or of the second of two: free, and
// not an action that draws reactions (seed 003, Drop an Item).
func (c Drop) apply(s *State, _ *RNG) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
	if u.Hand.Empty() {
		return nil, errorf(ErrNoWeapon, "%s holds nothing to drop", u.Name)
	}
	if u.TwoWeapons() {
		name := u.OffHand.Weapon.Name
		u.OffHand = Carried{}
		return []Event{Dropped{Unit: u.ID, Weapon: name, At: u.Pos}}, nil
	}
	name := u.Hand.Weapon.Name
	u.Hand = Carried{}
	u.Status.Aiming = false
	out := []Event{Dropped{Unit: u.ID, Weapon: name, At: u.Pos}}
	if u.Status.Overwatch {
		out = append(out, endOverwatch(u, "weapon dropped")...)
	}
	return out, nil
}
