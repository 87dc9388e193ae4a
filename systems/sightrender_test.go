package systems

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/match"
	"sightline/rules"
)

// renderSight draws the golden battle as the side to move sees it (fog of
// war on) with unit 1 selected and the pointer on hover, or with the
// targeting cone pinned on target when it is not 0.
func renderSight(t *testing.T, fonts *Fonts, hover rules.Point, target int, extra []rules.Point, side rules.Side) (*ebiten.Image, *SightView) {
	t.Helper()
	s := goldenBattle(t)
	s.Side = side
	for _, p := range extra {
		s.AddUnit(rules.DefaultUnit(rules.SideRed, p))
	}
	b := s.Board
	const zoom = 1.5
	w, h := float64(b.Width*b.TileSize)*zoom, float64(b.Height*b.TileSize)*zoom+float64(topBarH)
	cam := NewCamera(w, h, float64(b.Width*b.TileSize), float64(b.Height*b.TileSize))
	cam.Zoom, cam.X, cam.Y = zoom, 0, -float64(topBarH)/zoom

	world := entities.NewWorld(s)
	sel := firstOf(s, side)
	world.Unit(sel.ID).Selected = true
	reach := s.Reach(sel.ID, rules.MoveBudget(sel))
	var fog Fog
	fog.Update(match.New(s, 1), side)
	sv := &SightView{}
	sv.SetTarget(target)
	sv.Update(s, SightInput{Selected: sel.ID, Hover: hover, HoverOK: true, Reach: reach, Know: &fog})
	over := Overlays{
		Ground: []Overlay{NewReachOverlay(b, reach, sel.Side), &HoverOverlay{Tile: hover}},
		Mid:    []Overlay{&fog},
		Top:    []Overlay{sv},
	}
	if target == 0 && reach.Reachable(hover) {
		pts := []rules.Vec{entities.SpaceCenter(b, sel.Pos, 1)}
		for _, p := range reach.Path(hover) {
			pts = append(pts, entities.SpaceCenter(b, p, 1))
		}
		over.Mid = append(over.Mid, NewPathOverlay(pts, reach.AP(hover), sel.Side))
	}
	var paint Painter
	rend := Renderer{Terrain: NewTerrain(TerrainSpec{Board: b})}
	dst := ebiten.NewImage(int(w), int(h))
	rend.Draw(dst, &View{Cam: cam, Board: b, Paint: &paint, Fonts: fonts}, fog.Shown(world), &over)
	return dst, sv
}

func TestRenderSightGolden(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		hover  rules.Point
		target int
		extra  []rules.Point
		side   rules.Side
	}{
		{"sight_preview", rules.Point{X: 6, Y: 4}, 0, nil, rules.SideBlue},
		{"sight_target", rules.Point{X: 6, Y: 4}, 2, nil, rules.SideBlue},
		{"sight_glass", rules.Point{X: 6, Y: 4}, 8, []rules.Point{{X: 15, Y: 7}}, rules.SideBlue},
		{"sight_fog_red", rules.Point{X: 10, Y: 3}, 0, nil, rules.SideRed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, sv := renderSight(t, fonts, tc.hover, tc.target, tc.extra, tc.side)
			if tc.target == 0 {
				if p, ok := sv.Preview(); !ok || len(p.Lines) == 0 {
					t.Fatalf("no preview lines to draw: %+v", p)
				}
			} else if _, ok := sv.TargetInfo(); !ok {
				t.Fatal("no target cone to draw")
			}
			checkGolden(t, tc.name, readImage(img))
		})
	}
}
