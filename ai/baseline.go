package ai

import (
	"math/rand/v2"

	"sightline/match"
	"sightline/rules"
)

// Random is the weakest yardstick: each answer is a uniformly random
// command, among those its side's belief holds legal, for a random unit
// that may still act; a unit that draws "done" is finished for the turn.
type Random struct {
	rng  *rand.Rand
	pace pace
}

// NewRandom returns a Random controller drawing from a generator seeded
// with seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, 0x7a11))}
}

// Next implements match.Controller.
func (r *Random) Next(v *match.View) rules.Command {
	r.pace.begin(v)
	s := Belief(v)
	for {
		us := r.pace.ready(s, v.Side)
		if len(us) == 0 {
			return r.pace.answer(0, rules.EndTurn{})
		}
		u := us[r.rng.IntN(len(us))]
		var cands []rules.Command
		tiles := s.Reach(u.ID, rules.MoveBudget(u)).Tiles()
		for range 6 {
			if len(tiles) > 0 {
				cands = append(cands, rules.Move{Unit: u.ID, To: tiles[r.rng.IntN(len(tiles))]})
			}
		}
		for _, e := range seenEnemies(s, v) {
			cands = append(cands, rules.Attack{Unit: u.ID, Target: e.ID})
		}
		for _, e := range enemies(s, v.Side) {
			cands = append(cands, rules.Overwatch{Unit: u.ID, At: e.Pos})
		}
		cands = append(cands, rules.ChangeStance{Unit: u.ID, To: rules.Stance(r.rng.IntN(3))}, rules.Reload{Unit: u.ID}, rules.TakeCover{Unit: u.ID})
		var legal []rules.Command
		for _, c := range cands {
			if rules.Check(s, c) == nil {
				legal = append(legal, c)
			}
		}
		if k := r.rng.IntN(len(legal) + 1); k < len(legal) {
			return r.pace.answer(u.ID, legal[k])
		}
		r.pace.finish(u.ID)
	}
}

// Greedy is the plain yardstick: each unit shoots the enemy it has the
// best chance against, else walks as far as it can toward the nearest
// enemy its side knows of (or last saw), else is done.
type Greedy struct {
	pace pace
}

// NewGreedy returns a Greedy controller.
func NewGreedy() *Greedy { return &Greedy{} }

// Next implements match.Controller.
func (g *Greedy) Next(v *match.View) rules.Command {
	g.pace.begin(v)
	s := Belief(v)
	for _, u := range g.pace.ready(s, v.Side) {
		best, chance := 0, 0.0
		for _, e := range seenEnemies(s, v) {
			if p, err := s.PreviewAttack(rules.Attack{Unit: u.ID, Target: e.ID}); err == nil && p.Chance > chance {
				best, chance = e.ID, p.Chance
			}
		}
		if best != 0 {
			return g.pace.answer(u.ID, rules.Attack{Unit: u.ID, Target: best})
		}
		goal, ok := nearestThreat(s, v, u)
		if !ok {
			g.pace.finish(u.ID)
			continue
		}
		to := closestReachable(s.Reach(u.ID, rules.MoveBudget(u)), u.Pos, goal)
		if to == u.Pos {
			g.pace.finish(u.ID)
			continue
		}
		return g.pace.answer(u.ID, rules.Move{Unit: u.ID, To: to})
	}
	return g.pace.answer(0, rules.EndTurn{})
}

// enemies returns the living units of s not on side, in ID order.
func enemies(s *rules.State, side rules.Side) []*rules.Unit {
	var es []*rules.Unit
	for _, u := range s.Units {
		if u.Side != side && u.Alive() {
			es = append(es, u)
		}
	}
	return es
}

// nearestThreat returns where the nearest enemy to u that v's side
// believes in stands, else where it last saw one, else the nearest open
// tile it does not see (to go and look), else false.
func nearestThreat(s *rules.State, v *match.View, u *rules.Unit) (rules.Point, bool) {
	var best rules.Point
	found := false
	consider := func(p rules.Point) {
		if !found || dist2(u.Pos, p) < dist2(u.Pos, best) {
			best, found = p, true
		}
	}
	for _, e := range enemies(s, v.Side) {
		consider(e.Pos)
	}
	if !found {
		for _, c := range v.Contacts {
			if c.Alive {
				consider(c.Pos)
			}
		}
	}
	if !found {
		for y := 0; y < v.Height; y++ {
			for x := 0; x < v.Width; x++ {
				if p := (rules.Point{X: x, Y: y}); !v.Seen(p) && s.Board.Passable(p) {
					consider(p)
				}
			}
		}
	}
	return best, found
}

// dist2 is the squared distance between two tiles.
func dist2(a, b rules.Point) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx + dy*dy
}
