package rules

// HintKind is what a level designer's hint asks of a computer player.
type HintKind uint8

// The hints a level may give a side's computer player.
const (
	// HintAmbush is a post to wait at, watching, until an enemy shows.
	HintAmbush HintKind = iota + 1
	// HintPatrol is a route to walk while no enemy is known.
	HintPatrol
	// HintDefend is a zone to hold: the side's units go there and stay.
	HintDefend
)

// String returns "ambush", "patrol" or "defend".
func (k HintKind) String() string {
	switch k {
	case HintAmbush:
		return "ambush"
	case HintPatrol:
		return "patrol"
	case HintDefend:
		return "defend"
	}
	return "hint?"
}

// Hint is a level designer's advice to one side's computer player (Tiled's
// Ambush, Patrol and Defend objects). The rules ignore hints: they are
// neither hashed nor changed by any command, and a clone shares them.
type Hint struct {
	// Side is the side the hint is for.
	Side Side
	// Kind is what it asks.
	Kind HintKind
	// Zone is an ambush's post or the zone to defend, in tiles.
	Zone Rect
	// Route is a patrol's waypoints, walked in order and then from the
	// first again; for an ambush, one point to watch toward (none: the
	// enemy it expects).
	Route []Point
}
