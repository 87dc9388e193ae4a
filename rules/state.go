package rules

// State is a whole battle: the board, the units and whose turn it is. It is
// the single source of truth; presentation code only reads it.
type State struct {
	// Board is the battlefield.
	Board *Board
	// Units holds every unit, in ID order.
	Units []*Unit
	// Turn counts turns from 1.
	Turn int
	// Side is the side whose turn it is.
	Side Side
	// Data holds the weapon, unit and tuning tables; nil means DefaultData().
	Data *Data
	// Objectives are the sides' aims (none: fell every enemy); see
	// Verdict.
	Objectives []Objective
	// Hints are the level designer's advice to computer players; the
	// rules ignore them.
	Hints []Hint
	// zoneHits counts the attacks each covering fire zone made at each
	// enemy (seed 003: once per target per attack action).
	zoneHits []zoneHit
	// objectiveProgress counts each objective's progress (ObjectiveProgress).
	objectiveProgress []int
}

// NewState returns a battle on b with no units, Blue to move, turn 1.
func NewState(b *Board) *State { return &State{Board: b, Turn: 1, Side: SideBlue} }

// DefaultUnit returns a standing 1×1 foot unit with the default stats.
func DefaultUnit(side Side, pos Point) Unit {
	return Unit{Side: side, Pos: pos, Size: 1, Speed: 5, AP: 3, MaxAP: 3, HP: 10, MaxHP: 10, Facing: East}
}

// AddUnit adds a copy of u, giving it the next ID, and returns it.
func (s *State) AddUnit(u Unit) *Unit {
	u.ID = len(s.Units) + 1
	if u.Size == 0 {
		u.Size = 1
	}
	if u.Name == "" {
		u.Name = u.Side.String() + " " + itoa(u.ID)
	}
	p := &u
	s.Units = append(s.Units, p)
	return p
}

// Unit returns the unit with the given ID, or nil.
func (s *State) Unit(id int) *Unit {
	if id < 1 || id > len(s.Units) {
		return nil
	}
	return s.Units[id-1]
}

// UnitAt returns the living unit whose space holds p, or nil.
func (s *State) UnitAt(p Point) *Unit {
	for _, u := range s.Units {
		if u.Alive() && u.Occupies(p) {
			return u
		}
	}
	return nil
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
