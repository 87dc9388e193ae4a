package rules

import "sightline/rules/sight"

// Lean says how a peeking unit exposes itself (seed 000).
type Lean int

// The ways to peek: none, around the left or right edge, or over the top.
const (
	LeanNone Lean = iota
	LeanLeft
	LeanRight
	LeanOver
)

// String returns the lean's lower-case name.
func (l Lean) String() string {
	switch l {
	case LeanLeft:
		return "left"
	case LeanRight:
		return "right"
	case LeanOver:
		return "over"
	}
	return "none"
}

// Status holds a unit's temporary combat states. It is a plain value so
// units stay comparable.
type Status struct {
	// TakingCover is the active Take Cover maneuver (seed 001): one grade
	// better until the unit moves or its next turn starts.
	TakingCover bool
	// Lean is the current peek, if any; PeekTile is the tile it leans into
	// (its own position for LeanOver).
	Lean     Lean
	PeekTile Point
	// Peeked is true once the unit has peeked this turn (once per turn).
	Peeked bool
	// Aiming raises the threat range by 1 and halves speed (seed 003).
	Aiming bool
	// Overwatch is true while the unit watches the cone in direction
	// WatchDir (toward the tile WatchAt; State.WatchCone draws it);
	// WatchThreat is the extra threat range bought while aiming.
	Overwatch   bool
	WatchAt     Point
	WatchDir    Dir
	WatchThreat int
	// Covering is true while the unit's covering fire zone lasts (seed
	// 003), until its next turn starts: the watch cone in direction
	// CoverDir (toward CoverAt), as long as the weapon's range increment
	// (State.WatchCone draws it). It attacks each enemy at most
	// CoverActions times, once per attack action the unit made.
	Covering     bool
	CoverAt      Point
	CoverDir     Dir
	CoverActions int
	// Suppressed gives -4 to attacks and perception and half speed until
	// the end of the unit's next turn (seed 003); SuppressedBy is the unit
	// whose fire pinned it. Dashed is true once the suppressed unit broke
	// out this turn (Move with Dash): it took its suppressor's attack of
	// opportunity and moves at full speed until its turn ends.
	Suppressed   bool
	SuppressedBy int  `json:",omitempty"`
	Dashed       bool `json:",omitempty"`
	// Charged gives -2 defence until the unit's next turn (seed 003).
	Charged bool
	// Moved is true when the unit moved since its turn began; MoveStart is
	// the cover value it started from (StartKnown once recorded) and PathLow/PathHigh the worst and
	// best cover values it passed through (seed 001).
	Moved             bool
	StartKnown        bool
	MoveStart         int
	PathLow, PathHigh int
	// Reacted is true once the unit made an opportunity attack this turn.
	Reacted bool
	// ChangedStance is true once a unit with Fluid Movement changed stance
	// in its turn: its next change costs AP.
	ChangedStance bool `json:",omitempty"`
	// Halted is true once the unit failed to pile through cover this turn
	// (seed 004: it "is immediately halted and may move no further that
	// turn").
	Halted bool `json:",omitempty"`
	// Revealed is true while the other side knows where the unit stands
	// because one of its moves ran into it (MoveInterrupted), in sight or
	// not; it ends when the unit moves.
	Revealed bool
}

// coverScale is a grade on seed 001's scale: exposed -1, none (light) 0,
// half (medium) 1, three-quarter (heavy) 2, full and improved 3.
func coverScale(g CoverGrade) int {
	switch g {
	case CoverExposed:
		return -1
	case CoverNone:
		return 0
	case CoverHalf:
		return 1
	case CoverThreeQuarter:
		return 2
	}
	return 3
}

// CoverBonus returns the defence bonus of a cover grade from the rules'
// data; corner (seed 004's corner cover, CoverResult.Corner) turns Full
// into the corner bonus.
func (s *State) CoverBonus(g CoverGrade, corner bool) int {
	if corner && g == CoverFull {
		return s.Rules().Tuning.CoverBonus.Corner
	}
	return gradeBonus(g, s.Rules().Tuning)
}

// gradeBonus is the grade's defence bonus from the tuning table.
func gradeBonus(g CoverGrade, t Tuning) int {
	c := t.CoverBonus
	switch g {
	case CoverExposed:
		return c.Exposed
	case CoverHalf:
		return c.Half
	case CoverThreeQuarter:
		return c.ThreeQuarter
	case CoverFull:
		return c.Full
	case CoverImproved:
		return c.Improved
	}
	return c.None
}

// limbKeys are the limb names the data file uses, in sight.Limb order.
var limbKeys = [...]string{"head", "torso", "leftArm", "rightArm", "leftLeg", "rightLeg"}

func parseLimb(name string) (sight.Limb, bool) {
	for i, n := range limbKeys {
		if n == name {
			return sight.Limb(i), true
		}
	}
	return 0, false
}

// limbSet returns the set of the given limbs.
func limbSet(ls ...sight.Limb) sight.Limbs {
	var s sight.Limbs
	for _, l := range ls {
		s = s.With(l)
	}
	return s
}

// LimbChance is the chance that a hit lands on one of limbs ls: the
// share of the d20 rolls the hit-location table gives them (hitLocation).
func (d *Data) LimbChance(ls sight.Limbs) float64 {
	n := 0
	for roll := 1; roll <= 20; roll++ {
		if ls.Has(d.hitLocation(roll)) {
			n++
		}
	}
	return float64(n) / 20
}

// hitLocation maps a d20 roll to a limb with the data table.
func (d *Data) hitLocation(roll int) sight.Limb {
	for _, h := range d.HitLocations {
		if roll <= h.UpTo {
			l, _ := parseLimb(h.Limb)
			return l
		}
	}
	return sight.Torso
}
