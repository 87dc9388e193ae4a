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
