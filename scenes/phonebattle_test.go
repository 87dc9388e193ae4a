package scenes

import (
	"fmt"
	"testing"

	"sightline/entities"
	"sightline/levels"
	"sightline/rules"
)

// phoneBattle opens Crossroads against the computer on a page of win
// page pixels, with a finger for its pointer when finger is set.
func phoneBattle(t *testing.T, win [2]float64, finger bool) (*harness, *Battle) {
	t.Helper()
	return openPhoneBattle(t, win, finger, nil)
}

// openPhoneBattle is phoneBattle with set, when not nil, changing the
// env first.
func openPhoneBattle(t *testing.T, win [2]float64, finger bool, set func(*Env)) (*harness, *Battle) {
	t.Helper()
	lv, err := levels.Load(levels.Embedded(), "maps/crossroads.tmx")
	if err != nil {
		t.Fatal(err)
	}
	env := testEnv(t)
	env.Window, env.Finger = win, finger
	if set != nil {
		set(env)
	}
	setup := SetupFromLevel(lv)
	setup.Players = [2]Player{Human, Computer}
	b := NewBattle(env, setup)
	h := newHarness(t, env, func(*Env) Scene { return b })
	h.settle()
	return h, b
}

// TestPhoneBattleOpensOnTheSquad: on a phone held sideways (a small page,
// a finger for its pointer) Crossroads opens zoomed in on the player's
// squad: its tiles at least phoneTile page pixels, every Blue soldier on
// the free screen, a pinch in still possible, and the whole map a few
// pinches out, on the camera's even steps. With a mouse, or on a big
// page, the map still opens whole.
func TestPhoneBattleOpensOnTheSquad(t *testing.T) {
	whole := func(b *Battle) bool {
		c := b.Camera()
		return c.Shows(rules.Vec{}, 0) && c.Shows(rules.Vec{X: c.WorldW, Y: c.WorldH}, 0)
	}
	for _, tc := range []struct {
		win    [2]float64
		finger bool
		zoomed bool
	}{
		{[2]float64{844, 390}, true, true},
		{[2]float64{740, 360}, true, true},
		{[2]float64{844, 390}, false, false},
		{[2]float64{1280, 720}, true, false},
	} {
		t.Run(fmt.Sprintf("%.0fx%.0f finger %v", tc.win[0], tc.win[1], tc.finger), func(t *testing.T) {
			h, b := phoneBattle(t, tc.win, tc.finger)
			c, s := b.Camera(), b.State()
			page := c.Zoom * float64(s.Board.TileSize) * b.env.pageScale()
			if !tc.zoomed {
				if !whole(b) {
					t.Errorf("the map does not open whole (tiles %.1f page px)", page)
				}
				return
			}
			screenshot(t, h, fmt.Sprintf("phone-battle-%.0f.png", tc.win[0]))
			if page < phoneTile {
				t.Errorf("tiles open at %.1f page pixels, want at least %.0f", page, phoneTile)
			}
			if c.Zoom >= c.MaxZoom {
				t.Errorf("zoom %.3f is the closest (%.3f): a pinch cannot zoom in", c.Zoom, c.MaxZoom)
			}
			for _, u := range s.Units {
				p := entities.SpaceCenter(s.Board, u.Pos, u.Size)
				if u.Side == rules.SideBlue && u.Alive() && !c.Shows(p, 0) {
					x, y := c.WorldToScreen(p)
					t.Errorf("Blue %s at %v opens off the free screen, at (%.0f, %.0f)", u.Name, u.Pos, x, y)
				}
			}
			if whole(b) {
				t.Error("the whole map still shows: the battle did not zoom in")
			}
			// The free screen opens all map, none of the margin past it.
			if x, y := c.WorldToScreen(rules.Vec{}); x > c.InsetLeft+0.5 || y > c.InsetTop+0.5 {
				t.Errorf("the map's corner is at (%.0f, %.0f), inside the free screen from (%.0f, %.0f)", x, y, c.InsetLeft, c.InsetTop)
			}
			if x, y := c.WorldToScreen(rules.Vec{X: c.WorldW, Y: c.WorldH}); x < c.ViewW-c.InsetRight-0.5 || y < c.ViewH-c.InsetBottom-0.5 {
				t.Errorf("the map's far corner is at (%.0f, %.0f), inside the free screen", x, y)
			}
			// Pinched out step by step, the map comes to fit the free
			// screen, each step the same factor.
			fits := func() bool {
				return c.WorldW*c.Zoom <= c.ViewW-c.InsetLeft-c.InsetRight && c.WorldH*c.Zoom <= c.ViewH-c.InsetTop-c.InsetBottom
			}
			steps, ratio := 0, 0.0
			for ; !fits() && steps < 40 && c.Zoom > c.MinZoom; steps++ {
				before := c.Zoom
				c.ZoomBy(-1, ScreenWidth/2, ScreenHeight/2)
				if r := before / c.Zoom; ratio == 0 {
					ratio = r
				} else if d := r - ratio; d > 1e-6 || d < -1e-6 {
					t.Fatalf("step %d zoomed out by %.4f, the first by %.4f", steps, r, ratio)
				}
			}
			if !fits() {
				t.Errorf("zoomed out to %.3f (the least %.3f) after %d steps: the map does not fit the free screen", c.Zoom, c.MinZoom, steps)
			}
		})
	}
}
