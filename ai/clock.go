package ai

import (
	"math"

	"sightline/match"
	"sightline/rules"
)

// clockPressure returns how hard the clock presses unit u of v's side
// toward its objective, from 0 (time to spare) to 1 (no turn to lose):
// the turns left before a deadline loses the battle (the side's own
// objective's, or the enemy's survive), less the turns u needs to walk to
// the side's objective zone at full speed and, for a hold, the turns
// still to hold it. With the profile's Clock of slack or more it is 0,
// rising evenly to 1 at none. Without a deadline, a zone or Clock, 0.
func (c *Computer) clockPressure(v *match.View, u *rules.Unit) float64 {
	if c.profile.Clock <= 0 || !c.hasZone || u.Speed <= 0 || u.MaxAP <= 0 {
		return 0
	}
	last, hold := 0, 0
	for i, o := range v.Objectives {
		switch {
		case o.Side != v.Side && o.Goal == rules.GoalSurvive && o.Turns > 0,
			o.Side == v.Side && o.Turns > 0 && (o.Goal == rules.GoalReach || o.Goal == rules.GoalExtract || o.Goal == rules.GoalDestroy):
			if last == 0 || o.Turns < last {
				last = o.Turns
			}
		case o.Side == v.Side && o.Goal == rules.GoalHold && o.Turns > 0:
			held := 0
			if i < len(v.Progress) {
				held = v.Progress[i]
			}
			hold = max(hold, o.Turns-held)
		}
	}
	if last == 0 {
		return 0
	}
	left := float64(last - v.Turn + 1)
	walk := math.Ceil(zoneDist(u.Pos, c.zone) / float64(u.Speed*u.MaxAP))
	slack := left - walk - float64(hold)
	return min(max(1-slack/c.profile.Clock, 0), 1)
}
