package sight

import (
	"fmt"
	"strings"
)

// Grade is how well a target is covered against one attacker (ruleset
// §3).
type Grade int

// The cover grades, from worst to best for the target.
const (
	// GradeExposed: no cover object within reach at all (seed 001).
	GradeExposed Grade = iota
	// GradeNone: an open line, but cover is near.
	GradeNone
	// GradeHalf: low cover against a standing target, very-low against prone.
	GradeHalf
	// GradeThreeQuarter: high cover against a standing target, low against prone.
	GradeThreeQuarter
	// GradeFull: the target is fully hidden; it can be hit only by a line
	// around the cover (a peek) or not at all.
	GradeFull
	// GradeImproved: an arrow slit (seed 002): +4 and still targetable.
	GradeImproved
)

var gradeNames = [...]string{"exposed", "none", "half", "three-quarter", "full", "improved"}

// String returns the grade's lower-case name.
func (g Grade) String() string {
	if g < 0 || int(g) >= len(gradeNames) {
		return fmt.Sprintf("CoverGrade(%d)", int(g))
	}
	return gradeNames[g]
}

// Bonus returns the grade's defence bonus: exposed -2, none 0, half +2,
// three-quarter +3, full +4, improved +4.
func (g Grade) Bonus() int {
	switch g {
	case GradeExposed:
		return -2
	case GradeHalf:
		return 2
	case GradeThreeQuarter:
		return 3
	case GradeFull, GradeImproved:
		return 4
	}
	return 0
}

// Class is an obstacle's cover class against one target as seed 004
// names them, measured from the geometry (the shadow it casts on the target,
// in human-scale bricks), not read from the obstacle's label.
type Class int

// The cover classes, from none to full.
const (
	ClassNone Class = iota
	ClassVeryLow
	ClassLow
	ClassHigh
	ClassFull
)

// Shadow thresholds (human-scale bricks) of the classes. A low wall in
// contact with a standing target casts a shadow a little under its own 2
// bricks on it from ground level (less the closer the attacker, since the
// attacker looks down over it); the thresholds sit 0.1 under the
// half-brick marks so exact tile geometry never lands on one.
const (
	shadowVeryLow = 0.4
	shadowLow     = 1.4
	shadowHigh    = 2.4
	shadowFull    = 4.4
)

// ShadowCap is the most a shadow counts, in human-scale bricks (a full
// wall).
const ShadowCap = 5

// ClassOf returns the cover class of a shadow of the given height in
// human-scale bricks.
func ClassOf(shadow float64) Class {
	switch {
	case shadow >= shadowFull:
		return ClassFull
	case shadow >= shadowHigh:
		return ClassHigh
	case shadow >= shadowLow:
		return ClassLow
	case shadow >= shadowVeryLow:
		return ClassVeryLow
	}
	return ClassNone
}

// GradeFor maps a cover class to a grade for a target in the given stance:
// seed 004's table. Against a standing target very-low cover gives no
// penalty, low -2 (half), high -3 (three-quarter), corner/full cover hides
// it (full); against a prone target very-low gives -2 (half), low -3
// (three-quarter), high and corner -4 (full). A crouched target sits
// between: low cover hides two thirds of it (three-quarter), high cover all
// but the top of its head (full).
func GradeFor(st Pose, c Class) Grade {
	if c == ClassNone {
		return GradeNone
	}
	if c == ClassFull {
		return GradeFull
	}
	switch st {
	case Prone:
		return [...]Grade{ClassVeryLow: GradeHalf, ClassLow: GradeThreeQuarter, ClassHigh: GradeFull}[c]
	case Crouched:
		return [...]Grade{ClassVeryLow: GradeNone, ClassLow: GradeThreeQuarter, ClassHigh: GradeFull}[c]
	}
	return [...]Grade{ClassVeryLow: GradeNone, ClassLow: GradeHalf, ClassHigh: GradeThreeQuarter}[c]
}

// Limb is a body part a hit can land on (ruleset §5).
type Limb int

// The limbs.
const (
	Head Limb = iota
	Torso
	LeftArm
	RightArm
	LeftLeg
	RightLeg
)

var limbNames = [...]string{"head", "torso", "left arm", "right arm", "left leg", "right leg"}

// String returns the limb's name.
func (l Limb) String() string {
	if l < 0 || int(l) >= len(limbNames) {
		return fmt.Sprintf("Limb(%d)", int(l))
	}
	return limbNames[l]
}

// Limbs is a set of limbs.
type Limbs uint8

// AllLimbs holds every limb.
const AllLimbs Limbs = 1<<6 - 1

// Has reports whether l is in the set.
func (s Limbs) Has(l Limb) bool { return s&(1<<l) != 0 }

// With returns the set with l added.
func (s Limbs) With(l Limb) Limbs { return s | 1<<l }

// String lists the limbs in the set, or "none".
func (s Limbs) String() string {
	var names []string
	for l := Head; l <= RightLeg; l++ {
		if s.Has(l) {
			names = append(names, l.String())
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// limbMid returns the height of a limb's middle as a fraction of the body:
// legs 0-45%, torso and arms 45-85%, head 85-100% standing or crouched; a
// prone body lies flat, every limb at half its height.
func limbMid(st Pose, l Limb) float64 {
	if st == Prone {
		return 0.5
	}
	switch l {
	case Head:
		return 0.925
	case LeftLeg, RightLeg:
		return 0.225
	}
	return 0.65
}

// CoveredLimbs returns the limbs a cover of the given grade hides, from the
// mean shadows over the whole target and over its left and right halves
// (human-scale bricks). A limb is covered when the shadow reaches its
// middle; full and improved cover hide every limb, no cover none.
func CoveredLimbs(g Grade, st Pose, all, left, right float64) Limbs {
	switch g {
	case GradeFull, GradeImproved:
		return AllLimbs
	case GradeNone, GradeExposed:
		return 0
	}
	h := float64(st.Height())
	var s Limbs
	for l := Head; l <= RightLeg; l++ {
		sh := all
		switch l {
		case LeftArm, LeftLeg:
			sh = left
		case RightArm, RightLeg:
			sh = right
		}
		if sh/h >= limbMid(st, l) {
			s = s.With(l)
		}
	}
	return s
}
