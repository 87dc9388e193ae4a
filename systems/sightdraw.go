package systems

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// Shield colours, from exposed (red) to improved (cyan).
var shieldColors = [...]color.RGBA{
	ShieldExposed:      ColorError,
	ShieldFlanked:      {0xfb, 0x92, 0x3c, 0xff},
	ShieldHalf:         {0xfa, 0xcc, 0x15, 0xff},
	ShieldThreeQuarter: {0xa3, 0xe6, 0x35, 0xff},
	ShieldFull:         {0x4a, 0xde, 0x80, 0xff},
	ShieldImproved:     {0x22, 0xd3, 0xee, 0xff},
}

// ShieldColor returns the colour a shield is drawn in.
func ShieldColor(s Shield) color.RGBA {
	if s < 0 || int(s) >= len(shieldColors) {
		return ColorText
	}
	return shieldColors[s]
}

// shieldFill is the share of the shield's height a grade fills, from the
// bottom.
func shieldFill(s Shield) float64 {
	switch s {
	case ShieldHalf:
		return 0.5
	case ShieldThreeQuarter:
		return 0.75
	case ShieldFull, ShieldImproved:
		return 1
	}
	return 0
}

// shieldOutline is a heater shield in unit coordinates: top edge at -1,
// point at +1.2, half-width 1.
var shieldOutline = func() []rules.Vec {
	pts := []rules.Vec{{X: -1, Y: -1}, {X: 1, Y: -1}, {X: 1, Y: 0}}
	const n = 8
	for i := 1; i <= n; i++ { // right flank curving to the point
		t := float64(i) / n
		pts = append(pts, rules.Vec{X: math.Cos(t * math.Pi / 2), Y: 1.2 * math.Sin(t*math.Pi/2)})
	}
	for i := n - 1; i >= 0; i-- { // left flank back up
		t := float64(i) / n
		pts = append(pts, rules.Vec{X: -math.Cos(t * math.Pi / 2), Y: 1.2 * math.Sin(t*math.Pi/2)})
	}
	return pts
}()

// clipBelow returns the part of polygon pts at or below y (screen y grows
// down): one Sutherland-Hodgman pass.
func clipBelow(pts []rules.Vec, y float64) []rules.Vec {
	var out []rules.Vec
	for i := range pts {
		a, b := pts[i], pts[(i+1)%len(pts)]
		ina, inb := a.Y >= y, b.Y >= y
		if ina {
			out = append(out, a)
		}
		if ina != inb {
			t := (y - a.Y) / (b.Y - a.Y)
			out = append(out, rules.Vec{X: a.X + (b.X-a.X)*t, Y: y})
		}
	}
	return out
}

// DrawShield draws a cover shield of half-width r centred at (cx, cy) in
// screen pixels: filled from the bottom by its grade, a star on improved
// cover, a slash through an empty shield when flanked, a small warning
// triangle when exposed.
func DrawShield(dst *ebiten.Image, p *Painter, cx, cy, r float64, s Shield) {
	c := ShieldColor(s)
	at := func(k float64) func(rules.Vec) (float64, float64) {
		return func(v rules.Vec) (float64, float64) { return cx + v.X*r*k, cy + v.Y*r*k }
	}
	ow := math.Max(1.2, r*0.22)
	if s == ShieldExposed {
		// A warning triangle with an exclamation mark.
		tri := []rules.Vec{{X: 0, Y: -1}, {X: 1.05, Y: 0.85}, {X: -1.05, Y: 0.85}}
		p.Polygon(dst, tri, at(0.9), ow+1.5, ColorOutline)
		p.Polygon(dst, tri, at(0.9), 0, c)
		p.Line(dst, cx, cy-r*0.4, cx, cy+r*0.2, math.Max(1.2, r*0.2), ColorOutline)
		p.Circle(dst, cx, cy+r*0.52, math.Max(0.8, r*0.12), ColorOutline)
		return
	}
	p.Polygon(dst, shieldOutline, at(1), ow+2, ColorOutline)
	p.Polygon(dst, shieldOutline, at(1), 0, color.NRGBA{0x0f, 0x17, 0x2a, 0xc8})
	if f := shieldFill(s); f > 0 {
		part := shieldOutline
		if f < 1 {
			part = clipBelow(shieldOutline, 1.2-2.2*f)
		}
		p.Polygon(dst, part, at(1), 0, c)
	}
	p.Polygon(dst, shieldOutline, at(1), ow, c)
	switch s {
	case ShieldImproved:
		// A notch of light: the arrow slit.
		p.Line(dst, cx, cy-r*0.55, cx, cy+r*0.55, math.Max(1.2, r*0.28), ColorOutline)
	case ShieldFlanked:
		p.Line(dst, cx-r*0.85, cy+r*0.95, cx+r*0.85, cy-r*0.75, ow+2, ColorOutline)
		p.Line(dst, cx-r*0.85, cy+r*0.95, cx+r*0.85, cy-r*0.75, ow, c)
	}
}

// dashed adds a dashed segment from (x0, y0) to (x1, y1) to the painter's
// path: dashes of length on, gaps of length off.
func dashed(p *Painter, x0, y0, x1, y1, on, off float64) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	path := p.Path()
	for t := 0.0; t < l; t += on + off {
		e := math.Min(t+on, l)
		path.MoveTo(float32(x0+ux*t), float32(y0+uy*t))
		path.LineTo(float32(x0+ux*e), float32(y0+uy*e))
	}
}

// DrawOverlay draws the targeting cone when a target is set or hovered,
// else the hover preview; and a short legend in the screen's top-right
// corner.
func (sv *SightView) DrawOverlay(dst *ebiten.Image, v *View) {
	switch {
	case sv.hasTarget:
		sv.drawTarget(dst, v)
	case sv.hasPrev:
		sv.drawPreview(dst, v)
	}
}

// drawPreview draws a thin line from the hovered tile to each enemy the
// unit would see there, and the cover shield beside the enemy.
func (sv *SightView) drawPreview(dst *ebiten.Image, v *View) {
	p := v.Paint
	ts := v.Scale(float64(v.Board.TileSize))
	w := clamp(ts*0.04, 1.2, 2)
	enemy := Shade(v.Theme.Side(sv.side.Other()), 1.3)
	for _, l := range sv.preview.Lines {
		ax, ay := v.ToScreen(l.From)
		bx, by := v.ToScreen(l.To)
		p.Line(dst, ax, ay, bx, by, w+2, color.NRGBA{0, 0, 0, 0x60})
		p.Line(dst, ax, ay, bx, by, w, WithAlpha(enemy, 0xd8))
	}
	if len(sv.preview.Lines) > 0 {
		from := sv.preview.Lines[0].From
		x, y := v.ToScreen(from)
		p.Circle(dst, x, y, clamp(ts*0.08, 2.5, 5), ColorOutline)
		p.Circle(dst, x, y, clamp(ts*0.06, 2, 4), WithAlpha(enemy, 0xff))
	}
	r := clamp(ts*0.17, 5, 11)
	tokens := make([][2]float64, len(sv.preview.Tokens))
	for i, t := range sv.preview.Tokens {
		tokens[i][0], tokens[i][1] = v.ToScreen(t)
	}
	for _, l := range sv.preview.Lines {
		if !v.Cam.Shows(l.To, 0) {
			sv.drawEdgeArrow(dst, v, l, r)
			continue
		}
		ex, ey := v.ToScreen(l.To)
		fx, fy := v.ToScreen(l.From)
		x, y := shieldSpot([2]float64{ex, ey}, [2]float64{fx, fy}, tokens, ts, r)
		DrawShield(dst, p, x, y, r, l.Shield)
	}
	sv.drawLegend(dst, v, false)
}

// shieldSpot is where an enemy's shield sits on screen: beside its token,
// on the upper side of the sight line, when that is clear, else the first
// spot around the token that keeps off every unit's token (tokens: their
// screen centres), so no icon hides a unit.
func shieldSpot(enemy, from [2]float64, tokens [][2]float64, ts, r float64) (float64, float64) {
	ex, ey := enemy[0], enemy[1]
	dx, dy := from[0]-ex, from[1]-ey
	l := math.Hypot(dx, dy)
	px, py := 1/math.Sqrt2, -1/math.Sqrt2 // up and right when there is no line
	if l > 0 {
		// Perpendicular to the line, to the upper side.
		px, py = -dy/l, dx/l
		if py > 0 {
			px, py = -px, -py
		}
	}
	d := ts*0.42 + r + 2 // clear of the enemy's own token
	clear := func(x, y float64) bool {
		for _, t := range tokens {
			if math.Hypot(t[0]-x, t[1]-y) < ts*0.42+r {
				return false
			}
		}
		return true
	}
	base := math.Atan2(py, px)
	for ring := 1.0; ring <= 2; ring++ {
		for i := 0; i < 8; i++ {
			// 0, +45°, -45°, +90°, … around the preferred direction.
			a := base + float64((i+1)/2)*math.Pi/4*float64(1-2*(i%2))
			x, y := ex+math.Cos(a)*d*ring, ey+math.Sin(a)*d*ring
			if clear(x, y) {
				return x, y
			}
		}
	}
	return ex + px*d, ey + py*d
}

// drawEdgeArrow draws, at the edge of the map's part of the screen, an
// arrow toward an enemy off screen that would see the unit, with the
// shield of its cover from that enemy.
func (sv *SightView) drawEdgeArrow(dst *ebiten.Image, v *View, l SightLine, r float64) {
	p := v.Paint
	ax, ay, ux, uy, ok := edgePoint(v.Cam, l.To)
	if !ok {
		return
	}
	const size = 12.0
	tri := []rules.Vec{
		{X: ax + ux*size, Y: ay + uy*size},
		{X: ax - uy*size*0.8, Y: ay + ux*size*0.8},
		{X: ax + uy*size*0.8, Y: ay - ux*size*0.8},
	}
	id := func(w rules.Vec) (float64, float64) { return w.X, w.Y }
	enemy := Shade(v.Theme.Side(sv.side.Other()), 1.3)
	p.Polygon(dst, tri, id, 0, WithAlpha(enemy, 0xf0))
	p.Polygon(dst, tri, id, 1.5, ColorOutline)
	DrawShield(dst, p, ax-ux*(r+8), ay-uy*(r+8), r, l.Shield)
}

// edgeIn is how far inside the map's part of the screen an edge arrow
// stands.
const edgeIn = 28

// edgePoint returns where the arrow toward world point w stands, on the
// edge of the screen between the camera's insets, and the unit direction
// it points in.
func edgePoint(c *Camera, w rules.Vec) (x, y, ux, uy float64, ok bool) {
	x0, y0 := c.InsetLeft, c.InsetTop
	x1, y1 := c.ViewW-c.InsetRight, c.ViewH-c.InsetBottom
	cx, cy := (x0+x1)/2, (y0+y1)/2
	ex, ey := c.WorldToScreen(w)
	dx, dy := ex-cx, ey-cy
	n := math.Hypot(dx, dy)
	if n == 0 {
		return 0, 0, 0, 0, false
	}
	t := math.Inf(1)
	if dx != 0 {
		t = math.Min(t, math.Abs(((x1-x0)/2-edgeIn)/dx))
	}
	if dy != 0 {
		t = math.Min(t, math.Abs(((y1-y0)/2-edgeIn)/dy))
	}
	return cx + dx*t, cy + dy*t, dx / n, dy / n, true
}

// drawTarget draws the cover cone from the point of origin to the target's
// two closest corners, the origin dot, the line to the target (dashed
// when seen but not reachable), the covering obstacle or unit outlined and
// the grade label.
func (sv *SightView) drawTarget(dst *ebiten.Image, v *View) {
	p := v.Paint
	t := &sv.target
	c := t.Cover
	ts := v.Scale(float64(v.Board.TileSize))
	side := Shade(v.Theme.Side(sv.side), 1.35)
	ox, oy := v.ToScreen(t.Origin)
	tx, ty := v.ToScreen(t.To)
	w := clamp(ts*0.04, 1.2, 2)

	if c.LoS {
		cone := []rules.Vec{t.Origin, c.Corners[0], c.Corners[1]}
		p.Polygon(dst, cone, v.ToScreen, 0, WithAlpha(side, 0x38))
		p.Polygon(dst, cone, v.ToScreen, w*0.8, WithAlpha(side, 0x90))
	}
	// The covering obstacle, outlined brightly on its top face; or the unit.
	if o := c.By; o != nil && c.LoS && t.Grade >= rules.CoverHalf {
		lift := v.Scale(StyleOf(o).Lift)
		raised := func(w rules.Vec) (float64, float64) {
			x, y := v.ToScreen(w)
			return x, y - lift
		}
		out := shapeOutline(o.Shape, nil)
		p.Polygon(dst, out, raised, clamp(ts*0.1, 3, 6), ColorOutline)
		p.Polygon(dst, out, raised, clamp(ts*0.06, 2, 3.5), ColorAccent)
	} else if u := c.ByUnit; u != nil && c.LoS && t.Grade >= rules.CoverHalf {
		x, y := v.ToScreen(v.Board.SpaceCenter(u))
		rr := ts * 0.45 * float64(max(u.Size, 1))
		p.Ring(dst, x, y, rr, clamp(ts*0.1, 3, 6), ColorOutline)
		p.Ring(dst, x, y, rr, clamp(ts*0.06, 2, 3.5), ColorAccent)
	}
	// The line to the target.
	switch t.Status {
	case StatusNoSight:
		dashed(p, ox, oy, tx, ty, 3, 5)
		p.Stroke(dst, w, WithAlpha(ColorTextDim, 0xb0))
	case StatusNoEffect:
		dashed(p, ox, oy, tx, ty, 8, 6)
		p.Stroke(dst, w+2, color.NRGBA{0, 0, 0, 0x60})
		dashed(p, ox, oy, tx, ty, 8, 6)
		p.Stroke(dst, w, side)
	default:
		p.Line(dst, ox, oy, tx, ty, w+2, color.NRGBA{0, 0, 0, 0x60})
		p.Line(dst, ox, oy, tx, ty, w, side)
	}
	p.Circle(dst, ox, oy, clamp(ts*0.09, 3, 6), ColorOutline)
	p.Circle(dst, ox, oy, clamp(ts*0.065, 2, 4.5), color.White)

	// The label.
	label, sub := t.Label, t.Status
	if t.Status == StatusNoSight {
		label, sub = "No line of sight", ""
	}
	sh := ShieldOf(t.Grade)
	if t.Flanked && t.Grade == rules.CoverNone {
		sh = ShieldFlanked
	}
	col := ShieldColor(sh)
	if t.Status == StatusNoSight {
		col = ColorTextDim
	}
	const size = 14
	lw := v.Fonts.Width(label, size, true)
	if sub != "" {
		lw = math.Max(lw, v.Fonts.Width(sub, 12, false))
	}
	icon := 0.0
	if t.Status != StatusNoSight {
		icon = 20
	}
	bw, bh := lw+20+icon, 24.0
	if sub != "" {
		bh = 40
	}
	// Under the target (the hit chance tag goes above it), kept on screen.
	sw, shh := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	bx := clamp(tx-bw/2, 4, sw-bw-4)
	by := clamp(ty+ts*0.62, float64(topBarH)+4, shh-bh-4)
	p.RoundRect(dst, bx, by, bw, bh, 7, 0, ColorPanel)
	p.RoundRect(dst, bx, by, bw, bh, 7, 1.5, col)
	if icon > 0 {
		DrawShield(dst, p, bx+10+icon/2-2, by+12, 6.5, sh)
	}
	p.Text(label, size, true, bx+10+icon, by+4, ColorText, AlignLeft)
	if sub != "" {
		p.Text(sub, 12, false, bx+10+icon, by+22, ColorTextDim, AlignLeft)
	}
	sv.drawLegend(dst, v, true)
}

// The targeting cone's key's size.
const (
	targetLegendH = 16 + 3*17.0 + 8
	targetLegendW = 196.0
)

// TargetLegendTop returns the top edge of the targeting cone's key on a
// screen sh pixels tall with the HUD at uiScale, for panels that keep
// clear of it.
func TargetLegendTop(sh, uiScale float64) float64 {
	_, y, _, _ := TargetLegendBox(sh, uiScale)
	return y
}

// TargetLegendBox returns the targeting cone's key's rectangle on a
// screen sh pixels tall with the HUD at uiScale: the key grows with the
// interface's size, as the HUD's furniture does.
func TargetLegendBox(sh, uiScale float64) (x, y, w, h float64) {
	return TargetLegendBoxIn(LegendFrame{}, sh, uiScale)
}

// TargetLegendBoxIn is TargetLegendBox with the keys in frame f.
func TargetLegendBoxIn(f LegendFrame, sh, uiScale float64) (x, y, w, h float64) {
	s := max(uiScale, 1)
	x, bottom := legendCorner(f, sh, uiScale, false)
	return x, bottom - targetLegendH*s, targetLegendW * s, targetLegendH * s
}

// LegendFrame is where the map's keys go, in the furniture's pixels at
// 100%: their left edge, the bottom they stand on and the top they may
// go up to. The zero frame is the HUD's sideways: right of the left
// column, over the bottom band, under the top bar (HUD.Legends).
type LegendFrame struct {
	Left, Bottom, Top float64
}

// legendCorner returns the bottom-left corner of the legends in frame f
// on a screen sh tall: over the bottom band, right of the left column
// and of the hovered unit's card when the HUD shows one.
func legendCorner(f LegendFrame, sh, uiScale float64, hoverCard bool) (x, bottom float64) {
	s := max(uiScale, 1)
	left, bottom := float64(LeftColumnW+8), sh-(bottomBandH+8)*s
	if f != (LegendFrame{}) {
		left, bottom = f.Left, f.Bottom*s
	}
	if hoverCard {
		left += cardW + 8
	}
	return left * s, bottom
}

// legendTop returns the top the keys may go up to in frame f, at uiScale.
func legendTop(f LegendFrame, uiScale float64) float64 {
	if f == (LegendFrame{}) {
		return (topBarH + 8) * max(uiScale, 1)
	}
	return f.Top * max(uiScale, 1)
}

// PreviewLegendBox returns the move preview's key's rectangle on a sw×sh
// screen with the HUD at uiScale, for n enemies seeing the tile: right of
// the hovered unit's card when the HUD shows one and the key fits there,
// else above that card.
func PreviewLegendBox(sw, sh, uiScale float64, hoverCard bool, n int) (x, y, w, h float64) {
	return previewLegendBox(LegendFrame{}, sw, sh, uiScale, hoverCard, n)
}

// previewLegendBox is PreviewLegendBox with the keys in frame f.
func previewLegendBox(f LegendFrame, sw, sh, uiScale float64, hoverCard bool, n int) (x, y, w, h float64) {
	s := max(uiScale, 1)
	w = previewLegendW * s
	h = (16+8)*s + float64(max(n, 1)+2)*17*s // the title, the lines, the bricks' note
	x, bottom := legendCorner(f, sh, uiScale, hoverCard)
	if hoverCard && x+w > sw-8*s {
		x, bottom = legendCorner(f, sh, uiScale, false)
		bottom -= (cardH + 8) * s
	}
	return x, bottom - h, w, h
}

// PreviewLegendAt returns the move preview's key's rectangle as drawn:
// PreviewLegendBox's, unless that covers part of one of avoid (screen
// rectangles x, y, w, h: the hovered tile and the units' tokens); then
// the top left of the map's part of the screen, under the top bar, when
// that covers less of them. The key never hides the tile the pointer
// is on, nor a unit, where either place is clear.
func PreviewLegendAt(sw, sh, uiScale float64, hoverCard bool, n int, avoid [][4]float64) (x, y, w, h float64) {
	return previewLegendAt(LegendFrame{}, sw, sh, uiScale, hoverCard, n, avoid)
}

// previewLegendAt is PreviewLegendAt with the keys in frame f.
func previewLegendAt(f LegendFrame, sw, sh, uiScale float64, hoverCard bool, n int, avoid [][4]float64) (x, y, w, h float64) {
	x, y, w, h = previewLegendBox(f, sw, sh, uiScale, hoverCard, n)
	cost := coveredArea(x, y, w, h, avoid)
	if cost == 0 {
		return x, y, w, h
	}
	tx, _ := legendCorner(f, sh, uiScale, false)
	ty := legendTop(f, uiScale)
	if coveredArea(tx, ty, w, h, avoid) < cost {
		return tx, ty, w, h
	}
	return x, y, w, h
}

// coveredArea returns how much of the rectangles in avoid the rectangle
// x, y, w, h covers, in square pixels.
func coveredArea(x, y, w, h float64, avoid [][4]float64) float64 {
	sum := 0.0
	for _, a := range avoid {
		ow := min(x+w, a[0]+a[2]) - max(x, a[0])
		oh := min(y+h, a[1]+a[3]) - max(y, a[1])
		if ow > 0 && oh > 0 {
			sum += ow * oh
		}
	}
	return sum
}

// previewLegendW is the move preview's key's width at 100%.
const previewLegendW = 250.0

// BottomBandH is the height of the bottom band at an interface size of
// 100%.
const BottomBandH = bottomBandH

// legendRows are the hover preview's legend: a shield and what it means.
var legendRows = []struct {
	s    Shield
	text string
}{
	{ShieldHalf, "half cover"},
	{ShieldThreeQuarter, "three-quarter cover"},
	{ShieldFull, "full cover"},
	{ShieldImproved, "improved: arrow slit"},
	{ShieldFlanked, "flanked / in the open"},
	{ShieldExposed, "exposed: no cover near"},
}

// drawLegend draws a small key at the bottom, right of the HUD's left
// column, and right of the hovered unit's card when the HUD shows one
// (View.HoverCard; in an aiming mode it shows none: the targeting panel
// names the target). The top corners hold the targeting panel and the
// log, which keeps clear of the key (TargetLegendTop).
func (sv *SightView) drawLegend(dst *ebiten.Image, v *View, targeting bool) {
	p := v.Paint
	sh := float64(dst.Bounds().Dy())
	// The keys are drawn at the interface's size (a phone's page uses the
	// largest), so their text is as readable as the HUD's.
	s := max(v.UIScale, 1)
	w, row, fs := targetLegendW*s, 17*s, 12*s
	if targeting {
		x, y, _, h := TargetLegendBoxIn(v.Legends, sh, v.UIScale)
		p.RoundRect(dst, x, y, w, h, 8*s, 0, ColorPanel)
		p.RoundRect(dst, x, y, w, h, 8*s, 1.5*s, ColorPanelEdge)
		p.Text("COVER CONE", fs, true, x+12*s, y+8*s, ColorTextDim, AlignLeft)
		yy := y + 8*s + row
		p.Circle(dst, x+18*s, yy+7*s, 3.5*s, color.White)
		p.Text("point of origin", fs, false, x+32*s, yy, ColorText, AlignLeft)
		yy += row
		p.RoundRect(dst, x+11*s, yy+2*s, 14*s, 10*s, 2*s, 2*s, ColorAccent)
		p.Text("the cover that counts", fs, false, x+32*s, yy, ColorText, AlignLeft)
		yy += row
		dashed(p, x+10*s, yy+7*s, x+26*s, yy+7*s, 4*s, 3*s)
		p.Stroke(dst, 1.5*s, ColorText)
		p.Text("seen, not reachable", fs, false, x+32*s, yy, ColorText, AlignLeft)
		return
	}
	// The hover preview: one line per enemy that would see the unit there,
	// with its shield, its name and the cover, and an arrow for one off
	// screen (its arrow stands at the screen's edge).
	lines := sv.preview.Lines
	x, y, w2, h := previewLegendAt(v.Legends, float64(dst.Bounds().Dx()), sh, v.UIScale, v.HoverCard, len(lines), sv.previewSpots(v))
	p.RoundRect(dst, x, y, w2, h, 8*s, 0, ColorPanel)
	p.RoundRect(dst, x, y, w2, h, 8*s, 1.5*s, ColorPanelEdge)
	p.Text("YOUR COVER FROM HERE", fs, true, x+12*s, y+8*s, ColorTextDim, AlignLeft)
	yy := y + 8*s + row
	if len(lines) == 0 {
		p.Text("No enemy you know of sees this tile.", fs, false, x+12*s, yy, ColorText, AlignLeft)
		yy += row
	}
	for _, l := range lines {
		DrawShield(dst, p, x+18*s, yy+7*s, 6*s, l.Shield)
		name := l.Name
		if !v.Cam.Shows(l.To, 0) {
			name += " (off screen)"
		}
		p.Text(name, fs, true, x+32*s, yy, ColorText, AlignLeft)
		p.Text(CoverWords(l), fs, false, x+w2-12*s, yy, ShieldColor(l.Shield), AlignRight)
		yy += row
	}
	// The small number on low cover (ObstacleStyle.Label).
	p.RoundRect(dst, x+11*s, yy+s, 14*s, 13*s, 3*s, 0, color.NRGBA{0x5b, 0x4a, 0x36, 0xff})
	p.Text("2", 10*s, true, x+18*s, yy+7.5*s, ColorText, AlignCenter)
	p.Text("on cover: its height in bricks", fs, false, x+32*s, yy, ColorText, AlignLeft)
}

// previewSpots returns the screen rectangles the preview's key keeps
// off: the hovered tile and a tile's square around each unit's token.
func (sv *SightView) previewSpots(v *View) [][4]float64 {
	tx, ty, side := v.TileRect(sv.preview.Tile)
	out := [][4]float64{{tx, ty, side, side}}
	for _, c := range sv.preview.Tokens {
		x, y := v.ToScreen(c)
		out = append(out, [4]float64{x - side/2, y - side/2, side, side})
	}
	return out
}

// CoverWords says in a few words the cover a sight line gives the unit.
func CoverWords(l SightLine) string {
	switch l.Shield {
	case ShieldExposed:
		return "exposed: no cover near"
	case ShieldFlanked:
		if l.Cover.Flanked {
			return "flanked"
		}
		return "in the open"
	case ShieldImproved:
		return "improved (arrow slit)"
	}
	for _, r := range legendRows {
		if r.s == l.Shield {
			return r.text
		}
	}
	return l.Shield.String()
}
