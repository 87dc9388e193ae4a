package scenes

import (
	"fmt"
	"os"
	"testing"
	"time"

	"sightline/levels"
	"sightline/match"
	"sightline/netplay"
	"sightline/rules"
	"sightline/settings"
	"sightline/systems"
)

// shot draws h's frame and writes it as the tour's picture name.png
// (names are numbered in the order a player meets the screens).
func shot(h *harness, name string) {
	h.t.Helper()
	screenshot(h.t, h, name+".png")
}

// ticks runs k ticks without input.
func ticks(h *harness, k int) {
	h.t.Helper()
	for i := 0; i < k; i++ {
		h.step()
	}
}

// TestTour plays scripted input through the screens a player meets and
// writes each to SIGHTLINE_TOUR/NN-name.png (`make tour`). Without that
// folder it only checks that the tour's maps parse, so it costs `make
// test` next to nothing.
func TestTour(t *testing.T) {
	for _, m := range []string{tourCoverMap, tourFollowMap, tourOverwatchMap} {
		if _, err := rules.ParseASCII(m); err != nil {
			t.Fatalf("a tour map: %v", err)
		}
	}
	dir := os.Getenv("SIGHTLINE_TOUR")
	if dir == "" {
		t.Skip("SIGHTLINE_TOUR names no folder")
	}
	t.Setenv("SIGHTLINE_SHOTS", dir)
	t.Run("menus", tourMenus)
	t.Run("hover", tourHover)
	t.Run("combat", tourCombat)
	t.Run("results", tourResults)
	t.Run("upright", tourUpright)
}

// tourEnv is a player's first run: the shipped levels, an empty store,
// briefings on.
func tourEnv(t *testing.T) *Env {
	t.Helper()
	env := testEnv(t)
	env.Levels = levels.Embedded()
	env.Store = match.NewStore(t.TempDir())
	env.NoBriefing = false
	return env
}

// tourMenus: the title, the settings, the level select for a battle
// against the computer, the Crossroads briefing, the battle's start, its
// help card, its pause menu and the battle at the larger interface sizes.
func tourMenus(t *testing.T) {
	env := tourEnv(t)
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	h.settle()
	ticks(h, 30)
	shot(h, "01-title")
	h.m.GoTo(NewSettings(env, NewTitle(env)))
	h.settle()
	shot(h, "12-settings")
	h.m.GoTo(NewTitle(env))
	h.settle()
	h.step(systems.KeyIntent('3')) // Play vs computer
	h.settle()
	h.want("levels")
	ls := h.m.Current().(*LevelSelect)
	ls.choose("maps/crossroads.tmx")
	ticks(h, 30)
	shot(h, "02-level-select")
	h.step(key(systems.IntentConfirm))
	h.settle()
	h.want("battle")
	ticks(h, 40)
	if h.briefing() == nil {
		t.Fatal("no briefing over Crossroads")
	}
	shot(h, "03-briefing")
	ticks(h, 60) // the briefing's key guard
	h.step(key(systems.IntentAnyKey))
	h.settle()
	ticks(h, 60) // the turn banner
	shot(h, "04-battle-start")

	h.step(key(systems.IntentHelp))
	h.settle()
	ticks(h, 20)
	if !h.helpUp() {
		t.Fatal("F1 showed no help card in the battle")
	}
	shot(h, "13-help")
	h.step(key(systems.IntentHelp))
	h.settle()

	// The pause menu, then the battle at each larger interface size with
	// a unit selected.
	h.step(key(systems.IntentBack))
	h.settle()
	ticks(h, 20)
	if kind, _ := h.menuKind(); kind != menuPause {
		t.Fatal("Esc showed no pause menu in the battle")
	}
	shot(h, "14-pause-menu")
	h.step(key(systems.IntentBack))
	h.settle()
	for _, scale := range settings.UIScales[1:] {
		st := env.prefs()
		st.UIScale = scale
		env.Settings = st
		h.step(key(systems.IntentCycle))
		ticks(h, 20)
		shot(h, fmt.Sprintf("15-battle-ui%d", st.UIScale))
	}
}

// tourHover: a unit's move previewed onto a tile behind cover from three
// enemies in sight.
func tourHover(t *testing.T) {
	h, b := rangeBattle(t, tourCoverMap)
	h.settle()
	ticks(h, 60)
	s := b.State()
	u := s.UnitAt(rules.Point{X: 2, Y: 4})
	bx, by := b.ScreenOf(u.Pos)
	h.step(hover(bx, by), click(bx, by))
	if b.Selected() != u {
		t.Fatal("the click selected no unit")
	}
	to, ok := coverTile(b, u)
	if !ok {
		t.Fatal("no reachable tile on screen with cover from an enemy")
	}
	x, y := b.ScreenOf(to)
	h.step(hover(x, y))
	ticks(h, 2)
	h.step(hover(x, y))
	shot(h, "05-move-hover-cover")
}

// coverTile returns the tile in u's reach, on screen and clear of the
// HUD, from which u would have cover against the most living enemies in
// sight of it (ties: the nearest).
func coverTile(b *Battle, u *rules.Unit) (rules.Point, bool) {
	s := b.State()
	reach := s.Reach(u.ID, u.AP*2)
	from := u.Pos
	defer func() { u.Pos = from }()
	best, bestN, bestD := rules.Point{}, 0, 0
	for y := 0; y < s.Board.Height; y++ {
		for x := 0; x < s.Board.Width; x++ {
			p := rules.Point{X: x, Y: y}
			if p == from || !reach.Reachable(p) || s.UnitAt(p) != nil {
				continue
			}
			sx, sy := b.ScreenOf(p)
			if sx < 300 || sx > ScreenWidth-300 || sy < 120 || sy > ScreenHeight-160 {
				continue
			}
			u.Pos = p
			n := 0
			for _, e := range s.Units {
				if c := s.Cover(e, u); e.Side != u.Side && e.Alive() && c.LoS && c.Grade > 0 {
					n++
				}
			}
			u.Pos = from
			d := (x-from.X)*(x-from.X) + (y-from.Y)*(y-from.Y)
			if n > bestN || n == bestN && n > 0 && d < bestD {
				best, bestN, bestD = p, n, d
			}
		}
	}
	return best, bestN > 0
}

// tourCombat: the hit panel on a range, the computer shooting a player's
// unit across a long one, and an overwatch reaction.
func tourCombat(t *testing.T) {
	h, b := rangeBattle(t, rangeMap)
	h.settle()
	ticks(h, 60)
	bx, by := b.ScreenOf(rules.Point{X: 2, Y: 3})
	h.step(hover(bx, by), click(bx, by))
	h.step(systems.KeyIntent('2')) // Attack
	rx, ry := b.ScreenOf(rules.Point{X: 10, Y: 3})
	h.step(hover(rx, ry))
	h.step(hover(rx, ry))
	if tp := b.TargetPanel(); tp == nil || tp.Err != nil {
		t.Fatalf("no hit panel over Red 2: %+v", tp)
	}
	shot(h, "06-hit-panel")

	// The computer shoots a player's unit while the camera looks at the
	// empty middle of the map.
	h, b = rangeBattle(t, tourFollowMap)
	s := b.State()
	blue, red := s.UnitAt(rules.Point{X: 2, Y: 1}), s.UnitAt(rules.Point{X: 26, Y: 1})
	b.SetController(rules.SideRed, &tourShooter{unit: red.ID, target: blue.ID})
	h.settle()
	cam := b.Camera()
	cam.ZoomAt(3, 0, 0)
	cam.CenterOn(cam.WorldW/2, cam.WorldH/2)
	shotAt := -1
	b.playback.Observe = func(ev rules.Event) {
		if _, ok := ev.(rules.Attacked); ok && shotAt < 0 {
			shotAt = 0
		}
	}
	b.apply(rules.EndTurn{})
	for i := 0; i < 900 && (shotAt < 0 || shotAt < 12); i++ {
		h.step()
		if shotAt >= 0 {
			shotAt++
		}
	}
	if shotAt < 0 {
		t.Fatal("the computer never shot")
	}
	shot(h, "07-computer-shoots")

	// An overwatch reaction: Red watches the lane, Blue walks into it.
	h, b = rangeBattle(t, tourOverwatchMap)
	s = b.State()
	w, walker := s.UnitAt(rules.Point{X: 10, Y: 1}), s.UnitAt(rules.Point{X: 1, Y: 4})
	b.apply(rules.EndTurn{})
	h.settle()
	b.apply(rules.Overwatch{Unit: w.ID, At: rules.Point{X: 5, Y: 1}}) // west: the zone is a wedge
	h.settle()
	b.apply(rules.EndTurn{})
	h.settle()
	ticks(h, 60)
	reacted := -1
	b.playback.Observe = func(ev rules.Event) {
		if _, ok := ev.(rules.Attacked); ok && reacted < 0 {
			reacted = 0
		}
	}
	b.apply(rules.Move{Unit: walker.ID, To: rules.Point{X: 8, Y: 4}})
	for i := 0; i < 900 && (reacted < 0 || reacted < 10); i++ {
		h.step()
		if reacted >= 0 {
			reacted++
		}
	}
	if reacted < 0 {
		t.Fatal("the overwatch never fired")
	}
	shot(h, "08-overwatch-reaction")
}

// tourResults: a campaign win, the level select it leads to, then a
// defeat against the computer.
func tourResults(t *testing.T) {
	env := tourEnv(t)
	env.NoBriefing = true
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	h.settle()
	h.step(systems.KeyIntent('2')) // Campaign
	h.settle()
	h.want("levels")
	h.step(key(systems.IntentConfirm))
	h.settle()
	h.want("battle")
	ticks(h, 60)
	r := endBattle(t, h, rules.SideRed)
	ticks(h, 90)
	shot(h, "09-victory")
	pastGuard(h)
	lb := r.buttons[len(r.buttons)-1]
	h.step(hover(lb.X+lb.W/2, lb.Y+lb.H/2), click(lb.X+lb.W/2, lb.Y+lb.H/2))
	h.settle()
	h.want("levels")
	ticks(h, 30)
	shot(h, "10-levels-after-win")

	h.m.GoTo(NewTitle(env))
	h.settle()
	startLevel(t, h, [2]Player{Human, Computer}, "maps/crossroads.tmx", "normal")
	ticks(h, 60)
	endBattle(t, h, rules.SideBlue)
	ticks(h, 90)
	shot(h, "11-defeat")
}

// tourUpright: the screens laid out for a phone held upright (a 390×844
// page, the screen following it, a finger): the title, its help card,
// the level select against the computer, the Crossroads briefing, the
// pause menu, the handover, the victory, the settings, the load screen,
// a save resumed, Play online and the joining of a match.
func tourUpright(t *testing.T) {
	env := tourEnv(t)
	env.Window, env.Portrait, env.Finger = [2]float64{390, 844}, true, true
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	h.settle()
	ticks(h, 30)
	shot(h, "16-upright-title")
	h.step(key(systems.IntentHelp))
	shot(h, "17-upright-help")
	h.step(key(systems.IntentBack))
	b := startLevel(t, h, [2]Player{Human, Computer}, "maps/crossroads.tmx", "normal")
	ticks(h, 30)
	shot(h, "19-upright-briefing")
	h.step(key(systems.IntentAnyKey))
	h.m.Push(newPauseMenu(b))
	h.step()
	shot(h, "20-upright-menu")
	h.m.Pop()
	h.m.Push(&handover{b: b, side: rules.SideRed, up: 1})
	shot(h, "21-upright-handover")
	h.m.Pop()
	endBattle(t, h, rules.SideRed)
	ticks(h, 90)
	shot(h, "22-upright-victory")
	ls := NewLevelSelectFor(env, [2]Player{Human, Computer})
	ls.choose("maps/crossroads.tmx")
	h.m.GoTo(ls)
	h.settle()
	shot(h, "18-upright-levels")

	h.m.GoTo(NewSettings(env, NewTitle(env)))
	h.settle()
	shot(h, "23-upright-settings")
	r := golden(t, "glasshouse")
	r.Sides = [2]string{"human", "human"}
	for i := range 3 {
		r.Saved = time.Date(2026, 11, 28, 18, 10*i, 0, 0, time.UTC).Format(time.RFC3339)
		if err := env.Store.Put(fmt.Sprintf("saves/tour-%d", i), r); err != nil {
			t.Fatal(err)
		}
	}
	h.m.GoTo(NewLoad(env, nil))
	h.settle()
	shot(h, "24-upright-load")
	rs, err := NewResuming(env, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	rs.budget = time.Nanosecond // a command a frame: the screen stays up
	h.m.GoTo(rs)
	for i := 0; i < 120 && h.m.Transitioning(); i++ {
		h.step()
	}
	h.want("resuming")
	shot(h, "25-upright-resuming")
	for i := 0; i < 600 && h.m.Current() == Scene(rs); i++ {
		h.step()
	}
	h.settle()
	h.want("battle")
	h.m.GoTo(NewOnlineMenu(env))
	h.settle()
	shot(h, "26-upright-online")
	h.m.GoTo(NewJoining(env, netplay.Link{Server: DefaultServer, Match: "4f9c2a7e", Seat: "8e7d6c5b"}))
	defer env.closeOnline()
	h.settle()
	shot(h, "27-upright-joining")
}

// tourFollowMap is a long range: Blue at the west end, Red at the east,
// in sight of each other.
const tourFollowMap = `
..............................
..B.......................R...
..............................`

// tourCoverMap is a yard: Blue west of a wall and a fence, three Reds
// east of it.
const tourCoverMap = `
................
............R...
................
......h.........
..B...h.....R...
......l.........
................
...........R....`

// tourOverwatchMap is a lane Red watches from the east.
const tourOverwatchMap = `
............
..........R.
............
............
.B..........
............`

// tourShooter is a computer side that shoots at one unit, then ends its
// turn.
type tourShooter struct {
	unit, target int
	shot         bool
}

// Next shoots once, then ends the turn.
func (c *tourShooter) Next(*match.View) rules.Command {
	if c.shot {
		return rules.EndTurn{}
	}
	c.shot = true
	return rules.Attack{Unit: c.unit, Target: c.target}
}
