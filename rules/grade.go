package rules

import "sightline/rules/sight"

// CoverGrade is how well a target is covered against one attacker
// (ruleset §3; sight.Grade).
type CoverGrade = sight.Grade

// The cover grades, from worst to best for the target.
const (
	CoverExposed      = sight.GradeExposed
	CoverNone         = sight.GradeNone
	CoverHalf         = sight.GradeHalf
	CoverThreeQuarter = sight.GradeThreeQuarter
	CoverFull         = sight.GradeFull
	CoverImproved     = sight.GradeImproved
)

// Limb is a body part a hit can land on (ruleset §5).
type Limb = sight.Limb

// The limbs.
const (
	Head     = sight.Head
	Torso    = sight.Torso
	LeftArm  = sight.LeftArm
	RightArm = sight.RightArm
	LeftLeg  = sight.LeftLeg
	RightLeg = sight.RightLeg
)

// Limbs is a set of limbs.
type Limbs = sight.Limbs

// AllLimbs holds every limb.
const AllLimbs = sight.AllLimbs
