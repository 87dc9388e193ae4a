package match

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"sightline/internal/mapgen"
	"sightline/internal/ruletest"
	"sightline/rules"
)

// TestSameValuesComparesEveryField: a change of any one field of an
// obstacle, or of its shape, makes sameValues false.
func TestSameValuesComparesEveryField(t *testing.T) {
	base := rules.Obstacle{ID: 1, Shape: rules.RectShape(0, 0, 16, 16)}
	if !sameValues(&base, &base) {
		t.Fatal("an obstacle differs from itself")
	}
	typ := reflect.TypeOf(base)
	for i := range typ.NumField() {
		f := typ.Field(i)
		o := base
		v := reflect.ValueOf(&o).Elem().Field(i)
		switch {
		case f.Name == "Shape":
			o.Shape.Center.X++
		case v.Kind() == reflect.Int:
			v.SetInt(v.Int() + 1)
		case v.Kind() == reflect.Bool:
			v.SetBool(!v.Bool())
		case v.Kind() == reflect.String:
			v.SetString(v.String() + "x")
		default:
			t.Fatalf("field %s of kind %s: teach this test and sameValues about it", f.Name, v.Kind())
		}
		if sameValues(&base, &o) {
			t.Errorf("sameValues misses a change of %s", f.Name)
		}
	}
}

// remembers is what a memory holds for a side, pass counters aside: each
// memo and the standing obstacles it shows.
type remembers struct {
	list  []memo
	shown []rules.Obstacle
}

func memoryState(m *Memory, side rules.Side) remembers {
	var out remembers
	for _, e := range m.sides[side].list {
		out.list = append(out.list, memo{o: e.o, gone: e.gone})
	}
	for _, o := range m.Obstacles(side) {
		out.shown = append(out.shown, *o)
	}
	return out
}

// TestMemorySeeNewMatchesSeeAll plays random changes on random maps (units
// moving and changing stance, obstacles wounded in place, destroyed,
// rebuilt with their ID and another shape, new ones built, a few razed at
// once with another wounded, which the index follows) and after
// every one has each side see it, with the visibility before the change
// and after as a match does (the board compared once, then four looks):
// the memory, which looks only at what is new when it can, must be left
// the same and report the same change as lookAll looking at everything,
// obstacles remembered as they stand included. The memory reads lazy fog
// (the tiles the fields of view left undecided decided where read, as in
// a re-play), lookAll whole fog. Under -short (the js/wasm lane) it plays
// two maps, the native run six.
func TestMemorySeeNewMatchesSeeAll(t *testing.T) {
	fast, full, followed := 0, 0, 0
	maps := 6
	if testing.Short() {
		maps = 2
	}
	for _, seed := range mapgen.Seeds(maps) {
		s, err := rules.ParseASCII(mapgen.ASCII(24, 24, 6, seed))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		b := s.Board
		have, want := NewMemory(b), NewMemory(b)
		ts := float64(b.TileSize)
		var removed []rules.Obstacle
		// See reads lazy fields of view, seeAll whole ones.
		lines := rules.NewSightlines(s, 0)
		lines.SetLazy(true)
		before, whole := [2]*Visibility{}, [2]*Visibility{}
		for side := range before {
			before[side] = ComputeVisibility(s, rules.Side(side), lines)
			whole[side] = ComputeVisibility(s, rules.Side(side), nil)
		}
		for step := range 100 {
			what, razed := rng.IntN(10), false
			switch {
			case what < 5:
				u := s.Units[rng.IntN(len(s.Units))]
				p := rules.Point{X: rng.IntN(b.Width), Y: rng.IntN(b.Height)}
				if b.Passable(p) && s.UnitAt(p) == nil {
					u.Pos = p
				}
			case what == 5:
				s.Units[rng.IntN(len(s.Units))].Stance = rules.Stance(rng.IntN(3))
			case what == 6:
				b.Obstacles[rng.IntN(len(b.Obstacles))].Wounds++
			case what == 7: // razed, one or a few at once, another wounded maybe
				for range 1 + rng.IntN(3) {
					o := *b.Obstacles[rng.IntN(len(b.Obstacles))]
					b.RemoveObstacle(o.ID)
					removed = append(removed, o)
				}
				if rng.IntN(2) == 0 {
					b.Obstacles[rng.IntN(len(b.Obstacles))].Wounds++
				}
				razed = true
			case what == 8 && len(removed) > 0:
				o := removed[rng.IntN(len(removed))]
				if b.Obstacle(o.ID) == nil {
					o.Shape = rules.RectShape(float64(rng.IntN(b.Width))*ts, float64(rng.IntN(b.Height))*ts, ts, 2*ts)
					b.AddObstacle(o)
				}
			default: // a few at once, some first seen together
				x, y := rng.IntN(b.Width-3), rng.IntN(b.Height)
				for i := range 1 + rng.IntN(3) {
					b.AddObstacle(rules.Obstacle{Name: "crate", Height: rules.HeightLow, BlocksSight: true, BlocksEffect: true,
						Shape: rules.RectShape(float64(x+3-i)*ts, float64(y)*ts, ts, ts)})
				}
			}
			// As a match does: the board compared once, then four looks.
			if have.sync(b); razed && have.sides[0].ok {
				followed++ // the index followed the removal
			}
			for side := range before {
				now := ComputeVisibility(s, rules.Side(side), lines)
				nowWhole := ComputeVisibility(s, rules.Side(side), nil)
				for k, v := range []*Visibility{before[side], now} {
					r := &have.sides[side]
					if r.ok && r.covered != nil {
						fast++
					} else {
						full++
					}
					a := have.see(b, v)
					c := want.lookAll(b, []*Visibility{whole[side], nowWhole}[k], &want.sides[side], false)
					if a != c {
						t.Fatalf("seed %d step %d side %d: See reports a change %v, seeAll %v", seed, step, side, a, c)
					}
					if h, w := memoryState(have, rules.Side(side)), memoryState(want, rules.Side(side)); !reflect.DeepEqual(h, w) {
						t.Fatalf("seed %d step %d side %d: See leaves\n%+v\nseeAll\n%+v", seed, step, side, h, w)
					}
				}
				before[side], whole[side] = now, nowWhole
			}
		}
	}
	if fast == 0 || full == 0 || followed == 0 {
		t.Errorf("%d Sees looked only at what was new, %d at everything, %d after a removal followed: want each", fast, full, followed)
	}
}

// TestOnlyCoverDamageChangesObstacles: random legal commands (walks,
// stance changes, shots at units and at cover) on generated maps; after
// every command every obstacle a CoverDamaged event does not name stands
// where it stood with its values (knowledge.update compares only those
// named), none is added, and the match's memory equals one that compared
// every value after every command. Under -short (the js/wasm lane) it
// plays the first map only, the native run three.
func TestOnlyCoverDamageChangesObstacles(t *testing.T) {
	damaged, quiet, razed := 0, 0, 0
	maps := 3
	if testing.Short() {
		maps = 1
	}
	for _, seed := range mapgen.Seeds(maps) {
		m := New(ruletest.Troopers(t, mapgen.ASCII(32, 32, 8, seed)), seed)
		b := m.State().Board
		full := NewMemory(b)
		rng := rand.New(rand.NewPCG(seed, 41))
		for i := range 200 {
			if m.Over() {
				break
			}
			places := slices.Clone(b.Obstacles)
			values := make([]rules.Obstacle, len(places))
			for k, o := range places {
				values[k] = *o
			}
			before := m.know.now
			cmd := randomLegal(m.State(), rng)
			res, err := m.Apply(cmd)
			if err != nil {
				t.Fatalf("seed %d command %d (%s): %v", seed, i, cmd.CommandName(), err)
			}
			named := map[int]bool{}
			for _, e := range res.Events {
				if d, ok := e.Event.(rules.CoverDamaged); ok {
					named[d.Obstacle] = true
				}
				if _, ok := e.Event.(rules.ObstacleRemoved); ok {
					razed++
				}
			}
			if len(named) > 0 {
				damaged++
			} else {
				quiet++
				if len(b.Obstacles) != len(places) {
					t.Fatalf("seed %d command %d (%s): no cover damaged, yet %d obstacles became %d", seed, i, cmd.CommandName(), len(places), len(b.Obstacles))
				}
			}
			// Every obstacle the events do not name is still on the board,
			// in its place among the others, with its values.
			k := 0
			for j, o := range places {
				if named[o.ID] {
					if k < len(b.Obstacles) && b.Obstacles[k] == o {
						k++
					}
					continue
				}
				if k >= len(b.Obstacles) || b.Obstacles[k] != o || !sameValues(o, &values[j]) {
					t.Fatalf("seed %d command %d (%s): obstacle %d, not named by CoverDamaged, changed: %+v, was %+v", seed, i, cmd.CommandName(), o.ID, *o, values[j])
				}
				k++
			}
			if k != len(b.Obstacles) {
				t.Fatalf("seed %d command %d (%s): %d obstacles added", seed, i, cmd.CommandName(), len(b.Obstacles)-k)
			}
			full.sync(b)
			for side := range before {
				full.see(b, before[side])
				full.see(b, m.know.now[side])
				if h, w := memoryState(m.know.mem, rules.Side(side)), memoryState(full, rules.Side(side)); !reflect.DeepEqual(h, w) {
					t.Fatalf("seed %d command %d (%s) side %d: the match remembers\n%+v\na memory that compared every obstacle\n%+v", seed, i, cmd.CommandName(), side, h, w)
				}
			}
		}
	}
	if damaged == 0 || quiet == 0 || razed == 0 {
		t.Errorf("%d commands damaged cover, %d did not, %d obstacles razed: want each", damaged, quiet, razed)
	}
}
