package systems

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// TileCell is one drawn tile of a map's tile layer.
type TileCell struct {
	// X and Y are the tile coordinates.
	X, Y int
	// Image indexes TerrainSpec.Images.
	Image int
	// Src is the tile's rectangle in that image.
	Src image.Rectangle
	// FlipH, FlipV and FlipD are Tiled's horizontal, vertical and diagonal flips.
	FlipH, FlipV, FlipD bool
}

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
	Layers [][]TileCell
}

// Terrain is the static ground of a battle, drawn once into an offscreen
// image at load and blitted through the camera every frame.
type Terrain struct {
	img *ebiten.Image
}

// NewTerrain draws the tile layers (or a plain checkered ground), raised
// floor shading and a faint grid into a cached image.
func NewTerrain(spec TerrainSpec) *Terrain {
	b := spec.Board
	ts := b.TileSize
	img := ebiten.NewImage(b.Width*ts, b.Height*ts)
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
	drawLayers(img, spec, ts)
	drawFloors(img, b)
	drawGrid(img, b)
	return &Terrain{img: img}
}

func drawLayers(dst *ebiten.Image, spec TerrainSpec, ts int) {
	srcs := make([]*ebiten.Image, len(spec.Images))
	for i, im := range spec.Images {
		if im != nil {
			srcs[i] = ebiten.NewImageFromImage(im)
		}
	}
	for _, layer := range spec.Layers {
		for _, c := range layer {
			if c.Image < 0 || c.Image >= len(srcs) || srcs[c.Image] == nil || c.Src.Empty() {
				continue
			}
			sub := srcs[c.Image].SubImage(c.Src).(*ebiten.Image)
			w, h := float64(c.Src.Dx()), float64(c.Src.Dy())
			op := &ebiten.DrawImageOptions{}
			op.GeoM = flipGeoM(w, h, c.FlipH, c.FlipV, c.FlipD)
			if c.FlipD {
				w, h = h, w
			}
			// Tiled anchors tile images at the bottom-left of their cell.
			op.GeoM.Translate(float64(c.X*ts), float64((c.Y+1)*ts)-h)
			dst.DrawImage(sub, op)
		}
	}
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
