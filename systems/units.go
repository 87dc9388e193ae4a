package systems

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/rules"
)

// UnitLayer draws unit entities as top-down tokens: a disc in the side
// colour with a dark outline and a facing wedge; standing units show a head
// dot, crouched ones are smaller and squat, prone ones lie as a capsule
// along their facing, and a 2×2 mech is a square chassis with a turret. HP
// pips sit under the token; a ring marks the selected and hovered units.
type UnitLayer struct {
	// Tick drives the selection ring's pulse.
	Tick int
}

var (
	colorShadow   = color.NRGBA{0, 0, 0, 0x55}
	colorHead     = color.RGBA{0xf1, 0xf5, 0xf9, 0xff}
	colorPipEmpty = color.RGBA{0x1f, 0x29, 0x37, 0xff}
	colorPipFull  = color.RGBA{0x4a, 0xde, 0x80, 0xff}
	colorPipLow   = color.RGBA{0xfb, 0xbf, 0x24, 0xff}
	colorHover    = color.NRGBA{0xff, 0xff, 0xff, 0xb0}
)

// Draw draws every living unit on screen, the animating ones last.
func (l *UnitLayer) Draw(dst *ebiten.Image, v *View, w *entities.World) {
	vmin, vmax := v.Cam.Visible()
	ts := float64(v.Board.TileSize)
	for pass := 0; pass < 2; pass++ {
		for _, u := range w.Units {
			if !u.Vitals.Alive || (pass == 0) == u.Animating() {
				continue
			}
			r := ts * float64(u.Body.Size)
			if u.Pos.X+r < vmin.X || u.Pos.Y+r < vmin.Y || u.Pos.X-r > vmax.X || u.Pos.Y-r > vmax.Y {
				continue
			}
			l.drawUnit(dst, v, u)
		}
	}
}

func (l *UnitLayer) drawUnit(dst *ebiten.Image, v *View, u *entities.Unit) {
	p := v.Paint
	cx, cy := v.ToScreen(u.Pos)
	ts := v.Scale(float64(v.Board.TileSize))
	fill := SideColor(u.Body.Side)
	if u.Vitals.Spent {
		fill = Shade(fill, 0.6)
	}
	outline := ColorOutline
	ow := clamp(ts*0.06, 1.2, 3)
	a := u.Facing
	r := ts * 0.36
	if u.Body.Size >= 2 {
		r = ts * 0.8
	}

	if u.Selected {
		pulse := 0.5 + 0.5*math.Sin(float64(l.Tick)*0.12)
		p.Circle(dst, cx, cy, r+ts*0.14, WithAlpha(ColorAccent, uint8(40+40*pulse)))
		p.Ring(dst, cx, cy, r+ts*0.1+pulse*ts*0.03, clamp(ts*0.06, 1.5, 3), ColorAccent)
	} else if u.Hovered {
		p.Ring(dst, cx, cy, r+ts*0.08, clamp(ts*0.04, 1, 2), colorHover)
	}

	switch {
	case u.Body.Size >= 2:
		l.drawMech(dst, p, cx, cy, a, r, ow, fill, outline)
	case u.Body.Stance == rules.Prone:
		half := ts * 0.26
		rad := ts * 0.17
		x0, y0 := cx-math.Cos(a)*half, cy-math.Sin(a)*half
		x1, y1 := cx+math.Cos(a)*half, cy+math.Sin(a)*half
		p.Capsule(dst, x0+2, y0+3, x1+2, y1+3, rad, 0, colorShadow)
		p.Capsule(dst, x0, y0, x1, y1, rad, 0, fill)
		p.Capsule(dst, x0, y0, x1, y1, rad, ow, outline)
		hx, hy := cx+math.Cos(a)*(half+rad*0.15), cy+math.Sin(a)*(half+rad*0.15)
		p.Circle(dst, hx, hy, rad*0.62, colorHead)
		p.Ring(dst, hx, hy, rad*0.62, ow*0.7, outline)
	case u.Body.Stance == rules.Crouched:
		rr := r * 0.8
		p.Ellipse(dst, cx+2, cy+3, rr*0.85, rr, a, 0, colorShadow)
		p.Wedge(dst, cx, cy, a, rr*0.7, rr+ts*0.16, 0.5, outline)
		p.Ellipse(dst, cx, cy, rr*0.85, rr, a, 0, fill)
		p.Ellipse(dst, cx, cy, rr*0.85, rr, a, ow, outline)
		p.Circle(dst, cx+math.Cos(a)*rr*0.25, cy+math.Sin(a)*rr*0.25, rr*0.3, Shade(colorHead, 0.85))
	default:
		p.Circle(dst, cx+2, cy+3, r, colorShadow)
		p.Wedge(dst, cx, cy, a, r*0.8, r+ts*0.17, 0.45, outline)
		p.Wedge(dst, cx, cy, a, r*0.8, r+ts*0.12, 0.32, Shade(fill, 1.25))
		p.Circle(dst, cx, cy, r, fill)
		p.Ring(dst, cx, cy, r, ow, outline)
		p.Circle(dst, cx, cy, r*0.4, colorHead)
		p.Ring(dst, cx, cy, r*0.4, ow*0.7, outline)
	}
	l.drawPips(dst, p, cx, cy+r+ts*0.1, ts, u.Vitals)
}

func (l *UnitLayer) drawMech(dst *ebiten.Image, p *Painter, cx, cy, a, r, ow float64, fill, outline color.RGBA) {
	corner := func(i int, k float64) rules.Vec {
		t := a + math.Pi/4 + float64(i)*math.Pi/2
		return rules.Vec{X: cx + math.Cos(t)*r*k, Y: cy + math.Sin(t)*r*k}
	}
	var pts [4]rules.Vec
	var shadow [4]rules.Vec
	for i := range pts {
		pts[i] = corner(i, 0.95)
		shadow[i] = pts[i].Add(rules.Vec{X: 3, Y: 4})
	}
	p.Polygon(dst, shadow[:], identity, 0, colorShadow)
	p.Polygon(dst, pts[:], identity, 0, Shade(fill, 0.75))
	p.Polygon(dst, pts[:], identity, ow*1.3, outline)
	// Tracks on both flanks.
	for _, s := range []float64{-1, 1} {
		ox, oy := math.Cos(a+math.Pi/2)*r*0.62*s, math.Sin(a+math.Pi/2)*r*0.62*s
		p.Capsule(dst, cx+ox-math.Cos(a)*r*0.5, cy+oy-math.Sin(a)*r*0.5, cx+ox+math.Cos(a)*r*0.5, cy+oy+math.Sin(a)*r*0.5, r*0.13, 0, Shade(fill, 0.4))
	}
	// Barrel and turret.
	p.Line(dst, cx, cy, cx+math.Cos(a)*r*1.15, cy+math.Sin(a)*r*1.15, r*0.16+ow, outline)
	p.Line(dst, cx, cy, cx+math.Cos(a)*r*1.15, cy+math.Sin(a)*r*1.15, r*0.16, Shade(fill, 1.2))
	p.Circle(dst, cx, cy, r*0.42, fill)
	p.Ring(dst, cx, cy, r*0.42, ow, outline)
	p.Circle(dst, cx+math.Cos(a)*r*0.12, cy+math.Sin(a)*r*0.12, r*0.13, colorHead)
}

// drawPips draws up to five HP pips centred under the token; each pip is a
// fifth of MaxHP, dimmed when empty.
func (l *UnitLayer) drawPips(dst *ebiten.Image, p *Painter, cx, top, ts float64, vt entities.Vitals) {
	if vt.MaxHP <= 0 || ts < 18 {
		return
	}
	n := min(vt.MaxHP, 5)
	pw, ph, gap := ts*0.11, ts*0.08, ts*0.03
	total := float64(n)*pw + float64(n-1)*gap
	x := cx - total/2
	full := colorPipFull
	if vt.HP*2 <= vt.MaxHP {
		full = colorPipLow
	}
	p.Rect(dst, x-1, top-1, total+2, ph+2, ColorOutline)
	for i := 0; i < n; i++ {
		c := colorPipEmpty
		if vt.HP*n > i*vt.MaxHP {
			c = full
		}
		p.Rect(dst, x+float64(i)*(pw+gap), top, pw, ph, c)
	}
}
