package ai

import "sightline/rules"

// escorting reports whether unit u is one its side must protect and the
// profile weighs its step outs (Escort): its fall loses the battle, so
// it keeps out of every lane a believed enemy could step into and fire
// down, as an XCOM player keeps the VIP out of the enemy's next move.
func (c *Computer) escorting(u *rules.Unit) bool {
	return c.profile.Escort && c.view != nil && mustProtect(c.view, u.ID)
}

// escortVolley appends to shots the attacks enemy e may make at u after
// stepping out (stepOuts; when it has a shot where it stands, volley
// takes whichever deals more: the cover that faces it may not face the
// step-out tile, and with the profile's CoverDE that counts), from
// the step-out tile where they deal u the most, every shot its AP left
// buys: felling the unit its side must protect wins the enemy the battle,
// so no return fire makes the trade a bad one. The second result is the
// damage they are expected to deal. They count toward the chance u falls
// (risk weighs that by a win), not toward its wounds: a unit that weighed
// every wound an enemy might step out to deal would never leave its
// corner, and the battle's clock runs out.
func (c *Computer) escortVolley(s *rules.State, e, u *rules.Unit, shots []shotOdds) ([]shotOdds, float64) {
	st := c.stepOf(e)
	if st == nil {
		return shots, 0
	}
	best, bestMean := shotOdds{}, 0.0
	for j := range st.tiles {
		if o, ok := c.stepShot(s, st, e, u, j); ok && o.mean() > bestMean {
			best, bestMean = o, o.mean()
		}
	}
	n := st.ap / weaponAP(s, e)
	if bestMean <= 0 || n < 1 {
		return shots, 0
	}
	for range n {
		shots = append(shots, best)
	}
	return shots, float64(float64(n) * bestMean)
}
