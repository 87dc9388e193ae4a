package rules

import (
	"errors"
	"fmt"
)

// CommandSpec is a command as scenarios, replays and saves write it: Do
// names it (move, attack, take_cover, stance, aim, overwatch,
// covering_fire, suppressive_fire, blind_fire, charge, reload, draw,
// holster, drop, end_turn); the other fields are its arguments.
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

// SpecOf returns the spec that Command turns back into c.
func SpecOf(c Command) CommandSpec {
	pt := func(p Point) *[2]int { return &[2]int{p.X, p.Y} }
	sp := CommandSpec{Do: c.CommandName()}
	switch c := c.(type) {
	case Move:
		sp.Unit, sp.To, sp.Pile, sp.Dash = c.Unit, pt(c.To), c.Pile, c.Dash
	case Attack:
		sp.Unit, sp.Target, sp.Obstacle, sp.Both = c.Unit, c.Target, c.Obstacle, c.Both
	case TakeCover:
		sp.Unit = c.Unit
	case ChangeStance:
		sp.Unit, sp.Stance = c.Unit, c.To.String()
	case Aim:
		sp.Unit = c.Unit
	case Overwatch:
		sp.Unit, sp.At = c.Unit, pt(c.At)
	case CoveringFire:
		sp.Unit, sp.At = c.Unit, pt(c.At)
	case SuppressiveFire:
		sp.Unit, sp.At = c.Unit, pt(c.At)
	case BlindFire:
		sp.Unit, sp.Target, sp.Spot = c.Unit, c.Target, c.Spot
	case Charge:
		sp.Unit, sp.Target = c.Unit, c.Target
	case Reload:
		sp.Unit = c.Unit
	case Draw:
		sp.Unit, sp.Second = c.Unit, c.Second
	case Holster:
		sp.Unit = c.Unit
	case Drop:
		sp.Unit = c.Unit
	}
	return sp
}

func specPoint(p *[2]int, field string) (Point, error) {
	if p == nil {
		return Point{}, fmt.Errorf("%s: missing (want [x, y])", field)
	}
	return Point{X: p[0], Y: p[1]}, nil
}

// Command turns the spec into a rules command for the battle s, checking
// that the fields it needs are there and name units and obstacles of s.
// The error names the bad field. (Whether the command is legal now is
// Apply's question.)
func (cs CommandSpec) Command(s *State) (Command, error) {
	unit := func(id int, field string) error {
		if id == 0 {
			return errors.New(field + ": missing")
		}
		if s.Unit(id) == nil {
			return fmt.Errorf("%s: no unit %d (the battle has %d)", field, id, len(s.Units))
		}
		return nil
	}
	if cs.Do != "end_turn" && cs.Do != "" {
		if err := unit(cs.Unit, "unit"); err != nil {
			return nil, err
		}
	}
	switch cs.Do {
	case "end_turn":
		return EndTurn{}, nil
	case "move":
		to, err := specPoint(cs.To, "to")
		return Move{Unit: cs.Unit, To: to, Pile: cs.Pile, Dash: cs.Dash}, err
	case "attack":
		if cs.Obstacle != 0 {
			if s.Board.Obstacle(cs.Obstacle) == nil {
				return nil, fmt.Errorf("obstacle: no obstacle %d", cs.Obstacle)
			}
			if cs.Target != 0 {
				if err := unit(cs.Target, "target"); err != nil {
					return nil, err
				}
			}
			return Attack{Unit: cs.Unit, Obstacle: cs.Obstacle, Target: cs.Target, Both: cs.Both}, nil
		}
		return Attack{Unit: cs.Unit, Target: cs.Target, Both: cs.Both}, unit(cs.Target, "target")
	case "take_cover":
		return TakeCover{Unit: cs.Unit}, nil
	case "stance":
		st, err := ParseStance(cs.Stance)
		if err != nil {
			return nil, fmt.Errorf("stance: %w", err)
		}
		return ChangeStance{Unit: cs.Unit, To: st}, nil
	case "aim":
		return Aim{Unit: cs.Unit}, nil
	case "overwatch":
		at, err := specPoint(cs.At, "at")
		return Overwatch{Unit: cs.Unit, At: at}, err
	case "covering_fire":
		at, err := specPoint(cs.At, "at")
		return CoveringFire{Unit: cs.Unit, At: at}, err
	case "suppressive_fire":
		at, err := specPoint(cs.At, "at")
		return SuppressiveFire{Unit: cs.Unit, At: at}, err
	case "blind_fire":
		return BlindFire{Unit: cs.Unit, Target: cs.Target, Spot: cs.Spot}, unit(cs.Target, "target")
	case "charge":
		return Charge{Unit: cs.Unit, Target: cs.Target}, unit(cs.Target, "target")
	case "reload":
		return Reload{Unit: cs.Unit}, nil
	case "draw":
		return Draw{Unit: cs.Unit, Second: cs.Second}, nil
	case "holster":
		return Holster{Unit: cs.Unit}, nil
	case "drop":
		return Drop{Unit: cs.Unit}, nil
	case "":
		return nil, errors.New("do: missing")
	}
	return nil, fmt.Errorf("do: unknown command %q (want move, attack, take_cover, stance, aim, overwatch, covering_fire, suppressive_fire, blind_fire, charge, reload, draw, holster, drop or end_turn)", cs.Do)
}
