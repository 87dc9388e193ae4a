package actions

import (
	"fmt"

	"sightline/rules"
)

// All returns the spec of every action, in bar order.
func All() []Spec { return append([]Spec(nil), catalogue[:]...) }

// Spec returns the spec of an action (only its ID for an unknown one).
func (id ID) Spec() Spec {
	if id < 0 || id >= count {
		return Spec{ID: id}
	}
	return catalogue[id]
}

// String returns the action's label.
func (id ID) String() string { return id.Spec().Label }

// ForKey returns the action whose hotkey is r.
func ForKey(r rune) (ID, bool) {
	for _, a := range catalogue {
		if a.Key == r {
			return a.ID, true
		}
	}
	return 0, false
}

// Of returns the action that gives command c (false for none).
func Of(c rules.Command) (ID, bool) {
	for _, a := range catalogue {
		if a.owns(c) {
			return a.ID, true
		}
	}
	return 0, false
}

// Command returns the command the action gives for the unit aimed at t
// (nil for an unknown action). Where the rules offer a choice the
// player's input does not make, it picks: a unit with two weapons
// attacks with both when the second can fire too (seed 003, Two-Weapon
// Combat); Draw/Holster draws, draws a second gun or holsters.
func (id ID) Command(s *rules.State, unit int, t Target) rules.Command {
	a := id.Spec()
	if a.build == nil {
		return nil
	}
	return a.build(s, unit, t)
}

// Label returns the label of the action's button for the unit: Draw/
// Holster says which it would do.
func (id ID) Label(s *rules.State, unit int) string {
	a := id.Spec()
	if u := s.Unit(unit); u != nil && a.label != nil {
		return a.label(s, u)
	}
	return a.Label
}

// Miss returns what a click in an enemy-taking mode that finds no target
// says.
func (id ID) Miss() string {
	if id.Spec().Cover {
		return "Click an enemy or a piece of cover"
	}
	return "Click an enemy"
}

// Reach returns the search that answers a tile action for the unit (the
// lit tiles and the paths its move would take), or nil for other
// actions.
func (id ID) Reach(s *rules.State, unit int) *rules.Reach { return reach(id.Spec().Preview, s, unit) }

// TargetAt returns the target the action takes at tile p for the unit:
// for an enemy-taking action the enemy standing there, when known
// reports it (nil: every enemy; an enemy the fog hides is not there as
// far as the player knows), else for an action with Cover the piece of
// cover over p; for the other targeted actions the tile itself. It
// reports false when p offers the action nothing.
func (id ID) TargetAt(s *rules.State, unit int, p rules.Point, known func(id int) bool) (Target, bool) {
	a, u := id.Spec(), s.Unit(unit)
	switch {
	case u == nil || a.Takes == TargetNone:
		return Target{}, false
	case a.Takes != TargetUnit:
		return Target{Tile: p}, true
	}
	if e := s.UnitAt(p); e != nil && e.Alive() && e.Side != u.Side && (known == nil || known(e.ID)) {
		return Target{Unit: e.ID, Tile: p}, true
	}
	if a.Cover {
		if o := obstacleAt(s, p); o != nil {
			return Target{Obstacle: o.ID, Tile: p}, true
		}
	}
	return Target{}, false
}

// PreviewAttack returns what the hit panel shows for the action aimed at
// t: the attack the rules would roll (rules.State.PreviewAttack), or why
// it cannot be given. An action that rolls its own plan (a charge, blind
// fire) shows the plain attack's breakdown as the best guide, with its
// own legality.
func (id ID) PreviewAttack(s *rules.State, unit int, t Target) (rules.AttackPreview, error) {
	cmd := id.Command(s, unit, t)
	atk, own := cmd.(rules.Attack)
	if !own {
		atk = rules.Attack{Unit: unit, Target: t.Unit, Obstacle: t.Obstacle}
	}
	pv, err := s.PreviewAttack(atk)
	if !own && cmd != nil {
		if cerr := rules.Check(s, cmd); cerr != nil {
			err = cerr
		}
	}
	return pv, err
}

// Check reports whether the action is legal for the unit now, with the
// rules' reason when it is not; it changes nothing. An action that needs
// a target is legal when some target would be (for an action with Cover,
// a destructible piece of cover counts); otherwise the reason is the
// first target's failure. Only the enemies known reports true for are
// tried (nil: every enemy), so under the fog of war no reason names an
// enemy the side cannot see.
func (id ID) Check(s *rules.State, unit int, known func(id int) bool) error {
	a := id.Spec()
	if a.build == nil {
		return fmt.Errorf("%w: action %d", rules.ErrUnknownCmd, int(id))
	}
	if a.Takes == TargetNone {
		return rules.Check(s, a.build(s, unit, Target{}))
	}
	u := s.Unit(unit)
	if u == nil {
		return fmt.Errorf("%w: %d", rules.ErrUnknownUnit, unit)
	}
	if a.check != nil {
		return a.check(s, u)
	}
	var cmds []rules.Command
	foes := enemies(s, u, known)
	switch a.Takes {
	case TargetTile:
		cmds = []rules.Command{a.build(s, unit, Target{Tile: moveProbe(s, u).To})}
	case TargetUnit:
		for _, e := range foes {
			cmds = append(cmds, a.build(s, unit, Target{Unit: e.ID, Tile: e.Pos}))
		}
		if a.Cover && coverTarget(&a, s, u) {
			return nil
		}
		if len(cmds) == 0 && len(enemies(s, u, nil)) > 0 {
			return fmt.Errorf("%w: no enemy in sight", ErrNoTarget)
		}
	case TargetPoint, TargetArea:
		for _, p := range aimPoints(s, u, foes) {
			cmds = append(cmds, a.build(s, unit, Target{Tile: p}))
		}
	}
	if len(cmds) == 0 {
		return fmt.Errorf("%w: no enemy left to target", ErrNoTarget)
	}
	var first error
	for _, c := range cmds {
		err := rules.Check(s, c)
		if err == nil {
			return nil
		}
		if first == nil {
			first = err
		}
	}
	return first
}

// Candidates returns the commands of the action the unit could be given
// in s, one for each target it may take: the tiles its reach holds, the
// enemies known reports true for (nil: every living enemy), the cones
// toward them and the 2×2 areas holding them, and for Attack the cover
// sheltering them and every destructible piece of cover. They are not
// checked: the rules (rules.Check, the previews) say which are legal, and
// the computer weighs those. The order is fixed: targets in unit order,
// tiles in row order.
func (id ID) Candidates(s *rules.State, unit int, known func(id int) bool) []rules.Command {
	a := id.Spec()
	u := s.Unit(unit)
	if a.build == nil || u == nil {
		return nil
	}
	foes := enemies(s, u, known)
	if a.candidates != nil {
		return a.candidates(&a, s, u, foes)
	}
	var out []rules.Command
	switch a.Takes {
	case TargetNone:
		out = append(out, a.build(s, unit, Target{}))
	case TargetTile:
		out = walks(&a, s, u, foes)
	case TargetUnit:
		for _, e := range foes {
			out = append(out, a.build(s, unit, Target{Unit: e.ID, Tile: e.Pos}))
		}
	case TargetPoint:
		for _, e := range foes {
			out = append(out, a.build(s, unit, Target{Tile: e.Pos}))
		}
	case TargetArea:
		for _, p := range areasHolding(foes) {
			out = append(out, a.build(s, unit, Target{Tile: p}))
		}
	}
	return out
}
