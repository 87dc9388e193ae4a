package levels

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/lafriks/go-tiled"
)

// flatLayer is one tile or object layer in draw order, with the
// visibility, opacity, tint and offsets of the groups it sits in folded in.
type flatLayer struct {
	tile    *tiled.Layer
	objects *tiled.ObjectGroup
	name    string
	visible bool
	opacity float64
	tint    color.NRGBA
	dx, dy  float64
	// draw is the layer's drawing, when it draws anything.
	draw *TileLayer
}

// drawLayer returns an empty drawing layer with f's name and look.
func (f *flatLayer) drawLayer() TileLayer {
	return TileLayer{Name: f.name, Opacity: f.opacity, Tint: f.tint, OffsetX: f.dx, OffsetY: f.dy}
}

// container is a map's or group's children as go-tiled keeps them: one
// slice per kind, each in document order.
type container struct {
	layers []*tiled.Layer
	objs   []*tiled.ObjectGroup
	images []*tiled.ImageLayer
	groups []*tiled.Group
}

// white is the tint that changes nothing.
var white = color.NRGBA{0xff, 0xff, 0xff, 0xff}

// flatten returns the map's tile and object layers in draw order, groups
// flattened: a hidden group hides its children, offsets add up, opacities
// and tints multiply. The pre-scan's layer tree gives the order, which
// go-tiled's per-kind slices lose.
func (l *loader) flatten() ([]flatLayer, error) {
	var out []flatLayer
	top := flatLayer{visible: true, opacity: 1, tint: white}
	c := container{l.m.Layers, l.m.ObjectGroups, l.m.ImageLayers, l.m.Groups}
	if err := l.flattenInto(&out, c, l.scan.layers, top, false); err != nil {
		return nil, err
	}
	return out, nil
}

func (l *loader) flattenInto(out *[]flatLayer, c container, nodes []*layerNode, parent flatLayer, nested bool) error {
	var nl, no, ni, ng int
	for _, n := range nodes {
		tint := white
		if n.tint != "" {
			var err error
			if tint, err = parseTint(n.tint); err != nil {
				return err
			}
		}
		switch n.kind {
		case "layer":
			if nl >= len(c.layers) || c.layers[nl] == nil {
				return fmt.Errorf("tile layers read inconsistently")
			}
			t := c.layers[nl]
			nl++
			f, err := parent.child(t.Name, t.Visible, t.Opacity, tint, t.OffsetX, t.OffsetY)
			if err != nil {
				return err
			}
			f.tile = t
			*out = append(*out, f)
		case "objectgroup":
			if no >= len(c.objs) || c.objs[no] == nil {
				return fmt.Errorf("object layers read inconsistently")
			}
			g := c.objs[no]
			no++
			if nested {
				// go-tiled loads the templates and tile objects' tilesets
				// of top-level object layers only.
				if err := l.decodeObjects(g); err != nil {
					return err
				}
			}
			f, err := parent.child(g.Name, g.Visible, g.Opacity, tint, g.OffsetX, g.OffsetY)
			if err != nil {
				return err
			}
			f.objects = g
			*out = append(*out, f)
		case "imagelayer":
			ni++ // image layers are not drawn
		case "group":
			if ng >= len(c.groups) || c.groups[ng] == nil {
				return fmt.Errorf("group layers read inconsistently")
			}
			g := c.groups[ng]
			ng++
			f, err := parent.child(g.Name, g.Visible, g.Opacity, tint, g.OffsetX, g.OffsetY)
			if err != nil {
				return err
			}
			gc := container{g.Layers, g.ObjectGroups, g.ImageLayers, g.Groups}
			if err := l.flattenInto(out, gc, n.children, f, true); err != nil {
				return err
			}
		}
	}
	if nl != len(c.layers) || no != len(c.objs) || ni != len(c.images) || ng != len(c.groups) {
		return fmt.Errorf("layers read inconsistently")
	}
	return nil
}

// child folds a layer's own attributes into its parent group's.
func (p flatLayer) child(name string, visible bool, opacity float32, tint color.NRGBA, dx, dy float64) (flatLayer, error) {
	op := float64(opacity)
	if math.IsNaN(op) || op < 0 || op > 1 {
		return flatLayer{}, fmt.Errorf("layer %q: opacity %v is out of range (want 0 to 1)", name, opacity)
	}
	for _, v := range []float64{dx, dy} {
		if math.IsNaN(v) || math.Abs(v) > maxCoord {
			return flatLayer{}, fmt.Errorf("layer %q: offset out of range", name)
		}
	}
	return flatLayer{name: name, visible: p.visible && visible, opacity: p.opacity * op,
		tint: mulColor(p.tint, tint), dx: p.dx + dx, dy: p.dy + dy}, nil
}

// decodeObjects has go-tiled load the templates and tilesets of an object
// layer inside a group, turning a panic into an error.
func (l *loader) decodeObjects(g *tiled.ObjectGroup) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("object layer %q: go-tiled failed: %v", g.Name, r)
		}
	}()
	if err := g.DecodeObjectGroup(l.m); err != nil {
		return fmt.Errorf("object layer %q: %w", g.Name, err)
	}
	return nil
}

// mulColor multiplies two colours channel by channel, as Tiled combines a
// layer's tint with its group's.
func mulColor(a, b color.NRGBA) color.NRGBA {
	m := func(x, y uint8) uint8 { return uint8((int(x)*int(y) + 127) / 255) }
	return color.NRGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), m(a.A, b.A)}
}

// parseTint reads a tintcolor attribute as Tiled writes it: #RRGGBB or
// #AARRGGBB (the # optional).
func parseTint(s string) (color.NRGBA, error) {
	h := strings.TrimPrefix(s, "#")
	if len(h) != 6 && len(h) != 8 {
		return color.NRGBA{}, fmt.Errorf("tintcolor %q is not #AARRGGBB or #RRGGBB", s)
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return color.NRGBA{}, fmt.Errorf("tintcolor %q is not #AARRGGBB or #RRGGBB", s)
	}
	c := color.NRGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
	if len(h) == 8 {
		c.A = uint8(v >> 24)
	}
	return c, nil
}
