package ai

import "sightline/rules"

// moveMemo keeps, by enemy ID, the tiles one move action takes each
// threat to in the battle being weighed (epoch as shotMemo's), so the
// search is made once a decision, not once a tile.
type moveMemo struct {
	epoch uint64
	tiles map[int][]rules.Point
}

// reach returns the tiles one move action takes e to in s, its own
// excepted (none for a unit larger than a tile or with one AP).
func (m *moveMemo) reach(s *rules.State, e *rules.Unit) []rules.Point {
	if ep := epochOf(s); ep != m.epoch || m.tiles == nil {
		m.epoch, m.tiles = ep, map[int][]rules.Point{}
	}
	if ts, ok := m.tiles[e.ID]; ok {
		return ts
	}
	var ts []rules.Point
	if e.Size == 1 && max(e.MaxAP, e.AP, 1) > 1 {
		moving := *e
		moving.AP = 1
		for _, q := range s.Reach(e.ID, rules.MoveBudget(&moving)).Tiles() {
			if q != e.Pos {
				ts = append(ts, q)
			}
		}
	}
	m.tiles[e.ID] = ts
	return ts
}

// moveSample returns, of the tiles e's one move action reaches (ts), the
// few it would likeliest step to before firing at tile p: the one
// closest to p, and the one farthest to each side of the line from e to
// p (a flank round the cover between). Ties go to the earlier tile, so
// the sample is the same for the same search.
func moveSample(e rules.Point, p rules.Point, ts []rules.Point) []rules.Point {
	if len(ts) == 0 {
		return nil
	}
	dx, dy := p.X-e.X, p.Y-e.Y
	near, left, right := 0, 0, 0
	nearD, leftV, rightV := -1, 0, 0
	for i, q := range ts {
		if q == p {
			continue
		}
		if d := dist2(q, p); nearD < 0 || d < nearD {
			near, nearD = i, d
		}
		// The side of the line e->p that q lies on, and how far.
		cross := dx*(q.Y-e.Y) - dy*(q.X-e.X)
		if cross > leftV {
			left, leftV = i, cross
		}
		if cross < rightV {
			right, rightV = i, cross
		}
	}
	if nearD < 0 {
		return nil
	}
	out := []rules.Point{ts[near]}
	if leftV > 0 && left != near {
		out = append(out, ts[left])
	}
	if rightV < 0 && right != near {
		out = append(out, ts[right])
	}
	return out
}

// movedShot returns the odds of enemy e's best shot at u (as given) after
// it first moves one action to one of the sampled tiles (moveSample), and
// the shots the AP left there buys; false when no sampled tile gives it a
// shot or it cannot move and still fire.
func (c *Computer) movedShot(s *rules.State, e, u *rules.Unit, ap int) (shotOdds, int, bool) {
	k := (ap - 1) / weaponAP(s, e)
	if k < 1 {
		return shotOdds{}, 0, false
	}
	best, bestMean, ok := shotOdds{}, 0.0, false
	for _, q := range moveSample(e.Pos, u.Pos, c.moves.reach(s, e)) {
		if s.UnitAt(q) != nil {
			continue
		}
		moved := *e
		moved.Pos = q
		if o, hit := c.memo.shot(s, &moved, u); hit {
			if o = c.shared(e, o); o.mean() > bestMean {
				best, bestMean, ok = o, o.mean(), true
			}
		}
	}
	return best, k, ok
}
