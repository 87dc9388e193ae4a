package scenes

import (
	"image/color"
	"slices"
	"strings"
	"testing"

	"sightline/actions"
	"sightline/rules"
	"sightline/systems"
)

// hiddenMap walls Red 2, on overwatch, off from Blue 1: Blue's side must
// learn nothing about it.
const hiddenMap = `
......#...
.B....#.R.
......#...`

func TestBattleFogHidesEnemies(t *testing.T) {
	h, b := rangeBattle(t, hiddenMap)
	s := b.State()
	red := s.Unit(2)
	red.Status.Overwatch, red.Status.WatchAt, red.Status.WatchDir = true, rules.Point{X: 1, Y: 1}, rules.West
	h.settle()
	h.step()
	if b.fog.Knows(2) {
		t.Fatal("test map: Blue sees Red 2 through the wall")
	}
	bx, by := b.ScreenOf(s.Unit(1).Pos)
	h.step(hover(bx, by), click(bx, by))
	if b.Selected() == nil {
		t.Fatal("Blue 1 not selected")
	}
	h.step()

	// The action bar names no hidden enemy.
	bar := b.ActionBar()
	for _, a := range actions.All() {
		if err := bar.Err(a.ID); err != nil && strings.Contains(err.Error(), "Red") {
			t.Errorf("%s is greyed out naming a hidden enemy: %v", a.Label, err)
		}
	}
	for _, id := range []actions.ID{actions.Attack, actions.Charge, actions.Blind} {
		if r := actions.Reason(bar.Err(id)); r != "No enemy in sight" {
			t.Errorf("%s: reason %q, want %q", id, r, "No enemy in sight")
		}
	}

	// Hovering and clicking the hidden enemy's tile in Attack mode: no
	// panel, no cone, no HUD card, no command, no name in the toast.
	h.step(systems.KeyIntent('2'))
	rx, ry := b.ScreenOf(red.Pos)
	h.step(hover(rx, ry))
	if b.TargetPanel() != nil || b.TargetedUnit() != 0 {
		t.Errorf("hovering the hidden enemy: panel %+v, cone on %d", b.TargetPanel(), b.TargetedUnit())
	}
	if info := b.look.hudInfo(); info.Hovered != nil {
		t.Errorf("the HUD's under-cursor card shows %s", info.Hovered.Name)
	}
	h.step(hover(rx, ry), click(rx, ry))
	if b.Busy() || s.Unit(1).AP != s.Unit(1).MaxAP {
		t.Error("clicking the hidden enemy's tile attacked it")
	}
	if toast := b.hud.ToastText(); strings.Contains(toast, "Red") || toast == "" {
		t.Errorf("toast %q: want the plain hint, naming nobody", toast)
	}
	// Out of a mode, a click there does not say whose unit stands there.
	h.step(key(systems.IntentCancel))
	h.step(key(systems.IntentCancel))
	h.step(hover(rx, ry), click(rx, ry))
	if toast := b.hud.ToastText(); strings.Contains(toast, "Red") {
		t.Errorf("clicking the hidden enemy with nobody selected: toast %q", toast)
	}
	// Its overwatch badge is not drawn.
	if tags := b.ui.badges.Tags(2); len(tags) != 0 {
		t.Errorf("the hidden enemy's badges are drawn: %v", tags)
	}
	screenshot(t, h, "fog-hidden.png")

	// Control: with the fog off the same checks do name it, so the tests
	// above can fail.
	b.fog.Off = true
	b.ui.bar.Invalidate()
	h.step(hover(bx, by), click(bx, by))
	h.step()
	if err := bar.Err(actions.Attack); err == nil || !strings.Contains(err.Error(), "Red 2") {
		t.Errorf("fog off: attack reason %v, want it to name Red 2", err)
	}
	if tags := b.ui.badges.Tags(2); len(tags) != 1 || tags[0] != "OVERWATCH" {
		t.Errorf("fog off: badges %v, want OVERWATCH", tags)
	}
}

// cornerMap hides Red 2 round the corner of Blue 1's corridor; with the
// spotter (Blue 2 at the corner) Blue sees it.
const cornerMap = `
#######
B....##
####.##
####R##
####..#`

// The movement range drawn for the side to move is planned with what it
// sees: no hole where a hidden enemy stands, a hole where a seen one does.
// A move into the hidden enemy stops in front of it, reveals it and says
// so in Blue's log.
func TestBattleReachHidesNoEnemy(t *testing.T) {
	for _, spotter := range []bool{false, true} {
		m := cornerMap
		if spotter {
			m = strings.Replace(m, "B....##", "B...B##", 1)
		}
		h, b := rangeBattle(t, m)
		s := b.State()
		red := s.Units[len(s.Units)-1]
		h.settle()
		bx, by := b.ScreenOf(s.Unit(1).Pos)
		h.step(hover(bx, by), click(bx, by))
		h.step()
		if b.hover.reachView == nil {
			t.Fatal("no movement range drawn for Blue 1")
		}
		if b.fog.Knows(red.ID) != spotter {
			t.Fatalf("spotter %v: Blue knows Red: %v", spotter, b.fog.Knows(red.ID))
		}
		for _, p := range []rules.Point{red.Pos, {X: 4, Y: 4}} {
			if b.hover.reachView.Tinted(p) == spotter {
				t.Errorf("spotter %v: tile %v tinted %v (a hole shows a seen enemy only)", spotter, p, !spotter)
			}
		}
		if spotter {
			continue
		}
		// The path preview walks through the hidden enemy's tile.
		dx, dy := b.ScreenOf(rules.Point{X: 4, Y: 4})
		h.step(hover(dx, dy))
		if b.hover.pathView == nil {
			t.Fatal("no path drawn to (4,4)")
		}
		h.step(hover(dx, dy), click(dx, dy))
		h.settle()
		h.step()
		if p := s.Unit(1).Pos; p != (rules.Point{X: 4, Y: 2}) {
			t.Errorf("Blue 1 ends at %v, want (4,2) in front of Red", p)
		}
		if !b.fog.Knows(red.ID) {
			t.Error("the enemy the move ran into is still hidden")
		}
		if log := b.Log().TextFor(rules.SideBlue); !strings.Contains(log, "blocked by a hidden enemy") {
			t.Errorf("Blue's log lacks the interruption:\n%s", log)
		}
	}
}

// fogLogMap walls Blue 1 and Red 2 off from each other; the open bottom
// row is in Blue's sight.
const fogLogMap = `
......#......
.B....#....R.
......#......
.............`

// Hot seat: the log panel reads to the side the fog shows the battle to.
// Blue's move in the fog is in Blue's log, not in Red's; Red's move into
// Blue's sight reads to Blue only from where it came into sight.
func TestBattleLogBySide(t *testing.T) {
	h, b := rangeBattle(t, fogLogMap)
	h.settle()
	b.apply(rules.Move{Unit: 1, To: rules.Point{X: 2, Y: 1}})
	h.settle()
	h.draw()
	const blueMove = "Blue 1 moves in the open to the north-west"
	if side, all := b.fog.Viewer(); side != rules.SideBlue || all || b.ui.logPanel.Side != rules.SideBlue {
		t.Fatalf("viewer %v (all %v), panel %v: want Blue", side, all, b.ui.logPanel.Side)
	}
	if !strings.Contains(b.Log().TextFor(rules.SideBlue), blueMove) {
		t.Errorf("Blue's log lacks its own move:\n%s", b.Log().TextFor(rules.SideBlue))
	}
	b.apply(rules.EndTurn{})
	h.settle()
	h.step()
	h.draw()
	if b.ui.logPanel.Side != rules.SideRed {
		t.Fatalf("after the handover the panel reads to %v, want Red", b.ui.logPanel.Side)
	}
	red := b.Log().TextFor(rules.SideRed)
	if strings.Contains(red, "Blue 1") || !strings.Contains(red, "Red's turn") {
		t.Errorf("Red's log reads Blue's move in the fog, or lacks the turn:\n%s", red)
	}
	b.apply(rules.Move{Unit: 2, To: rules.Point{X: 4, Y: 3}})
	h.settle()
	if blue := b.Log().TextFor(rules.SideBlue); strings.Contains(blue, "Red 2 moves") || !strings.Contains(blue, "Red 2 comes into sight in the open to the south-west") {
		t.Errorf("Blue's log has more or less of Red's move than it saw:\n%s", blue)
	}
	if red := b.Log().TextFor(rules.SideRed); !strings.Contains(red, "Red 2 moves in the open to the south-west") {
		t.Errorf("Red's log lacks its own move:\n%s", red)
	}
	// Control: with the fog off the panel reads everything.
	b.fog.Off = true
	h.draw()
	if !b.ui.logPanel.All || !strings.Contains(b.Log().Text(), blueMove) {
		t.Errorf("fog off: panel all %v, log:\n%s", b.ui.logPanel.All, b.Log().Text())
	}
}

// memoryMap walls Blue 1 off from the picket fence Red 2 stands behind;
// the open bottom row lets Blue round the wall.
const memoryMap = `
.....#......
.B...#...l.R
.....#......
.....#......
............`

// Red breaks the fence out of Blue's sight: Blue's frame still draws it,
// pixel for pixel as before, while Red's no longer does; once Blue rounds
// the wall and sees the tile it is gone for Blue too.
func TestBattleFogRemembersCover(t *testing.T) {
	h, b := rangeBattle(t, memoryMap)
	s := b.State()
	fence := rules.Point{X: 9, Y: 1}
	var id int
	for _, o := range s.Board.Obstacles {
		if o.Shape.CoversTile(fence, s.Board.TileSize) {
			id = o.ID
		}
	}
	drawn := func() bool {
		for _, o := range b.fog.Obstacles(s.Board) {
			if o.ID == id {
				return true
			}
		}
		return false
	}
	// pixel draws a frame, once the turn's banner (which may cross the
	// fence) is gone, and returns the colour at the fence tile's centre.
	pixel := func() color.RGBA {
		for i := 0; i < 120 && b.hud.BannerText() != ""; i++ {
			h.step()
		}
		h.draw()
		x, y := b.ScreenOf(fence)
		return color.RGBAModel.Convert(h.screen.At(int(x), int(y))).(color.RGBA)
	}
	near := func(a, c color.RGBA) bool {
		d := func(x, y uint8) bool { return x-y <= 4 || y-x <= 4 }
		return d(a.R, c.R) && d(a.G, c.G) && d(a.B, c.B)
	}
	h.settle()
	h.step()
	if v := b.fog.Visibility(); v.Side != rules.SideBlue || v.Seen(fence) {
		t.Fatal("test map: Blue sees the fence")
	}
	blueBefore := pixel()
	b.apply(rules.EndTurn{})
	h.settle()
	h.step()
	redBefore := pixel()

	seed := uint64(0)
	for sd := uint64(1); sd <= 500 && seed == 0; sd++ {
		evs, err := rules.Apply(s.Clone(), rules.Attack{Unit: 2, Obstacle: id}, rules.NewRNG(sd))
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(names(evs), "obstacle_removed") {
			seed = sd
		}
	}
	if seed == 0 {
		t.Fatal("no seed in 1..500 breaks the fence in one shot")
	}
	reseed(b, seed)
	b.apply(rules.Attack{Unit: 2, Obstacle: id})
	h.settle()
	h.step()
	if s.Board.Obstacle(id) != nil {
		t.Fatal("the fence still stands")
	}
	if drawn() {
		t.Error("Red, who broke it, is still drawn the fence")
	}
	if redAfter := pixel(); near(redAfter, redBefore) {
		t.Errorf("Red's frame at the fence: %v before, %v after; want it changed", redBefore, redAfter)
	}

	b.apply(rules.EndTurn{})
	h.settle()
	h.step()
	if side, _ := b.fog.Viewer(); side != rules.SideBlue {
		t.Fatalf("after the handover the fog shows %v", side)
	}
	if !drawn() {
		t.Error("Blue, who did not see it break, is no longer drawn the fence")
	}
	if blueAfter := pixel(); !near(blueAfter, blueBefore) {
		t.Errorf("Blue's frame at the fence: %v before, %v after it broke out of sight; want it unchanged", blueBefore, blueAfter)
	}
	if log := b.Log().TextFor(rules.SideBlue); strings.Contains(log, "picket fence") {
		t.Errorf("Blue's log tells of the fence:\n%s", log)
	}
	screenshot(t, h, "fog-remembered-cover.png")

	// Blue rounds the wall: the fence is gone once the move has played.
	b.apply(rules.Move{Unit: 1, To: rules.Point{X: 6, Y: 4}})
	if !drawn() {
		t.Error("the fence is gone for Blue before the move has played")
	}
	h.settle()
	h.step()
	if !b.fog.Visibility().Seen(fence) {
		t.Fatalf("test map: Blue at %v does not see the fence's tile", s.Unit(1).Pos)
	}
	if drawn() {
		t.Error("Blue sees the fence's tile and is still drawn the fence")
	}
	if blueSeen := pixel(); near(blueSeen, blueBefore) {
		t.Errorf("Blue's frame at the fence it sees gone: %v, as when it stood", blueSeen)
	}
}

// TestBriefingHidesEnemies: the briefing card opens over a battle whose
// fog is already up, so the map under it shows no enemy its side does
// not see (before, the fog was computed only once the card was gone, and
// the card's map showed every enemy's start).
func TestBriefingHidesEnemies(t *testing.T) {
	s, err := rules.ParseASCII(hiddenMap)
	if err != nil {
		t.Fatal(err)
	}
	s.Objectives = []rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalEliminate}, {Side: rules.SideRed, Goal: rules.GoalEliminate}}
	env := testEnv(t)
	env.NoBriefing = false
	b := NewBattle(env, SetupFromState("Hidden", s))
	h := newHarness(t, env, func(*Env) Scene { return b })
	h.settle()
	if len(h.briefing()) == 0 {
		t.Fatal("no briefing card")
	}
	if b.fog.Knows(2) {
		t.Error("under the briefing card the fog shows Red 2, whom Blue does not see")
	}
	if !b.fog.Knows(1) {
		t.Error("under the briefing card the fog hides Blue 1, Blue's own")
	}
}
