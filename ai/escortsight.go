package ai

import "sightline/rules"

// lines keeps, while the board stands the same, which grid intersections
// a body standing in thought on a tile sees at a target's eye height
// (rules.State.SeesPoint), to settle at a glance that a large target, a
// 2×2 mech a lookout says nothing of, is out of an attacker's sight: the
// escort asks every tile an enemy's move action reaches of every tile the
// unit it must protect weighs, and neighbouring tiles share most of their
// intersections, so each line is walked once while the board stands, not
// once for every pair of tiles it joins. A row is a byte per
// intersection of the board, so the rows kept are bounded: past
// linesBudget bytes they are all dropped and made again as they are
// asked (the answers are the same, only their cost grows).
type lines struct {
	board   *rules.Board
	version int
	by      map[linesKey]*sightRow
	// bytes is what the rows in by hold, at most linesBudget.
	bytes int
}

// linesBudget is the most bytes the rows of lines hold: 16 MiB, twelve
// times what Ironstride (34×30, 1,085 bytes a row) held at most in three
// battles of normal and hard (1,272 rows), 254 rows on a 256×256 board.
const linesBudget = 16 << 20

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

// blind reports whether attacker a (as given, moved in thought) surely
// has no shot at t in s for want of a line of sight: neither leans, and
// every line from the intersections of a's space, and when a may peek
// (Full cover) of every space the rules would have it lean to toward t
// (rules.State.Peeks), to those of t's space is blocked
// (rules.ForecastShot then finds no shot). False says nothing.
func (l *lines) blind(s *rules.State, a, t *rules.Unit) bool {
	if a.Status.Lean != rules.LeanNone || t.Status.Lean != rules.LeanNone || a.Hand.Empty() || a.Hand.Weapon.Melee {
		return false
	}
	b := s.Board
	if (b.Width+1)*(b.Height+1) > linesBudget {
		return false // not one row fits
	}
	if l.board != b || l.version != b.Version() || l.by == nil {
		l.board, l.version, l.by, l.bytes = b, b.Version(), map[linesKey]*sightRow{}, 0
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
	// Every way it may lean out toward t: all of them blind, it is.
	peeks, n := s.Peeks(a, t.Pos)
	lean := *a
	for _, p := range peeks[:n] {
		lean.Pos, lean.Stance = p.Tile, p.Stance
		if l.sees(s, l.row(b, lean.Pos, lean.Size, lean.Stance, z), &lean, t, z) {
			return false
		}
	}
	return true
}

// row returns the sightRow of a body at pos (size, stance) for targets
// whose eyes are at z, made empty the first time; when it would take the
// rows past linesBudget, the others are dropped first.
func (l *lines) row(b *rules.Board, pos rules.Point, size int, stance rules.Stance, z float64) *sightRow {
	k := linesKey{pos: pos, size: size, stance: stance, z: z}
	row := l.by[k]
	if row == nil {
		n := (b.Width + 1) * (b.Height + 1)
		if l.bytes+n > linesBudget {
			clear(l.by)
			l.bytes = 0
		}
		row = &sightRow{at: make([]uint8, n)}
		l.by[k] = row
		l.bytes += n
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
