package systems

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// Zone is one unit's lasting fire zone: the tiles of its cone.
type Zone struct {
	// Unit is the unit that holds the zone.
	Unit int
	// Side is the holder's side, whose colour the zone is drawn in.
	Side rules.Side
	// Covering is true for a covering fire zone, false for overwatch.
	Covering bool
	// Dir is the direction the cone points.
	Dir rules.Dir
	// Tiles are the tiles the cone covers (what the unit sees in it).
	Tiles []rules.Point

	edges [][2]rules.Vec // the outline: tile edges with a neighbour outside
	cone  [][2]rules.Vec // the cone's own edges: its two sides and its arc
}

// ZoneOf returns the zone unit u would hold looking in direction dir: the
// tiles where the rules would have it fire at a soldier (rules'
// WatchZone) with the rules' tuning (the cone's angle; overwatch as long
// as the weapon's range increments allow, covering fire one range
// increment). It returns false when u holds no ranged weapon.
func ZoneOf(s *rules.State, u *rules.Unit, covering bool, dir rules.Dir) (Zone, bool) {
	if u == nil || u.Hand.Empty() || u.Hand.Weapon.Melee {
		return Zone{}, false
	}
	tn := s.Rules().Tuning
	rangeTiles := u.Hand.Weapon.Range * tn.WatchRangeIncrements
	if covering {
		rangeTiles = u.Hand.Weapon.Range
	}
	zone := Zone{Unit: u.ID, Side: u.Side, Covering: covering, Dir: dir}
	zone.cone = coneEdges(s.Board, s.Board.SpaceCenter(u), dir, float64(tn.WatchConeDegrees), float64(rangeTiles*s.Board.TileSize))
	zone.Tiles = s.WatchZone(u, dir, float64(tn.WatchConeDegrees), rangeTiles)
	bw, bh := s.Board.Width, s.Board.Height
	in := make([]bool, bw*bh)
	for _, p := range zone.Tiles {
		in[p.Y*bw+p.X] = true
	}
	inside := func(x, y int) bool { return x >= 0 && y >= 0 && x < bw && y < bh && in[y*bw+x] }
	ts := float64(s.Board.TileSize)
	for _, p := range zone.Tiles {
		x0, y0 := float64(p.X)*ts, float64(p.Y)*ts
		x1, y1 := x0+ts, y0+ts
		for _, e := range []struct {
			dx, dy int
			a, b   rules.Vec
		}{
			{0, -1, rules.Vec{X: x0, Y: y0}, rules.Vec{X: x1, Y: y0}},
			{0, 1, rules.Vec{X: x0, Y: y1}, rules.Vec{X: x1, Y: y1}},
			{-1, 0, rules.Vec{X: x0, Y: y0}, rules.Vec{X: x0, Y: y1}},
			{1, 0, rules.Vec{X: x1, Y: y0}, rules.Vec{X: x1, Y: y1}},
		} {
			if !inside(p.X+e.dx, p.Y+e.dy) {
				zone.edges = append(zone.edges, [2]rules.Vec{e.a, e.b})
			}
		}
	}
	return zone, true
}

// coneEdges returns the outline of a cone from origin toward dir, angle
// degrees wide and reach long: its two sides and its far arc, clipped to
// the board, so the zone shows as the cone it is even where the board's
// edges cut its tiles square.
func coneEdges(b *rules.Board, origin rules.Vec, dir rules.Dir, angle, reach float64) [][2]rules.Vec {
	step := dir.Step()
	base := math.Atan2(float64(step.Y), float64(step.X))
	half := angle / 2 * math.Pi / 180
	at := func(a, r float64) rules.Vec {
		return rules.Vec{X: origin.X + r*math.Cos(a), Y: origin.Y + r*math.Sin(a)}
	}
	segs := [][2]rules.Vec{{origin, at(base-half, reach)}, {origin, at(base+half, reach)}}
	const arcSteps = 24
	for i := range arcSteps {
		a0 := base - half + 2*half*float64(i)/arcSteps
		a1 := base - half + 2*half*float64(i+1)/arcSteps
		segs = append(segs, [2]rules.Vec{at(a0, reach), at(a1, reach)})
	}
	w, h := float64(b.Width*b.TileSize), float64(b.Height*b.TileSize)
	out := segs[:0]
	for _, sg := range segs {
		if c, ok := clipSegment(sg, w, h); ok {
			out = append(out, c)
		}
	}
	return out
}

// clipSegment clips a segment to the rectangle (0,0)-(w,h)
// (Liang-Barsky); false when none of it is inside.
func clipSegment(sg [2]rules.Vec, w, h float64) ([2]rules.Vec, bool) {
	a, b := sg[0], sg[1]
	dx, dy := b.X-a.X, b.Y-a.Y
	t0, t1 := 0.0, 1.0
	for _, e := range [4][2]float64{{-dx, a.X}, {dx, w - a.X}, {-dy, a.Y}, {dy, h - a.Y}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return sg, false
			}
			continue
		}
		r := q / p
		if p < 0 {
			t0 = max(t0, r)
		} else {
			t1 = min(t1, r)
		}
	}
	if t0 > t1 {
		return sg, false
	}
	return [2]rules.Vec{{X: a.X + t0*dx, Y: a.Y + t0*dy}, {X: a.X + t1*dx, Y: a.Y + t1*dy}}, true
}

// ZoneOverlay draws the overwatch and covering fire zones in force as
// hatched, outlined cones (see ZoneOf), so a wall cuts the cone as it cuts
// the shots, and the zone a unit would hold while the player picks its
// direction (SetPreview) as a plain tinted cone. A zone takes its holder's
// side colour (View.Theme), so whose fire it is reads at a glance; the
// kind shows in the pattern: overwatch hatched one way inside a solid
// outline, covering fire cross-hatched inside a dashed one. Zones of units the side to
// move cannot see are not drawn.
type ZoneOverlay struct {
	// Zones are the zones drawn, in unit order.
	Zones []Zone
	// Preview is the prospective zone, or nil.
	Preview *Zone
	// Know says which units the side to move may see (nil: all).
	Know Knowledge

	key        [2]int
	preview    Zone
	previewKey [2]int
}

// Update recomputes the zones of s when key (the state version, the fog's
// recomputations) changed; only the zones of units the side to move
// knows of are drawn (Know).
func (z *ZoneOverlay) Update(s *rules.State, key [2]int) {
	if z.Zones != nil && key == z.key {
		return
	}
	z.key = key
	z.Zones = z.Zones[:0]
	if z.Zones == nil {
		z.Zones = []Zone{}
	}
	z.Preview = nil
	z.preview.Unit = 0
	for _, u := range s.Units {
		if !u.Alive() || !knows(z.Know, u.ID) {
			continue
		}
		st := u.Status
		if st.Overwatch {
			z.add(s, u, false, st.WatchDir)
		}
		if st.Covering {
			z.add(s, u, true, st.CoverDir)
		}
	}
}

// add appends one zone.
func (z *ZoneOverlay) add(s *rules.State, u *rules.Unit, covering bool, dir rules.Dir) {
	if zone, ok := ZoneOf(s, u, covering, dir); ok {
		z.Zones = append(z.Zones, zone)
	}
}

// SetPreview shows the zone unit id would hold (covering fire or
// overwatch) toward tile at, as the Overwatch and Cover Fire commands
// point it (rules.DirTo from the unit's tile); ok false clears it. Call it
// after Update: the cone is recomputed only when the unit, kind, direction
// or Update's key changed.
func (z *ZoneOverlay) SetPreview(s *rules.State, id int, covering bool, at rules.Point, ok bool) {
	u := s.Unit(id)
	if !ok || u == nil || u.Occupies(at) {
		z.Preview = nil
		return
	}
	dir := rules.DirTo(u.Pos, at)
	if z.preview.Unit != id || z.preview.Covering != covering || z.preview.Dir != dir || z.previewKey != z.key {
		zone, ok := ZoneOf(s, u, covering, dir)
		if !ok {
			z.Preview = nil
			return
		}
		z.preview, z.previewKey = zone, z.key
	}
	z.Preview = &z.preview
}

// Has reports whether tile p lies in a zone of the given kind.
func (z *ZoneOverlay) Has(p rules.Point, covering bool) bool {
	for _, zn := range z.Zones {
		if zn.Covering != covering {
			continue
		}
		for _, q := range zn.Tiles {
			if q == p {
				return true
			}
		}
	}
	return false
}

// zoneColor is the colour of a zone held by side in theme t.
func zoneColor(t Theme, side rules.Side) color.RGBA {
	return t.Side(side)
}

// zoneHatch returns the zone's hatching: diagonal stripes every half tile,
// continuous across neighbouring tiles, rising ones for overwatch and
// both diagonals for covering fire.
func zoneHatch(zn *Zone, ts float64) [][2]rules.Vec {
	var hatch [][2]rules.Vec
	for _, t := range zn.Tiles {
		x0, y0 := float64(t.X)*ts, float64(t.Y)*ts
		x1, y1, xm, ym := x0+ts, y0+ts, x0+ts/2, y0+ts/2
		hatch = append(hatch,
			[2]rules.Vec{{X: x0, Y: y1}, {X: x1, Y: y0}},
			[2]rules.Vec{{X: x0, Y: ym}, {X: xm, Y: y0}},
			[2]rules.Vec{{X: xm, Y: y1}, {X: x1, Y: ym}})
		if zn.Covering {
			hatch = append(hatch,
				[2]rules.Vec{{X: x0, Y: y0}, {X: x1, Y: y1}},
				[2]rules.Vec{{X: xm, Y: y0}, {X: x1, Y: ym}},
				[2]rules.Vec{{X: x0, Y: ym}, {X: xm, Y: y1}})
		}
	}
	return hatch
}

// dashSegments cuts each segment into dashes: the first and third quarters.
func dashSegments(segs [][2]rules.Vec) [][2]rules.Vec {
	out := make([][2]rules.Vec, 0, 2*len(segs))
	for _, sg := range segs {
		a, b := sg[0], sg[1]
		at := func(f float64) rules.Vec { return rules.Vec{X: a.X + f*(b.X-a.X), Y: a.Y + f*(b.Y-a.Y)} }
		out = append(out, [2]rules.Vec{at(0), at(0.25)}, [2]rules.Vec{at(0.5), at(0.75)})
	}
	return out
}

// DrawOverlay draws every zone in force tinted, hatched and outlined in
// its holder's side colour, and the preview tinted with a light outline.
func (z *ZoneOverlay) DrawOverlay(dst *ebiten.Image, v *View) {
	ts := float64(v.Board.TileSize)
	for i := range z.Zones {
		zn := &z.Zones[i]
		c := zoneColor(v.Theme, zn.Side)
		p := v.Paint
		tintTiles(dst, v, zn.Tiles, WithAlpha(c, 0x30))
		p.Segments(dst, zoneHatch(zn, ts), v.ToScreen, 1.5, WithAlpha(c, 0x60))
		edges := zn.edges
		if zn.Covering {
			edges = dashSegments(edges)
		}
		p.Segments(dst, edges, v.ToScreen, 3, WithAlpha(c, 0xe0))
		p.Segments(dst, zn.cone, v.ToScreen, 2, WithAlpha(Shade(c, 1.3), 0xc0))
	}
	if zn := z.Preview; zn != nil {
		c := zoneColor(v.Theme, zn.Side)
		p := v.Paint
		tintTiles(dst, v, zn.Tiles, WithAlpha(c, 0x40))
		edges := zn.edges
		if zn.Covering {
			edges = dashSegments(edges)
		}
		p.Segments(dst, edges, v.ToScreen, 1.5, WithAlpha(c, 0xb0))
		p.Segments(dst, zn.cone, v.ToScreen, 1.5, WithAlpha(Shade(c, 1.3), 0xa0))
	}
}

// tintTiles fills the given tiles with c in one path.
func tintTiles(dst *ebiten.Image, v *View, tiles []rules.Point, c color.Color) {
	ts := float64(v.Board.TileSize)
	p := v.Paint
	p.Path()
	for _, t := range tiles {
		x0, y0 := v.ToScreen(rules.Vec{X: float64(t.X) * ts, Y: float64(t.Y) * ts})
		x1, y1 := v.ToScreen(rules.Vec{X: float64(t.X+1) * ts, Y: float64(t.Y+1) * ts})
		p.AddRect(x0, y0, x1-x0, y1-y0)
	}
	p.Fill(dst, c)
}
