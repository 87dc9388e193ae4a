package ai

import (
	"fmt"
	"math"
	"slices"

	"sightline/actions"
	"sightline/match"
	"sightline/rules"
	"sightline/rules/places"
)

// Computer is the computer opponent. For the unit it moves, it scores
// every tile the unit can reach (and its own) by the best shot it would
// have from there, the damage the enemies its side believes in would deal
// to it there (its cover counts through their hit chance) and its
// distance to them, all from the rules'
// own reach search and attack preview; it then moves there, or shoots
// from where it stands, or watches, or is done.
type Computer struct {
	profile Profile
	// Slice is the most tiles one answer scores (0: no limit). With a
	// limit, Next returns nil while it is still thinking (Thinking) and
	// goes on where it stopped when asked again with the same view, so a
	// frame never waits for a whole decision; the decision is the same.
	// The command then comes in an answer that scores no tile (Scoring).
	Slice int
	pace  pace
	work  *thought
	why   *Why // the account of the last decision
	// zone is the objective zone the side makes for (hasZone: one), read
	// from the view as each unit's decision starts.
	zone    rules.Rect
	hasZone bool
	// post is the designer's hint the unit deciding follows (hasPost:
	// one), read as its decision starts.
	post    post
	hasPost bool
	// belief is the battle believed from view, kept for the next unit.
	belief *rules.State
	view   *match.View
	// seen is each enemy as the side last saw it, for the contacts the
	// belief holds (their weapons: a remembered sniper is no rifleman).
	seen sightings
	// scratch is reused by each exposure's odds.
	scratch scratch
	// share is, by enemy ID, the share of its fire that comes at the unit
	// deciding (shares), read as its decision starts.
	share []float64
	// urgentRisk and urgentZone scale the risk and the objective zone's
	// pull by the objectives' clocks (urgency), read as a decision
	// starts.
	urgentRisk, urgentZone float64
	// memo keeps the enemies' forecast shots while the battle stands the
	// same, and seeing their lookouts while the board and they do.
	memo   shotMemo
	seeing lookouts
	lines  lines
	// movers are the IDs of the side's units still to act that have no
	// shot where they stand, so must move to fight (with Coordinate),
	// read as each unit's decision starts.
	movers []int
	// rank keeps the keys first ranks the ready units by.
	rank rankMemo
	// shot is the best shot from the tile Next is scoring, which tile and
	// tileAfter (shoot first, then move) ask alike.
	shot tileShot
	// bounding leaves the risk out of tileAfter's score: the most the
	// tile can score (weigh's bound).
	bounding bool
	// names names the tiles of the belief's board in the reasons, kept
	// while the board stands the same.
	names namer
	// guard is the ground the enemy could shoot its object from, kept
	// while the board stands the same; guardAt its tiles for the unit
	// deciding (none when the enemy must destroy nothing).
	guard   guard
	guardAt []rules.Point
	// steps are the believed enemies' step-out tiles for the unit
	// deciding (stepOuts; nil without the profile's StepOut).
	steps []stepOut
	// escort is whether the unit deciding is one its side must protect
	// that weighs its step outs (escorting).
	escort bool
}

// namer is places.Of of a board (b) at one of its versions.
type namer struct {
	b       *rules.Board
	version int
	n       places.Namer
}

// of returns places.Of(b), made again only when b or its version
// differs from the last asked: a decision's reasons name its tiles, and
// making the names reads every obstacle.
func (n *namer) of(b *rules.Board) places.Namer {
	if n.b != b || n.version != b.Version() {
		n.b, n.version, n.n = b, b.Version(), places.Of(b)
	}
	return n.n
}

// tileShot is bestShotPreview of the unit deciding from tile p, kept
// while Next scores p (on); known once asked.
type tileShot struct {
	on, known bool
	p         rules.Point
	t         int
	v         float64
	prev      rules.AttackPreview
	ok        bool
}

// thought is a decision in progress: the unit weighed, what it weighs,
// and how far through its tiles it is.
type thought struct {
	view             *match.View
	s                *rules.State
	u                *rules.Unit
	threats, targets []*rules.Unit
	watched          []watchZone // the seen enemies' overwatch zones
	shotAP           int
	r                *rules.Reach
	// dash is the full-speed search of a suppressed unit that may break
	// out (nil otherwise); breakOut is what the suppressor's shot costs.
	dash     *rules.Reach
	breakOut float64
	tiles    []rules.Point // its own tile first, then the reachable ones (walking, then breaking out)
	// scores are the tiles' scores once weighed (weigh): exact, or for a
	// tile set aside the bound that showed it could not count (firsts:
	// the exact ones reached by shooting first).
	scores    []float64
	firsts    []bool
	weighing  weighing
	best      rules.Point
	bestScore float64
	// first is the shot the unit may fire where it stands before it
	// moves (the profile's ShootFirst; none: shots 0), and bestFirst
	// whether the best tile is reached that way: shoot, then move.
	first     fired
	bestFirst bool
	// charging is whether the command is a charge: best is the tile it
	// runs to, with no AP left.
	charging bool
	chose    option // the command chosen where it stands, with why
	// ahead is what looking ahead (LookAhead) found at best, in words
	// ("" when it found nothing there).
	ahead string
	// where names tiles in the reasons, as the battle log does.
	where places.Namer
	// clock is how hard the deadline presses the unit (clockPressure).
	clock float64
	// crept is where creep stopped its walk (the unit's own tile when it
	// did not).
	crept rules.Point
}

// NewComputer returns a computer opponent playing profile p, thinking a
// whole decision in one answer.
func NewComputer(p Profile) *Computer {
	return &Computer{profile: p, urgentRisk: 1, urgentZone: 1, memo: shotMemo{coverDE: p.CoverDE}}
}

// Thinking reports whether the last answer was nil because a decision is
// under way (Slice).
func (c *Computer) Thinking() bool { return c.work != nil }

// Scoring reports whether the next answer, asked with the same view, only
// scores tiles of the decision under way: at most Slice of them, without
// starting a unit's decision or concluding one. Those answers (a unit's
// reach and belief, its command) can take longer than a slice.
func (c *Computer) Scoring() bool {
	return c.Slice > 0 && c.work != nil && !c.work.weighed()
}

// Next implements match.Controller.
func (c *Computer) Next(v *match.View) rules.Command {
	c.pace.begin(v)
	if c.work != nil && c.work.view != v {
		c.work = nil
	}
	budget := c.Slice
	for {
		if c.work == nil {
			if c.work = c.start(v); c.work == nil {
				return c.pace.answer(0, rules.EndTurn{})
			}
		}
		w := c.work
		scored := false
		for !w.weighed() {
			if c.Slice > 0 && budget == 0 {
				return nil
			}
			budget--
			scored = true
			c.weigh(w)
		}
		if c.Slice > 0 && scored {
			// Concluding is an answer of its own, so the last tiles
			// and the command (applied at once) never share one.
			return nil
		}
		c.work = nil
		c.lookAhead(w)
		if cmd := c.conclude(w); cmd != nil {
			c.why = c.explain(w, cmd)
			return c.pace.answer(w.u.ID, cmd)
		}
		c.pace.finish(w.u.ID)
	}
}

// start begins the decision of the first unit of v's side that may still
// act, or returns nil when none may.
func (c *Computer) start(v *match.View) *thought {
	if c.view != v {
		// The board and its sight geometry are kept while the map the
		// side remembers stays the same: building them is much of a
		// decision's time on a large map.
		b := (*rules.Board)(nil)
		if c.belief != nil && c.view != nil && sameMap(c.view, v) {
			b = c.belief.Board
		} else {
			b = boardOf(v)
		}
		c.seen.note(v)
		c.belief, c.view = beliefOn(v, b, &c.seen, c.profile.memory()), v
	}
	s := c.belief
	us := c.pace.ready(s, v.Side)
	if len(us) == 0 {
		return nil
	}
	targets := seenEnemies(s, v)
	c.movers = c.movers[:0]
	// shots are the ready units' best shots where they stand, by their
	// place in us: the movers and first's ranks read them alike.
	var shots []readyShot
	if c.profile.Coordinate {
		shots = make([]readyShot, len(us))
		for i, f := range us {
			if shots[i] = c.readyShot(s, f, targets); !shots[i].ok {
				c.movers = append(c.movers, f.ID)
			}
		}
	}
	c.zone, c.hasZone = goalZone(v)
	c.urgentRisk, c.urgentZone = urgency(v)
	u := c.first(s, us, targets, shots)
	w := &thought{view: v, s: s, u: u, threats: enemies(s, v.Side), targets: targets, shotAP: weaponAP(s, u), where: c.names.of(s.Board), crept: u.Pos}
	c.urgentRisk *= c.boldness(s, u, w.threats)
	if w.clock = c.clockPressure(v, u); w.clock > 0 {
		c.urgentRisk, c.urgentZone = c.urgentRisk*(1-float64(0.75*w.clock)), c.urgentZone*(1+float64(2*w.clock))
	}
	c.post, c.hasPost = postFor(v, s, u, w.targets, w.threats)
	c.memo.begin(s)
	c.share = c.shares(s, u, w.threats)
	c.escort = c.escorting(u)
	c.steps = c.stepOuts(s, u, w.threats)
	c.guardAt = c.guardTiles(s, v, u)
	w.watched = watchZones(s, w.targets)
	if c.profile.ShootFirst && u.AP > w.shotAP {
		if t, v, prev, ok := c.bestShotPreview(s, *u, targets); ok {
			w.first = fired{one: v, target: t, prev: prev}
		}
	}
	w.r = actions.Move.Reach(s, u.ID)
	w.tiles = append(w.tiles, u.Pos)
	for _, p := range w.r.Tiles() {
		if p != u.Pos && (c.profile.Look == 0 || w.r.AP(p) <= c.profile.Look) {
			w.tiles = append(w.tiles, p)
		}
	}
	if c.uses("break_out") && u.Status.Suppressed && !u.Status.Dashed {
		// Seed 003: half speed, or full speed for the suppressor's shot.
		w.dash, w.breakOut = actions.Dash.Reach(s, u.ID), c.breakOutCost(s, u)
		for _, p := range w.dash.Tiles() {
			if !w.r.Reachable(p) {
				w.tiles = append(w.tiles, p)
			}
		}
	}
	return w
}

// reach returns the search that takes the unit to p, and whether it is a
// break out of suppression: only the dash reaches p.
func (w *thought) reach(p rules.Point) (*rules.Reach, bool) {
	if w.dash != nil && !w.r.Reachable(p) {
		return w.dash, true
	}
	return w.r, false
}

// breakOutCost is what breaking out of suppression costs u: the damage
// its suppressor's attack of opportunity may do (as the side believes the
// board), weighed by the profile's Exposure; 0 when no shot would come.
func (c *Computer) breakOutCost(s *rules.State, u *rules.Unit) float64 {
	pv, _, ok := s.BreakOutShot(u.ID)
	if !ok {
		return 0
	}
	w := weaponOf(s, pv.Weapon)
	return c.profile.Exposure * meanDamage(w) * (pv.Chance + float64(pv.CritChance*float64(max(w.Crit-1, 0))))
}

// first returns the unit of us to decide for next. Without Coordinate it
// is the first; with it, a unit that would rather pin enemies down with
// suppressive fire than shoot goes first (the others then face enemies at
// -4; the farthest of them first, so the nearer ones flank after it),
// then the unit with the best shot from where it stands, then the rest in
// ID order.
func (c *Computer) first(s *rules.State, us, targets []*rules.Unit, shots []readyShot) *rules.Unit {
	if !c.profile.Coordinate || len(targets) == 0 {
		return us[0]
	}
	if f := c.finisher(s, us, targets); f != nil {
		return f
	}
	best, bestKey := us[0], 0.0
	c.rank.begin(c.view, s)
	for i, u := range us {
		key := c.rank.key(u.ID, func() float64 { return c.rankKey(s, u, targets, shots[i]) })
		if key > bestKey {
			best, bestKey = u, key
		}
	}
	return best
}

// nearestDist2 is the squared distance from p to the nearest of us.
func nearestDist2(p rules.Point, us []*rules.Unit) int {
	best := -1
	for _, u := range us {
		if d := dist2(p, u.Pos); best < 0 || d < best {
			best = d
		}
	}
	return max(best, 0)
}

// rankKey is what first ranks u by: its best shot where it stands (shot), or,
// when its best suppressive fire is worth more, suppressFirst plus its
// distance to the nearest target: the farthest of the units that would
// rather suppress pins the enemy down, so the nearer ones, likelier to
// reach its flank, move up after it.
func (c *Computer) rankKey(s *rules.State, u *rules.Unit, targets []*rules.Unit, shot readyShot) float64 {
	key := 0.0
	if shotAP := weaponAP(s, u); u.AP >= shotAP && shot.ok {
		key = float64(u.AP/shotAP) * shot.v
	}
	if sv := c.bestSuppress(s, u, targets); sv > key {
		key = suppressFirst + math.Sqrt(float64(nearestDist2(u.Pos, targets)))
	}
	return key
}

// readyShot is the value of a ready unit's best shot where it stands
// (bestShot), when it has one (ok).
type readyShot struct {
	v  float64
	ok bool
}

// readyShot is unit u's best shot where it stands (bestShot).
func (c *Computer) readyShot(s *rules.State, u *rules.Unit, targets []*rules.Unit) readyShot {
	_, v, ok := c.bestShot(s, *u, targets)
	return readyShot{v: v, ok: ok}
}

// suppressFirst ranks the units that would suppress above every shooter.
const suppressFirst = 1e6

// bestSuppress returns the value of u's best suppressive fire at the
// targets (the area from each target's tile, a cheap sample of options'),
// 0 when it has none or its profile does not suppress.
func (c *Computer) bestSuppress(s *rules.State, u *rules.Unit, targets []*rules.Unit) float64 {
	tn := s.Rules().Tuning
	if !c.uses("suppressive_fire") || u.AP < tn.SuppressAP || u.Hand.Ammo < tn.SuppressRounds {
		return 0
	}
	best := 0.0
	for _, e := range targets {
		if rolls, err := s.PreviewFire(rules.SuppressiveFire{Unit: u.ID, At: e.Pos}); err == nil {
			v, _ := c.suppressValue(s, u, rolls[0])
			best = max(best, v)
		}
	}
	return best
}

// conclude turns a unit's scored tiles into its command, or nil when it
// is done for the turn.
func (c *Computer) conclude(w *thought) rules.Command {
	s, v, u, threats, targets, shotAP, r := w.s, w.view, w.u, w.threats, w.targets, w.shotAP, w.r
	best, bestScore := w.best, w.bestScore
	if o, end, ok := c.bestCharge(w); ok && o.value > bestScore {
		// The charge's end tile, with its strike, beats every tile the
		// unit could walk to and every plan from where it stands.
		w.chose, w.best, w.bestScore, w.charging = o, end, o.value, true
		return o.cmd
	}
	if best != u.Pos {
		if o, ok := c.suppressHere(w); ok && o.value > bestScore {
			// Pinning the enemy down from here beats walking away: its
			// fire at -4 spares this unit and the friends that move
			// up after it.
			w.chose, w.best, w.bestScore, w.bestFirst = o, u.Pos, o.value, false
			return o.cmd
		}
	}
	if best != u.Pos && w.bestFirst {
		cmd := rules.Attack{Unit: u.ID, Target: w.first.target}
		if rules.CheckAction(s, cmd) == nil {
			w.chose = option{cmd: cmd, value: bestScore, why: fmt.Sprintf("shoots %s from where it stands first, then makes for %s", nameOf(s, w.first.target), w.where.Toward(u.Pos, best))}
			return cmd
		}
	}
	if best != u.Pos {
		if _, dash := w.reach(best); dash {
			w.chose = option{cmd: rules.Move{Unit: u.ID, To: best, Dash: true}, why: "breaks out of suppression at full speed, risking its suppressor's shot"}
			return w.chose.cmd
		}
		return rules.Move{Unit: u.ID, To: best}
	}
	// A stance may be worth its AP where the unit stands. It is weighed
	// against standing as it is, scored the same way (looking ahead
	// lowers the chosen tile's score, not a stance's: against that, a
	// stance and its undoing would each look better than the other).
	stay := bestScore
	if len(w.scores) > 0 {
		stay = w.scores[0]
	}
	for _, id := range []actions.ID{actions.Stand, actions.Crouch, actions.Prone} {
		for _, cmd := range id.Candidates(s, u.ID, nil) {
			st := cmd.(rules.ChangeStance).To
			if st == u.Stance {
				continue
			}
			there := *u
			there.Stance = st
			if sc := c.tile(s, &there, u.Pos, u.AP-rules.StanceCost(u), threats, targets, shotAP); sc > stay+c.profile.Stay && rules.CheckAction(s, cmd) == nil {
				return cmd
			}
		}
	}
	if u.Hand.Empty() && !u.Holster.Empty() {
		for _, cmd := range actions.DrawHolster.Candidates(s, u.ID, nil) {
			if d, ok := cmd.(rules.Draw); ok && !d.Second && rules.CheckAction(s, cmd) == nil {
				w.chose = option{cmd: cmd, why: "draws its " + u.Holster.Weapon.Name + ": its hands are empty"}
				return cmd
			}
		}
	}
	if u.Hand.Weapon.Magazine > 0 && u.Hand.Ammo == 0 {
		for _, cmd := range actions.Reload.Candidates(s, u.ID, nil) {
			if rules.CheckAction(s, cmd) == nil {
				w.chose = option{cmd: cmd, why: "reloads: its weapon is empty"}
				return cmd
			}
		}
	}
	if o, ok := choose(s, c.options(w)); ok {
		w.chose = o
		return o.cmd
	}
	if c.hasPost && c.post.on {
		return c.followPost(w)
	}
	if c.hasZone {
		// No command worth its AP here: make for the objective, or hold
		// it rather than go looking.
		mid := zoneMid(c.zone)
		if to := closestReachable(r, u.Pos, mid); !c.zone.Contains(u.Pos) && to != u.Pos {
			w.chose = option{cmd: rules.Move{Unit: u.ID, To: c.creep(w, to)}, why: "makes for the objective"}
			return w.chose.cmd
		}
		return nil
	}
	if len(threats) == 0 {
		if g, ok := nearestThreat(s, v, u); ok {
			to := closestReachable(r, u.Pos, g)
			if c.uses("pile_through") {
				// Smashing through cover gets closer where walking cannot, when
				// it is likely to break through.
				pr := actions.Pile.Reach(s, u.ID)
				if p := closestReachable(pr, u.Pos, g); dist2(p, g) < dist2(to, g) && pr.PileOdds(p, u.Stats.ST) >= 0.5 {
					w.chose = option{cmd: rules.Move{Unit: u.ID, To: p, Pile: true}, why: "piles through the cover in its way to look for the enemy"}
					return w.chose.cmd
				}
			}
			if to != u.Pos {
				return rules.Move{Unit: u.ID, To: c.creep(w, to)}
			}
		}
	}
	return nil
}

// bestCharge returns the unit's best charge as a candidate like any
// tile, and the tile it runs to: the score of the tile it runs to (tileAfter), charging (-2
// defence) with no AP left, after the strike its forecast gives (the
// chance it fells the target counting with the risk there); false when
// the profile does not charge or no charge is allowed.
func (c *Computer) bestCharge(w *thought) (option, rules.Point, bool) {
	s, u := w.s, w.u
	if !c.uses("charge") || u.AP < u.MaxAP || u.Status.Moved || u.Status.ChangedStance {
		return option{}, rules.Point{}, false
	}
	best, end, ok := option{}, rules.Point{}, false
	for _, cmd := range actions.Charge.Candidates(s, u.ID, func(id int) bool {
		return slices.ContainsFunc(w.targets, func(e *rules.Unit) bool { return e.ID == id })
	}) {
		e := s.Unit(cmd.(rules.Charge).Target)
		rolls, err := s.PreviewFire(cmd)
		if err != nil || len(rolls) == 0 {
			continue
		}
		there := *u
		there.Status.Charged = true
		strike := fired{shots: 1, one: c.shotValue(s, rolls[0].AttackPreview, e), target: e.ID, prev: rolls[0].AttackPreview}
		sc := c.tileAfter(s, &there, rolls[0].From, 0, w.threats, w.targets, w.shotAP, strike)
		if !ok || sc > best.value {
			best, end, ok = option{cmd: cmd, value: sc, why: fmt.Sprintf("charges %s: %.0f%% to strike, worth more than any tile it could walk to", e.Name, 100*rolls[0].Chance)}, rolls[0].From, true
		}
	}
	return best, end, ok
}

// suppressHere returns the unit's best suppressive fire from where it
// stands as a candidate like any tile: its own tile's score with the AP
// the fire leaves, plus what the fire is worth (suppressValue); false
// when the profile does not suppress or no fire is allowed.
func (c *Computer) suppressHere(w *thought) (option, bool) {
	s, u := w.s, w.u
	tn := s.Rules().Tuning
	if !c.uses("suppressive_fire") || u.AP < tn.SuppressAP || u.Hand.Ammo < tn.SuppressRounds {
		return option{}, false
	}
	best, ok := option{}, false
	for _, cmd := range actions.Suppress.Candidates(s, u.ID, func(id int) bool {
		return slices.ContainsFunc(w.targets, func(e *rules.Unit) bool { return e.ID == id })
	}) {
		rolls, err := s.PreviewFire(cmd)
		if err != nil || len(rolls) == 0 {
			continue
		}
		val, n := c.suppressValue(s, u, rolls[0])
		if n == 0 || val <= 0 {
			continue
		}
		sc := c.tile(s, u, u.Pos, u.AP-rolls[0].AP, w.threats, w.targets, w.shotAP) + c.profile.Stay + val
		if !ok || sc > best.value {
			at := cmd.(rules.SuppressiveFire).At
			best, ok = option{cmd: cmd, value: sc, why: fmt.Sprintf("pins %s down %s from where it stands rather than move: %.0f%% to hit the area", count(n, "enemy", "enemies"), w.where.Place(at), 100*rolls[0].Chance)}, true
		}
	}
	return best, ok
}

// fired is a plan's shots from the tile where the unit stands, before it
// moves: how many, what one is worth, at whom and its forecast.
type fired struct {
	shots  int
	one    float64
	target int
	prev   rules.AttackPreview
}

// tile scores unit u standing on p with ap AP left, with the enemies its
// side believes in as threats and those it sees now as targets.
func (c *Computer) tile(s *rules.State, u *rules.Unit, p rules.Point, ap int, threats, targets []*rules.Unit, shotAP int) float64 {
	return c.tileAfter(s, u, p, ap, threats, targets, shotAP, fired{})
}

// tileAfter is tile once u has fired f from where it stands (f.shots
// may be 0): those shots count, and the chance they fell their target
// with the risk.
func (c *Computer) tileAfter(s *rules.State, u *rules.Unit, p rules.Point, ap int, threats, targets []*rules.Unit, shotAP int, f fired) float64 {
	pr := c.profile
	there := *u
	there.Pos = p
	score := 0.0
	target, pk := 0, 0.0
	if f.shots > 0 {
		score += float64(float64(f.shots) * f.one)
		target, pk = f.target, fellChance(s, f.prev, s.Unit(f.target), f.shots)
	}
	if shots := c.counted(ap / shotAP); shots > 0 {
		off := 0.0
		if t, v, prev, ok := c.bestShotFrom(s, there, targets); ok {
			off = float64(float64(shots) * v)
			score += off
			if k := fellChance(s, prev, s.Unit(t), shots); k > pk {
				target, pk = t, k
			}
		}
		if v, _ := c.objectShot(s, &there, shots); v > off {
			score += v - off // the object rather than the enemy
		}
	}
	nearest := -1
	for _, e := range threats {
		if d := dist2(p, e.Pos); nearest < 0 || d < nearest {
			nearest = d
		}
	}
	if len(threats) > 0 && !c.bounding {
		score -= c.riskAfter(s, &there, threats, target, pk)
	}
	score += c.guarding(s, u, p, c.guardAt)
	if c.view != nil && p != u.Pos && winsAt(s, c.view, u, p) {
		score += float64(winWorth * pr.Kill)
	}
	switch {
	case c.hasPost && c.post.on:
		score -= float64(pr.Objective * zoneDist(p, c.post.zone))
	case c.hasZone:
		score -= float64(pr.Objective * c.urgentZone * zoneDist(p, c.zone))
	case nearest >= 0:
		band := float64(pr.Band * float64(u.Hand.Weapon.Range))
		score -= float64(pr.Approach * max(math.Sqrt(float64(nearest))-band, 0))
	}
	if len(threats) > 0 {
		if pr.Spacing > 0 {
			score -= float64(pr.Spacing * float64(huddled(s, u, p)))
		}
		if pr.Support > 0 {
			score -= float64(pr.Support * straggling(s, u, p))
		}
	}
	return score
}

// counted is how many of shots a tile's score counts: all of them, or
// at most the profile's Shots.
func (c *Computer) counted(shots int) int {
	if c.profile.Shots > 0 {
		return min(shots, c.profile.Shots)
	}
	return shots
}

// supportRange is how far, in tiles, a unit may stand from its nearest
// friend and still count as supported: about the range increment of a
// rifle, so each may fire on what comes at the other.
const supportRange = 8

// straggling is how many tiles past supportRange u at p would stand
// from its nearest living friend (0 without one).
func straggling(s *rules.State, u *rules.Unit, p rules.Point) float64 {
	nearest := -1
	for _, f := range s.Units {
		if f.ID == u.ID || f.Side != u.Side || !f.Alive() {
			continue
		}
		if d := dist2(p, f.Pos); nearest < 0 || d < nearest {
			nearest = d
		}
	}
	if nearest < 0 {
		return 0
	}
	return max(math.Sqrt(float64(nearest))-supportRange, 0)
}

// huddled counts u's friends that would stand within a tile of it at p,
// where one suppressive fire's 2x2 area or one blast could catch both.
func huddled(s *rules.State, u *rules.Unit, p rules.Point) int {
	n := 0
	for _, f := range s.Units {
		if f.ID == u.ID || f.Side != u.Side || !f.Alive() {
			continue
		}
		if dx, dy := f.Pos.X-p.X, f.Pos.Y-p.Y; dx >= -f.Size && dx <= u.Size && dy >= -f.Size && dy <= u.Size {
			n++
		}
	}
	return n
}

// bestShot returns the enemy u (as given) had best shoot at and the
// shot's value (shotValue); only shots with at least the profile's
// MinChance count.
func (c *Computer) bestShot(s *rules.State, u rules.Unit, targets []*rules.Unit) (int, float64, bool) {
	t, v, _, ok := c.bestShotPreview(s, u, targets)
	return t, v, ok
}

// bestShotPreview is bestShot with the forecast of the shot.
func (c *Computer) bestShotPreview(s *rules.State, u rules.Unit, targets []*rules.Unit) (int, float64, rules.AttackPreview, bool) {
	best, bestV, bestP := 0, 0.0, rules.AttackPreview{}
	for _, e := range targets {
		if beyondReach(s, &u, e) {
			continue
		}
		prev, ok := s.ForecastShot(u, *e)
		if !ok {
			continue
		}
		if prev = c.judged(s, prev); prev.Chance < c.profile.MinChance {
			continue
		}
		if v := c.shotValue(s, prev, e); v > bestV {
			best, bestV, bestP = e.ID, v, prev
		}
	}
	return best, bestV, bestP, best != 0
}

// bestShotFrom is bestShotPreview, asked once for the tile Next scores.
func (c *Computer) bestShotFrom(s *rules.State, u rules.Unit, targets []*rules.Unit) (int, float64, rules.AttackPreview, bool) {
	k := &c.shot
	if !k.on || k.p != u.Pos {
		return c.bestShotPreview(s, u, targets)
	}
	if !k.known {
		k.t, k.v, k.prev, k.ok = c.bestShotPreview(s, u, targets)
		k.known = true
	}
	return k.t, k.v, k.prev, k.ok
}

// weaponAP returns what an attack with u's weapon costs.
func weaponAP(s *rules.State, u *rules.Unit) int {
	if !u.Hand.Empty() {
		return max(u.Hand.Weapon.AP, 1)
	}
	return 1
}

// meanDamage returns the mean damage of weapon w.
func meanDamage(w rules.Weapon) float64 {
	d := w.Damage
	return float64(float64(d.N)*float64(d.Sides+1)/2) + float64(d.Plus)
}

// killChance is the chance that one hit of weapon w fells t: the chance
// its damage roll reaches t's HP.
func killChance(w rules.Weapon, t *rules.Unit) float64 {
	if t.HP <= 0 {
		return 0
	}
	hit := 0.0
	for dmg, p := range damageOdds(w) {
		if dmg >= t.HP {
			hit += p
		}
	}
	return hit
}

// damageOdds returns the chance of each total of weapon w's damage roll
// (no critical hit), by total; nil for a weapon with no dice.
func damageOdds(w rules.Weapon) []float64 {
	d := w.Damage
	if d.N <= 0 || d.Sides <= 0 {
		return nil
	}
	// ways[k] counts the rolls of the dice so far that total k.
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
	total := 0.0
	for _, n := range ways {
		total += n
	}
	odds := make([]float64, max(len(ways)+d.Plus, 0))
	for k, n := range ways {
		if k+d.Plus >= 0 {
			odds[k+d.Plus] += n / total
		}
	}
	return odds
}

// coverOdds is what one hit of weapon w on cover of DE de does, seed
// 004: the damage expected to go through to the unit behind, and the
// chance the cover is destroyed (each wound destroys it on a 6).
func coverOdds(w rules.Weapon, de int) (through, broken float64) {
	for dmg, p := range damageOdds(w) {
		t, wounds := rules.CoverDamage(dmg, de)
		through += float64(p * float64(t))
		broken += float64(p * (1 - powInt(5.0/6, wounds)))
	}
	return through, broken
}

// closestReachable returns the tile of r nearest goal, from.
func closestReachable(r *rules.Reach, from, goal rules.Point) rules.Point {
	to, d := from, dist2(from, goal)
	for _, p := range r.Tiles() {
		if dp := dist2(p, goal); dp < d {
			to, d = p, dp
		}
	}
	return to
}

// seenEnemies returns the enemies in s that v's side knows of now (not
// the contacts it only believes in): the only ones it may shoot at.
func seenEnemies(s *rules.State, v *match.View) []*rules.Unit {
	var es []*rules.Unit
	for _, u := range v.Units {
		if u.Side != v.Side && u.Alive() {
			es = append(es, s.Unit(u.ID))
		}
	}
	return es
}

// goalZone returns the zone v's side makes for: the zone of its first
// objective with one (objectiveZone), else the first zone a designer's
// hint tells it to defend, else the zone of the enemy's first objective
// with one (to stop it there); false when there is none.
func goalZone(v *match.View) (rules.Rect, bool) {
	for _, o := range v.Objectives {
		if z, ok := objectiveZone(v, o); ok && o.Side == v.Side {
			return z, true
		}
	}
	for _, h := range v.Hints {
		if h.Side == v.Side && h.Kind == rules.HintDefend {
			return h.Zone, true
		}
	}
	for _, o := range v.Objectives {
		if z, ok := objectiveZone(v, o); ok && o.Side != v.Side {
			return z, true
		}
	}
	return rules.Rect{}, false
}

// objectiveZone is where objective o is fought: the zone of a reach,
// extract or hold, or the tiles around the object to destroy while the
// side remembers it standing.
func objectiveZone(v *match.View, o rules.Objective) (rules.Rect, bool) {
	switch o.Goal {
	case rules.GoalReach, rules.GoalExtract, rules.GoalHold:
		return o.Zone, true
	case rules.GoalDestroy:
		for _, ob := range v.Obstacles {
			if ob.ID != o.Target {
				continue
			}
			b := tileBox(ob, v.TileSize)
			z := rules.Rect{
				Min: rules.Point{X: max(b.Min.X-1, 0), Y: max(b.Min.Y-1, 0)},
				Max: rules.Point{X: min(b.Max.X+1, v.Width), Y: min(b.Max.Y+1, v.Height)},
			}
			return z, !z.Empty()
		}
	}
	return rules.Rect{}, false
}

// tileBox is the box of tiles (Max exclusive) that obstacle ob's shape
// overlaps on a board of tiles tileSize across.
func tileBox(ob rules.Obstacle, tileSize int) rules.Rect {
	lo, hi := ob.Shape.Bounds()
	ts := float64(tileSize)
	return rules.Rect{
		Min: rules.Point{X: int(math.Floor(lo.X / ts)), Y: int(math.Floor(lo.Y / ts))},
		Max: rules.Point{X: int(math.Ceil(hi.X / ts)), Y: int(math.Ceil(hi.Y / ts))},
	}
}

// zoneDist is the distance in tiles from p to the nearest tile of z (0
// inside it).
func zoneDist(p rules.Point, z rules.Rect) float64 { return math.Sqrt(float64(zoneDist2(p, z))) }

// zoneMid is the middle tile of z.
func zoneMid(z rules.Rect) rules.Point {
	return rules.Point{X: (z.Min.X + z.Max.X - 1) / 2, Y: (z.Min.Y + z.Max.Y - 1) / 2}
}

// zoneDist2 is zoneDist squared, in whole tiles.
func zoneDist2(p rules.Point, z rules.Rect) int {
	dx := max(z.Min.X-p.X, p.X-(z.Max.X-1), 0)
	dy := max(z.Min.Y-p.Y, p.Y-(z.Max.Y-1), 0)
	return dx*dx + dy*dy
}
