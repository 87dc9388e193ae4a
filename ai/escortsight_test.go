package ai

import (
	"cmp"
	"reflect"
	"slices"
	"testing"

	"sightline/actions"
	"sightline/levels"
	"sightline/match"
	"sightline/rules"
)

// plainVolley is escortVolley as it was before lines: every step-out
// tile's shot asked of the forecast, the lookouts aside.
func plainVolley(c *Computer, s *rules.State, e, u *rules.Unit) ([]shotOdds, float64) {
	st := c.stepOf(e)
	if st == nil {
		return nil, 0
	}
	var all []shotOdds
	for _, q := range st.tiles {
		moved := *e
		moved.Pos = q
		if o, ok := c.memo.shot(s, &moved, u); ok && q != u.Pos {
			all = append(all, c.shared(e, o))
		}
	}
	n := st.ap / weaponAP(s, e)
	if len(all) == 0 || n < 1 {
		return nil, 0
	}
	// The first of the best, as the escort scans them.
	best := slices.MaxFunc(all, func(a, b shotOdds) int { return cmp.Compare(a.mean(), b.mean()) })
	if best.mean() <= 0 {
		return nil, 0
	}
	return slices.Repeat([]shotOdds{best}, n), float64(float64(n) * best.mean())
}

// TestLinesGiveTheSameVolleys: on Ironstride's battles as normal plays
// them (both sides, dice seed 1, to turn 8), at the start of each of Blue's
// turns in contact, the escort's volley at the mech Blue must protect,
// on every tile it could move to (crouched and standing), is the one
// asking every step-out tile of the forecast gives, and no step out
// lines call blind has a shot.
func TestLinesGiveTheSameVolleys(t *testing.T) {
	lv, err := levels.Load(levels.Embedded(), "maps/ironstride.tmx")
	if err != nil {
		t.Fatal(err)
	}
	mech := 0
	for _, o := range lv.State.Objectives {
		if o.Side == rules.SideBlue && o.Goal == rules.GoalProtect {
			mech = o.Target
		}
	}
	if mech == 0 || lv.State.Unit(mech).Size < 2 {
		t.Fatalf("Ironstride: want a large unit Blue must protect, have %d", mech)
	}
	positions, volleys, blinds := 0, 0, 0
	for seed := uint64(1); seed <= 1; seed++ {
		m := match.New(lv.State.Clone(), seed)
		cs := map[rules.Side]*Computer{rules.SideBlue: NewComputer(Normal), rules.SideRed: NewComputer(Normal)}
		start := true
		for !m.Over() && m.State().Turn <= 8 {
			side := m.State().Side
			v := m.View(side)
			if start && side == rules.SideBlue && m.State().Unit(mech).Alive() {
				p, v2, b := sameVolleys(t, v, mech)
				positions, volleys, blinds = positions+p, volleys+v2, blinds+b
			}
			cmd := cs[side].Next(v)
			if _, err := m.Apply(cmd); err != nil {
				t.Fatalf("seed %d: %+v: %v", seed, cmd, err)
			}
			_, start = cmd.(rules.EndTurn)
		}
	}
	t.Logf("%d positions, %d volleys with a shot, %d step outs blind", positions, volleys, blinds)
	if positions == 0 || volleys == 0 || blinds == 0 {
		t.Fatalf("want positions with volleys and blind step outs, have %d, %d, %d", positions, volleys, blinds)
	}
}

// sameVolleys checks view v's position for TestLinesGiveTheSameVolleys
// and returns whether it had one (an enemy believed in), the volleys with
// a shot and the step outs called blind.
func sameVolleys(t *testing.T, v *match.View, mech int) (int, int, int) {
	t.Helper()
	c := NewComputer(Normal)
	w := c.start(v)
	if w == nil || len(w.threats) == 0 {
		return 0, 0, 0
	}
	s := w.s
	u := s.Unit(mech)
	c.memo.begin(s)
	c.share = c.shares(s, u, w.threats)
	c.escort = c.escorting(u)
	if !c.escort {
		t.Fatalf("turn %d: mech %d is not escorted", v.Turn, mech)
	}
	c.steps = c.stepOuts(s, u, w.threats)
	volleys, blinds := 0, 0
	tiles := append([]rules.Point{u.Pos}, actions.Move.Reach(s, mech).Tiles()...)
	for _, p := range tiles {
		for _, stance := range []rules.Stance{rules.Crouched, rules.Standing} {
			at := *u
			at.Pos, at.Stance = p, stance
			for _, e := range w.threats {
				have, haveD := c.escortVolley(s, e, &at, nil)
				want, wantD := plainVolley(c, s, e, &at)
				if !reflect.DeepEqual(have, want) || haveD != wantD {
					t.Fatalf("turn %d, mech at %v (%v), enemy %d at %v: have %v (%.4f), want %v (%.4f)", v.Turn, p, stance, e.ID, e.Pos, have, haveD, want, wantD)
				}
				if len(have) > 0 {
					volleys++
				}
				st := c.stepOf(e)
				if st == nil {
					continue
				}
				for _, q := range st.tiles {
					moved := *e
					moved.Pos = q
					if q == at.Pos || !c.lines.blind(s, &moved, &at) {
						continue
					}
					blinds++
					if _, ok := s.ForecastShot(moved, at); ok {
						t.Fatalf("turn %d: enemy %d at %v called blind to the mech at %v (%v), but has a shot", v.Turn, e.ID, q, p, stance)
					}
				}
			}
		}
	}
	return 1, volleys, blinds
}
