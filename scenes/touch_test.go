package scenes

import (
	"strings"
	"testing"

	"sightline/actions"
	"sightline/rules"
	"sightline/systems"
)

// tap returns the intents of a finger tapped at (x, y), as systems.Touches
// makes them: AnyKey, Hover and Click, marked Touch.
func tap(x, y float64) []systems.Intent {
	return []systems.Intent{
		{Kind: systems.IntentAnyKey, X: x, Y: y, Touch: true},
		{Kind: systems.IntentHover, X: x, Y: y, Touch: true},
		{Kind: systems.IntentClick, X: x, Y: y, Touch: true},
	}
}

// fingers runs one tick per frame of fingers through a systems.Touches,
// as Input does, each frame a list of id, x, y triples.
func fingers(h *harness, frames ...[]float64) {
	h.t.Helper()
	var t systems.Touches
	for _, f := range frames {
		var now []systems.TouchPoint
		for i := 0; i+2 < len(f); i += 3 {
			now = append(now, systems.TouchPoint{ID: int(f[i]), X: f[i+1], Y: f[i+2]})
		}
		h.step(t.Step(now, nil)...)
	}
}

// settledRange is rangeBattle with the turn banner gone.
func settledRange(t *testing.T) (*harness, *Battle) {
	t.Helper()
	h, b := rangeBattle(t, rangeMap)
	h.settle()
	for i := 0; i < 50; i++ {
		h.step()
	}
	return h, b
}

func TestTapPreviewsThenMoves(t *testing.T) {
	h, b := settledRange(t)
	s := b.State()
	u := s.Unit(1)
	ux, uy := b.ScreenOf(u.Pos)

	// A tap on one of the side's units selects it at once.
	h.step(tap(ux, uy)...)
	if b.Selected() != u || !b.TouchMode() {
		t.Fatalf("tapping %s: selected %v, touch mode %v", u.Name, b.Selected(), b.TouchMode())
	}

	// The first tap on a tile previews the move: the path shows, the
	// unit stays.
	first, second := rules.Point{X: 4, Y: 3}, rules.Point{X: 3, Y: 1}
	fx, fy := b.ScreenOf(first)
	h.step(tap(fx, fy)...)
	if u.Pos != (rules.Point{X: 2, Y: 3}) || b.Busy() {
		t.Fatalf("the first tap on %v moved the unit to %v", first, u.Pos)
	}
	if at, ok := b.Armed(); !ok || at != first || b.hover.pathView == nil || b.hover.tile != first {
		t.Fatalf("after the first tap on %v: armed %v %v, path %v, hover %v", first, at, ok, b.hover.pathView, b.hover.tile)
	}
	// With no hover after it, the preview stays on the tapped tile.
	h.step()
	h.step()
	if b.hover.pathView == nil || b.hover.tile != first {
		t.Fatalf("the preview did not stay: path %v, hover %v", b.hover.pathView, b.hover.tile)
	}
	h.draw()

	// A tap elsewhere moves the preview there; still no move.
	sx, sy := b.ScreenOf(second)
	h.step(tap(sx, sy)...)
	if at, ok := b.Armed(); u.Pos != (rules.Point{X: 2, Y: 3}) || !ok || at != second || b.hover.tile != second {
		t.Fatalf("a tap on %v: unit at %v, armed %v %v, hover %v", second, u.Pos, at, ok, b.hover.tile)
	}
	// Back on the first tile: that too is only a preview now.
	h.step(tap(fx, fy)...)
	if u.Pos != (rules.Point{X: 2, Y: 3}) {
		t.Fatalf("a tap back on %v after %v moved the unit", first, second)
	}

	// The second tap on the same tile moves.
	ap := u.AP
	h.step(tap(fx, fy)...)
	if u.Pos != first || u.AP >= ap || !b.Busy() {
		t.Fatalf("the second tap on %v: unit at %v with %d AP (had %d), busy %v", first, u.Pos, u.AP, ap, b.Busy())
	}
	if _, ok := b.Armed(); ok {
		t.Error("the move left a tile armed")
	}
	h.settle()

	// A mouse click still moves at once, and takes the pointer back.
	mx, my := b.ScreenOf(rules.Point{X: 5, Y: 3})
	h.step(hover(mx, my), click(mx, my))
	if u.Pos != (rules.Point{X: 5, Y: 3}) || b.TouchMode() {
		t.Fatalf("a mouse click on (5,3): unit at %v, touch mode %v", u.Pos, b.TouchMode())
	}
}

func TestTapAimsThenFires(t *testing.T) {
	h, b := settledRange(t)
	s := b.State()
	ux, uy := b.ScreenOf(rules.Point{X: 2, Y: 3})
	h.step(tap(ux, uy)...)

	// The action bar works by tap: Attack enters its mode at once.
	ax, ay, ok := b.ActionBar().ButtonCenter(actions.Attack)
	if !ok {
		t.Fatal("no Attack button on the bar")
	}
	h.step(tap(ax, ay)...)
	if b.Mode() != actions.Attack {
		t.Fatalf("tapping Attack: mode %v", b.Mode())
	}
	if b.ActionBar().Tooltip() == "" {
		t.Error("tapping Attack shows no tooltip (a finger cannot hover for it)")
	}

	// The first tap on the enemy shows the hit panel and does not fire.
	rx, ry := b.ScreenOf(rules.Point{X: 10, Y: 3})
	ap := s.Unit(1).AP
	h.step(tap(rx, ry)...)
	if tp := b.TargetPanel(); tp == nil || tp.Err != nil || b.Busy() || s.Unit(1).AP != ap {
		t.Fatalf("the first tap on Red 2: panel %+v, busy %v, AP %d", tp, b.Busy(), s.Unit(1).AP)
	}
	// The second fires.
	h.step(tap(rx, ry)...)
	if !b.Busy() || s.Unit(1).AP >= ap {
		t.Fatalf("the second tap on Red 2: busy %v, AP %d (had %d); want the shot", b.Busy(), s.Unit(1).AP, ap)
	}
	h.settle()

	// Tapping a mode's button again leaves the mode (a finger's Esc).
	h.step(tap(ax, ay)...)
	h.step(tap(ax, ay)...)
	if b.Mode() != actions.Move {
		t.Errorf("tapping Attack twice: mode %v, want Move", b.Mode())
	}
}

func TestDragPansPinchZooms(t *testing.T) {
	h, b := rangeBattle(t, `
........................................
........................................
..B.................................lR..
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................`)
	h.settle()
	cam := b.Camera()
	cam.ZoomAt(2, 640, 360)
	x0, y0, z0 := cam.X, cam.Y, cam.Zoom
	sel := b.Selected()

	// One finger dragged left and up moves the map with it: the view
	// goes right and down. It neither selects nor moves anything.
	fingers(h, []float64{1, 640, 400}, []float64{1, 600, 380}, []float64{1, 560, 360}, nil)
	if cam.X <= x0 || cam.Y <= y0 || cam.Zoom != z0 {
		t.Fatalf("a drag left and up: camera (%.1f,%.1f) zoom %.2f, was (%.1f,%.1f) zoom %.2f", cam.X, cam.Y, cam.Zoom, x0, y0, z0)
	}
	if b.Selected() != sel || b.Busy() {
		t.Fatal("the drag selected or ordered something")
	}

	// Two fingers spreading zoom in around their centre, which stays
	// over the same spot of the map.
	before := cam.ScreenToWorld(640, 400)
	z1 := cam.Zoom
	fingers(h, []float64{1, 600, 400, 2, 680, 400}, []float64{1, 560, 400, 2, 720, 400}, []float64{2, 720, 400}, nil)
	if cam.Zoom <= z1 {
		t.Fatalf("a pinch outward: zoom %.3f, was %.3f", cam.Zoom, z1)
	}
	if after := cam.ScreenToWorld(640, 400); abs(after.X-before.X) > 0.5 || abs(after.Y-before.Y) > 0.5 {
		t.Errorf("the pinch centre's world point moved from %v to %v", before, after)
	}
	if b.Selected() != sel || b.Busy() {
		t.Fatal("the pinch selected or ordered something")
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func TestTapMenuAndLevels(t *testing.T) {
	h, b := settledRange(t)
	// A tap shows the Menu button; tapping it opens the pause menu.
	ux, uy := b.ScreenOf(rules.Point{X: 2, Y: 3})
	h.step(tap(ux, uy)...)
	mb := b.hud.Menu
	h.step(tap(mb.X+mb.W/2, mb.Y+mb.H/2)...)
	if k, _ := h.menuKind(); k != menuPause {
		t.Fatalf("tapping Menu: menu %d, want the pause menu", k)
	}
	// A mouse click there does nothing: the button is not drawn for it.
	h.step(key(systems.IntentBack))
	if k, _ := h.menuKind(); k != 0 {
		t.Fatal("Esc did not close the pause menu")
	}
	h.step(hover(mb.X+mb.W/2, mb.Y+mb.H/2), click(mb.X+mb.W/2, mb.Y+mb.H/2))
	if k, _ := h.menuKind(); k != 0 {
		t.Error("a mouse click on the hidden Menu button opened the menu")
	}

	// A tap on the combat log collapses or expands it (the L key).
	lx, ly := 40.0, 60.0 // the log heads the left column
	for ly < ScreenHeight && !b.ui.logPanel.Covers(lx, ly) {
		ly += 4
	}
	if !b.ui.logPanel.Covers(lx, ly) {
		t.Fatalf("no point of the log panel at x %.0f", lx)
	}
	was := b.ui.logPanel.Collapsed
	h.step(tap(lx, ly)...)
	if b.ui.logPanel.Collapsed == was {
		t.Error("a tap on the log did not toggle it")
	}

	// The level select: the first tap on a row shows its card, the
	// second starts it; a tap's hover moves nothing.
	env := testEnv(t)
	h = newHarness(t, env, func(e *Env) Scene { return NewLevelSelect(e) })
	h.settle()
	ls := h.m.Current().(*LevelSelect)
	row := -1
	for i, e := range ls.Entries() {
		if e.Err == nil && i != ls.cursor {
			row = i
			break
		}
	}
	if row < 0 {
		t.Fatal("no second playable level")
	}
	rx, ry := float64(listX+40), float64(listY+row*rowH+rowH/2)
	h.step(tap(rx, ry)...)
	h.draw()
	if ls.cursor != row || h.m.Transitioning() {
		t.Fatalf("the first tap on row %d: cursor %d, leaving %v", row, ls.cursor, h.m.Transitioning())
	}
	h.step(tap(rx, ry)...)
	h.settle()
	h.want("battle")

	// Against the computer, a tap on its line changes it (the D key).
	h = newHarness(t, env, func(e *Env) Scene { return NewLevelSelectFor(e, [2]Player{Human, Computer}) })
	h.settle()
	ls = h.m.Current().(*LevelSelect)
	if len(ls.profiles) < 2 {
		t.Fatalf("the computer has %d profiles, want several", len(ls.profiles))
	}
	before := ls.profile
	h.step(tap(detailX+detailW-40, 110)...)
	if want := (before + 1) % len(ls.profiles); ls.profile != want {
		t.Errorf("a tap on the computer's line: profile %d, want %d", ls.profile, want)
	}

	// The Back button, shown to touch, returns to the title.
	h = newHarness(t, env, func(e *Env) Scene { return NewLevelSelect(e) })
	h.settle()
	back := levelsBack()
	h.step(tap(back.X+10, back.Y+10)...)
	h.settle()
	h.want("title")
}

// tapKey taps the HUD's touch key labelled label, failing when the HUD
// shows none.
func tapKey(h *harness, b *Battle, label string) {
	h.t.Helper()
	keys := b.touch.keys()
	for _, k := range b.hud.TouchKeyButtons(keys) {
		if k.Label == label {
			h.step(tap(k.X+k.W/2, k.Y+k.H/2)...)
			return
		}
	}
	h.t.Fatalf("no touch key %q among %v", label, touchLabels(b))
}

// touchLabels returns the labels of the touch keys the HUD shows.
func touchLabels(b *Battle) []string {
	var out []string
	for _, k := range b.hud.TouchKeyButtons(b.touch.keys()) {
		out = append(out, k.Label)
	}
	return out
}

func TestTouchKeysStandForTabAndRightClick(t *testing.T) {
	h, b := settledRange(t)
	u := b.State().Unit(1)
	ux, uy := b.ScreenOf(u.Pos)
	h.step(tap(ux, uy)...)
	steps := []struct {
		tap      string
		selected bool
		mode     actions.ID
		want     string // the touch keys after the tap
	}{
		{"DESELECT", false, actions.Move, "NEXT"},
		{"NEXT", true, actions.Move, "NEXT DESELECT"},
		{"", true, actions.Attack, "NEXT CANCEL"}, // 2: Attack
		{"CANCEL", true, actions.Move, "NEXT DESELECT"},
	}
	for _, s := range steps {
		if s.tap == "" {
			h.step(systems.KeyIntent('2'))
			h.step(tap(8, 300)...) // back to the finger
		} else {
			tapKey(h, b, s.tap)
		}
		have := strings.Join(touchLabels(b), " ")
		if (b.Selected() != nil) != s.selected || b.mode != s.mode || have != s.want {
			t.Errorf("after %q: selected %v, mode %v, keys %q; want selected %v, mode %v, keys %q",
				s.tap, b.Selected() != nil, b.mode, have, s.selected, s.mode, s.want)
		}
	}
	if !strings.Contains(b.look.hudInfo().Hint, "Tap") || len(b.look.hudInfo().TouchKeys) == 0 {
		t.Errorf("the HUD for a finger: hint %q, touch keys %v", b.look.hudInfo().Hint, b.look.hudInfo().TouchKeys)
	}
	// A finger is told of no keys: no badges on the bar, no keys on
	// Undo, End Turn or the log's title.
	h.draw()
	if !b.ui.bar.Touch || !b.ui.logPanel.Touch || b.ui.undo.Key != "" || b.hud.EndTurn.Key != "" {
		t.Errorf("touch mode: bar %v, log %v, undo key %q, end turn key %q; want no keys shown",
			b.ui.bar.Touch, b.ui.logPanel.Touch, b.ui.undo.Key, b.hud.EndTurn.Key)
	}
	if b.ui.bar.Mode != b.mode {
		t.Errorf("the bar outlines %v, the mode is %v", b.ui.bar.Mode, b.mode)
	}
	screenshot(t, h, "touch-keys.png")
}

func TestTouchKeysPlayAReplay(t *testing.T) {
	r, _ := goldenOutpost(t)
	h, b := watchReplay(t, r)
	b.watch.paused = true // held while the scene settles: the replay is short
	h.settle()
	b.watch.paused = false
	h.step(tap(8, 300)...) // a finger: the touch keys show
	if have := strings.Join(touchLabels(b), " "); have != "PAUSE STEP 2x VIEW WHY" {
		t.Fatalf("a replay's touch keys: %q", have)
	}
	tapKey(h, b, "2x")
	tapKey(h, b, "4x")
	tapKey(h, b, "PAUSE")
	if !b.watch.paused || b.watch.speed != 3 {
		t.Fatalf("after 2x, 4x and PAUSE: paused %v, speed %dx", b.watch.paused, int(watchSpeeds[b.watch.speed].fx))
	}
	for i := 0; i < 60; i++ {
		h.step() // the pause after the last command
	}
	for i := 0; i < 600 && (b.playback.Busy() || b.watch.wait > 0); i++ {
		h.step() // the last command's effects and the pause after it
	}
	n := len(b.Match().Log())
	tapKey(h, b, "STEP")
	for i := 0; i < 120 && len(b.Match().Log()) == n; i++ {
		h.step() // a computer's command plays once its shadow re-thought it
	}
	if len(b.Match().Log()) != n+1 {
		t.Errorf("STEP played %d commands, want 1", len(b.Match().Log())-n)
	}
	view := b.watch.view
	tapKey(h, b, "VIEW")
	if b.watch.view != (view+1)%3 {
		t.Errorf("VIEW: view %d, want %d", b.watch.view, (view+1)%3)
	}
	tapKey(h, b, "WHY")
	if !b.whyOn {
		t.Error("WHY did not show the computer's account")
	}
	screenshot(t, h, "touch-replay.png")
	tapKey(h, b, "HIDE WHY")
	tapKey(h, b, "PLAY")
	if b.whyOn || b.watch.paused {
		t.Errorf("HIDE WHY and PLAY: why shown %v, paused %v", b.whyOn, b.watch.paused)
	}
}

func TestTitleHelpByTap(t *testing.T) {
	h := newHarness(t, testEnv(t), func(e *Env) Scene { return NewTitle(e) })
	title := h.m.Current().(*Title)
	b := helpButton()
	h.step(tap(8, 300)...) // a finger: the Help button shows
	screenshot(t, h, "title-touch.png")
	h.step(tap(b.X+b.W/2, b.Y+b.H/2)...)
	if !h.helpUp() || h.m.Current() != Scene(title) {
		t.Fatalf("a tap on HELP: help %v, scene %s; want the help over the title", h.helpUp(), h.m.Current().Name())
	}
	screenshot(t, h, "title-touch-help.png")
	h.step(tap(600, 300)...)
	if h.helpUp() {
		t.Error("a tap did not close the help")
	}
}

// TestTouchCoverPanelOnlyForAChosenTile: a finger has no hover, so the
// cover from a tile (the sight preview, "YOUR COVER FROM HERE") shows
// only for the tile a tap chose: not for the unit a tap selected, nor
// once the move it chose is made; a tapped enemy still gets its cone.
// The mouse's hover over the unit's own tile still shows it.
func TestTouchCoverPanelOnlyForAChosenTile(t *testing.T) {
	h, b := settledRange(t)
	u := b.State().Unit(1)
	shown := func() bool { _, ok := b.sight.view.Preview(); return ok }
	ux, uy := b.ScreenOf(u.Pos)
	h.step(tap(ux, uy)...)
	h.step()
	if b.Selected() != u || shown() {
		t.Fatalf("a tap selecting %s: selected %v, cover panel shown %v; want it hidden", u.Name, b.Selected() == u, shown())
	}
	to := rules.Point{X: 4, Y: 3}
	tx, ty := b.ScreenOf(to)
	h.step(tap(tx, ty)...)
	h.step()
	if pv, ok := b.sight.view.Preview(); !ok || pv.Tile != to {
		t.Fatalf("a tap choosing %v: cover panel shown %v for %v", to, ok, pv.Tile)
	}
	h.step(tap(tx, ty)...)
	h.settle()
	h.step()
	if u.Pos != to || shown() {
		t.Fatalf("after the move to %v (unit at %v) the cover panel shows %v; want it hidden", to, u.Pos, shown())
	}
	ex, ey := b.ScreenOf(rules.Point{X: 10, Y: 3})
	h.step(tap(ex, ey)...)
	if _, ok := b.sight.view.TargetInfo(); !ok {
		t.Error("a tap on the enemy shows no cone")
	}
	// The mouse hovering the unit's own tile: the panel shows.
	ux, uy = b.ScreenOf(u.Pos)
	h.step(hover(ux, uy))
	if pv, ok := b.sight.view.Preview(); !ok || pv.Tile != u.Pos {
		t.Errorf("the mouse over %s's tile: cover panel shown %v for %v", u.Name, ok, pv.Tile)
	}
}
