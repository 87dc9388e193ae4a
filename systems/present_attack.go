package systems

import (
	"fmt"
	"image/color"
	"strings"

	"sightline/entities"
	"sightline/rules"
	"sightline/sound"
)

// The presenters of attacks and what they do: damage, deaths, cover
// chipped and destroyed, suppression, area fire and saves (present.go).
// Each kind is declared before its parts.

// attackPresenters are this file's presenters, one for each kind of event it
// shows; presenterOf (present.go) finds them by the event's name. A new
// kind of event is one kind below and its name in this list.
var attackPresenters = []presenter{
	attacked,
	damaged,
	killed,
	coverDamaged,
	obstacleRemoved,
	suppressed,
	brokeOut,
	fired,
	saved,
}

// attacked presents an attack roll: the tracer and the outcome, the
// report of the weapon, and a line that waits for the tracer to land and
// takes in the damage of a hit.
var attacked = kind[rules.Attacked]{begin: beginAttacked, start: startAttacked, unseen: unseenAttacked,
	cues: cuesAttacked, line: lineAttacked, tint: tintAttacked, opens: opensAttacked, lag: tracerLag,
	frame: frameAttacked}

// beginAttacked queues a hit on a unit for the damage its Damaged event
// will name (beginDamaged), so the hit's caption can carry it.
func beginAttacked(x *EventFX, e rules.Attacked) {
	x.lastHit = hitUnit(e)
	if x.lastHit != 0 {
		x.dealt[x.lastHit] = append(x.dealt[x.lastHit], -1)
	}
}

// unseenAttacked drops an unseen hit's damage from the queue.
func unseenAttacked(x *EventFX, e rules.Attacked) { x.takeDealt(hitUnit(e)) }

// frameAttacked is the shooter and what it shoots at: the unit, or the
// cover attacked directly.
func frameAttacked(x *EventFX, e rules.Attacked) (int, rules.Vec, rules.Vec, bool) {
	switch {
	case e.Obstacle != 0:
		return e.Attacker, x.unitPos(e.Attacker), x.obstacleCenter(e.Obstacle), true
	case e.Target != 0:
		return e.Attacker, x.unitPos(e.Attacker), x.unitPos(e.Target), true
	}
	return 0, rules.Vec{}, rules.Vec{}, false
}

// lineAttacked words an attack roll for the combat log.
func lineAttacked(r *Roster, e rules.Attacked) string {
	return describeAttack(r, e)
}

// startAttacked plays an attack roll.
func startAttacked(x *EventFX, e rules.Attacked) int {
	return x.startAttack(e)
}

// cuesAttacked is an attack's sound (attackCues).
func cuesAttacked(r *Roster, e rules.Attacked) []string {
	return attackCues(r, e, r.big(e.Attacker))
}

// tintAttacked colours an attack's line by the attacker's side.
func tintAttacked(l *CombatLog, e rules.Attacked) color.RGBA { return l.sideColor(e.Attacker) }

// opensAttacked leaves a hit on a unit open for its damage, and a miss
// that goes into a creature in the way open for that creature's.
func opensAttacked(e rules.Attacked) int {
	switch {
	case e.Outcome == rules.OutcomeCover && e.Intervening != 0:
		return e.Intervening
	case (e.Outcome == rules.OutcomeHit || e.Outcome == rules.OutcomeCritical) && e.Target != 0 && e.Obstacle == 0:
		return e.Target
	}
	return 0
}

// tracerLag holds an attack's line until its tracer lands, so the log
// never says HIT before the shot is seen to arrive.
func tracerLag(x *EventFX, _ rules.Attacked) float64 { return x.TracerSeconds() }

// damaged presents damage to a unit, whose words finish the hit's line.
var damaged = kind[rules.Damaged]{begin: beginDamaged, start: startDamaged, unseen: unseenDamaged,
	cues: cuesDamaged, line: lineDamaged, finishes: finishesDamaged}

// beginDamaged gives the hit just queued (beginAttacked) the damage it
// dealt, when this is the damage to the unit it hit.
func beginDamaged(x *EventFX, e rules.Damaged) {
	if q := x.dealt[e.Unit]; x.lastHit == e.Unit && len(q) > 0 {
		q[len(q)-1] = e.Amount
	}
	x.lastHit = 0
}

// lineDamaged words damage to a unit for the combat log.
func lineDamaged(r *Roster, e rules.Damaged) string {
	n := r.UnitName
	return n(e.Unit) + " " + damageTail(e)
}

// startDamaged plays damage to a unit.
func startDamaged(x *EventFX, e rules.Damaged) int {
	ts := float64(x.Board.TileSize)
	at := x.unitPos(e.Unit).Add(rules.Vec{X: ts * 0.5, Y: -ts * 0.3})
	if u := x.World.Unit(e.Unit); u != nil {
		u.Vitals.HP = e.HP
	}
	switch {
	case e.Absorbed > 0 && e.Amount == 0:
		x.text(at, "COVERED LIMB BLOCKED", 15, ColorTextDim, 0)
	case e.Absorbed > 0:
		x.text(at, "−"+itoa(e.Amount), 30, colorDamage, 0)
		x.text(at.Add(rules.Vec{Y: ts * 0.45}), "cover absorbed "+itoa(e.Absorbed), 13, ColorText, 6)
	default:
		x.text(at, "−"+itoa(e.Amount), 30, colorDamage, 0)
	}
	return x.scaled(holdDamage)
}

// unseenDamaged keeps the token's health in step with damage not seen.
func unseenDamaged(x *EventFX, e rules.Damaged) {
	if u := x.World.Unit(e.Unit); u != nil {
		u.Vitals.HP = e.HP
	}
}

// cuesDamaged is the sound of damage: the cover's chip when it took it
// all, a mech's hull ringing like armour, or flesh.
func cuesDamaged(r *Roster, e rules.Damaged) []string {
	switch {
	case e.Amount == 0 && e.Absorbed > 0:
		return []string{sound.CoverChip} // cover took it all
	case r.big(e.Unit):
		return []string{sound.HitArmour}
	}
	return []string{sound.HitFlesh}
}

// finishesDamaged adds damage to the line of the hit that dealt it.
func finishesDamaged(e rules.Damaged) (int, string) { return e.Unit, damageTail(e) }

// killed presents a unit out of the fight.
var killed = kind[rules.Killed]{start: startKilled, unseen: unseenKilled, cues: cue[rules.Killed](sound.BodyFall),
	line: lineKilled, tint: tinted[rules.Killed](colorLogKill)}

// lineKilled words a unit out of the fight for the combat log.
func lineKilled(r *Roster, e rules.Killed) string {
	n := r.UnitName
	return n(e.Unit) + " is out of the fight"
}

// startKilled plays a unit out of the fight.
func startKilled(x *EventFX, e rules.Killed) int {
	ts := float64(x.Board.TileSize)
	u := x.World.Unit(e.Unit)
	if u == nil {
		return 0
	}
	u.Vitals.Alive, u.Vitals.HP = false, 0
	x.add(entities.Effect{Kind: entities.EffectFade, A: u.Pos, Dur: fadeLife, Color: x.Theme.Side(u.Body.Side), Radius: ts * 0.33 * float64(max(u.Body.Size, 1))})
	x.text(u.Pos.Add(rules.Vec{Y: -ts * 0.3}), "DOWN", 20, colorBad, 8)
	x.World.Corpses = append(x.World.Corpses, entities.Corpse{At: u.Pos, Side: u.Body.Side, Size: max(u.Body.Size, 1)})
	return x.scaled(holdKilled)
}

// unseenKilled takes down the token of a unit whose death is not seen.
func unseenKilled(x *EventFX, e rules.Killed) {
	if u := x.World.Unit(e.Unit); u != nil {
		u.Vitals.Alive, u.Vitals.HP = false, 0
	}
}

// coverDamaged presents damage to cover.
var coverDamaged = kind[rules.CoverDamaged]{start: startCoverDamaged, cues: cuesCoverDamaged,
	line: lineCoverDamaged, tint: tinted[rules.CoverDamaged](colorLogDim)}

// lineCoverDamaged words damage to cover for the combat log.
func lineCoverDamaged(r *Roster, e rules.CoverDamaged) string {
	return describeCoverDamage(r, e)
}

// startCoverDamaged plays damage to cover.
func startCoverDamaged(x *EventFX, e rules.CoverDamaged) int {
	at := x.obstacleCenter(e.Obstacle)
	x.add(entities.Effect{Kind: entities.EffectChips, A: at, Dur: chipLife, Color: x.obstacleColor(e.Obstacle)})
	msg := "DE " + itoa(e.DE) + " holds"
	if e.Wounds > 0 {
		msg = itoa(e.Wounds) + " " + plural(e.Wounds, "wound", "wounds")
	}
	if e.Destroyed {
		msg = "DESTROYED"
	}
	x.text(at, msg, 15, Shade(ColorAccent, 1.1), 0)
	return x.scaled(holdCover)
}

// cuesCoverDamaged is cover chipped, or destroyed.
func cuesCoverDamaged(_ *Roster, e rules.CoverDamaged) []string {
	if e.Destroyed {
		return []string{sound.CoverDestroyed}
	}
	return []string{sound.CoverChip}
}

// obstacleRemoved presents cover destroyed: drawn as a ghost from the
// command until its removal plays.
var obstacleRemoved = kind[rules.ObstacleRemoved]{begin: beginObstacleRemoved, start: startObstacleRemoved,
	unseen: unseenObstacleRemoved, line: lineObstacleRemoved, tint: tinted[rules.ObstacleRemoved](colorLogDim)}

// lineObstacleRemoved words cover destroyed for the combat log.
func lineObstacleRemoved(r *Roster, e rules.ObstacleRemoved) string {
	return capital(r.ObstacleName(e.Obstacle)) + " is gone: every line through it is open"
}

// startObstacleRemoved plays cover destroyed.
func startObstacleRemoved(x *EventFX, e rules.ObstacleRemoved) int {
	o, ok := x.World.RemoveGhost(e.Obstacle)
	if !ok {
		o, ok = x.Roster.Obstacle(e.Obstacle)
	}
	if ok {
		x.add(entities.Effect{Kind: entities.EffectFlash, Shape: o.Shape, Dur: flashLife, Color: x.obstacleColor(e.Obstacle)})
		x.add(entities.Effect{Kind: entities.EffectChips, A: shapeCenter(o.Shape), Dur: chipLife, Color: x.obstacleColor(e.Obstacle)})
	}
	return x.scaled(holdRemoved)
}

// beginObstacleRemoved keeps the removed cover drawn as a ghost until its
// removal plays, when the side watching sees it go (one it does not see
// stays drawn as it remembers it, by the fog).
func beginObstacleRemoved(x *EventFX, e rules.ObstacleRemoved) {
	if o, ok := x.Roster.Obstacle(e.Obstacle); ok && (x.Know == nil || x.Know.Saw(e)) {
		x.World.AddGhost(o)
	}
}

// unseenObstacleRemoved stops drawing the ghost of cover removed out of
// sight.
func unseenObstacleRemoved(x *EventFX, e rules.ObstacleRemoved) { x.World.RemoveGhost(e.Obstacle) }

// suppressed presents a unit suppressed.
var suppressed = kind[rules.Suppressed]{start: startSuppressed, line: lineSuppressed}

// lineSuppressed words a unit suppressed for the combat log.
func lineSuppressed(r *Roster, e rules.Suppressed) string {
	n := r.UnitName
	return n(e.Unit) + " is suppressed: −4 to attacks, half speed"
}

// startSuppressed plays a unit suppressed.
func startSuppressed(x *EventFX, e rules.Suppressed) int {
	ts := float64(x.Board.TileSize)
	at := x.unitPos(e.Unit)
	x.add(entities.Effect{Kind: entities.EffectRing, A: at, Dur: chipLife, Color: ColorAccent, Radius: ts * 0.6})
	x.text(at, "SUPPRESSED", 16, ColorAccent, 0)
	return x.scaled(holdDamage)
}

// brokeOut presents a suppressed unit breaking out.
var brokeOut = kind[rules.BrokeOut]{start: startBrokeOut, line: lineBrokeOut}

// lineBrokeOut words a suppressed unit breaking out for the combat log.
func lineBrokeOut(r *Roster, e rules.BrokeOut) string {
	n := r.UnitName
	if !e.Shot {
		return fmt.Sprintf("%s breaks out of suppression at full speed; no shot comes: %s", n(e.Unit), e.Reason)
	}
	return fmt.Sprintf("%s breaks out of suppression at full speed and draws %s's fire", n(e.Unit), n(e.By))
}

// startBrokeOut plays a suppressed unit breaking out.
func startBrokeOut(x *EventFX, e rules.BrokeOut) int {
	x.note(e.Unit, "BREAKS OUT")
	return x.scaled(holdNote)
}

// fired presents covering or suppressive fire.
var fired = kind[rules.Fired]{start: startFired, cues: cuesFired, line: lineFired, frame: frameFired}

// frameFired is the firing unit and the tile it fires toward.
func frameFired(x *EventFX, e rules.Fired) (int, rules.Vec, rules.Vec, bool) {
	return e.Unit, x.unitPos(e.Unit), x.Board.TileCenter(e.At), true
}

// lineFired words covering or suppressive fire for the combat log.
func lineFired(r *Roster, e rules.Fired) string {
	n := r.UnitName
	what := "covering fire toward " + r.ConeToward(e.Unit, e.At)
	if e.Kind == rules.KindSuppressive {
		what = "suppressive fire on the area " + r.Place(e.At)
	}
	return fmt.Sprintf("%s lays down %s (%d rounds, %s)", n(e.Unit), what, e.Rounds, apText(e.AP))
}

// startFired plays covering or suppressive fire.
func startFired(x *EventFX, e rules.Fired) int {
	ts := float64(x.Board.TileSize)
	x.fireAt, x.firing = e.At, e.Unit
	if e.Kind == rules.KindSuppressive {
		x.note(e.Unit, "SUPPRESSIVE FIRE")
		x.add(entities.Effect{Kind: entities.EffectArea, A: rules.Vec{X: float64(e.At.X) * ts, Y: float64(e.At.Y) * ts}, Dur: 50, Color: ColorAccent})
	} else {
		x.note(e.Unit, "COVERING FIRE")
	}
	return x.scaled(holdPeek)
}

// cuesFired is suppressive fire raking the area whether or not it finds a
// target (Attacked events follow only for those it does), or the click of
// a unit readying covering fire.
func cuesFired(r *Roster, e rules.Fired) []string {
	if u, ok := r.Unit(e.Unit); ok && e.Kind == rules.KindSuppressive {
		return attackCues(r, rules.Attacked{Attacker: e.Unit, Weapon: u.Hand.Weapon.Name}, u.Size > 1)
	}
	return []string{sound.Ready}
}

// saved presents a saving throw.
var saved = kind[rules.Saved]{start: startSaved, line: lineSaved}

// lineSaved words a saving throw for the combat log.
func lineSaved(r *Roster, e rules.Saved) string {
	n := r.UnitName
	verdict := "failed"
	if e.Success {
		verdict = "saved"
	}
	return fmt.Sprintf("%s %s check: rolled %d %s vs DC %d — %s", n(e.Unit), capital(e.Kind), e.Roll, signedNum(e.Bonus), e.DC, verdict)
}

// startSaved plays a saving throw.
func startSaved(x *EventFX, e rules.Saved) int {
	if e.Success {
		x.note(e.Unit, "SAVED")
	} else {
		x.note(e.Unit, "SAVE FAILED")
	}
	return x.scaled(holdNote)
}

// describeAttack words an attack roll: who, how, at what, the chance, the
// roll and the outcome.
func describeAttack(r *Roster, e rules.Attacked) string {
	a := r.UnitName(e.Attacker)
	var what string
	if e.Obstacle != 0 {
		what = r.ObstacleName(e.Obstacle)
	} else if e.Target != 0 {
		what = r.UnitName(e.Target)
	}
	verb := "fires the " + e.Weapon + " at " + what
	if r.Melee(e.Weapon) {
		verb = "strikes at " + what + " with the " + e.Weapon
	}
	switch e.Kind {
	case rules.KindOverwatch:
		verb = "overwatch fires at " + what + " first"
	case rules.KindOpportunity:
		verb = "takes an opportunity attack at " + what + " first"
	case rules.KindCovering:
		verb = "lays covering fire on " + what
	case rules.KindSuppressive:
		verb = "sprays the area (Defence 10)"
		if what != "" {
			verb = "sprays the area at " + what + " (Defence 10)"
		}
	case rules.KindBlind:
		verb = "blind-fires the " + e.Weapon + " at " + what
	case rules.KindCharge:
		verb = "charges " + what + " and strikes with the " + e.Weapon
	}
	s := fmt.Sprintf("%s %s: %s — rolled %d", a, verb, percent(e.Chance), e.Roll)
	if e.Roll != 20 {
		s += fmt.Sprintf(" (needs %d)", e.Breakdown.Need())
	}
	return s + ", " + outcomeText(r, e)
}

// outcomeText words an attack's outcome.
func outcomeText(r *Roster, e rules.Attacked) string {
	loc := ""
	if e.Location != "" {
		loc = " (" + e.Location
		if e.Covered {
			loc += ", covered"
		}
		loc += ")"
	}
	switch e.Outcome {
	case rules.OutcomeHit:
		return "HIT" + loc
	case rules.OutcomeCritical:
		return "CRITICAL HIT" + loc
	case rules.OutcomeCover:
		if e.Intervening != 0 {
			return "MISS — " + r.UnitName(e.Intervening) + " is in the way and takes the shot"
		}
		return "MISS — the shot hits " + r.ObstacleName(coverObstacle(e))
	case rules.OutcomeEmpty:
		return "MISS — the shot goes into an empty tile"
	case rules.OutcomeBlind:
		return "MISS — lost to the blind-fire miss chance"
	}
	return "MISS"
}

// coverObstacle returns the obstacle an attack's cover entry names (0 when
// the breakdown has none).
func coverObstacle(e rules.Attacked) int {
	if e.Obstacle != 0 {
		return e.Obstacle
	}
	for _, m := range e.Breakdown.Mods {
		if m.Kind == rules.ModDefence && m.Cause.Obstacle != 0 {
			return m.Cause.Obstacle
		}
	}
	return 0
}

// damageTail words damage dealt: "for 7, 7 HP left", with what the cover
// absorbed from a covered limb.
func damageTail(d rules.Damaged) string {
	left := fmt.Sprintf("%d HP left", d.HP)
	if d.HP <= 0 {
		left = "down"
	}
	switch {
	case d.Absorbed > 0 && d.Amount == 0:
		return fmt.Sprintf("— covered limb blocked: the cover absorbs all %d", d.Rolled)
	case d.Absorbed > 0:
		return fmt.Sprintf("for %d (the cover absorbs %d of %d), %s", d.Amount, d.Absorbed, d.Rolled, left)
	}
	return fmt.Sprintf("for %d, %s", d.Amount, left)
}

// describeCoverDamage words damage to cover (seed 004).
func describeCoverDamage(r *Roster, e rules.CoverDamaged) string {
	name := capital(r.ObstacleName(e.Obstacle))
	many := pluralNoun(name)
	switch {
	case e.Penetrated <= 0:
		return fmt.Sprintf("%s %s off %d damage (DE %d)", name, agree(many, "shrugs", "shrug"), e.Damage, e.DE)
	case len(e.Rolls) == 0:
		// Cover that cannot be destroyed takes no wounds worth naming.
		return fmt.Sprintf("%s %s %d vs DE %d: %d goes through; %s cannot be destroyed", name, agree(many, "takes", "take"), e.Damage, e.DE, e.Penetrated, agree(many, "it", "they"))
	}
	s := fmt.Sprintf("%s %s %d vs DE %d: %d %s", name, agree(many, "takes", "take"), e.Damage, e.DE, e.Wounds, plural(e.Wounds, "wound", "wounds"))
	if len(e.Rolls) > 0 {
		rolls := make([]string, len(e.Rolls))
		for i, v := range e.Rolls {
			rolls[i] = itoa(v)
		}
		s += " (d6: " + strings.Join(rolls, ", ") + ")"
	}
	if e.Destroyed {
		return s + " — destroyed"
	}
	return s + " — " + agree(many, "holds", "hold")
}

// pluralNoun reports whether a piece of cover's name is a plural noun
// ("sandbags", "flour sacks"), whose verbs take no s: a last word ending
// in s, but not in ss, us or is ("glass", "cactus", "trellis").
func pluralNoun(name string) bool {
	w := strings.ToLower(name)
	if i := strings.LastIndexByte(w, ' '); i >= 0 {
		w = w[i+1:]
	}
	return strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is")
}

// agree returns the word for a plural subject when many, else the one
// for a singular subject.
func agree(many bool, one, more string) string {
	if many {
		return more
	}
	return one
}

// startAttack draws the tracer and the outcome text of an attack roll;
// a reaction (overwatch, opportunity) gets a banner first.
func (x *EventFX) startAttack(e rules.Attacked) int {
	ts := float64(x.Board.TileSize)
	hold := holdShot
	// A covering fire shot is a reaction unless it is the opening burst
	// of the covering fire this command began.
	covering := e.Kind == rules.KindCovering && e.Attacker != x.firing
	if e.Kind == rules.KindOverwatch || e.Kind == rules.KindOpportunity || covering {
		what := "OVERWATCH"
		switch {
		case e.Kind == rules.KindOpportunity:
			what = "OPPORTUNITY ATTACK"
		case covering:
			what = "COVERING FIRE"
		}
		x.banner = what
		x.bannerSub = x.Roster.UnitName(e.Attacker) + " fires at " + x.Roster.UnitName(e.Target) + " first"
		x.bannerColor = ColorAccent
		if u, ok := x.Roster.Unit(e.Attacker); ok {
			x.bannerColor = x.Theme.Side(u.Side)
		}
		x.bannerLeft = float64(x.scaled(bannerFX))
		x.bannerUnits = [2]rules.Vec{x.unitPos(e.Attacker), x.unitPos(e.Target)}
		x.bannerPlaced = false
		hold = holdReaction
	}
	from := e.Origin
	if from == (rules.Vec{}) {
		from = x.unitPos(e.Attacker)
	}
	var to rules.Vec
	switch {
	case e.Obstacle != 0:
		to = x.obstacleHit(e.Obstacle, from, x.unitPos(e.Target))
	case e.Target != 0:
		to = x.unitPos(e.Target)
	default:
		to = rules.Vec{X: (float64(x.fireAt.X) + 1) * ts, Y: (float64(x.fireAt.Y) + 1) * ts}
	}
	end := to
	label, col := "MISS", ColorText
	dealt := x.takeDealt(hitUnit(e))
	switch e.Outcome {
	case rules.OutcomeHit:
		label, col = "HIT", colorGood
		if e.Location != "" {
			label += " · " + strings.ToUpper(e.Location)
		}
		label, col = x.harm(e.Target, label, col, dealt)
	case rules.OutcomeCritical:
		label, col = x.harm(e.Target, "CRITICAL!", ColorAccent, dealt)
	case rules.OutcomeCover:
		if e.Intervening != 0 {
			// A creature in the way takes the shot (seed 002).
			end = x.unitPos(e.Intervening)
			label, col = "HITS "+strings.ToUpper(x.Roster.UnitName(e.Intervening))+" IN THE WAY", colorBad
			break
		}
		if o := coverObstacle(e); o != 0 {
			end = x.obstacleHit(o, from, to)
		}
		label, col = "BLOCKED BY COVER", Shade(ColorAccent, 1.2)
	default:
		// A miss flies past the target, off to one side.
		d := to.Sub(from)
		if l := d.Len(); l > 0 {
			side := rules.Vec{X: -d.Y / l, Y: d.X / l}.Scale(ts * 0.45)
			if e.Roll%2 == 0 {
				side = side.Scale(-1)
			}
			end = to.Add(d.Scale(ts * 0.8 / l)).Add(side)
		}
		if e.Outcome == rules.OutcomeBlind || e.Outcome == rules.OutcomeEmpty {
			label = "MISS (BLIND)"
		}
	}
	tc := color.RGBA{0xff, 0xe6, 0x8a, 0xff}
	if e.Kind == rules.KindSuppressive {
		for i := 0; i < 3; i++ {
			off := rules.Vec{X: float64(i-1) * ts * 0.5, Y: float64((i*7)%3-1) * ts * 0.4}
			x.add(entities.Effect{Kind: entities.EffectTracer, A: from, B: to.Add(off), Dur: tracerLife + i*4, Color: tc, Start: x.tick + float64(i*3)})
		}
	} else {
		x.add(entities.Effect{Kind: entities.EffectTracer, A: from, B: end, Dur: tracerLife, Color: tc})
	}
	textAt := to
	if e.Outcome == rules.OutcomeCover {
		textAt = end
	}
	x.text(textAt.Add(rules.Vec{Y: -ts * 0.7}), label, 18, col, 6)
	return x.scaled(hold)
}
