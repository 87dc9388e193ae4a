package rival

import (
	"math"

	"sightline/ai"
	"sightline/match"
	"sightline/rules"
)

// Rival is the yardstick opponent. Each answer is one command for one
// of its units that may still act, decided afresh from its side's
// belief (ai.Belief, the same knowledge as any controller): with enemies
// in sight it fights (combat mode) or, wounded and under fire, gets out
// (escape mode); with none in sight it stalks the enemies it believes in,
// or lies in ambush near them (JA2's red alert), or makes for the
// objective.
type Rival struct {
	// Aggression, in 0..1, is how little it fears the fire a tile draws
	// next to what it can shoot from there (OpenXcom's aggression).
	Aggression float64
	// Memory is how many turns it goes on stalking an enemy it saw, where
	// it saw it (OpenXcom's intelligence).
	Memory int

	turn     int
	side     rules.Side
	done     []bool // by unit ID: finished for the turn
	last     *match.View
	lastUnit int
}

// New returns a Rival of middling aggression and a memory of four turns.
func New() *Rival { return &Rival{Aggression: 0.5, Memory: 4} }

// Next implements match.Controller.
func (r *Rival) Next(v *match.View) rules.Command {
	r.begin(v)
	b := newBattle(v)
	for {
		u := r.pick(b)
		if u == nil {
			r.lastUnit = 0
			return rules.EndTurn{}
		}
		if cmd := r.decide(b, u); cmd != nil && rules.CheckAction(b.s, cmd) == nil {
			r.lastUnit = u.ID
			return cmd
		}
		r.finish(u.ID)
	}
}

// begin starts answering v: a new turn forgets the finished units, and
// the same view asked again means the last command was refused (the
// belief was wrong), so that unit is finished.
func (r *Rival) begin(v *match.View) {
	if v.Turn != r.turn || v.ToMove != r.side {
		r.turn, r.side, r.done = v.Turn, v.ToMove, r.done[:0]
	}
	if v == r.last && r.lastUnit > 0 {
		r.finish(r.lastUnit)
	}
	r.last, r.lastUnit = v, 0
}

// finish marks unit id finished for the turn.
func (r *Rival) finish(id int) {
	for len(r.done) <= id {
		r.done = append(r.done, false)
	}
	r.done[id] = true
}

// battle is what one answer weighs: the belief, the enemies seen (the
// targets) and believed (the threats), and the objectives read as a
// place to go and weights.
type battle struct {
	s                *rules.State
	v                *match.View
	targets, threats []*rules.Unit
	// goal is the zone the side fights for (hasGoal: one): its own
	// reach, extract or hold zone, or the ground round the object it
	// must destroy, else the enemy's (to stop it there). ours says
	// whose; inside is whether standing in it counts (reach, extract,
	// hold).
	goal                 rules.Rect
	hasGoal, ours, hold  bool
	destroy              int // the obstacle the side must destroy (0: none)
	vip, enemyVIP        int // the unit the side, or the enemy, must protect
	riskScale, pushScale float64
}

// newBattle reads v.
func newBattle(v *match.View) *battle {
	s := ai.Belief(v)
	b := &battle{s: s, v: v, riskScale: 1, pushScale: 1}
	for _, u := range s.Units {
		if u.Side == v.Side || !u.Alive() {
			continue
		}
		b.threats = append(b.threats, u)
		if v.Unit(u.ID) != nil {
			b.targets = append(b.targets, u)
		}
	}
	for _, o := range v.Objectives {
		mine := o.Side == v.Side
		switch o.Goal {
		case rules.GoalReach, rules.GoalExtract, rules.GoalHold:
			if !b.hasGoal || (mine && !b.ours) {
				b.goal, b.hasGoal, b.ours, b.hold = o.Zone, true, mine, true
			}
		case rules.GoalDestroy:
			z, ok := around(s, o.Target)
			if ok && (!b.hasGoal || (mine && !b.ours)) {
				b.goal, b.hasGoal, b.ours, b.hold = z, true, mine, false
			}
			if ok && mine {
				b.destroy = o.Target
			}
		case rules.GoalProtect:
			if mine {
				b.vip = o.Target
			} else {
				b.enemyVIP = o.Target
			}
		case rules.GoalSurvive:
			// The side that must last fears fire more; the side that
			// must fell it before the clock runs out pushes harder.
			if mine {
				b.riskScale *= 1.5
			} else {
				b.pushScale *= 1.5
			}
		}
	}
	return b
}

// around is the ground round obstacle id as the side remembers it: the
// tiles its bounds cover and one more on each side; false when the side
// remembers it gone.
func around(s *rules.State, id int) (rules.Rect, bool) {
	o := s.Board.Obstacle(id)
	if o == nil {
		return rules.Rect{}, false
	}
	lo, hi := o.Shape.Bounds()
	ts := float64(s.Board.TileSize)
	return rules.Rect{
		Min: rules.Point{X: max(int(math.Floor(lo.X/ts))-1, 0), Y: max(int(math.Floor(lo.Y/ts))-1, 0)},
		Max: rules.Point{X: min(int(math.Ceil(hi.X/ts))+1, s.Board.Width), Y: min(int(math.Ceil(hi.Y/ts))+1, s.Board.Height)},
	}, true
}

// pick returns the unit to act next, nil when none may: the one with the
// likeliest shot from where it stands first (it opens, the next finish
// the wounded), then the rest in ID order.
func (r *Rival) pick(b *battle) *rules.Unit {
	var best *rules.Unit
	bestChance := -1.0
	for _, u := range b.s.Units {
		if u.Side != b.v.Side || !u.Alive() || u.AP <= 0 || (u.ID < len(r.done) && r.done[u.ID]) {
			continue
		}
		c := 0.0
		for _, e := range b.targets {
			if p, ok := b.s.ForecastShot(*u, *e); ok {
				c = max(c, p.Chance)
			}
		}
		if c > bestChance {
			best, bestChance = u, c
		}
	}
	return best
}

// decide returns the command for u, or nil when it is done for the turn.
func (r *Rival) decide(b *battle, u *rules.Unit) rules.Command {
	w := u.Hand.Weapon
	if !u.Hand.Empty() && w.Magazine > 0 && u.Hand.Ammo == 0 {
		return rules.Reload{Unit: u.ID}
	}
	if cmd := r.destroyNow(b, u); cmd != nil {
		return cmd
	}
	if cmd := r.winNow(b, u); cmd != nil {
		return cmd
	}
	if len(b.targets) == 0 {
		return r.stalk(b, u)
	}
	return r.fight(b, u)
}

// winNow moves u into its side's zone to reach or hold when a tile of it
// is in reach and u is not in it yet; nil otherwise.
func (r *Rival) winNow(b *battle, u *rules.Unit) rules.Command {
	if !b.hasGoal || !b.ours || !b.hold || b.goal.Contains(u.Pos) {
		return nil
	}
	reach := b.s.Reach(u.ID, rules.MoveBudget(u))
	best, bestScore, found := rules.Point{}, 0.0, false
	for _, p := range reach.Tiles() {
		if !b.goal.Contains(p) {
			continue
		}
		there := *u
		there.Pos = p
		if sc := -b.incoming(&there); !found || sc > bestScore {
			best, bestScore, found = p, sc, true
		}
	}
	if !found {
		return nil
	}
	return rules.Move{Unit: u.ID, To: best}
}

// destroyNow shoots the object the side must destroy when u may and has
// at least a fair chance; nil otherwise.
func (r *Rival) destroyNow(b *battle, u *rules.Unit) rules.Command {
	if b.destroy == 0 || u.Hand.Empty() || u.AP < weaponAP(u) {
		return nil
	}
	cmd := rules.Attack{Unit: u.ID, Obstacle: b.destroy}
	if p, err := b.s.PreviewAttack(cmd); err != nil || p.Chance < 0.3 {
		return nil
	}
	return cmd
}

// fight is combat mode (JA2's black alert): every tile u reaches, and its
// own, scored by the shots its AP leaves there, the targets it sees from
// it, the fire it draws and the objective; escape mode when u is badly
// wounded weighs the shots little and the fire much. It moves to the
// best tile, or shoots, or watches, or is done.
func (r *Rival) fight(b *battle, u *rules.Unit) rules.Command {
	here := *u
	escape := 3*u.HP <= u.MaxHP || (2*u.HP <= u.MaxHP && b.incoming(&here) >= float64(u.HP))
	tiles := []rules.Point{u.Pos}
	var reach *rules.Reach
	if !u.Status.Moved || escape {
		reach = b.s.Reach(u.ID, rules.MoveBudget(u))
		for _, p := range reach.Tiles() {
			if p != u.Pos {
				tiles = append(tiles, p)
			}
		}
	}
	best, bestScore, bestTarget := u.Pos, 0.0, 0
	for i, p := range tiles {
		ap := u.AP
		if i > 0 {
			ap -= reach.AP(p)
		}
		sc, t := r.score(b, u, p, ap, escape)
		if i == 0 {
			sc += 0.3 // no shuffling for nothing
		}
		if i == 0 || sc > bestScore {
			best, bestScore, bestTarget = p, sc, t
		}
	}
	if best != u.Pos {
		return rules.Move{Unit: u.ID, To: best}
	}
	if bestTarget != 0 && u.AP >= weaponAP(u) {
		return rules.Attack{Unit: u.ID, Target: bestTarget}
	}
	return r.watch(b, u)
}

// score is tile p for u with ap AP left there, and the target it would
// shoot: its shots' worth (the best target's, finish-the-wounded first,
// flanks by their hit chance), a little for each target it sees from p
// (the cover with the most targets), less the fire it draws (weighed by
// the aggression and more as it bleeds, most when that fire fells it),
// less its distance to the goal.
func (r *Rival) score(b *battle, u *rules.Unit, p rules.Point, ap int, escape bool) (float64, int) {
	there := *u
	there.Pos = p
	shots := ap / weaponAP(u)
	bestV, target, sees := 0.0, 0, 0
	for _, e := range b.targets {
		prev, ok := b.s.ForecastShot(there, *e)
		if !ok {
			continue
		}
		sees++
		if prev.Chance < 0.15 {
			continue
		}
		if v := b.shotValue(prev, e); v > bestV {
			bestV, target = v, e.ID
		}
	}
	off := float64(shots) * bestV
	if escape {
		off *= 0.3
	}
	inc := b.incoming(&there)
	fear := (1 - r.Aggression) * (2 - float64(u.HP)/float64(max(u.MaxHP, 1))) * b.riskScale
	if u.ID == b.vip || escape {
		fear *= 3
	}
	sc := float64(off*b.pushScale) + float64(0.4*float64(sees)) - float64(fear*inc)
	if inc >= float64(u.HP) {
		sc -= float64(6 * fear)
	}
	if b.hasGoal && u.ID != b.vip {
		sc -= float64(0.3 * zoneDist(p, b.goal))
	}
	if sees == 0 && !escape {
		sc -= float64(0.1 * math.Sqrt(float64(nearest(p, b.targets))))
	}
	return sc, target
}

// stalk is what u does with no enemy in sight: in its zone to hold, or
// near an enemy it believes in with cover, it lies in ambush (overwatch
// toward it); else it makes for the goal, the nearest enemy it believes
// in or remembers, or the nearest ground it does not see, ending each
// move where the believed enemies' fire is least.
func (r *Rival) stalk(b *battle, u *rules.Unit) rules.Command {
	goal, ok := r.goalFor(b, u)
	if !ok {
		return r.watch(b, u)
	}
	if b.hasGoal && b.hold && b.goal.Contains(u.Pos) {
		return r.watch(b, u)
	}
	if len(b.threats) > 0 && u.Status.Moved {
		return r.watch(b, u)
	}
	reach := b.s.Reach(u.ID, rules.MoveBudget(u))
	fear := (1 - r.Aggression) * b.riskScale
	score := func(p rules.Point) float64 {
		there := *u
		there.Pos = p
		return -math.Sqrt(float64(dist2(p, goal))) - float64(fear*b.incoming(&there))
	}
	best, bestScore := u.Pos, score(u.Pos)+0.3
	for _, p := range reach.Tiles() {
		if sc := score(p); sc > bestScore {
			best, bestScore = p, sc
		}
	}
	if best == u.Pos {
		return r.watch(b, u)
	}
	return rules.Move{Unit: u.ID, To: best}
}

// goalFor is where u makes for with no enemy in sight: the side's zone,
// else the nearest enemy it believes in, else the freshest place it saw
// one within Memory turns, else the nearest ground it does not see.
func (r *Rival) goalFor(b *battle, u *rules.Unit) (rules.Point, bool) {
	if b.hasGoal && (b.ours || len(b.threats) == 0) {
		return mid(b.goal), true
	}
	if len(b.threats) > 0 {
		best := b.threats[0].Pos
		for _, e := range b.threats[1:] {
			if dist2(u.Pos, e.Pos) < dist2(u.Pos, best) {
				best = e.Pos
			}
		}
		return best, true
	}
	found, best, turn := false, rules.Point{}, 0
	for _, c := range b.v.Contacts {
		if c.Alive && b.v.Turn-c.Turn <= r.Memory && (!found || c.Turn > turn) {
			found, best, turn = true, c.Pos, c.Turn
		}
	}
	if found {
		return best, true
	}
	if b.hasGoal {
		return mid(b.goal), true
	}
	d := -1
	for y := 0; y < b.v.Height; y++ {
		for x := 0; x < b.v.Width; x++ {
			p := rules.Point{X: x, Y: y}
			if !b.v.Seen(p) && b.s.Board.Passable(p) && (d < 0 || dist2(u.Pos, p) < d) {
				best, d = p, dist2(u.Pos, p)
			}
		}
	}
	return best, d >= 0
}

// watch puts u on overwatch toward the nearest enemy it believes in, else
// toward its goal; nil (done) when it may not.
func (r *Rival) watch(b *battle, u *rules.Unit) rules.Command {
	if u.Status.Overwatch || u.Hand.Empty() || u.Hand.Weapon.Melee || u.Hand.Ammo < 1 {
		return nil
	}
	at, ok := rules.Point{}, false
	for _, e := range b.threats {
		if !ok || dist2(u.Pos, e.Pos) < dist2(u.Pos, at) {
			at, ok = e.Pos, true
		}
	}
	if !ok && b.hasGoal && !b.goal.Contains(u.Pos) {
		at, ok = mid(b.goal), true
	}
	if !ok || at == u.Pos {
		return nil
	}
	cmd := rules.Overwatch{Unit: u.ID, At: at}
	if rules.CheckAction(b.s, cmd) != nil {
		return nil
	}
	return cmd
}

// incoming is the damage the believed enemies are expected to deal to u
// where it stands in their next turn: every shot each one's AP buys, at
// the chance its forecast gives (JA2's cover score, against every known
// enemy at once).
func (b *battle) incoming(u *rules.Unit) float64 {
	sum := 0.0
	for _, e := range b.threats {
		prev, ok := b.s.ForecastShot(*e, *u)
		if !ok {
			continue
		}
		w := weaponOf(b.s, prev.Weapon)
		shots := max(e.MaxAP/weaponAP(e), 1)
		sum += float64(float64(shots) * prev.Chance * meanDamage(w))
	}
	return sum
}

// shotValue is a shot's worth: its expected damage, more on a wounded
// target, plus four times the chance it fells the target; felling the
// unit the enemy must protect counts three times.
func (b *battle) shotValue(p rules.AttackPreview, t *rules.Unit) float64 {
	w := weaponOf(b.s, p.Weapon)
	wounded := 1 + float64(t.MaxHP-t.HP)/float64(max(t.MaxHP, 1))
	v := float64(p.Chance*meanDamage(w)*wounded) + float64(4*p.Chance*fells(w, t.HP))
	if t.ID == b.enemyVIP {
		v *= 3
	}
	return v
}

// weaponAP is what an attack with u's weapon costs (1 empty-handed).
func weaponAP(u *rules.Unit) int {
	if u.Hand.Empty() {
		return 1
	}
	return max(u.Hand.Weapon.AP, 1)
}

// weaponOf returns the named weapon of s's tables (zero when unknown).
func weaponOf(s *rules.State, name string) rules.Weapon {
	w, _ := s.Rules().Weapon(name)
	return w
}

// meanDamage is the mean of w's damage roll.
func meanDamage(w rules.Weapon) float64 {
	d := w.Damage
	return float64(float64(d.N)*float64(d.Sides+1)/2) + float64(d.Plus)
}

// fells is the chance w's damage roll reaches hp.
func fells(w rules.Weapon, hp int) float64 {
	d := w.Damage
	if d.N <= 0 || d.Sides <= 0 {
		return 0
	}
	ways := []float64{1}
	for range d.N {
		next := make([]float64, len(ways)+d.Sides)
		for k, n := range ways {
			for f := 1; f <= d.Sides; f++ {
				next[k+f] += n
			}
		}
		ways = next
	}
	hit, total := 0.0, 0.0
	for k, n := range ways {
		total += n
		if k+d.Plus >= hp {
			hit += n
		}
	}
	return hit / total
}

// nearest is the squared distance from p to the nearest of us (0 for
// none).
func nearest(p rules.Point, us []*rules.Unit) int {
	best := -1
	for _, u := range us {
		if d := dist2(p, u.Pos); best < 0 || d < best {
			best = d
		}
	}
	return max(best, 0)
}

// dist2 is the squared distance between two tiles.
func dist2(a, b rules.Point) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx + dy*dy
}

// mid is the middle tile of z.
func mid(z rules.Rect) rules.Point {
	return rules.Point{X: (z.Min.X + z.Max.X - 1) / 2, Y: (z.Min.Y + z.Max.Y - 1) / 2}
}

// zoneDist is the distance in tiles from p to the nearest tile of z.
func zoneDist(p rules.Point, z rules.Rect) float64 {
	dx := max(z.Min.X-p.X, p.X-(z.Max.X-1), 0)
	dy := max(z.Min.Y-p.Y, p.Y-(z.Max.Y-1), 0)
	return math.Sqrt(float64(dx*dx + dy*dy))
}
