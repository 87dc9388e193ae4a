package rules

func applyReload(s *State, c Reload, rng *RNG) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
	w := u.Hand.Weapon
	switch {
	case u.Hand.Empty() || w.Melee:
		return nil, errorf(ErrWrongWeapon, "%s holds nothing to reload", u.Name)
	case u.Hand.Ammo >= w.Magazine:
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
	return append(out, Reloaded{Unit: u.ID, Weapon: w.Name, Ammo: w.Magazine, AP: 1}), nil
}

func applyDraw(s *State, c Draw, rng *RNG) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
	switch {
	case u.Holster.Empty():
		return nil, errorf(ErrNoWeapon, "%s has nothing stowed to draw", u.Name)
	case !u.Hand.Empty():
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
	u.Hand, u.Holster = u.Holster, Carried{}
	u.Status.Aiming = false
	return append(out, Drew{Unit: u.ID, Weapon: u.Hand.Weapon.Name, AP: 1}), nil
}

func applyHolster(s *State, c Holster, rng *RNG) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
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
	u.Holster, u.Hand = u.Hand, Carried{}
	u.Status.Aiming = false
	if u.Status.Overwatch {
		out = append(out, endOverwatch(u, "weapon holstered")...)
	}
	return append(out, Holstered{Unit: u.ID, Weapon: u.Holster.Weapon.Name, AP: 1}), nil
}

// applyDrop lets go of the held weapon: free, and not an action that
// draws reactions (seed 003, Drop an Item).
func applyDrop(s *State, c Drop) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
	if u.Hand.Empty() {
		return nil, errorf(ErrNoWeapon, "%s holds nothing to drop", u.Name)
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
