package rules

import (
	"fmt"
	"math"
)

// Rule sources cited by breakdown entries and docs/RULES.md.
const (
	srcResolution  = "ruleset §5, Attack resolution"
	srcDefence     = "ruleset §5, Target defence"
	srcAttackBonus = "ruleset §5, Attack bonus"
	srcRange       = "seed 003, Range increments"
	srcRecoil      = "seed 003, Recoil"
	srcBrace       = "seed 003, Firing from cover"
	srcAiming      = "seed 003, Aiming"
	srcOverwatch   = "seed 003, Overwatch"
	srcCharge      = "seed 003, Charge"
	srcSuppressive = "seed 003, Suppressive Fire"
	srcBlind       = "seed 003, Blind Fire"
	srcExposed     = "seed 001, Exposed"
	srcActive      = "seed 001, Active cover (Take Cover)"
	srcMoving      = "seed 001, Moving to/from/within cover"
	srcImproved    = "seed 002, Improved Cover"
	srcPeek        = "seed 000, Peek"
	srcFlanking    = "seed 004, Flanking"
	srcOverCover   = "seed 004, Close combat over cover"
	srcAttackCover = "seed 004, Attacking Cover"
	srcProneLow    = "seed 004, Low cover (firing from prone)"
	srcTwoWeapon   = "seed 003, Two-Weapon Combat"
)

// SourceExposed is the source of the Exposed entry of a breakdown: a
// target with no cover anywhere near (seed 001). The hit panel's cover tag
// reads its value from that entry.
const SourceExposed = srcExposed

// attackOpts says how an attack came about.
type attackOpts struct {
	kind    string
	threat  int  // extra threat range (overwatch)
	blind   bool // blind fire: no aim or cover benefits, 50% miss
	spotted bool // blind fire after a successful perception check
	second  bool // the off-hand weapon of a unit fighting with two
	// quiet is a planner's question (ForecastShot): an attack that cannot
	// see its target fails with ErrNoLoS itself, unworded.
	quiet bool
	// seen says oracleMaySee is known to hold: it is not asked again.
	seen bool
}

// slot is the hand that holds the weapon an attack uses.
func (o attackOpts) slot(a *Unit) *Carried {
	if o.second {
		return &a.OffHand
	}
	return &a.Hand
}

// attackPlan is a fully checked attack, ready to roll.
type attackPlan struct {
	a, t      *Unit
	o         *Obstacle
	w         Weapon
	kind      string
	view      coverView
	bd        Breakdown
	overCover bool
}

// meleeWeapon is what a unit strikes with in close combat.
func (s *State) meleeWeapon(u *Unit) Weapon {
	if !u.Hand.Empty() && u.Hand.Weapon.Melee {
		return u.Hand.Weapon
	}
	if !u.Hand.Empty() {
		if w, ok := s.Rules().Weapon("unarmed"); ok {
			return w
		}
	}
	return s.wielded(u)
}

// planAttack checks an attack by a on t with w and builds its breakdown.
func planAttack(s *State, a, t *Unit, w Weapon, opt attackOpts) (*attackPlan, error) {
	if t == nil || t == a {
		return nil, fmt.Errorf("%w: pick an enemy unit", ErrBadTarget)
	}
	if !t.Alive() {
		return nil, fmt.Errorf("%w: %s is already out of the fight", ErrBadTarget, t.Name)
	}
	if t.Side == a.Side {
		return nil, fmt.Errorf("%w: %s is on your side", ErrBadTarget, t.Name)
	}
	p := &attackPlan{a: a, t: t, w: w, kind: opt.kind}
	if w.Melee {
		over, ok := meleeReach(s, a, t)
		if !ok {
			return nil, fmt.Errorf("%w: %s must stand next to %s (or face it across cover) to strike with %s", ErrNotAdjacent, a.Name, t.Name, w.Name)
		}
		p.overCover = over != nil
		p.view = coverView{Origin: spaceMid(s.Board, a.Pos, a.Size), LoS: true, LoE: true, Grade: CoverNone, Dist: 1}
		if over != nil {
			p.view.By = over
		}
	} else {
		if h := opt.slot(a); !h.Empty() && h.Weapon.Name == w.Name && h.Ammo < 1 {
			return nil, fmt.Errorf("%w: %s's %s needs reloading", ErrEmpty, a.Name, w.Name)
		}
		if !opt.blind && !opt.seen && !oracleMaySee(s, a, t) {
			if opt.quiet {
				return nil, ErrNoLoS
			}
			return nil, fmt.Errorf("%w: %s cannot see %s", ErrNoLoS, a.Name, t.Name) // as below, without the cover
		}
		v := oracleCover(s, a, t)
		if opt.blind {
			if v.LoS || v.Peek != LeanNone {
				return nil, fmt.Errorf("%w: %s can see %s; attack normally", ErrBadTarget, a.Name, t.Name)
			}
			if g, _ := oracleArea(s, a, a.Pos, a.Stance); g < CoverThreeQuarter {
				return nil, fmt.Errorf("%w: blind fire needs three-quarter or full cover, %s has %s", ErrCoverTooLow, a.Name, g)
			}
			if !oracleBlindLoE(s, a, t) {
				return nil, fmt.Errorf("%w: nothing %s fires would reach %s", ErrNoLoE, a.Name, t.Name)
			}
		} else {
			if !v.LoS {
				return nil, fmt.Errorf("%w: %s cannot see %s", ErrNoLoS, a.Name, t.Name)
			}
			if !v.LoE {
				return nil, fmt.Errorf("%w: %s can see %s but a shot cannot pass", ErrNoLoE, a.Name, t.Name)
			}
		}
		if max := float64(w.Range * s.Rules().Tuning.MaxIncrements); v.Dist > max+1e-9 {
			return nil, fmt.Errorf("%w: %s is %.1f tiles away, the %s reaches %.0f", ErrOutOfRange, t.Name, v.Dist, w.Name, max)
		}
		if o := lightCoverTaken(s, t, v); o != nil {
			v.By, v.Light = o, true
		}
		p.view = v
	}
	p.bd = s.breakdown(p, opt)
	return p, nil
}

// braceFor is the cover the attacker of p steadies its weapon on (seed
// 003, Firing from cover: "for attacks made using the cover element to
// stabilize the attack"): cover it touches that the shot passes over or
// beside on its way to the target, or any it touches while it leans out of
// it to fire (a peek). A wall at the shooter's back steadies nothing.
func braceFor(s *State, p *attackPlan) *Obstacle {
	a := p.a
	if a.Status.Lean != LeanNone || p.view.Peek != LeanNone {
		return braceCover(s, a)
	}
	var aim Vec
	switch {
	case p.t != nil:
		aim = s.Board.SpaceCenter(p.t)
	case p.o != nil:
		lo, hi := p.o.Shape.Bounds()
		aim = lo.Add(hi).Scale(0.5)
	default:
		return braceCover(s, a)
	}
	return touchedToward(s, a, aim)
}

// touchedToward returns the effect-blocking cover u touches that the line
// from the centre of u's space toward aim crosses within a tile of its
// space, or nil.
func touchedToward(s *State, u *Unit, aim Vec) *Obstacle {
	c := s.Board.SpaceCenter(u)
	d := aim.Sub(c)
	l := d.Len()
	if l == 0 {
		return nil
	}
	reach := (float64(float64(u.Size)/2) + 1) * float64(s.Board.TileSize) // halving compiles to a product
	for _, o := range oracleContact(s, u, u.Pos) {
		if !o.BlocksEffect {
			continue
		}
		for i := 1; i <= 32; i++ {
			k := math.Min(reach*float64(i)/32, l)
			if o.Shape.Contains(c.Add(d.Scale(k / l))) {
				return o
			}
		}
	}
	return nil
}

// lightCoverTaken returns the cover t took actively that gives it no
// passive grade from this view but stands between it and the attacker:
// seed 001's light cover ("Light ... Passive Effect: - ... Active Effect:
// Downgrade 1x"), such as a very-low wall in front of a standing unit.
// It is nil when t is not taking cover, peeks, is flanked, or has a grade.
func lightCoverTaken(s *State, t *Unit, v coverView) *Obstacle {
	if !t.Status.TakingCover || t.Status.Lean != LeanNone || v.Grade != CoverNone || v.Flanked {
		return nil
	}
	return touchedToward(s, t, v.Origin)
}

// planCoverAttack checks an attack by a on obstacle o (seed 004), with
// behind the unit that takes the damage that gets through (may be nil);
// opt says which hand fires.
func planCoverAttack(s *State, a *Unit, o *Obstacle, behind *Unit, w Weapon, opt attackOpts) (*attackPlan, error) {
	if o == nil {
		return nil, fmt.Errorf("%w: no such obstacle", ErrBadTarget)
	}
	if w.Melee {
		return nil, fmt.Errorf("%w: attack cover with a ranged weapon", ErrWrongWeapon)
	}
	if opt.slot(a).Ammo < 1 {
		return nil, fmt.Errorf("%w: %s's %s needs reloading", ErrEmpty, a.Name, w.Name)
	}
	los, loe, dist := oracleObstacle(s, a, o)
	if !los {
		return nil, fmt.Errorf("%w: %s cannot see the %s", ErrNoLoS, a.Name, o.Name)
	}
	if !loe {
		return nil, fmt.Errorf("%w: a shot cannot reach the %s", ErrNoLoE, o.Name)
	}
	if max := float64(w.Range * s.Rules().Tuning.MaxIncrements); dist > max+1e-9 {
		return nil, fmt.Errorf("%w: the %s is %.1f tiles away, the %s reaches %.0f", ErrOutOfRange, o.Name, dist, w.Name, max)
	}
	if behind != nil {
		if !behind.Alive() || behind.Side == a.Side {
			return nil, fmt.Errorf("%w: %s", ErrBadTarget, behind.Name)
		}
		if !touching(s, behind, o) {
			return nil, fmt.Errorf("%w: %s is not behind the %s", ErrBadTarget, behind.Name, o.Name)
		}
	}
	p := &attackPlan{a: a, t: behind, o: o, w: w, kind: KindAttack}
	p.view = coverView{Origin: spaceMid(s.Board, a.Pos, a.Size), LoS: true, LoE: true, Grade: CoverNone, By: o, Dist: dist}
	opt.kind = KindAttack
	p.bd = s.breakdown(p, opt)
	return p, nil
}

func touching(s *State, u *Unit, o *Obstacle) bool {
	for _, c := range oracleContact(s, u, u.Pos) {
		if c == o {
			return true
		}
	}
	return false
}

// meleeReach reports whether a can strike t: adjacent spaces, or both in
// contact with one obstacle from opposite sides (seed 004, close combat
// over cover; the obstacle is returned).
func meleeReach(s *State, a, t *Unit) (*Obstacle, bool) {
	gx, gy := oracleGap(a, t)
	if gx == 0 && gy == 0 {
		return nil, true
	}
	overlap := func(p0, s0, p1, s1 int) bool { return p0 < p1+s1 && p1 < p0+s0 }
	var between []Point
	switch {
	case gx == 1 && gy == 0 && overlap(a.Pos.Y, a.Size, t.Pos.Y, t.Size):
		x := a.Pos.X + a.Size
		if t.Pos.X < a.Pos.X {
			x = t.Pos.X + t.Size
		}
		for y := max(a.Pos.Y, t.Pos.Y); y < min(a.Pos.Y+a.Size, t.Pos.Y+t.Size); y++ {
			between = append(between, Point{X: x, Y: y})
		}
	case gy == 1 && gx == 0 && overlap(a.Pos.X, a.Size, t.Pos.X, t.Size):
		y := a.Pos.Y + a.Size
		if t.Pos.Y < a.Pos.Y {
			y = t.Pos.Y + t.Size
		}
		for x := max(a.Pos.X, t.Pos.X); x < min(a.Pos.X+a.Size, t.Pos.X+t.Size); x++ {
			between = append(between, Point{X: x, Y: y})
		}
	default:
		return nil, false
	}
	for _, o := range s.Board.Obstacles {
		if o.Height <= 0 || o.Height >= HeightFull || !touching(s, a, o) || !touching(s, t, o) {
			continue
		}
		for _, q := range between {
			if o.Shape.CoversTile(q, s.Board.TileSize) {
				return o, true
			}
		}
	}
	return nil, false
}

// breakdown lists every modifier of the planned attack.
func (s *State) breakdown(p *attackPlan, opt attackOpts) Breakdown {
	tn := s.Rules().Tuning
	a, t, w, v := p.a, p.t, p.w, p.view
	bd := Breakdown{Threat: w.Threat}
	unitCause := func(u *Unit) Cause { return Cause{Unit: u.ID} }
	obsCause := func(o *Obstacle) Cause {
		if o == nil {
			return Cause{}
		}
		return Cause{Obstacle: o.ID}
	}
	// Defence side.
	switch opt.kind {
	case KindSuppressive:
		bd.add(ModDefence, "Area defence", tn.SuppressDefence, srcSuppressive, Cause{})
	default:
		bd.add(ModDefence, "Base", tn.BaseDefence, srcResolution, Cause{})
	}
	if p.o != nil {
		bd.add(ModDefence, "Attacking cover: no cover penalty", 0, srcAttackCover, obsCause(p.o))
	} else if t != nil && opt.kind != KindSuppressive {
		if t.Stats.Defence != 0 {
			bd.add(ModDefence, "Defence of "+t.Name, t.Stats.Defence, srcDefence, unitCause(t))
		}
		if !w.Melee {
			s.coverEntries(&bd, p, tn)
		}
		if t.Status.Charged {
			bd.add(ModDefence, "Charging", -tn.ChargeDefence, srcCharge, unitCause(t))
		}
	}
	if p.overCover {
		bd.add(ModDefence, "Dodge over cover", tn.OverCoverDefence, srcOverCover, obsCause(v.By))
	}
	// Attack side.
	if a.Stats.Attack != 0 {
		bd.add(ModAttack, "Attack of "+a.Name, a.Stats.Attack, srcAttackBonus, unitCause(a))
	}
	if opt.kind == KindSuppressive && a.Stats.Untrained {
		bd.add(ModAttack, "Untrained in suppressive fire", -tn.UntrainedPenalty, srcSuppressive, unitCause(a))
	}
	if p.overCover {
		bd.add(ModAttack, "Striking over cover", tn.OverCoverAttack, srcOverCover, obsCause(v.By))
	}
	if opt.kind == KindCharge {
		bd.add(ModAttack, "Charge", tn.ChargeAttack, srcCharge, unitCause(a))
	}
	if a.Status.Suppressed {
		bd.add(ModAttack, "Suppressed", -tn.SuppressPenalty, srcSuppressive, unitCause(a))
	}
	if a.TwoWeapons() && !w.Melee {
		bd.add(ModAttack, "Two weapons", -tn.TwoWeaponPenalty, srcTwoWeapon, unitCause(a))
	}
	if !w.Melee {
		if inc := int(math.Ceil(v.Dist/float64(w.Range)-1e-9)) - 1; inc > 0 {
			label := fmt.Sprintf("Range: %d increments beyond the first", inc)
			if inc == 1 {
				label = "Range: 1 increment beyond the first"
			}
			bd.add(ModAttack, label, -tn.RangePenalty*inc, srcRange, Cause{})
		}
		if w.Recoil < 0 {
			bd.add(ModAttack, "Recoil", w.Recoil, srcRecoil, Cause{})
			if !opt.blind {
				if o := braceFor(s, p); o != nil {
					bd.add(ModAttack, "Braced on cover", min(tn.BraceBonus, -w.Recoil), srcBrace, obsCause(o))
				}
			}
		}
		if v.Penalty != 0 && !opt.blind {
			bd.add(ModAttack, "Firing from prone over low cover", v.Penalty, srcProneLow, Cause{Unit: a.ID})
		}
		if a.Status.Aiming && !opt.blind {
			bd.add(ModThreat, "Aiming", 1, srcAiming, unitCause(a))
		}
	}
	if opt.threat > 0 {
		bd.add(ModThreat, "Overwatch aim", opt.threat, srcOverwatch, unitCause(a))
	}
	if opt.blind {
		bd.add(ModMiss, "Blind fire", tn.BlindMissPercent, srcBlind, Cause{})
		if !opt.spotted {
			bd.add(ModMiss, "Unspotted: half the shots hit empty tiles", tn.BlindEmptyPercent, srcBlind, Cause{})
		}
	}
	return bd
}

// coverEntries adds the target's cover to a ranged attack's breakdown.
func (s *State) coverEntries(bd *Breakdown, p *attackPlan, tn Tuning) {
	t, v := p.t, p.view
	cause := Cause{}
	if v.By != nil {
		cause.Obstacle = v.By.ID
	}
	g := v.Grade
	switch {
	case g == CoverExposed:
		bd.add(ModDefence, "Exposed: no cover anywhere near", gradeBonus(g, tn), srcExposed, Cause{Unit: t.ID})
	case v.Flanked:
		bd.add(ModDefence, "Flanked: no cover from this side", gradeBonus(g, tn), srcFlanking, Cause{Unit: t.ID})
	case g >= CoverHalf:
		label, src := coverLabel(s, v, t)
		have := s.CoverBonus(g, v.Corner)
		bd.add(ModDefence, label, have, src, cause)
		bd.Cover = have
		if t.Status.TakingCover && t.Status.Lean == LeanNone {
			up := g + 1
			if g >= CoverFull {
				up = CoverFull
			}
			if d := gradeBonus(up, tn) - have; d > 0 {
				bd.add(ModDefence, "Taking cover", d, srcActive, Cause{Unit: t.ID})
				bd.Cover += d
			}
		}
	case v.Light:
		d := gradeBonus(CoverHalf, tn) - gradeBonus(g, tn)
		bd.add(ModDefence, "Taking cover behind light cover", d, srcActive, cause)
		bd.Cover += d
	}
	if m := moveCoverMod(s, t); m != 0 {
		// One step on seed 001's scale, in Sightline's bonuses: exposed
		// (-2) one higher is light (0), not -1 (seed 001, Example 3).
		v := coverValue(s, t)
		if d := scaleBonus(v+m, tn) - scaleBonus(v, tn); d != 0 {
			bd.add(ModDefence, "Moved through cover", d, srcMoving, Cause{Unit: t.ID})
		}
	}
}

// coverLabel names a cover grade entry and cites its seed.
func coverLabel(s *State, v coverView, t *Unit) (string, string) {
	if t.Status.Lean != LeanNone && v.Grade == CoverHalf {
		return "Half cover (peeking)", srcPeek
	}
	if v.Grade == CoverImproved {
		return "Improved cover", srcImproved
	}
	if v.Corner {
		return "Corner cover", "seed 004, Corner cover"
	}
	name := "Half cover"
	if v.Grade == CoverThreeQuarter {
		name = "Three-quarter cover"
	} else if v.Grade == CoverFull {
		name = "Full cover"
	}
	rule := "Cover"
	if v.By != nil {
		h := v.By.Base + v.By.Height - floorAt(s.Board, t.Pos)
		switch {
		case h <= HeightVeryLow:
			rule = "Very low cover"
		case h == HeightLow:
			rule = "Low cover"
		case h < HeightFull:
			rule = "High cover"
		default:
			rule = "Corner cover"
		}
	}
	return name, "seed 004, " + rule
}

// braceCover is the cover a unit steadies its weapon on, if any.
func braceCover(s *State, u *Unit) *Obstacle {
	for _, o := range oracleContact(s, u, u.Pos) {
		if o.BlocksEffect {
			return o
		}
	}
	return nil
}
