package actions

import (
	"errors"
	"strings"

	"sightline/rules"
)

// ID names one action of the catalogue (catalogue.go lists them).
type ID int

// Targeting says what an action needs from the map before it runs.
type Targeting int

// The ways an action takes its target.
const (
	// TargetNone actions run at once.
	TargetNone Targeting = iota
	// TargetTile is a tile to walk to (the default Move mode).
	TargetTile
	// TargetUnit is an enemy unit (an action with Cover also takes a
	// piece of cover).
	TargetUnit
	// TargetPoint is a tile to aim a cone at (overwatch, covering fire).
	TargetPoint
	// TargetArea is the top-left tile of a 2×2 area (suppressive fire).
	TargetArea
)

// Preview says which of the rules' previews answers an action while the
// player points it, and so what the battle shows under the pointer.
type Preview int

// The previews.
const (
	// PreviewNone: the action runs at once, nothing to point.
	PreviewNone Preview = iota
	// PreviewReach is rules.State.Reach: the lit tiles and the path.
	PreviewReach
	// PreviewPileReach is rules.State.PileReach, with the odds of
	// smashing through.
	PreviewPileReach
	// PreviewDashReach is rules.State.DashReach, with the suppressor's
	// shot the break out draws.
	PreviewDashReach
	// PreviewAttack is rules.State.PreviewAttack: the hit panel (see
	// ID.PreviewAttack).
	PreviewAttack
	// PreviewWatchZone is the overwatch cone toward the pointed tile.
	PreviewWatchZone
	// PreviewCoverZone is the covering fire cone toward the pointed tile.
	PreviewCoverZone
	// PreviewArea is the 2×2 area suppressive fire rakes.
	PreviewArea
)

// Target is what an action is pointed at on the map.
type Target struct {
	// Unit is the enemy attacked, or for a piece of cover the unit
	// behind it (0: whoever it protects).
	Unit int
	// Obstacle is a piece of cover attacked (actions with Cover).
	Obstacle int
	// Tile is the tile walked to, the cone's point or the area's
	// top-left tile (for a unit, where it stands).
	Tile rules.Point
}

// Spec declares one action: what the player sees of it, and how the
// player's input and the computer build, check, preview and enumerate its
// commands. Only the catalogue makes them (catalogue.go).
type Spec struct {
	// ID names the action.
	ID ID
	// Label is the button's text.
	Label string
	// Key is the hotkey ('1'-'9', '0' or a lower-case letter).
	Key rune
	// Takes says what the action's mode waits for.
	Takes Targeting
	// Cover marks an enemy-taking action that also takes a piece of
	// cover (Attack).
	Cover bool
	// Help is the one-line hint shown while the mode is active.
	Help string
	// Cost is what the action costs, in words ("1 AP", "all AP left"),
	// and Effect what it does, in one line: the help card lists both.
	Cost, Effect string
	// Preview is what answers the action while it is pointed.
	Preview Preview
	// Fires marks an action whose commands rules.State.PreviewFire
	// forecasts: the rolls the computer weighs.
	Fires bool

	// build makes the command for unit aimed at t (the player's choice
	// where the rules offer two, as with a second weapon).
	build func(s *rules.State, unit int, t Target) rules.Command
	// owns reports whether c is one of the action's commands (Of).
	owns func(c rules.Command) bool
	// candidates, when set, replaces the candidates its Takes gives
	// (Candidates).
	candidates func(a *Spec, s *rules.State, u *rules.Unit, foes []*rules.Unit) []rules.Command
	// check, when set, replaces the check its Takes gives (Check).
	check func(s *rules.State, u *rules.Unit) error
	// label, when set, names the button for a unit (Label).
	label func(s *rules.State, u *rules.Unit) string
}

// Errors of the catalogue's own checks (the rules give the rest).
var (
	// ErrNoTarget says no target on the board would make a targeted
	// action legal.
	ErrNoTarget = errors.New("no target")
	// ErrNoUnit is why every action is off with no unit selected.
	ErrNoUnit = errors.New("select one of your units first")
)

// Reason returns an illegal command's reason for the player: the detail
// after the sentinel, capitalised.
func Reason(err error) string {
	if err == nil {
		return ""
	}
	if errors.Is(err, rules.ErrGameOver) {
		return "The battle is over."
	}
	s := err.Error()
	if i := strings.Index(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
