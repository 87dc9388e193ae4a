package ai

import "sightline/rules"

// woundedLast ranks a wounded unit below every unit at more than half its
// HP in first, whatever either may do.
const woundedLast = 4 * suppressFirst

// lastKey is what first adds to unit u's rank: -woundedLast when the
// profile's WoundedLast holds and u is at half its HP or less, so that it
// acts once its friends have (their kills and suppressive fire may leave
// it a safer tile, their moves a better view), else 0.
func (c *Computer) lastKey(u *rules.Unit) float64 {
	if c.profile.WoundedLast && 2*u.HP <= u.MaxHP {
		return -woundedLast
	}
	return 0
}
