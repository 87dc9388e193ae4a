package systems

import (
	"fmt"

	"sightline/entities"
	"sightline/rules"
)

// The presenters of moves, dives, falls, peeks and the turn changing
// hands (present.go).

// lineMoved words a move for the combat log.
func lineMoved(r *Roster, e rules.Moved) string {
	n := r.UnitName
	if len(e.Path) == 0 {
		return ""
	}
	return fmt.Sprintf("%s moves to %s (%s)", n(e.Unit), tileText(e.Path[len(e.Path)-1]), apText(e.AP))
}

// startMoved walks the unit along its path (lifting it over a vault on the
// way) and holds the playback until it arrives.
func startMoved(x *EventFX, e rules.Moved) int {
	u := x.World.Unit(e.Unit)
	if u == nil || len(e.Path) == 0 {
		return 0
	}
	size := max(u.Body.Size, 1)
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

// lineMoveInterrupted words a move stopped by a hidden enemy for the combat log.
func lineMoveInterrupted(r *Roster, e rules.MoveInterrupted) string {
	n := r.UnitName
	return fmt.Sprintf("%s's move is blocked by a hidden enemy: %s stands in the way (stops at %s)", n(e.Unit), n(e.By), tileText(e.At))
}

// startMoveInterrupted plays a move stopped by a hidden enemy.
func startMoveInterrupted(x *EventFX, e rules.MoveInterrupted) int {
	ts := float64(x.Board.TileSize)
	x.note(e.Unit, "BLOCKED!")
	x.add(entities.Effect{Kind: entities.EffectRing, A: x.unitPos(e.By), Dur: chipLife, Color: colorBad, Radius: ts * 0.5})
	return x.scaled(holdDamage)
}

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

// lineDived words a dive for cover for the combat log.
func lineDived(r *Roster, e rules.Dived) string {
	n := r.UnitName
	if e.Prone || e.To == e.From {
		return n(e.Unit) + " drops prone"
	}
	return fmt.Sprintf("%s dives for cover to %s", n(e.Unit), tileText(e.To))
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
	if x.EndShown != nil && !x.EndShown(e.Unit) {
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

// linePeeked words a peek for the combat log.
func linePeeked(r *Roster, e rules.Peeked) string {
	n := r.UnitName
	if e.Lean == rules.LeanOver {
		return n(e.Unit) + " peeks over the cover"
	}
	return fmt.Sprintf("%s peeks out %s, leaning into %s", n(e.Unit), e.Lean, tileText(e.Tile))
}

// startPeeked plays a peek.
func startPeeked(x *EventFX, e rules.Peeked) int {
	return x.startPeek(e)
}

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

// lineTurnEnded words a turn change for the combat log.
func lineTurnEnded(r *Roster, e rules.TurnEnded) string {
	return fmt.Sprintf("— %s's turn (turn %d) —", e.Next, e.Turn)
}

// startTurnEnded pauses a moment between the turns.
func startTurnEnded(x *EventFX, e rules.TurnEnded) int {
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
