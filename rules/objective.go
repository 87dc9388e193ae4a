package rules

import "fmt"

// Goal is what an objective asks of its side.
type Goal string

// The goals a level may set. Turns is a deadline for eliminate, reach,
// extract and destroy (0: none), the turns to hold a zone for hold and
// the turns to last for survive.
const (
	// GoalEliminate: fell every enemy.
	GoalEliminate Goal = "eliminate"
	// GoalReach: a unit of the side stands in the zone.
	GoalReach Goal = "reach"
	// GoalExtract: every living unit of the side stands in the zone at
	// the end of its turn.
	GoalExtract Goal = "extract"
	// GoalHold: at the end of Turns of its turns in a row, the side has a
	// unit in the zone and the enemy none.
	GoalHold Goal = "hold"
	// GoalSurvive: a unit of the side still stands when turn Turns ends.
	GoalSurvive Goal = "survive"
	// GoalDestroy: obstacle Target is gone.
	GoalDestroy Goal = "destroy"
	// GoalProtect: unit Target (of the side) must not fall.
	GoalProtect Goal = "protect"
)

// Goals lists every goal, in the order the Tiled project names them.
var Goals = []Goal{GoalEliminate, GoalReach, GoalExtract, GoalHold, GoalSurvive, GoalDestroy, GoalProtect}

// Objective is one side's aim in a battle. A battle with none is won by
// felling every enemy; with some, a side that loses every unit still
// loses, and otherwise the first objective in order that is met or
// failed decides the battle.
type Objective struct {
	// Side is whose objective it is.
	Side Side `json:"side"`
	// Goal is what it asks.
	Goal Goal `json:"goal"`
	// Zone is the area of reach, extract and hold, in tiles.
	Zone Rect `json:"zone,omitzero"`
	// Turns is the deadline, the turns to hold or the turns to survive
	// (see Goal).
	Turns int `json:"turns,omitempty"`
	// Target is the obstacle to destroy or the unit to protect.
	Target int `json:"target,omitempty"`
	// Text is the objective in a player's words, for the briefing and
	// the HUD.
	Text string `json:"text,omitempty"`
}

// Rect is a rectangle of tiles: Min inclusive, Max exclusive.
type Rect struct {
	Min, Max Point
}

// Contains reports whether tile p is inside r.
func (r Rect) Contains(p Point) bool {
	return p.X >= r.Min.X && p.X < r.Max.X && p.Y >= r.Min.Y && p.Y < r.Max.Y
}

// Empty reports whether r holds no tile.
func (r Rect) Empty() bool { return r.Max.X <= r.Min.X || r.Max.Y <= r.Min.Y }

// Verdict is how a battle stands.
type Verdict struct {
	// Over is true once the battle is decided: a side has won (Winner
	// is that side) or it is a draw (Draw, and Winner means nothing).
	Over   bool
	Winner Side
	// Draw is true when the battle ended with no winner: the last units
	// of both sides fell together, in one command.
	Draw bool
	// Why says what decided it, for the result screen ("" while the
	// battle goes on).
	Why string
}

// CheckObjectives returns an error naming the first objective of s that
// cannot work on its board: an unknown goal or side, a zone off the map
// or missing, a target that is not there, a negative or missing count.
func (s *State) CheckObjectives() error {
	for i, o := range s.Objectives {
		bad := func(format string, a ...any) error {
			return fmt.Errorf("objective %d (%s): %s", i+1, o.Goal, fmt.Sprintf(format, a...))
		}
		if o.Side != SideBlue && o.Side != SideRed {
			return bad("side %d is neither blue nor red", o.Side)
		}
		if o.Turns < 0 {
			return bad("turns %d is negative", o.Turns)
		}
		switch o.Goal {
		case GoalReach, GoalExtract, GoalHold:
			if o.Zone.Empty() || o.Zone.Min.X < 0 || o.Zone.Min.Y < 0 || o.Zone.Max.X > s.Board.Width || o.Zone.Max.Y > s.Board.Height {
				return bad("zone (%d,%d)..(%d,%d) is empty or off the %dx%d map", o.Zone.Min.X, o.Zone.Min.Y, o.Zone.Max.X, o.Zone.Max.Y, s.Board.Width, s.Board.Height)
			}
		case GoalDestroy:
			if s.Board.Obstacle(o.Target) == nil {
				return bad("no obstacle %d to destroy", o.Target)
			}
		case GoalProtect:
			if u := s.Unit(o.Target); u == nil || u.Side != o.Side {
				return bad("no unit %d of its side to protect", o.Target)
			}
		case GoalEliminate:
		case GoalSurvive:
		default:
			return bad("unknown goal (want one of %v)", Goals)
		}
		if (o.Goal == GoalHold || o.Goal == GoalSurvive) && o.Turns == 0 {
			return bad("needs turns above 0")
		}
	}
	return nil
}

// Verdict returns how the battle stands: a draw when the last units of
// both sides are down (they fell together: the battle ends as soon as
// one side has none), lost by a side with no unit standing, else decided
// by the first objective met or failed, else going on.
func (s *State) Verdict() Verdict {
	var alive, fielded [2]bool
	for _, u := range s.Units {
		fielded[u.Side] = true
		if u.Alive() {
			alive[u.Side] = true
		}
	}
	switch {
	case fielded[SideBlue] && fielded[SideRed] && !alive[SideBlue] && !alive[SideRed]:
		return Verdict{Over: true, Draw: true, Why: DrawWhy}
	case alive[SideBlue] && !alive[SideRed]:
		return Verdict{Over: true, Winner: SideBlue, Why: "Every Red unit is down."}
	case alive[SideRed] && !alive[SideBlue]:
		return Verdict{Over: true, Winner: SideRed, Why: "Every Blue unit is down."}
	case !alive[SideBlue] && !alive[SideRed]:
		return Verdict{}
	}
	for i, o := range s.Objectives {
		met, failed := s.objective(i)
		switch {
		case met:
			return Verdict{Over: true, Winner: o.Side, Why: o.Side.String() + " did it: " + s.ObjectiveText(i) + "."}
		case failed:
			return Verdict{Over: true, Winner: o.Side.Other(), Why: o.Side.String() + " failed: " + s.ObjectiveText(i) + "."}
		}
	}
	return Verdict{}
}

// DrawWhy is the Verdict's reason for a draw.
const DrawWhy = "The last units of both sides fell together."

// Over reports whether the battle is decided: won by a side or drawn.
// Verdict tells which; there is no bare winner to ask, since a draw has
// none and the zero Side would read as Blue.
func (s *State) Over() bool { return s.Verdict().Over }

// objective reports whether objective i is met, or failed, now.
func (s *State) objective(i int) (met, failed bool) {
	o := s.Objectives[i]
	late := o.Turns > 0 && s.Turn > o.Turns // its deadline's turn has ended
	switch o.Goal {
	case GoalEliminate:
		return false, late // met is every enemy down, decided above
	case GoalReach:
		for _, u := range s.Units {
			if u.Side == o.Side && u.Alive() && o.Zone.Contains(u.Pos) {
				return true, false
			}
		}
		return false, late
	case GoalExtract:
		return s.progress(i) >= 1, late
	case GoalHold:
		return s.progress(i) >= o.Turns, false
	case GoalSurvive:
		return s.Turn > o.Turns, false
	case GoalDestroy:
		return s.Board.Obstacle(o.Target) == nil, late
	case GoalProtect:
		u := s.Unit(o.Target)
		return false, u == nil || !u.Alive()
	}
	return false, false
}

// progress returns objective i's count: the turns in a row a hold zone
// was held, or 1 once an extraction is done.
func (s *State) progress(i int) int {
	if i < len(s.objectiveProgress) {
		return s.objectiveProgress[i]
	}
	return 0
}

// ObjectiveProgress returns, for each objective, the turns in a row its
// zone was held (hold), 1 once its side has extracted (extract), else 0.
func (s *State) ObjectiveProgress() []int {
	out := make([]int, len(s.Objectives))
	for i := range out {
		out[i] = s.progress(i)
	}
	return out
}

// endTurnObjectives counts, as side ends its turn, the turns it has held
// its zones and whether it has extracted.
func (s *State) endTurnObjectives(side Side) {
	if len(s.Objectives) == 0 {
		return
	}
	if len(s.objectiveProgress) < len(s.Objectives) {
		s.objectiveProgress = append(s.objectiveProgress, make([]int, len(s.Objectives)-len(s.objectiveProgress))...)
	}
	for i, o := range s.Objectives {
		if o.Side != side {
			continue
		}
		switch o.Goal {
		case GoalHold:
			if s.holds(side, o.Zone) {
				s.objectiveProgress[i]++
			} else {
				s.objectiveProgress[i] = 0
			}
		case GoalExtract:
			if s.allIn(side, o.Zone) {
				s.objectiveProgress[i] = 1
			}
		}
	}
}

// holds reports whether side has a living unit in z and the enemy none.
func (s *State) holds(side Side, z Rect) bool {
	ours := false
	for _, u := range s.Units {
		if !u.Alive() || !z.Contains(u.Pos) {
			continue
		}
		if u.Side != side {
			return false
		}
		ours = true
	}
	return ours
}

// allIn reports whether every living unit of side stands in z (and it has
// one).
func (s *State) allIn(side Side, z Rect) bool {
	n := 0
	for _, u := range s.Units {
		if u.Side == side && u.Alive() {
			if !z.Contains(u.Pos) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// ObjectiveText is objective i in a player's words: its Text, or words
// made from its goal.
func (s *State) ObjectiveText(i int) string {
	o := s.Objectives[i]
	if o.Text != "" {
		return o.Text
	}
	zone := fmt.Sprintf("(%d,%d)-(%d,%d)", o.Zone.Min.X, o.Zone.Min.Y, o.Zone.Max.X-1, o.Zone.Max.Y-1)
	by := ""
	if o.Turns > 0 {
		by = " by the end of turn " + itoa(o.Turns)
	}
	switch o.Goal {
	case GoalEliminate:
		return "fell every enemy" + by
	case GoalReach:
		return "reach " + zone + by
	case GoalExtract:
		return "get every unit out at " + zone + by
	case GoalHold:
		return "hold " + zone + " for " + itoa(o.Turns) + " turns"
	case GoalSurvive:
		return "hold out to the end of turn " + itoa(o.Turns)
	case GoalDestroy:
		name := "obstacle " + itoa(o.Target)
		if ob := s.Board.Obstacle(o.Target); ob != nil && ob.Name != "" {
			name = "the " + ob.Name
		}
		return "destroy " + name + by
	case GoalProtect:
		name := "unit " + itoa(o.Target)
		if u := s.Unit(o.Target); u != nil {
			name = u.Name
		}
		return "keep " + name + " alive"
	}
	return string(o.Goal)
}
