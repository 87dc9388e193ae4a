package ai

import (
	"sightline/match"
	"sightline/rules"
)

// pace is what a controller remembers within its side's turn: the units
// it has finished with, and the view and unit of its last answer. Asked
// again with the same view, the last command was refused (the side's
// belief was wrong, say a path through an enemy it did not see), so that
// unit is finished for the turn: a controller never asks the same thing
// twice and every turn ends.
type pace struct {
	turn     int
	side     rules.Side
	finished []bool // by unit ID
	last     *match.View
	lastUnit int
}

// begin starts answering v.
func (p *pace) begin(v *match.View) {
	if v.Turn != p.turn || v.ToMove != p.side {
		p.turn, p.side, p.finished = v.Turn, v.ToMove, p.finished[:0]
	}
	if v == p.last && p.lastUnit > 0 {
		p.finish(p.lastUnit)
	}
	p.last, p.lastUnit = v, 0
}

// answer notes that c, a command for unit id (0: none), is the answer.
func (p *pace) answer(id int, c rules.Command) rules.Command {
	p.lastUnit = id
	if _, ok := c.(rules.EndTurn); ok {
		p.lastUnit = 0
	}
	return c
}

// finish marks unit id finished for the turn.
func (p *pace) finish(id int) {
	for len(p.finished) <= id {
		p.finished = append(p.finished, false)
	}
	p.finished[id] = true
}

// ready returns the side's units in s that may still act this turn: alive,
// with AP, not finished, in ID order.
func (p *pace) ready(s *rules.State, side rules.Side) []*rules.Unit {
	var us []*rules.Unit
	for _, u := range s.Units {
		if u.Side == side && u.Alive() && u.AP > 0 && (u.ID >= len(p.finished) || !p.finished[u.ID]) {
			us = append(us, u)
		}
	}
	return us
}
