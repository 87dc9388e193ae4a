package levels

import (
	"fmt"
	"io/fs"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"sightline/internal/cputime"
)

// Hostile maps: each is made here, large where a limit allows and past it
// where it does not, and each must be answered (loaded, or refused with
// an error naming the limit) within hostileTime of processor time (the
// process's, garbage collection included, so a loaded machine does not
// fail the test) and hostileBytes allocated, by Check, which loads the map
// as the game and its hot reload do and then runs its own searches.
const (
	hostileTime  = 5 * time.Second
	hostileBytes = 512 << 20
)

// bigMap returns a w×h map of gid-filled tiles (fill(x, y) gives the gid)
// with the objects given, in one object layer.
func bigMap(w, h int, fill func(x, y int) int, objects string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="%d" height="%d" tilewidth="32" tileheight="32" infinite="0">
 <properties><property name="name" value="Hostile"/></properties>
 <tileset firstgid="1" source="../tilesets/terrain.tsx"/>
 <layer id="1" name="ground" width="%d" height="%d"><data encoding="csv">
`, w, h, w, h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if x > 0 || y > 0 {
				b.WriteByte(',')
			}
			b.WriteString(itoa(fill(x, y)))
		}
		b.WriteByte('\n')
	}
	b.WriteString("</data></layer>\n <objectgroup id=\"2\" name=\"objects\">\n")
	b.WriteString(objects)
	b.WriteString(" </objectgroup>\n</map>\n")
	return b.String()
}

// spawns returns n Spawn point objects on a w×h map: blue on the first
// columns, and red, one in two, on the last.
func spawns(n, w, h int, firstID int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		x, col := 16+64*(i/2/h), (i/2)%h
		if i%2 == 0 {
			fmt.Fprintf(&b, "  <object id=\"%d\" type=\"Spawn\" x=\"%d\" y=\"%d\"><point/></object>\n", firstID+i, x, 16+32*col)
			continue
		}
		fmt.Fprintf(&b, `  <object id="%d" type="Spawn" x="%d" y="%d"><properties><property name="side" value="red"/></properties><point/></object>
`, firstID+i, w*32-x, 16+32*col)
	}
	return b.String()
}

// spiralPoints is a thick spiral of n points around (cx, cy): the worst
// case of ear clipping.
func spiralPoints(n int, cx, cy float64) string {
	var out, in []string
	for i := 0; i < n/2; i++ {
		a := float64(i) * 0.3
		r := 10 + 5*a
		out = append(out, fmt.Sprintf("%.2f,%.2f", (r+3)*math.Cos(a), (r+3)*math.Sin(a)))
		in = append(in, fmt.Sprintf("%.2f,%.2f", r*math.Cos(a), r*math.Sin(a)))
	}
	for i := len(in) - 1; i >= 0; i-- {
		out = append(out, in[i])
	}
	return strings.Join(out, " ")
}

func grass(x, y int) int { return 1 }

func TestHostileMaps(t *testing.T) {
	if testing.Short() {
		t.Skip("makes and loads maps of several megabytes")
	}
	polygon := func(id int, x, y float64, points string) string {
		return fmt.Sprintf(`  <object id="%d" type="Cover" x="%g" y="%g"><polygon points="%s"/></object>
`, id, x, y, points)
	}
	tests := []struct {
		name string
		tmx  string
		want string // in the problems; "" for a map that loads
	}{
		{"a polygon of 940,000 points", bigMap(64, 64, grass,
			polygon(1, 512, 512, strings.TrimSpace(strings.Repeat("1,1 ", 940000)))+spawns(2, 64, 64, 10)),
			`object 1 "": polygon has 940000 points, more than the limit of 1000`},
		{"40,000 spawns on 256×256", bigMap(256, 256, grass, spawns(40000, 256, 256, 1)),
			"the file has more than 4096 objects"},
		{"65 spawns", bigMap(256, 256, grass, spawns(MaxUnits+1, 256, 256, 1)),
			"the map has 65 Spawn objects, more than the limit of 64 units"},
		{"64 spawns on 256×256", bigMap(256, 256, grass, spawns(MaxUnits, 256, 256, 1)), ""},
		{"a spiral of 1000 points", bigMap(128, 128, grass,
			polygon(1, 2048, 2048, spiralPoints(MaxShapePoints, 0, 0))+spawns(2, 128, 128, 10)), ""},
		{"20 spirals of 1000 points", bigMap(256, 256, grass, func() string {
			var b strings.Builder
			for i := 0; i < 20; i++ {
				b.WriteString(polygon(100+i, float64(900+(i%5)*1560), float64(900+(i/5)*1560), spiralPoints(MaxShapePoints, 0, 0)))
			}
			return b.String() + spawns(2, 256, 256, 10)
		}()), ""},
		{"21 spirals", bigMap(64, 64, grass, strings.Repeat(polygon(0, 600, 600, spiralPoints(MaxShapePoints, 0, 0)), 21)+spawns(2, 64, 64, 10)),
			"the file's polygons and polylines have more than 20000 points together"},
		{"256×256 of low cover tiles", bigMap(256, 256, func(x, y int) int {
			if (x+y)%2 == 0 && x > 0 && x < 255 {
				return 19
			}
			return 1
		}, spawns(MaxUnits, 256, 256, 1)), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys := levelFS(t, map[string]string{"maps/hostile.tmx": tc.tmx})
			checkHostile(t, fsys, "maps/hostile.tmx", tc.want)
		})
	}
}

// checkHostile checks the map file in fsys within the hostile maps' bounds
// of CPU time and memory, and wants one error containing want (none for
// ""). It returns the errors.
func checkHostile(t *testing.T, fsys fs.FS, file, want string) []string {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := cputime.Process()
	probs := Check(fsys, file)
	took := cputime.Process() - start
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("%v of CPU, %d MB allocated, %d problems", took, alloc>>20, len(probs))
	if took > hostileTime || alloc > hostileBytes {
		t.Errorf("took %v and allocated %d MB, want under %v and %d MB", took, alloc>>20, hostileTime, hostileBytes>>20)
	}
	var errs []string
	for _, p := range probs {
		if !p.Warning {
			errs = append(errs, p.String())
		}
	}
	if want == "" {
		if len(errs) > 0 {
			t.Errorf("have errors %q, want none", errs)
		}
	} else if !strings.Contains(strings.Join(errs, "\n"), want) {
		t.Errorf("have errors %q, want one containing %q", errs, want)
	}
	return errs
}
