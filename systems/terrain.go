package systems

import (
	"image"
	"image/color"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// TerrainSpec says what the static ground of a battle looks like.
type TerrainSpec struct {
	// Board gives the size and floor elevations.
	Board *rules.Board
	// Background fills the map under the tiles; zero means the default ground.
	Background color.RGBA
	// Images are the decoded tileset images.
	Images []image.Image
	// Layers are the tile layers, bottom to top. With none, a plain ground
	// is drawn.
	Layers []TerrainLayer
}

// Terrain is the ground of a battle, drawn into an offscreen image at load
// and blitted through the camera every frame. When SetTime moves an
// animated tile to another frame, only the pixels around it are redrawn.
type Terrain struct {
	img  *ebiten.Image
	spec TerrainSpec
	srcs []*ebiten.Image
	// items are the layers' cells and sprites in draw order; scales the
	// layers' opacity and tint.
	items  []drawItem
	scales []ebiten.ColorScale
	// frames holds the frame each animated item shows.
	frames []int
	// near maps a tile (y*width+x) to the items whose bounds touch it, for
	// grounds with animations.
	near map[int][]int
	// px and line are white and grid-coloured pixels for floors and grid.
	px, line *ebiten.Image
	// version counts the changes of img after it was made (animated
	// tiles), for the caches drawn from it.
	version uint64
}

// NewTerrain draws the tile layers (or a plain checkered ground), raised
// floor shading and a faint grid into a cached image.
func NewTerrain(spec TerrainSpec) *Terrain {
	b := spec.Board
	t := &Terrain{img: NewLayer(b.Width*b.TileSize, b.Height*b.TileSize), spec: spec}
	t.srcs = make([]*ebiten.Image, len(spec.Images))
	for i, im := range spec.Images {
		if im != nil {
			t.srcs[i] = ebiten.NewImageFromImage(im)
		}
	}
	t.px, t.line = ebiten.NewImage(1, 1), ebiten.NewImage(1, 1)
	t.px.Fill(color.White)
	t.line.Fill(ColorGridLine)
	t.buildItems()
	t.frames = t.framesAt(0)
	if len(t.frames) > 0 {
		t.near = map[int][]int{}
		for i := range t.items {
			r := t.tilesOf(t.items[i].bounds)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					t.near[y*b.Width+x] = append(t.near[y*b.Width+x], i)
				}
			}
		}
	}
	t.redraw(t.img.Bounds())
	return t
}

// tilesOf returns the tiles a pixel rectangle touches, on the board.
func (t *Terrain) tilesOf(r image.Rectangle) image.Rectangle {
	b := t.spec.Board
	ts := b.TileSize
	r = r.Intersect(t.img.Bounds())
	if r.Empty() {
		return image.Rectangle{}
	}
	return image.Rect(r.Min.X/ts, r.Min.Y/ts, (r.Max.X+ts-1)/ts, (r.Max.Y+ts-1)/ts)
}

// redraw draws the pixels of r (all of the ground at first) with the
// animated tiles at t.frames: background, the items touching r, floors
// and grid.
func (t *Terrain) redraw(r image.Rectangle) {
	spec := t.spec
	b := spec.Board
	ts := b.TileSize
	r = r.Intersect(t.img.Bounds())
	if r.Empty() {
		return
	}
	img := t.img.SubImage(r).(*ebiten.Image)
	bg := spec.Background
	if bg.A == 0 {
		bg = ColorGround
	}
	img.Fill(bg)
	tiles := t.tilesOf(r)
	if len(spec.Layers) == 0 {
		for y := tiles.Min.Y; y < tiles.Max.Y; y++ {
			for x := tiles.Min.X; x < tiles.Max.X; x++ {
				if (x+y)%2 == 1 {
					img.SubImage(image.Rect(x*ts, y*ts, (x+1)*ts, (y+1)*ts)).(*ebiten.Image).Fill(ColorGroundAlt)
				}
			}
		}
	}
	if r == t.img.Bounds() {
		for i := range t.items {
			t.drawItem(img, &t.items[i], ts)
		}
	} else {
		var idx []int
		seen := map[int]bool{}
		for y := tiles.Min.Y; y < tiles.Max.Y; y++ {
			for x := tiles.Min.X; x < tiles.Max.X; x++ {
				for _, i := range t.near[y*b.Width+x] {
					if !seen[i] && t.items[i].bounds.Overlaps(r) {
						seen[i] = true
						idx = append(idx, i)
					}
				}
			}
		}
		slices.Sort(idx)
		for _, i := range idx {
			t.drawItem(img, &t.items[i], ts)
		}
	}
	drawFloors(img, t.px, b, tiles)
	drawGrid(img, t.line, b, tiles)
}

// flipGeoM returns the transform of a w×h tile image flipped the way Tiled
// does it: the diagonal flip (x/y swap) first, then horizontal, then
// vertical, with the result's top-left at the origin.
func flipGeoM(w, h float64, fh, fv, fd bool) ebiten.GeoM {
	var g ebiten.GeoM
	if fd {
		g.SetElement(0, 0, 0)
		g.SetElement(0, 1, 1)
		g.SetElement(1, 0, 1)
		g.SetElement(1, 1, 0)
		w, h = h, w
	}
	if fh {
		g.Scale(-1, 1)
		g.Translate(w, 0)
	}
	if fv {
		g.Scale(1, -1)
		g.Translate(0, h)
	}
	return g
}

// drawFloors lightens the raised tiles in tiles, one step per brick of
// elevation.
func drawFloors(dst, px *ebiten.Image, b *rules.Board, tiles image.Rectangle) {
	ts := float64(b.TileSize)
	for y := tiles.Min.Y; y < tiles.Max.Y; y++ {
		for x := tiles.Min.X; x < tiles.Max.X; x++ {
			f := b.Tile(rules.Point{X: x, Y: y}).Floor
			if f <= 0 {
				continue
			}
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Scale(ts, ts)
			op.GeoM.Translate(float64(x)*ts, float64(y)*ts)
			op.ColorScale.ScaleWithColor(color.NRGBA{255, 240, 200, uint8(min(18*f, 120))})
			dst.DrawImage(px, op)
		}
	}
}

// drawGrid draws the grid lines around and through tiles.
func drawGrid(dst, line *ebiten.Image, b *rules.Board, tiles image.Rectangle) {
	ts := b.TileSize
	for x := tiles.Min.X; x <= tiles.Max.X; x++ {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Scale(1, float64(tiles.Dy()*ts))
		op.GeoM.Translate(float64(x*ts), float64(tiles.Min.Y*ts))
		dst.DrawImage(line, op)
	}
	for y := tiles.Min.Y; y <= tiles.Max.Y; y++ {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Scale(float64(tiles.Dx()*ts), 1)
		op.GeoM.Translate(float64(tiles.Min.X*ts), float64(y*ts))
		dst.DrawImage(line, op)
	}
}

// SetTime shows the animated tiles as they are t after the battle began
// (frame 0 at t = 0), redrawing the ground when one of them changes frame.
func (t *Terrain) SetTime(at time.Duration) {
	if len(t.frames) == 0 {
		return
	}
	f := t.framesAt(at)
	if slices.Equal(f, t.frames) {
		return
	}
	old := t.frames
	t.frames = f
	t.version++
	for i := range t.items {
		if a := t.items[i].anim; a >= 0 && f[a] != old[a] {
			t.redraw(t.items[i].bounds)
		}
	}
}

// Animated reports whether the terrain has animated tiles: its picture
// changes with the time (SetTime).
func (t *Terrain) Animated() bool { return len(t.frames) > 0 }

// Draw blits the terrain through the camera.
func (t *Terrain) Draw(dst *ebiten.Image, cam *Camera) {
	op := &ebiten.DrawImageOptions{}
	op.GeoM = cam.GeoM()
	if cam.Zoom < 1 {
		op.Filter = ebiten.FilterLinear
	}
	dst.DrawImage(t.img, op)
}

// Size returns the terrain image's size in world pixels.
func (t *Terrain) Size() (w, h int) {
	s := t.img.Bounds().Size()
	return s.X, s.Y
}
