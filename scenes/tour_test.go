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
	if _, err := levels.Load(levels.Embedded(), "maps/crossroads.tmx"); err != nil {
		t.Fatalf("the tour's map: %v", err)
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

// tourHover: on Crossroads, a unit's move previewed onto a tile behind
// cover (the fence by the crossroads) from the enemies come east of it.
func tourHover(t *testing.T) {
	h, b := crossroadsBattle(t, map[int]rules.Point{2: {X: 7, Y: 11}, 4: {X: 17, Y: 10}, 5: {X: 16, Y: 12}, 6: {X: 18, Y: 8}})
	h.settle()
	ticks(h, 60)
	u := b.State().Unit(2)
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

// crossroadsBattle starts a battle on the shipped Crossroads map with the
// units named in at moved there (unit ID to tile), the others where the
// map puts them.
func crossroadsBattle(t *testing.T, at map[int]rules.Point) (*harness, *Battle) {
	t.Helper()
	return crossroadsFor(t, at, [2]Player{Human, Human})
}

// crossroadsFor is crossroadsBattle with the given players.
func crossroadsFor(t *testing.T, at map[int]rules.Point, players [2]Player) (*harness, *Battle) {
	t.Helper()
	lv, err := levels.Load(levels.Embedded(), "maps/crossroads.tmx")
	if err != nil {
		t.Fatal(err)
	}
	for id, p := range at {
		u := lv.State.Unit(id)
		if u == nil {
			t.Fatalf("Crossroads has no unit %d", id)
		}
		u.Pos = p
	}
	env := testEnv(t)
	setup := SetupFromLevel(lv)
	setup.Players = players
	b := NewBattle(env, setup)
	h := newHarness(t, env, func(*Env) Scene { return b })
	return h, b
}

// onScreen reports whether tile p's centre is inside the battle's screen.
func onScreen(b *Battle, p rules.Point) bool {
	x, y := b.ScreenOf(p)
	return x >= 0 && y >= 0 && x < ScreenWidth && y < ScreenHeight
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

// tourCombat, on Crossroads: the hit panel, the computer shooting a
// player's unit the camera did not show, and an overwatch reaction.
func tourCombat(t *testing.T) {
	h, b := crossroadsBattle(t, map[int]rules.Point{4: {X: 9, Y: 1}})
	h.settle()
	ticks(h, 60)
	bx, by := b.ScreenOf(rules.Point{X: 1, Y: 1})
	h.step(hover(bx, by), click(bx, by))
	h.step(systems.KeyIntent('2')) // Attack
	rx, ry := b.ScreenOf(rules.Point{X: 9, Y: 1})
	h.step(hover(rx, ry))
	h.step(hover(rx, ry))
	if tp := b.TargetPanel(); tp == nil || tp.Err != nil {
		t.Fatalf("no hit panel over Red 4: %+v", tp)
	}
	shot(h, "06-hit-panel")

	// The computer shoots a player's unit along the open row 9 while the
	// camera looks, zoomed in, at the south-west corner where neither is:
	// the camera must come to the shot and frame both. The player is Blue,
	// so the hit reads as harm.
	h, b = crossroadsFor(t, map[int]rules.Point{3: {X: 1, Y: 9}, 4: {X: 22, Y: 9}}, [2]Player{Human, Computer})
	s := b.State()
	blue, red := s.Unit(3), s.Unit(4)
	b.SetController(rules.SideRed, &tourShooter{unit: red.ID, target: blue.ID})
	h.settle()
	cam := b.Camera()
	cam.ZoomAt(3, 0, 0)
	cam.CenterOn(float64(3*s.Board.TileSize), float64(21*s.Board.TileSize))
	if onScreen(b, blue.Pos) || onScreen(b, red.Pos) {
		t.Fatal("the shooter or its target is on screen before the computer's turn")
	}
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
	if !onScreen(b, blue.Pos) || !onScreen(b, red.Pos) {
		t.Errorf("the camera did not frame the shot: shooter on screen %v, target %v", onScreen(b, red.Pos), onScreen(b, blue.Pos))
	}
	shot(h, "07-computer-shoots")

	// An overwatch reaction: Red 4 watches west, Blue 3 walks into it.
	h, b = crossroadsBattle(t, map[int]rules.Point{4: {X: 19, Y: 9}, 3: {X: 11, Y: 12}})
	s = b.State()
	w, walker := s.Unit(4), s.Unit(3)
	b.apply(rules.EndTurn{})
	h.settle()
	b.apply(rules.Overwatch{Unit: w.ID, At: rules.Point{X: 14, Y: 9}}) // west: the zone is a wedge
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
	b.apply(rules.Move{Unit: walker.ID, To: rules.Point{X: 14, Y: 10}})
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
