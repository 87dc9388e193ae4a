package rules

import (
	"math"

	"sightline/rules/sight"
)

// removal is one obstacle RemoveObstacle took off the board: the version
// of the board the removal made and the obstacle's bounds, in pixels.
type removal struct {
	version int
	place   int // where it stood in Obstacles
	lo, hi  Vec
}

// removalLog bounds the removals a board notes: answers kept from before
// older ones are asked again.
const removalLog = 64

// noteRemoval notes that o, at place i of Obstacles, was taken off, at
// the board's current version.
func (b *Board) noteRemoval(o *Obstacle, i int) {
	if len(b.removals) >= removalLog {
		b.removals = append(b.removals[:0:0], b.removals[removalLog/2:]...) // a new array: a placeIndex may share the old
	}
	lo, hi := o.Shape.Bounds()
	b.removals = append(b.removals, removal{version: b.version, place: i, lo: lo, hi: hi})
}

// removedSince returns the removals since version when every change of
// the board since was one (nil, false otherwise, or when they go back
// further than the board notes).
func (b *Board) removedSince(version int) ([]removal, bool) {
	n := b.version - version
	if n < 0 || n > len(b.removals) {
		return nil, false
	}
	if n == 0 {
		return nil, true
	}
	since := b.removals[len(b.removals)-n:]
	if since[0].version != version+1 || since[n-1].version != b.version {
		return nil, false // the noted versions ascend: n of them from version+1 are every one
	}
	return since, true
}

// placeIndex finds a standing obstacle's place in Obstacles by its ID:
// obstacleOrder of the board at some version, and the places removed
// since, in order (the obstacles after each moved up one).
type placeIndex struct {
	at      map[int]int
	removed []removal
}

// place returns the place of the obstacle with the given ID, if it was
// on the board when the index was made and not removed since.
func (p placeIndex) place(id int) (int, bool) {
	i, ok := p.at[id]
	if !ok {
		return 0, false
	}
	for _, r := range p.removed {
		switch {
		case i == r.place:
			return 0, false
		case i > r.place:
			i--
		}
	}
	return i, true
}

// removedAway reports whether every change of the board since version was
// the removal of an obstacle whose bounds lie wholly outside the box lo..hi
// (pixels, edges included): an answer read from the obstacles inside the
// box stands. It is false when the board changed otherwise since (an
// obstacle added, a tile set, Invalidate, Restore: none is noted) or the
// removals go back further than the board notes.
func (b *Board) removedAway(version int, lo, hi Vec) bool {
	since, ok := b.removedSince(version)
	if !ok || len(since) == 0 {
		return false
	}
	for _, r := range since {
		if r.hi.X >= lo.X && r.lo.X <= hi.X && r.hi.Y >= lo.Y && r.lo.Y <= hi.Y {
			return false
		}
	}
	return true
}

// lookReach is how far, in tiles beyond a unit's spaces (where it stands,
// and where it leans when it leans), a glimpse or the cover of its area
// reads the board: the tiles it leans into beside its space (its size),
// the reach of Exposed (sight.ExposedReach) and a tile more for the cells
// a line or a box query reaches into.
func lookReach(l look) int { return max(l.Size, 1) + sight.ExposedReach + 1 }

// lookBox returns the box, in pixels, that holds the looks ls and every
// tile within their reach (lookReach) on a board of tiles ts pixels wide:
// every line of sight a glimpse between them asks (lines between their
// spaces and leans) and every obstacle its cover of an area reads lie in
// it.
func lookBox(ts int, ls ...look) (lo, hi Vec) {
	x0, y0, x1, y1 := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for _, l := range ls {
		r, n := lookReach(l), max(l.Size, 1)
		for j, p := range [2]Point{l.Pos, l.Peek} {
			if j == 1 && l.Lean == LeanNone {
				break // where it would lean is read only when it leans
			}
			x0, y0, x1, y1 = min(x0, p.X-r), min(y0, p.Y-r), max(x1, p.X+n+r), max(y1, p.Y+n+r)
		}
	}
	t := float64(ts)
	return Vec{X: float64(x0) * t, Y: float64(y0) * t}, Vec{X: float64(x1) * t, Y: float64(y1) * t}
}
