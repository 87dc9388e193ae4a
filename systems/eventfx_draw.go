package systems

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/rules"
)

// DrawOverlay draws the world effects: obstacles awaiting their removal,
// corpses, tracers, chips, flashes, rings and floating texts.
func (x *EventFX) DrawOverlay(dst *ebiten.Image, v *View) {
	p := v.Paint
	for _, g := range x.World.Ghosts {
		o := g.Obstacle
		c := x.obstacleColor(o.ID)
		pts := shapeOutline(o.Shape, nil)
		p.Polygon(dst, pts, v.ToScreen, 0, WithAlpha(c, 0xe0))
		p.Polygon(dst, pts, v.ToScreen, clamp(v.Scale(1.5), 1, 3), WithAlpha(Shade(c, 0.5), 0xff))
	}
	ts := float64(v.Board.TileSize)
	for _, c := range x.World.Corpses {
		cx, cy := v.ToScreen(c.At)
		r := v.Scale(ts * 0.22 * float64(c.Size))
		p.Circle(dst, cx, cy, r, color.NRGBA{0x20, 0x24, 0x2c, 0xa0})
		k := r * 0.6
		col := WithAlpha(Shade(v.Theme.Side(c.Side), 0.6), 0xc0)
		p.Line(dst, cx-k, cy-k, cx+k, cy+k, clamp(v.Scale(2.5), 1.5, 4), col)
		p.Line(dst, cx-k, cy+k, cx+k, cy-k, clamp(v.Scale(2.5), 1.5, 4), col)
	}
	if v.Fonts != nil {
		x.layoutCaptions(v)
	}
	for _, e := range x.World.Effects {
		age := x.tick - e.Start
		if age < 0 {
			continue
		}
		t := age / float64(max(e.Dur, 1))
		switch e.Kind {
		case entities.EffectTracer:
			x.drawTracer(dst, v, e, t)
		case entities.EffectChips:
			x.drawChips(dst, v, e, t)
		case entities.EffectFlash:
			pts := shapeOutline(e.Shape, nil)
			p.Polygon(dst, pts, v.ToScreen, 0, color.NRGBA{0xff, 0xf4, 0xd0, uint8(0xe0 * (1 - t))})
			p.Polygon(dst, pts, v.ToScreen, clamp(v.Scale(3), 2, 5)*(1+t), WithAlpha(ColorAccent, uint8(0xff*(1-t))))
		case entities.EffectFade:
			cx, cy := v.ToScreen(e.A)
			a := 1 - t
			p.Circle(dst, cx, cy, v.Scale(e.Radius), WithAlpha(Shade(e.Color, 0.45+0.55*a), uint8(0xff*a)))
			p.Ring(dst, cx, cy, v.Scale(e.Radius)*(1+t*0.8), 2, WithAlpha(ColorError, uint8(0xd0*a)))
		case entities.EffectRing:
			cx, cy := v.ToScreen(e.A)
			p.Ring(dst, cx, cy, v.Scale(e.Radius)*(0.5+t), clamp(v.Scale(3), 2, 4), WithAlpha(e.Color, uint8(0xe0*(1-t))))
		case entities.EffectArea:
			sx, sy := v.ToScreen(e.A)
			s := v.Scale(2 * ts)
			pulse := 0.5 + 0.5*math.Sin(float64(age)*0.4)
			p.Rect(dst, sx, sy, s, s, WithAlpha(e.Color, uint8(0x50*(1-t)*pulse+0x10)))
			p.RectOutline(dst, sx, sy, s, s, 2, WithAlpha(e.Color, uint8(0xff*(1-t))))
		case entities.EffectText:
			wx, wy := v.ToScreen(e.A)
			a := math.Min(1, (1-t)*3)
			x.drawFloat(dst, p, wx, wy-captionRise(t)-e.Lift, e, a)
		}
	}
}

// captionRise is how far a floating caption has risen at life fraction t.
func captionRise(t float64) float64 { return 26 * math.Sqrt(t) }

// captionBox is a floating caption's extent on screen: centre, size, and
// how far it was lifted to clear older captions.
type captionBox struct {
	cx, cy, w, h, lift float64
}

// overlaps reports whether two boxes (each with its lift applied) come
// closer than pad pixels.
func (b captionBox) overlaps(o captionBox, pad float64) bool {
	by, oy := b.cy-b.lift, o.cy-o.lift
	return math.Abs(b.cx-o.cx)*2 < b.w+o.w+2*pad && math.Abs(by-oy)*2 < b.h+o.h+2*pad
}

// stackCaptions lifts each caption, oldest first, just above any older one
// it would overlap (a damage number over its "HIT · TORSO", a hit caption
// over a PEEK note). Lifts only grow, so a caption never drops back when
// the one under it fades. The first fixed boxes (the status badges) stay
// where they are.
func stackCaptions(boxes []captionBox, fixed int) {
	const pad = 2
	for i := fixed; i < len(boxes); i++ {
		for moved := true; moved; {
			moved = false
			for j := range i {
				if boxes[i].overlaps(boxes[j], pad) {
					// Only a real rise counts: a box set just above another
					// may still overlap it by a rounding error, and setting
					// the same lift again would loop for ever.
					top := boxes[j].cy - boxes[j].lift - boxes[j].h/2
					if l := boxes[i].cy + boxes[i].h/2 + pad - top; l > boxes[i].lift+1e-6 {
						boxes[i].lift = l
						moved = true
					}
				}
			}
		}
	}
}

// layoutCaptions updates the lifts of the floating captions on screen now
// (see stackCaptions).
func (x *EventFX) layoutCaptions(v *View) {
	var idx []int
	var boxes []captionBox
	for i, e := range x.World.Effects {
		if e.Kind != entities.EffectText || x.tick < e.Start {
			continue
		}
		wx, wy := v.ToScreen(e.A)
		t := (x.tick - e.Start) / float64(max(e.Dur, 1))
		idx = append(idx, i)
		boxes = append(boxes, captionBox{cx: wx, cy: wy - captionRise(t), w: v.Fonts.Width(e.Text, e.Size, true) + 4, h: e.Size, lift: e.Lift})
	}
	// The badges go first and stay: a caption rises over them.
	fixed := x.Badges.boxes(v)
	all := append(fixed, boxes...)
	stackCaptions(all, len(fixed))
	for k, i := range idx {
		x.World.Effects[i].Lift = all[len(fixed)+k].lift
	}
}

// drawFloat queues an outlined floating caption.
func (x *EventFX) drawFloat(dst *ebiten.Image, p *Painter, cx, cy float64, e entities.Effect, a float64) {
	sh := color.NRGBA{0, 0, 0, uint8(0xd0 * a)}
	for _, o := range [][2]float64{{-1.5, 0}, {1.5, 0}, {0, -1.5}, {0, 1.5}, {1.5, 1.5}} {
		p.Text(e.Text, e.Size, true, cx+o[0], cy+o[1], sh, AlignCenter)
	}
	p.Text(e.Text, e.Size, true, cx, cy, WithAlpha(e.Color, uint8(0xff*a)), AlignCenter)
}

// drawTracer draws a shot: a bright head racing from a to b in the first
// half of its life, leaving a fading trail.
func (x *EventFX) drawTracer(dst *ebiten.Image, v *View, e entities.Effect, t float64) {
	p := v.Paint
	ax, ay := v.ToScreen(e.A)
	bx, by := v.ToScreen(e.B)
	head := math.Min(1, t*2.2)
	hx, hy := ax+(bx-ax)*head, ay+(by-ay)*head
	tail := math.Max(0, head-0.35)
	tx, ty := ax+(bx-ax)*tail, ay+(by-ay)*tail
	fade := 1 - math.Max(0, (t-0.45)/0.55)
	p.Line(dst, ax, ay, hx, hy, 1.5, WithAlpha(e.Color, uint8(0x60*fade)))
	p.Line(dst, tx, ty, hx, hy, 5, WithAlpha(Shade(e.Color, 0.8), uint8(0x70*fade)))
	p.Line(dst, tx, ty, hx, hy, 2.2, WithAlpha(e.Color, uint8(0xff*fade)))
	if t < 0.2 {
		p.Circle(dst, ax, ay, 7*(1-t*5)+2, WithAlpha(ColorAccent, uint8(0xd0*(1-t*5))))
	}
	if head >= 1 {
		p.Circle(dst, bx, by, 5*fade+1, WithAlpha(color.RGBA{0xff, 0xff, 0xff, 0xff}, uint8(0xc0*fade)))
	}
}

// drawChips throws eight splinters out of a point: fixed directions, no
// randomness, so frames are reproducible.
func (x *EventFX) drawChips(dst *ebiten.Image, v *View, e entities.Effect, t float64) {
	cx, cy := v.ToScreen(e.A)
	ts := v.Scale(float64(v.Board.TileSize))
	for i := 0; i < 8; i++ {
		ang := float64(i)*math.Pi/4 + 0.3*float64(i%3)
		dist := ts * (0.25 + 0.55*t) * (0.7 + 0.15*float64(i%3))
		fall := ts * 0.5 * t * t
		px, py := cx+math.Cos(ang)*dist, cy+math.Sin(ang)*dist+fall
		s := math.Max(1.5, ts*0.08*(1-t))
		p := v.Paint
		p.Rect(dst, px-s/2, py-s/2, s, s, WithAlpha(e.Color, uint8(0xff*(1-t))))
	}
}

// DrawScreen draws the reaction banner in screen space.
func (x *EventFX) DrawScreen(dst *ebiten.Image, p *Painter, f *Fonts, toScreen func(rules.Vec) (float64, float64)) {
	if x.bannerLeft <= 0 {
		return
	}
	total := float64(x.scaled(bannerFX))
	t := 1 - x.bannerLeft/total
	a := math.Min(1, math.Min(t*8, (1-t)*3))
	w, h := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	bw := math.Max(f.Width(x.banner, 30, true), f.Width(x.bannerSub, 15, false)) + 80
	y := x.bannerY(w, h, bw, toScreen)
	p.RoundRect(dst, w/2-bw/2, y, bw, bannerH, 12, 0, color.NRGBA{0x0b, 0x10, 0x18, uint8(0xe0 * a)})
	p.RoundRect(dst, w/2-bw/2, y, bw, bannerH, 12, 2.5, WithAlpha(x.bannerColor, uint8(0xff*a)))
	p.Text(x.banner, 30, true, w/2, y+26, WithAlpha(Shade(x.bannerColor, 1.35), uint8(0xff*a)), AlignCenter)
	p.Text(x.bannerSub, 15, false, w/2, y+54, WithAlpha(ColorText, uint8(0xff*a)), AlignCenter)
	p.FlushText(dst, f)
}

// Where the reaction banner may go: from just under the top bar down to
// low on the map above the action bar, in steps; bannerH is its height
// and bannerClear the least room it keeps around a unit's centre.
const (
	bannerTop   = topBarH + 8
	bannerStep  = 24.0
	bannerLowUp = 300.0 // from the screen's bottom edge
	bannerH     = 72.0
	bannerClear = 28.0
)

// bannerY returns the top of the reaction banner, bw wide, on a w×h
// screen, chosen when it is first drawn and kept while it is up: the
// highest place, from under the top bar down, that covers no unit the
// side watching sees; where each covers one, the highest that covers
// neither unit it names and the fewest others. A unit the side does not
// see counts for nothing, so where the banner stands gives none away.
func (x *EventFX) bannerY(w, h, bw float64, toScreen func(rules.Vec) (float64, float64)) float64 {
	if x.bannerPlaced {
		return x.bannerAt
	}
	type mark struct {
		x, y, clear float64
		named       bool
	}
	var marks []mark
	for _, p := range x.bannerUnits {
		sx, sy := toScreen(p)
		marks = append(marks, mark{sx, sy, bannerClear, true})
	}
	ts := float64(x.Board.TileSize)
	for _, u := range x.World.Units {
		if !u.Vitals.Alive || !knows(x.Know, u.ID) {
			continue
		}
		sx, sy := toScreen(u.Pos)
		ex, _ := toScreen(rules.Vec{X: u.Pos.X + ts*float64(max(u.Body.Size, 1))/2, Y: u.Pos.Y})
		marks = append(marks, mark{sx, sy, max(bannerClear, ex-sx+12), false})
	}
	score := func(y float64) int {
		n := 0
		for _, m := range marks {
			if m.x > w/2-bw/2-m.clear && m.x < w/2+bw/2+m.clear && m.y > y-m.clear && m.y < y+bannerH+m.clear {
				n++
				if m.named {
					n += 1000
				}
			}
		}
		return n
	}
	best, bestScore := float64(bannerTop), score(bannerTop)
	for y := bannerTop + bannerStep; y <= h-bannerLowUp && bestScore > 0; y += bannerStep {
		if s := score(y); s < bestScore {
			best, bestScore = y, s
		}
	}
	x.bannerAt, x.bannerPlaced = best, true
	return best
}

// BannerText returns the reaction banner shown now ("" for none).
func (x *EventFX) BannerText() string {
	if x.bannerLeft <= 0 {
		return ""
	}
	return x.banner
}

// StatusBadges marks units' lasting states over their tokens: suppressed,
// overwatch, aiming, taking cover.
type StatusBadges struct {
	// State is read for the statuses; World for where the tokens are.
	State *rules.State
	// FX supplies the entity positions (the tokens may be animating).
	FX *EventFX
	// Know says which units the side to move may see (nil: all): the
	// badges of the others (an enemy on overwatch in the dark) are not
	// drawn.
	Know Knowledge
}

// badgeColors are the badges' colours by tag.
var badgeColors = map[string]color.RGBA{
	"SUPPRESSED": ColorAccent,
	"OVERWATCH":  {0x38, 0xbd, 0xf8, 0xff},
	"AIM":        colorGood,
	"COVER":      {0xa7, 0x8b, 0xfa, 0xff},
}

// Tags returns the badges drawn over the unit with the given ID: none for
// a dead unit or one the side to move cannot see.
func (sb *StatusBadges) Tags(id int) []string {
	u := sb.State.Unit(id)
	e := sb.FX.World.Unit(id)
	if u == nil || e == nil || !e.Vitals.Alive || !knows(sb.Know, id) {
		return nil
	}
	var tags []string
	st := u.Status
	if st.Suppressed {
		tags = append(tags, "SUPPRESSED")
	}
	if st.Overwatch {
		tags = append(tags, "OVERWATCH")
	}
	if st.Aiming {
		tags = append(tags, "AIM")
	}
	if st.TakingCover {
		tags = append(tags, "COVER")
	}
	return tags
}

// DrawOverlay draws the badges of every living unit on screen that the
// side to move sees.
func (sb *StatusBadges) DrawOverlay(dst *ebiten.Image, v *View) {
	if sb.State == nil || sb.FX == nil {
		return
	}
	ts := float64(v.Board.TileSize)
	for _, u := range sb.State.Units {
		tags := sb.Tags(u.ID)
		if len(tags) == 0 {
			continue
		}
		x, top, _ := sb.row(v, u.ID, tags, ts)
		for _, t := range tags {
			w := v.Fonts.Width(t, 10, true) + 8
			c := badgeColors[t]
			v.Paint.RoundRect(dst, x, top, w, 14, 4, 0, color.NRGBA{0x0b, 0x10, 0x18, 0xd8})
			v.Paint.RoundRect(dst, x, top, w, 14, 4, 1.2, c)
			v.Paint.Text(t, 10, true, x+w/2, top+7, c, AlignCenter)
			x += w + 4
		}
	}
}

// row returns where the badge row of unit id with the given tags stands
// on screen: its left edge, top and width (its height is 14).
func (sb *StatusBadges) row(v *View, id int, tags []string, ts float64) (x, top, w float64) {
	e := sb.FX.World.Unit(id)
	cx, cy := v.ToScreen(e.Pos)
	top = cy - v.Scale(ts*0.5*float64(max(e.Body.Size, 1))) - 16
	for _, t := range tags {
		w += v.Fonts.Width(t, 10, true) + 12
	}
	return cx - w/2, top, w
}

// boxes returns the badge rows on screen as fixed boxes for the floating
// captions to keep clear of (none for a nil StatusBadges).
func (sb *StatusBadges) boxes(v *View) []captionBox {
	if sb == nil || sb.State == nil || sb.FX == nil {
		return nil
	}
	var out []captionBox
	ts := float64(v.Board.TileSize)
	for _, u := range sb.State.Units {
		tags := sb.Tags(u.ID)
		if len(tags) == 0 {
			continue
		}
		x, top, w := sb.row(v, u.ID, tags, ts)
		out = append(out, captionBox{cx: x + w/2, cy: top + 7, w: w, h: 14})
	}
	return out
}
