package systems

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/rules"
)

// fogAlpha is the darkness of a tile no unit of the side to move sees: the
// map stays readable (remembered), dimmed.
const fogAlpha = 0xa0

// Visibility is what one side sees now: the union of its living units'
// fields of view (the oracle's FieldOfView, the same predicate as
// LineOfSight) and the units in them.
type Visibility struct {
	// Side is the side that looks.
	Side rules.Side
	// Width and Height are the board's size in tiles.
	Width, Height int

	seen  []bool // Width*Height, row by row
	units []bool // by unit ID-1: true for the side's own units and every unit they see
}

// Seen reports whether some living unit of the side sees tile p.
func (v *Visibility) Seen(p rules.Point) bool {
	if p.X < 0 || p.Y < 0 || p.X >= v.Width || p.Y >= v.Height {
		return false
	}
	return v.seen[p.Y*v.Width+p.X]
}

// Knows reports whether the unit with the given ID is shown: one of the
// side's own units, or a unit one of them sees.
func (v *Visibility) Knows(id int) bool { return id >= 1 && id <= len(v.units) && v.units[id-1] }

// Count returns how many tiles are seen.
func (v *Visibility) Count() int {
	n := 0
	for _, s := range v.seen {
		if s {
			n++
		}
	}
	return n
}

// ComputeVisibility unions the fields of view of side's living units, read
// from sl (a Sightlines cache over s; nil: asked of s directly with
// FieldOfView over the whole board).
func ComputeVisibility(s *rules.State, side rules.Side, sl *rules.Sightlines) *Visibility {
	b := s.Board
	v := &Visibility{Side: side, Width: b.Width, Height: b.Height, seen: make([]bool, b.Width*b.Height), units: make([]bool, len(s.Units))}
	v.fill(s, sl)
	return v
}

func (v *Visibility) fill(s *rules.State, sl *rules.Sightlines) {
	clear(v.seen)
	clear(v.units)
	for _, u := range s.Units {
		if u.Side != v.Side {
			continue
		}
		v.units[u.ID-1] = true
		if !u.Alive() {
			continue
		}
		var f *rules.FOV
		if sl != nil {
			f = sl.FOV(u.ID)
		} else {
			f = s.FieldOfView(u, 0)
		}
		for y := 0; y < v.Height; y++ {
			for x := 0; x < v.Width; x++ {
				if f.Seen(rules.Point{X: x, Y: y}) {
					v.seen[y*v.Width+x] = true
				}
			}
		}
		for _, id := range f.Units {
			if id >= 1 && id <= len(v.units) {
				v.units[id-1] = true
			}
		}
	}
	v.glimpse(s)
}

// glimpse marks the enemies a unit of the side sees only by the automatic
// peek from Full cover (seed 000), so the side may target them: the rules'
// own CanSee decides, the same answer the attack uses; and the enemies a
// move of the side ran into (Status.Revealed). Together with the fields of
// view this is rules.State.Knows, the knowledge moves are planned with.
func (v *Visibility) glimpse(s *rules.State) {
	for _, u := range s.Units {
		if u.Side != v.Side || !u.Alive() {
			continue
		}
		for _, e := range s.Units {
			if e.Side != v.Side && e.Alive() && !v.units[e.ID-1] && (e.Status.Revealed || s.CanSee(u, e)) {
				v.units[e.ID-1] = true
			}
		}
	}
}

// Fog is the fog of war of a hot-seat battle: the side to move sees only
// what its units see. Tiles no unit sees are darkened, a remembered map:
// the terrain, and the obstacles as the side last saw them (Memory), so
// cover destroyed or built out of its sight changes nothing there until
// one of its units sees it. Enemy units no unit sees are not drawn. It
// recomputes only when the board, a unit or the side to move changed,
// reading a Sightlines cache that itself redoes only what a change
// touches.
type Fog struct {
	// Off disables the fog: everything is seen.
	Off bool
	// Computes counts recomputations (for tests and profiling).
	Computes int

	state *rules.State
	lines *rules.Sightlines
	key   boardKey
	vis   *Visibility
	img   *ebiten.Image // one pixel per tile, alpha = darkness
	pix   []byte
	dirty bool
	shown entities.World
	mem   *Memory
}

// bind starts the fog on s, a new battle: the sight cache is new and both
// sides remember its board as loaded.
func (f *Fog) bind(s *rules.State) {
	if f.state != s {
		f.state, f.lines, f.vis, f.mem = s, rules.NewSightlines(s, 0), nil, NewMemory(s.Board)
	}
}

// Update brings the fog up to date with s for its side to move.
func (f *Fog) Update(s *rules.State) {
	f.bind(s)
	k := keyOf(s)
	if f.vis != nil && k == f.key {
		return
	}
	f.key = k
	b := s.Board
	if f.vis == nil || f.vis.Width != b.Width || f.vis.Height != b.Height || len(f.vis.units) != len(s.Units) {
		f.vis = &Visibility{Width: b.Width, Height: b.Height, seen: make([]bool, b.Width*b.Height), units: make([]bool, len(s.Units))}
	}
	f.vis.Side = s.Side
	f.vis.fill(s, f.lines)
	f.mem.See(b, f.vis)
	f.dirty = true
	f.Computes++
}

// Compute returns what side sees in s now, read from the fog's cache (the
// battle's Witness asks it for both sides around every command).
func (f *Fog) Compute(s *rules.State, side rules.Side) *Visibility {
	f.bind(s)
	return ComputeVisibility(s, side, f.lines)
}

// Witnessed updates both sides' memories of the obstacles with what they
// saw of the command w witnessed (after its After), which was applied to
// s: a side that saw an obstacle just before the command remembers it as
// it is now (so cover the side saw break is gone once its removal has
// played, and EventFX draws it until then); the side the fog shows the
// battle to notes what it sees after the command only when the fog next
// updates, once the events have played, so nothing it walks into sight
// of changes early. A nil w notes nothing.
func (f *Fog) Witnessed(s *rules.State, w *Witness) {
	if w == nil {
		return
	}
	f.bind(s)
	viewer, _ := f.Viewer()
	for side := range w.before {
		f.mem.See(s.Board, w.before[side])
		if rules.Side(side) != viewer || f.Off {
			f.mem.See(s.Board, w.after[side])
		}
	}
}

// Obstacles returns the obstacles to draw on b for the side the fog shows
// the battle to: those it remembers (Memory), which are the board's in
// every tile it sees; with the fog off, or on a board that is not the
// fog's, b's own.
func (f *Fog) Obstacles(b *rules.Board) []*rules.Obstacle {
	side, all := f.Viewer()
	if all || f.state == nil || f.state.Board != b {
		return b.Obstacles
	}
	return f.mem.Obstacles(side)
}

// Viewer returns the side the fog shows the battle to (the side to move
// when it last recomputed) and whether everything is shown (the fog is
// off).
func (f *Fog) Viewer() (side rules.Side, all bool) {
	switch {
	case f.Off:
		return 0, true
	case f.vis == nil:
		if f.state != nil {
			return f.state.Side, false
		}
		return 0, true
	}
	return f.vis.Side, false
}

// Visibility returns the current visibility (nil before the first Update).
func (f *Fog) Visibility() *Visibility { return f.vis }

// Knows reports whether the unit with the given ID may be shown to the side
// to move (always, with the fog off or before the first Update).
func (f *Fog) Knows(id int) bool { return f.Off || f.vis == nil || f.vis.Knows(id) }

// Shown returns the entities to draw: w without the units the side to move
// cannot see. The result is reused by the next call.
func (f *Fog) Shown(w *entities.World) *entities.World {
	if f.Off || f.vis == nil {
		return w
	}
	f.shown.Units = f.shown.Units[:0]
	for _, u := range w.Units {
		if f.vis.Knows(u.ID) {
			f.shown.Units = append(f.shown.Units, u)
		}
	}
	return &f.shown
}

// DrawOverlay darkens the tiles the side to move does not see: a
// one-pixel-per-tile image of alphas drawn scaled by the camera with the
// nearest filter, in one draw call.
func (f *Fog) DrawOverlay(dst *ebiten.Image, v *View) {
	if f.Off || f.vis == nil {
		return
	}
	w, h := f.vis.Width, f.vis.Height
	if f.img == nil || f.img.Bounds().Dx() != w || f.img.Bounds().Dy() != h {
		if f.img != nil {
			f.img.Deallocate()
		}
		f.img = ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: false})
		f.dirty = true
	}
	if f.dirty {
		if len(f.pix) != 4*w*h {
			f.pix = make([]byte, 4*w*h)
		}
		for i, s := range f.vis.seen {
			var a byte
			if !s {
				a = fogAlpha
			}
			// Premultiplied: a dark blue-black at alpha a.
			f.pix[4*i], f.pix[4*i+1], f.pix[4*i+2], f.pix[4*i+3] = a/16, a/12, a/8, a
		}
		f.img.WritePixels(f.pix)
		f.dirty = false
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterNearest}
	ts := float64(v.Board.TileSize)
	op.GeoM.Scale(ts, ts)
	op.GeoM.Concat(v.Cam.GeoM())
	dst.DrawImage(f.img, op)
}

// Release frees the fog's image.
func (f *Fog) Release() {
	if f.img != nil {
		f.img.Deallocate()
		f.img = nil
	}
}
