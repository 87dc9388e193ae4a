package systems

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// liftPerBrick is how far up, in world pixels, an obstacle's top face is
// drawn per brick of height, so taller cover shows a taller side.
const liftPerBrick = 2.2

// Look is the kind of picture an obstacle is drawn as.
type Look int

// The obstacle looks.
const (
	// LookSolid is an extruded block: a side face under a lifted top face.
	LookSolid Look = iota
	// LookGlass is a translucent pane with a glint (stops effect, not sight).
	LookGlass
	// LookSmoke is a cluster of translucent puffs (stops sight, not effect).
	LookSmoke
	// LookFoliage is a leafy canopy (hides, does not stop bullets).
	LookFoliage
)

// ObstacleStyle is how an obstacle is drawn.
type ObstacleStyle struct {
	// Look picks the kind of picture.
	Look Look
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
}

// Material colours of solid cover; cover without a material is coloured by
// its height instead.
var materialColors = map[string]color.RGBA{
	"wood":     {0x9a, 0x6a, 0x44, 0xff},
	"sandbag":  {0xc8, 0xab, 0x78, 0xff},
	"brick":    {0xa5, 0x53, 0x3f, 0xff},
	"concrete": {0x8b, 0x8f, 0x94, 0xff},
	"metal":    {0x6f, 0x81, 0x94, 0xff},
	"stone":    {0x8a, 0x84, 0x7a, 0xff},
}

// heightColor returns the colour of cover without a known material: walls
// dark grey, high cover brown, low cover tan, very low cover pale.
func heightColor(h int) color.RGBA {
	switch {
	case h >= rules.HeightFull:
		return color.RGBA{0x6b, 0x72, 0x80, 0xff}
	case h >= rules.HeightHigh:
		return color.RGBA{0x9a, 0x6a, 0x44, 0xff}
	case h >= rules.HeightLow:
		return color.RGBA{0xd2, 0xb4, 0x7c, 0xff}
	}
	return color.RGBA{0xe4, 0xdc, 0xc0, 0xff}
}

// StyleOf returns the style of an obstacle from its material, its
// sight/effect flags and its height: glass is a translucent pane, smoke
// grey puffs, foliage a green canopy; solid cover is coloured by material
// (or by height without one), raised by its height and labelled with it
// when lower than a wall.
func StyleOf(o *rules.Obstacle) ObstacleStyle {
	mat := strings.ToLower(o.Material)
	switch {
	case mat == "glass" || (!o.BlocksSight && o.BlocksEffect):
		return ObstacleStyle{Look: LookGlass, Top: color.NRGBA{0x67, 0xe8, 0xf9, 0x50}, Edge: color.NRGBA{0xa5, 0xf3, 0xfc, 0xe0}}
	case mat == "foliage" || strings.Contains(mat, "hedge"):
		return ObstacleStyle{Look: LookFoliage, Top: color.NRGBA{0x3f, 0x7d, 0x3a, 0xe0}, Side: color.NRGBA{0x10, 0x24, 0x10, 0x70}, Edge: color.NRGBA{0x1a, 0x33, 0x18, 0xe8}}
	case mat == "smoke" || (o.BlocksSight && !o.BlocksEffect):
		return ObstacleStyle{Look: LookSmoke, Top: color.NRGBA{0xc4, 0xc9, 0xd2, 0x50}, Edge: color.NRGBA{0xe5, 0xe7, 0xeb, 0x60}}
	}
	top, ok := materialColors[mat]
	if !ok {
		top = heightColor(o.Height)
	}
	st := ObstacleStyle{Look: LookSolid, Top: WithAlpha(top, 0xff), Side: WithAlpha(Shade(top, 0.55), 0xff),
		Edge: WithAlpha(Shade(top, 0.35), 0xff), Lift: liftPerBrick * float64(o.Height)}
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
	// Know gives the obstacles to draw on a board (nil: its own): the
	// battle's fog gives those the side it shows the battle to remembers
	// (Fog.Obstacles).
	Know Knowledge
	// Cache, when set, gives the layer's first picture when a battle
	// before drew the same obstacles on the same map, and keeps this
	// one's for the battles after (nil: each layer draws its own).
	Cache *ObstacleCache

	shifted []rules.Vec
	img     *ebiten.Image
	shared  *cachedLayer // img is the cache's, not the layer's own
	sig     uint64
	scale   float64
	paint   Painter
	screen  screenCache // the layer at screen resolution, for a still camera
}

// obstaclePad is the room above the map, in world pixels, for the lifted
// top faces of obstacles on the first row.
const obstaclePad = 16

// maxCacheSide is the largest side of the cached obstacle image.
const maxCacheSide = 4096

// Draw draws the board's obstacles through the camera.
func (l *ObstacleLayer) Draw(dst *ebiten.Image, v *View) {
	obs := v.Board.Obstacles
	if l.Know != nil {
		obs = l.Know.Obstacles(v.Board)
	}
	if sig := obstacleSignature(obs); l.img == nil || sig != l.sig {
		l.rebuild(v, obs)
		l.sig = sig
	}
	g := v.Cam.GeoM()
	w, h := l.img.Bounds().Dx(), l.img.Bounds().Dy()
	area := screenArea(g, 0, -obstaclePad, float64(w)/l.scale, float64(h)/l.scale-obstaclePad)
	l.screen.draw(dst, g, l.sig, area, false, func(img *ebiten.Image) {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Scale(1/l.scale, 1/l.scale)
		op.GeoM.Translate(0, -obstaclePad)
		op.GeoM.Concat(g)
		op.Filter = ebiten.FilterLinear
		img.DrawImage(l.img, op)
	})
}

// release frees the cached image.
func (l *ObstacleLayer) release() {
	l.screen.release()
	l.paint.Release()
	l.drop()
}

// drop lets the layer's image go: its own is freed, the cache's given
// back.
func (l *ObstacleLayer) drop() {
	if l.shared != nil {
		l.shared.done()
		l.shared = nil
	} else if l.img != nil {
		l.img.Deallocate()
	}
	l.img = nil
}

// rebuild redraws the obstacles obs into the cache: solid ones first
// (lowest first, so taller tops overlap lower ones), then the see-through
// ones. The layer's first picture comes from l.Cache when it holds the
// same, and goes into it when not.
func (l *ObstacleLayer) rebuild(v *View, obs []*rules.Obstacle) {
	b := v.Board
	first := l.img == nil
	var key uint64
	if l.Cache != nil && first {
		key = obstacleKey(b, obs)
		if e := l.Cache.get(key); e != nil {
			l.shared, l.img, l.scale = e, e.img, e.scale
			return
		}
	}
	w, h := float64(b.Width*b.TileSize), float64(b.Height*b.TileSize)+obstaclePad
	l.scale = 1
	if 2*w <= maxCacheSide && 2*h <= maxCacheSide {
		l.scale = 2
	}
	l.drop()
	l.img = NewLayer(int(w*l.scale), int(h*l.scale))
	cam := &Camera{X: 0, Y: -obstaclePad, Zoom: l.scale, ViewW: w * l.scale, ViewH: h * l.scale, WorldW: w, WorldH: h}
	// Drawn once: every shape a path, the layer in a few batches of
	// them (painter_batch.go), none from the view's kept shapes.
	l.paint.Batch = true
	cv := &View{Cam: cam, Board: b, Paint: &l.paint, Fonts: v.Fonts}
	styles := make([]ObstacleStyle, len(obs))
	for i, o := range obs {
		styles[i] = StyleOf(o)
	}
	labelled := labelPlaces(obs, styles)
	for _, pass := range []Look{LookSolid, LookGlass, LookFoliage, LookSmoke} {
		for i, o := range obs {
			if styles[i].Look == pass {
				l.drawOne(l.img, cv, o, styles[i], labelled[i])
			}
		}
	}
	l.paint.FlushText(l.img, v.Fonts)
	if l.Cache != nil && first {
		l.shared = l.Cache.put(key, l.img, l.scale)
	}
}

// labelPlaces says which obstacles carry a height label: solid ones big
// enough for it, except one whose east neighbour continues the same cover
// (a row of ASCII tiles is labelled once, at its east end).
func labelPlaces(obs []*rules.Obstacle, styles []ObstacleStyle) []bool {
	type key struct{ x, y, h int }
	west := make(map[key]bool, len(obs))
	for i, o := range obs {
		if styles[i].Label != "" {
			mn, _ := o.Shape.Bounds()
			west[key{int(mn.X), int(mn.Y), o.Height}] = true
		}
	}
	out := make([]bool, len(obs))
	for i, o := range obs {
		if styles[i].Label == "" {
			continue
		}
		mn, mx := o.Shape.Bounds()
		out[i] = mx.X-mn.X >= 14 && mx.Y-mn.Y >= 14 && !west[key{int(mx.X), int(mn.Y), o.Height}]
	}
	return out
}

// obstacleSignature changes whenever an obstacle is added to obs, removed,
// damaged or reshaped.
func obstacleSignature(obs []*rules.Obstacle) uint64 {
	h := uint64(14695981039346656037)
	mix := func(v int) {
		h ^= uint64(v)
		h *= 1099511628211
	}
	mix(len(obs))
	for _, o := range obs {
		mix(o.ID)
		mix(o.Wounds)
		mix(o.Height)
		mix(len(o.Shape.Points))
	}
	return h
}

// drawOne draws one obstacle in its style.
func (l *ObstacleLayer) drawOne(dst *ebiten.Image, v *View, o *rules.Obstacle, st ObstacleStyle, label bool) {
	switch st.Look {
	case LookSmoke:
		l.drawSmoke(dst, v, o, st)
		return
	case LookFoliage:
		l.drawFoliage(dst, v, o, st)
		return
	}
	lift := v.Scale(st.Lift)
	raised := func(w rules.Vec) (float64, float64) {
		x, y := v.ToScreen(w)
		return x, y - lift
	}
	edgeW := clamp(v.Scale(1.2), 1, 3)
	if o.Shape.Kind == rules.ShapeCircle {
		cx, cy := v.ToScreen(o.Shape.Center)
		r := v.Scale(o.Shape.Radius)
		if st.Look == LookSolid {
			v.Paint.Circle(dst, cx, cy, r, st.Side)
			v.Paint.Rect(dst, cx-r, cy-lift, 2*r, lift, st.Side)
		}
		v.Paint.Circle(dst, cx, cy-lift, r, st.Top)
		v.Paint.Ring(dst, cx, cy-lift, r, edgeW, st.Edge)
		if st.Look == LookSolid {
			// A highlight on the lit (north-west) rim.
			v.Paint.Circle(dst, cx-r*0.3, cy-lift-r*0.3, r*0.35, color.NRGBA{0xff, 0xff, 0xff, 0x22})
		}
	} else {
		if st.Look == LookSolid {
			v.Paint.Polygon(dst, o.Shape.Points, v.ToScreen, 0, st.Side)
			l.drawSides(dst, v, o.Shape.Points, lift, st.Side)
		}
		v.Paint.Polygon(dst, o.Shape.Points, raised, 0, st.Top)
		v.Paint.Polygon(dst, o.Shape.Points, raised, edgeW, st.Edge)
	}
	if st.Look == LookGlass {
		l.drawGlint(dst, v, o)
	}
	if o.ArrowSlit {
		c := shapeCenter(o.Shape)
		x, y := raised(c)
		mn, mx := o.Shape.Bounds()
		// The slit runs along the obstacle's longer side.
		sw, sh := v.Scale(math.Min(18, (mx.X-mn.X)*0.6)), v.Scale(3)
		if mx.Y-mn.Y > mx.X-mn.X {
			sw, sh = v.Scale(3), v.Scale(math.Min(18, (mx.Y-mn.Y)*0.6))
		}
		v.Paint.RoundRect(dst, x-sw/2, y-sh/2, sw, sh, v.Scale(1), 0, color.RGBA{0x1c, 0x12, 0x0a, 0xff})
	}
	if label {
		lc := color.NRGBA{st.Edge.R, st.Edge.G, st.Edge.B, 0xd0}
		if o.Shape.Kind == rules.ShapeRect {
			// In the top face's north-east corner.
			mn, mx := o.Shape.Bounds()
			x, y := raised(rules.Vec{X: mx.X, Y: mn.Y})
			v.Paint.Text(st.Label, v.Scale(9), true, x-v.Scale(3), y+v.Scale(1), lc, AlignRight)
		} else {
			x, y := raised(shapeCenter(o.Shape))
			v.Paint.Text(st.Label, v.Scale(9), true, x, y, lc, AlignCenter)
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

// drawGlint draws two light diagonal streaks across a glass pane.
func (l *ObstacleLayer) drawGlint(dst *ebiten.Image, v *View, o *rules.Obstacle) {
	mn, mx := o.Shape.Bounds()
	c := shapeCenter(o.Shape)
	d := math.Min(mx.X-mn.X, mx.Y-mn.Y) * 0.3
	x, y := v.ToScreen(c)
	s := v.Scale(d)
	w := clamp(v.Scale(1.5), 1, 3)
	v.Paint.Line(dst, x-s, y+s, x+s*0.2, y-s*0.2, w, color.NRGBA{0xff, 0xff, 0xff, 0x70})
	v.Paint.Line(dst, x-s*0.1, y+s, x+s, y+s*0.1, w*0.7, color.NRGBA{0xff, 0xff, 0xff, 0x50})
}

// puffs returns points spread over a shape, about spacing world pixels
// apart, where smoke puffs or leaf clumps go; always at least the centre.
func puffs(s rules.Shape, spacing float64, out []rules.Vec) []rules.Vec {
	out = out[:0]
	mn, mx := s.Bounds()
	for y := mn.Y + spacing/2; y < mx.Y; y += spacing {
		row := int((y - mn.Y) / spacing)
		for x := mn.X + spacing/2 + float64(row%2)*spacing/2; x < mx.X; x += spacing {
			if p := (rules.Vec{X: x, Y: y}); s.Contains(p) {
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 {
		out = append(out, shapeCenter(s))
	}
	return out
}

// drawSmoke draws a smoke screen as overlapping soft puffs over its shape.
func (l *ObstacleLayer) drawSmoke(dst *ebiten.Image, v *View, o *rules.Obstacle, st ObstacleStyle) {
	ts := float64(v.Board.TileSize)
	v.Paint.Polygon(dst, shapeOutline(o.Shape, l.shifted[:0]), v.ToScreen, 0, color.NRGBA{st.Top.R, st.Top.G, st.Top.B, st.Top.A / 2})
	l.shifted = puffs(o.Shape, ts*0.5, l.shifted)
	for i, p := range l.shifted {
		x, y := v.ToScreen(p)
		r := v.Scale(ts * (0.3 + 0.06*float64(i%3)))
		v.Paint.Circle(dst, x, y, r, st.Top)
		v.Paint.Circle(dst, x-r*0.25, y-r*0.3, r*0.5, color.NRGBA{0xff, 0xff, 0xff, 0x18})
	}
}

// drawFoliage draws a canopy: a dark shadow, a green body with a scalloped
// rim of leaf clumps, and lighter clumps on top.
func (l *ObstacleLayer) drawFoliage(dst *ebiten.Image, v *View, o *rules.Obstacle, st ObstacleStyle) {
	ts := float64(v.Board.TileSize)
	off := v.Scale(3)
	shifted := func(w rules.Vec) (float64, float64) {
		x, y := v.ToScreen(w)
		return x + off, y + off
	}
	outline := shapeOutline(o.Shape, l.shifted[:0])
	v.Paint.Polygon(dst, outline, shifted, 0, st.Side)
	v.Paint.Polygon(dst, outline, v.ToScreen, 0, st.Top)
	v.Paint.Polygon(dst, outline, v.ToScreen, clamp(v.Scale(1.2), 1, 3), st.Edge)
	light := color.NRGBA{0x5f, 0xa8, 0x50, 0xe0}
	l.shifted = puffs(o.Shape, ts*0.55, l.shifted)
	for i, p := range l.shifted {
		x, y := v.ToScreen(p)
		r := v.Scale(ts * (0.16 + 0.04*float64(i%3)))
		v.Paint.Circle(dst, x, y, r, light)
		v.Paint.Circle(dst, x-r*0.3, y-r*0.3, r*0.45, color.NRGBA{0x8c, 0xc8, 0x6e, 0x90})
	}
}

// shapeOutline returns a polygon outline of a shape, approximating a
// circle with 24 points, appended to out.
func shapeOutline(s rules.Shape, out []rules.Vec) []rules.Vec {
	if s.Kind != rules.ShapeCircle {
		return append(out, s.Points...)
	}
	const n = 24
	for i := 0; i < n; i++ {
		a := 2 * math.Pi * float64(i) / n
		out = append(out, rules.Vec{X: s.Center.X + s.Radius*math.Cos(a), Y: s.Center.Y + s.Radius*math.Sin(a)})
	}
	return out
}

// shapeCenter returns the centre of a shape's bounds.
func shapeCenter(s rules.Shape) rules.Vec {
	if s.Kind == rules.ShapeCircle {
		return s.Center
	}
	mn, mx := s.Bounds()
	return rules.Vec{X: (mn.X + mx.X) / 2, Y: (mn.Y + mx.Y) / 2}
}

func identity(w rules.Vec) (float64, float64) { return w.X, w.Y }
