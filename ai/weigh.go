package ai

import (
	"cmp"
	"math"
	"slices"

	"sightline/rules"
)

// weighing is how far a decision has weighed its tiles, in two passes.
// First each tile's bound: the most it may score, its score with the
// risk left out (bounding), which asks the unit's own best shot from it
// but none of the enemies' shots at it, two thirds of a decision's
// work. Then the exact scores, its own tile first and the others by
// bound, best first, until the next bound falls short of the keep-th
// best exact score so far: that tile, and every one after it, cannot be
// chosen or looked ahead from (LookAhead re-ranks the keep best), so
// they are set aside with their bound as their score. The risk is never
// negative, so a tile's exact score never exceeds its bound (but by a
// rounding, most): the decision, the tiles looked ahead from and their
// scores are the ones scoring every tile gives.
type weighing struct {
	// bounds, firstBounds and shots are of tiles[:len(bounds)]: each
	// one's bound, the bound of shooting first there (-Inf where it may
	// not) and the unit's best shot from it, asked for the bound and
	// kept for the exact score.
	bounds, firstBounds []float64
	shots               []tileShot
	// order is the tiles to score, once every bound is known: its own
	// tile first, then by bound, best first (the earlier on ties);
	// order[:next] are scored, or set aside when next is len(order).
	order []int
	next  int
	// top are the best exact scores so far, best first, at most keep.
	top  []float64
	keep int
	// bestI is the index of the best tile so far; prune is whether
	// tiles may be set aside (not when a score or bound is NaN, or the
	// profile weighs risk as a gain).
	bestI int
	prune bool
	// steps counts the passes' steps so far, one a tile each: a bound,
	// an exact score, or the setting aside of the tiles left (aside of
	// them).
	steps, aside int
}

// weighed reports whether every tile of w is weighed: scored or set
// aside.
func (w *thought) weighed() bool {
	g := &w.weighing
	return len(g.bounds) == len(w.tiles) && g.order != nil && g.next == len(g.order)
}

// weigh takes the next step of weighing w's tiles: a tile's bound, or a
// tile's exact score, or the setting aside of every tile left.
func (c *Computer) weigh(w *thought) {
	g := &w.weighing
	g.steps++
	if i := len(g.bounds); i < len(w.tiles) {
		c.bound(w, i)
		if i+1 == len(w.tiles) {
			c.order(w)
		}
		return
	}
	i := g.order[g.next]
	if k := g.keep; g.next > 0 && g.prune && len(g.top) == k && most(g.bounds[i]) < g.top[k-1] {
		// Neither this tile nor any after it can beat the keep best.
		g.next, g.aside = len(g.order), len(g.order)-g.next
		return
	}
	g.next++
	c.scoreTile(w, i)
}

// asideTiles returns which of w's tiles were set aside (weighing), nil
// when none was.
func (w *thought) asideTiles() []bool {
	g := &w.weighing
	if g.aside == 0 {
		return nil
	}
	aside := make([]bool, len(w.tiles))
	for _, i := range g.order[len(g.order)-g.aside:] {
		aside[i] = true
	}
	return aside
}

// most is the most a tile of bound b may score: b, but for rounding, as
// the risk is never negative (but for its last bits: the escort's step
// outs are subtracted from the damage they are part of, and a target's
// chance to fall is 1 at most but for rounding).
func most(b float64) float64 { return b + float64(1e-9*(1+math.Abs(b))) }

// tileAP returns the AP unit w.u has left on tile i, the search that
// takes it there and whether it breaks out of suppression to get there,
// and what standing still is worth there (the profile's Stay, on its own
// tile only).
func (w *thought) tileAP(i int, stay float64) (int, *rules.Reach, bool, float64) {
	p := w.tiles[i]
	r, dash := w.reach(p)
	if i == 0 {
		return w.u.AP, r, dash, stay
	}
	return w.u.AP - r.AP(p), r, dash, 0
}

// firstAt returns the shots w.u may fire where it stands before it
// walks to tile i with ap AP left there (the profile's ShootFirst),
// false when it may not.
func (w *thought) firstAt(i, ap int, dash bool) (fired, bool) {
	if i == 0 || dash || w.first.one <= 0 {
		return fired{}, false
	}
	f := w.first
	f.shots = ap / w.shotAP
	return f, f.shots > 0
}

// bound finds tile i's bound (weighing).
func (c *Computer) bound(w *thought, i int) {
	g := &w.weighing
	p := w.tiles[i]
	ap, _, dash, stay := w.tileAP(i, c.profile.Stay)
	c.shot = tileShot{on: true, p: p}
	c.bounding = true
	b := c.tile(w.s, w.u, p, ap, w.threats, w.targets, w.shotAP) + stay
	fb, first := math.Inf(-1), false
	if f, ok := w.firstAt(i, ap, dash); ok {
		fb = c.tileAfter(w.s, w.u, p, ap-f.shots*w.shotAP, w.threats, w.targets, w.shotAP, f)
		if fb > b {
			b, first = fb, true
		}
	}
	c.bounding = false
	if dash {
		b -= w.breakOut
	}
	g.bounds, g.firstBounds, g.shots = append(g.bounds, b), append(g.firstBounds, fb), append(g.shots, c.shot)
	w.firsts = append(w.firsts, first)
	c.shot = tileShot{}
}

// order puts w's tiles in the order their exact scores are asked
// (weighing), once every bound is known, with each tile's bound as its
// score until then; with no enemy believed in, none is asked (the bounds
// are the scores).
func (c *Computer) order(w *thought) {
	g := &w.weighing
	n := len(w.tiles)
	g.order = make([]int, n)
	for i := range g.order {
		g.order[i] = i
	}
	w.scores = slices.Clone(g.bounds)
	if len(w.threats) == 0 {
		// No risk was left out: every bound is its tile's score, and
		// shooting first is what reached it.
		g.order = g.order[:0]
		for i, sc := range w.scores {
			if i == 0 || sc > w.bestScore {
				w.best, w.bestScore, w.bestFirst = w.tiles[i], sc, w.firsts[i]
			}
		}
		return
	}
	slices.SortStableFunc(g.order[1:], func(a, b int) int { return cmp.Compare(g.bounds[b], g.bounds[a]) })
	w.firsts = make([]bool, n)
	g.keep, g.bestI = max(c.profile.LookAhead, 1), -1
	g.prune = c.profile.Exposure >= 0 && c.profile.Life >= 0 && !slices.ContainsFunc(g.bounds, math.IsNaN)
}

// scoreTile gives tile i of w its exact score, as every tile had before
// weighing set any aside.
func (c *Computer) scoreTile(w *thought, i int) {
	g := &w.weighing
	p := w.tiles[i]
	ap, r, dash, stay := w.tileAP(i, c.profile.Stay)
	c.scratch.path = c.scratch.path[:0]
	if i > 0 && len(w.watched) > 0 {
		// The watchers' shots on the way count with the enemies' next
		// turn.
		c.scratch.path = reactionShots(w.s, w.u, r.Path(p), w.watched, c.profile.CoverDE, c.scratch.path)
	}
	c.shot = g.shots[i]
	sc := c.tile(w.s, w.u, p, ap, w.threats, w.targets, w.shotAP) + stay
	first := false
	if f, ok := w.firstAt(i, ap, dash); ok && !(most(g.firstBounds[i]) < sc) {
		// Shoot from here with the AP the move leaves, then go (not
		// asked where its bound shows it cannot beat walking there).
		if fs := c.tileAfter(w.s, w.u, p, ap-f.shots*w.shotAP, w.threats, w.targets, w.shotAP, f); fs > sc {
			sc, first = fs, true
		}
	}
	c.scratch.path = c.scratch.path[:0]
	c.shot = tileShot{}
	if dash {
		sc -= w.breakOut
	}
	w.scores[i], w.firsts[i] = sc, first
	if g.bestI < 0 || sc > w.bestScore || (sc == w.bestScore && i < g.bestI) {
		w.best, w.bestScore, w.bestFirst, g.bestI = p, sc, first, i
	}
	if math.IsNaN(sc) || sc > most(g.bounds[i]) {
		g.prune = false // nothing is set aside on a bound that does not hold
	}
	at := len(g.top)
	for at > 0 && g.top[at-1] < sc {
		at--
	}
	if at < g.keep {
		g.top = slices.Insert(g.top, at, sc)
		g.top = g.top[:min(len(g.top), g.keep)]
	}
}
