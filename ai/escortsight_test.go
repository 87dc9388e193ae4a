package ai

import (
	"cmp"
	"reflect"
	"slices"
	"strings"
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

// hugeEscort is a 256×256 battle (a row of lines is 66,049 bytes): pillars
// of wall every six tiles, the mech Blue must protect in the middle and a
// Red trooper in a corner.
func hugeEscort(t *testing.T) *rules.State {
	t.Helper()
	const n = 256
	var b strings.Builder
	for y := range n {
		for x := range n {
			switch {
			case (x == n/2 || x == n/2+1) && (y == n/2 || y == n/2+1):
				b.WriteByte('M')
			case x == 0 && y == 0:
				b.WriteByte('R')
			case x%6 < 2 && y%6 < 2 && x > 0:
				b.WriteByte('#')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	s, err := rules.ParseASCII(b.String())
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range s.Units {
		kind := "trooper"
		if u.Side == rules.SideBlue {
			kind = "mech"
			s.Objectives = []rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalProtect, Target: u.ID}}
		}
		if err := s.Rules().Equip(u, kind); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestLinesStayBounded: on a huge board with a mech to protect, asked of
// more attacker tiles than linesBudget holds rows for (crouched and
// standing, every free tile within 24 of the mech), lines keeps at most
// linesBudget bytes and answers as lines made anew for each ask.
func TestLinesStayBounded(t *testing.T) {
	s := hugeEscort(t)
	mech, red := s.Units[1], s.Units[0]
	if mech.Size != 2 || red.Side != rules.SideRed {
		t.Fatalf("test map: units %+v, %+v", red, mech)
	}
	rowBytes := (s.Board.Width + 1) * (s.Board.Height + 1)
	var l lines
	asked, blinds := 0, 0
	for y := mech.Pos.Y - 24; y <= mech.Pos.Y+24; y++ {
		for x := mech.Pos.X - 24; x <= mech.Pos.X+24; x++ {
			p := rules.Point{X: x, Y: y}
			if !s.Board.Passable(p) || s.UnitAt(p) != nil {
				continue
			}
			for _, st := range []rules.Stance{rules.Crouched, rules.Standing} {
				moved := *red
				moved.Pos, moved.Stance = p, st
				have := l.blind(s, &moved, mech)
				if want := new(lines).blind(s, &moved, mech); have != want {
					t.Fatalf("attacker at %v (%v): blind %v, anew %v", p, st, have, want)
				}
				if l.bytes > linesBudget || l.bytes != len(l.by)*rowBytes {
					t.Fatalf("attacker at %v (%v): %d rows, %d bytes kept, budget %d", p, st, len(l.by), l.bytes, linesBudget)
				}
				asked++
				if have {
					blinds++
				}
			}
		}
	}
	t.Logf("%d asks (%d blind), %d rows of %d bytes kept at the end", asked, blinds, len(l.by), rowBytes)
	if asked*rowBytes <= 2*linesBudget || blinds == 0 || blinds == asked {
		t.Fatalf("want more asks than two budgets hold and some blind, have %d asks, %d blind", asked, blinds)
	}
}
