package rules

// EndTurn passes play to the other side.
type EndTurn struct{}

// CommandName returns "end_turn".
func (EndTurn) CommandName() string { return "end_turn" }

func (EndTurn) apply(s *State, _ *RNG) ([]Event, error) { return applyEndTurn(s), nil }

func (EndTurn) spec() CommandSpec { return CommandSpec{} }

func (EndTurn) parse(CommandSpec, *State) (Command, error) { return EndTurn{}, nil }

// applyEndTurn passes play to the other side. The side that ends ducks
// back into Full cover (seed 000) unless on overwatch, and its suppression
// wears off; the side that begins gets its AP back, ends its overwatch,
// drops its active cover, charge and aim, and records the cover it starts
// from (seed 001).
func applyEndTurn(s *State) []Event {
	var out []Event
	ended := s.Side
	s.endTurnObjectives(ended)
	for _, u := range s.Units {
		u.Status.Reacted = false
		if u.Side != ended || !u.Alive() {
			continue
		}
		if u.Status.Lean != LeanNone && !u.Status.Overwatch {
			u.Status.Lean = LeanNone
			out = append(out, PeekEnded{Unit: u.ID})
		}
		u.Status.Peeked = false
		u.Status.Suppressed, u.Status.SuppressedBy, u.Status.Dashed = false, 0, false
	}
	s.Side = s.Side.Other()
	if s.Side == SideBlue {
		s.Turn++
	}
	out = append(out, TurnEnded{Side: ended, Next: s.Side, Turn: s.Turn})
	for _, u := range s.Units {
		if u.Side != s.Side || !u.Alive() {
			continue
		}
		u.AP = u.MaxAP
		out = append(out, endOverwatch(u, "turn started")...)
		out = append(out, endCovering(s, u, "turn started")...)
		resetMoveCover(s, u)
		u.Status.TakingCover = false
		u.Status.Charged = false
		u.Status.Aiming = false
		u.Status.Peeked = false
		u.Status.ChangedStance = false
		u.Status.Halted = false
	}
	return out
}
