package ai

import "sightline/rules"

// bound returns where the unit deciding in w stops on the way to its
// best tile when that tile costs more than the profile's Bound AP: the
// last tile of the way there that Bound AP reach, so it keeps the rest
// for what it sees on the way (a move reveals what its new tiles see;
// the enemies met there are answered with the AP kept, where a unit that
// spent them all could only stand and take their fire). Asked again, it
// decides afresh with what its side then knows: with nothing new it
// walks on. false when the whole move is within a bound, or when the
// tile wins the battle (a win is taken at once).
func (c *Computer) bound(w *thought) (to rules.Point, ok bool) {
	n := c.profile.Bound
	if n <= 0 || w.r.AP(w.best) <= n || (c.view != nil && winsAt(w.s, c.view, w.u, w.best)) {
		return rules.Point{}, false
	}
	for _, p := range w.r.Path(w.best) {
		if ap := w.r.AP(p); ap < 0 || ap > n {
			break
		}
		if p != w.u.Pos && w.r.Reachable(p) && w.s.CanStand(w.u, p) {
			to, ok = p, true
		}
	}
	return to, ok
}
