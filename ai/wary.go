package ai

import (
	"slices"

	"sightline/rules"
)

// unseenWatchers appends to zs, with the profile's Wary, an overwatch
// zone for each believed enemy the side does not see now (a contact,
// where it was last seen): one that went out of sight may well have
// gone on overwatch, and if it did it watches toward the unit deciding.
// Its reaction shot counts at Wary times its odds, since the side cannot
// know. The cone is the rules' own, from the contact's remembered tile
// on the believed board, so it knows nothing the side did not see.
func (c *Computer) unseenWatchers(s *rules.State, u *rules.Unit, threats, seen []*rules.Unit, zs []watchZone) []watchZone {
	if c.profile.Wary <= 0 {
		return zs
	}
	tn := s.Rules().Tuning
	for _, e := range threats {
		if slices.Contains(seen, e) || e.Hand.Empty() || e.Hand.Weapon.Melee || e.Pos == u.Pos {
			continue
		}
		cone := s.WatchCone(e, rules.DirTo(e.Pos, u.Pos), float64(tn.WatchConeDegrees), e.Hand.Weapon.Range*tn.WatchRangeIncrements)
		zs = append(zs, watchZone{unit: e, cone: cone, odds: c.profile.Wary})
	}
	return zs
}
