package ai

import (
	"fmt"

	"sightline/rules"
)

// behindCover is oddsOf with the cover's DE counted (the profile's
// CoverDE): a hit on a limb the cover hides loses the cover's DE first
// (seed 004), a critical hit after its multiplier, so a shot at a unit
// behind thick cover deals less than its dice. Its damage odds are then
// by what goes through, and a critical hit's its own (cdmg).
func behindCover(s *rules.State, p rules.AttackPreview, w rules.Weapon) shotOdds {
	o := oddsOf(p, w)
	if w.Melee || p.By == nil || p.Grade < rules.CoverHalf || p.By.DE <= 0 || p.Covered == 0 || len(o.dmg) == 0 {
		return o
	}
	q := s.Rules().LimbChance(p.Covered)
	if q <= 0 {
		return o
	}
	de := p.By.DE
	plain := make([]float64, len(o.dmg))
	crit := make([]float64, (len(o.dmg)-1)*o.mult+1)
	for d, pd := range o.dmg {
		if pd == 0 {
			continue
		}
		open, hid := float64((1-q)*pd), float64(q*pd) // rounded: no fma on arm64
		through, _ := rules.CoverDamage(d, de)
		critThrough, _ := rules.CoverDamage(d*o.mult, de)
		plain[d] += open
		plain[through] += hid
		crit[d*o.mult] += open
		crit[critThrough] += hid
	}
	o.dmg, o.cdmg = plain, crit
	return o
}

// forecastOdds is the odds of the attack forecast by p: behindCover's
// when coverDE (the profile's CoverDE), else oddsOf's.
func forecastOdds(s *rules.State, p rules.AttackPreview, coverDE bool) shotOdds {
	w := weaponOf(s, p.Weapon)
	if coverDE {
		return behindCover(s, p, w)
	}
	return oddsOf(p, w)
}

// fells is the chance that one plain (not critical) hit of o deals at
// least hp.
func (o shotOdds) fells(hp int) float64 {
	f := 0.0
	for d, p := range o.dmg {
		if d >= hp {
			f += p
		}
	}
	return f
}

// throughLine is the why line of a shot forecast by p at the unit named
// t when the cover's DE takes part of each hit (behindCover): how much
// of the body the cover hides and what a hit is then expected to deal;
// "" when it takes nothing.
func throughLine(s *rules.State, p rules.AttackPreview, t string) string {
	w := weaponOf(s, p.Weapon)
	o := behindCover(s, p, w)
	if o.cdmg == nil || p.Chance <= 0 {
		return ""
	}
	cover := p.By.Name
	if cover == "" {
		cover = "cover"
	}
	return fmt.Sprintf("The %s hides %.0f%% of %s and takes the first %d of a hit there: about %.1f damage a hit gets through.",
		cover, 100*s.Rules().LimbChance(p.Covered), t, p.By.DE, o.mean()/p.Chance)
}
