package ai

import (
	"sightline/match"
	"sightline/rules"
)

// plan returns the decision of the ready unit of us (believed as s)
// whose command gains the most (planGain), thinking every one's decision
// through as Next would; the others think again after it acts, on the
// board it leaves. The decision comes scored, not yet looked ahead or
// concluded, with c set for its unit as begin sets it. A unit with
// nothing to do is finished for the turn, as it would be if asked first;
// nil when none of us has a command. fallback (the unit first ranks
// highest) acts on a tie of gains it is part of.
func (c *Computer) plan(v *match.View, s *rules.State, us, targets []*rules.Unit, fallback *rules.Unit) *thought {
	var best *thought
	var bestCtx unitCtx
	bestGain := 0.0
	for _, u := range us {
		w := c.begin(v, s, u, targets)
		for ; w.next < len(w.tiles); w.next++ {
			c.scoreNext(w)
		}
		scored, ctx := *w, c.unitCtx()
		c.lookAhead(w)
		if c.conclude(w) == nil {
			c.pace.finish(u.ID)
			continue
		}
		g := c.planGain(w)
		if best == nil || g > bestGain || (g == bestGain && u == fallback) {
			best, bestCtx, bestGain = &scored, ctx, g
		}
	}
	if best != nil {
		c.setUnitCtx(bestCtx)
	}
	return best
}

// unitCtx is what begin sets on c for the unit deciding.
type unitCtx struct {
	urgentRisk, urgentZone float64
	post                   post
	hasPost                bool
	share                  []float64
	guardAt                []rules.Point
}

// unitCtx returns what begin set on c for the unit deciding.
func (c *Computer) unitCtx() unitCtx {
	return unitCtx{c.urgentRisk, c.urgentZone, c.post, c.hasPost, c.share, c.guardAt}
}

// setUnitCtx sets on c what begin set for a unit, as x keeps it.
func (c *Computer) setUnitCtx(x unitCtx) {
	c.urgentRisk, c.urgentZone, c.post, c.hasPost, c.share, c.guardAt = x.urgentRisk, x.urgentZone, x.post, x.hasPost, x.share, x.guardAt
}

// planGain is what the command concluded for decision w gains over the
// unit standing where it is with no AP to spend: the score of the tile it
// chose (with the shots there), or of the plan it chose where it stands.
func (c *Computer) planGain(w *thought) float64 {
	idle := c.tile(w.s, w.u, w.u.Pos, 0, w.threats, w.targets, w.shotAP)
	g := w.bestScore - idle
	if w.best == w.u.Pos && w.chose.cmd != nil {
		g = max(g, w.chose.value)
	}
	return g
}
