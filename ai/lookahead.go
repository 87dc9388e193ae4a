package ai

import (
	"fmt"

	"sightline/rules"
)

// reply is a believed enemy's answer in its next turn: the tiles one move
// action takes it to (every other one, and its own), with the AP left to
// shoot there.
type reply struct {
	e     *rules.Unit
	tiles []rules.Point
	ap    []int
}

// replies returns each threat's candidate answers: where it stands, with
// all its AP, and every other tile (a checkerboard, so half of them) one
// move action away, with an action less.
func (c *Computer) replies(s *rules.State, threats []*rules.Unit) []reply {
	out := make([]reply, 0, len(threats))
	for _, e := range threats {
		full := max(e.MaxAP, e.AP, 1)
		r := reply{e: e, tiles: []rules.Point{e.Pos}, ap: []int{full}}
		if e.Size == 1 && full > 1 {
			moving := *e
			moving.AP = 1
			reach := s.Reach(e.ID, rules.MoveBudget(&moving))
			for _, q := range reach.Tiles() {
				if q != e.Pos && (q.X+q.Y)%2 == 0 {
					r.tiles = append(r.tiles, q)
					r.ap = append(r.ap, full-1)
				}
			}
		}
		out = append(out, r)
	}
	return out
}

// answer returns where each threat had best stand to shoot u (as given)
// in its next turn, among its replies (the most damage its AP left buys
// there; its own tile on a tie), as copies of the threats moved there with
// that AP; and the threat that moves to the best effect, with its tile
// and the damage it gains by it (0: none moves).
func (c *Computer) answer(s *rules.State, u *rules.Unit, rs []reply) ([]*rules.Unit, int, rules.Point, float64) {
	moved := make([]*rules.Unit, 0, len(rs))
	mover, to, gain := 0, rules.Point{}, 0.0
	for _, r := range rs {
		best, bestDmg, bestAP := r.e.Pos, -1.0, r.ap[0]
		stay := 0.0
		for i, q := range r.tiles {
			if i > 0 && q == u.Pos {
				continue
			}
			there := *r.e
			there.Pos = q
			o, ok := c.memo.shot(s, &there, u)
			if !ok {
				if i == 0 {
					bestDmg = 0
				}
				continue
			}
			dmg := float64(r.ap[i]/weaponAP(s, r.e)) * o.mean()
			if i == 0 {
				stay = dmg
			}
			if dmg > bestDmg {
				best, bestDmg, bestAP = q, dmg, r.ap[i]
			}
		}
		m := *r.e
		m.Pos, m.AP, m.MaxAP = best, bestAP, bestAP
		moved = append(moved, &m)
		if best != r.e.Pos && bestDmg-stay > gain {
			mover, to, gain = r.e.ID, best, bestDmg-stay
		}
	}
	return moved, mover, to, gain
}

// lookAhead re-ranks the best tiles of decision w by the enemies' best
// answer (one ply): for each, every believed enemy may first move one
// action to the tile where its remaining shots hurt the unit most, a
// flank or a closer shot, and the tile's score loses what that answer
// adds to the risk there. The tiles are weighed again best first; since
// an answer only adds risk, a tile's first score bounds its second, so
// the weighing stops once no tile left can beat the best re-scored one,
// or after the profile's LookAhead tiles, so the cost stays a few
// volleys a decision. The best re-scored tile wins.
func (c *Computer) lookAhead(w *thought) {
	k := c.profile.LookAhead
	if k <= 0 || len(w.threats) == 0 || len(w.tiles) < 2 {
		return
	}
	top := topScores(w.scores, k)
	rs := c.replies(w.s, w.threats)
	bestI, bestScore := -1, 0.0
	var note string
	for _, i := range top {
		if bestI >= 0 && w.scores[i] <= bestScore {
			// Neither this tile nor any after it can score more.
			break
		}
		there := *w.u
		there.Pos = w.tiles[i]
		moved, mover, to, _ := c.answer(w.s, &there, rs)
		extra := max(c.risk(&there, c.exposed(w.s, &there, moved))-c.risk(&there, c.exposed(w.s, &there, w.threats)), 0)
		sc := w.scores[i] - extra
		if bestI < 0 || sc > bestScore {
			bestI, bestScore, note = i, sc, ""
			if mover != 0 && extra > 0 {
				note = fmt.Sprintf("looks ahead: %s could move %s and fire from there, which costs this tile %.1f", nameOf(w.s, mover), w.where.Place(to), extra)
			}
		}
	}
	w.best, w.bestScore, w.bestFirst, w.ahead = w.tiles[bestI], bestScore, w.firsts[bestI], note
	if w.best == w.u.Pos {
		w.ahead = ""
	}
}

// topScores returns the indices of the k highest scores, best first (the
// earlier on ties).
func topScores(scores []float64, k int) []int {
	var top []int
	for i, sc := range scores {
		at := len(top)
		for at > 0 && scores[top[at-1]] < sc {
			at--
		}
		if at < k {
			top = append(top, 0)
			copy(top[at+1:], top[at:])
			top[at] = i
			if len(top) > k {
				top = top[:k]
			}
		}
	}
	return top
}
