package systems

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/rules"
)

// spriteTile is the resolution, in pixels per tile, at which unit tokens
// are drawn into their cached sprites: the closest zoom shows them 1:1.
const spriteTile = 32 * maxZoom

// UnitLayer draws unit entities as top-down tokens in their side colour:
// a standing soldier is a teardrop pointing where it faces, with a light
// head; a crouched one is smaller, with a dark band; a prone one lies as a
// capsule along its facing, head first; a 2×2 mech is a square chassis
// with tracks and a turret. Each look is drawn once into a sprite and then
// blitted, turned to the facing, with a shadow that falls further from
// taller bodies. HP pips sit under the token; a pulsing ring marks the
// selected unit and a thin one the hovered unit.
type UnitLayer struct {
	// Tick counts the battle's updates (tests time sequences by it).
	Tick int

	seconds float64 // Renderer.Pulse: the selection ring pulses by it

	sprites map[spriteKey]*ebiten.Image
	theme   Theme // the theme the sprites were drawn in
	paint   Painter
	op      ebiten.DrawImageOptions
	quads   Quads
}

// spriteKey names one cached token picture.
type spriteKey struct {
	kind   int // spriteBody, spriteSelect or spriteHover
	side   rules.Side
	stance rules.Stance
	size   int
	spent  bool
}

const (
	spriteBody = iota
	spriteSelect
	spriteHover
)

var (
	colorHead     = color.RGBA{0xf1, 0xf5, 0xf9, 0xff}
	colorPipEmpty = color.RGBA{0x1f, 0x29, 0x37, 0xff}
	colorPipFull  = color.RGBA{0x4a, 0xde, 0x80, 0xff}
	colorPipLow   = color.RGBA{0xfb, 0xbf, 0x24, 0xff}
)

// Draw draws every living unit on screen: all shadows first, then the
// tokens (the animating ones last), then the HP pips.
func (l *UnitLayer) Draw(dst *ebiten.Image, v *View, w *entities.World) {
	if v.Theme != l.theme { // the tokens are redrawn in the new colours
		l.release()
		l.theme = v.Theme
	}
	l.paint.Shapes = v.shapes()
	vmin, vmax := v.Cam.Visible()
	ts := float64(v.Board.TileSize)
	for pass := 0; pass < 3; pass++ {
		for _, u := range w.Units {
			if !u.Vitals.Alive || (pass == 1 && u.Animating()) || (pass == 2 && !u.Animating()) {
				continue
			}
			r := ts * float64(u.Body.Size)
			if u.Pos.X+r < vmin.X || u.Pos.Y+r < vmin.Y || u.Pos.X-r > vmax.X || u.Pos.Y-r > vmax.Y {
				continue
			}
			if pass == 0 {
				l.drawShadow(dst, v, u)
				continue
			}
			l.drawToken(dst, v, u)
			cx, cy := v.ToScreen(u.Pos)
			tss := v.Scale(ts)
			l.addPips(cx, cy+tss*(tokenRadius(u.Body)*float64(u.Body.Size)+0.1), tss, u.Vitals)
		}
	}
	l.quads.Draw(dst)
}

// tokenRadius returns a body's token radius in tiles per tile of size.
func tokenRadius(b entities.Body) float64 {
	switch {
	case b.Size >= 2:
		return 0.4
	case b.Stance == rules.Crouched:
		return 0.27
	case b.Stance == rules.Prone:
		return 0.3
	}
	return 0.33
}

// bodyKey returns the sprite key of a unit's token.
func bodyKey(u *entities.Unit) spriteKey {
	k := spriteKey{kind: spriteBody, side: u.Body.Side, size: max(u.Body.Size, 1), spent: u.Vitals.Spent}
	if k.size == 1 {
		k.stance = u.Body.Stance
	}
	return k
}

// blit draws a sprite centred on (cx, cy), turned by angle, scaled from
// sprite resolution by k, with a colour scale.
func (l *UnitLayer) blit(dst, img *ebiten.Image, cx, cy, angle, k float64, cs ebiten.ColorScale) {
	s := float64(img.Bounds().Dx())
	l.op.GeoM.Reset()
	l.op.GeoM.Translate(-s/2, -s/2)
	l.op.GeoM.Scale(k, k)
	l.op.GeoM.Rotate(angle)
	l.op.GeoM.Translate(cx, cy)
	l.op.ColorScale = cs
	l.op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, &l.op)
}

// drawShadow draws a unit's silhouette in translucent black, offset down
// and right by its height.
func (l *UnitLayer) drawShadow(dst *ebiten.Image, v *View, u *entities.Unit) {
	ts := v.Scale(float64(v.Board.TileSize))
	off := ts * 0.025 * float64(u.Body.Stance.Height())
	if u.Body.Size >= 2 {
		off = ts * 0.12
	}
	cx, cy := v.ToScreen(u.Pos)
	var cs ebiten.ColorScale
	cs.Scale(0, 0, 0, 0.33)
	l.blit(dst, l.sprite(bodyKey(u)), cx+off, cy+off, u.Facing, ts/spriteTile, cs)
}

// pulseRate is the selection ring's pulse in radians a second: 0.12 a
// tick at 60 ticks a second.
const pulseRate = 7.2

// PulseCrest returns the first time at or after t at which the selection
// ring's pulse is at its crest (the ring at its largest and most opaque):
// where the battle holds the pulse of an idle player.
func PulseCrest(t float64) float64 {
	const period = 2 * math.Pi / pulseRate
	first := math.Pi / 2 / pulseRate // the first crest
	n := math.Ceil((t-first)/period - 1e-9)
	return first + max(n, 0)*period
}

// drawToken draws a unit's selection or hover ring and its body.
func (l *UnitLayer) drawToken(dst *ebiten.Image, v *View, u *entities.Unit) {
	ts := v.Scale(float64(v.Board.TileSize))
	cx, cy := v.ToScreen(u.Pos)
	k := ts / spriteTile
	size := float64(max(u.Body.Size, 1))
	switch {
	case u.Selected:
		pulse := 0.5 + 0.5*math.Sin(l.seconds*pulseRate)
		var cs ebiten.ColorScale
		cs.ScaleAlpha(float32(0.75 + 0.25*pulse))
		l.blit(dst, l.sprite(spriteKey{kind: spriteSelect, size: int(size)}), cx, cy, 0, k*(1+0.04*pulse), cs)
	case u.Hovered:
		l.blit(dst, l.sprite(spriteKey{kind: spriteHover, size: int(size)}), cx, cy, 0, k, ebiten.ColorScale{})
	}
	l.blit(dst, l.sprite(bodyKey(u)), cx, cy, u.Facing, k, ebiten.ColorScale{})
}

// release frees the cached sprites.
func (l *UnitLayer) release() {
	for k, img := range l.sprites {
		img.Deallocate()
		delete(l.sprites, k)
	}
}

// sprite returns the cached picture for key, drawing it on first use.
func (l *UnitLayer) sprite(key spriteKey) *ebiten.Image {
	if img, ok := l.sprites[key]; ok {
		return img
	}
	if l.sprites == nil {
		l.sprites = map[spriteKey]*ebiten.Image{}
	}
	side := int(math.Ceil(spriteTile * (float64(key.size) + 0.5)))
	img := ebiten.NewImage(side, side)
	c := float64(side) / 2
	ts := float64(spriteTile)
	r := ts * float64(key.size) * tokenRadius(entities.Body{Size: key.size, Stance: key.stance})
	switch key.kind {
	case spriteSelect:
		l.paint.Circle(img, c, c, r+ts*0.16, WithAlpha(ColorAccent, 0x50))
		l.paint.Ring(img, c, c, r+ts*0.12, ts*0.06, ColorAccent)
	case spriteHover:
		l.paint.Ring(img, c, c, r+ts*0.1, ts*0.035, color.NRGBA{0xff, 0xff, 0xff, 0xb0})
	default:
		fill := l.theme.Side(key.side)
		if key.spent {
			fill = Shade(fill, 0.6)
		}
		l.drawBody(img, c, c, r, ts, key, fill)
	}
	l.sprites[key] = img
	return img
}

// drawBody draws a token facing east, centred on (cx, cy), for a tile of
// ts pixels.
func (l *UnitLayer) drawBody(dst *ebiten.Image, cx, cy, r, ts float64, key spriteKey, fill color.RGBA) {
	p := &l.paint
	ow := ts * 0.055
	switch {
	case key.size >= 2:
		l.drawMech(dst, cx, cy, r, ow, fill)
	case key.stance == rules.Prone:
		// A body lying along its facing, head first.
		half, rad := ts*0.24, ts*0.15
		p.Capsule(dst, cx-half, cy, cx+half, cy, rad, 0, fill)
		p.Capsule(dst, cx-half, cy, cx+half, cy, rad, ow, ColorOutline)
		p.Line(dst, cx-half*0.55, cy, cx+half*0.2, cy, rad*0.5, Shade(fill, 0.7))
		hx := cx + half + rad*0.1
		p.Circle(dst, hx, cy, rad*0.7, colorHead)
		p.Ring(dst, hx, cy, rad*0.7, ow*0.7, ColorOutline)
	case key.stance == rules.Crouched:
		// A smaller token with a dark band: folded down behind cover.
		tip := r * 1.5
		p.Teardrop(dst, cx, cy, r, tip, 0, 0, fill)
		p.Ring(dst, cx, cy, r*0.7, r*0.34, Shade(fill, 0.5))
		p.Teardrop(dst, cx, cy, r, tip, 0, ow, ColorOutline)
		p.Circle(dst, cx+r*0.15, cy, r*0.36, colorHead)
		p.Ring(dst, cx+r*0.15, cy, r*0.36, ow*0.7, ColorOutline)
	default:
		tip := r * 1.55
		p.Teardrop(dst, cx, cy, r, tip, 0, 0, fill)
		p.Teardrop(dst, cx, cy, r, tip, 0, ow, ColorOutline)
		p.Circle(dst, cx, cy, r*0.42, colorHead)
		p.Ring(dst, cx, cy, r*0.42, ow*0.7, ColorOutline)
	}
}

// drawMech draws a 2×2 mech facing east: a square armoured chassis,
// tracks on both flanks, a front plate and a turret whose barrel points
// ahead.
func (l *UnitLayer) drawMech(dst *ebiten.Image, cx, cy, r, ow float64, fill color.RGBA) {
	p := &l.paint
	half := r * 0.9 / math.Sqrt2 // half the chassis side
	for _, s := range [2]float64{-1, 1} {
		y := cy + half*s*1.02
		p.Capsule(dst, cx-half*0.95, y, cx+half*0.95, y, r*0.14, 0, Shade(fill, 0.3))
		p.Capsule(dst, cx-half*0.95, y, cx+half*0.95, y, r*0.14, ow, ColorOutline)
	}
	p.RoundRect(dst, cx-half, cy-half, 2*half, 2*half, r*0.08, 0, Shade(fill, 0.8))
	p.RoundRect(dst, cx-half, cy-half, 2*half, 2*half, r*0.08, ow*1.2, ColorOutline)
	p.Line(dst, cx+half*0.75, cy-half*0.6, cx+half*0.75, cy+half*0.6, ow*1.6, Shade(fill, 0.5))
	p.Line(dst, cx, cy, cx+r*1.15, cy, r*0.17+2*ow, ColorOutline)
	p.Line(dst, cx, cy, cx+r*1.15, cy, r*0.17, Shade(fill, 1.25))
	p.Circle(dst, cx, cy, r*0.42, fill)
	p.Ring(dst, cx, cy, r*0.42, ow, ColorOutline)
	p.Circle(dst, cx-r*0.12, cy, r*0.14, colorHead)
	p.Ring(dst, cx-r*0.12, cy, r*0.14, ow*0.7, ColorOutline)
}

// addPips queues up to five HP pips centred under a token; each pip is a
// fifth of MaxHP, dimmed when empty. Tokens too small on screen get none.
func (l *UnitLayer) addPips(cx, top, ts float64, vt entities.Vitals) {
	if vt.MaxHP <= 0 || ts < 18 {
		return
	}
	n := min(vt.MaxHP, 5)
	pw, ph, gap := math.Round(ts*0.11), math.Max(2, math.Round(ts*0.08)), math.Max(1, math.Round(ts*0.03))
	total := float64(n)*pw + float64(n-1)*gap
	x, y := math.Round(cx-total/2), math.Round(top)
	full := colorPipFull
	if vt.HP*2 <= vt.MaxHP {
		full = colorPipLow
	}
	l.quads.Rect(x-1, y-1, total+2, ph+2, WithAlpha(ColorOutline, 0xff))
	for i := 0; i < n; i++ {
		c := colorPipEmpty
		if vt.HP*n > i*vt.MaxHP {
			c = full
		}
		l.quads.Rect(x+float64(i)*(pw+gap), y, pw, ph, WithAlpha(c, 0xff))
	}
}
