package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"sightline/internal/mapgen"
)

// hashWhole is Hash as one json.Marshal of the whole state, without the
// cache of obstacles' encodings.
func hashWhole(t *testing.T, s *State) string {
	t.Helper()
	snap := struct {
		Turn       int
		Side       Side
		Tiles      []Tile
		Obstacles  []*Obstacle
		Units      []*Unit
		ZoneHits   []zoneHit
		Objectives []Objective `json:",omitempty"`
		Progress   []int       `json:",omitempty"`
	}{s.Turn, s.Side, s.Board.Tiles, s.Board.Obstacles, s.Units, s.zoneHits, s.Objectives, s.objectiveProgress}
	b, err := json.Marshal(snap)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Hash gives the bytes of the whole state's JSON through every way an
// obstacle can change (wounded, moved, reshaped in place, added, removed,
// a nil or empty list of points, no obstacles at all) and the tiles too.
func TestHashKeepsObstaclesFresh(t *testing.T) {
	s, err := ParseASCII(`
B.#.
.##R
#..#`)
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name   string
		change func(s *State)
	}{
		{"as parsed", func(*State) {}},
		{"unchanged", func(*State) {}},
		{"wounded", func(s *State) { s.Board.Obstacles[1].Wounds++ }},
		{"a point moved in place", func(s *State) { s.Board.Obstacles[0].Shape.Points[2].X += 3 }},
		{"renamed", func(s *State) { s.Board.Obstacles[2].Name = "<crate>" }},
		{"removed", func(s *State) { s.Board.RemoveObstacle(s.Board.Obstacles[1].ID) }},
		{"added", func(s *State) {
			s.Board.AddObstacle(Obstacle{Shape: CircleShape(Vec{X: 8, Y: 8}, 4), Height: 2, BlocksSight: true})
		}},
		{"a circle grown", func(s *State) { s.Board.Obstacles[len(s.Board.Obstacles)-1].Shape.Radius = 5 }},
		{"points emptied", func(s *State) { s.Board.Obstacles[0].Shape.Points = []Vec{} }},
		{"points nil", func(s *State) { s.Board.Obstacles[0].Shape.Points = nil }},
		{"replaced by another", func(s *State) { o := *s.Board.Obstacles[2]; o.ID = 99; s.Board.Obstacles[2] = &o }},
		{"turn ended", func(s *State) { s.Turn++ }},
		{"a floor raised in place", func(s *State) { s.Board.Tiles[2].Floor++ }},
		{"a floor set", func(s *State) { s.Board.SetTile(Point{X: 1, Y: 0}, Tile{Floor: 2, Cost: 1}) }},
		{"tiles emptied", func(s *State) { s.Board.Tiles = []Tile{} }},
		{"tiles nil", func(s *State) { s.Board.Tiles = nil }},
		{"none left", func(s *State) { s.Board.Obstacles = s.Board.Obstacles[:0] }},
		{"nil", func(s *State) { s.Board.Obstacles = nil }},
	}
	seen := map[string]string{}
	for _, st := range steps {
		st.change(s)
		have, want := s.Hash(), hashWhole(t, s)
		if have != want {
			t.Errorf("%s: Hash %s, want %s", st.name, have, want)
		}
		if prev, ok := seen[have]; ok && st.name != "unchanged" {
			t.Errorf("%s: the same hash as %s", st.name, prev)
		}
		seen[have] = st.name
	}
}

// sameObstacle compares every field of Obstacle: a field added to
// Obstacle fails here until sameObstacle compares it too.
func TestSameObstacleComparesEveryField(t *testing.T) {
	base := Obstacle{ID: 1, Shape: RectShape(0, 0, 16, 16)}
	typ := reflect.TypeOf(base)
	for i := range typ.NumField() {
		f := typ.Field(i)
		o := base
		o.Shape.Points = append([]Vec(nil), base.Shape.Points...)
		v := reflect.ValueOf(&o).Elem().Field(i)
		switch f.Name {
		case "Shape":
			o.Shape.Center.X++
		default:
			switch v.Kind() {
			case reflect.Int:
				v.SetInt(v.Int() + 1)
			case reflect.Bool:
				v.SetBool(!v.Bool())
			case reflect.String:
				v.SetString(v.String() + "x")
			default:
				t.Fatalf("field %s of kind %s: teach this test and sameObstacle about it", f.Name, v.Kind())
			}
		}
		if sameObstacle(&base, &o) {
			t.Errorf("sameObstacle misses a change of %s", f.Name)
		}
	}
	for _, c := range []func(s *Shape){
		func(s *Shape) { s.Kind++ },
		func(s *Shape) { s.Radius++ },
		func(s *Shape) { s.Center.Y++ },
		func(s *Shape) { s.Points[3].Y++ },
		func(s *Shape) { s.Points = s.Points[:3] },
	} {
		o := base
		o.Shape.Points = append([]Vec(nil), base.Shape.Points...)
		c(&o.Shape)
		if sameObstacle(&base, &o) {
			t.Errorf("sameObstacle misses a change of shape: %+v", o.Shape)
		}
	}
	if n := reflect.TypeOf(Shape{}).NumField(); n != 4 {
		t.Errorf("Shape has %d fields, sameObstacle compares 4: teach it the new one", n)
	}
	if o := base; !sameObstacle(&base, &o) {
		t.Error("sameObstacle: an obstacle differs from its copy")
	}
}

// Hash gives the bytes of the whole state's JSON when several obstacles
// go at once, with others wounded, added or set to nil between digests:
// the kept encodings must follow the board past every removal.
func TestHashFollowsRemovals(t *testing.T) {
	s, err := ParseASCII(mapgen.ASCII(24, 24, 2, 5))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for step := range 60 {
		b := s.Board
		for range rng.IntN(4) {
			if len(b.Obstacles) > 0 {
				b.RemoveObstacle(b.Obstacles[rng.IntN(len(b.Obstacles))].ID)
			}
		}
		if len(b.Obstacles) > 0 && rng.IntN(2) == 0 {
			b.Obstacles[rng.IntN(len(b.Obstacles))].Wounds++
		}
		if rng.IntN(4) == 0 {
			b.AddObstacle(Obstacle{Shape: CircleShape(Vec{X: 8, Y: 8}, 4), Height: 2, BlocksSight: true})
		}
		if have, want := s.Hash(), hashWhole(t, s); have != want {
			t.Fatalf("step %d (%d obstacles): Hash %s, want %s", step, len(b.Obstacles), have, want)
		}
		if step%20 == 10 && len(b.Obstacles) > 2 { // a nil among them, then gone
			keep := b.Obstacles
			b.Obstacles = slices.Insert(slices.Clone(keep), 1+rng.IntN(len(keep)-1), nil)
			if have, want := s.Hash(), hashWhole(t, s); have != want {
				t.Fatalf("step %d, a nil: Hash %s, want %s", step, have, want)
			}
			b.Obstacles = keep
		}
	}
}
