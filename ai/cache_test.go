package ai

import (
	"math/rand/v2"
	"testing"

	"sightline/internal/mapgen"
	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// TestRankMemoFollowsTheBattle: the keys first ranks the ready units by,
// kept between the questions of one answer (rankMemo), are the keys
// computed afresh, on random positions: after units move, change stance,
// spend AP or are hurt, the memo asks again, and while nothing changed it
// does not.
func TestRankMemoFollowsTheBattle(t *testing.T) {
	changed := 0
	for _, seed := range mapgen.Seeds(3) {
		m := match.New(ruletest.Troopers(t, mapgen.ASCII(24, 20, 12, seed)), seed)
		v := m.View(m.State().Side)
		c := NewComputer(Normal)
		c.belief, c.view = beliefOn(v, boardOf(v), nil, contactMemory), v
		s := c.belief
		targets := seenEnemies(s, v)
		rng := rand.New(rand.NewPCG(seed, 27))
		last := map[int]float64{}
		for round := range 12 {
			if round > 0 {
				u := s.Units[rng.IntN(len(s.Units))]
				switch round % 4 {
				case 0:
					if p := (rules.Point{X: rng.IntN(s.Board.Width), Y: rng.IntN(s.Board.Height)}); s.CanStand(u, p) {
						u.Pos = p
					}
				case 1:
					u.Stance = rules.Stance((int(u.Stance) + 1) % 3)
				case 2:
					u.AP = rng.IntN(u.MaxAP + 1)
				default:
					u.HP = max(u.HP-3, 1)
				}
			}
			c.rank.begin(v, s)
			for _, u := range s.Units {
				if u.Side != v.Side {
					continue
				}
				asked := 0
				shot := c.readyShot(s, u, targets)
				f := func() float64 { asked++; return c.rankKey(s, u, targets, shot) }
				have, want := c.rank.key(u.ID, f), c.rankKey(s, u, targets, shot)
				if have != want {
					t.Fatalf("seed %d round %d unit %d: kept key %v, afresh %v", seed, round, u.ID, have, want)
				}
				before := asked
				if again := c.rank.key(u.ID, f); again != have || asked != before || asked > 1 {
					t.Fatalf("seed %d round %d unit %d: asked %d times for one state", seed, round, u.ID, asked)
				}
				if k, ok := last[u.ID]; ok && k != have {
					changed++
				}
				last[u.ID] = have
			}
		}
	}
	if changed == 0 {
		t.Fatal("no change to the battle changed a key: the test proves nothing")
	}
}
