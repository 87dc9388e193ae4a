package systems

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/rules"
)

// goldenMap is the fixed battle of the rendering golden test: every kind
// of obstacle, both sides in every stance, and a mech.
const goldenMap = `
................
.####....hhh....
.#.......B......
.#..ll.......R..
.....b.......r..
..vvv.....a.....
..........a..ggg
.B..........R...
......ss........
................`

// goldenBattle builds the golden test's state: the map above plus crouched
// units, a 2×2 mech, a round boulder, a slanted fence and a tree.
func goldenBattle(t *testing.T) *rules.State {
	t.Helper()
	s, err := rules.ParseASCII(goldenMap)
	if err != nil {
		t.Fatal(err)
	}
	facings := []rules.Dir{rules.SouthWest, rules.West, rules.East, rules.West, rules.NorthEast, rules.SouthWest}
	for i, u := range s.Units {
		u.Facing = facings[i]
	}
	s.Unit(5).Stance = rules.Crouched
	s.Unit(6).Stance = rules.Crouched
	s.Unit(2).HP = 4
	mech := rules.DefaultUnit(rules.SideBlue, rules.Point{X: 2, Y: 8})
	mech.Size, mech.Name, mech.Facing = 2, "Walker", rules.NorthEast
	s.AddUnit(mech)
	ts := float64(rules.ASCIITileSize)
	s.Board.AddObstacle(rules.Obstacle{Name: "boulder", Material: "stone", Height: rules.HeightHigh, BlocksSight: true, BlocksEffect: true,
		Shape: rules.CircleShape(rules.Vec{X: 14.5 * ts, Y: 1.5 * ts}, 14)})
	s.Board.AddObstacle(rules.Obstacle{Name: "fence", Material: "wood", Height: rules.HeightLow, BlocksSight: true, BlocksEffect: true,
		Shape: rules.PolygonShape([]rules.Vec{{X: 9 * ts, Y: 9.8 * ts}, {X: 11.6 * ts, Y: 7.9 * ts}, {X: 12 * ts, Y: 8.3 * ts}, {X: 9.4 * ts, Y: 10 * ts}})})
	s.Board.AddObstacle(rules.Obstacle{Name: "tree", Material: "foliage", Height: rules.HeightFull, BlocksSight: true,
		Shape: rules.CircleShape(rules.Vec{X: 14.5 * ts, Y: 9 * ts}, 24)})
	return s
}

// renderGolden draws the golden battle with unit 1 selected, its reach,
// the path to tile (6,5) hovered, and the red crouched unit hovered.
func renderGolden(t *testing.T, fonts *Fonts) *ebiten.Image {
	s := goldenBattle(t)
	b := s.Board
	const zoom = 1.5
	w, h := float64(b.Width*b.TileSize)*zoom, float64(b.Height*b.TileSize)*zoom
	cam := NewCamera(w, h, float64(b.Width*b.TileSize), float64(b.Height*b.TileSize))
	cam.Zoom, cam.X, cam.Y = zoom, 0, 0

	world := entities.NewWorld(s)
	world.Unit(1).Selected = true
	world.Unit(6).Hovered = true
	sel := s.Unit(1)
	reach := s.Reach(sel.ID, rules.MoveBudget(sel))
	target := rules.Point{X: 6, Y: 5}
	if !reach.Reachable(target) {
		t.Fatalf("golden target %v unreachable", target)
	}
	pts := []rules.Vec{entities.SpaceCenter(b, sel.Pos, 1)}
	for _, p := range reach.Path(target) {
		pts = append(pts, entities.SpaceCenter(b, p, 1))
	}
	var paint Painter
	over := Overlays{
		Ground: []Overlay{NewReachOverlay(b, reach, sel.Side), &HoverOverlay{Tile: target}},
		Mid:    []Overlay{NewPathOverlay(pts, reach.AP(target), sel.Side)},
	}
	rend := Renderer{Terrain: NewTerrain(TerrainSpec{Board: b})}
	dst := ebiten.NewImage(int(w), int(h))
	rend.Draw(dst, &View{Cam: cam, Board: b, Paint: &paint, Fonts: fonts}, world, &over)
	return dst
}

func TestRenderGolden(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "battle", readImage(renderGolden(t, fonts)))
}

func TestRenderHUDGolden(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	s := goldenBattle(t)
	if err := rules.DefaultData().Equip(s.Unit(1), "trooper"); err != nil {
		t.Fatal(err)
	}
	s.Unit(1).Hand.Ammo = 18
	dst := ebiten.NewImage(1280, 720)
	dst.Fill(ColorBackground)
	hud := NewHUD(fonts, 1280, 720, "Golden Test")
	hud.Toast("Cannot reach (3,4) with 1 AP")
	hud.Update(nil)
	hud.Draw(dst, HUDInfo{Side: s.Side, Turn: 2, Selected: s.Unit(1), Hovered: s.Unit(2), Hint: "Click a lit tile to move"})
	checkGolden(t, "hud", readImage(dst))
}

// The toast never covers the objective's pill: with an objective shown it
// drops below it, and without one it keeps its place under the top bar.
func TestToastClearsObjective(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	dst := ebiten.NewImage(1280, 720)
	for _, tc := range []struct {
		objective string
		wantY     float64
	}{
		{"", topBarH + 12},
		{"Hold the chapel: 3 turns left", topBarH + 6 + 26 + 6},
	} {
		hud := NewHUD(fonts, 1280, 720, "Toast Test")
		hud.Toast("Reloaded maps/x.tmx (templates/crate.tx changed)")
		hud.Update(nil)
		hud.Draw(dst, HUDInfo{Side: rules.SideBlue, Turn: 1, Objective: tc.objective})
		y, h := hud.ToastBox()
		if y != tc.wantY {
			t.Errorf("objective %q: toast at y %.0f, want %.0f", tc.objective, y, tc.wantY)
		}
		if tc.objective != "" && y < topBarH+6+26 {
			t.Errorf("the toast (y %.0f) overlaps the objective's pill (to y %d)", y, topBarH+6+26)
		}
		if y+h > ToastBottom {
			t.Errorf("the toast reaches y %.0f, below ToastBottom %d", y+h, ToastBottom)
		}
	}
}

func TestWeaponText(t *testing.T) {
	d := rules.DefaultData()
	trooper := func(hand string, ammo int) *rules.Unit {
		u := new(rules.DefaultUnit(rules.SideBlue, rules.Point{}))
		if err := d.Equip(u, "trooper"); err != nil {
			t.Fatal(err)
		}
		switch hand {
		case "holster":
			u.Hand, u.Holster = u.Holster, u.Hand
		case "none":
			u.Hand = rules.Carried{}
		}
		if ammo >= 0 {
			u.Hand.Ammo = ammo
		}
		return u
	}
	for _, tc := range []struct {
		name string
		u    *rules.Unit
		want string
	}{
		{"full rifle", trooper("", -1), "rifle 20/20"},
		{"spent rifle", trooper("", 18), "rifle 18/20"},
		{"empty rifle", trooper("", 0), "rifle 0/20"},
		{"knife", trooper("holster", -1), "knife"},
		{"nothing", trooper("none", -1), "empty hands"},
	} {
		if have := WeaponText(tc.u); have != tc.want {
			t.Errorf("%s: have %q, want %q", tc.name, have, tc.want)
		}
	}
}
