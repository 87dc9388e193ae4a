package ai

import (
	"cmp"
	"math"
	"slices"

	"sightline/match"
	"sightline/rules"
)

// stepOut is the way a believed enemy with no shot at a tile may still
// get one: a move action to a tile that has it (JA2's CalcCoverValue
// lets the opponent move a tile over; OpenXcom scores a tile by the
// enemies that could see it), with the AP the move leaves it to shoot.
// Stepping out is a trade for it, and the trade is weighed: back is,
// for each tile, what the fire of the unit's friends is expected to deal
// to it standing there (one shot each, a second from a friend on
// overwatch: its reaction shot as it steps into the cone).
type stepOut struct {
	id    int
	from  rules.Point
	tiles []rules.Point
	back  []float64
	ap    int
	// most is the most its shots could deal, every one a critical hit;
	// far how far from the unit, in tiles, its step-out shots count.
	most float64
	far  int
}

// stepDirs are the eight directions an enemy may step out to.
var stepDirs = [8]rules.Point{{X: 0, Y: -1}, {X: 1, Y: -1}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}, {X: -1, Y: 1}, {X: -1, Y: 0}, {X: -1, Y: -1}}

// stepOuts returns, for each threat that may move and still shoot, its
// step-out tiles for unit u's decision (with the profile's StepOut; nil
// without): in each of eight directions the reachable tile one move
// action takes it farthest that way, and the one farthest that way within
// two tiles (a peek round a corner, with the profile's StepPeek), with
// its friends' return fire there (on a large map, largeBoard, not the
// peeks, and the shots count within three range increments of the unit). None in a battle fought over an object (a unit to protect or an object
// to destroy, either side's): there a unit that stays out of a step-out's
// way gives the object up, which the rest of the score weighs. For the
// escort (escorting), in any battle, every tile the move action reaches,
// with no return fire (escortVolley counts every shot).
func (c *Computer) stepOuts(s *rules.State, u *rules.Unit, threats []*rules.Unit) []stepOut {
	if c.view == nil || (!c.escort && (c.profile.StepOut <= 0 || overObject(c.view))) {
		return nil
	}
	var out []stepOut
	large := largeBoard(s.Board)
	for _, e := range threats {
		full := max(e.MaxAP, e.AP, 1)
		if e.Size != 1 || e.Hand.Empty() || e.Hand.Weapon.Melee || full-1 < weaponAP(s, e) {
			continue
		}
		moving := *e
		moving.AP = 1
		reach := s.Reach(e.ID, rules.MoveBudget(&moving))
		st := stepOut{id: e.ID, from: e.Pos, ap: full - 1, far: math.MaxInt32}
		st.most = float64(float64(st.ap/weaponAP(s, e)) * shotOdds{hit: 1, crit: 1, dmg: damageOdds(e.Hand.Weapon), mult: max(e.Hand.Weapon.Crit, 1)}.mean())
		if large {
			st.far = 3 * max(e.Hand.Weapon.Range, 1)
		}
		if c.escort {
			// Every tile the move action reaches: the eight ways'
			// sample missed lanes a few tiles out (docs/AI.md, escort).
			for _, q := range reach.Tiles() {
				if q != e.Pos {
					st.tiles = append(st.tiles, q)
				}
			}
			out = append(out, st)
			continue
		}
		for _, near := range []bool{true, false} {
			if near && (large || !c.profile.StepPeek) {
				continue
			}
			for _, d := range stepDirs {
				best, bestDot, found := rules.Point{}, 0, false
				for _, q := range reach.Tiles() {
					dx, dy := q.X-e.Pos.X, q.Y-e.Pos.Y
					if q == e.Pos || (near && max(dx, -dx, dy, -dy) > 2) {
						continue
					}
					if dot := dx*d.X + dy*d.Y; dot > bestDot {
						best, bestDot, found = q, dot, true
					}
				}
				if found && !containsPoint(st.tiles, best) {
					st.tiles = append(st.tiles, best)
				}
			}
		}
		for _, q := range st.tiles {
			st.back = append(st.back, c.returnFire(s, u, e, q))
		}
		out = append(out, st)
	}
	return out
}

// returnFire is the damage the friends of u (u not counted) are expected
// to deal enemy e standing on q: a shot each that has one, two for a
// friend on overwatch.
func (c *Computer) returnFire(s *rules.State, u, e *rules.Unit, q rules.Point) float64 {
	moved := *e
	moved.Pos = q
	back := 0.0
	for _, f := range s.Units {
		if f.Side != u.Side || f.ID == u.ID || !f.Alive() {
			continue
		}
		if o, ok := c.memo.shot(s, f, &moved); ok {
			n := 1.0
			if f.Status.Overwatch {
				n = 2
			}
			back += float64(n * o.mean())
		}
	}
	return back
}

// containsPoint reports whether ps holds p.
func containsPoint(ps []rules.Point, p rules.Point) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// stepVolley appends to shots the attacks enemy e, which has no shot at
// u where it stands, may make at u after stepping out (stepOuts), at its
// best trade: the tile where the damage its AP left buys, less what it
// takes there from u's friends and from u itself (every shot u's AP buys
// next turn), is the most. The shots count by that share of what they
// deal (none when the return fire matches it) times the profile's
// StepOut (it may not step out at all); the second result is the
// damage they are expected to deal, so weighed.
func (c *Computer) stepVolley(s *rules.State, e, u *rules.Unit, shots []shotOdds) ([]shotOdds, float64) {
	st := c.stepOf(e)
	if st == nil {
		return shots, 0
	}
	n := st.ap / weaponAP(s, e)
	ours := float64(max(u.MaxAP, 1) / weaponAP(s, u))
	trades := c.scratch.trades[:0]
	for j := range st.tiles {
		// Where the friends' return fire alone matches the most its
		// shots could deal, the tile is no trade for it, and neither
		// forecast is asked.
		if st.back[j] >= st.most {
			continue
		}
		o, ok := c.stepShot(s, st, e, u, j)
		if !ok {
			continue
		}
		his := float64(float64(n) * o.mean())
		if back := st.back[j]; back < his {
			trades = append(trades, trade{j: j, o: o, his: his, back: back, bound: netOf(his, back)})
		}
	}
	c.scratch.trades = trades
	// u's own return fire only lowers a trade: asked best first (by what
	// the friends' alone leaves), and not where that cannot beat the best
	// so far, it picks the tile scanning them in order would: the most,
	// the first of equals.
	slices.SortStableFunc(trades, func(a, b trade) int { return cmp.Compare(b.bound, a.bound) })
	best, bestNet, bestShare, bestJ := shotOdds{}, 0.0, 0.0, -1
	for _, t := range trades {
		if t.bound < bestNet || (t.bound == bestNet && (bestJ < 0 || t.j > bestJ)) {
			continue
		}
		back := t.back
		moved := *e
		moved.Pos = st.tiles[t.j]
		if r, ok := c.memo.shot(s, u, &moved); ok {
			back += float64(ours * r.mean())
		}
		share := shareOf(t.his, back)
		if net := float64(t.his * share); net > bestNet || (net == bestNet && bestJ >= 0 && t.j < bestJ) {
			best, bestNet, bestShare, bestJ = t.o, net, share, t.j
		}
	}
	if bestNet <= 0 {
		return shots, 0
	}
	w := float64(c.profile.StepOut * bestShare)
	best.hit *= w
	best.crit *= w
	for range n {
		shots = append(shots, best)
	}
	return shots, float64(float64(n) * best.mean())
}

// stepShot is enemy e's shot at u from its step-out tile st.tiles[j],
// shared among the threats (shared); false where it has none there: the
// tile is u's, past the weapon's reach, or blind to u.
func (c *Computer) stepShot(s *rules.State, st *stepOut, e, u *rules.Unit, j int) (shotOdds, bool) {
	q := st.tiles[j]
	if q == u.Pos || (st.far < math.MaxInt32 && dist2(q, u.Pos) > st.far*st.far) {
		return shotOdds{}, false
	}
	moved := *e
	moved.Pos = q
	if beyondReach(s, &moved, u) {
		return shotOdds{}, false
	}
	if c.seeing.blindFrom(s, &moved, u) || (u.Size > 1 && c.lines.blind(s, &moved, u)) {
		// Its field of view from there settles what the forecast would
		// find walking every line: no shot.
		return shotOdds{}, false
	}
	o, ok := c.memo.shot(s, &moved, u)
	if !ok {
		return shotOdds{}, false
	}
	return c.shared(e, o), true
}

// stepOf returns enemy e's step-out tiles (stepOuts) while it stands
// where they were found, nil when it has none.
func (c *Computer) stepOf(e *rules.Unit) *stepOut {
	for i := range c.steps {
		if c.steps[i].id == e.ID {
			if c.steps[i].from != e.Pos {
				return nil
			}
			return &c.steps[i]
		}
	}
	return nil
}

// trade is an enemy's step out to its tile j, before u's own return
// fire: its shots' odds, the damage they deal (his), the friends' return
// fire (back) and the most the trade may net it (bound, netOf).
type trade struct {
	j                int
	o                shotOdds
	his, back, bound float64
}

// netOf is what a step out nets the enemy: the damage its shots deal
// (his) by the share of it the return fire (back) does not match.
func netOf(his, back float64) float64 { return float64(his * shareOf(his, back)) }

// shareOf is the share of the damage a step out deals (his) that the
// return fire (back) does not match, in [0, 1].
func shareOf(his, back float64) float64 { return min(max(1-back/max(his, 1e-9), 0), 1) }

// overObject reports whether v's battle is fought over an object: either
// side must protect a unit or destroy an object.
func overObject(v *match.View) bool {
	for _, o := range v.Objectives {
		if o.Goal == rules.GoalProtect || o.Goal == rules.GoalDestroy {
			return true
		}
	}
	return false
}

// largeBoard reports whether b is a large map (more than 48×48 tiles),
// where the step out is cut to what a decision can afford: an enemy's
// step-out shots count within three range increments of the unit, from
// the tiles a move action takes it to (not the peeks round a corner).
// On a smaller map every tile is within three increments of a rifle, and
// the cut would change little of what it costs.
func largeBoard(b *rules.Board) bool { return b.Width*b.Height > 48*48 }
