package levels

import (
	"fmt"
	"math"
	"strings"

	"sightline/rules"
)

// facingNames are the values of the Spawn property "facing", clockwise
// from north; index i is rules.Dir(i).
var facingNames = [...]string{"north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"}

// facingAbbrevs are the short forms of facingNames.
var facingAbbrevs = [...]string{"n", "ne", "e", "se", "s", "sw", "w", "nw"}

// parseFacing reads a facing; ok is false for "" (face the map centre).
func parseFacing(v string) (d rules.Dir, ok bool, err error) {
	v = strings.ReplaceAll(strings.ToLower(strings.TrimSpace(v)), "-", "")
	if v == "" {
		return 0, false, nil
	}
	for i := range facingNames {
		if v == facingNames[i] || v == facingAbbrevs[i] {
			return rules.Dir(i), true, nil
		}
	}
	return 0, false, fmt.Errorf("unknown facing %q (want %s, or empty to face the map centre)", v, strings.Join(facingNames[:], ", "))
}

// spawn places the units of the Spawn objects, in document order, and
// checks both sides have some (unless a Spawn failed, which may be why).
func (l *loader) spawn(spawns []*object) {
	st := l.lv.State
	if len(spawns) > MaxUnits {
		l.fail("", withFix(fmt.Errorf("the map has %d Spawn objects, more than the limit of %d units", len(spawns), MaxUnits),
			"keep the squads small: a battle of more units takes too long to play and to think about"))
		return
	}
	failed := false
	for _, ob := range spawns {
		u, err := l.unit(ob)
		if err != nil {
			l.failObject(ob, err)
			failed = true
			continue
		}
		if ob.id > 0 {
			l.spawned[ob.id] = st.AddUnit(u).ID
		} else {
			st.AddUnit(u)
		}
	}
	var count [2]int
	for _, u := range st.Units {
		count[u.Side]++
	}
	if !failed && (count[rules.SideBlue] == 0 || count[rules.SideRed] == 0) {
		fix := `add a point object of class Spawn with "side" set to the side that has none`
		if _, ok := l.proj.classes["Spawn"]; !ok {
			// A map beside another game's project (Tiled's examples carry
			// one): its Spawn objects read as a class the project lacks.
			fix = fmt.Sprintf("the project file %s does not define the class Spawn, so no object here is one: use Sightline's project (levels/sightline.tiled-project) beside the map, or add its classes to this one", l.proj.file)
		}
		l.fail("", withFix(fmt.Errorf("the map needs at least one Spawn on each side (blue has %d, red has %d)", count[rules.SideBlue], count[rules.SideRed]), fix))
	}
}

// unit reads a Spawn object into a unit standing on the tile under the
// object's centre.
func (l *loader) unit(ob *object) (rules.Unit, error) {
	p := ob.props
	sideName, err := p.enum("side", l.proj.enum(sideEnum()), "blue")
	if err != nil {
		return rules.Unit{}, err
	}
	side, err := rules.ParseSide(sideName)
	if err != nil {
		return rules.Unit{}, propError("side", err)
	}
	stanceName, err := p.enum("stance", l.proj.enum(stanceEnum()), "standing")
	if err != nil {
		return rules.Unit{}, err
	}
	stance, err := rules.ParseStance(stanceName)
	if err != nil {
		return rules.Unit{}, propError("stance", err)
	}
	typeName, err := p.enum("type", l.proj.enum(unitTypeEnum()), "trooper")
	if err != nil {
		return rules.Unit{}, err
	}
	typ, ok := rules.DefaultData().UnitType(typeName)
	if !ok {
		return rules.Unit{}, propError("type", fmt.Errorf("%q is not in the unit table (rules/data/defaults.json)", typeName))
	}
	// The unit type decides the size; an explicit size must agree with it.
	size := typ.Size
	if p.explicit("size") {
		if size, err = p.int("size", typ.Size); err != nil {
			return rules.Unit{}, err
		}
		if size != typ.Size {
			return rules.Unit{}, propError("size", fmt.Errorf("%d, but a %s is %d tiles across (leave size empty)", size, typ.Name, typ.Size))
		}
	}
	facing, facingSet, err := parseFacing(p.str("facing", ""))
	if err != nil {
		return rules.Unit{}, propError("facing", err)
	}
	for _, v := range []float64{ob.x, ob.y, ob.w, ob.h} {
		if math.IsNaN(v) || math.Abs(v) > maxCoord {
			return rules.Unit{}, fmt.Errorf("position or size out of range")
		}
	}
	// Halvings compile to products: rounded, they cannot fuse.
	cx, cy := ob.x+float64(ob.w/2), ob.y+float64(ob.h/2)
	if ob.gid != 0 {
		cy = ob.y - float64(ob.h/2)
	}
	ts := float64(l.board.TileSize)
	half := float64(float64(size-1) / 2)
	pos := rules.Point{X: int(math.Floor(cx/ts - half)), Y: int(math.Floor(cy/ts - half))}
	for dy := 0; dy < size; dy++ {
		for dx := 0; dx < size; dx++ {
			q := pos.Add(rules.Point{X: dx, Y: dy})
			switch {
			case !l.board.InBounds(q):
				return rules.Unit{}, withFix(fmt.Errorf("spawn tile (%d,%d) is outside the map", q.X, q.Y), "move the Spawn onto the map")
			case !l.board.Passable(q):
				return rules.Unit{}, withFix(fmt.Errorf("spawn tile (%d,%d) is blocked", q.X, q.Y), "move the Spawn onto open ground, clear of walls, water and cover")
			case l.lv.State.UnitAt(q) != nil:
				return rules.Unit{}, withFix(fmt.Errorf("spawn tile (%d,%d) already holds %s", q.X, q.Y, l.lv.State.UnitAt(q).Name), "move one of the two Spawns")
			}
		}
	}
	u := rules.DefaultUnit(side, pos)
	if err := rules.DefaultData().Equip(&u, typ.Name); err != nil {
		return rules.Unit{}, propError("type", err)
	}
	u.Stance = stance
	u.Name = p.str("name", "")
	if u.Name == "" {
		u.Name = ob.name
	}
	if !facingSet {
		facing = l.towardCentre(cx, cy)
	}
	u.Facing = facing
	return u, nil
}

// towardCentre returns the direction, rounded to the nearest of eight,
// from a pixel position to the map centre (East at the centre itself).
func (l *loader) towardCentre(x, y float64) rules.Dir {
	ts := float64(l.board.TileSize)
	dx := float64(float64(l.board.Width)*ts/2) - x
	dy := float64(float64(l.board.Height)*ts/2) - y
	if dx == 0 && dy == 0 {
		return rules.East
	}
	// Angle clockwise from north, in eighths of a turn.
	a := rules.Atan2(dx, -dy) / (2 * math.Pi) * 8 // math.Atan2 differs on arm64
	return rules.Dir(((int(math.Round(a)) % 8) + 8) % 8)
}
