package systems

import (
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// ReachOverlay tints the tiles a unit can reach this turn, brighter for
// the tiles one AP away, and outlines the region.
type ReachOverlay struct {
	// Side picks the tint.
	Side  rules.Side
	tiles []rules.Point
	aps   []int
	edges [][2]rules.Vec // the outline of the whole reach
	bands [][2]rules.Vec // the outline of the tiles one AP away
	quads Quads
}

// NewReachOverlay builds the overlay for a unit from its reach (the AP
// bands are the AP Move would charge); the start tile is left untinted.
func NewReachOverlay(b *rules.Board, r *rules.Reach, side rules.Side) *ReachOverlay {
	o := &ReachOverlay{Side: side}
	ts := float64(b.TileSize)
	for _, p := range r.Tiles() {
		c := r.Cost(p)
		if c == 0 {
			continue
		}
		o.tiles = append(o.tiles, p)
		o.aps = append(o.aps, r.AP(p))
	}
	band := r.AP
	for _, p := range r.Tiles() {
		x0, y0 := float64(p.X)*ts, float64(p.Y)*ts
		x1, y1 := x0+ts, y0+ts
		here := max(band(p), 1)
		sides := [4]struct {
			n    rules.Point
			a, b rules.Vec
		}{
			{rules.Point{X: p.X, Y: p.Y - 1}, rules.Vec{X: x0, Y: y0}, rules.Vec{X: x1, Y: y0}},
			{rules.Point{X: p.X, Y: p.Y + 1}, rules.Vec{X: x0, Y: y1}, rules.Vec{X: x1, Y: y1}},
			{rules.Point{X: p.X - 1, Y: p.Y}, rules.Vec{X: x0, Y: y0}, rules.Vec{X: x0, Y: y1}},
			{rules.Point{X: p.X + 1, Y: p.Y}, rules.Vec{X: x1, Y: y0}, rules.Vec{X: x1, Y: y1}},
		}
		for _, sd := range sides {
			nb := band(sd.n)
			switch {
			case nb < 0:
				o.edges = append(o.edges, [2]rules.Vec{sd.a, sd.b})
			case here == 1 && nb > 1:
				o.bands = append(o.bands, [2]rules.Vec{sd.a, sd.b})
			}
		}
	}
	return o
}

// Len returns how many tiles are tinted.
func (o *ReachOverlay) Len() int { return len(o.tiles) }

// Tinted reports whether tile p is tinted as reachable.
func (o *ReachOverlay) Tinted(p rules.Point) bool { return slices.Contains(o.tiles, p) }

// DrawOverlay tints the visible reachable tiles and draws the outline,
// all as plain quads in one draw call.
func (o *ReachOverlay) DrawOverlay(dst *ebiten.Image, v *View) {
	c := v.Theme.Side(o.Side)
	near := WithAlpha(Shade(c, 1.25), 0x58)
	far := WithAlpha(c, 0x30)
	vmin, vmax := v.Cam.Visible()
	ts := float64(v.Board.TileSize)
	visible := func(x0, y0, x1, y1 float64) bool {
		return x1 >= vmin.X && y1 >= vmin.Y && x0 <= vmax.X && y0 <= vmax.Y
	}
	for i, p := range o.tiles {
		wx, wy := float64(p.X)*ts, float64(p.Y)*ts
		if !visible(wx, wy, wx+ts, wy+ts) {
			continue
		}
		x, y, s := v.TileRect(p)
		tint := far
		if o.aps[i] <= 1 {
			tint = near
		}
		o.quads.Rect(x+1, y+1, s-2, s-2, tint)
	}
	w := clamp(v.Scale(1.5), 1, 3)
	o.addEdges(v, o.bands, w*0.75, WithAlpha(Shade(c, 1.35), 0x70), visible)
	o.addEdges(v, o.edges, w, WithAlpha(Shade(c, 1.35), 0xd0), visible)
	o.quads.Draw(dst)
}

// addEdges queues axis-aligned world segments as lines of width w.
func (o *ReachOverlay) addEdges(v *View, segs [][2]rules.Vec, w float64, c color.NRGBA, visible func(x0, y0, x1, y1 float64) bool) {
	for _, sg := range segs {
		if !visible(sg[0].X, sg[0].Y, sg[1].X, sg[1].Y) {
			continue
		}
		ax, ay := v.ToScreen(sg[0])
		bx, by := v.ToScreen(sg[1])
		o.quads.Rect(min(ax, bx)-w/2, min(ay, by)-w/2, abs(bx-ax)+w, abs(by-ay)+w, c)
	}
}

// HoverOverlay outlines the tile under the cursor.
type HoverOverlay struct {
	// Tile is the hovered tile.
	Tile rules.Point
	// Blocked draws the outline in the error colour (a selected unit cannot go there).
	Blocked bool

	quads Quads
}

// DrawOverlay brightens the hovered tile and outlines it.
func (o *HoverOverlay) DrawOverlay(dst *ebiten.Image, v *View) {
	x, y, s := v.TileRect(o.Tile)
	c := color.NRGBA{0xff, 0xff, 0xff, 0xc8}
	if o.Blocked {
		c = WithAlpha(ColorError, 0xd0)
	}
	w := math.Round(clamp(v.Scale(2), 2, 3))
	o.quads.Rect(x, y, s, s, color.NRGBA{0xff, 0xff, 0xff, 0x18})
	o.quads.Rect(x, y, s, w, c)
	o.quads.Rect(x, y+s-w, s, w, c)
	o.quads.Rect(x, y+w, w, s-2*w, c)
	o.quads.Rect(x+s-w, y+w, w, s-2*w, c)
	o.quads.Draw(dst)
}

// PathOverlay draws a planned walk: a line through the tile centres with a
// dot per step, a ring at the end and the AP cost beside it.
type PathOverlay struct {
	// Points are the world positions walked through, the start first.
	Points []rules.Vec
	// AP is the move's cost.
	AP int
	// Side picks the colour.
	Side  rules.Side
	label string
}

// NewPathOverlay returns the overlay of a path of ap action points.
func NewPathOverlay(points []rules.Vec, ap int, side rules.Side) *PathOverlay {
	return &PathOverlay{Points: points, AP: ap, Side: side, label: strconv.Itoa(ap) + " AP"}
}

// Note adds a note after the AP cost in the label ("2 AP · 33% to smash
// through").
func (o *PathOverlay) Note(s string) { o.label = strconv.Itoa(o.AP) + " AP · " + s }

// Label returns the label drawn at the path's end.
func (o *PathOverlay) Label() string { return o.label }

// DrawOverlay draws the path.
func (o *PathOverlay) DrawOverlay(dst *ebiten.Image, v *View) {
	if len(o.Points) < 2 {
		return
	}
	c := Shade(v.Theme.Side(o.Side), 1.45)
	w := clamp(v.Scale(3), 2, 5)
	for i := 1; i < len(o.Points); i++ {
		ax, ay := v.ToScreen(o.Points[i-1])
		bx, by := v.ToScreen(o.Points[i])
		v.Paint.Line(dst, ax, ay, bx, by, w+2, color.NRGBA{0, 0, 0, 0x70})
		v.Paint.Line(dst, ax, ay, bx, by, w, c)
	}
	dot := clamp(v.Scale(3.5), 2.5, 6)
	for _, p := range o.Points[1 : len(o.Points)-1] {
		x, y := v.ToScreen(p)
		v.Paint.Circle(dst, x, y, dot+1, ColorOutline)
		v.Paint.Circle(dst, x, y, dot, c)
	}
	ex, ey := v.ToScreen(o.Points[len(o.Points)-1])
	ring := v.Scale(float64(v.Board.TileSize) * 0.3)
	v.Paint.Ring(dst, ex, ey, ring, w+2, ColorOutline)
	v.Paint.Ring(dst, ex, ey, ring, w, c)

	const size = 14
	tw := v.Fonts.Width(o.label, size, true) + 12
	_, py := v.ToScreen(o.Points[len(o.Points)-2])
	lx, ly := ex-tw/2, pathLabelY(ey, py, v.Scale(float64(v.Board.TileSize)*0.5))
	v.Paint.RoundRect(dst, lx, ly, tw, 20, 6, 0, ColorPanel)
	v.Paint.RoundRect(dst, lx, ly, tw, 20, 6, 1.5, c)
	v.Paint.Text(o.label, size, true, ex, ly+10, ColorText, AlignCenter)
}

// pathLabelY returns the top of a path's 20 px cost label for a path
// ending at screen height ey, its last step taken from height py, on
// tiles half tall: above the end, or below it when the last step came
// down from above, where the label would cover the path and the unit
// that walks it.
func pathLabelY(ey, py, half float64) float64 {
	if py < ey-1 {
		return ey + half + 4
	}
	return ey - half - 24
}
