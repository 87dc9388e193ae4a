package ai

import (
	"sightline/match"
	"sightline/rules"
)

// post is the designer's hint one unit follows (rules.Hint): an ambush
// post to wait at, watching, until an enemy shows, or a patrol's next
// waypoint while no enemy is known.
type post struct {
	kind rules.HintKind
	// zone is where to be: the post, or the next waypoint.
	zone rules.Rect
	// watch is where an ambush watches (hasWatch: the designer said).
	watch    rules.Point
	hasWatch bool
	// on says the hint leads the unit now.
	on bool
}

// postFor returns the post of unit u among v's hints. The ambushes and
// then the patrols, in the map's order, each take the nearest of the
// side's units no earlier one took (ties to the lower ID); a unit no hint
// takes has none (false). The hint leads (on) while quiet: an ambush while
// the side sees no enemy (targets), a patrol while it knows of none
// (threats).
func postFor(v *match.View, s *rules.State, u *rules.Unit, targets, threats []*rules.Unit) (post, bool) {
	taken := map[int]bool{}
	for _, kind := range []rules.HintKind{rules.HintAmbush, rules.HintPatrol} {
		for _, h := range v.Hints {
			if h.Kind != kind || h.Side != v.Side {
				continue
			}
			var who *rules.Unit
			best := 0
			for _, f := range s.Units {
				if f.Side != v.Side || !f.Alive() || taken[f.ID] {
					continue
				}
				if d := hintDist2(h, f.Pos); who == nil || d < best {
					who, best = f, d
				}
			}
			if who == nil {
				return post{}, false
			}
			taken[who.ID] = true
			if who.ID != u.ID {
				continue
			}
			p := post{kind: kind}
			switch kind {
			case rules.HintAmbush:
				p.zone, p.on = h.Zone, len(targets) == 0
				if len(h.Route) > 0 {
					p.watch, p.hasWatch = h.Route[0], true
				}
			case rules.HintPatrol:
				to := nextWaypoint(h.Route, u.Pos)
				p.zone, p.on = rules.Rect{Min: to, Max: rules.Point{X: to.X + 1, Y: to.Y + 1}}, len(threats) == 0
			}
			return p, true
		}
	}
	return post{}, false
}

// hintDist2 is the squared distance from p to the nearest tile of an
// ambush's post or to a patrol's nearest waypoint.
func hintDist2(h rules.Hint, p rules.Point) int {
	if h.Kind == rules.HintAmbush {
		return zoneDist2(p, h.Zone)
	}
	best := -1
	for _, w := range h.Route {
		if d := dist2(p, w); best < 0 || d < best {
			best = d
		}
	}
	return best
}

// nextWaypoint is where a unit at p walking route (a loop) heads: the end
// of the leg it is nearest, or the one after when it is within a tile of
// that end. It needs no memory of the walk: a unit partway along a leg is
// nearest that leg.
func nextWaypoint(route []rules.Point, p rules.Point) rules.Point {
	n := len(route)
	if n == 1 {
		return route[0]
	}
	leg, best := 0, -1.0
	for i := range n {
		if d := legDist2(route[i], route[(i+1)%n], p); best < 0 || d < best {
			leg, best = i, d
		}
	}
	to := route[(leg+1)%n]
	if chebyshev(p, to) <= 1 {
		to = route[(leg+2)%n]
	}
	return to
}

// legDist2 is the squared distance from p to the segment a-b, in tiles.
func legDist2(a, b, p rules.Point) float64 {
	ax, ay := float64(a.X), float64(a.Y)
	dx, dy := float64(b.X)-ax, float64(b.Y)-ay
	px, py := float64(p.X)-ax, float64(p.Y)-ay
	t := 0.0
	if l := float64(dx*dx) + float64(dy*dy); l > 0 {
		t = min(max((float64(px*dx)+float64(py*dy))/l, 0), 1)
	}
	ex, ey := px-float64(t*dx), py-float64(t*dy)
	return float64(ex*ex) + float64(ey*ey)
}

func chebyshev(a, b rules.Point) int { return max(abs(a.X-b.X), abs(a.Y-b.Y)) }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// followPost is the command of a unit its post leads when no other
// command is worth its AP: make for the post or the next waypoint, and at
// an ambush post, watch. It returns nil when the unit has nothing to do.
func (c *Computer) followPost(w *thought) rules.Command {
	s, u, p := w.s, w.u, c.post
	if !p.zone.Contains(u.Pos) {
		mid := zoneMid(p.zone)
		if to := closestReachable(w.r, u.Pos, mid); to != u.Pos {
			why := "walks its patrol toward " + w.where.Toward(u.Pos, mid)
			if p.kind == rules.HintAmbush {
				why = "makes for its ambush post " + w.where.Place(mid)
			}
			w.chose = option{cmd: rules.Move{Unit: u.ID, To: to}, why: why}
			return w.chose.cmd
		}
		return nil
	}
	if p.kind != rules.HintAmbush || u.Status.Overwatch {
		return nil
	}
	at, ok := p.watch, p.hasWatch
	if !ok {
		at, ok = nearestThreat(s, w.view, u)
	}
	if !ok {
		return nil
	}
	cmd := rules.Overwatch{Unit: u.ID, At: at}
	if rules.CheckAction(s, cmd) != nil {
		return nil
	}
	w.chose = option{cmd: cmd, why: "waits in ambush, watching toward " + w.where.ConeToward(u.Pos, at)}
	return cmd
}
