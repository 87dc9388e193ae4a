package ai

import "sightline/rules"

// finisher returns the ready unit of us whose shots where it stands are
// likeliest to fell an enemy it sees, when that chance reaches the
// profile's Finish (nil otherwise, or with Finish 0): it acts before the
// suppressors and the movers, since a felled enemy fires no more and the
// others then weigh one threat less. On a tie the first of us.
func (c *Computer) finisher(s *rules.State, us, targets []*rules.Unit) *rules.Unit {
	if c.profile.Finish <= 0 || len(targets) == 0 {
		return nil
	}
	var best *rules.Unit
	bestFell := 0.0
	for _, u := range us {
		shots := u.AP / weaponAP(s, u)
		if shots == 0 {
			continue
		}
		t, _, prev, ok := c.bestShotPreview(s, *u, targets)
		if !ok {
			continue
		}
		if fell := fellChance(s, prev, s.Unit(t), shots); fell >= c.profile.Finish && fell > bestFell {
			best, bestFell = u, fell
		}
	}
	return best
}
