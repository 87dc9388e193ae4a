package scenes

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sightline/actions"
	"sightline/entities"
	"sightline/internal/ruletest"
	"sightline/rules"
	"sightline/systems"
)

// rangeBattle starts a battle on an ASCII range with troopers: Blue 1 at
// (2,3) behind nothing, Red 2 at (9,3) behind low wood cover, Red 3 far
// off behind a wall.
func rangeBattle(t *testing.T, m string) (*harness, *Battle) {
	t.Helper()
	s := ruletest.Wood(ruletest.Troopers(t, m), "picket fence")
	env := testEnv(t)
	b := NewBattle(env, SetupFromState("Range", s))
	h := newHarness(t, env, func(*Env) Scene { return b })
	return h, b
}

const rangeMap = `
............
............
..........#.
..B......lR.
..........#.
............`

// screenshot saves the harness's last frame when SIGHTLINE_SHOTS names a
// folder.
func screenshot(t *testing.T, h *harness, name string) {
	t.Helper()
	dir := os.Getenv("SIGHTLINE_SHOTS")
	if dir == "" {
		return
	}
	h.draw()
	img := image.NewRGBA(h.screen.Bounds())
	h.screen.ReadPixels(img.Pix)
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

func TestBattleAttackThroughIntents(t *testing.T) {
	h, b := rangeBattle(t, rangeMap)
	s := b.State()
	h.settle()
	for i := 0; i < 50; i++ { // let the turn banner fade
		h.step()
	}
	bx, by := b.ScreenOf(rules.Point{X: 2, Y: 3})
	h.step(hover(bx, by), click(bx, by))
	if b.Selected() == nil || b.Selected().ID != 1 {
		t.Fatal("clicking Blue 1 should select it")
	}
	h.step(systems.KeyIntent('2'))
	if b.Mode() != actions.Attack {
		t.Fatalf("key 2: mode %v, want Attack", b.Mode())
	}
	rx, ry := b.ScreenOf(rules.Point{X: 10, Y: 3})
	h.step(hover(rx, ry))
	tp := b.TargetPanel()
	if tp == nil || tp.Err != nil {
		t.Fatalf("hovering Red 2 in Attack mode: panel %+v", tp)
	}
	want, err := s.PreviewAttack(rules.Attack{Unit: 1, Target: 2})
	if err != nil {
		t.Fatal(err)
	}
	if tp.Preview.Chance != want.Chance || tp.Preview.CritChance != want.CritChance || len(tp.Lines) != len(want.Breakdown.Mods) {
		t.Fatalf("panel shows %.2f/%.2f with %d lines, preview says %.2f/%.2f with %d", tp.Preview.Chance, tp.Preview.CritChance,
			len(tp.Lines), want.Chance, want.CritChance, len(want.Breakdown.Mods))
	}
	screenshot(t, h, "targeting.png")

	h.step(hover(rx, ry), click(rx, ry))
	if !b.Busy() {
		t.Fatal("the attack's events should be playing")
	}
	if s.Unit(1).AP != 2 {
		t.Errorf("Blue 1 has %d AP after a rifle shot, want 2", s.Unit(1).AP)
	}
	// Input waits while the events play: a second click does nothing.
	h.step(hover(rx, ry), click(rx, ry))
	if s.Unit(1).AP != 2 {
		t.Error("a click during playback must not act")
	}
	for i := 0; i < 8; i++ {
		h.step()
	}
	screenshot(t, h, "shot.png")
	for i := 0; i < 24; i++ {
		h.step()
	}
	screenshot(t, h, "damage.png")
	h.settle()
	if b.Effects().Started == 0 {
		t.Error("no event effect played")
	}
	log := b.Log().Text()
	if !strings.Contains(log, "Blue 1 fires the rifle at Red 2: "+fmt.Sprintf("%.0f%%", want.Chance*100)+" — rolled") {
		t.Errorf("log lacks the shot:\n%s", log)
	}
	if b.Mode() != actions.Move {
		t.Error("after the attack the mode should return to Move")
	}
}

func TestIllegalActionIsDisabled(t *testing.T) {
	h, b := rangeBattle(t, rangeMap)
	h.settle()
	bx, by := b.ScreenOf(rules.Point{X: 2, Y: 3})
	h.step(hover(bx, by), click(bx, by))
	h.step()
	bar := b.ActionBar()
	err := bar.Err(actions.TakeCover)
	if err == nil {
		t.Fatal("Blue 1 in the open: Take Cover should be disabled")
	}
	if want := rules.Check(b.State(), rules.TakeCover{Unit: 1}); want == nil || want.Error() != err.Error() {
		t.Errorf("reason %v, rules.Check says %v", err, want)
	}
	x, y, ok := bar.ButtonCenter(actions.TakeCover)
	if !ok {
		t.Fatal("no Take Cover button")
	}
	h.step(hover(x, y))
	if tip := bar.Tooltip(); !strings.Contains(tip, actions.Reason(err)) {
		t.Errorf("tooltip %q should give the reason %q", tip, actions.Reason(err))
	}
	screenshot(t, h, "disabled.png")
	h.step(hover(x, y), click(x, y))
	if b.State().Unit(1).AP != 3 || b.Busy() {
		t.Error("clicking a disabled button must do nothing")
	}
	if toast := b.hud.ToastText(); !strings.Contains(toast, actions.Reason(err)) {
		t.Errorf("toast %q should give the reason", toast)
	}
	// Esc leaves a mode first, then returns to the menu.
	h.step(systems.KeyIntent('2'))
	h.step(key(systems.IntentBack))
	if b.Mode() != actions.Move {
		t.Error("Esc should leave Attack mode")
	}
	h.want("battle")
}

func TestBattleWonGoesToResult(t *testing.T) {
	h, b := rangeBattle(t, `
		.B...R.`)
	b.State().Unit(2).HP = 1
	h.settle()
	bx, by := b.ScreenOf(rules.Point{X: 1, Y: 0})
	rx, ry := b.ScreenOf(rules.Point{X: 5, Y: 0})
	h.step(hover(bx, by), click(bx, by))
	for i := 0; i < 30 && b.State().Unit(2).Alive(); i++ {
		if b.State().Unit(1).AP == 0 {
			b.State().Unit(1).AP = 3
		}
		h.step(systems.KeyIntent('2'))
		h.step(hover(rx, ry), click(rx, ry))
		h.settle()
	}
	if b.State().Unit(2).Alive() {
		t.Fatal("Red 2 survived")
	}
	if !strings.Contains(b.Log().Text(), "Red 2 is out of the fight") {
		t.Errorf("log lacks the kill:\n%s", b.Log().Text())
	}
	for i := 0; i < 5; i++ {
		h.step()
	}
	h.settle()
	h.want("result")
	r := h.m.Current().(*Result)
	if r.Winner() != rules.SideBlue || len(r.Left) != 1 || r.Left[0] != "Blue 1" {
		t.Errorf("result: winner %v, left %v; want Blue with Blue 1 standing", r.Winner(), r.Left)
	}
	for i := 0; i < 40; i++ {
		h.step()
	}
	screenshot(t, h, "result.png")
	h.step(key(systems.IntentConfirm), key(systems.IntentAnyKey))
	h.settle()
	h.want("levels")
}

// TestBattlePileThrough: P enters the Pile Through mode, whose reach goes
// past destructible cover that Move stops at; the path's label gives the
// odds of smashing through, and a click runs a Move with Pile.
func TestBattlePileThrough(t *testing.T) {
	h, b := rangeBattle(t, `
		##########
		.B.h....R.
		##########`)
	s := b.State()
	for _, o := range s.Board.Obstacles {
		if o.Height == rules.HeightHigh { // a plank wall: d6 + ST 3 beats DE 6 half the time
			o.Destructible, o.Material, o.Name, o.DE = true, "wood", "plank wall", 6
		}
	}
	h.settle()
	beyond := rules.Point{X: 4, Y: 1}
	bx, by := b.ScreenOf(rules.Point{X: 1, Y: 1})
	h.step(hover(bx, by), click(bx, by))
	tx, ty := b.ScreenOf(beyond)
	h.step(hover(tx, ty))
	if b.hover.reach == nil || b.hover.reach.Reachable(beyond) {
		t.Fatal("Move mode should not reach past the wall")
	}
	if err := b.ActionBar().Err(actions.Pile); err != nil {
		t.Fatalf("Pile Through disabled next to a wall: %v", err)
	}
	h.step(systems.KeyIntent('p'))
	if b.Mode() != actions.Pile {
		t.Fatalf("key P: mode %v, want Pile Through", b.Mode())
	}
	h.step(hover(tx, ty))
	if b.hover.pathView == nil {
		t.Fatal("no path shown past the wall in Pile Through mode")
	}
	u := s.Unit(1)
	want := fmt.Sprintf("%.0f%% to smash through", 100*s.PileReach(1, rules.MoveBudget(u)).PileOdds(beyond, u.Stats.ST))
	if !strings.Contains(b.hover.pathView.Label(), want) {
		t.Errorf("path label %q, want it to say %q", b.hover.pathView.Label(), want)
	}
	screenshot(t, h, "pile.png")
	h.step(hover(tx, ty), click(tx, ty))
	if !b.Busy() {
		t.Fatal("the pile's events should be playing")
	}
	h.settle()
	if log := b.Log().Text(); !strings.Contains(log, "crashes into") {
		t.Errorf("log lacks the pile through:\n%s", log)
	}
	if b.Mode() != actions.Move {
		t.Error("after the move the mode should return to Move")
	}

	// With no destructible cover in reach, the button says why.
	h2, b2 := rangeBattle(t, `
		.B......R.`)
	h2.settle()
	bx, by = b2.ScreenOf(rules.Point{X: 1, Y: 0})
	h2.step(hover(bx, by), click(bx, by))
	h2.step()
	if err := b2.ActionBar().Err(actions.Pile); err == nil || !strings.Contains(actions.Reason(err), "pile through") {
		t.Errorf("Pile Through in the open: have %v, want disabled with a reason", err)
	}
}

// A scout draws its pistol beside its SMG with the Draw button ("Two
// Guns"), cannot aim, and its attack fires both: the hit panel shows the
// second weapon's own roll, and both weapons spend a round (seed 003,
// Two-Weapon Combat).
func TestBattleTwoWeapons(t *testing.T) {
	h, b := rangeBattle(t, `
		.B....R.`)
	s := b.State()
	u, foe := s.Unit(1), s.Unit(2)
	if err := rules.DefaultData().Equip(u, "scout"); err != nil {
		t.Fatal(err)
	}
	foe.HP, foe.MaxHP = 500, 500
	h.settle()
	bx, by := b.ScreenOf(u.Pos)
	h.step(hover(bx, by), click(bx, by))
	h.step()
	if got := b.ActionBar().Label(actions.DrawHolster); got != "Two Guns" {
		t.Fatalf("draw button reads %q with an SMG in hand and a pistol stowed, want Two Guns", got)
	}
	h.step(systems.KeyIntent('h'))
	h.settle()
	if !u.TwoWeapons() || u.OffHand.Weapon.Name != "pistol" {
		t.Fatalf("after Two Guns: hand %q, off hand %q", u.Hand.Weapon.Name, u.OffHand.Weapon.Name)
	}
	if log := b.Log().Text(); !strings.Contains(log, "draws the pistol as a second weapon") {
		t.Errorf("log lacks the second weapon:\n%s", log)
	}
	if got := systems.WeaponText(u); got != "smg 30/30 + pistol 12/12" {
		t.Errorf("unit card weapon %q, want both weapons", got)
	}
	h.step()
	if b.ActionBar().Enabled(actions.Aim) {
		t.Error("Aim is enabled with a weapon in each hand")
	}
	if got := b.ActionBar().Label(actions.DrawHolster); got != "Holster" {
		t.Errorf("draw button reads %q with two weapons, want Holster", got)
	}

	h.step(systems.KeyIntent('2'))
	tx, ty := b.ScreenOf(foe.Pos)
	h.step(hover(tx, ty))
	h.step(hover(tx, ty))
	if b.ui.target == nil || b.ui.target.Err != nil || b.ui.target.Preview.Second == nil {
		t.Fatalf("hit panel %+v, want both weapons' shots", b.ui.target)
	}
	if h := b.ui.target.Height(); h <= 0 {
		t.Errorf("panel height %.0f", h)
	}
	screenshot(t, h, "two-guns.png")
	smg, pistol := u.Hand.Ammo, u.OffHand.Ammo
	h.step(hover(tx, ty), click(tx, ty))
	h.settle()
	if u.Hand.Ammo != smg-1 || u.OffHand.Ammo != pistol-1 {
		t.Errorf("after the attack: ammo %d/%d, want %d/%d", u.Hand.Ammo, u.OffHand.Ammo, smg-1, pistol-1)
	}
	if log := b.Log().Text(); strings.Count(log, "pistol") < 2 {
		t.Errorf("log lacks the pistol's shot:\n%s", log)
	}
}

// A suppressed unit walks at half speed; Break Out (B) lights its full
// speed, the path names the suppressor's shot it draws, and the move runs
// with the shot first (seed 003, Suppressive Fire).
func TestBattleBreakOut(t *testing.T) {
	h, b := rangeBattle(t, `
		.B.....................R.`)
	s := b.State()
	u, foe := s.Unit(1), s.Unit(2)
	u.HP, u.MaxHP = 500, 500
	u.Status.Suppressed, u.Status.SuppressedBy = true, foe.ID
	h.settle()
	bx, by := b.ScreenOf(u.Pos)
	h.step(hover(bx, by), click(bx, by))
	h.step()
	far := rules.Point{X: u.Pos.X + 3*u.Speed, Y: u.Pos.Y}
	tx, ty := b.ScreenOf(far)
	h.step(hover(tx, ty))
	if b.hover.reach == nil || b.hover.reach.Reachable(far) {
		t.Fatal("a suppressed unit's Move reaches its full-speed range")
	}
	if err := b.ActionBar().Err(actions.Dash); err != nil {
		t.Fatalf("Break Out disabled for a suppressed unit: %v", err)
	}
	h.step(systems.KeyIntent('b'))
	if b.Mode() != actions.Dash {
		t.Fatalf("key B: mode %v, want Break Out", b.Mode())
	}
	h.step(hover(tx, ty))
	h.step(hover(tx, ty))
	if b.hover.pathView == nil {
		t.Fatal("no path at full speed in Break Out mode")
	}
	pv, _, ok := s.BreakOutShot(u.ID)
	if !ok {
		t.Fatal("the suppressor has no shot")
	}
	want := fmt.Sprintf("draws %s's shot: %.0f%% to hit", foe.Name, 100*pv.Chance)
	if !strings.Contains(b.hover.pathView.Label(), want) {
		t.Errorf("path label %q, want it to say %q", b.hover.pathView.Label(), want)
	}
	screenshot(t, h, "break-out.png")
	h.step(hover(tx, ty), click(tx, ty))
	h.settle()
	if u.Pos != far || !u.Status.Dashed {
		t.Errorf("after Break Out: at %v dashed %v, want at %v", u.Pos, u.Status.Dashed, far)
	}
	if log := b.Log().Text(); !strings.Contains(log, "breaks out of suppression") {
		t.Errorf("log lacks the break-out:\n%s", log)
	}
	h.step(hover(bx, by))
	if err := b.ActionBar().Err(actions.Dash); err == nil {
		t.Error("Break Out still enabled after breaking out")
	}
}

// The log reads an attack's outcome only once its tracer has landed: the
// line is not there as the shot leaves, and is there before the next
// event plays.
func TestLogWaitsForTheTracer(t *testing.T) {
	h, b, s := shootingRange(t)
	h.step(systems.KeyIntent('2'))
	tx, ty := b.ScreenOf(s.Unit(2).Pos)
	h.step(hover(tx, ty))
	h.step(hover(tx, ty), click(tx, ty))
	if !b.Busy() {
		t.Fatal("the attack is not playing")
	}
	if log := b.Log().Text(); strings.Contains(log, "fires the rifle") {
		t.Errorf("the log has the outcome as the shot leaves:\n%s", log)
	}
	for i := 0; i < 30 && !strings.Contains(b.Log().Text(), "fires the rifle"); i++ {
		h.step()
	}
	if log := b.Log().Text(); !strings.Contains(log, "fires the rifle") {
		t.Fatalf("the log lacks the shot after half a second:\n%s", log)
	}
	h.settle()
	if n := strings.Count(b.Log().Text(), "fires the rifle"); n != 1 {
		t.Errorf("the shot is logged %d times", n)
	}
}

// Ending a turn while units could still act asks once: the first End Turn
// names them and changes the button; the second ends the turn. A side
// with nothing left to do ends at once.
func TestEndTurnAsksOnce(t *testing.T) {
	h, b := rangeBattle(t, `
		.B....R.
		.B......`)
	s := b.State()
	h.settle()
	h.step(key(systems.IntentEndTurn))
	if s.Side != rules.SideBlue {
		t.Fatal("the turn ended without asking, with two units able to act")
	}
	want := s.Unit(1).Name + " and " + s.Unit(3).Name + " can still act"
	if toast := b.hud.ToastText(); !strings.Contains(toast, want) {
		t.Errorf("toast %q, want it to say %q", toast, want)
	}
	if !b.look.hudInfo().EndAnyway {
		t.Error("the End Turn button does not read END ANYWAY")
	}
	h.step(key(systems.IntentEndTurn))
	h.settle()
	if s.Side != rules.SideRed {
		t.Fatal("the second End Turn did not end the turn")
	}
	if b.look.hudInfo().EndAnyway {
		t.Error("END ANYWAY outlived the turn")
	}
	// Red's one unit spends its AP: its End Turn ends at once.
	s.Unit(2).AP = 0
	h.step(key(systems.IntentEndTurn))
	h.settle()
	if s.Side != rules.SideBlue {
		t.Error("a side with no AP left was asked before ending its turn")
	}
}

// Messages and effects do not outlive what they were about: a refused
// action's toast goes when another mode is chosen or the mode is left,
// and a new turn starts with no toast and no floating text of the last.
func TestStaleToastsClear(t *testing.T) {
	h, b, s := shootingRange(t)
	h.step(systems.KeyIntent('7')) // Suppress: a rifle cannot
	if b.hud.ToastText() == "" {
		t.Fatal("no toast for a refused action")
	}
	h.step(systems.KeyIntent('2'))
	if toast := b.hud.ToastText(); toast != "" {
		t.Errorf("toast %q outlived the choice of another mode", toast)
	}
	h.step(systems.KeyIntent('7'))
	h.step(key(systems.IntentCancel))
	if toast := b.hud.ToastText(); toast != "" {
		t.Errorf("toast %q outlived leaving the mode", toast)
	}
	// Shoot, then end the turn before the texts fade.
	h.step(systems.KeyIntent('2'))
	tx, ty := b.ScreenOf(s.Unit(2).Pos)
	h.step(hover(tx, ty))
	h.step(hover(tx, ty), click(tx, ty))
	h.settle()
	if len(b.world.Effects) == 0 {
		t.Fatal("the shot left no effect on screen to test with")
	}
	h.step(key(systems.IntentEndTurn)) // asks: Blue can still act
	h.step(key(systems.IntentEndTurn))
	for i := 0; i < 3; i++ {
		h.step()
	}
	if s.Side != rules.SideRed {
		t.Fatal("the turn did not end")
	}
	if toast := b.hud.ToastText(); toast != "" {
		t.Errorf("toast %q outlived the turn", toast)
	}
	for _, e := range b.world.Effects {
		if e.Kind == entities.EffectText {
			t.Errorf("a floating text of the last turn is still up: %+v", e)
		}
	}
}

// shootingRange is a trooper (1) six tiles from a foe (2) that stands
// through every shot, settled, with the trooper selected.
func shootingRange(t *testing.T) (*harness, *Battle, *rules.State) {
	t.Helper()
	h, b := rangeBattle(t, `
		.B....R.`)
	s := b.State()
	s.Unit(2).HP, s.Unit(2).MaxHP = 500, 500
	h.settle()
	bx, by := b.ScreenOf(s.Unit(1).Pos)
	h.step(hover(bx, by), click(bx, by))
	return h, b, s
}
