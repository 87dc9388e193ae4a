package rules

import (
	"errors"
	"fmt"
	"strings"
)

// CommandSpec is a command as scenarios, replays and saves write it: Do
// names it (its CommandName; commandKinds lists them all, and so does the
// error for an unknown one); the other fields are its arguments.
type CommandSpec struct {
	Do       string  `json:"do"`
	Unit     int     `json:"unit,omitempty"`
	Target   int     `json:"target,omitempty"`
	Obstacle int     `json:"obstacle,omitempty"`
	To       *[2]int `json:"to,omitempty"`
	At       *[2]int `json:"at,omitempty"`
	Stance   string  `json:"stance,omitempty"`
	Pile     bool    `json:"pile,omitempty"`
	Dash     bool    `json:"dash,omitempty"`
	Spot     bool    `json:"spot,omitempty"`
	Both     bool    `json:"both,omitempty"`
	Second   bool    `json:"second,omitempty"`
}

// commandKinds holds one zero value of every command kind: the specs'
// parser finds a kind here by its CommandName. It is never changed.
var commandKinds = [...]Command{
	Move{}, Attack{}, TakeCover{}, ChangeStance{}, Aim{}, Overwatch{}, CoveringFire{},
	SuppressiveFire{}, BlindFire{}, Charge{}, Reload{}, Draw{}, Holster{}, Drop{}, EndTurn{},
}

// SpecOf returns the spec that Command turns back into c.
func SpecOf(c Command) CommandSpec {
	sp := c.spec()
	sp.Do = c.CommandName()
	return sp
}

// specPt is a point as a spec writes it.
func specPt(p Point) *[2]int { return &[2]int{p.X, p.Y} }

func specPoint(p *[2]int, field string) (Point, error) {
	if p == nil {
		return Point{}, fmt.Errorf("%s: missing (want [x, y])", field)
	}
	return Point{X: p[0], Y: p[1]}, nil
}

// specUnit checks that a spec's field names a unit of s.
func specUnit(s *State, id int, field string) error {
	if id == 0 {
		return errors.New(field + ": missing")
	}
	if s.Unit(id) == nil {
		return fmt.Errorf("%s: no unit %d (the battle has %d)", field, id, len(s.Units))
	}
	return nil
}

// Command turns the spec into a rules command for the battle s, checking
// that the fields it needs are there and name units and obstacles of s.
// The error names the bad field. (Whether the command is legal now is
// Apply's question.)
func (cs CommandSpec) Command(s *State) (Command, error) {
	if cs.Do == "" {
		return nil, errors.New("do: missing")
	}
	if cs.Do != (EndTurn{}).CommandName() {
		if err := specUnit(s, cs.Unit, "unit"); err != nil {
			return nil, err
		}
	}
	names := make([]string, len(commandKinds))
	for i, k := range commandKinds {
		if k.CommandName() == cs.Do {
			return k.parse(cs, s)
		}
		names[i] = k.CommandName()
	}
	last := len(names) - 1
	return nil, fmt.Errorf("do: unknown command %q (want %s or %s)", cs.Do, strings.Join(names[:last], ", "), names[last])
}
