package ai

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"sightline/actions"
	"sightline/match"
	"sightline/rules"
)

// option is a command a unit could give where it stands, with the value of
// the plan it begins for the AP the unit has (in expected damage, like a
// tile's score) and the reason in words.
type option struct {
	cmd   rules.Command
	value float64
	why   string
}

// options returns what unit u of decision w may do where it stands,
// valued from the rules' own forecasts (choose checks them): shooting,
// aiming first, suppressive, covering and blind fire, a charge, taking
// cover and overwatch. The commands are the action catalogue's
// candidates (actions.Candidates, the list the player's screen offers),
// at the enemies the side sees now (overwatch: toward those it believes
// in). The profile's Commands say which of the special commands it uses.
func (c *Computer) options(w *thought) []option {
	s, u := w.s, w.u
	var out []option
	add := func(cmd rules.Command, value float64, why string) {
		if value > 0 {
			out = append(out, option{cmd, value, why})
		}
	}
	seen := func(id int) bool {
		return slices.ContainsFunc(w.targets, func(e *rules.Unit) bool { return e.ID == id })
	}
	cands := func(id actions.ID, known func(int) bool) []rules.Command { return id.Candidates(s, u.ID, known) }
	shots := u.AP / w.shotAP
	// The attacks: at the best target, at the cover sheltering one, at
	// an object to destroy (never with two weapons at once, below).
	var shot rules.Command
	v, shoot := 0.0, false
	var atCover, atObject []rules.Attack
	for _, cmd := range cands(actions.Attack, seen) {
		a := cmd.(rules.Attack)
		switch {
		case a.Both:
		case a.Target != 0 && a.Obstacle == 0:
			e := s.Unit(a.Target)
			prev, err := s.PreviewShot(*u, *e)
			if err != nil {
				continue
			}
			if prev = c.judged(s, prev); prev.Chance < c.profile.MinChance {
				continue
			}
			if val := c.shotValue(s, prev, e); val > v {
				shot, v, shoot = a, val, true
			}
		case a.Target != 0:
			atCover = append(atCover, a)
		default:
			atObject = append(atObject, a)
		}
	}
	if shoot && shots > 0 {
		t := shot.(rules.Attack).Target
		add(shot, float64(shots)*v, fmt.Sprintf("shoots %s (%s)", nameOf(s, t), count(shots, "shot", "shots")))
	}
	c.destroyOptions(w, shots, atObject, add)
	watch := 0.0
	if len(w.threats) > 0 {
		watch = c.profile.Watch * c.profile.Offence * meanDamage(u.Hand.Weapon)
	}
	if c.uses("aim") && shoot && !u.Status.Aiming && !u.Hand.Empty() && !u.Hand.Weapon.Melee {
		// Aim when the AP it costs would buy no shot: a free critical threat.
		if after := (u.AP - u.Hand.Weapon.AimAP) / w.shotAP; after == shots && after > 0 {
			aimed := *u
			aimed.Status.Aiming = true
			if ta, va, ok := c.bestShot(s, aimed, w.targets); ok && va > v {
				for _, cmd := range cands(actions.Aim, nil) {
					add(cmd, float64(after)*va, fmt.Sprintf("aims first with AP that buys no shot, then shoots %s (%s)", nameOf(s, ta), count(after, "shot", "shots")))
				}
			}
		}
	}
	rest := func(ap int) float64 { // the shots left after spending ap
		if !shoot {
			return 0
		}
		return float64(max(u.AP-ap, 0)/w.shotAP) * v
	}
	if c.uses("suppressive_fire") {
		for _, cmd := range cands(actions.Suppress, seen) {
			if rolls, err := s.PreviewFire(cmd); err == nil {
				at := cmd.(rules.SuppressiveFire).At
				val, n := c.suppressValue(s, u, rolls[0])
				add(cmd, val+rest(rolls[0].AP), fmt.Sprintf("lays suppressive fire on %s %s: %.0f%% to hit the area", count(n, "enemy", "enemies"), w.where.Place(at), 100*rolls[0].Chance))
			}
		}
	}
	if c.uses("attack_cover") && !u.Hand.Empty() && !u.Hand.Weapon.Melee {
		for _, a := range atCover {
			e := s.Unit(a.Target)
			if o := c.coverToBreak(s, u, e); o != nil && o.ID == a.Obstacle {
				if val, why := c.breakValue(s, u, e, o, shots, v); val > 0 {
					add(a, val, why)
				}
			}
		}
	}
	if c.uses("covering_fire") {
		for _, cmd := range cands(actions.Covering, seen) {
			at := cmd.(rules.CoveringFire).At
			if rolls, err := s.PreviewFire(cmd); err == nil && len(rolls) > 0 {
				val := 0.0
				if len(w.threats) > len(rolls) {
					// The zone lasts into the enemy's turn, for those not
					// fired at already.
					val = watch
				}
				for _, r := range rolls {
					// After the first action the enemies may dive out.
					val += float64(c.shotValue(s, r.AttackPreview, s.Unit(r.Target)) * (1 + float64(0.25*float64(r.Times-1))))
				}
				add(cmd, val, fmt.Sprintf("lays covering fire toward %s, on %s in the cone", w.where.ConeToward(u.Pos, at), count(len(rolls), "enemy", "enemies")))
			}
		}
	}
	if c.uses("blind_fire") && !shoot && !u.Hand.Empty() && !u.Hand.Weapon.Melee {
		// At enemies its side sees but it does not: a friend spots them.
		// (Fired at a remembered enemy, the shot would hang on where it
		// really is, which the side does not know.)
		for _, cmd := range cands(actions.Blind, seen) {
			e := s.Unit(cmd.(rules.BlindFire).Target)
			if rolls, err := s.PreviewFire(cmd); err == nil && rolls[0].Chance >= c.profile.MinChance {
				add(cmd, float64(u.AP/max(rolls[0].AP, 1))*c.shotValue(s, rolls[0].AttackPreview, e), fmt.Sprintf("fires blind at %s, which a friend sees", e.Name))
			}
		}
	}
	if c.uses("take_cover") && !u.Status.TakingCover && len(w.threats) > 0 {
		braced := *u
		braced.Status.TakingCover = true
		gain := c.risk(u, c.exposed(s, u, w.threats)) - c.risk(u, c.exposed(s, &braced, w.threats))
		if u.AP > 1 {
			gain += watch
		}
		for _, cmd := range cands(actions.TakeCover, nil) {
			add(cmd, gain+rest(1), "takes cover against the fire it expects")
		}
	}
	if len(w.threats) > 0 && c.profile.Watch > 0 {
		add(c.watchOption(w, shoot, watch))
	}
	return out
}

// watchOption is the unit's best overwatch: toward where a believed
// enemy making for its goal must cross ground open to it (crossing),
// worth the reaction shot there for how sure the enemy is to come; else,
// when it has no shot worth taking, toward the nearest enemy it believes
// in (the first on a tie), worth watch.
func (c *Computer) watchOption(w *thought, shoot bool, watch float64) (rules.Command, float64, string) {
	s, u := w.s, w.u
	var at rules.Command
	val, why := 0.0, ""
	if !shoot {
		for _, cmd := range actions.Overwatch.Candidates(s, u.ID, nil) {
			if at == nil || dist2(u.Pos, cmd.(rules.Overwatch).At) < dist2(u.Pos, at.(rules.Overwatch).At) {
				at = cmd
			}
		}
		if at != nil {
			g := at.(rules.Overwatch).At
			val, why = watch, "watches toward "+w.where.ConeToward(u.Pos, g)+": no shot here is worth taking"
		}
	}
	if u.Hand.Empty() || u.Hand.Weapon.Melee || u.Hand.Ammo < 1 {
		return at, val, why
	}
	for _, e := range w.threats {
		q, prev, come, ok := c.crossing(s, u, e)
		if !ok {
			continue
		}
		if v := come * c.shotValue(s, prev, e); v > val {
			at, val = rules.Overwatch{Unit: u.ID, At: q}, v
			why = fmt.Sprintf("watches the open ground toward %s that %s must cross: %.0f%% to hit it there", w.where.ConeToward(u.Pos, q), e.Name, 100*prev.Chance)
		}
	}
	return at, val, why
}

// crossing returns the first tile where enemy e, going straight for its
// goal (the zone of its side's objective, else u), would stand in u's
// watch range with less than half cover from u, the reaction shot u
// would have at it there, and how sure it is to come (1 for an
// objective, comeOn for u); false when its way crosses no such tile
// this turn.
func (c *Computer) crossing(s *rules.State, u, e *rules.Unit) (rules.Point, rules.AttackPreview, float64, bool) {
	goal, come := u.Pos, comeOn
	if c.view != nil {
		for _, o := range c.view.Objectives {
			if z, ok := objectiveZone(c.view, o); ok && o.Side == e.Side && o.Goal != rules.GoalHold {
				if z.Contains(e.Pos) {
					return rules.Point{}, rules.AttackPreview{}, 0, false
				}
				goal, come = zoneMid(z), 1
				break
			}
		}
	}
	tn := s.Rules().Tuning
	reach := u.Hand.Weapon.Range * tn.WatchRangeIncrements
	dx, dy := float64(goal.X-e.Pos.X), float64(goal.Y-e.Pos.Y)
	d := math.Sqrt(float64(dx*dx) + float64(dy*dy))
	steps := min(int(d), e.Speed*max(e.MaxAP, 1))
	for i := 1; i <= steps; i++ {
		f := float64(i) / d
		q := rules.Point{X: e.Pos.X + int(math.Round(float64(dx*f))), Y: e.Pos.Y + int(math.Round(float64(dy*f)))}
		if dist2(u.Pos, q) > reach*reach || !s.Board.InBounds(q) || !s.Board.Passable(q) {
			continue
		}
		if o := s.UnitAt(q); o != nil && o.ID != e.ID {
			continue
		}
		moved := *e
		moved.Pos = q
		prev, err := s.PreviewShot(*u, moved)
		if err != nil || prev.Grade >= rules.CoverHalf || prev.Chance < c.profile.MinChance {
			continue
		}
		cone := s.WatchCone(u, rules.DirTo(u.Pos, q), float64(tn.WatchConeDegrees), reach)
		if !cone.Seen(q) {
			continue
		}
		return q, prev, come, true
	}
	return rules.Point{}, rules.AttackPreview{}, 0, false
}

// comeOn is how sure an enemy with no objective zone to make for is to
// come at the unit (it may stay in cover and shoot instead).
const comeOn = 0.5

// choose returns the most valuable of opts that the rules allow in the
// side's belief (the fire commands passed their forecast's checks), in
// their order on ties.
func choose(s *rules.State, opts []option) (option, bool) {
	opts = slices.Clone(opts)
	slices.SortStableFunc(opts, func(a, b option) int { return cmp.Compare(b.value, a.value) })
	for _, o := range opts {
		switch o.cmd.(type) {
		case rules.SuppressiveFire, rules.CoveringFire, rules.Charge, rules.BlindFire:
			return o, true
		}
		if rules.CheckAction(s, o.cmd) == nil {
			return o, true
		}
	}
	return option{}, false
}

// coverToBreak returns the destructible cover that shelters e from u, if
// any: the obstacle the rules' preview names for u's shot at e.
func (c *Computer) coverToBreak(s *rules.State, u, e *rules.Unit) *rules.Obstacle {
	p, err := s.PreviewShot(*u, *e)
	if err != nil || p.By == nil || !p.By.Destructible || p.Grade < rules.CoverHalf {
		return nil
	}
	return p.By
}

// breakValue is what shooting cover o (sheltering e) is worth to u, which
// has shots shots worth v each at the best target: the damage expected
// to go through o to e, plus the chance the shot hits and destroys o
// (each wound destroys it on a 6, seed 004) times the shots left at e in
// the open and what each friend still to act gains on e, plus the shots
// left at the best target otherwise.
func (c *Computer) breakValue(s *rules.State, u, e *rules.Unit, o *rules.Obstacle, shots int, v float64) (float64, string) {
	cmd := rules.Attack{Unit: u.ID, Target: e.ID, Obstacle: o.ID}
	p, err := s.PreviewAttack(cmd)
	if err != nil || shots < 1 {
		return 0, ""
	}
	through, broken := coverOdds(weaponOf(s, p.Weapon), o.DE)
	broken = float64(broken * p.Chance)
	if broken == 0 && through == 0 {
		return 0, ""
	}
	open := s.Clone()
	open.Board.RemoveObstacle(o.ID)
	exposed := 0.0
	if q, err := open.PreviewShot(*u, *open.Unit(e.ID)); err == nil && q.Chance >= c.profile.MinChance {
		exposed = c.shotValue(open, q, e)
	}
	friends := 0.0 // who may shoot at e in the open after it, this turn
	for _, f := range s.Units {
		if f.Side == u.Side && f.ID != u.ID && f.Alive() && f.AP > 0 {
			friends++
		}
	}
	left := float64(shots - 1)
	// What goes through the cover hits e (seed 004).
	ifBroken := float64(left*max(exposed, v)) + float64(friends*max(exposed-v, 0))
	val := float64(c.profile.Offence*p.Chance*through) + float64(broken*ifBroken) + float64((1-broken)*left*v)
	return val, fmt.Sprintf("shoots the %s sheltering %s: %.0f%% to break it, %.1f damage through it expected", o.Name, e.Name, 100*broken, p.Chance*through)
}

// protected reports whether unit id is one the enemy of v's side must
// protect.
func protected(v *match.View, id int) bool {
	for _, o := range v.Objectives {
		if o.Side != v.Side && o.Goal == rules.GoalProtect && o.Target == id {
			return true
		}
	}
	return false
}

// destroyOptions offers shooting each object the side must destroy (a
// destroy objective's target it remembers standing), among the attacks
// at objects the catalogue offers, worth the chance each shot its AP
// buys breaks it (each wound past its DE destroys it on a 6, seed 004)
// times winWorth kills: it wins the battle.
func (c *Computer) destroyOptions(w *thought, shots int, attacks []rules.Attack, add func(rules.Command, float64, string)) {
	s := w.s
	if shots < 1 {
		return
	}
	for _, o := range w.view.Objectives {
		ob := s.Board.Obstacle(o.Target)
		if o.Side != w.view.Side || o.Goal != rules.GoalDestroy || ob == nil {
			continue
		}
		i := slices.IndexFunc(attacks, func(a rules.Attack) bool { return a.Obstacle == ob.ID })
		if i < 0 {
			continue
		}
		cmd := attacks[i]
		p, err := s.PreviewAttack(cmd)
		if err != nil {
			continue
		}
		one := breakChance(s, p, ob, shots)
		add(cmd, winWorth*c.profile.Kill*one, fmt.Sprintf("shoots the %s, its objective: %.0f%% to destroy it this turn", ob.Name, 100*one))
	}
}

// breakChance is the chance that at least one of shots attacks forecast
// by p breaks obstacle ob: each hit's wounds past its DE destroy it on a 6
// (seed 004).
func breakChance(s *rules.State, p rules.AttackPreview, ob *rules.Obstacle, shots int) float64 {
	_, broken := coverOdds(weaponOf(s, p.Weapon), ob.DE)
	return 1 - powInt(1-float64(broken*p.Chance), shots)
}

// uses reports whether the profile plays the named command.
func (c *Computer) uses(name string) bool { return slices.Contains(c.profile.Commands, name) }

// shotValue is what an attack on t forecast by p is worth: its expected
// damage (critical hits included), more against a wounded target, and
// the profile's Kill weight times the chance it fells t.
func (c *Computer) shotValue(s *rules.State, p rules.AttackPreview, t *rules.Unit) float64 {
	w := weaponOf(s, p.Weapon)
	dmg := meanDamage(w) * (p.Chance + float64(p.CritChance*float64(max(w.Crit-1, 0))))
	kill := killChance(w, t)
	if c.profile.CoverDE {
		o := behindCover(s, p, w)
		dmg, kill = o.mean(), o.fells(t.HP)
	}
	wounded := 1 + c.profile.Focus*float64(max(t.MaxHP-t.HP, 0))/float64(max(t.MaxHP, 1))
	v := float64(c.profile.Offence*dmg*wounded) + float64(c.profile.Kill*p.Chance*kill)
	if c.view != nil && (protected(c.view, t.ID) || lastEnemy(s, c.view, t.ID)) {
		// Felling the unit the enemy must protect, or the last enemy,
		// wins: every wound on it counts double, and its fall is worth
		// winWorth kills.
		v = float64(2*c.profile.Offence*dmg*wounded) + float64(winWorth*c.profile.Kill*p.Chance*kill)
	} else if c.profile.Straggler && kill > 0 && handsExtract(s, c.view, t) {
		// Its fall would hand the enemy its extraction: a lost battle,
		// for the chance it falls. Its wounds still count.
		v -= float64((1 + winWorth) * c.profile.Kill * p.Chance * kill)
	}
	return v
}

// suppressValue is what a suppressive fire roll r by u is worth, and how
// many enemies it catches: for each unit caught, the chance the area is
// hit times the damage of a failed dive and, for an enemy, the profile's
// Suppress weight times the fire it loses (-4 on its d20 for a turn, for
// each shot its AP buys; none when it is pinned already), once more
// for each friend still to act that must move up to fight; a friend caught counts against it.
func (c *Computer) suppressValue(s *rules.State, u *rules.Unit, r rules.Roll) (float64, int) {
	w := weaponOf(s, r.Weapon)
	tn := s.Rules().Tuning
	val, n := 0.0, 0
	for _, id := range r.Caught {
		t := s.Unit(id)
		fail := min(max(float64(tn.ReflexDC-1-t.Stats.Reflex)/20, 0), 1)
		hurt := float64(c.profile.Offence * fail * meanDamage(w))
		if t.Side == u.Side {
			val -= float64(hurt * 2)
			continue
		}
		n++
		if t.Status.Suppressed {
			// Pinned already: the -4 does not add up.
			val += hurt
			continue
		}
		tw := t.Hand.Weapon
		pinned := float64(t.MaxAP/max(tw.AP, 1)) * float64(tn.SuppressPenalty) / 20 * meanDamage(tw)
		// Pinned first, it fires at -4 on each friend that moves up
		// after: the suppressor fires before the flankers move.
		val += hurt + float64(c.profile.Suppress*pinned*float64(1+c.moversBut(u.ID)))
	}
	return r.Chance * val, n
}

// moversBut is how many of the side's units still to act must move to
// fight (movers), u not counted, at most two.
func (c *Computer) moversBut(u int) int {
	n := 0
	for _, id := range c.movers {
		if id != u {
			n++
		}
	}
	return min(n, 2)
}

// weaponOf returns the named weapon of s's tables (zero when unknown).
func weaponOf(s *rules.State, name string) rules.Weapon {
	w, _ := s.Rules().Weapon(name)
	return w
}

// count says n things: "1 shot", "3 shots".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// nameOf names unit id of s.
func nameOf(s *rules.State, id int) string {
	if t := s.Unit(id); t != nil && t.Name != "" {
		return t.Name
	}
	return fmt.Sprintf("unit %d", id)
}
