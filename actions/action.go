package actions

import (
	"errors"
	"fmt"
	"strings"

	"sightline/rules"
)

// Targeting says what an action needs from the map before it runs.
type Targeting int

// The ways an action takes its target.
const (
	// TargetNone actions run at once.
	TargetNone Targeting = iota
	// TargetTile is a tile to walk to (the default Move mode).
	TargetTile
	// TargetUnit is an enemy unit (an action with Cover also takes a
	// piece of cover).
	TargetUnit
	// TargetPoint is a tile to aim a cone at (overwatch, covering fire).
	TargetPoint
	// TargetArea is the top-left tile of a 2×2 area (suppressive fire).
	TargetArea
)

// Preview says which of the rules' previews answers an action while the
// player points it, and so what the battle shows under the pointer.
type Preview int

// The previews.
const (
	// PreviewNone: the action runs at once, nothing to point.
	PreviewNone Preview = iota
	// PreviewReach is rules.State.Reach: the lit tiles and the path.
	PreviewReach
	// PreviewPileReach is rules.State.PileReach, with the odds of
	// smashing through.
	PreviewPileReach
	// PreviewDashReach is rules.State.DashReach, with the suppressor's
	// shot the break out draws.
	PreviewDashReach
	// PreviewAttack is rules.State.PreviewAttack: the hit panel (see
	// ID.PreviewAttack).
	PreviewAttack
	// PreviewWatchZone is the overwatch cone toward the pointed tile.
	PreviewWatchZone
	// PreviewCoverZone is the covering fire cone toward the pointed tile.
	PreviewCoverZone
	// PreviewArea is the 2×2 area suppressive fire rakes.
	PreviewArea
)

// Target is what an action is pointed at on the map.
type Target struct {
	// Unit is the enemy attacked, or for a piece of cover the unit
	// behind it (0: whoever it protects).
	Unit int
	// Obstacle is a piece of cover attacked (actions with Cover).
	Obstacle int
	// Tile is the tile walked to, the cone's point or the area's
	// top-left tile (for a unit, where it stands).
	Tile rules.Point
}

// Spec declares one action: what the player sees of it, and how the
// player's input and the computer build, check, preview and enumerate its
// commands. Only the catalogue makes them (catalogue.go).
type Spec struct {
	// ID names the action.
	ID ID
	// Label is the button's text.
	Label string
	// Key is the hotkey ('1'-'9', '0' or a lower-case letter).
	Key rune
	// Takes says what the action's mode waits for.
	Takes Targeting
	// Cover marks an enemy-taking action that also takes a piece of
	// cover (Attack).
	Cover bool
	// Help is the one-line hint shown while the mode is active.
	Help string
	// Preview is what answers the action while it is pointed.
	Preview Preview
	// Fires marks an action whose commands rules.State.PreviewFire
	// forecasts: the rolls the computer weighs.
	Fires bool

	// build makes the command for unit aimed at t (the player's choice
	// where the rules offer two, as with a second weapon).
	build func(s *rules.State, unit int, t Target) rules.Command
	// owns reports whether c is one of the action's commands (Of).
	owns func(c rules.Command) bool
	// candidates, when set, replaces the candidates its Takes gives
	// (Candidates).
	candidates func(a *Spec, s *rules.State, u *rules.Unit, foes []*rules.Unit) []rules.Command
	// check, when set, replaces the check its Takes gives (Check).
	check func(s *rules.State, u *rules.Unit) error
	// label, when set, names the button for a unit (Label).
	label func(s *rules.State, u *rules.Unit) string
}

// Errors of the catalogue's own checks (the rules give the rest).
var (
	// ErrNoTarget says no target on the board would make a targeted
	// action legal.
	ErrNoTarget = errors.New("no target")
	// ErrNoUnit is why every action is off with no unit selected.
	ErrNoUnit = errors.New("select one of your units first")
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

// reach is the search of a reach preview for the unit (nil for other
// previews).
func reach(pv Preview, s *rules.State, unit int) *rules.Reach {
	u := s.Unit(unit)
	if u == nil {
		return nil
	}
	switch pv {
	case PreviewReach:
		return s.Reach(unit, rules.MoveBudget(u))
	case PreviewPileReach:
		return s.PileReach(unit, rules.MoveBudget(u))
	case PreviewDashReach:
		return s.DashReach(unit, rules.DashBudget(u))
	}
	return nil
}

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

// obstacleAt returns the obstacle covering tile p (the first in board
// order), or nil.
func obstacleAt(s *rules.State, p rules.Point) *rules.Obstacle {
	for _, o := range s.Board.Obstacles {
		if o.Shape.CoversTile(p, s.Board.TileSize) {
			return o
		}
	}
	return nil
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

// Reason returns an illegal command's reason for the player: the detail
// after the sentinel, capitalised.
func Reason(err error) string {
	if err == nil {
		return ""
	}
	if errors.Is(err, rules.ErrGameOver) {
		return "The battle is over."
	}
	s := err.Error()
	if i := strings.Index(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
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
