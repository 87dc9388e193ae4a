package ai

import (
	"fmt"

	"sightline/rules"
)

// objectShot is what unit u (as given: on the tile being weighed) may
// do to an object its side must destroy with shots attacks from there,
// and which object: the chance that at least one of them breaks it
// (each wound past its DE destroys it on a 6, seed 004) times winWorth
// kills, as destroyOptions weighs the shot where it stands; 0 without
// the profile's AimObject, such an object in reach or a shot.
//
// A tile is so worth as much as the best shot it gives, whether at an
// enemy or at the object: the attacker makes for a firing point on the
// object (one out of the defenders' sight weighs least risk) rather than
// for the object itself, through the defenders round it.
func (c *Computer) objectShot(s *rules.State, u *rules.Unit, shots int) (float64, int) {
	if !c.profile.AimObject || shots < 1 || c.view == nil || u.Hand.Empty() || u.Hand.Weapon.Melee {
		return 0, 0
	}
	best, which := 0.0, 0
	for _, o := range c.view.Objectives {
		ob := s.Board.Obstacle(o.Target)
		if o.Side != c.view.Side || o.Goal != rules.GoalDestroy || ob == nil {
			continue
		}
		p, err := s.PreviewCoverShot(*u, ob.ID)
		if err != nil {
			continue
		}
		if v := float64(winWorth * c.profile.Kill * breakChance(s, p, ob, shots)); v > best {
			best, which = v, ob.ID
		}
	}
	return best, which
}

// firingNote words the shot at the object the chosen tile gives unit u
// with shots attacks ("" when it gives none): the why overlay's reason
// for a move to a firing point.
func (c *Computer) firingNote(s *rules.State, u *rules.Unit, shots int) string {
	v, id := c.objectShot(s, u, shots)
	if v <= 0 {
		return ""
	}
	return fmt.Sprintf("From there it can shoot the %s, its objective: %.0f%% to destroy it with the AP left.", s.Board.Obstacle(id).Name, 100*v/float64(winWorth*c.profile.Kill))
}
