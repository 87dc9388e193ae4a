package levels

import (
	"fmt"
	"math"

	"github.com/lafriks/go-tiled"
)

// tileObject reads a tile object (an object with a gid): its tile's image
// becomes a Sprite of the layer's drawing when the layer and object are
// visible, and its tile's class and properties pass to the object under
// its template's and its own. A tile of class Cover (or with a "height")
// makes an object without a class Cover.
func (l *loader) tileObject(f *flatLayer, o *tiled.Object, ob *object) error {
	lt, err := l.objectTile(o, ob.gid)
	if err != nil {
		return err
	}
	t, err := l.tileset(lt.Tileset)
	if err != nil {
		return err
	}
	look, err := l.look(t, lt.ID)
	if err != nil {
		return err
	}
	if ob.w == 0 && ob.h == 0 {
		// Tiled writes a tile object's size; an old map may not.
		ob.w, ob.h = float64(look.src.Dx()), float64(look.src.Dy())
	}
	for _, v := range []float64{ob.x, ob.y, ob.w, ob.h, ob.rotation} {
		if math.IsNaN(v) || math.Abs(v) > maxCoord {
			return fmt.Errorf("position, size or rotation out of range")
		}
	}
	if ob.w < 0 || ob.h < 0 {
		return fmt.Errorf("width and height must not be negative")
	}
	if tt := t.tiles[lt.ID]; tt != nil {
		ob.props.add(tt.Properties, fromTile)
		if ob.class == "" {
			ob.class = tt.Class
		}
		if _, ok := ob.props["height"]; ob.class == "" && ok {
			ob.class = "Cover"
		}
	}
	if f.visible && o.Visible {
		if f.draw == nil {
			d := f.drawLayer()
			f.draw = &d
		}
		f.draw.Sprites = append(f.draw.Sprites, Sprite{X: ob.x, Y: ob.y, W: ob.w, H: ob.h, Rotation: ob.rotation,
			Image: look.image, Src: look.src, FlipH: lt.HorizontalFlip, FlipV: lt.VerticalFlip, Anim: look.anim, DX: look.dx, DY: look.dy})
	}
	return nil
}

// objectTile resolves a tile object's gid, flip bits included: against
// its template's tileset when the gid comes from the template, else the
// map's tilesets.
func (l *loader) objectTile(o *tiled.Object, gid uint32) (lt *tiled.LayerTile, err error) {
	defer func() {
		if r := recover(); r != nil {
			lt, err = nil, fmt.Errorf("gid %d: go-tiled failed: %v", gid, r)
		}
	}()
	const flips = 0xF0000000
	if o.GID == 0 && o.Template != nil && o.Template.Tileset != nil && o.Template.Object != nil && o.Template.Object.GID == gid {
		ts := o.Template.Tileset
		bare := gid &^ flips
		if bare < ts.FirstGID {
			return nil, fmt.Errorf("gid %d is not in the template's tileset", bare)
		}
		return &tiled.LayerTile{ID: bare - ts.FirstGID, Tileset: ts,
			HorizontalFlip: gid&0x80000000 != 0, VerticalFlip: gid&0x40000000 != 0, DiagonalFlip: gid&0x20000000 != 0}, nil
	}
	lt, err = l.m.TileGIDToTile(gid)
	if err != nil || lt == nil || lt.Tileset == nil {
		return nil, fmt.Errorf("gid %d is not in any tileset of the map", gid&^flips)
	}
	return lt, nil
}
