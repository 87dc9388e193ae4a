package scenes

import (
	"image"
	"io/fs"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/levels"
	"sightline/rules"
	"sightline/systems"
)

// brokenMap is a level file the loader must reject.
const brokenMap = "maps/zz_broken.tmx"

// testLevels returns the embedded levels plus one broken map.
func testLevels(t *testing.T) fs.FS {
	t.Helper()
	out := fstest.MapFS{}
	err := fs.WalkDir(levels.Embedded(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(levels.Embedded(), p)
		out[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	out[brokenMap] = &fstest.MapFile{Data: []byte("<map version=\"1.10\"><this is not a map")}
	return out
}

// harness drives a manager with injected intents and draws every frame
// offscreen, recording the scene changes.
type harness struct {
	t      *testing.T
	m      *Manager
	screen *ebiten.Image
	probe  *ebiten.Image // a 1×1 image read back to end each frame
	pixel  [4]byte
	names  []string
	// fades makes settle draw every tenth tick, the fades between
	// scenes among them (TestSceneFlow); other tests draw only the
	// frames they look at.
	fades bool
}

func newHarness(t *testing.T, env *Env, first func(*Env) Scene) *harness {
	sw, sh := env.Screen()
	h := &harness{t: t, screen: ebiten.NewImage(int(sw), int(sh)), probe: ebiten.NewImage(1, 1)}
	h.m = NewManager(env, first(env))
	h.m.OnChange = func(n string) { h.names = append(h.names, n) }
	h.m.Start()
	return h
}

// step runs one tick with the given intents.
func (h *harness) step(in ...systems.Intent) {
	h.t.Helper()
	if err := h.m.Update(in); err != nil {
		h.t.Fatalf("update: %v", err)
	}
}

// draw draws the current frame and reads a pixel back, which makes ebiten
// render it: the tests run inside one ebiten Update, where draw commands
// would otherwise pile up unrendered. (Rendering every tick under a
// software GL would make the test slow; the frames that matter are drawn.
// A scene's first frame costs seconds of CPU there, its layers drawn.)
func (h *harness) draw() {
	h.t.Helper()
	h.m.Draw(h.screen)
	h.probe.DrawImage(h.screen.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image), nil)
	h.probe.ReadPixels(h.pixel[:])
}

// settle runs ticks without input until no fade is running, no save is
// being resumed and, in a battle, no animation is playing. It draws
// nothing unless h.fades: the scenes' updates never wait for a frame, and
// drawing the screens a test passes through without looking at them was
// most of the package's CPU (a first frame of a scene: 2-8 CPU s under
// the software renderer).
func (h *harness) settle() {
	h.t.Helper()
	for i := 0; i < 600; i++ {
		b, inBattle := h.m.Current().(*Battle)
		_, resuming := h.m.Current().(*Resuming)
		if !h.m.Transitioning() && (!inBattle || !b.Busy()) && !resuming {
			return
		}
		h.step()
		if h.fades && i%10 == 0 {
			h.draw()
		}
	}
	h.t.Fatal("scene never settled")
}

func (h *harness) want(name string) {
	h.t.Helper()
	if got := h.m.Current().Name(); got != name {
		h.t.Fatalf("scene: have %q, want %q (changes so far %v)", got, name, h.names)
	}
}

// menuKind returns the page of the pause menu on top of the stack
// (menuPause, menuQuit), 0 when none is up, and the menu.
func (h *harness) menuKind() (int, *systems.Menu) {
	if p, ok := h.m.Top().(*pauseMenu); ok {
		return p.kind, &p.menu
	}
	return 0, nil
}

// helpUp reports whether the help card is on top of the stack.
func (h *harness) helpUp() bool {
	_, ok := h.m.Top().(*helpCard)
	return ok
}

// handover returns the side the handover screen waits for, and whether it
// is up.
func (h *harness) handover() (rules.Side, bool) {
	if o, ok := h.m.Top().(*handover); ok {
		return o.side, true
	}
	return 0, false
}

// briefing returns the lines of the briefing card while it is up.
func (h *harness) briefing() []string {
	c, ok := h.m.Top().(*briefingCard)
	if !ok {
		return nil
	}
	var out []string
	for _, l := range c.lines {
		out = append(out, l.text)
	}
	return out
}

// sharedBackdrop is the title's backdrop the first test that showed the
// title drew, handed to the Env of every later test: the same image each
// time (titleLevel, dimmed), whose drawing cost a software renderer
// seconds in each of the many tests that pass the title. TestTitleLayout
// draws its own. sharedPreviews are the level select's pictures of the
// levels, shared so (each is keyed by its level's file and state hash).
// sharedObstacles are the battles' first obstacle layers, shared so (each
// is keyed by what it shows). sharedShapes keeps the painters' shapes
// across the tests as one Env keeps them across a run's screens and
// battles (drawn.shapes): the tests open some hundred battles and screens,
// whose first two frames would fill each panel and token as a path.
var (
	sharedBackdrop  *ebiten.Image
	sharedPreviews  = map[string]*ebiten.Image{}
	sharedObstacles = &systems.ObstacleCache{}
	sharedShapes    = &systems.ShapeStore{}
)

func testEnv(t *testing.T) *Env {
	t.Helper()
	fonts, err := systems.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	env := &Env{Fonts: fonts, Levels: testLevels(t), Seed: 7, NoHandover: true, NoBriefing: true,
		drawn: drawn{titleBack: sharedBackdrop, previews: sharedPreviews, obstacles: sharedObstacles, shapes: sharedShapes}}
	t.Cleanup(func() {
		if sharedBackdrop == nil && !t.Failed() {
			sharedBackdrop = env.titleBack
		}
	})
	return env
}

func key(k systems.IntentKind) systems.Intent { return systems.Intent{Kind: k} }

func click(x, y float64) systems.Intent {
	return systems.Intent{Kind: systems.IntentClick, X: x, Y: y}
}

func hover(x, y float64) systems.Intent {
	return systems.Intent{Kind: systems.IntentHover, X: x, Y: y}
}

func TestSceneFlow(t *testing.T) {
	h := newHarness(t, testEnv(t), func(e *Env) Scene { return NewTitle(e) })
	h.fades = true // this test draws the fades between the scenes too
	h.step()
	h.draw()
	h.want("title")

	// Title: with no save, Continue and Load are greyed out, Campaign
	// has the focus, and 5 chooses Hot-seat: the level select.
	title := h.m.Current().(*Title)
	if !title.menu.Items[0].Disabled || !title.menu.Items[6].Disabled || title.menu.Items[1].Label != "Campaign" ||
		title.menu.Items[2].Label != "Play vs computer" || title.menu.Items[4].Label != "Hot-seat" {
		t.Errorf("with no save, the title offers %+v", title.menu.Items)
	}
	h.step(systems.KeyIntent('5'))
	h.settle()
	h.want("levels")
	h.draw()
	ls := h.m.Current().(*LevelSelect)

	// The broken map is listed with its error and cannot be started.
	bad := slices.IndexFunc(ls.Entries(), func(e levels.Entry) bool { return e.Path == brokenMap })
	if bad < 0 || ls.Entries()[bad].Err == nil {
		t.Fatalf("broken map not listed with an error: %+v", ls.Entries())
	}
	good := slices.IndexFunc(ls.Entries(), func(e levels.Entry) bool { return e.Err == nil })
	if good < 0 {
		t.Fatalf("no playable embedded level: %+v", ls.Entries())
	}
	for ls.cursor != bad {
		h.step(key(systems.IntentDown))
	}
	h.step(key(systems.IntentConfirm))
	h.settle()
	h.draw()
	h.want("levels")
	if ls.msgLeft <= 0 {
		t.Error("starting a broken level shows no message")
	}

	// Enter starts the first playable level.
	for ls.cursor != good {
		h.step(key(systems.IntentUp))
	}
	h.step(key(systems.IntentConfirm))
	h.settle()
	h.want("battle")
	b := h.m.Current().(*Battle)
	s := b.State()
	if s.Side != rules.SideBlue || s.Turn != 1 {
		t.Fatalf("battle starts with %v on turn %d, want Blue on turn 1", s.Side, s.Turn)
	}

	// Click a Blue unit to select it.
	var u *rules.Unit
	for _, c := range s.Units {
		if c.Side == rules.SideBlue && c.Alive() && c.Size == 1 {
			u = c
			break
		}
	}
	if u == nil {
		t.Fatal("no Blue foot unit on the level")
	}
	c := s.Board.TileCenter(u.Pos)
	b.Camera().CenterOn(c.X, c.Y)
	x, y := b.ScreenOf(u.Pos)
	h.step(hover(x, y), click(x, y))
	h.draw()
	if b.Selected() != u {
		t.Fatalf("clicking %s at (%.0f,%.0f) selected %v", u.Name, x, y, b.Selected())
	}

	// Click a reachable tile: the rules move the unit, the entity walks.
	reach := s.Reach(u.ID, rules.MoveBudget(u))
	target, cost := farthestVisible(b, reach, u.Pos)
	if cost <= 0 {
		t.Fatal("no reachable tile on screen")
	}
	start, apBefore := u.Pos, u.AP
	tx, ty := b.ScreenOf(target)
	h.step(hover(tx, ty))
	if b.hover.reachView == nil || b.hover.pathView == nil || b.hover.pathView.AP != rules.MoveAP(cost, u.Speed) {
		t.Fatalf("hovering %v: reach view %v, path view %+v; want both, the path costing %d AP", target, b.hover.reachView, b.hover.pathView, rules.MoveAP(cost, u.Speed))
	}
	h.draw()
	h.step(hover(tx, ty), click(tx, ty))
	if u.Pos != target || u.AP != apBefore-rules.MoveAP(cost, u.Speed) {
		t.Fatalf("after the move: unit at %v with %d AP, want %v with %d AP", u.Pos, u.AP, target, apBefore-rules.MoveAP(cost, u.Speed))
	}
	if !b.Busy() {
		t.Fatal("the move is not being animated")
	}
	e := b.World().Unit(u.ID)
	startPx, endPx := s.Board.TileCenter(start), s.Board.TileCenter(target)
	h.step()
	h.step()
	h.draw()
	if e.Pos == startPx || e.Pos == endPx {
		t.Errorf("mid-walk the token is at %v, want between %v and %v", e.Pos, startPx, endPx)
	}
	// An order while the walk plays finishes it at once and gives no
	// command: End Turn now shows the token at the end of its walk and
	// leaves Blue to move.
	h.step(key(systems.IntentEndTurn))
	if s.Side != rules.SideBlue {
		t.Fatal("a command was taken while the animation played")
	}
	if b.Busy() || e.Pos != endPx {
		t.Errorf("End Turn during the walk: busy %v, token at %v; want the walk finished at %v", b.Busy(), e.Pos, endPx)
	}
	h.settle()
	h.step()
	h.draw()
	if e.Pos != endPx {
		t.Errorf("after the walk the token is at %v, want %v", e.Pos, endPx)
	}

	// End Turn passes play to Red, once asked again (Blue could still act).
	h.step(key(systems.IntentEndTurn))
	h.step(key(systems.IntentEndTurn))
	if s.Side != rules.SideRed || b.Selected() != nil {
		t.Fatalf("after End Turn: %v to move, selected %v; want Red, none", s.Side, b.Selected())
	}
	h.settle()

	// Esc opens the pause menu; Quit to menu asks first, then returns to
	// the title.
	h.step(key(systems.IntentBack))
	h.settle()
	h.want("battle")
	if k, _ := h.menuKind(); k != menuPause {
		t.Fatal("Esc did not open the pause menu")
	}
	h.draw()
	h.step(systems.KeyIntent('6')) // Quit to menu
	if k, _ := h.menuKind(); k != menuQuit {
		t.Fatal("Quit to menu did not ask first")
	}
	h.step(key(systems.IntentConfirm)) // Quit
	h.settle()
	h.draw()
	h.want("title")
	wantNames := []string{"title", "levels", "battle", "title"}
	if !slices.Equal(h.names, wantNames) {
		t.Errorf("scene changes: have %v, want %v", h.names, wantNames)
	}
}

// farthestVisible returns the reachable tile with the highest cost whose
// centre is on screen and not under the HUD, and its cost.
func farthestVisible(b *Battle, r *rules.Reach, from rules.Point) (rules.Point, int) {
	best, bestCost := from, 0
	for _, p := range r.Tiles() {
		x, y := b.ScreenOf(p)
		if x < 0 || y < 0 || x >= ScreenWidth || y >= ScreenHeight || b.hud.Covers(x, y) {
			continue
		}
		if c := r.Cost(p); c > bestCost {
			best, bestCost = p, c
		}
	}
	return best, bestCost
}
