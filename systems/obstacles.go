package systems

import (
	"image/color"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// liftPerBrick is how far up, in world pixels, an obstacle's top face is
// drawn per brick of height, so taller cover shows a taller side.
const liftPerBrick = 1.6

// ObstacleStyle is how an obstacle is drawn.
type ObstacleStyle struct {
	// Top is the fill of the top face.
	Top color.NRGBA
	// Side is the fill of the visible south face.
	Side color.NRGBA
	// Edge is the outline of the top face.
	Edge color.NRGBA
	// Lift is how far the top face is raised, in world pixels.
	Lift float64
	// Label is the small height label ("" for none).
	Label string
	// Translucent shapes (glass, smoke) draw with alpha and no side.
	Translucent bool
}

// StyleOf returns the style of an obstacle from its sight/effect flags,
// material and height: walls dark grey, high cover brown, low sandbags tan,
// very low pale, glass translucent cyan, smoke translucent grey.
func StyleOf(o *rules.Obstacle) ObstacleStyle {
	mat := strings.ToLower(o.Material)
	switch {
	case mat == "smoke" || (o.BlocksSight && !o.BlocksEffect):
		return ObstacleStyle{Top: color.NRGBA{0xb4, 0xb9, 0xc2, 0x8c}, Edge: color.NRGBA{0xe5, 0xe7, 0xeb, 0x60}, Translucent: true}
	case mat == "glass" || (!o.BlocksSight && o.BlocksEffect):
		return ObstacleStyle{Top: color.NRGBA{0x67, 0xe8, 0xf9, 0x50}, Edge: color.NRGBA{0xa5, 0xf3, 0xfc, 0xe0}, Translucent: true}
	}
	var top color.RGBA
	switch {
	case o.Height >= rules.HeightFull:
		top = color.RGBA{0x6b, 0x72, 0x80, 0xff}
	case o.Height >= rules.HeightHigh:
		top = color.RGBA{0x9a, 0x6a, 0x44, 0xff}
	case o.Height >= rules.HeightLow:
		top = color.RGBA{0xd2, 0xb4, 0x7c, 0xff}
	default:
		top = color.RGBA{0xe4, 0xdc, 0xc0, 0xff}
	}
	switch {
	case strings.Contains(mat, "hedge") || strings.Contains(mat, "foliage") || strings.Contains(mat, "bush"):
		top = color.RGBA{0x4d, 0x8a, 0x4a, 0xff}
	case strings.Contains(mat, "metal") || strings.Contains(mat, "steel"):
		top = color.RGBA{0x7d, 0x8b, 0x99, 0xff}
	case strings.Contains(mat, "water"):
		top = color.RGBA{0x3a, 0x6e, 0xa5, 0xff}
	}
	st := ObstacleStyle{Top: WithAlpha(top, 0xff), Side: WithAlpha(Shade(top, 0.55), 0xff), Edge: WithAlpha(Shade(top, 0.35), 0xff), Lift: liftPerBrick * float64(o.Height)}
	if o.Height < rules.HeightFull {
		st.Label = strconv.Itoa(o.Height)
	}
	return st
}

// ObstacleLayer draws the board's standing obstacles from their shapes.
// They are drawn once into a cached image (at twice the world resolution
// when it fits) and blitted through the camera; the cache is redrawn when
// the set of obstacles changes.
type ObstacleLayer struct {
	shifted []rules.Vec
	img     *ebiten.Image
	sig     uint64
	scale   float64
	paint   Painter
}

// obstaclePad is the room above the map, in world pixels, for the lifted
// top faces of obstacles on the first row.
const obstaclePad = 16

// Draw draws the board's obstacles through the camera.
func (l *ObstacleLayer) Draw(dst *ebiten.Image, v *View) {
	if sig := obstacleSignature(v.Board); l.img == nil || sig != l.sig {
		l.rebuild(v)
		l.sig = sig
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Scale(1/l.scale, 1/l.scale)
	op.GeoM.Translate(0, -obstaclePad)
	op.GeoM.Concat(v.Cam.GeoM())
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(l.img, op)
}

// rebuild redraws every obstacle into the cache.
func (l *ObstacleLayer) rebuild(v *View) {
	b := v.Board
	w, h := float64(b.Width*b.TileSize), float64(b.Height*b.TileSize)+obstaclePad
	l.scale = 1
	if 2*w <= 4096 && 2*h <= 4096 {
		l.scale = 2
	}
	if l.img != nil {
		l.img.Deallocate()
	}
	l.img = ebiten.NewImage(int(w*l.scale), int(h*l.scale))
	cam := &Camera{X: 0, Y: -obstaclePad, Zoom: l.scale, ViewW: w * l.scale, ViewH: h * l.scale, WorldW: w, WorldH: h}
	cv := &View{Cam: cam, Board: b, Paint: &l.paint, Fonts: v.Fonts}
	for _, o := range b.Obstacles {
		l.drawOne(l.img, cv, o, StyleOf(o))
	}
	l.paint.FlushText(l.img, v.Fonts)
}

// obstacleSignature changes whenever an obstacle is added, removed,
// damaged or reshaped.
func obstacleSignature(b *rules.Board) uint64 {
	h := uint64(14695981039346656037)
	mix := func(v int) {
		h ^= uint64(v)
		h *= 1099511628211
	}
	mix(len(b.Obstacles))
	for _, o := range b.Obstacles {
		mix(o.ID)
		mix(o.Wounds)
		mix(o.Height)
		mix(len(o.Shape.Points))
	}
	return h
}

func (l *ObstacleLayer) drawOne(dst *ebiten.Image, v *View, o *rules.Obstacle, st ObstacleStyle) {
	toScreen := v.ToScreen
	lift := v.Scale(st.Lift)
	raised := func(w rules.Vec) (float64, float64) {
		x, y := v.ToScreen(w)
		return x, y - lift
	}
	edgeW := clamp(v.Scale(1.5), 1, 3)
	switch o.Shape.Kind {
	case rules.ShapeCircle:
		cx, cy := toScreen(o.Shape.Center)
		r := v.Scale(o.Shape.Radius)
		if !st.Translucent {
			v.Paint.Circle(dst, cx, cy, r, st.Side)
			v.Paint.Rect(dst, cx-r, cy-lift, 2*r, lift, st.Side)
		}
		v.Paint.Circle(dst, cx, cy-lift, r, st.Top)
		v.Paint.Ring(dst, cx, cy-lift, r, edgeW, st.Edge)
	default:
		if !st.Translucent {
			v.Paint.Polygon(dst, o.Shape.Points, toScreen, 0, st.Side)
			l.drawSides(dst, v, o.Shape.Points, lift, st.Side)
		}
		v.Paint.Polygon(dst, o.Shape.Points, raised, 0, st.Top)
		v.Paint.Polygon(dst, o.Shape.Points, raised, edgeW, st.Edge)
	}
	if o.ArrowSlit {
		c := o.Shape.Center
		if o.Shape.Kind != rules.ShapeCircle {
			mn, mx := o.Shape.Bounds()
			c = rules.Vec{X: (mn.X + mx.X) / 2, Y: (mn.Y + mx.Y) / 2}
		}
		x, y := raised(c)
		v.Paint.Rect(dst, x-v.Scale(9), y-v.Scale(1.5), v.Scale(18), v.Scale(3), color.RGBA{0x1c, 0x12, 0x0a, 0xff})
	}
	if st.Label != "" {
		mn, mx := o.Shape.Bounds()
		x, y := raised(rules.Vec{X: mx.X, Y: mn.Y})
		if mx.X-mn.X >= 16 && mx.Y-mn.Y >= 16 {
			v.Paint.Text(st.Label, v.Scale(9), true, x-v.Scale(3), y+v.Scale(1), color.NRGBA{st.Edge.R, st.Edge.G, st.Edge.B, 0xc0}, AlignRight)
		}
	}
}

// drawSides fills the band between each polygon edge and the same edge
// raised by lift, so the obstacle's south faces show its height.
func (l *ObstacleLayer) drawSides(dst *ebiten.Image, v *View, pts []rules.Vec, lift float64, c color.Color) {
	if lift <= 0 {
		return
	}
	n := len(pts)
	for i := 0; i < n; i++ {
		a, b := pts[i], pts[(i+1)%n]
		ax, ay := v.ToScreen(a)
		bx, by := v.ToScreen(b)
		l.shifted = append(l.shifted[:0], rules.Vec{X: ax, Y: ay}, rules.Vec{X: bx, Y: by}, rules.Vec{X: bx, Y: by - lift}, rules.Vec{X: ax, Y: ay - lift})
		v.Paint.Polygon(dst, l.shifted, identity, 0, c)
	}
}

func identity(w rules.Vec) (float64, float64) { return w.X, w.Y }
