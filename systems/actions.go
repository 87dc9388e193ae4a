package systems

import (
	"errors"
	"fmt"
	"strings"

	"sightline/rules"
)

// ActionID names one of the battle's actions.
type ActionID int

// The actions of the action bar, in bar order.
const (
	ActMove ActionID = iota
	ActAttack
	ActTakeCover
	ActStand
	ActCrouch
	ActProne
	ActAim
	ActOverwatch
	ActCovering
	ActSuppress
	ActBlind
	ActCharge
	ActReload
	ActDrawHolster
	ActDrop
	ActPile
	ActDash
	ActEndTurn
	actionCount
)

// Targeting says what an action needs from the map before it runs.
type Targeting int

// The ways an action takes its target.
const (
	// TargetNone actions run at once.
	TargetNone Targeting = iota
	// TargetTile is a tile to walk to (the default Move mode).
	TargetTile
	// TargetUnit is an enemy unit (Attack also takes a piece of cover).
	TargetUnit
	// TargetPoint is a tile to aim a cone at (overwatch, covering fire).
	TargetPoint
	// TargetArea is the top-left tile of a 2×2 area (suppressive fire).
	TargetArea
)

// ActionSpec describes one action: its label, hotkey and what it targets.
type ActionSpec struct {
	// ID names the action.
	ID ActionID
	// Label is the button's text.
	Label string
	// Key is the hotkey ('1'-'9', '0' or a lower-case letter).
	Key rune
	// Target says what the action's mode waits for.
	Target Targeting
	// Help is the one-line hint shown while the mode is active.
	Help string
}

// actionSpecs is the bar's table; it is never changed.
var actionSpecs = [actionCount]ActionSpec{
	{ActMove, "Move", '1', TargetTile, "Click a lit tile to move"},
	{ActAttack, "Attack", '2', TargetUnit, "Click an enemy to attack it, or a piece of cover to shoot the cover"},
	{ActTakeCover, "Take Cover", '3', TargetNone, ""},
	{ActStand, "Stand", 'z', TargetNone, ""},
	{ActCrouch, "Crouch", 'c', TargetNone, ""},
	{ActProne, "Prone", 'v', TargetNone, ""},
	{ActAim, "Aim", '4', TargetNone, ""},
	{ActOverwatch, "Overwatch", '5', TargetPoint, "Click a tile to watch the cone toward it"},
	{ActCovering, "Cover Fire", '6', TargetPoint, "Click a tile to spray the cone toward it"},
	{ActSuppress, "Suppress", '7', TargetArea, "Click the top-left tile of the 2×2 area to suppress"},
	{ActBlind, "Blind Fire", '8', TargetUnit, "Click an enemy hidden behind your cover"},
	{ActCharge, "Charge", '9', TargetUnit, "Click an enemy to charge it"},
	{ActReload, "Reload", 'r', TargetNone, ""},
	{ActDrawHolster, "Draw", 'h', TargetNone, ""},
	{ActDrop, "Drop", 'x', TargetNone, ""},
	{ActPile, "Pile Through", 'p', TargetTile, "Click a lit tile to move there smashing through cover on the way"},
	{ActDash, "Break Out", 'b', TargetTile, "Click a lit tile to run there at full speed, drawing your suppressor's shot"},
	{ActEndTurn, "End Turn", 'e', TargetNone, ""},
}

// Actions returns the specs of every action, in bar order.
func Actions() []ActionSpec { return append([]ActionSpec(nil), actionSpecs[:]...) }

// Spec returns the spec of an action.
func (id ActionID) Spec() ActionSpec {
	if id < 0 || id >= actionCount {
		return ActionSpec{ID: id}
	}
	return actionSpecs[id]
}

// String returns the action's label.
func (id ActionID) String() string { return id.Spec().Label }

// ActionForKey returns the action whose hotkey is r.
func ActionForKey(r rune) (ActionID, bool) {
	for _, a := range actionSpecs {
		if a.Key == r {
			return a.ID, true
		}
	}
	return 0, false
}

// ErrNoTarget says no target on the board would make a targeted action legal.
var ErrNoTarget = errors.New("no target")

// Command returns the command action id asks for with the given unit and
// target (a unit id for unit targets, an obstacle id in obstacle, a tile for
// tile, point and area targets). Draw/Holster picks whichever applies: a
// unit with a pistol or SMG in hand and another stowed draws it as a
// second weapon. A unit with two weapons attacks with both when the second
// can fire too (seed 003, Two-Weapon Combat).
func Command(s *rules.State, id ActionID, unit, target, obstacle int, at rules.Point) rules.Command {
	switch id {
	case ActMove:
		return rules.Move{Unit: unit, To: at}
	case ActPile:
		return rules.Move{Unit: unit, To: at, Pile: true}
	case ActDash:
		return rules.Move{Unit: unit, To: at, Dash: true}
	case ActAttack:
		c := rules.Attack{Unit: unit, Target: target, Obstacle: obstacle}
		if u := s.Unit(unit); u != nil && u.TwoWeapons() {
			if both := (rules.Attack{Unit: unit, Target: target, Obstacle: obstacle, Both: true}); previewOK(s, both) {
				return both
			}
		}
		return c
	case ActTakeCover:
		return rules.TakeCover{Unit: unit}
	case ActStand:
		return rules.ChangeStance{Unit: unit, To: rules.Standing}
	case ActCrouch:
		return rules.ChangeStance{Unit: unit, To: rules.Crouched}
	case ActProne:
		return rules.ChangeStance{Unit: unit, To: rules.Prone}
	case ActAim:
		return rules.Aim{Unit: unit}
	case ActOverwatch:
		return rules.Overwatch{Unit: unit, At: at}
	case ActCovering:
		return rules.CoveringFire{Unit: unit, At: at}
	case ActSuppress:
		return rules.SuppressiveFire{Unit: unit, At: at}
	case ActBlind:
		return rules.BlindFire{Unit: unit, Target: target}
	case ActCharge:
		return rules.Charge{Unit: unit, Target: target}
	case ActReload:
		return rules.Reload{Unit: unit}
	case ActDrawHolster:
		u := s.Unit(unit)
		switch {
		case u == nil || u.Holster.Empty():
		case u.Hand.Empty():
			return rules.Draw{Unit: unit}
		case !u.TwoWeapons() && u.Hand.Weapon.TwoWeapon && u.Holster.Weapon.TwoWeapon:
			return rules.Draw{Unit: unit, Second: true}
		}
		return rules.Holster{Unit: unit}
	case ActDrop:
		return rules.Drop{Unit: unit}
	}
	return rules.EndTurn{}
}

// DrawHolsterLabel returns "Draw" when the unit would draw, "Two Guns"
// when it would draw a second weapon, else "Holster".
func DrawHolsterLabel(s *rules.State, unit int) string {
	if d, ok := Command(s, ActDrawHolster, unit, 0, 0, rules.Point{}).(rules.Draw); ok {
		if d.Second {
			return "Two Guns"
		}
		return "Draw"
	}
	return "Holster"
}

// CheckAction reports whether action id is legal for the unit now, with the
// rules' reason when it is not. Actions that need a target are legal when
// some target would be (for Attack, a destructible piece of cover counts);
// otherwise the reason is the first target's failure.
// Only enemies known reports true for are tried (nil: every enemy), so
// under the fog of war no reason names an enemy the side cannot see. It
// changes nothing.
func CheckAction(s *rules.State, unit int, id ActionID, known func(id int) bool) error {
	u := s.Unit(unit)
	if id == ActEndTurn {
		return rules.Check(s, rules.EndTurn{})
	}
	if u == nil {
		return fmt.Errorf("%w: %d", rules.ErrUnknownUnit, unit)
	}
	var cmds []rules.Command
	foes := enemies(s, u, known)
	switch id.Spec().Target {
	case TargetNone:
		cmds = []rules.Command{Command(s, id, unit, 0, 0, rules.Point{})}
	case TargetTile:
		if id == ActPile {
			return pileCheck(s, u)
		}
		if id == ActDash {
			return dashCheck(s, u)
		}
		cmds = moveCandidates(s, u)
	case TargetUnit:
		for _, e := range foes {
			cmds = append(cmds, Command(s, id, unit, e.ID, 0, e.Pos))
		}
		if id == ActAttack && coverTarget(s, unit) {
			return nil
		}
		if len(cmds) == 0 && len(enemies(s, u, nil)) > 0 {
			return fmt.Errorf("%w: no enemy in sight", ErrNoTarget)
		}
	case TargetPoint, TargetArea:
		for _, p := range aimPoints(s, u, foes) {
			cmds = append(cmds, Command(s, id, unit, 0, 0, p))
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

// coverTarget reports whether the unit may shoot some destructible piece
// of cover (Attack takes cover as a target too).
func coverTarget(s *rules.State, unit int) bool {
	for _, o := range s.Board.Obstacles {
		if o.Destructible && rules.Check(s, rules.Attack{Unit: unit, Obstacle: o.ID}) == nil {
			return true
		}
	}
	return false
}

// enemies returns the living units of the other side that known reports
// true for (nil: all of them), in id order.
func enemies(s *rules.State, u *rules.Unit, known func(id int) bool) []*rules.Unit {
	var out []*rules.Unit
	for _, e := range s.Units {
		if e.Alive() && e.Side != u.Side && (known == nil || known(e.ID)) {
			out = append(out, e)
		}
	}
	return out
}

// moveCandidates returns one move to a tile the unit can reach, or a move
// one step ahead when it can reach none (its failure is the reason).
func moveCandidates(s *rules.State, u *rules.Unit) []rules.Command {
	if u.Alive() && u.Side == s.Side && u.AP > 0 {
		r := s.Reach(u.ID, rules.MoveBudget(u))
		for _, p := range r.Tiles() {
			if r.Cost(p) > 0 {
				return []rules.Command{rules.Move{Unit: u.ID, To: p}}
			}
		}
	}
	return []rules.Command{rules.Move{Unit: u.ID, To: u.Pos.Add(u.Facing.Step())}}
}

// pileCheck reports whether the unit can pile through some destructible
// cover this turn: a move would be legal and its pile reach holds a tile
// whose way smashes through cover.
func pileCheck(s *rules.State, u *rules.Unit) error {
	if err := rules.Check(s, moveCandidates(s, u)[0]); err != nil {
		return err
	}
	if _, ok := PileTile(s, u); !ok {
		return fmt.Errorf("%w: no destructible cover within reach to pile through", ErrNoTarget)
	}
	return nil
}

// dashCheck reports whether the unit can break out of suppression: it is
// suppressed, has not broken out this turn, and a move would be legal.
func dashCheck(s *rules.State, u *rules.Unit) error {
	switch {
	case !u.Status.Suppressed:
		return fmt.Errorf("%w: %s is not suppressed and already moves at full speed", rules.ErrAlready, u.Name)
	case u.Status.Dashed:
		return fmt.Errorf("%w: %s broke out this turn and moves at full speed", rules.ErrAlready, u.Name)
	}
	return rules.Check(s, moveCandidates(s, u)[0])
}

// PileTile returns the first tile (in the reach's order) the unit can only
// get to this turn by piling through cover: the proof that Pile Through has
// a use.
func PileTile(s *rules.State, u *rules.Unit) (rules.Point, bool) {
	r := s.PileReach(u.ID, rules.MoveBudget(u))
	for _, p := range r.Tiles() {
		if len(r.PiledThrough(p)) > 0 {
			return p, true
		}
	}
	return rules.Point{}, false
}

// aimPoints returns the tiles a cone or area action is tried at: the
// tiles of the given enemies, then the tile three steps ahead of the unit.
func aimPoints(s *rules.State, u *rules.Unit, foes []*rules.Unit) []rules.Point {
	var out []rules.Point
	for _, e := range foes {
		out = append(out, e.Pos)
	}
	ahead := u.Pos
	for i := 0; i < 3; i++ {
		if n := ahead.Add(u.Facing.Step()); s.Board.InBounds(n) {
			ahead = n
		}
	}
	if ahead != u.Pos {
		out = append(out, ahead)
	}
	return out
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

// previewOK reports whether the rules would take attack c now, changing
// nothing.
func previewOK(s *rules.State, c rules.Attack) bool {
	_, err := s.PreviewAttack(c)
	return err == nil
}
