package levels

import (
	"fmt"
	"image"

	"github.com/lafriks/go-tiled"

	"sightline/rules"
)

// tileset is a tileset of the map with its image and per-tile rules.
type tileset struct {
	// file is the .tsx path, or the map's path for an embedded tileset.
	file string
	ts   *tiled.Tileset
	// image is the index in Level.Images of a one-image tileset; bounds
	// its rectangle. collection is set for a tileset of separate images.
	image      int
	bounds     image.Rectangle
	collection bool
	// cols and count are the tileset's columns and number of tiles.
	cols, count int
	tiles       map[uint32]*tiled.TilesetTile
	rules       map[uint32]*tileRule
	looks       map[uint32]*tileLook
	// err is why the tileset could not be read, or nil.
	err error
}

// tileRule is what a tileset tile means for the board.
type tileRule struct {
	hasFloor, hasCost bool
	floor, cost       int
	// cover, when non-nil, is a full-tile obstacle (its Shape unset).
	cover *rules.Obstacle
}

// tileLook is how a tile is drawn: its image and rectangle, and its
// animation frames (nil when it does not move).
type tileLook struct {
	image  int
	src    image.Rectangle
	anim   []Frame
	dx, dy int
}

// tileset returns the loader's view of a go-tiled tileset, reading it and
// its image on first use; a tileset that failed fails again with the same
// error.
func (l *loader) tileset(ts *tiled.Tileset) (*tileset, error) {
	if t, ok := l.tilesets[ts]; ok {
		return t, t.err
	}
	t, err := l.readTileset(ts)
	if err != nil {
		t = &tileset{err: err}
	}
	l.tilesets[ts] = t
	return t, err
}

func (l *loader) readTileset(ts *tiled.Tileset) (*tileset, error) {
	t := &tileset{file: l.file, ts: ts, tiles: map[uint32]*tiled.TilesetTile{}, rules: map[uint32]*tileRule{},
		looks: map[uint32]*tileLook{}}
	if ts.Source != "" {
		p, err := resolveRef(l.file, "tileset source", ts.Source)
		if err != nil {
			return nil, err
		}
		t.file = p
	}
	// An image collection's tile size is its largest image's.
	lo, hi := 1, MaxTileSide
	if ts.Image == nil || ts.Image.Source == "" {
		lo, hi = 0, MaxImageSide
	}
	if ts.TileWidth < lo || ts.TileHeight < lo || ts.TileWidth > hi || ts.TileHeight > hi {
		return nil, fmt.Errorf("%s: tile size %d×%d is out of range (want %d to %d)", t.file, ts.TileWidth, ts.TileHeight, lo, hi)
	}
	if ts.Margin < 0 || ts.Spacing < 0 || ts.Margin > MaxTileSide || ts.Spacing > MaxTileSide {
		return nil, fmt.Errorf("%s: margin %d or spacing %d is out of range", t.file, ts.Margin, ts.Spacing)
	}
	if len(ts.Tiles) > MaxTilesetTiles {
		return nil, fmt.Errorf("%s: %d tiles with properties, images or animations, more than the limit of %d", t.file, len(ts.Tiles), MaxTilesetTiles)
	}
	for _, tt := range ts.Tiles {
		if tt != nil {
			if _, dup := t.tiles[tt.ID]; !dup {
				t.tiles[tt.ID] = tt
			}
		}
	}
	if ts.Image == nil || ts.Image.Source == "" {
		// An image collection: each tile has its own image, read when a
		// cell or object uses it.
		t.collection = true
		return t, nil
	}
	src, err := resolveRef(t.file, "image source", ts.Image.Source)
	if err != nil {
		return nil, err
	}
	if t.image, t.bounds, err = l.image(src); err != nil {
		return nil, err
	}
	stepX, stepY := ts.TileWidth+ts.Spacing, ts.TileHeight+ts.Spacing
	t.cols = ts.Columns
	if t.cols <= 0 {
		t.cols = (t.bounds.Dx() - 2*ts.Margin + ts.Spacing) / stepX
	}
	rows := (t.bounds.Dy() - 2*ts.Margin + ts.Spacing) / stepY
	if t.cols <= 0 || rows <= 0 {
		return nil, fmt.Errorf("%s: image %s is smaller than one tile", t.file, src)
	}
	t.count = t.cols * rows
	if ts.TileCount > 0 && ts.TileCount < t.count {
		t.count = ts.TileCount
	}
	return t, nil
}

// src returns the image index and rectangle of tile id.
func (l *loader) src(t *tileset, id uint32) (int, image.Rectangle, error) {
	if t.collection {
		tt := t.tiles[id]
		if tt == nil || tt.Image == nil || tt.Image.Source == "" {
			return 0, image.Rectangle{}, fmt.Errorf("%s: tile %d is not in the image collection", t.file, id)
		}
		p, err := resolveRef(t.file, "image source", tt.Image.Source)
		if err != nil {
			return 0, image.Rectangle{}, fmt.Errorf("tile %d: %w", id, err)
		}
		i, b, err := l.image(p)
		if err != nil {
			return 0, image.Rectangle{}, err
		}
		r := b
		if tt.Width > 0 && tt.Height > 0 {
			// Tiled 1.9 may use a sub-rectangle of a tile's image.
			r = image.Rect(tt.X, tt.Y, tt.X+tt.Width, tt.Y+tt.Height).Add(b.Min)
		}
		if r.Empty() || !r.In(b) {
			return 0, image.Rectangle{}, fmt.Errorf("%s: tile %d lies outside its image %s", t.file, id, p)
		}
		return i, r, nil
	}
	if int64(id) >= int64(t.count) {
		return 0, image.Rectangle{}, fmt.Errorf("%s: tile %d is outside the tileset (it has %d tiles)", t.file, id, t.count)
	}
	x, y := int(id)%t.cols, int(id)/t.cols
	ts := t.ts
	r := image.Rect(0, 0, ts.TileWidth, ts.TileHeight).Add(image.Pt(
		ts.Margin+x*(ts.TileWidth+ts.Spacing), ts.Margin+y*(ts.TileHeight+ts.Spacing)))
	if !r.In(t.bounds) {
		return 0, image.Rectangle{}, fmt.Errorf("%s: tile %d lies outside the tileset image", t.file, id)
	}
	return t.image, r, nil
}

// look returns how tile id is drawn, with its animation, reading it once.
func (l *loader) look(t *tileset, id uint32) (*tileLook, error) {
	if lk, ok := t.looks[id]; ok {
		return lk, nil
	}
	lk := &tileLook{}
	if off := t.ts.TileOffset; off != nil {
		if abs(off.X) > MaxImageSide || abs(off.Y) > MaxImageSide {
			return nil, fmt.Errorf("%s: tile offset (%d,%d) is out of range", t.file, off.X, off.Y)
		}
		lk.dx, lk.dy = off.X, off.Y
	}
	var err error
	if lk.image, lk.src, err = l.src(t, id); err != nil {
		return nil, err
	}
	if tt := t.tiles[id]; tt != nil && len(tt.Animation) > 0 {
		if len(tt.Animation) > MaxAnimFrames {
			return nil, fmt.Errorf("%s: tile %d: animation has %d frames, more than the limit of %d", t.file, id, len(tt.Animation), MaxAnimFrames)
		}
		for _, fr := range tt.Animation {
			if fr == nil {
				continue
			}
			if fr.Duration < 1 || fr.Duration > MaxFrameMillis {
				return nil, fmt.Errorf("%s: tile %d: animation frame of %d ms (want 1 to %d)", t.file, id, fr.Duration, MaxFrameMillis)
			}
			f := Frame{Duration: int(fr.Duration)}
			if f.Image, f.Src, err = l.src(t, fr.TileID); err != nil {
				return nil, fmt.Errorf("tile %d: animation: %w", id, err)
			}
			lk.anim = append(lk.anim, f)
		}
	}
	t.looks[id] = lk
	return lk, nil
}

// rule returns what tile id means for the board, reading its class and
// properties once.
func (l *loader) rule(t *tileset, id uint32) (*tileRule, error) {
	if r, ok := t.rules[id]; ok {
		return r, nil
	}
	r, err := l.readRule(t, id)
	if err != nil {
		return nil, fmt.Errorf("%s: tile %d: %w", t.file, id, err)
	}
	t.rules[id] = r
	return r, nil
}

func (l *loader) readRule(t *tileset, id uint32) (*tileRule, error) {
	r := &tileRule{}
	tt := t.tiles[id]
	if tt == nil {
		return r, nil
	}
	p := props{}
	p.add(tt.Properties, fromOwn)
	class := tt.Class
	if class == "" {
		if _, ok := p["height"]; ok {
			class = "Cover"
		}
	}
	if class != "" {
		if members, ok := l.proj.classes[class]; ok {
			p.addDefaults(members)
		} else {
			l.unknownClass(fmt.Sprintf("%s: tile %d", t.file, id), class)
		}
	}
	var err error
	if _, r.hasFloor = p["floor"]; r.hasFloor {
		if r.floor, err = p.int("floor", 0); err != nil {
			return nil, err
		}
		if r.floor < -99 || r.floor > 99 {
			return nil, propError("floor", fmt.Errorf("%d is out of range (want -99 to 99)", r.floor))
		}
	}
	if _, r.hasCost = p["cost"]; r.hasCost {
		if r.cost, err = p.int("cost", 1); err != nil {
			return nil, err
		}
		if r.cost < 0 || r.cost > 99 {
			return nil, propError("cost", fmt.Errorf("%d is out of range (want 0 for impassable to 99)", r.cost))
		}
	}
	if class == "Cover" {
		o, err := l.cover(p)
		if err != nil {
			return nil, err
		}
		r.cover = &o
	}
	return r, nil
}

// badTile is a tile of a tileset whose look or rule failed.
type badTile struct {
	ts *tiled.Tileset
	id uint32
}

// tileLayers turns the tile layers into drawing layers and board tiles,
// returning the obstacles of cover tiles. Every tile layer counts for the
// board; only visible ones are drawn. A tile or tileset that fails is
// recorded once (fail) and its cells skipped.
func (l *loader) tileLayers() ([]rules.Obstacle, error) {
	var cover []rules.Obstacle
	failed := map[*tiled.Tileset]bool{}
	bad := map[badTile]bool{}
	w := l.m.Width
	ts := float64(l.board.TileSize)
	for k := range l.flat {
		f := &l.flat[k]
		layer := f.tile
		if layer == nil {
			continue
		}
		if len(layer.Tiles) != w*l.m.Height {
			return nil, fmt.Errorf("layer %q: has %d tiles, want %d", layer.Name, len(layer.Tiles), w*l.m.Height)
		}
		tl := f.drawLayer()
		where := fmt.Sprintf("layer %q", layer.Name)
		for i, lt := range layer.Tiles {
			if lt == nil || lt.Nil || lt.Tileset == nil {
				continue
			}
			t, err := l.tileset(lt.Tileset)
			if err != nil {
				if !failed[lt.Tileset] {
					failed[lt.Tileset] = true
					l.fail(where, err)
				}
				continue
			}
			key := badTile{lt.Tileset, lt.ID}
			if bad[key] {
				continue
			}
			look, err := l.look(t, lt.ID)
			if err != nil {
				bad[key] = true
				l.fail(where, err)
				continue
			}
			x, y := i%w, i/w
			if f.visible {
				tl.Cells = append(tl.Cells, Cell{X: x, Y: y, Image: look.image, Src: look.src,
					FlipH: lt.HorizontalFlip, FlipV: lt.VerticalFlip, FlipD: lt.DiagonalFlip, Anim: look.anim, DX: look.dx, DY: look.dy})
			}
			r, err := l.rule(t, lt.ID)
			if err != nil {
				bad[key] = true
				l.fail(where, err)
				continue
			}
			p := rules.Point{X: x, Y: y}
			tile := l.board.Tile(p)
			if r.hasFloor {
				tile.Floor = r.floor
			}
			if r.hasCost {
				tile.Cost = r.cost
			}
			l.board.SetTile(p, tile)
			if r.cover != nil {
				o := *r.cover
				o.Name = tileCoverName(o)
				o.Shape = rules.RectShape(float64(float64(x)*ts), float64(float64(y)*ts), ts, ts)
				cover = append(cover, o)
			}
		}
		if f.visible {
			f.draw = &tl
		}
	}
	// Bases are known only once every layer has set its floors.
	for i := range cover {
		min, max := cover[i].Shape.Bounds()
		cover[i].Base = l.floorAt(min.Add(max).Scale(0.5))
	}
	return cover, nil
}

// tileCoverName names cover painted as tiles the way players read it in the
// log and the why panel: "brick wall", "low sandbag wall", "hedge", "window".
func tileCoverName(o rules.Obstacle) string {
	switch o.Material {
	case "foliage":
		if o.Height >= rules.HeightFull {
			return "thicket"
		}
		return "hedge"
	case "glass":
		return "window"
	case "smoke":
		return "smoke"
	}
	kind := "wall"
	switch {
	case o.Height <= rules.HeightVeryLow:
		kind = "kerb"
	case o.Height == rules.HeightLow:
		kind = "low wall"
	case o.Height == rules.HeightHigh:
		kind = "high wall"
	}
	if o.Material == "" {
		return kind
	}
	return o.Material + " " + kind
}

func abs(v int) int { return max(v, -v) }
