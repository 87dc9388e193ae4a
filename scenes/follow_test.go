package scenes

import (
	"testing"

	"sightline/entities"
	"sightline/match"
	"sightline/rules"
	"sightline/settings"
	"sightline/systems"
)

// followMap is a long range: Blue at the west end, Red at the east,
// in sight of each other.
const followMap = `
..............................
..B.......................R...
..............................`

// shooter is a computer side that shoots at one unit, then ends its turn.
type shooter struct {
	unit, target int
	shot         bool
}

// Next shoots once, then ends the turn.
func (c *shooter) Next(*match.View) rules.Command {
	if c.shot {
		return rules.EndTurn{}
	}
	c.shot = true
	return rules.Attack{Unit: c.unit, Target: c.target}
}

// TestCameraFollowsTheShot: the computer shoots a player's unit while
// the camera is zoomed in on the empty middle of the map; when the shot
// starts, the camera shows both the shooter and the target (it glided
// there, over several frames); a skip pressed during the glide puts the
// camera at its end at once, and with the camera kept still it does not
// move after the turn's start.
func TestCameraFollowsTheShot(t *testing.T) {
	for _, tc := range []struct {
		name        string
		still, skip bool
	}{{"follows", false, false}, {"skipped", false, true}, {"kept still", true, false}} {
		t.Run(tc.name, func(t *testing.T) {
			h, b := rangeBattle(t, followMap)
			st := settings.Default()
			st.StillCamera = tc.still
			b.env.Settings = st
			s := b.State()
			blue, red := s.UnitAt(rules.Point{X: 2, Y: 1}), s.UnitAt(rules.Point{X: 26, Y: 1})
			if blue == nil || red == nil {
				t.Fatal("the map's units are missing")
			}
			b.SetController(rules.SideRed, &shooter{unit: red.ID, target: blue.ID})
			h.settle()
			cam := b.Camera()
			cam.ZoomAt(3, 0, 0)
			cam.CenterOn(cam.WorldW/2, cam.WorldH/2)
			at := func(u *rules.Unit) rules.Vec { return entities.SpaceCenter(s.Board, u.Pos, u.Size) }
			if cam.Shows(at(blue), 0) || cam.Shows(at(red), 0) {
				t.Fatal("the test wants both units off screen before the shot")
			}
			screenshot(t, h, "follow-"+tc.name+"-before.png")
			var startX, startY float64 // where the turn's start left the camera
			shots, moved, frames := 0, 0, 0
			lastX := cam.X
			b.playback.Observe = func(ev rules.Event) {
				if _, ok := ev.(rules.TurnEnded); ok {
					startX, startY = cam.X, cam.Y
				}
				if _, ok := ev.(rules.Attacked); !ok {
					return
				}
				shots++
				shows := cam.Shows(at(blue), 0) && cam.Shows(at(red), 0)
				if !tc.still && !shows {
					x0, y0 := cam.WorldToScreen(at(red))
					x1, y1 := cam.WorldToScreen(at(blue))
					t.Errorf("the shot starts with the shooter at (%.0f, %.0f) and the target at (%.0f, %.0f) on a %gx%g screen",
						x0, y0, x1, y1, cam.ViewW, cam.ViewH)
				}
				if tc.still && (cam.X != startX || cam.Y != startY) {
					t.Errorf("the camera moved with following off")
				}
			}
			b.apply(rules.EndTurn{})
			for i := 0; i < 600 && shots == 0; i++ {
				var in []systems.Intent
				if tc.skip && cam.Gliding() && moved == 2 {
					in = append(in, systems.Intent{Kind: systems.IntentSkip})
				}
				h.step(in...)
				frames++
				if cam.X != lastX {
					moved++
					lastX = cam.X
				}
				if !tc.still && !tc.skip && moved == 6 && cam.Gliding() {
					screenshot(t, h, "follow-"+tc.name+"-gliding.png")
				}
			}
			if shots != 1 {
				t.Fatalf("%d shots played in %d frames, want 1", shots, frames)
			}
			screenshot(t, h, "follow-"+tc.name+"-shot.png")
			switch {
			case tc.skip && (moved != 3 || cam.Gliding()):
				t.Errorf("skipped: the camera moved on %d frames (gliding %v), want 2 and a jump to the end", moved, cam.Gliding())
			case !tc.still && !tc.skip && moved < 5:
				t.Errorf("the camera moved on %d frames, want a glide over several", moved)
			}
		})
	}
}
