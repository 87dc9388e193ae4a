package ai

import (
	"slices"

	"sightline/rules"
)

// judged is how the profile judges its own shot p: as the rules forecast
// it, or, with CoverBlind, as if no cover stood near the target: the
// defence of its cover grade (cover it has, or none near it, or a flank)
// weighs nothing. The shot is rolled at its true odds all the same.
func (c *Computer) judged(s *rules.State, p rules.AttackPreview) rules.AttackPreview {
	if !c.profile.CoverBlind {
		return p
	}
	grade := p.Breakdown.Cover
	if grade == 0 && (p.Grade == rules.CoverExposed || p.Flanked) {
		grade = s.CoverBonus(p.Grade, false)
	}
	if grade == 0 {
		return p
	}
	b := p.Breakdown
	b.Mods = append(slices.Clip(b.Mods), rules.Modifier{Kind: rules.ModDefence, Label: "Cover, unweighed", Value: -grade})
	b.Cover = 0
	p.Breakdown = b
	p.Chance, p.CritChance = b.HitChance(), b.CritChance()
	return p
}
