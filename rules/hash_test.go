package rules

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"sightline/internal/mapgen"
)

// hashWhole is HashFormat1 as one json.Marshal of the whole state,
// without the cache of obstacles' encodings.
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

// hashWhole2 is Hash made anew from its definition, without any kept
// sum: the head's and the tail's JSON around the tiles' sum and the
// obstacles' digest over blocks of hashBlock sums.
func hashWhole2(t *testing.T, s *State) string {
	t.Helper()
	js := func(v any) []byte {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	head := js(struct {
		Turn int
		Side Side
	}{s.Turn, s.Side})
	rest := js(struct {
		ZoneHits   []zoneHit
		Objectives []Objective `json:",omitempty"`
		Progress   []int       `json:",omitempty"`
	}{s.zoneHits, s.Objectives, s.objectiveProgress})
	list := func(n int, sum func(i int) [32]byte) [32]byte {
		top := append([]byte{'['}, binary.BigEndian.AppendUint64(nil, uint64(n))...)
		for i := range n {
			b := sum(i)
			top = append(top, b[:]...)
		}
		return sha256.Sum256(top)
	}
	tiles := sha256.Sum256(js(s.Board.Tiles))
	obstacles := sha256.Sum256([]byte("null"))
	if obs := s.Board.Obstacles; obs != nil { // counts obstacles, lists blocks
		top := append([]byte{'['}, binary.BigEndian.AppendUint64(nil, uint64(len(obs)))...)
		for k := 0; k*hashBlock < len(obs); k++ {
			var block []byte
			for _, o := range obs[k*hashBlock : min(len(obs), (k+1)*hashBlock)] {
				sum := sha256.Sum256(js(o))
				block = append(block, sum[:]...)
			}
			sum := sha256.Sum256(block)
			top = append(top, sum[:]...)
		}
		obstacles = sha256.Sum256(top)
	}
	units := sha256.Sum256([]byte("null"))
	if s.Units != nil {
		units = list(len(s.Units), func(i int) [32]byte { return sha256.Sum256(js(s.Units[i])) })
	}
	all := slices.Concat(head, tiles[:], obstacles[:], units[:], rest)
	sum := sha256.Sum256(all)
	return hex.EncodeToString(sum[:])
}

// checkHashes compares both digests with the ones made anew.
func checkHashes(t *testing.T, s *State, what string) {
	t.Helper()
	if have, want := s.HashFormat1(), hashWhole(t, s); have != want {
		t.Fatalf("%s: HashFormat1 %s, want %s", what, have, want)
	}
	if have, want := s.Hash(), hashWhole2(t, s); have != want {
		t.Fatalf("%s: Hash %s, want %s", what, have, want)
	}
}

// Both digests give the ones made anew (HashFormat1: the bytes of the
// whole state's JSON) through every way an obstacle can change (wounded,
// moved, reshaped in place, added, removed, a nil or empty list of points,
// no obstacles at all) and the tiles too, and each step a new digest.
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
		{"a unit moved", func(s *State) { s.Units[0].Pos.X++ }},
		{"a unit added", func(s *State) { s.AddUnit(DefaultUnit(SideRed, Point{X: 3, Y: 2})) }},
		{"the first unit dropped", func(s *State) { s.Units = s.Units[1:] }},
		{"a nil unit", func(s *State) { s.Units = append(slices.Clone(s.Units), nil) }},
		{"units emptied", func(s *State) { s.Units = []*Unit{} }},
		{"units nil", func(s *State) { s.Units = nil }},
		{"none left", func(s *State) { s.Board.Obstacles = s.Board.Obstacles[:0] }},
		{"nil", func(s *State) { s.Board.Obstacles = nil }},
	}
	seen, seen1 := map[string]string{}, map[string]string{}
	for _, st := range steps {
		st.change(s)
		checkHashes(t, s, st.name)
		for _, h := range []struct {
			seen map[string]string
			hash string
		}{{seen, s.Hash()}, {seen1, s.HashFormat1()}} {
			if prev, ok := h.seen[h.hash]; ok && st.name != "unchanged" {
				t.Errorf("%s: the same hash as %s", st.name, prev)
			}
			h.seen[h.hash] = st.name
		}
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

// Both digests give the ones made anew when several obstacles go at
// once, with others wounded, added or set to nil between digests, over
// several blocks of obstacles: the kept encodings and block digests must
// follow the board past every removal. Each asked alone, Hash and
// HashFormat1 follow the board the same: both orders are played.
func TestHashFollowsRemovals(t *testing.T) {
	s, err := ParseASCII(mapgen.ASCII(48, 48, 2, 5))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(s.Board.Obstacles); n < 3*hashBlock {
		t.Fatalf("%d obstacles: too few to span blocks", n)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for step := range 90 {
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
		what := fmt.Sprintf("step %d (%d obstacles)", step, len(b.Obstacles))
		switch step % 3 {
		case 0: // both, each checked
			checkHashes(t, s, what)
		case 1: // the new digest alone
			if have, want := s.Hash(), hashWhole2(t, s); have != want {
				t.Fatalf("%s: Hash %s, want %s", what, have, want)
			}
		case 2: // the old digest alone, the new one's sums left behind
			if have, want := s.HashFormat1(), hashWhole(t, s); have != want {
				t.Fatalf("%s: HashFormat1 %s, want %s", what, have, want)
			}
		}
		if step%20 == 10 && len(b.Obstacles) > 2 { // a nil among them, then gone
			keep := b.Obstacles
			b.Obstacles = slices.Insert(slices.Clone(keep), 1+rng.IntN(len(keep)-1), nil)
			checkHashes(t, s, what+", a nil")
			b.Obstacles = keep
		}
	}
}

// Changing any one value the digest covers changes Hash (and
// HashFormat1), to the digest made anew, and changing it back gives the
// first digest again: the turn, the side, a tile's every field, every
// field of two obstacles (shape and points included), every exported
// value of a unit (weapons, stats and statuses), a zone hit, an objective
// and its progress.
func TestHashSeesEveryPart(t *testing.T) {
	s, err := ParseASCII(`
B.#.
.##R
#..#`)
	if err != nil {
		t.Fatal(err)
	}
	s.zoneHits = []zoneHit{{Shooter: 1, Target: 2, N: 1}}
	s.Objectives = []Objective{{Side: SideBlue, Goal: GoalEliminate, Zone: Rect{Max: Point{X: 2, Y: 2}}, Turns: 3, Target: 1, Text: "x"}}
	s.objectiveProgress = []int{1}
	base, base1 := s.Hash(), s.HashFormat1()
	parts := []struct {
		name string
		v    reflect.Value
	}{
		{"Turn", reflect.ValueOf(&s.Turn).Elem()},
		{"Side", reflect.ValueOf(&s.Side).Elem()},
		{"Tiles[5]", reflect.ValueOf(&s.Board.Tiles[5]).Elem()},
		{"Obstacles[0]", reflect.ValueOf(s.Board.Obstacles[0]).Elem()},
		{"Obstacles[last]", reflect.ValueOf(s.Board.Obstacles[len(s.Board.Obstacles)-1]).Elem()},
		{"Units[1]", reflect.ValueOf(s.Units[1]).Elem()},
		{"zoneHits", reflect.ValueOf(&s.zoneHits[0]).Elem()},
		{"Objectives", reflect.ValueOf(&s.Objectives[0]).Elem()},
		{"Progress", reflect.ValueOf(&s.objectiveProgress[0]).Elem()},
	}
	n := 0
	for _, p := range parts {
		eachLeaf(t, p.v, p.name, func(path string, v reflect.Value) {
			n++
			old := reflect.New(v.Type()).Elem()
			old.Set(v)
			bump(t, path, v)
			if h := s.Hash(); h == base {
				t.Errorf("%s changed: Hash unchanged", path)
			}
			if h := s.HashFormat1(); h == base1 {
				t.Errorf("%s changed: HashFormat1 unchanged", path)
			}
			checkHashes(t, s, path)
			v.Set(old)
			if h := s.Hash(); h != base {
				t.Errorf("%s changed back: Hash %s, want %s", path, h, base)
			}
		})
	}
	t.Logf("%d values changed", n)
	if n < 60 {
		t.Errorf("only %d values changed: the walk misses parts", n)
	}
}

// eachLeaf calls f with every settable value of kind bool, int, uint,
// float or string under v (exported fields, elements of slices and
// arrays, what pointers point to), named by its path.
func eachLeaf(t *testing.T, v reflect.Value, path string, f func(string, reflect.Value)) {
	t.Helper()
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			eachLeaf(t, v.Elem(), path, f)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if fd := v.Type().Field(i); fd.IsExported() {
				eachLeaf(t, v.Field(i), path+"."+fd.Name, f)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			eachLeaf(t, v.Index(i), fmt.Sprintf("%s[%d]", path, i), f)
		}
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.String:
		f(path, v)
	default:
		t.Fatalf("%s: a %s: teach eachLeaf about it", path, v.Kind())
	}
}

// bump changes v to another value of its kind.
func bump(t *testing.T, path string, v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(v.Float() + 0.5)
	case reflect.String:
		v.SetString(v.String() + "x")
	default:
		t.Fatalf("%s: cannot change a %s", path, v.Kind())
	}
}

// BenchmarkHash measures a turn's digest of each format on the largest
// generated map (256×256), the turn moved on between digests as in a
// battle: format 2 keeps its sums, format 1 hashes the whole board.
func BenchmarkHash(b *testing.B) {
	s, err := ParseASCII(mapgen.ASCII(256, 256, 64, 7))
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range []struct {
		name string
		hash func() string
	}{{"format2", s.Hash}, {"format1", s.HashFormat1}} {
		b.Run(f.name, func(b *testing.B) {
			f.hash()
			for b.Loop() {
				s.Turn++
				f.hash()
			}
		})
	}
}
