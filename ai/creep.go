package ai

import "sightline/rules"

// creep returns where a unit of a side that knows of no enemy stops on
// its way to tile to, with the profile's Creep: the last tile of the
// way that one AP of walking reaches where it is in contact with cover,
// so that it keeps the rest for what its move shows it (a move does not
// stop when it meets an enemy; one that spent every AP could only stand
// in its fire, and a bound that ended in the open would decide again in
// that enemy's sight). Asked again, it decides afresh with what its side
// then sees: with nothing new it walks on. It returns to unchanged
// without Creep, with an enemy known, when the whole way is within one
// AP or with no cover within it; a stop short of to is kept in w.crept
// for the why overlay.
func (c *Computer) creep(w *thought, to rules.Point) rules.Point {
	if !c.profile.Creep || len(w.threats) > 0 || w.r.AP(to) <= 1 {
		return to
	}
	for _, p := range w.r.Path(to) {
		if ap := w.r.AP(p); ap < 0 || ap > 1 {
			break
		}
		there := *w.u
		there.Pos = p
		if p != w.u.Pos && w.r.Reachable(p) && w.s.CanStand(w.u, p) && w.s.UnitInCover(&there) {
			w.crept = p
		}
	}
	if w.crept == w.u.Pos {
		return to
	}
	return w.crept
}
