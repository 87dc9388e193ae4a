package match

import (
	"math/bits"

	"sightline/rules"
)

// Visibility is what one side sees at one moment: the union of its living
// units' fields of view (the oracle's FieldOfView, the same predicate as
// LineOfSight) and the units in them. A Visibility never changes once
// made: the match makes a new one after every command.
type Visibility struct {
	// Side is the side that looks.
	Side rules.Side
	// Width and Height are the board's size in tiles.
	Width, Height int

	seen  []uint64 // a bit per tile, row by row (tile i is bit i%64 of word i/64)
	units []bool   // by unit ID-1: true for the side's own units and every unit they see
	// pend holds the undecided tiles of the lazy fields of view (nil:
	// none), dark the tiles not in seen decided unseen since (nil: none
	// yet): a tile in neither is decided when read (decide), with the
	// answer whole fields of view give. Only a re-play's fog is lazy, and
	// its reader finishes it before handing it out (finish).
	pend []*rules.Undecided
	dark []uint64
}

// Seen reports whether some living unit of the side sees tile p.
func (v *Visibility) Seen(p rules.Point) bool {
	if p.X < 0 || p.Y < 0 || p.X >= v.Width || p.Y >= v.Height {
		return false
	}
	i := p.Y*v.Width + p.X
	if v.seen[i>>6]&(1<<(i&63)) != 0 {
		return true
	}
	return v.pend != nil && (v.dark == nil || v.dark[i>>6]&(1<<(i&63)) == 0) && v.decide(i)
}

// decide decides tile i, in neither seen nor dark, and reports whether it
// is seen: by a lazy field of view (Undecided.Seen is false for a tile a
// field of view decided unseen, or that is out of its reach).
func (v *Visibility) decide(i int) bool {
	w, b := i>>6, uint64(1)<<(i&63)
	p := rules.Point{X: i % v.Width, Y: i / v.Width}
	for _, d := range v.pend {
		if d.Seen(p) {
			v.seen[w] |= b
			return true
		}
	}
	if v.dark == nil {
		v.dark = make([]uint64, len(v.seen))
	}
	v.dark[w] |= b
	return false
}

// decideWord decides the tiles of word w of the bit set that mask holds
// and leaves the answers in seen.
func (v *Visibility) decideWord(w int, mask uint64) {
	if v.pend == nil {
		return
	}
	m := mask &^ v.seen[w]
	if v.dark != nil {
		m &^= v.dark[w]
	}
	for ; m != 0; m &= m - 1 {
		v.decide(w<<6 + bits.TrailingZeros64(m))
	}
}

// finish decides every tile still undecided: the Visibility no longer
// changes as it is read.
func (v *Visibility) finish() {
	// Each field of view finishes its own tiles (from its shadow maps,
	// when many are left), and the union takes what they see.
	for _, d := range v.pend {
		d.Finish()
		d.OrSeen(v.seen)
	}
	v.pend, v.dark = nil, nil
}

// Knows reports whether the unit with the given ID is known to the side:
// one of its own units, or a unit one of them sees (rules.State.Knows).
func (v *Visibility) Knows(id int) bool { return id >= 1 && id <= len(v.units) && v.units[id-1] }

// Count returns how many tiles are seen.
func (v *Visibility) Count() int {
	v.finish()
	n := 0
	for _, w := range v.seen {
		n += bits.OnesCount64(w)
	}
	return n
}

// ComputeVisibility unions the fields of view of side's living units, read
// from sl (a Sightlines cache over s; nil: asked of s directly with
// FieldOfView over the whole board).
func ComputeVisibility(s *rules.State, side rules.Side, sl *rules.Sightlines) *Visibility {
	return computeVisibility(s, side, sl, nil)
}

// computeVisibility is ComputeVisibility, asking the glimpses of g (nil:
// of s).
func computeVisibility(s *rules.State, side rules.Side, sl *rules.Sightlines, g *rules.Glimpses) *Visibility {
	b := s.Board
	v := &Visibility{Side: side, Width: b.Width, Height: b.Height, seen: make([]uint64, (b.Width*b.Height+63)/64), units: make([]bool, len(s.Units))}
	whole := true // every field of view lists every unit its unit sees
	if sl != nil {
		sl.Update() // once: Last reads every unit's field of view
	}
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
			f = sl.Last(u.ID)
		} else {
			f = s.FieldOfView(u, 0)
		}
		if d := f.Undecided(); d != nil {
			// A lazy field of view: its undecided tiles are decided
			// where read.
			f.OrSeen(v.seen)
			v.pend = append(v.pend, d)
		} else {
			f.OrInto(v.seen) // a field of view of s's board: the same bits
		}
		whole = whole && f.Radius == 0
		for _, id := range f.Units {
			if id >= 1 && id <= len(v.units) {
				v.units[id-1] = true
			}
		}
	}
	v.glimpse(s, whole, g)
	return v
}

// glimpse marks the enemies a unit of the side sees only by the automatic
// peek from Full cover (seed 000), so the side may target them: the rules'
// own CanSee decides, the same answer the attack uses; and the enemies a
// move of the side ran into (Status.Revealed). Together with the fields of
// view this is rules.State.Knows, the knowledge moves are planned with.
// whole says that the fields of view cover the whole board, so that an
// enemy none of them lists is one no unit of the side sees as things
// stand (CanSeeUnseen, kept in g when not nil).
func (v *Visibility) glimpse(s *rules.State, whole bool, g *rules.Glimpses) {
	unseen, onlyLeaners := s.CanSeeUnseen, s.GlimpsesOnlyLeaners
	if g != nil {
		unseen = func(a, t *rules.Unit) bool { return g.CanSeeUnseen(s, a, t) }
		onlyLeaners = func(a *rules.Unit) bool { return g.OnlyLeaners(s, a) }
	}
	for _, u := range s.Units {
		if u.Side != v.Side || !u.Alive() {
			continue
		}
		// quiet: u glimpses none of the enemies that do not lean, asked
		// once instead of once per enemy.
		quiet := whole && onlyLeaners(u)
		for _, e := range s.Units {
			if e.Side != v.Side && e.Alive() && !v.units[e.ID-1] && (e.Status.Revealed || whole && !(quiet && e.Status.Lean == rules.LeanNone) && unseen(u, e) || !whole && s.CanSee(u, e)) {
				v.units[e.ID-1] = true
			}
		}
	}
}
