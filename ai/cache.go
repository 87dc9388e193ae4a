package ai

import (
	"sightline/match"
	"sightline/rules"
)

// shotKey names one forecast shot: the attacker and the target as they
// stand (tile, stance, wounds, ammunition). Their statuses, large to
// hash, are kept with the forecast and compared on a find: a key is
// hashed at every question, and most questions are asked once.
type shotKey struct {
	a, t     int
	ap, tp   rules.Point
	as, ts   rules.Stance
	ahp, thp int
	ammo     int
}

// shotMemo keeps the rules' forecasts of the enemies' shots for as long
// as the battle they were asked in stands the same (epoch: the turn, the
// side to move, every unit's tile and stance and the obstacles), so a
// unit deciding again after a shot does not ask them twice.
type shotMemo struct {
	epoch uint64
	shots map[shotKey]memoShot
	// coverDE counts the cover's DE in the odds (behindCover).
	coverDE bool
}

// memoShot is a kept forecast, for the attacker and target statuses it
// was asked with (ast, tst): its odds, or no shot (ok false).
type memoShot struct {
	ast, tst rules.Status
	o        shotOdds
	ok       bool
}

// epochOf returns a digest of what the forecasts in s depend on beyond
// the two units: the turn and side, the units' tiles and stances, the
// obstacles standing.
func epochOf(s *rules.State) uint64 {
	h := uint64(14695981039346656037)
	mix := func(x int) {
		h ^= uint64(int64(x))
		h *= 1099511628211
	}
	mix(s.Turn)
	mix(int(s.Side))
	for _, u := range s.Units {
		if u.Alive() {
			mix(u.ID)
			mix(u.Pos.X)
			mix(u.Pos.Y)
			mix(int(u.Stance))
		}
	}
	for _, o := range s.Board.Obstacles {
		mix(o.ID)
	}
	return h
}

// begin keeps the memo for s, or empties it when s differs from the
// battle it was filled in.
func (m *shotMemo) begin(s *rules.State) {
	if e := epochOf(s); e != m.epoch || m.shots == nil {
		// As many as the last epoch asked: growing the map is much of
		// its cost.
		m.epoch, m.shots = e, make(map[shotKey]memoShot, len(m.shots))
	}
}

// shot returns the odds of a's shot at t (as given) in s, asking the
// rules' forecast once per epoch; false when a has no shot.
func (m *shotMemo) shot(s *rules.State, a, t *rules.Unit) (shotOdds, bool) {
	if beyondReach(s, a, t) {
		// Answered at once: most of the questions, kept out of the map.
		return shotOdds{}, false
	}
	k := shotKey{a: a.ID, t: t.ID, ap: a.Pos, tp: t.Pos, as: a.Stance, ts: t.Stance, ahp: a.HP, thp: t.HP, ammo: a.Hand.Ammo}
	if m.shots != nil {
		if v, ok := m.shots[k]; ok && v.ast == a.Status && v.tst == t.Status {
			return v.o, v.ok
		}
	}
	// Not kept, or kept for other statuses, which it replaces.
	v := memoShot{ast: a.Status, tst: t.Status}
	if p, ok := s.ForecastShot(*a, *t); ok {
		v.o, v.ok = forecastOdds(s, p, m.coverDE), true
	}
	if m.shots != nil {
		m.shots[k] = v
	}
	return v.o, v.ok
}

// beyondReach reports whether a (as given) surely has no shot at t in s:
// it holds a ranged weapon and t stands farther than the weapon's longest
// reach, even from a tile a may lean out to. It is only a quick answer
// before the rules' forecast, which gives the same "no shot" when it
// holds: the forecast measures from the centres of the two units' spaces
// and a lean moves a's space by its size.
func beyondReach(s *rules.State, a, t *rules.Unit) bool {
	if a.Hand.Empty() || a.Hand.Weapon.Melee {
		return false
	}
	reach := float64(reachOf(s, a))
	dx := float64(2*(t.Pos.X-a.Pos.X)+t.Size-a.Size) / 2
	dy := float64(2*(t.Pos.Y-a.Pos.Y)+t.Size-a.Size) / 2
	return float64(dx*dx)+float64(dy*dy) > float64(reach*reach)
}

// reachOf is the farthest, in tiles between the centres of a's space and
// a target's, that a's ranged weapon can shoot from a tile it may lean out
// to: the weapon's longest reach, plus a's size for the lean, plus one.
func reachOf(s *rules.State, a *rules.Unit) int {
	return a.Hand.Weapon.Range*s.Rules().Tuning.MaxIncrements + a.Size + 1
}

// rankMemo keeps, by unit ID, the key first ranks a ready unit by (its
// best shot or suppressive fire where it stands), for as long as the
// answer's view and every unit of the belief stand as they were: a unit
// done for the turn hands over to the next in the same answer, which asks
// them all again.
type rankMemo struct {
	v       *match.View
	s       *rules.State
	version int
	units   []rules.Unit
	keys    map[int]float64
}

// begin keeps the memo for v and s, or empties it when either differs, or
// the board's version or any unit of s, from what it was filled with.
func (m *rankMemo) begin(v *match.View, s *rules.State) {
	same := m.v == v && m.s == s && m.version == s.Board.Version() && len(m.units) == len(s.Units)
	for i := 0; same && i < len(s.Units); i++ {
		same = m.units[i] == *s.Units[i]
	}
	if same {
		return
	}
	m.v, m.s, m.version, m.units, m.keys = v, s, s.Board.Version(), m.units[:0], map[int]float64{}
	for _, u := range s.Units {
		m.units = append(m.units, *u)
	}
}

// key returns unit id's key, computing it with f the first time.
func (m *rankMemo) key(id int, f func() float64) float64 {
	if k, ok := m.keys[id]; ok {
		return k
	}
	k := f()
	m.keys[id] = k
	return k
}

// lookouts keeps each threat's lookout (rules.State.Lookout) over its
// weapon's reach while the board and the threat's tile, stance, lean and
// weapon stay the same: the enemies stand still through the side's turn,
// and a lookout settles at a glance most of the tiles a threat cannot
// see, which the forecast would find by walking every line.
type lookouts struct {
	board   *rules.Board
	version int
	by      map[int]lookout
	// from are the lookouts of threats moved in thought to the tiles
	// they may step out to (blindFrom), by what each was taken for.
	from map[lookKey]rules.Lookout
}

// lookKey is what a lookout is taken for: the threat, its tile, stance,
// size, lean and weapon.
type lookKey struct {
	id     int
	pos    rules.Point
	stance rules.Stance
	size   int
	lean   rules.Lean
	weapon string
	empty  bool
}

// keyOf is the lookKey of e as given.
func keyOf(e *rules.Unit) lookKey {
	return lookKey{id: e.ID, pos: e.Pos, stance: e.Stance, size: e.Size, lean: e.Status.Lean, weapon: e.Hand.Weapon.Name,
		empty: e.Hand.Empty()}
}

// lookout is one threat's lookout, with what it was taken for.
type lookout struct {
	key lookKey
	l   rules.Lookout
}

// blind reports whether e surely has no shot at t in s (rules.Lookout's
// Blind); false says nothing.
func (k *lookouts) blind(s *rules.State, e, t *rules.Unit) bool {
	if t.Size != 1 || t.Stance != rules.Standing || t.Status.Lean != rules.LeanNone || s.Unit(e.ID) != e {
		// Nothing a lookout settles, or e is a threat moved in thought
		// (looking ahead), which would take one for every tile it is
		// moved to: not worth taking one.
		return false
	}
	k.keep(s)
	have, ok := k.by[e.ID]
	if key := keyOf(e); !ok || have.key != key {
		have = lookout{key: key, l: lookoutOf(s, e)}
		k.by[e.ID] = have
	}
	return have.l.Blind(t)
}

// blindFrom is blind for a threat e moved in thought to a tile it may
// step out to (stepVolley): the enemies stand still through the side's
// turn, so each of those tiles is asked of every tile the side's units
// weigh, and its lookout is taken once while the board stands the same.
func (k *lookouts) blindFrom(s *rules.State, e, t *rules.Unit) bool {
	if t.Size != 1 || t.Stance != rules.Standing || t.Status.Lean != rules.LeanNone {
		return false
	}
	k.keep(s)
	key := keyOf(e)
	l, ok := k.from[key]
	if !ok {
		l = lookoutOf(s, e)
		k.from[key] = l
	}
	return l.Blind(t)
}

// keep empties the lookouts when s's board, or its version, is not the
// one they were taken on.
func (k *lookouts) keep(s *rules.State) {
	if k.board != s.Board || k.version != s.Board.Version() || k.by == nil {
		k.board, k.version, k.by, k.from = s.Board, s.Board.Version(), map[int]lookout{}, map[lookKey]rules.Lookout{}
	}
}

// lookoutOf is e's lookout over its weapon's reach.
func lookoutOf(s *rules.State, e *rules.Unit) rules.Lookout {
	reach := 0
	if !e.Hand.Empty() {
		reach = reachOf(s, e)
	}
	return s.Lookout(e, max(reach, 1))
}
