package ai

import (
	"reflect"
	"slices"
	"testing"

	"sightline/levels"
	"sightline/match"
	"sightline/rules"
)

// TestBeliefRemembersWhatItSaw: a contact the computer saw is believed
// with the weapon, stats and wounds it was seen with, where it was last
// seen; one it never saw is armed like the side's own units.
func TestBeliefRemembersWhatItSaw(t *testing.T) {
	for _, tc := range []struct {
		name           string
		saw            bool
		weapon         string
		attack, hp, ap int
	}{
		{name: "seen as a marksman, wounded", saw: true, weapon: "sniper", attack: 5, hp: 6, ap: 3},
		{name: "never seen", saw: false, weapon: "rifle", attack: 0, hp: 10, ap: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := blueAndRedByAWall(t)
			for _, u := range s.Units {
				typ := "trooper"
				if u.Side == rules.SideRed {
					typ = "marksman"
				}
				if err := s.Rules().Equip(u, typ); err != nil {
					t.Fatal(err)
				}
			}
			red := s.Unit(2)
			red.HP, red.AP = 6, 1
			seen := sightings{}
			if tc.saw {
				seenRed := *red
				seenRed.Pos = rules.Point{X: 9, Y: 1}
				seen.note(&match.View{Side: rules.SideBlue, Units: []rules.Unit{*s.Unit(1), seenRed}})
			}
			m := match.New(s, 1)
			v := m.View(rules.SideBlue)
			v.Contacts = []match.Sighting{{Unit: 2, Pos: rules.Point{X: 9, Y: 1}, Size: 1, Stance: rules.Standing, Turn: v.Turn, Alive: true}}
			b := beliefOn(v, boardOf(v), &seen, contactMemory).Unit(2)
			have := [...]any{b.Hand.Weapon.Name, b.Stats.Attack, b.HP, b.AP, b.Pos}
			want := [...]any{tc.weapon, tc.attack, tc.hp, tc.ap, rules.Point{X: 9, Y: 1}}
			if have != want {
				t.Errorf("believed contact (weapon, attack, HP, AP, tile) = %v, want %v", have, want)
			}
		})
	}
}

// TestSameObstacle: sameObstacle says what reflect.DeepEqual says of two
// obstacles, whichever field differs (every field of rules.Obstacle in
// turn, so a field added later and not compared fails here) and for each
// part of the shape.
func TestSameObstacle(t *testing.T) {
	base := rules.Obstacle{ID: 3, Name: "wall", Class: "Cover", Material: "brick", Height: 4, DE: 2,
		Shape: rules.Obstacle{}.Shape}
	base.Shape.Points = []rules.Vec{{X: 0, Y: 0}, {X: 32, Y: 0}, {X: 32, Y: 32}}
	check := func(name string, a, b rules.Obstacle) {
		t.Helper()
		if have, want := sameObstacle(a, b), reflect.DeepEqual(a, b); have != want {
			t.Errorf("%s: sameObstacle %v, reflect.DeepEqual %v", name, have, want)
		}
	}
	check("a copy", base, base)
	typ := reflect.TypeFor[rules.Obstacle]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if f.Name == "Shape" {
			continue
		}
		b := base
		v := reflect.ValueOf(&b).Elem().Field(i)
		switch v.Kind() {
		case reflect.Int:
			v.SetInt(v.Int() + 1)
		case reflect.String:
			v.SetString(v.String() + "x")
		case reflect.Bool:
			v.SetBool(!v.Bool())
		default:
			t.Fatalf("field %s of kind %s: teach this test and sameObstacle about it", f.Name, v.Kind())
		}
		check(f.Name, base, b)
	}
	for _, tc := range []struct {
		name   string
		change func(o *rules.Obstacle)
	}{
		{"kind", func(o *rules.Obstacle) { o.Shape.Kind++ }},
		{"centre", func(o *rules.Obstacle) { o.Shape.Center.X++ }},
		{"radius", func(o *rules.Obstacle) { o.Shape.Radius++ }},
		{"a point", func(o *rules.Obstacle) { o.Shape.Points = []rules.Vec{{X: 0, Y: 0}, {X: 32, Y: 0}, {X: 32, Y: 31}} }},
		{"fewer points", func(o *rules.Obstacle) { o.Shape.Points = o.Shape.Points[:2] }},
		{"no points", func(o *rules.Obstacle) { o.Shape.Points = nil }},
		{"empty points", func(o *rules.Obstacle) { o.Shape.Points = []rules.Vec{} }},
		{"the same points, copied", func(o *rules.Obstacle) { o.Shape.Points = slices.Clone(o.Shape.Points) }},
	} {
		b := base
		tc.change(&b)
		check(tc.name, base, b)
	}
	empty, none := base, base
	empty.Shape.Points, none.Shape.Points = []rules.Vec{}, nil
	check("empty against no points", empty, none)
}

// TestTheFallenAreNotBelieved: an enemy whose fall the side witnessed
// (the battle log shows it the kill) is never believed standing: its
// sighting says it fell, and the belief holds no enemy there. Played
// by the normal computer on both sides of Corners, where a unit felled
// crouched in the open was once glimpsed, not seen on its tile, and
// stayed a live contact for the rest of the match.
func TestTheFallenAreNotBelieved(t *testing.T) {
	if testing.Short() {
		t.Skip("plays matches; run without -short")
	}
	lv, err := levels.Load(levels.Embedded(), "maps/corners.tmx")
	if err != nil {
		t.Fatal(err)
	}
	felled := 0
	for seed := uint64(1); seed <= 3; seed++ {
		m := match.New(lv.State.Clone(), seed)
		m.SetController(rules.SideBlue, NewComputer(Normal))
		m.SetController(rules.SideRed, NewComputer(Normal))
		err := Play(m, 40, func(st Step) {
			if st.Result == nil {
				return
			}
			for _, ev := range st.Result.Events {
				k, ok := ev.Event.(rules.Killed)
				if !ok {
					continue
				}
				side := m.State().Unit(k.Unit).Side.Other()
				if !ev.SeenBy(side) {
					continue
				}
				felled++
				if c, ok := m.LastSeen(side, k.Unit); !ok || c.Alive {
					t.Errorf("seed %d, turn %d: %s saw unit %d fall, yet its sighting is %+v (%v)", seed, st.Result.Turn, side, k.Unit, c, ok)
				}
				if u := Belief(m.View(side)).Unit(k.Unit); u != nil && u.Alive() {
					t.Errorf("seed %d, turn %d: %s saw unit %d fall, yet believes it stands at %v", seed, st.Result.Turn, side, k.Unit, u.Pos)
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if felled == 0 {
		t.Fatal("no unit fell in sight: the test checks nothing")
	}
}

// TestBeliefForgetsAfterMemory: a contact last seen some turns ago is
// believed where it was seen while those turns are within the memory,
// and is off the board after; a profile's Memory of 0 keeps
// contactMemory.
func TestBeliefForgetsAfterMemory(t *testing.T) {
	for _, tc := range []struct {
		name   string
		memory int
		ago    int
		want   bool
	}{
		{name: "seen now", memory: Profile{}.memory(), ago: 0, want: true},
		{name: "two turns ago, the default memory", memory: Profile{}.memory(), ago: 2, want: true},
		{name: "three turns ago, the default memory", memory: Profile{}.memory(), ago: 3, want: false},
		{name: "three turns ago, a memory of 4", memory: Profile{Memory: 4}.memory(), ago: 3, want: true},
		{name: "four turns ago, a memory of 4", memory: Profile{Memory: 4}.memory(), ago: 4, want: true},
		{name: "five turns ago, a memory of 4", memory: Profile{Memory: 4}.memory(), ago: 5, want: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := blueAndRedByAWall(t)
			v := match.New(s, 1).View(rules.SideBlue)
			v.Turn = 6
			at := rules.Point{X: 9, Y: 1}
			v.Contacts = []match.Sighting{{Unit: 2, Pos: at, Size: 1, Stance: rules.Standing, Turn: v.Turn - tc.ago, Alive: true}}
			u := beliefOn(v, boardOf(v), nil, tc.memory).Unit(2)
			if have := u != nil && u.Alive() && u.Pos == at; have != tc.want {
				t.Errorf("believed at %v: %v, want %v", at, have, tc.want)
			}
		})
	}
}

// blueAndRedByAWall parses the board of the belief tests: Blue (unit 1)
// at the west end, Red (unit 2) beyond a wall to the east.
func blueAndRedByAWall(t *testing.T) *rules.State {
	t.Helper()
	s, err := rules.ParseASCII(`
		..........##...
		B.........##.R.
		..........##...`)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
