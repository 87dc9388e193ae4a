package systems

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/rules"
)

// bigMapRows are repeated to make a 64×64 battlefield dense with cover of
// every kind and units of both sides.
var bigMapRows = [4]string{
	"..h.l.#..B..v.g.s..a..R.",
	"........................",
	".##..r...ll....b..hh..B.",
	"........................",
}

// bigFrame is one frame of a 64×64 battle: world, overlays and HUD.
type bigFrame struct {
	state *rules.State
	world *entities.World
	view  *View
	rend  Renderer
	over  Overlays
	hud   *HUD
	info  HUDInfo
	dst   *ebiten.Image
	probe *ebiten.Image
}

func newBigFrame(t testing.TB) *bigFrame {
	t.Helper()
	rows := make([]string, 64)
	for i := range rows {
		r := strings.Repeat(bigMapRows[i%4], 3)
		rows[i] = r[i%7 : i%7+64]
	}
	s, err := rules.ParseASCII(strings.Join(rows, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	b := s.Board
	f := &bigFrame{state: s, world: entities.NewWorld(s), hud: NewHUD(fonts, 1280, 720, "Big"), dst: ebiten.NewImage(1280, 720), probe: ebiten.NewImage(1, 1)}
	cam := NewCamera(1280, 720, float64(b.Width*b.TileSize), float64(b.Height*b.TileSize))
	cam.InsetTop, cam.InsetBottom = f.hud.Insets()
	if cam.Fit() {
		t.Fatal("a 64×64 map should not fit the screen at a readable zoom")
	}
	var sel *rules.Unit
	for _, u := range s.Units {
		if u.Side == s.Side && cam.Shows(b.TileCenter(u.Pos), 100) {
			sel = u
			break
		}
	}
	if sel == nil {
		t.Fatal("no unit of the side to move on screen")
	}
	f.world.Unit(sel.ID).Selected = true
	reach := s.Reach(sel.ID, rules.MoveBudget(sel))
	var target rules.Point
	for _, p := range reach.Tiles() {
		if reach.Cost(p) > reach.Cost(target) {
			target = p
		}
	}
	pts := []rules.Vec{b.TileCenter(sel.Pos)}
	for _, p := range reach.Path(target) {
		pts = append(pts, b.TileCenter(p))
	}
	f.over.Ground = []Overlay{NewReachOverlay(b, reach, sel.Side), &HoverOverlay{Tile: target}}
	f.over.Mid = []Overlay{NewPathOverlay(pts, rules.MoveAP(reach.Cost(target), sel.Speed), sel.Side)}
	f.rend.Terrain = NewTerrain(TerrainSpec{Board: b})
	f.view = &View{Cam: cam, Board: b, Paint: &Painter{}, Fonts: fonts}
	f.info = HUDInfo{Side: s.Side, Turn: 3, Selected: sel, Hint: "Click a lit tile to move"}
	return f
}

// draw issues one frame's draw commands.
func (f *bigFrame) draw() {
	f.rend.Units.Tick++
	f.rend.Draw(f.dst, f.view, f.world, &f.over)
	f.hud.Draw(f.dst, f.info)
}

// finish makes ebiten render the queued commands by reading back one
// pixel of the frame.
func (f *bigFrame) finish() {
	var px [4]byte
	f.probe.DrawImage(f.dst.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image), nil)
	f.probe.ReadPixels(px[:])
}

// TestDrawBigMapIsCheap checks a frame of a 64×64 battle: the static layers
// are cached (the second frame costs no more than a few cache blits and
// the visible tokens) and drawing allocates little. How long a frame takes
// is measured by BenchmarkDrawBigMap (`make bench`), never by a test.
func TestDrawBigMapIsCheap(t *testing.T) {
	f := newBigFrame(t)
	if n := len(f.state.Board.Obstacles); n < 500 {
		t.Fatalf("only %d obstacles; the test wants a dense map", n)
	}
	f.draw() // builds the obstacle cache
	f.finish()

	// Count the allocations of issuing one frame; it is then rendered, as
	// in the game (unrendered commands would pile up in ebiten's queue).
	var allocs float64
	for i := 0; i < 5; i++ {
		allocs += testing.AllocsPerRun(1, f.draw) / 5
		f.finish()
	}
	const maxAllocs = 400
	if allocs > maxAllocs {
		t.Errorf("a frame allocates %.0f times, want at most %d", allocs, maxAllocs)
	}

	t.Logf("64×64 map, %d obstacles, %d units: %.0f allocs per frame (time it with BenchmarkDrawBigMap)",
		len(f.state.Board.Obstacles), len(f.state.Units), allocs)
}

// BenchmarkDrawBigMap measures one rendered frame of a 64×64 battle
// (under xvfb this includes software GL).
func BenchmarkDrawBigMap(b *testing.B) {
	f := newBigFrame(b)
	f.draw()
	f.finish()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.draw()
		f.finish()
	}
}
