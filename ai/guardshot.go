package ai

import "sightline/rules"

// keeper is one enemy's firing point on an object the side must keep
// standing, as guardShot found it: enemy id at pos may shoot object ob
// (0: it may not).
type keeper struct {
	id, ob int
	pos    rules.Point
}

// guardShot returns the object enemy t (as given: where it stands) may
// shoot from there among those the side must keep standing (an enemy's
// destroy objective), 0 for none, without the profile's GuardShot or
// when the side does not see t now. A shot at such an enemy is worth
// 1+GuardShot times as much (shotValue): the defender fires first at
// whoever takes a firing point.
func (c *Computer) guardShot(s *rules.State, t *rules.Unit) int {
	if c.profile.GuardShot <= 0 || c.view == nil || t.Side == c.view.Side || !c.view.Seen(t.Pos) || t.Hand.Empty() || t.Hand.Weapon.Melee {
		return 0
	}
	for _, k := range c.keepers {
		if k.id == t.ID && k.pos == t.Pos {
			return k.ob
		}
	}
	ob := 0
	for _, o := range c.view.Objectives {
		if o.Side == c.view.Side || o.Goal != rules.GoalDestroy || s.Board.Obstacle(o.Target) == nil {
			continue
		}
		if _, err := s.PreviewCoverShot(*t, o.Target); err == nil {
			ob = o.Target
			break
		}
	}
	c.keepers = append(c.keepers, keeper{id: t.ID, ob: ob, pos: t.Pos})
	return ob
}
