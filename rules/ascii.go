package rules

import (
	"fmt"
	"strings"
)

// ASCIITileSize is the pixel size of a tile on boards built from ASCII maps.
const ASCIITileSize = 32

// Glyph says what one character of an ASCII map stands for: an obstacle
// filling the tile, a unit standing on it, or both absent for open floor.
// An obstacle stands on the tile's floor (its Base is the Floor).
type Glyph struct {
	// Obstacle, when non-nil, is placed to fill the tile.
	Obstacle *Obstacle
	// Unit, when non-nil, is placed on the tile.
	Unit *Unit
	// Floor is the tile's floor elevation in bricks.
	Floor int
}

// DefaultLegend is the legend tests use:
//
//	.  open floor          #  wall (full, blocks sight and effect, DE 18)
//	h  high cover (3)      l  low cover (2)       v  very-low cover (1)
//	g  glass (full; blocks effect, not sight; the glass material: DE 2, breakable)
//	s  smoke (sight, not effect; walkable)
//	a  arrow slit (high, improved cover)
//	B  Blue unit standing  b  Blue unit prone
//	R  Red unit standing   r  Red unit prone
//	M  Blue 2×2 mech       m  Red 2×2 mech (draw all four tiles)
//	1-9  open floor raised that many bricks
func DefaultLegend() map[rune]Glyph {
	wall := func(name string, h int, sight, effect bool, de int) *Obstacle {
		return &Obstacle{Name: name, Class: "Cover", Height: h, BlocksSight: sight, BlocksEffect: effect, DE: de, Size: SizeMedium}
	}
	unit := func(side Side, st Stance) *Unit {
		u := DefaultUnit(side, Point{})
		u.Stance = st
		return &u
	}
	mech := func(side Side) *Unit {
		u := unit(side, Standing)
		u.Size = 2
		return u
	}
	l := map[rune]Glyph{
		'.': {},
		'#': {Obstacle: wall("wall", HeightFull, true, true, 18)},
		'h': {Obstacle: wall("high cover", HeightHigh, true, true, 12)},
		'l': {Obstacle: wall("low cover", HeightLow, true, true, 3)},
		'v': {Obstacle: wall("very-low cover", HeightVeryLow, true, true, 3)},
		'g': {Obstacle: func() *Obstacle {
			o := wall("glass", HeightFull, false, true, 2)
			if m, ok := DefaultData().Material("glass"); ok { // RULES.md's glass: DE 2, breakable
				m.ApplyTo(o)
			}
			return o
		}()},
		's': {Obstacle: func() *Obstacle { o := wall("smoke", HeightFull, true, false, 0); o.Walkable = true; return o }()},
		'a': {Obstacle: func() *Obstacle { o := wall("arrow slit", HeightHigh, true, true, 18); o.ArrowSlit = true; return o }()},
		'B': {Unit: unit(SideBlue, Standing)},
		'b': {Unit: unit(SideBlue, Prone)},
		'R': {Unit: unit(SideRed, Standing)},
		'r': {Unit: unit(SideRed, Prone)},
		'M': {Unit: mech(SideBlue)},
		'm': {Unit: mech(SideRed)},
	}
	for c := '1'; c <= '9'; c++ {
		l[c] = Glyph{Floor: int(c - '0')}
	}
	return l
}

// ParseASCII builds a battle from an ASCII map read with DefaultLegend.
// Leading and trailing blank lines and common indentation are ignored.
func ParseASCII(m string) (*State, error) { return ParseASCIIWith(m, DefaultLegend()) }

// ParseASCIIWith builds a battle from an ASCII map and a legend. Units get
// IDs in reading order (row by row, left to right). A unit larger than one
// tile is drawn on every tile of its space; it is placed once, at the
// top-left of its square.
func ParseASCIIWith(m string, legend map[rune]Glyph) (*State, error) {
	rows := asciiRows(m)
	if len(rows) == 0 {
		return nil, fmt.Errorf("ascii map: empty")
	}
	w := len([]rune(rows[0]))
	b := NewBoard(w, len(rows), ASCIITileSize)
	s := NewState(b)
	ts := float64(ASCIITileSize)
	for y, row := range rows {
		r := []rune(row)
		if len(r) != w {
			return nil, fmt.Errorf("ascii map: row %d is %d wide, want %d", y+1, len(r), w)
		}
		for x, c := range r {
			g, ok := legend[c]
			if !ok {
				return nil, fmt.Errorf("ascii map: row %d column %d: unknown glyph %q", y+1, x+1, c)
			}
			p := Point{X: x, Y: y}
			b.SetTile(p, Tile{Floor: g.Floor, Cost: 1})
			if g.Obstacle != nil {
				o := *g.Obstacle
				o.Shape = RectShape(float64(float64(x)*ts), float64(float64(y)*ts), ts, ts)
				o.Base = g.Floor
				b.AddObstacle(o)
			}
			if g.Unit != nil && (g.Unit.Size <= 1 || s.UnitAt(p) == nil) {
				u := *g.Unit
				u.Pos = p
				s.AddUnit(u)
			}
		}
	}
	return s, nil
}

func asciiRows(m string) []string {
	lines := strings.Split(m, "\n")
	var rows []string
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l != "" {
			rows = append(rows, l)
		}
	}
	return rows
}
