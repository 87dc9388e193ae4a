package match

import "sightline/rules"

// Sighting is where a side last saw an enemy unit.
type Sighting struct {
	// Unit is the enemy's ID.
	Unit int
	// Pos, Size and Stance are as the side last saw them.
	Pos    rules.Point
	Size   int
	Stance rules.Stance
	// Turn is the turn it was last seen on.
	Turn int
	// Alive is false when the side saw it fall.
	Alive bool
}

// knowledge is what both sides know: what they see now, the obstacles as
// they last saw them, and where they last saw each enemy.
type knowledge struct {
	now   [2]*Visibility
	mem   *Memory
	seen  *rules.Glimpses // the fog's glimpses, kept by pair of units
	sight [2][]Sighting   // by unit ID-1; Unit 0: never seen
}

// newKnowledge starts both sides knowing the level as loaded and seeing
// what their units see.
func newKnowledge(s *rules.State, lines *rules.Sightlines) knowledge {
	k := knowledge{mem: NewMemory(s.Board), seen: &rules.Glimpses{}}
	for side := range k.now {
		k.now[side] = computeVisibility(s, rules.Side(side), lines, k.seen)
		k.mem.See(s.Board, k.now[side])
	}
	k.note(s, [2]*Visibility{})
	return k
}

// update brings both sides' knowledge up to date after a command: a side
// remembers each obstacle it saw just before the command as it is now,
// and what it sees after. It reports, by side, whether the remembered
// obstacles changed. evs are the command's events: only the obstacles
// CoverDamaged names changed in place.
func (k *knowledge) update(s *rules.State, lines *rules.Sightlines, evs []rules.Event) (memChanged [2]bool) {
	var damaged []int
	for _, e := range evs {
		if d, ok := e.(rules.CoverDamaged); ok {
			damaged = append(damaged, d.Obstacle)
		}
	}
	k.mem.syncAfter(s.Board, false, damaged) // once for the four looks: nothing changes the board between them
	was := k.now
	for side := range k.now {
		before := k.now[side]
		k.now[side] = computeVisibility(s, rules.Side(side), lines, k.seen)
		a := k.mem.see(s.Board, before)
		b := k.mem.see(s.Board, k.now[side])
		memChanged[side] = a || b
	}
	k.note(s, was)
	return memChanged
}

// note records where each side sees the enemies it knows now, and the
// fall of each enemy it saw fall: on the tile it fell on, or known to the
// side just before (was, by side; nil before the first command), as the
// witness of the command that felled it has it.
func (k *knowledge) note(s *rules.State, was [2]*Visibility) {
	for side := range k.sight {
		if len(k.sight[side]) < len(s.Units) {
			k.sight[side] = append(k.sight[side], make([]Sighting, len(s.Units)-len(k.sight[side]))...)
		}
		v := k.now[side]
		for _, u := range s.Units {
			seenDead := !u.Alive() && k.sight[side][u.ID-1].Alive && (v.Seen(u.Pos) || was[side] != nil && was[side].Knows(u.ID))
			if u.Side == rules.Side(side) || !v.Knows(u.ID) && !seenDead {
				continue
			}
			k.sight[side][u.ID-1] = Sighting{Unit: u.ID, Pos: u.Pos, Size: u.Size, Stance: u.Stance, Turn: s.Turn, Alive: u.Alive()}
		}
	}
}

// setLazy makes the match's fields of view lazy (a re-play: its fog
// decides a tile only where it is read) or whole again; turned off, both
// sides' fog is made anew from whole fields of view, so the battle that
// goes on keeps and hands out only whole ones. The board's digests are
// trusted while it is on (rules.Board.SetDigestTrust).
func (m *Match) setLazy(on bool) {
	if m.lazy == on {
		return
	}
	m.lazy = on
	m.lines.SetLazy(on)
	m.state.Board.SetDigestTrust(on)
	if !on {
		for side := range m.know.now {
			m.know.now[side] = computeVisibility(m.state, rules.Side(side), m.lines, m.know.seen)
		}
		m.views = [2]*View{}
	}
}

// Visibility returns what side sees now. It does not change: the next
// command makes a new one.
func (m *Match) Visibility(side rules.Side) *Visibility {
	v := m.know.now[side]
	v.finish() // a re-play's fog: decided whole before it is handed out
	return v
}

// Remembered returns the obstacles side remembers standing, each as it
// last saw it (the board's own in every tile it sees). The slice and the
// obstacles are the match's and change with the next command: copy what
// must outlive it.
func (m *Match) Remembered(side rules.Side) []*rules.Obstacle { return m.know.mem.Obstacles(side) }

// LastSeen returns where side last saw the enemy with the given ID, and
// whether it ever did.
func (m *Match) LastSeen(side rules.Side, id int) (Sighting, bool) {
	sights := m.know.sight[side]
	if id < 1 || id > len(sights) || sights[id-1].Unit == 0 {
		return Sighting{}, false
	}
	return sights[id-1], true
}
