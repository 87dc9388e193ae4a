package ai

import "sightline/rules"

// shotOdds is one attack's odds against a unit: the chance it hits, the
// chance it is a critical hit (part of the hit chance), the odds of each
// total of its weapon's damage roll and the critical multiplier.
type shotOdds struct {
	hit, crit float64
	dmg       []float64
	mult      int
	// cdmg, when not nil, are a critical hit's odds of each total, in
	// place of dmg's times mult (behindCover).
	cdmg []float64
}

// oddsOf returns the odds of an attack forecast by p, made with weapon w.
func oddsOf(p rules.AttackPreview, w rules.Weapon) shotOdds {
	return shotOdds{hit: p.Chance, crit: min(p.CritChance, p.Chance), dmg: damageOdds(w), mult: max(w.Crit, 1)}
}

// mean is the damage the attack is expected to deal, critical hits
// included.
func (o shotOdds) mean() float64 {
	m := 0.0
	for d, p := range o.dmg {
		m += float64(float64(d) * p)
	}
	if o.cdmg != nil {
		c := 0.0
		for d, p := range o.cdmg {
			c += float64(float64(d) * p)
		}
		return float64(m*(o.hit-o.crit)) + float64(c*o.crit)
	}
	return float64(m * (o.hit + float64(o.crit*float64(o.mult-1))))
}

// fellOdds returns the chance that the attacks, each rolled once, deal at
// least hp damage in all (1 for hp at most 0). buf is scratch space of
// at least 2*hp, or nil.
func fellOdds(hp int, shots []shotOdds, buf []float64) float64 {
	if hp <= 0 {
		return 1
	}
	if len(buf) < 2*hp {
		buf = make([]float64, 2*hp)
	}
	// cur[k] is the chance the shots so far dealt k < hp; fell the
	// chance they dealt hp or more.
	cur, next := buf[:hp], buf[hp:2*hp]
	clear(cur)
	cur[0] = 1
	fell := 0.0
	for _, sh := range shots {
		if sh.hit <= 0 {
			continue
		}
		clear(next)
		plain := sh.hit - sh.crit
		for k, pk := range cur {
			if pk == 0 {
				continue
			}
			next[k] += float64(pk * (1 - sh.hit))
			for d, pd := range sh.dmg {
				if pd == 0 {
					continue
				}
				if t := k + d; t >= hp {
					fell += float64(pk * pd * plain)
				} else {
					next[t] += float64(pk * pd * plain)
				}
				if sh.cdmg != nil {
					continue
				}
				if t := k + d*sh.mult; t >= hp {
					fell += float64(pk * pd * sh.crit)
				} else {
					next[t] += float64(pk * pd * sh.crit)
				}
			}
			for d, pd := range sh.cdmg {
				if t := k + d; t >= hp {
					fell += float64(pk * pd * sh.crit)
				} else {
					next[t] += float64(pk * pd * sh.crit)
				}
			}
		}
		cur, next = next, cur
	}
	return min(fell, 1)
}

// powInt returns x to the whole power n by math.Pow's own steps (square
// and multiply): the same bits as math.Pow on amd64 and wasm for the odds
// the computer weighs, and on arm64 too, where math.Pow fuses a
// multiply-add.
func powInt(x float64, n int) float64 {
	if n < 0 {
		return 1 / powInt(x, -n)
	}
	p := 1.0
	for ; n != 0; n >>= 1 {
		if n&1 == 1 {
			p *= x
		}
		x *= x
	}
	return p
}
