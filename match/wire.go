package match

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"

	"sightline/rules"
)

// MaxWireSide bounds the width and height of a board in a View read from
// the network: far above any shipped level, small enough that a view's
// tiles cost little memory.
const MaxWireSide = 1024

// viewFields is View without its methods: its exported fields encode as
// plain JSON, in View's order.
type viewFields View

// wireView is a View as JSON: its fields, and the tiles the side sees as
// Seen: base64 of one bit per tile, row by row, lowest bit first.
type wireView struct {
	viewFields
	Seen string
}

// MarshalJSON writes the view as a network client receives it: its fields
// and the tiles the side sees, nothing the side does not know.
func (v *View) MarshalJSON() ([]byte, error) {
	w := wireView{viewFields: viewFields(*v)}
	bits := make([]byte, (v.Width*v.Height+7)/8)
	for y := 0; y < v.Height; y++ {
		for x := 0; x < v.Width; x++ {
			if i := y*v.Width + x; v.Seen(rules.Point{X: x, Y: y}) {
				bits[i/8] |= 1 << (i % 8)
			}
		}
	}
	w.Seen = base64.StdEncoding.EncodeToString(bits)
	return json.Marshal(w)
}

// UnmarshalJSON reads a view that MarshalJSON wrote, from a stranger: the
// sides, the board's size, the tiles and the seen bits must agree, and
// the data tables must be there.
func (v *View) UnmarshalJSON(b []byte) error { return v.UnmarshalFilled(b, nil) }

// UnmarshalFilled reads a view as UnmarshalJSON does from JSON that
// leaves out fields the reader holds already (a network client keeps the
// map, the data tables and the obstacles of an earlier view): fill, when
// not nil, puts them back into the view read, or refuses it, before the
// view is checked as a whole one.
func (v *View) UnmarshalFilled(b []byte, fill func(*View) error) error {
	var w wireView
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	if fill != nil {
		f := View(w.viewFields)
		if err := fill(&f); err != nil {
			return err
		}
		w.viewFields = viewFields(f)
	}
	switch {
	case w.Side != rules.SideBlue && w.Side != rules.SideRed, w.ToMove != rules.SideBlue && w.ToMove != rules.SideRed:
		return errors.New("view: side: want blue or red")
	case w.Width < 1 || w.Height < 1 || w.Width > MaxWireSide || w.Height > MaxWireSide:
		return fmt.Errorf("view: board %dx%d: want 1 to %d tiles a side", w.Width, w.Height, MaxWireSide)
	case len(w.Tiles) != w.Width*w.Height:
		return fmt.Errorf("view: %d tiles for a %dx%d board", len(w.Tiles), w.Width, w.Height)
	case w.Data == nil:
		return errors.New("view: data: missing")
	case w.TileSize < 1:
		return errors.New("view: tile size: want at least 1")
	}
	bits, err := base64.StdEncoding.DecodeString(w.Seen)
	if err != nil || len(bits) != (w.Width*w.Height+7)/8 {
		return fmt.Errorf("view: seen: want base64 of %d bytes", (w.Width*w.Height+7)/8)
	}
	for _, u := range w.Units {
		if u.ID < 1 || u.Side != rules.SideBlue && u.Side != rules.SideRed {
			return fmt.Errorf("view: unit %d: want an ID from 1 and a side", u.ID)
		}
	}
	vis := &Visibility{Side: w.Side, Width: w.Width, Height: w.Height, seen: make([]uint64, (w.Width*w.Height+63)/64)}
	for i := range w.Width * w.Height {
		if bits[i/8]&(1<<(i%8)) != 0 {
			vis.seen[i>>6] |= 1 << (i & 63)
		}
	}
	*v = View(w.viewFields)
	v.vis = vis
	return nil
}
