package entities

import "sightline/rules"

// World holds the presentation entities of one battle: one per rules
// unit, in rules id order, and the marks events leave: ghosts of removed
// cover still to be seen going, corpses and short-lived effects.
type World struct {
	// Units holds the unit entities; Units[i] shows rules unit i+1.
	Units []*Unit
	// Ghosts are removed cover still drawn, in obstacle ID order.
	Ghosts []Ghost
	// Corpses mark where units fell, in the order they fell.
	Corpses []Corpse
	// Effects are the pictures running now, oldest first.
	Effects []Effect
}

// NewWorld returns entities for every unit of s, synced to it.
func NewWorld(s *rules.State) *World {
	w := &World{}
	w.Sync(s)
	return w
}

// Unit returns the entity of the rules unit with the given id, or nil.
func (w *World) Unit(id int) *Unit {
	if id < 1 || id > len(w.Units) {
		return nil
	}
	return w.Units[id-1]
}

// Animating reports whether any entity is moving along a tween.
func (w *World) Animating() bool {
	for _, u := range w.Units {
		if u.Animating() {
			return true
		}
	}
	return false
}

// Step advances every entity's tween by one tick.
func (w *World) Step() { w.StepBy(1) }

// StepBy advances every entity's tween by ticks ticks (see Tween.StepBy).
func (w *World) StepBy(ticks float64) {
	for _, u := range w.Units {
		u.StepBy(ticks)
	}
}

// Sync copies the rules state into the entities: new units get an entity,
// and every entity that is not animating snaps to its unit's position and
// facing. Looks and vitals are always copied. Selection flags are kept.
func (w *World) Sync(s *rules.State) {
	for len(w.Units) < len(s.Units) {
		w.Units = append(w.Units, &Unit{ID: len(w.Units) + 1})
	}
	for i, ru := range s.Units {
		e := w.Units[i]
		e.Name = ru.Name
		e.Body = Body{Side: ru.Side, Size: ru.Size, Stance: ru.Stance}
		e.Vitals = Vitals{HP: ru.HP, MaxHP: ru.MaxHP, AP: ru.AP, MaxAP: ru.MaxAP, Alive: ru.Alive(),
			Spent: ru.Side == s.Side && ru.AP <= 0}
		if !e.Animating() {
			e.Pos = SpaceCenter(s.Board, ru.Pos, ru.Size)
			e.Facing = DirAngle(ru.Facing)
		}
	}
}

// ClearFlags resets every entity's Selected and Hovered flags.
func (w *World) ClearFlags() {
	for _, u := range w.Units {
		u.Selected, u.Hovered = false, false
	}
}
