package ai

import "sightline/rules"

// lines keeps, while the board stands the same, which grid intersections
// a body standing in thought on a tile sees at a target's eye height
// (rules.State.SeesPoint), to settle at a glance that a large target, a
// 2×2 mech a lookout says nothing of, is out of an attacker's sight: the
// escort asks every tile an enemy's move action reaches of every tile the
// unit it must protect weighs, and neighbouring tiles share most of their
// intersections, so each line is walked once while the board stands, not
// once for every pair of tiles it joins.
type lines struct {
	board   *rules.Board
	version int
	by      map[linesKey]*sightRow
}

// linesKey is what a sightRow is taken for: the body's tile, size and
// stance, and the target's eye height.
type linesKey struct {
	pos    rules.Point
	size   int
	stance rules.Stance
	z      float64
}

// sightRow holds, for each grid intersection (row by row, Width+1 to a
// row), whether the body sees it (seen), is blocked from it (dark) or was
// not asked yet (0), and whether, as an attacker, it may peek out (Full
// cover: its shots may also see from the tiles it leans to).
type sightRow struct {
	at           []uint8
	peeks, asked bool
}

// The states of an intersection in a sightRow.
const (
	seen uint8 = 1 + iota
	dark
)

// peekSides are the four directions a unit may lean out to.
var peekSides = [4]rules.Point{{X: 0, Y: -1}, {X: 1, Y: 0}, {X: 0, Y: 1}, {X: -1, Y: 0}}

// blind reports whether attacker a (as given, moved in thought) surely
// has no shot at t in s for want of a line of sight: neither leans, and
// every line from the intersections of a's space, and when a may peek
// (Full cover) of every space it may lean to, to those of t's space is
// blocked (rules.ForecastShot then finds no shot). False says nothing.
func (l *lines) blind(s *rules.State, a, t *rules.Unit) bool {
	if a.Status.Lean != rules.LeanNone || t.Status.Lean != rules.LeanNone || a.Hand.Empty() || a.Hand.Weapon.Melee {
		return false
	}
	b := s.Board
	if l.board != b || l.version != b.Version() || l.by == nil {
		l.board, l.version, l.by = b, b.Version(), map[linesKey]*sightRow{}
	}
	z := b.EyeHeight(t)
	row := l.row(b, a.Pos, a.Size, a.Stance, z)
	if l.sees(s, row, a, t, z) {
		return false
	}
	if !row.asked {
		row.peeks, row.asked = !s.GlimpsesOnlyLeaners(a), true
	}
	if !row.peeks {
		return true
	}
	// Every tile it may lean to (rules' leanTile picks two of the four
	// sides, toward the target, and a crouched unit may rise over its
	// cover): all of them blind, it is.
	lean := *a
	if a.Stance == rules.Crouched {
		lean.Stance = rules.Standing
		if l.sees(s, l.row(b, lean.Pos, lean.Size, lean.Stance, z), &lean, t, z) {
			return false
		}
	}
	lean.Stance = a.Stance
	for _, d := range peekSides {
		lean.Pos = a.Pos.Add(rules.Point{X: d.X * a.Size, Y: d.Y * a.Size})
		if !spaceOpen(b, lean.Pos, a.Size) {
			continue
		}
		if l.sees(s, l.row(b, lean.Pos, lean.Size, lean.Stance, z), &lean, t, z) {
			return false
		}
	}
	return true
}

// row returns the sightRow of a body at pos (size, stance) for targets
// whose eyes are at z, made empty the first time.
func (l *lines) row(b *rules.Board, pos rules.Point, size int, stance rules.Stance, z float64) *sightRow {
	k := linesKey{pos: pos, size: size, stance: stance, z: z}
	row := l.by[k]
	if row == nil {
		row = &sightRow{at: make([]uint8, (b.Width+1)*(b.Height+1))}
		l.by[k] = row
	}
	return row
}

// sees reports whether a (as given, its row) has a clear line to some
// intersection of t's space at height z, asking each intersection once.
// One off the board counts as seen: it settles nothing.
func (l *lines) sees(s *rules.State, row *sightRow, a, t *rules.Unit, z float64) bool {
	b := s.Board
	size := min(max(t.Size, 1), 4)
	for y := t.Pos.Y; y <= t.Pos.Y+size; y++ {
		for x := t.Pos.X; x <= t.Pos.X+size; x++ {
			if x < 0 || y < 0 || x > b.Width || y > b.Height {
				return true
			}
			i := y*(b.Width+1) + x
			if row.at[i] == 0 {
				row.at[i] = dark
				if s.SeesPoint(a, rules.Point{X: x, Y: y}, z) {
					row.at[i] = seen
				}
			}
			if row.at[i] == seen {
				return true
			}
		}
	}
	return false
}

// spaceOpen reports whether every tile of the size×size space at p is
// passable (rules' lean needs it).
func spaceOpen(b *rules.Board, p rules.Point, size int) bool {
	for dy := range size {
		for dx := range size {
			if !b.Passable(p.Add(rules.Point{X: dx, Y: dy})) {
				return false
			}
		}
	}
	return true
}
