package ai

import (
	"fmt"
	"math"

	"sightline/rules"
)

// Why is the computer's account of one decision, for the "why" overlay:
// every tile it weighed for the unit with its score, the tile it chose
// and the decision in words.
type Why struct {
	// Unit is the unit that acted; Command what it did.
	Unit    int
	Command rules.Command
	// Tiles and Scores are the tiles weighed (its own first) and their
	// scores; Chosen is the best of them. A tile set aside once the most
	// it could score fell short of the best tiles (weighing) has that
	// most as its score, and is marked in Aside (nil when none was).
	Tiles  []rules.Point
	Scores []float64
	Aside  []bool
	Chosen rules.Point
	// Lines say what it did and why, in the game's words.
	Lines []string
}

// Why returns the account of the computer's last decision, or nil before
// its first.
func (c *Computer) Why() *Why { return c.why }

// explain words decision w, which gave cmd.
func (c *Computer) explain(w *thought, cmd rules.Command) *Why {
	s, u := w.s, w.u
	why := &Why{Unit: u.ID, Command: cmd, Tiles: w.tiles, Scores: w.scores, Chosen: w.best}
	name := func(id int) string {
		if t := s.Unit(id); t != nil && t.Name != "" {
			return t.Name
		}
		return fmt.Sprintf("unit %d", id)
	}
	add := func(format string, args ...any) { why.Lines = append(why.Lines, fmt.Sprintf(format, args...)) }
	judged, coverDE := c.judged, c.profile.CoverDE
	switch c := cmd.(type) {
	case rules.Move:
		add("%s moves %s.", u.Name, w.where.Place(c.To))
		if c.Pile {
			add("It %s.", w.chose.why)
		}
		if c.To == w.crept && c.To != u.Pos {
			add("Its side knows of no enemy: it walks one bound to cover at a time, and what it sees on the way may change its mind.")
		}
	case rules.ChangeStance:
		add("%s goes %s where it stands.", u.Name, c.To)
	default:
		if w.chose.cmd == nil {
			add("%s: %s.", u.Name, cmd.CommandName())
			break
		}
		add("%s %s.", u.Name, w.chose.why)
		if a, ok := cmd.(rules.Attack); ok && s.Unit(a.Target) != nil {
			if p, err := s.PreviewShot(*u, *s.Unit(a.Target)); err == nil {
				add("%.0f%% to hit %s, about %.0f damage a hit.", 100*p.Chance, name(a.Target), meanDamage(weaponOf(s, p.Weapon)))
				if coverDE {
					if l := throughLine(s, p, name(a.Target)); l != "" {
						add("%s", l)
					}
				}
				if j := judged(s, p); j.Chance != p.Chance {
					add("It does not weigh the cover near %s: %.0f%% to its eye.", name(a.Target), 100*j.Chance)
				}
			}
		}
		if w.chose.value > 0 {
			add("Worth %.1f, the best of what it could do here.", w.chose.value)
		}
	}
	if w.ahead != "" && !w.charging && w.best != u.Pos {
		if m, ok := cmd.(rules.Move); (ok && m.To == w.best) || (!ok && w.bestFirst) {
			add("It %s.", w.ahead)
		}
	}
	there := *u
	there.Pos = w.best
	ap := u.AP
	if w.charging {
		ap = 0
	} else if w.best != u.Pos {
		r, _ := w.reach(w.best)
		ap -= r.AP(w.best)
		if _, ok := cmd.(rules.Attack); ok && w.bestFirst {
			ap %= w.shotAP // its shots are fired before it goes
		}
	}
	if shots := ap / w.shotAP; shots > 0 {
		if t, _, ok := c.bestShot(s, there, w.targets); ok {
			p, _ := s.PreviewShot(there, *s.Unit(t))
			add("From there: the best shot is %s at %.0f%%, %s with the AP left.", name(t), 100*p.Chance, count(shots, "shot", "shots"))
		} else {
			add("From there: no enemy in sight at %.0f%% or better.", 100*c.profile.MinChance)
		}
		if _, ok := cmd.(rules.Move); ok {
			if n := c.firingNote(s, &there, shots); n != "" {
				add("%s", n)
			}
		}
	}
	if w.clock > 0 {
		add("The clock presses (%.0f%%): with few turns to spare it weighs its risk less and the objective more.", 100*w.clock)
	}
	if w.best != u.Pos && c.view != nil && winsAt(s, c.view, u, w.best) {
		add("Standing there wins the battle for its side.")
	}
	nearest := math.Inf(1)
	for _, e := range w.threats {
		nearest = min(nearest, math.Sqrt(float64(dist2(w.best, e.Pos))))
	}
	x := c.exposed(s, &there, w.threats)
	switch {
	case len(w.threats) == 0:
		add("No enemy known: it goes looking.")
	case x.damage == 0:
		add("No enemy it knows of can shoot it there; the nearest is %.0f tiles away.", nearest)
	default:
		add("Enemy fire expected there next turn: %.1f damage, %.0f%% that it falls (it has %d HP); the nearest enemy is %.0f tiles away.", x.damage, 100*x.fell, u.HP, nearest)
		switch {
		case x.stepped > 0 && c.escort:
			add("%.1f of that damage would come from enemies that could step out and shoot it: its fall loses the battle, so those shots count toward the chance it falls.", x.stepped)
		case x.stepped > 0:
			add("%.1f of that damage would come from enemies that must step out to shoot, into its side's fire.", x.stepped)
		}
	}
	why.Aside = w.asideTiles()
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, sc := range w.scores {
		if why.Aside == nil || !why.Aside[i] {
			lo, hi = min(lo, sc), max(hi, sc)
		}
	}
	add("Weighed %d tiles (scores %.1f to %.1f); the chosen one scored %.1f.", len(w.scores)-w.weighing.aside, tenth(lo), tenth(hi), tenth(w.bestScore))
	if n := w.weighing.aside; n > 0 {
		add("%s set aside before the enemy fire there was weighed: even without it, none could beat the best (grey on the map).", count(n, "tile was", "tiles were"))
	}
	return why
}

// tenth rounds x to a tenth, as %.1f prints it, with no negative zero
// ("-0.0" reads as a penalty that is not there).
func tenth(x float64) float64 {
	r := math.Round(x*10) / 10
	if r == 0 {
		return 0
	}
	return r
}
