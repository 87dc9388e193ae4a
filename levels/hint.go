package levels

import (
	"fmt"
	"math"

	"sightline/rules"
)

// hintClasses maps the project's hint classes to what they ask.
var hintClasses = map[string]rules.HintKind{
	"Ambush": rules.HintAmbush,
	"Patrol": rules.HintPatrol,
	"Defend": rules.HintDefend,
}

// hintObjects reads the Ambush, Patrol and Defend objects into the
// battle's hints, in document order.
func (l *loader) hintObjects() {
	for _, ob := range l.hints {
		h, err := l.hint(ob)
		if err != nil {
			l.failObject(ob, err)
			continue
		}
		l.lv.State.Hints = append(l.lv.State.Hints, h)
	}
}

// hint reads one hint object. An ambush is a point or rectangle (the post)
// or a polyline from the post to the point it watches; a patrol a polyline
// or polygon of waypoints; a defend zone a rectangle.
func (l *loader) hint(ob *object) (rules.Hint, error) {
	h := rules.Hint{Kind: hintClasses[ob.class]}
	sideName, err := ob.props.enum("side", l.proj.enum(sideEnum()), "blue")
	if err != nil {
		return h, err
	}
	if h.Side, err = rules.ParseSide(sideName); err != nil {
		return h, propError("side", err)
	}
	if ob.rotation != 0 {
		return h, fmt.Errorf("a %s hint cannot be rotated", h.Kind)
	}
	points := ob.polyline
	if points == nil {
		points = ob.polygon
	}
	switch {
	case h.Kind == rules.HintDefend || (h.Kind == rules.HintAmbush && points == nil && !ob.ellipse && ob.w > 0 && ob.h > 0):
		if h.Zone, err = l.zone(ob); err != nil {
			return h, err
		}
	case h.Kind == rules.HintAmbush && points == nil && !ob.ellipse && ob.w == 0 && ob.h == 0:
		p, err := l.hintTile(ob.x, ob.y, "the post", true)
		if err != nil {
			return h, err
		}
		h.Zone = rules.Rect{Min: p, Max: rules.Point{X: p.X + 1, Y: p.Y + 1}}
	case len(points) >= 2:
		var route []rules.Point
		for i, q := range points {
			watch := h.Kind == rules.HintAmbush && i == len(points)-1 // anywhere it can look
			p, err := l.hintTile(ob.x+q.X, ob.y+q.Y, fmt.Sprintf("point %d", i+1), !watch)
			if err != nil {
				return h, err
			}
			if len(route) == 0 || route[len(route)-1] != p {
				route = append(route, p)
			}
		}
		if h.Kind == rules.HintAmbush {
			h.Zone = rules.Rect{Min: route[0], Max: rules.Point{X: route[0].X + 1, Y: route[0].Y + 1}}
			route = route[len(route)-1:]
		}
		h.Route = route
	default:
		if h.Kind == rules.HintAmbush {
			return h, fmt.Errorf("an ambush is a point, a rectangle, or a polyline from the post to where it watches")
		}
		return h, fmt.Errorf("a patrol is a polyline or polygon of at least two points")
	}
	return h, nil
}

// hintTile returns the tile under pixel (x, y), which must be on the map
// and, with pass, passable.
func (l *loader) hintTile(x, y float64, what string, pass bool) (rules.Point, error) {
	ts := float64(l.board.TileSize)
	p := rules.Point{X: int(math.Floor(x / ts)), Y: int(math.Floor(y / ts))}
	if !l.board.InBounds(p) {
		return p, fmt.Errorf("%s lies outside the map", what)
	}
	if pass && !l.board.Passable(p) {
		return p, withFix(fmt.Errorf("%s is on tile (%d,%d), which nobody can enter", what, p.X, p.Y), "move it onto open ground")
	}
	return p, nil
}
