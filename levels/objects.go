package levels

import (
	"fmt"
	"math"

	"github.com/lafriks/go-tiled"

	"sightline/rules"
)

// object is a Tiled object with its template merged in.
type object struct {
	id                   uint32
	name, class          string
	x, y, w, h, rotation float64
	gid                  uint32
	ellipse              bool
	polygon, polyline    []*tiled.Point
	props                props
}

// label names the object in errors: `object 7 "crate"`.
func (o *object) label() string { return fmt.Sprintf("object %d %q", o.id, o.name) }

// merge applies o's template under it. has holds the attributes written on
// the instance: exactly those override the template's. Properties merge by
// name: the instance's over the template's.
func merge(o *tiled.Object, has map[string]bool) *object {
	ob := &object{id: o.ID, name: o.Name, class: o.Class, x: o.X, y: o.Y, w: o.Width, h: o.Height,
		rotation: o.Rotation, gid: o.GID, props: props{}}
	shapeOf(ob, o)
	var t *tiled.Object
	if o.Template != nil {
		t = o.Template.Object
	}
	if t == nil {
		ob.props.add(o.Properties, fromOwn)
		return ob
	}
	if !has["name"] {
		ob.name = t.Name
	}
	if !has["type"] && !has["class"] {
		ob.class = t.Class
	}
	if !has["width"] || !has["height"] {
		// Tiled overrides a template's size only with both attributes.
		ob.w, ob.h = t.Width, t.Height
	}
	if !has["rotation"] {
		ob.rotation = t.Rotation
	}
	if !has["gid"] {
		ob.gid = t.GID
	}
	if !ob.ellipse && ob.polygon == nil && ob.polyline == nil {
		shapeOf(ob, t)
	}
	ob.props.add(t.Properties, fromTemplate)
	ob.props.add(o.Properties, fromOwn)
	return ob
}

// shapeOf copies the ellipse / polygon / polyline marks of src.
func shapeOf(ob *object, src *tiled.Object) {
	ob.ellipse = len(src.Ellipses) > 0
	if len(src.Polygons) > 0 && src.Polygons[0].Points != nil {
		ob.polygon = *src.Polygons[0].Points
	}
	if len(src.PolyLines) > 0 && src.PolyLines[0].Points != nil {
		ob.polyline = *src.PolyLines[0].Points
	}
}

// objects reads every object layer: Cover objects become obstacles, Spawn
// objects are returned to be placed once the board is complete. A bad
// object is recorded (fail) and skipped.
func (l *loader) objects() ([]*object, error) {
	var spawns []*object
	seen := map[uint32]bool{}
	k := 0
	for fi := range l.flat {
		f := &l.flat[fi]
		g := f.objects
		if g == nil {
			continue
		}
		for _, o := range g.Objects {
			if o == nil || k >= len(l.scan.objectAttrs) {
				return nil, fmt.Errorf("object layer %q: objects read inconsistently", g.Name)
			}
			ob := merge(o, l.scan.objectAttrs[k])
			k++
			// Tiled draws (and selects) a layer's objects moved by the
			// offsets of the layer and its groups: so does the game.
			ob.x, ob.y = ob.x+f.dx, ob.y+f.dy
			if ob.id > 0 && seen[ob.id] {
				l.fail(l.where(ob), withFix(fmt.Errorf("object id %d is used twice", ob.id), "delete one copy and place it again in Tiled, which gives each object its own id"))
				continue
			}
			if ob.id > 0 {
				seen[ob.id] = true
			}
			if ob.gid != 0 {
				if err := l.tileObject(f, o, ob); err != nil {
					l.failObject(ob, err)
					continue
				}
			}
			if ob.class == "" {
				if ob.gid != 0 {
					continue // a prop: drawn, no part of the rules
				}
				l.lv.Warnings = append(l.lv.Warnings, Problem{Warning: true, File: l.file, Where: l.where(ob), Msg: "has no class: the game ignores it",
					Fix: "set its class (Tiled 1.8: Type) to Cover, Spawn, Objective, Ambush, Patrol or Defend, or delete it"})
				continue
			}
			members, ok := l.proj.classes[ob.class]
			if !ok {
				l.unknownClass(l.where(ob), ob.class)
				continue
			}
			ob.props.addDefaults(members)
			switch ob.class {
			case "Cover":
				if err := l.coverObject(ob); err != nil {
					l.failObject(ob, err)
				}
			case "Spawn":
				spawns = append(spawns, ob)
			case "Objective":
				l.objectives = append(l.objectives, ob)
			case "Ambush", "Patrol", "Defend":
				l.hints = append(l.hints, ob)
			}
		}
	}
	return spawns, nil
}

// coverObject adds a Cover object to the board as an obstacle.
func (l *loader) coverObject(ob *object) error {
	o, err := l.cover(ob.props)
	if err != nil {
		return err
	}
	if o.Shape, err = ob.shape(); err != nil {
		return err
	}
	min, max := o.Shape.Bounds()
	ts := float64(l.board.TileSize)
	if max.X <= 0 || max.Y <= 0 || min.X >= float64(l.board.Width)*ts || min.Y >= float64(l.board.Height)*ts {
		return withFix(fmt.Errorf("lies outside the map"), "move it onto the map or delete it")
	}
	o.ID, o.Name = int(ob.id), ob.name
	o.Base = l.floorAt(min.Add(max).Scale(0.5))
	l.board.AddObstacle(o)
	return nil
}

// cover reads the Cover class properties (class defaults already merged).
// de, blocksSight, blocksEffect and destructible come from the material
// unless the object or its template sets them.
func (l *loader) cover(p props) (rules.Obstacle, error) {
	var o rules.Obstacle
	height, err := p.enum("height", l.proj.enum(coverHeightEnum()), "full")
	if err != nil {
		return o, err
	}
	mat, err := p.enum("material", l.proj.enum(materialEnum()), "concrete")
	if err != nil {
		return o, err
	}
	md, ok := rules.DefaultData().Material(mat)
	if !ok {
		return o, propError("material", fmt.Errorf("%q is not in the material table (rules/data/defaults.json)", mat))
	}
	o = rules.Obstacle{Class: "Cover", Height: coverHeight(height)}
	md.ApplyTo(&o)
	if p.explicit("de") {
		if o.DE, err = p.int("de", 0); err != nil {
			return o, err
		}
		if o.DE < 0 || o.DE > 99 {
			return o, propError("de", fmt.Errorf("%d is out of range (want 0 to 99)", o.DE))
		}
	}
	for _, b := range []struct {
		name string
		v    *bool
	}{{"blocksSight", &o.BlocksSight}, {"blocksEffect", &o.BlocksEffect}, {"destructible", &o.Destructible}} {
		if p.explicit(b.name) {
			if *b.v, err = p.bool(b.name, *b.v); err != nil {
				return o, err
			}
		}
	}
	if o.Vaultable, err = p.bool("vaultable", true); err != nil {
		return o, err
	}
	if o.ArrowSlit, err = p.bool("arrowSlit", false); err != nil {
		return o, err
	}
	size, err := p.enum("size", l.proj.enum(sizeEnum()), "medium")
	if err != nil {
		return o, err
	}
	if o.Size, err = rules.ParseSize(size); err != nil {
		return o, propError("size", err)
	}
	return o, nil
}

// maxCoord bounds object coordinates; anything larger is a broken file.
const maxCoord = 1 << 24

// ellipseSides is how many sides approximate a non-circular ellipse.
const ellipseSides = 16

// shape returns the object's footprint in absolute pixels, rotated about
// (x, y) by its rotation in degrees clockwise.
func (ob *object) shape() (rules.Shape, error) {
	for _, v := range []float64{ob.x, ob.y, ob.w, ob.h, ob.rotation} {
		if math.IsNaN(v) || math.Abs(v) > maxCoord {
			return rules.Shape{}, fmt.Errorf("position, size or rotation out of range")
		}
	}
	origin := rules.Vec{X: ob.x, Y: ob.y}
	sin, cos := rules.Sincos(ob.rotation * math.Pi / 180) // math.Sincos differs on arm64
	rot := func(v rules.Vec) rules.Vec {
		d := v.Sub(origin)
		// float64() keeps each product rounded on its own: arm64 would
		// otherwise fuse x*y+z into one instruction and place the corner
		// a last bit away from amd64 and wasm (the Go spec, Floating-point
		// operators), and the battle's hash with it.
		return origin.Add(rules.Vec{X: float64(d.X*cos) - float64(d.Y*sin), Y: float64(d.X*sin) + float64(d.Y*cos)})
	}
	switch {
	case ob.polyline != nil:
		return rules.Shape{}, fmt.Errorf("a polyline cannot be cover (draw a polygon or a rectangle)")
	case ob.polygon != nil:
		if len(ob.polygon) < 3 {
			return rules.Shape{}, fmt.Errorf("polygon has %d points, want at least 3", len(ob.polygon))
		}
		pts := make([]rules.Vec, 0, len(ob.polygon))
		for _, p := range ob.polygon {
			if p == nil || math.IsNaN(p.X) || math.IsNaN(p.Y) || math.Abs(p.X) > maxCoord || math.Abs(p.Y) > maxCoord {
				return rules.Shape{}, fmt.Errorf("polygon point out of range")
			}
			pts = append(pts, rot(rules.Vec{X: ob.x + p.X, Y: ob.y + p.Y}))
		}
		return rules.PolygonShape(pts), nil
	}
	if ob.w <= 0 || ob.h <= 0 {
		return rules.Shape{}, fmt.Errorf("cover needs an area: width and height must be more than 0 (points cannot be cover)")
	}
	x, y := ob.x, ob.y
	if ob.gid != 0 {
		y -= ob.h // tile objects are anchored at their bottom-left corner
	}
	if ob.ellipse {
		// A halving compiles to a product: rounded, it cannot fuse.
		c := rot(rules.Vec{X: x + float64(ob.w/2), Y: y + float64(ob.h/2)})
		if math.Abs(ob.w-ob.h) <= 0.1*math.Max(ob.w, ob.h) {
			return rules.CircleShape(c, (ob.w+ob.h)/4), nil
		}
		pts := make([]rules.Vec, ellipseSides)
		for i := range pts {
			sin, cos := rules.Sincos(2 * math.Pi * float64(i) / ellipseSides)
			pts[i] = rot(rules.Vec{X: x + float64(ob.w/2*(1+cos)), Y: y + float64(ob.h/2*(1+sin))})
		}
		return rules.PolygonShape(pts), nil
	}
	if ob.rotation == 0 {
		return rules.RectShape(x, y, ob.w, ob.h), nil
	}
	return rules.PolygonShape([]rules.Vec{rot(rules.Vec{X: x, Y: y}), rot(rules.Vec{X: x + ob.w, Y: y}),
		rot(rules.Vec{X: x + ob.w, Y: y + ob.h}), rot(rules.Vec{X: x, Y: y + ob.h})}), nil
}
