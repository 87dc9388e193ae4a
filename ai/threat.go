package ai

import (
	"sightline/match"
	"sightline/rules"
)

// exposure is what the enemies a side believes in may do to one of its
// units standing on a tile, in their next turn: the damage they are
// expected to deal with every shot their AP buys, and the chance that
// those shots fell it.
type exposure struct {
	damage, fell float64
	// stepped is the damage expected from enemies that must step out
	// to shoot (stepVolley), part of damage.
	stepped float64
}

// exposed returns the exposure of u (as given: its tile, stance and
// status) to the threats.
func (c *Computer) exposed(s *rules.State, u *rules.Unit, threats []*rules.Unit) exposure {
	all, _ := c.exposedBut(s, u, threats, 0)
	return all
}

// exposedBut returns the exposure of u (as given) to the threats, and
// its exposure to all of them but enemy t (the same when t is none of
// them), from one volley each, with the reaction shots of scratch.path.
func (c *Computer) exposedBut(s *rules.State, u *rules.Unit, threats []*rules.Unit, t int) (all, but exposure) {
	shots := append(c.scratch.shots[:0], c.scratch.path...)
	rest := append(c.scratch.rest[:0], c.scratch.path...)
	c.scratch.stepped = 0
	restStepped := 0.0 // the step-out damage of the threats but t
	for _, e := range threats {
		n, was := len(shots), c.scratch.stepped
		shots = c.volley(s, e, u, shots)
		if e.ID != t {
			rest = append(rest, shots[n:]...)
			restStepped += c.scratch.stepped - was
		}
	}
	if len(c.scratch.buf) < 2*u.HP {
		c.scratch.buf = make([]float64, 2*u.HP)
	}
	odds := func(vol []shotOdds) exposure {
		x := exposure{}
		for _, sh := range vol {
			x.damage += sh.mean()
		}
		if len(vol) > 0 {
			x.fell = fellOdds(u.HP, vol, c.scratch.buf)
		}
		return x
	}
	all = odds(shots)
	all.stepped = c.scratch.stepped
	but = all
	if len(rest) < len(shots) {
		but = odds(rest)
		but.stepped = restStepped
	}
	c.scratch.shots, c.scratch.rest = shots, rest
	return all, but
}

// scratch is the space exposed reuses: the volley and the odds' buffer,
// and the reaction shots on the way to the tile being scored (path),
// which count with every volley.
type scratch struct {
	shots, rest, path []shotOdds
	buf               []float64
	stepped           float64 // the damage of the step-out shots (stepVolley)
	trades            []trade // stepVolley's
}

// volley appends to shots the attacks enemy e may make at u in its next
// turn: one for each shot its AP buys from where it stands or, when it
// has no shot from there, after stepping out at its best trade (the
// profile's StepOut, stepVolley), or when the profile looks a step ahead
// (ThreatStep), from the best of the open tiles a step away, with the AP
// the step leaves.
func (c *Computer) volley(s *rules.State, e, u *rules.Unit, shots []shotOdds) []shotOdds {
	ap := max(e.MaxAP, e.AP, 1)
	n := ap / weaponAP(s, e)
	o, ok := shotOdds{}, false
	if !c.seeing.blind(s, e, u) {
		o, ok = c.memo.shot(s, e, u)
	}
	if ok {
		o = c.shared(e, o)
		if c.escort && c.steps != nil {
			// A shot through the cover where it stands may be worth
			// less to e than a step out to a tile the cover does
			// not face: it takes the volley that deals the most.
			k := len(shots)
			step, d := c.escortVolley(s, e, u, shots)
			if d > float64(float64(max(n, 1))*o.mean()) {
				c.scratch.stepped += d
				return step
			}
			shots = step[:k]
		}
		for range max(n, 1) {
			shots = append(shots, o)
		}
		return shots
	}
	if c.steps != nil {
		var d float64
		if c.escort {
			shots, d = c.escortVolley(s, e, u, shots)
		} else {
			shots, d = c.stepVolley(s, e, u, shots)
		}
		c.scratch.stepped += d
		return shots
	}
	if !c.profile.ThreatStep || e.Size != 1 {
		return shots
	}
	best, bestMean := shotOdds{}, 0.0
	for _, d := range []rules.Point{{X: 0, Y: -1}, {X: 1, Y: 0}, {X: 0, Y: 1}, {X: -1, Y: 0}} {
		q := e.Pos.Add(d)
		if !s.Board.InBounds(q) || !s.Board.Passable(q) || s.UnitAt(q) != nil {
			continue
		}
		moved := *e
		moved.Pos = q
		if o, ok := c.memo.shot(s, &moved, u); ok {
			if o = c.shared(e, o); o.mean() > bestMean {
				best, bestMean = o, o.mean()
			}
		}
	}
	if bestMean > 0 {
		for range max((ap-1)/weaponAP(s, e), 1) {
			shots = append(shots, best)
		}
	}
	return shots
}

// risk is what exposure x costs u in the profile's weights: the damage
// expected, weighing more as u's HP falls (twice at none left), and the
// chance of falling times the profile's Life (for a unit its side must
// protect, whose fall loses the battle, winWorth kills).
func (c *Computer) risk(u *rules.Unit, x exposure) float64 {
	pr := c.profile
	hurt := 2 - float64(u.HP)/float64(max(u.MaxHP, u.HP, 1))
	life := pr.Life
	if c.view != nil && mustProtect(c.view, u.ID) {
		life = max(life, winWorth*pr.Kill)
	}
	dmg := x.damage
	if c.escort {
		// Its wounds are the escort's to weigh as any unit's; the step
		// outs count toward its fall (escortVolley).
		dmg -= x.stepped
	}
	return c.urgentRisk * (float64(pr.Exposure*hurt*dmg) + float64(life*x.fell))
}

// mustProtect reports whether unit id is one v's side must protect.
func mustProtect(v *match.View, id int) bool {
	for _, o := range v.Objectives {
		if o.Side == v.Side && o.Goal == rules.GoalProtect && o.Target == id {
			return true
		}
	}
	return false
}

// riskAfter is the risk of u (as given) once it has fired at enemy t
// with odds pk of felling it: a felled enemy fires no more.
func (c *Computer) riskAfter(s *rules.State, u *rules.Unit, threats []*rules.Unit, t int, pk float64) float64 {
	if pk <= 0.01 {
		t = 0
	}
	all, but := c.exposedBut(s, u, threats, t)
	if t == 0 {
		return c.risk(u, all)
	}
	return float64(pk*c.risk(u, but)) + float64((1-pk)*c.risk(u, all))
}

// fellChance is the chance that shots attacks forecast by p fell t.
func fellChance(s *rules.State, p rules.AttackPreview, t *rules.Unit, shots int) float64 {
	if shots <= 0 {
		return 0
	}
	o := oddsOf(p, weaponOf(s, p.Weapon))
	vol := make([]shotOdds, shots)
	for i := range vol {
		vol[i] = o
	}
	return fellOdds(t.HP, vol, nil)
}

// shared returns the odds of enemy e's shot o at the unit deciding, when
// e splits its fire between it and the friends it has a shot at now
// (share): each of its shots comes at this unit by that share.
func (c *Computer) shared(e *rules.Unit, o shotOdds) shotOdds {
	if e.ID < len(c.share) && c.share[e.ID] > 0 {
		o.hit *= c.share[e.ID]
		o.crit *= c.share[e.ID]
	}
	return o
}

// shares returns, by enemy ID, the share of each threat's fire that
// comes at unit u: 1 over the number of u's side's living units it may
// shoot now, u counted whatever it may (1 without the profile's
// ShareFire).
func (c *Computer) shares(s *rules.State, u *rules.Unit, threats []*rules.Unit) []float64 {
	if !c.profile.ShareFire {
		return nil
	}
	out := make([]float64, len(s.Units)+1)
	for _, e := range threats {
		k := 1
		for _, f := range s.Units {
			if f.Side != u.Side || f.ID == u.ID || !f.Alive() {
				continue
			}
			if _, ok := c.memo.shot(s, e, f); ok {
				k++
			}
		}
		out[e.ID] = 1 / float64(k)
	}
	return out
}

// boldness scales the risk unit u of side weighs by the balance of force
// (the profile's Odds): 1 plus Odds times how far the believed enemies'
// force over its side's is from even, between 1/2 and 2. A side ahead
// presses where the odds favour it; one behind is more careful; a unit
// at half its HP or less is never bolder for its side's lead. A unit's
// force is its HP times the damage its weapon's shots may deal in a turn.
func (c *Computer) boldness(s *rules.State, u *rules.Unit, threats []*rules.Unit) float64 {
	if c.profile.Odds == 0 || len(threats) == 0 {
		return 1
	}
	ours, theirs := 0.0, 0.0
	for _, f := range s.Units {
		if f.Side == u.Side && f.Alive() {
			ours += force(s, f)
		}
	}
	for _, e := range threats {
		theirs += force(s, e)
	}
	if ours <= 0 || theirs <= 0 {
		return 1
	}
	b := min(max(1+float64(c.profile.Odds*(theirs/ours-1)), 0.5), 2)
	if 2*u.HP <= u.MaxHP {
		b = max(b, 1)
	}
	return b
}

// force is what unit u weighs in the balance of force: its HP times the
// mean damage of the shots its AP buys in a turn.
func force(s *rules.State, u *rules.Unit) float64 {
	shots := max(u.MaxAP/weaponAP(s, u), 1)
	return float64(float64(u.HP*shots) * meanDamage(u.Hand.Weapon))
}
