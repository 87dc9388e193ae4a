package systems

import (
	"math"
	"testing"

	"sightline/entities"
	"sightline/rules"
)

// The reaction banner hides no unit the side watching sees: not the two
// it names, nor a third standing where it used to go (tour picture 08,
// Jay's overwatch over Blue's soldier at the top of Crossroads). It
// stands as high as it can, under the top bar. A unit the side does not
// see moves it nowhere, so it gives nothing away. The units are on a
// 1280×720 screen, the world drawn 1:1.
func TestReactionBannerHidesNoUnit(t *testing.T) {
	const w, h, bw = 1280.0, 720.0, 300.0
	type at struct{ x, y float64 }
	for _, tt := range []struct {
		name   string
		units  []at // the shooter, its target, then the others
		hidden int  // the unit the side does not see (0: none)
		want   float64
	}{
		{"nothing under the bar", []at{{900, 400}, {700, 450}}, 0, bannerTop},
		{"a third unit where it stood", []at{{990, 300}, {810, 380}, {575, 130}}, 0, -1},
		{"units across the top", []at{{990, 300}, {810, 380}, {640, 80}, {560, 150}, {720, 200}}, 0, -1},
		{"the target under the bar", []at{{990, 300}, {640, 90}}, 0, -1},
		{"an enemy in the fog under the bar", []at{{990, 300}, {810, 380}, {640, 90}}, 3, bannerTop},
	} {
		t.Run(tt.name, func(t *testing.T) {
			world := &entities.World{}
			for i, u := range tt.units {
				world.Units = append(world.Units, &entities.Unit{ID: i + 1, Pos: rules.Vec{X: u.x, Y: u.y},
					Vitals: entities.Vitals{Alive: true}, Body: entities.Body{Size: 1}})
			}
			fx := NewEventFX(world, &rules.Board{TileSize: 32}, nil)
			fx.Know = seeing{known: func(id int) bool { return id != tt.hidden }}
			fx.bannerUnits = [2]rules.Vec{world.Units[0].Pos, world.Units[1].Pos}
			y := fx.bannerY(w, h, bw, func(v rules.Vec) (float64, float64) { return v.X, v.Y })
			for _, u := range world.Units {
				if u.ID == tt.hidden {
					continue
				}
				if math.Abs(u.Pos.X-w/2) < bw/2+bannerClear && u.Pos.Y > y-bannerClear && u.Pos.Y < y+bannerH+bannerClear {
					t.Errorf("the banner at %.0f-%.0f covers unit %d at %v", y, y+bannerH, u.ID, u.Pos)
				}
			}
			if tt.want >= 0 && y != tt.want {
				t.Errorf("the banner's top is %.0f, want %.0f", y, tt.want)
			}
			if y > h-bannerLowUp {
				t.Errorf("the banner's top is %.0f, below the lowest place %.0f", y, h-bannerLowUp)
			}
		})
	}
}
