package netplay

import (
	"encoding/json"

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
		if mv, ok := e.(rules.Moved); ok {
			e = redactMove(side, mv, res.Witness)
		}
		b, err := json.Marshal(e)
		if err != nil { // plain data: cannot happen
			panic("netplay: event: " + err.Error())
		}
		out = append(out, Event{Type: e.EventName(), Event: b})
	}
	return out
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
