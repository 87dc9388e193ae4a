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
// and blitted through the camera every frame. A ground with animated tiles
// is redrawn when SetTime moves one to another frame.
type Terrain struct {
	img  *ebiten.Image
	spec TerrainSpec
	srcs []*ebiten.Image
	// frames holds the frame each animated tile shows, in drawing order.
	frames  []int
	animate bool
}

// NewTerrain draws the tile layers (or a plain checkered ground), raised
// floor shading and a faint grid into a cached image.
func NewTerrain(spec TerrainSpec) *Terrain {
	b := spec.Board
	t := &Terrain{img: ebiten.NewImage(b.Width*b.TileSize, b.Height*b.TileSize), spec: spec}
	t.srcs = make([]*ebiten.Image, len(spec.Images))
	for i, im := range spec.Images {
		if im != nil {
			t.srcs[i] = ebiten.NewImageFromImage(im)
		}
	}
	t.frames = t.framesAt(0)
	t.animate = len(t.frames) > 0
	t.redraw()
	return t
}

// redraw draws the ground with the animated tiles at t.frames.
func (t *Terrain) redraw() {
	spec, img := t.spec, t.img
	b := spec.Board
	ts := b.TileSize
	img.Clear()
	bg := spec.Background
	if bg.A == 0 {
		bg = ColorGround
	}
	img.Fill(bg)
	if len(spec.Layers) == 0 {
		for y := 0; y < b.Height; y++ {
			for x := 0; x < b.Width; x++ {
				if (x+y)%2 == 1 {
					img.SubImage(image.Rect(x*ts, y*ts, (x+1)*ts, (y+1)*ts)).(*ebiten.Image).Fill(ColorGroundAlt)
				}
			}
		}
	}
	t.drawLayers(ts)
	drawFloors(img, b)
	drawGrid(img, b)
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

// drawFloors lightens raised tiles, one step per brick of elevation.
func drawFloors(dst *ebiten.Image, b *rules.Board) {
	ts := float64(b.TileSize)
	px := ebiten.NewImage(1, 1)
	px.Fill(color.White)
	defer px.Deallocate()
	for y := 0; y < b.Height; y++ {
		for x := 0; x < b.Width; x++ {
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

func drawGrid(dst *ebiten.Image, b *rules.Board) {
	ts := b.TileSize
	line := ebiten.NewImage(1, 1)
	line.Fill(ColorGridLine)
	defer line.Deallocate()
	for x := 0; x <= b.Width; x++ {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Scale(1, float64(b.Height*ts))
		op.GeoM.Translate(float64(x*ts), 0)
		dst.DrawImage(line, op)
	}
	for y := 0; y <= b.Height; y++ {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Scale(float64(b.Width*ts), 1)
		op.GeoM.Translate(0, float64(y*ts))
		dst.DrawImage(line, op)
	}
}

// SetTime shows the animated tiles as they are t after the battle began
// (frame 0 at t = 0), redrawing the ground when one of them changes frame.
func (t *Terrain) SetTime(at time.Duration) {
	if !t.animate {
		return
	}
	if f := t.framesAt(at); !slices.Equal(f, t.frames) {
		t.frames = f
		t.redraw()
	}
}

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
