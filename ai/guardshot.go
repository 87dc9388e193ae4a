package ai

import "sightline/rules"

// keeper is one enemy's firing point on an object the side must keep
// standing, as guardShot found it for one defender: enemy id at pos may
// shoot object ob (0: it may not, or the trade does not hold).
type keeper struct {
	id, by, ob int
	pos, at    rules.Point
}

// guardShot returns the object enemy t (as given: where it stands) may
// shoot from there among those the side must keep standing (an enemy's
// destroy objective), when its shot at the object is likelier than the
// best shot any other enemy the side sees has at defender d where d
// stands; 0 for none, without the profile's GuardShot or when the side
// does not see t now. A shot at such an enemy is worth 1+GuardShot times
// as much (shotValue): the defender fires first at whoever takes a
// firing point, unless another enemy threatens the defender more than
// that one threatens the object.
func (c *Computer) guardShot(s *rules.State, d int, t *rules.Unit) int {
	if c.profile.GuardShot <= 0 || c.view == nil || t.Side == c.view.Side || !c.view.Seen(t.Pos) || t.Hand.Empty() || t.Hand.Weapon.Melee {
		return 0
	}
	def := s.Unit(d)
	if def == nil {
		return 0
	}
	for _, k := range c.keepers {
		if k.id == t.ID && k.pos == t.Pos && k.by == d && k.at == def.Pos {
			return k.ob
		}
	}
	ob, chance := 0, 0.0
	for _, o := range c.view.Objectives {
		if o.Side == c.view.Side || o.Goal != rules.GoalDestroy || s.Board.Obstacle(o.Target) == nil {
			continue
		}
		if p, err := s.PreviewCoverShot(*t, o.Target); err == nil && p.Chance > chance {
			ob, chance = o.Target, p.Chance
		}
	}
	if ob != 0 {
		for _, e := range s.Units {
			if e.ID == t.ID || e.Side == c.view.Side || !e.Alive() || !c.view.Seen(e.Pos) {
				continue
			}
			if o, ok := c.memo.shot(s, e, def); ok && o.hit >= chance {
				ob = 0
				break
			}
		}
	}
	c.keepers = append(c.keepers, keeper{id: t.ID, by: d, ob: ob, pos: t.Pos, at: def.Pos})
	return ob
}
