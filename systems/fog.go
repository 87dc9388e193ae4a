package systems

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/match"
	"sightline/rules"
)

// fogAlpha is the darkness of a tile no unit of the side to move sees: the
// map stays readable (remembered), dimmed.
const fogAlpha = 0xa0

// Fog is the fog of war: the side it shows the battle to sees only what
// the match says it knows. Tiles no unit of that side sees are darkened,
// a remembered map: the terrain, and the obstacles as the side last saw
// them, so cover destroyed or built out of its sight changes nothing there
// until one of its units sees it. Enemy units the side does not know of
// are not drawn. The battle updates the fog once a command's events have
// played, so nothing walks into view, or breaks, before it does on screen.
// The fog is the battle's Knowledge.
type Fog struct {
	// Off disables the fog: everything is seen.
	Off bool
	// Witness says who saw the events of the command playing (nil: every
	// side saw them all); the battle sets it as it queues them.
	Witness *match.Witness
	// Computes counts the updates that changed what is shown (for tests,
	// and for views keyed on the fog).
	Computes int

	match     *match.Match
	board     *rules.Board
	version   int
	vis       *match.Visibility
	obstacles []*rules.Obstacle // copies of what the side remembers
	img       *ebiten.Image     // one pixel per tile, alpha = darkness
	pix       []byte
	dirty     bool
	shown     entities.World
}

// Update shows the battle to side as m says the side knows it now: what
// it sees, and the obstacles as it remembers them (copied, so they stay
// as shown until the next Update). It does nothing when neither m nor
// the side changed since the last call.
func (f *Fog) Update(m *match.Match, side rules.Side) {
	if f.vis != nil && f.match == m && f.version == m.Version() && f.vis.Side == side {
		return
	}
	f.match, f.board, f.version = m, m.State().Board, m.Version()
	f.vis = m.Visibility(side)
	f.obstacles = f.obstacles[:0]
	for _, o := range m.Remembered(side) {
		c := *o
		f.obstacles = append(f.obstacles, &c)
	}
	f.dirty = true
	f.Computes++
}

// Obstacles returns the obstacles to draw on b for the side the fog shows
// the battle to: those it remembers, which are the board's in every tile
// it sees; with the fog off, before the first Update, or on a board that
// is not the fog's, b's own.
func (f *Fog) Obstacles(b *rules.Board) []*rules.Obstacle {
	if _, all := f.Viewer(); all || f.board != b {
		return b.Obstacles
	}
	return f.obstacles
}

// Viewer returns the side the fog shows the battle to and whether
// everything is shown (the fog is off, or not updated yet).
func (f *Fog) Viewer() (side rules.Side, all bool) {
	if f.Off || f.vis == nil {
		return 0, true
	}
	return f.vis.Side, false
}

// Visibility returns what the side shown sees (nil before the first
// Update).
func (f *Fog) Visibility() *match.Visibility { return f.vis }

// Knows reports whether the unit with the given ID may be shown to the side
// to move (always, with the fog off or before the first Update).
func (f *Fog) Knows(id int) bool { return f.Off || f.vis == nil || f.vis.Knows(id) }

// Saw reports whether the side the fog shows the battle to may see ev, an
// event of the command playing (every event with the fog off).
func (f *Fog) Saw(ev rules.Event) bool {
	side, all := f.Viewer()
	return all || f.Witness.Sees(side, ev)
}

// SawEnd reports whether the side the fog shows the battle to sees where
// the unit with the given ID ends the command playing.
func (f *Fog) SawEnd(id int) bool {
	side, all := f.Viewer()
	if all {
		return true
	}
	_, end := f.Witness.MoveSeen(side, id)
	return end
}

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
		for i := range w * h {
			var a byte
			if !f.vis.Seen(rules.Point{X: i % w, Y: i / w}) {
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
