package levels

import (
	"errors"
	"fmt"
	"math"

	"sightline/rules"
)

// objectiveObjects reads the Objective objects into the battle's
// objectives, in document order, and checks each can work on the map.
// The zone of reach, extract and hold is the tiles the object covers;
// target names a Cover object (destroy) or a Spawn (protect).
func (l *loader) objectiveObjects() {
	st := l.lv.State
	for _, ob := range l.objectives {
		o, err := l.objective(ob)
		if errors.Is(err, errBrokenTarget) {
			continue // its target's own error is listed
		}
		if err != nil {
			l.failObject(ob, err)
			continue
		}
		st.Objectives = append(st.Objectives, o)
		if err := st.CheckObjectives(); err != nil {
			st.Objectives = st.Objectives[:len(st.Objectives)-1]
			l.failObject(ob, err)
		}
	}
}

// errBrokenTarget is an objective's target that failed to load itself.
var errBrokenTarget = errors.New("the target failed to load")

// objective reads one Objective object.
func (l *loader) objective(ob *object) (rules.Objective, error) {
	p := ob.props
	var o rules.Objective
	goal, err := p.enum("goal", l.proj.enum(goalEnum()), "eliminate")
	if err != nil {
		return o, err
	}
	o.Goal = rules.Goal(goal)
	side, err := p.enum("side", l.proj.enum(sideEnum()), "blue")
	if err != nil {
		return o, err
	}
	if side == "red" {
		o.Side = rules.SideRed
	}
	if o.Turns, err = p.int("turns", 0); err != nil {
		return o, err
	}
	if o.Turns < 0 || o.Turns > 999 {
		return o, propError("turns", fmt.Errorf("%d is out of range (want 0 to 999)", o.Turns))
	}
	o.Text = p.str("text", "")
	target, err := p.int("target", 0)
	if err != nil {
		return o, err
	}
	if target > 0 && l.broken[uint32(target)] {
		return o, errBrokenTarget
	}
	switch o.Goal {
	case rules.GoalReach, rules.GoalExtract, rules.GoalHold:
		if o.Zone, err = l.zone(ob); err != nil {
			return o, err
		}
	case rules.GoalDestroy:
		obst := l.board.Obstacle(target)
		if target <= 0 || obst == nil {
			return o, withFix(propError("target", fmt.Errorf("object %d is not a Cover object on this map", target)), "pick the cover to destroy with the property's object picker")
		}
		o.Target = target
		if o.Text == "" && obst.Name != "" {
			o.Text = "destroy the " + obst.Name
		}
	case rules.GoalProtect:
		id, ok := l.spawned[uint32(max(target, 0))]
		if target <= 0 || !ok {
			return o, withFix(propError("target", fmt.Errorf("object %d is not a Spawn on this map", target)), "pick the unit to protect with the property's object picker")
		}
		o.Target = id
	}
	return o, nil
}

// zone returns the tiles a rectangle object covers: every tile its area
// overlaps.
func (l *loader) zone(ob *object) (rules.Rect, error) {
	if ob.polygon != nil || ob.polyline != nil || ob.ellipse || ob.rotation != 0 || ob.w <= 0 || ob.h <= 0 {
		return rules.Rect{}, fmt.Errorf("the zone must be an unrotated rectangle with an area")
	}
	sh, err := ob.shape()
	if err != nil {
		return rules.Rect{}, err
	}
	lo, hi := sh.Bounds()
	ts := float64(l.board.TileSize)
	r := rules.Rect{
		Min: rules.Point{X: max(int(math.Floor(lo.X/ts)), 0), Y: max(int(math.Floor(lo.Y/ts)), 0)},
		Max: rules.Point{X: min(int(math.Ceil(hi.X/ts)), l.board.Width), Y: min(int(math.Ceil(hi.Y/ts)), l.board.Height)},
	}
	if r.Empty() {
		return r, fmt.Errorf("the zone lies outside the map")
	}
	return r, nil
}
