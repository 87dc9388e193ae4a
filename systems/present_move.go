package systems

import (
	"fmt"
	"strconv"
	"strings"

	"sightline/entities"
	"sightline/rules"
	"sightline/sound"
)

// The presenters of moves, dives, falls, peeks and the turn changing
// hands (present.go). Each kind is declared before its parts.

// movePresenters are this file's presenters, one for each kind of event it
// shows; presenterOf (present.go) finds them by the event's name. A new
// kind of event is one kind below and its name in this list.
var movePresenters = []presenter{
	moved,
	moveInterrupted,
	vaulted,
	piledThrough,
	dived,
	fell,
	peeked,
	peekEnded,
	interrupted,
	turnEnded,
}

// moved presents a walk along a path, or a unit pushed a tile aside by a
// diving unit that lands where it stood.
var moved = kind[rules.Moved]{start: startMoved, cues: cuesMoved, line: lineMoved, moves: movesMoved}

// lineMoved words a move for the combat log.
func lineMoved(r *Roster, e rules.Moved) string {
	n := r.UnitName
	if len(e.Path) == 0 {
		return ""
	}
	if e.Aside != 0 {
		return fmt.Sprintf("%s is pushed aside %s: %s dives into its place", n(e.Unit), r.Place(e.Path[len(e.Path)-1]), n(e.Aside))
	}
	return fmt.Sprintf("%s moves %s (%s)", n(e.Unit), r.Place(e.Path[len(e.Path)-1]), apText(e.AP))
}

// startMoved walks the unit along its path (lifting it over a vault on the
// way) and holds the playback until it arrives; a unit pushed aside slides
// its tile quickly, as fast as a dive.
func startMoved(x *EventFX, e rules.Moved) int {
	u := x.World.Unit(e.Unit)
	if u == nil || len(e.Path) == 0 {
		return 0
	}
	size := max(u.Body.Size, 1)
	if e.Aside != 0 {
		to := entities.SpaceCenter(x.Board, e.Path[len(e.Path)-1], size)
		speed := float64(x.Board.TileSize) * WalkTilesPerSecond / ticksPerSecond * diveSpeedFac * max(x.Speed, 0.25)
		u.Tween = entities.NewTween([]rules.Vec{entities.SpaceCenter(x.Board, e.From, size), to}, speed, u.Facing)
		x.note(e.Unit, "PUSHED ASIDE")
		return 1
	}
	if h := x.hops[e.Unit]; h != nil && !h.armed {
		h.from = entities.SpaceCenter(x.Board, e.From, size)
		h.to = entities.SpaceCenter(x.Board, e.Path[0], size)
		h.armed = true
	}
	pts := make([]rules.Vec, 0, len(e.Path)+1)
	pts = append(pts, entities.SpaceCenter(x.Board, e.From, size))
	for _, q := range e.Path {
		pts = append(pts, entities.SpaceCenter(x.Board, q, size))
	}
	speed := float64(x.Board.TileSize) * WalkTilesPerSecond / ticksPerSecond * max(x.Speed, 0.25)
	u.Tween = entities.NewTween(pts, speed, u.Facing)
	return 1 // and the playback waits for the walk
}

// cuesMoved is footsteps, a mech's heavier.
func cuesMoved(r *Roster, e rules.Moved) []string {
	if r.big(e.Unit) {
		return []string{sound.FootstepsMech}
	}
	return []string{sound.Footsteps}
}

// movesMoved returns where a move takes its unit.
func movesMoved(e rules.Moved) (int, rules.Point, bool) {
	if len(e.Path) == 0 {
		return 0, rules.Point{}, false
	}
	return e.Unit, e.Path[len(e.Path)-1], true
}

// moveInterrupted presents a move stopped by a hidden enemy.
var moveInterrupted = kind[rules.MoveInterrupted]{start: startMoveInterrupted, line: lineMoveInterrupted}

// lineMoveInterrupted words a move stopped by a hidden enemy for the combat log.
func lineMoveInterrupted(r *Roster, e rules.MoveInterrupted) string {
	n := r.UnitName
	return fmt.Sprintf("%s's move is blocked by a hidden enemy: %s stands in the way (stops %s)", n(e.Unit), n(e.By), r.Place(e.At))
}

// startMoveInterrupted plays a move stopped by a hidden enemy.
func startMoveInterrupted(x *EventFX, e rules.MoveInterrupted) int {
	ts := float64(x.Board.TileSize)
	x.note(e.Unit, "BLOCKED!")
	x.add(entities.Effect{Kind: entities.EffectRing, A: x.unitPos(e.By), Dur: chipLife, Color: colorBad, Radius: ts * 0.5})
	return x.scaled(holdDamage)
}

// vaulted presents a vault, which lifts the walk's next step.
var vaulted = kind[rules.Vaulted]{start: startVaulted, cues: cue[rules.Vaulted](sound.Vault), line: lineVaulted}

// lineVaulted words a vault for the combat log.
func lineVaulted(r *Roster, e rules.Vaulted) string {
	n := r.UnitName
	return n(e.Unit) + " vaults " + r.ObstacleName(e.Obstacle)
}

// startVaulted plays a vault.
func startVaulted(x *EventFX, e rules.Vaulted) int {
	x.hops[e.Unit] = &hop{}
	x.note(e.Unit, "VAULT")
	return 0
}

// piledThrough presents a pile through cover.
var piledThrough = kind[rules.PiledThrough]{start: startPiledThrough, cues: cuesPiledThrough, line: linePiledThrough}

// linePiledThrough words a pile through cover for the combat log.
func linePiledThrough(r *Roster, e rules.PiledThrough) string {
	n := r.UnitName
	verdict := "halts in front of it"
	if e.Success {
		verdict = "smashes through"
	}
	return fmt.Sprintf("%s crashes into %s: d6 %d + ST %d vs DE %d — %s", n(e.Unit), r.ObstacleName(e.Obstacle), e.Roll, e.ST, e.DE, verdict)
}

// startPiledThrough plays a pile through cover.
func startPiledThrough(x *EventFX, e rules.PiledThrough) int {
	at := x.obstacleCenter(e.Obstacle)
	if e.Success {
		x.add(entities.Effect{Kind: entities.EffectChips, A: at, Dur: chipLife, Color: x.obstacleColor(e.Obstacle)})
		x.text(at, "CRASH!", 20, ColorAccent, 0)
	} else {
		x.text(at, "HALTED", 18, ColorTextDim, 0)
	}
	return x.scaled(holdCover)
}

// cuesPiledThrough is the crash through cover, or the thud of bouncing
// off it (a fall may follow).
func cuesPiledThrough(_ *Roster, e rules.PiledThrough) []string {
	if e.Success {
		return []string{sound.Crash}
	}
	return []string{sound.Punch}
}

// dived presents a dive for cover, or a drop prone.
var dived = kind[rules.Dived]{start: startDived, cues: cue[rules.Dived](sound.Dive), line: lineDived, moves: movesDived}

// lineDived words a dive for cover for the combat log.
func lineDived(r *Roster, e rules.Dived) string {
	n := r.UnitName
	if e.Prone || e.To == e.From {
		return n(e.Unit) + " drops prone"
	}
	return fmt.Sprintf("%s dives for cover %s", n(e.Unit), r.Place(e.To))
}

// startDived plays a dive for cover.
func startDived(x *EventFX, e rules.Dived) int {
	ts := float64(x.Board.TileSize)
	u := x.World.Unit(e.Unit)
	if u == nil {
		return 0
	}
	if e.Prone || e.To == e.From {
		u.Body.Stance = rules.Prone
		x.note(e.Unit, "DROPS PRONE")
		return x.scaled(holdNote)
	}
	if x.Know != nil && !x.Know.SawEnd(e.Unit) {
		x.note(e.Unit, "DIVES!")
		return x.scaled(holdNote)
	}
	to := entities.SpaceCenter(x.Board, e.To, max(u.Body.Size, 1))
	speed := ts * WalkTilesPerSecond / ticksPerSecond * diveSpeedFac * max(x.Speed, 0.25)
	u.Tween = entities.NewTween([]rules.Vec{u.Pos, to}, speed, u.Facing)
	if ru, ok := x.Roster.Unit(e.Unit); ok && ru.Stance == rules.Prone {
		u.Body.Stance = rules.Prone
	}
	x.note(e.Unit, "DIVES!")
	return 1
}

// movesDived returns where a dive takes its unit (nowhere, dropping
// prone where it stands).
func movesDived(e rules.Dived) (int, rules.Point, bool) {
	if e.Prone || e.To == e.From {
		return 0, rules.Point{}, false
	}
	return e.Unit, e.To, true
}

// fell presents a fall.
var fell = kind[rules.Fell]{start: startFell, cues: cue[rules.Fell](sound.BodyFall), line: lineFell}

// lineFell words a fall for the combat log.
func lineFell(r *Roster, e rules.Fell) string {
	n := r.UnitName
	if e.Stunned {
		return fmt.Sprintf("%s falls prone, stunned: loses %d AP", n(e.Unit), e.APLost)
	}
	return n(e.Unit) + " falls prone"
}

// startFell plays a fall.
func startFell(x *EventFX, e rules.Fell) int {
	ts := float64(x.Board.TileSize)
	u := x.World.Unit(e.Unit)
	if u == nil {
		return 0
	}
	u.Body.Stance = rules.Prone
	x.add(entities.Effect{Kind: entities.EffectRing, A: u.Pos, Dur: chipLife, Color: colorBad, Radius: ts * 0.5})
	msg := "FALLS PRONE"
	if e.Stunned {
		msg = "STUNNED · −" + itoa(e.APLost) + " AP"
	}
	x.text(u.Pos.Add(rules.Vec{Y: -ts * 0.45}), msg, 16, colorBad, 0)
	return x.scaled(holdDamage)
}

// peeked presents a peek.
var peeked = kind[rules.Peeked]{start: startPeeked, line: linePeeked}

// linePeeked words a peek for the combat log.
func linePeeked(r *Roster, e rules.Peeked) string {
	n := r.UnitName
	if e.Lean == rules.LeanOver {
		return n(e.Unit) + " peeks over the cover"
	}
	return fmt.Sprintf("%s peeks out %s, leaning out %s", n(e.Unit), e.Lean, r.Place(e.Tile))
}

// startPeeked plays a peek.
func startPeeked(x *EventFX, e rules.Peeked) int {
	return x.startPeek(e)
}

// peekEnded presents the end of a peek.
var peekEnded = kind[rules.PeekEnded]{start: startPeekEnded, line: linePeekEnded}

// linePeekEnded words the end of a peek for the combat log.
func linePeekEnded(r *Roster, e rules.PeekEnded) string {
	n := r.UnitName
	return n(e.Unit) + " ducks back into full cover"
}

// startPeekEnded plays the end of a peek.
func startPeekEnded(x *EventFX, e rules.PeekEnded) int {
	x.note(e.Unit, "DUCKS BACK")
	return x.scaled(holdNote)
}

// interrupted presents an action stopped by a reaction.
var interrupted = kind[rules.Interrupted]{start: startInterrupted, line: lineInterrupted}

// lineInterrupted words an action stopped by a reaction for the combat log.
func lineInterrupted(r *Roster, e rules.Interrupted) string {
	n := r.UnitName
	return n(e.Unit) + " is stopped: " + e.Reason
}

// startInterrupted plays an action stopped by a reaction.
func startInterrupted(x *EventFX, e rules.Interrupted) int {
	x.note(e.Unit, "INTERRUPTED")
	return x.scaled(holdNote)
}

// turnEnded presents the turn changing hands: the screen turns to the
// next side and its line stands out.
var turnEnded = kind[rules.TurnEnded]{start: startTurnEnded, cues: cue[rules.TurnEnded](sound.TurnStart),
	line: lineTurnEnded, tint: tinted[rules.TurnEnded](colorLogTurn)}

// lineTurnEnded words a turn change for the combat log.
func lineTurnEnded(r *Roster, e rules.TurnEnded) string {
	return fmt.Sprintf("— %s's turn (turn %d) —", e.Next, e.Turn)
}

// startTurnEnded turns the screen to the next side: what the last turn
// left on it goes (the effects, the hit panel), the side's banner goes up
// and its units come into view. The playback pauses a moment between the
// turns.
func startTurnEnded(x *EventFX, e rules.TurnEnded) int {
	x.ClearEffects()
	if x.Screen != nil {
		x.Screen.ClearTarget()
		x.Screen.Banner(strings.ToUpper(e.Next.String())+" TURN", "Turn "+strconv.Itoa(e.Turn), x.Theme.Side(e.Next))
		x.Screen.Focus(e.Next)
	}
	return turnPauseTicks
}

// startPeek slides the unit toward the tile it leans into (it slides back
// when the playback drains).
func (x *EventFX) startPeek(e rules.Peeked) int {
	u := x.World.Unit(e.Unit)
	if u == nil {
		return 0
	}
	x.note(e.Unit, "PEEK")
	if e.Lean == rules.LeanOver {
		return x.scaled(holdPeek)
	}
	if _, ok := x.leaning[e.Unit]; !ok {
		x.leaning[e.Unit] = u.Pos
	}
	target := entities.SpaceCenter(x.Board, e.Tile, max(u.Body.Size, 1))
	lean := u.Pos.Add(target.Sub(u.Pos).Scale(leanShare))
	u.Tween = entities.NewTween([]rules.Vec{u.Pos, lean}, leanSpeed*max(x.Speed, 0.25), u.Facing)
	return x.scaled(holdPeek)
}
