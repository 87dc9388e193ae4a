package actions

import (
	"fmt"
	"slices"

	"sightline/rules"
)

// enemies returns the living units of the other side that known reports
// true for (nil: all of them), in id order.
func enemies(s *rules.State, u *rules.Unit, known func(id int) bool) []*rules.Unit {
	var out []*rules.Unit
	for _, e := range s.Units {
		if e.Alive() && e.Side != u.Side && (known == nil || known(e.ID)) {
			out = append(out, e)
		}
	}
	return out
}

// moveProbe returns a move to the first tile the unit can reach, or one
// step ahead when it can reach none (its failure is the reason): the
// proof that the unit can walk at all.
func moveProbe(s *rules.State, u *rules.Unit) rules.Move {
	if u.Alive() && u.Side == s.Side && u.AP > 0 {
		r := s.Reach(u.ID, rules.MoveBudget(u))
		for _, p := range r.Tiles() {
			if r.Cost(p) > 0 {
				return rules.Move{Unit: u.ID, To: p}
			}
		}
	}
	return rules.Move{Unit: u.ID, To: u.Pos.Add(u.Facing.Step())}
}

// coverTarget reports whether action a may aim at some destructible piece
// of cover for the unit.
func coverTarget(a *Spec, s *rules.State, u *rules.Unit) bool {
	for _, o := range s.Board.Obstacles {
		if o.Destructible && rules.Check(s, a.build(s, u.ID, Target{Obstacle: o.ID})) == nil {
			return true
		}
	}
	return false
}

// aimPoints returns the tiles a cone or area action is tried at: the
// tiles of the given enemies, then the tile three steps ahead of the unit.
func aimPoints(s *rules.State, u *rules.Unit, foes []*rules.Unit) []rules.Point {
	var out []rules.Point
	for _, e := range foes {
		out = append(out, e.Pos)
	}
	ahead := u.Pos
	for i := 0; i < 3; i++ {
		if n := ahead.Add(u.Facing.Step()); s.Board.InBounds(n) {
			ahead = n
		}
	}
	if ahead != u.Pos {
		out = append(out, ahead)
	}
	return out
}

// areasHolding returns the 2×2 areas (top-left tiles) that hold the tile
// of at least one of the foes, each once, in the foes' order.
func areasHolding(foes []*rules.Unit) []rules.Point {
	var out []rules.Point
	for _, e := range foes {
		for _, d := range []rules.Point{{X: 0, Y: 0}, {X: -1, Y: 0}, {X: 0, Y: -1}, {X: -1, Y: -1}} {
			if p := e.Pos.Add(d); !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// walks is a tile action's candidates: a move to every tile its reach
// holds but the unit's own.
func walks(a *Spec, s *rules.State, u *rules.Unit, _ []*rules.Unit) []rules.Command {
	r := reach(a.Preview, s, u.ID)
	if r == nil {
		return nil
	}
	var out []rules.Command
	for _, p := range r.Tiles() {
		if r.Cost(p) > 0 {
			out = append(out, a.build(s, u.ID, Target{Tile: p}))
		}
	}
	return out
}

// breakOuts is Break Out's candidates: the walks of a suppressed unit
// that has not broken out this turn (none otherwise: it moves at full
// speed, or may not).
func breakOuts(a *Spec, s *rules.State, u *rules.Unit, foes []*rules.Unit) []rules.Command {
	if !u.Status.Suppressed || u.Status.Dashed {
		return nil
	}
	return walks(a, s, u, foes)
}

// attacks is Attack's candidates. For each foe: the attack on it and on
// the destructible cover the rules say shelters it from the unit; then
// the attack on every piece of cover that can break or that an objective
// says to destroy. A unit with two weapons also has each with both.
func attacks(_ *Spec, s *rules.State, u *rules.Unit, foes []*rules.Unit) []rules.Command {
	var out []rules.Command
	add := func(target, obstacle int) {
		c := rules.Attack{Unit: u.ID, Target: target, Obstacle: obstacle}
		out = append(out, c)
		if u.TwoWeapons() {
			c.Both = true
			out = append(out, c)
		}
	}
	for _, e := range foes {
		add(e.ID, 0)
		if p, err := s.PreviewShot(*u, *e); err == nil && p.By != nil && p.By.Destructible {
			add(e.ID, p.By.ID)
		}
	}
	for _, o := range s.Board.Obstacles {
		if o.Destructible || toDestroy(s, o.ID) {
			add(0, o.ID)
		}
	}
	return out
}

// toDestroy reports whether an objective says to destroy obstacle id.
func toDestroy(s *rules.State, id int) bool {
	for _, o := range s.Objectives {
		if o.Goal == rules.GoalDestroy && o.Target == id {
			return true
		}
	}
	return false
}

// pileCheck reports whether the unit can pile through some destructible
// cover this turn: a move would be legal and its pile reach holds a tile
// whose way smashes through cover.
func pileCheck(s *rules.State, u *rules.Unit) error {
	if err := rules.Check(s, moveProbe(s, u)); err != nil {
		return err
	}
	r := s.PileReach(u.ID, rules.MoveBudget(u))
	for _, p := range r.Tiles() {
		if len(r.PiledThrough(p)) > 0 {
			return nil
		}
	}
	return fmt.Errorf("%w: no destructible cover within reach to pile through", ErrNoTarget)
}

// dashCheck reports whether the unit can break out of suppression: it is
// suppressed, has not broken out this turn, and a move would be legal.
func dashCheck(s *rules.State, u *rules.Unit) error {
	switch {
	case !u.Status.Suppressed:
		return fmt.Errorf("%w: %s is not suppressed and already moves at full speed", rules.ErrAlready, u.Name)
	case u.Status.Dashed:
		return fmt.Errorf("%w: %s broke out this turn and moves at full speed", rules.ErrAlready, u.Name)
	}
	return rules.Check(s, moveProbe(s, u))
}

// reach is the search of a reach preview for the unit (nil for other
// previews).
func reach(pv Preview, s *rules.State, unit int) *rules.Reach {
	u := s.Unit(unit)
	if u == nil {
		return nil
	}
	switch pv {
	case PreviewReach:
		return s.Reach(unit, rules.MoveBudget(u))
	case PreviewPileReach:
		return s.PileReach(unit, rules.MoveBudget(u))
	case PreviewDashReach:
		return s.DashReach(unit, rules.DashBudget(u))
	}
	return nil
}

// obstacleAt returns the obstacle covering tile p (the first in board
// order), or nil.
func obstacleAt(s *rules.State, p rules.Point) *rules.Obstacle {
	for _, o := range s.Board.Obstacles {
		if o.Shape.CoversTile(p, s.Board.TileSize) {
			return o
		}
	}
	return nil
}
