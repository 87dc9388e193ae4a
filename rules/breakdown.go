package rules

// Modifier kinds: what part of the attack roll an entry changes.
const (
	// ModAttack entries add to the d20 roll.
	ModAttack = "attack"
	// ModDefence entries add to the target number (10 is its first entry).
	ModDefence = "defence"
	// ModThreat entries widen the critical threat range by Value.
	ModThreat = "threat"
	// ModMiss entries are percent chances that a hit misses anyway.
	ModMiss = "miss"
)

// Cause names the unit or obstacle behind a modifier (0 when none).
type Cause struct {
	Unit     int `json:"unit,omitempty"`
	Obstacle int `json:"obstacle,omitempty"`
}

// Modifier is one line of an attack's breakdown: what it is, how much, the
// rule it comes from ("seed 004, Low cover") and what caused it.
type Modifier struct {
	Kind   string `json:"kind"`
	Label  string `json:"label"`
	Value  int    `json:"value"`
	Source string `json:"source"`
	Cause  Cause  `json:"cause"`
}

// Breakdown is every modifier of one attack roll. The hit chance shown to
// the player is computed from it, and the attack is rolled against it.
type Breakdown struct {
	// Mods lists the entries in the order they apply.
	Mods []Modifier `json:"mods"`
	// Threat is the weapon's lowest natural critical threat roll before
	// ModThreat entries.
	Threat int `json:"threat"`
	// Cover is the defence the cover grade adds (its entry is in Mods);
	// misses by no more than this hit the cover instead (seed 002).
	Cover int `json:"cover"`
}

func (b *Breakdown) add(kind, label string, value int, source string, cause Cause) {
	b.Mods = append(b.Mods, Modifier{Kind: kind, Label: label, Value: value, Source: source, Cause: cause})
}

func (b Breakdown) sum(kind string) int {
	t := 0
	for _, m := range b.Mods {
		if m.Kind == kind {
			t += m.Value
		}
	}
	return t
}

// Attack returns the total attack modifier added to the d20.
func (b Breakdown) Attack() int { return b.sum(ModAttack) }

// Target returns the number d20 + Attack() must reach.
func (b Breakdown) Target() int { return b.sum(ModDefence) }

// CritFrom returns the lowest natural roll that threatens a critical.
func (b Breakdown) CritFrom() int {
	c := b.Threat - b.sum(ModThreat)
	if c < 2 {
		c = 2
	}
	if c > 20 {
		c = 20
	}
	return c
}

// Hits reports whether a natural d20 roll hits: a natural 20 always does.
func (b Breakdown) Hits(roll int) bool {
	return roll == 20 || roll+b.Attack() >= b.Target()
}

// Crits reports whether a natural roll is a critical hit: a hit within
// the threat range.
func (b Breakdown) Crits(roll int) bool { return b.Hits(roll) && roll >= b.CritFrom() }

// HitsCover reports whether a roll misses only because of the cover bonus
// (seed 002: such a miss hits the obstacle).
func (b Breakdown) HitsCover(roll int) bool {
	return b.Cover > 0 && !b.Hits(roll) && roll+b.Attack() >= b.Target()-b.Cover
}

// Need returns the lowest natural roll that hits (a natural 20 always
// hits, so at most 20).
func (b Breakdown) Need() int {
	n := b.Target() - b.Attack()
	if n < 1 {
		n = 1
	}
	if n > 20 {
		n = 20
	}
	return n
}

// HitFaces returns how many of the 20 faces hit.
func (b Breakdown) HitFaces() int { return 21 - b.Need() }

// CritFaces returns how many of the 20 faces are critical hits.
func (b Breakdown) CritFaces() int {
	lo := b.Need()
	if c := b.CritFrom(); c > lo {
		lo = c
	}
	return 21 - lo
}

// Through returns the probability that a hit is not cancelled by the
// ModMiss entries (each an independent percent chance).
func (b Breakdown) Through() float64 {
	p := 1.0
	for _, m := range b.Mods {
		if m.Kind == ModMiss {
			p *= float64(100-m.Value) / 100
		}
	}
	return p
}

// HitChance returns the exact probability that the attack hits.
func (b Breakdown) HitChance() float64 { return float64(b.HitFaces()) / 20 * b.Through() }

// CritChance returns the exact probability of a critical hit.
func (b Breakdown) CritChance() float64 { return float64(b.CritFaces()) / 20 * b.Through() }
