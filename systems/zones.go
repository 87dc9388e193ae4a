package systems

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// Zone colours: overwatch in the badge's sky blue, covering fire in amber.
var (
	colorWatchZone = color.RGBA{0x38, 0xbd, 0xf8, 0xff}
	colorCoverZone = ColorAccent
)

// Zone is one unit's lasting fire zone: the tiles of its cone.
type Zone struct {
	// Unit is the unit that holds the zone.
	Unit int
	// Covering is true for a covering fire zone, false for overwatch.
	Covering bool
	// Tiles are the tiles the cone covers (what the unit sees in it).
	Tiles []rules.Point
}

// ZoneOverlay draws the overwatch and covering fire zones in force as
// translucent cones: the tiles of rules' WatchCone (the cone's angle,
// overwatch as long as the weapon's range increments allow, covering fire
// one range increment), so a wall cuts the cone as it cuts the shots.
// Zones of units the side to move cannot see are not drawn.
type ZoneOverlay struct {
	// Zones are the zones drawn, in unit order.
	Zones []Zone

	key [2]int
}

// Update recomputes the zones of s when key (the state version, the fog's
// recomputations) changed; known says which units the side to move sees
// (nil: all).
func (z *ZoneOverlay) Update(s *rules.State, known func(id int) bool, key [2]int) {
	if z.Zones != nil && key == z.key {
		return
	}
	z.key = key
	z.Zones = z.Zones[:0]
	if z.Zones == nil {
		z.Zones = []Zone{}
	}
	tn := s.Rules().Tuning
	for _, u := range s.Units {
		if !u.Alive() || u.Hand.Empty() || u.Hand.Weapon.Melee || (known != nil && !known(u.ID)) {
			continue
		}
		st := u.Status
		if st.Overwatch {
			z.add(s, u, false, st.WatchDir, u.Hand.Weapon.Range*tn.WatchRangeIncrements, tn.WatchConeDegrees)
		}
		if st.Covering {
			z.add(s, u, true, st.CoverDir, u.Hand.Weapon.Range, tn.WatchConeDegrees)
		}
	}
}

// add appends one zone: the cone's tiles, without the unit's own.
func (z *ZoneOverlay) add(s *rules.State, u *rules.Unit, covering bool, dir rules.Dir, rangeTiles, degrees int) {
	f := s.WatchCone(u, dir, float64(degrees), rangeTiles)
	zone := Zone{Unit: u.ID, Covering: covering}
	for y := 0; y < f.Height; y++ {
		for x := 0; x < f.Width; x++ {
			p := rules.Point{X: x, Y: y}
			if f.Seen(p) && !u.Occupies(p) {
				zone.Tiles = append(zone.Tiles, p)
			}
		}
	}
	z.Zones = append(z.Zones, zone)
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

// DrawOverlay tints every zone's tiles.
func (z *ZoneOverlay) DrawOverlay(dst *ebiten.Image, v *View) {
	ts := float64(v.Board.TileSize)
	for _, zn := range z.Zones {
		c := colorWatchZone
		if zn.Covering {
			c = colorCoverZone
		}
		fill := WithAlpha(c, 0x2c)
		for _, p := range zn.Tiles {
			x0, y0 := v.ToScreen(rules.Vec{X: float64(p.X) * ts, Y: float64(p.Y) * ts})
			x1, y1 := v.ToScreen(rules.Vec{X: float64(p.X+1) * ts, Y: float64(p.Y+1) * ts})
			v.Paint.Rect(dst, x0, y0, x1-x0, y1-y0, fill)
		}
	}
}
