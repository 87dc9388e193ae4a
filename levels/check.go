package levels

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"

	"sightline/rules"
)

// Problem is one thing the map check found: an error (the map cannot be
// played) or a warning (it can, but probably not as meant).
type Problem struct {
	// Warning is false for an error.
	Warning bool
	// File is the map's path in its level folder.
	File string
	// Where names the object or tile (id, name and tile), or "" for the
	// whole map.
	Where string
	// Msg says what is wrong, Fix how to put it right ("" for errors that
	// say so themselves).
	Msg, Fix string
}

// String is the problem on one line: "maps/x.tmx: warning: object 7
// "Alder" at tile (1,5): no cover within 3 tiles (fix: ...)".
func (p Problem) String() string {
	p = p.clipped()
	kind := "error"
	if p.Warning {
		kind = "warning"
	}
	var b strings.Builder
	b.WriteString(p.File + ": " + kind + ": ")
	if p.Where != "" {
		b.WriteString(p.Where + ": ")
	}
	b.WriteString(p.Msg)
	if p.Fix != "" {
		b.WriteString(" (fix: " + p.Fix + ")")
	}
	return b.String()
}

// coverNear is how close, in tiles, a spawn should have cover.
const coverNear = 3

// where names an object with the tile under its position.
func (l *loader) where(ob *object) string {
	ts := float64(l.board.TileSize)
	x, y := math.Floor(ob.x/ts), math.Floor(ob.y/ts)
	if !finite(x) || !finite(y) || math.Abs(x) > 1e9 || math.Abs(y) > 1e9 {
		return fmt.Sprintf("%s at x=%g, y=%g (not a position on any map)", ob.label(), ob.x, ob.y)
	}
	return fmt.Sprintf("%s at tile (%d,%d)", ob.label(), int(x), int(y))
}

// finite reports whether v is neither NaN nor infinite.
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// unknownClass warns of an object or tile whose class the project does
// not define: the game ignores it (a map from elsewhere may use classes of
// its own), and the check names it, since a typo such as "Crat" would
// otherwise drop a piece of cover unseen.
func (l *loader) unknownClass(where, class string) {
	l.lv.Warnings = append(l.lv.Warnings, Problem{Warning: true, File: l.file, Where: where,
		Msg: fmt.Sprintf("class %q is not one the project defines (%s): the game ignores it", class, l.proj.classNames()),
		Fix: "correct the class if it is a typo, or declare it in the project (Project > Custom Types) if the map uses it for its own ends"})
}

// Check loads the map at file and returns every problem found: the load's
// error, else the loader's warnings and the check's own: a unit that
// cannot reach any enemy, a unit with no cover within coverNear tiles of
// its spawn, a unit that sees an enemy from its spawn, an objective zone
// its side cannot reach, a map with no name, a campaign level with no
// briefing.
func Check(fsys fs.FS, file string) []Problem {
	_, out := checkFile(fsys, file)
	return out
}

// checkFile loads and checks one map: the level (nil when it failed) and
// its problems. A map that fails to load still has its warnings listed
// after its errors, so one run shows everything (a "Crat" typo does not
// hide behind a missing Spawn).
func checkFile(fsys fs.FS, file string) (*Level, []Problem) {
	lv, warns, err := load(fsys, file)
	if err != nil {
		return nil, append(loadProblems(file, err), clipAll(warns)...)
	}
	return lv, clipAll(checkLevel(lv))
}

// Errors is every error one load of a map found, in the order found: each
// spoiled object, tile or property is listed, so a designer fixes them all
// in one pass. A load stops early only where it cannot go on (a file that
// is not a map, a missing tileset).
type Errors []Problem

// maxErrorsShown is how many lines Error lists before "and N more".
const maxErrorsShown = 20

// Error is one line per error, "file: where: message", as the game's
// error panel shows it.
func (e Errors) Error() string {
	var b strings.Builder
	for i, p := range e {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i == maxErrorsShown {
			fmt.Fprintf(&b, "... and %d more (sightline-cli check lists them all)", len(e)-i)
			break
		}
		p = p.clipped()
		b.WriteString(p.File + ": ")
		if p.Where != "" {
			b.WriteString(p.Where + ": ")
		}
		b.WriteString(p.Msg)
		if p.Fix != "" {
			b.WriteString(" (fix: " + p.Fix + ")")
		}
	}
	return b.String()
}

// loadProblems turns a load's error into problems: each of an Errors, or
// the one error.
func loadProblems(file string, err error) []Problem {
	var es Errors
	if errors.As(err, &es) {
		return clipAll(append([]Problem(nil), es...))
	}
	p := Problem{File: file, Msg: strings.TrimPrefix(err.Error(), file+": ")}
	var fx fixable
	if errors.As(err, &fx) {
		p.Fix = fx.fix
	}
	return []Problem{p.clipped()}
}

// checkLevel returns the warnings of a loaded level.
func checkLevel(lv *Level) []Problem {
	out := append([]Problem(nil), lv.Warnings...)
	warn := func(where, msg, fix string) {
		out = append(out, Problem{Warning: true, File: lv.File, Where: where, Msg: msg, Fix: fix})
	}
	if lv.Name == baseName(lv.File) {
		warn("", `the map has no "name" property: the level select shows its file name`, `add a map property "name" (Map > Map Properties)`)
	}
	if lv.Campaign > 0 && strings.TrimSpace(lv.Briefing) == "" {
		warn("", `a campaign level with no "briefing": the player is not told what it teaches`, `add a map property "briefing"`)
	}
	s := lv.State
	reach := reaches(s)
	for i, u := range s.Units {
		at := fmt.Sprintf("unit %q at tile (%d,%d)", u.Name, u.Pos.X, u.Pos.Y)
		if !reachesEnemy(s, u, reach[i]) {
			warn(at, "cannot reach any enemy", "open a way (a gap, a bridge, vaultable cover) or move the spawn")
		}
		if !coverNearby(s, u) {
			warn(at, fmt.Sprintf("no cover within %d tiles of its spawn", coverNear), "put cover (sandbags, a crate, a wall) near it")
		}
		if seen := seenAtStart(s, u); len(seen) > 0 {
			warn(at, fmt.Sprintf("sees %s %s from the start: the side that moves first shoots first", seen[0].Side, unitList(seen)),
				"put a wall, high cover or a building between them, or move a spawn")
		}
	}
	for i, o := range s.Objectives {
		if o.Goal != rules.GoalReach && o.Goal != rules.GoalExtract && o.Goal != rules.GoalHold {
			continue
		}
		can := false
		for j, u := range s.Units {
			if u.Side == o.Side && reachesZone(reach[j], o.Zone) {
				can = true
			}
		}
		if !can {
			warn(fmt.Sprintf("objective %d (%s)", i+1, o.Goal), fmt.Sprintf("no %s unit can reach its zone", o.Side), "move the zone onto tiles the side can walk to")
		}
	}
	return clipAll(out)
}

// CheckAll checks every map under "maps" of fsys (List), and across them
// that no two levels share a name or a campaign place.
func CheckAll(fsys fs.FS) []Problem {
	var out []Problem
	names, places := map[string]string{}, map[int]string{}
	for _, e := range List(fsys) {
		if e.Err != nil {
			out = append(out, loadProblems(e.Path, e.Err)...)
			continue
		}
		lv, probs := checkFile(fsys, e.Path)
		out = append(out, probs...)
		if lv == nil {
			continue
		}
		if other, ok := names[lv.Name]; ok {
			out = append(out, Problem{Warning: true, File: e.Path, Msg: fmt.Sprintf("the name %q is %s's too", lv.Name, other), Fix: `give each level its own "name"`})
		}
		names[lv.Name] = e.Path
		if lv.Campaign > 0 {
			if other, ok := places[lv.Campaign]; ok {
				out = append(out, Problem{Warning: true, File: e.Path, Msg: fmt.Sprintf("campaign place %d is %s's too", lv.Campaign, other), Fix: `give each campaign level its own "campaign" number`})
			}
			places[lv.Campaign] = e.Path
		}
	}
	return out
}

// reaches returns, for each unit, where it can walk alone (alone). Units
// of one size share a search: with no other unit in the way, a step, a
// diagonal and a vault can each be taken back (each needs the same tiles
// free and the same cover crossable both ways), so a unit that stands
// where another's search reached can reach exactly what that one can.
// The check then runs one search per size and walled-off area, not one
// per unit, and the searches of different areas cover each tile once.
func reaches(s *rules.State) []*rules.Reach {
	out := make([]*rules.Reach, len(s.Units))
	for i, u := range s.Units {
		for j, v := range s.Units[:i] {
			if v.Size == u.Size && out[j].Reachable(u.Pos) {
				out[i] = out[j]
				break
			}
		}
		if out[i] == nil {
			out[i] = alone(s, u)
		}
	}
	return out
}

// alone returns where u can walk from its spawn with no limit and no other
// unit in the way: the map's own paths (vaulting and climbing included).
func alone(s *rules.State, u *rules.Unit) *rules.Reach {
	c := s.Clone()
	for _, o := range c.Units {
		if o.ID != u.ID {
			o.HP = 0 // the fallen stand in nobody's way
		}
	}
	return c.Reach(u.ID, -1)
}

// reachesEnemy reports whether u can walk to a tile next to an enemy's
// spawn.
func reachesEnemy(s *rules.State, u *rules.Unit, r *rules.Reach) bool {
	for _, e := range s.Units {
		if e.Side == u.Side {
			continue
		}
		for y := e.Pos.Y - u.Size; y <= e.Pos.Y+e.Size; y++ {
			for x := e.Pos.X - u.Size; x <= e.Pos.X+e.Size; x++ {
				if r.Reachable(rules.Point{X: x, Y: y}) {
					return true
				}
			}
		}
	}
	return false
}

// reachesZone reports whether r reaches a tile of z.
func reachesZone(r *rules.Reach, z rules.Rect) bool {
	for y := z.Min.Y; y < z.Max.Y; y++ {
		for x := z.Min.X; x < z.Max.X; x++ {
			if r.Reachable(rules.Point{X: x, Y: y}) {
				return true
			}
		}
	}
	return false
}

// coverNearby reports whether an obstacle at least low (cover a crouched
// soldier can use) stands within coverNear tiles of u's space.
func coverNearby(s *rules.State, u *rules.Unit) bool {
	ts := float64(s.Board.TileSize)
	x0, y0 := float64(u.Pos.X-coverNear)*ts, float64(u.Pos.Y-coverNear)*ts
	x1, y1 := float64(u.Pos.X+u.Size+coverNear)*ts, float64(u.Pos.Y+u.Size+coverNear)*ts
	for _, o := range s.Board.Obstacles {
		if o.Height < rules.HeightLow {
			continue
		}
		lo, hi := o.Shape.Bounds()
		if hi.X > x0 && lo.X < x1 && hi.Y > y0 && lo.Y < y1 {
			return true
		}
	}
	return false
}

// seenAtStart returns the enemies u sees from its spawn, in ID order: in
// its field of view or by the automatic peek from full cover, the sight
// the fog of war and the attack use.
func seenAtStart(s *rules.State, u *rules.Unit) []*rules.Unit {
	fov := s.FieldOfView(u, 0)
	var out []*rules.Unit
	for _, e := range s.Units {
		if e.Side != u.Side && e.Alive() && (slices.Contains(fov.Units, e.ID) || s.CanSee(u, e)) {
			out = append(out, e)
		}
	}
	return out
}

// unitList names units with their tiles: "Rook" at (9,1), "Bay" at (8,2).
func unitList(us []*rules.Unit) string {
	parts := make([]string, len(us))
	for i, u := range us {
		parts[i] = fmt.Sprintf("%q at (%d,%d)", u.Name, u.Pos.X, u.Pos.Y)
	}
	return strings.Join(parts, ", ")
}
