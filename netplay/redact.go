package netplay

import (
	"encoding/json"
	"slices"

	"sightline/match"
	"sightline/rules"
)

// witnessed returns the events of one command that side saw, as sent to
// it: an enemy's move it saw only in part keeps only the tiles the side
// saw (and its start only when it saw the start).
func witnessed(side rules.Side, res *match.Result) []Event {
	var out []Event
	for _, ev := range res.Events {
		if !ev.SeenBy(side) {
			continue
		}
		e := ev.Event
		e = redact(side, e, res.Witness)
		b, err := json.Marshal(e)
		if err != nil { // plain data: cannot happen
			panic("netplay: event: " + err.Error())
		}
		out = append(out, Event{Type: e.EventName(), Event: b})
	}
	return out
}

// redact cuts an event side witnessed to what side could know of it: a
// unit it did not see is named 0 and a tile it did not see is (-1, -1).
func redact(side rules.Side, e rules.Event, w *match.Witness) rules.Event {
	switch e := e.(type) {
	case rules.Moved:
		return redactMove(side, e, w)
	case rules.Attacked:
		return redactAttack(side, e, w)
	case rules.MoveInterrupted:
		e.Unit, e.By = seenID(side, e.Unit, w), seenID(side, e.By, w)
		if !w.SeesTile(side, e.At) {
			e.At = rules.Point{X: -1, Y: -1}
		}
		return e
	case rules.BrokeOut:
		e.By = seenID(side, e.By, w)
		return e
	case rules.Fired:
		e.Unit = seenID(side, e.Unit, w)
		return e
	}
	return e
}

// seenID returns id when side saw that unit during the command, else 0.
func seenID(side rules.Side, id int, w *match.Witness) int {
	if id == 0 || w.SeesUnit(side, id) {
		return id
	}
	return 0
}

// redactAttack cuts an attack to what side could know of it. An attacker
// it did not see is named 0 ("from out of sight") with no origin, and the
// odds, their breakdown, the cover grade and the miss dice, which only
// the attacker's side was shown and which tell the range and the
// attacker's tile, are left out; the outcome and the d20 stay. A target
// or an intervening unit it did not see is named 0.
func redactAttack(side rules.Side, e rules.Attacked, w *match.Witness) rules.Attacked {
	e.Target = seenID(side, e.Target, w)
	e.Intervening = seenID(side, e.Intervening, w)
	if e.Attacker == 0 || w.SeesUnit(side, e.Attacker) {
		return e
	}
	e.Attacker = 0
	e.Origin = rules.Vec{}
	e.Chance, e.CritChance = 0, 0
	e.Breakdown = rules.Breakdown{}
	e.Grade, e.Flanked = "", false
	e.MissRolls = nil
	return e
}

// redactMove cuts an enemy's move to what side saw of it.
func redactMove(side rules.Side, mv rules.Moved, w *match.Witness) rules.Moved {
	start, end := w.MoveSeen(side, mv.Unit)
	if start && end {
		return mv
	}
	out := rules.Moved{Unit: mv.Unit, AP: mv.AP, Aside: mv.Aside, From: rules.Point{X: -1, Y: -1}, Path: []rules.Point{}}
	if start {
		out.From = mv.From
	}
	for _, p := range mv.Path {
		if w.SeesTile(side, p) {
			out.Path = append(out.Path, p)
		}
	}
	return out
}

// unseenRefusal refuses a command that names a unit or an obstacle side
// does not see, before the rules read it: their words for it ("no unit 9
// (the battle has 12)", a hidden target's name, range or cover) would
// tell what the side cannot know. An order for a unit side does not own
// is the other side's, whether the unit is a seen enemy, a hidden one or
// none; a target it does not see and an obstacle it does not know of are
// refused in the same words whether they exist or not.
func unseenRefusal(m *match.Match, side rules.Side, spec rules.CommandSpec) *Refusal {
	st := m.State()
	if id := spec.Unit; id != 0 && (id < 1 || id > len(st.Units) || st.Units[id-1].Side != side) {
		return refuse(CodeOtherSide, "unit %d is not %s's", id, sideName(side))
	}
	if spec.Target == 0 && spec.Obstacle == 0 {
		return nil
	}
	v := m.View(side)
	if id := spec.Target; id != 0 && v.Unit(id) == nil {
		return refuse(CodeIllegal, "target: %s sees no unit %d", sideName(side), id)
	}
	if id := spec.Obstacle; id != 0 && !slices.ContainsFunc(v.Obstacles, func(o rules.Obstacle) bool { return o.ID == id }) {
		return refuse(CodeIllegal, "obstacle: %s knows of no obstacle %d", sideName(side), id)
	}
	return nil
}
