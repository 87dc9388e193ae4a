package scenes

import (
	"slices"
	"strings"
	"testing"

	"sightline/actions"
	"sightline/entities"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// played is one event as it started playing: the tick, the reaction
// banner and the effects running just after it started, and where every
// unit's token stood.
type played struct {
	ev     rules.Event
	tick   int
	banner string
	fx     []string
	pos    []rules.Vec // by unit ID-1
	ghosts []int
}

// recordPlayback hooks the battle's playback and records each event as it
// starts.
func recordPlayback(b *Battle) *[]played {
	var out []played
	b.playback.Observe = func(ev rules.Event) {
		p := played{ev: ev, tick: b.look.rend.Units.Tick, banner: b.Effects().BannerText(), fx: b.Effects().Running(), ghosts: b.Effects().Ghosts()}
		for _, u := range b.State().Units {
			p.pos = append(p.pos, b.world.Unit(u.ID).Pos)
		}
		out = append(out, p)
	}
	return &out
}

// names returns the events' names, an attack's kind after a colon.
func names(evs []rules.Event) []string {
	var out []string
	for _, ev := range evs {
		n := ev.EventName()
		if a, ok := ev.(rules.Attacked); ok {
			n += ":" + a.Kind
		}
		out = append(out, n)
	}
	return out
}

func playedNames(ps []played) []string {
	evs := make([]rules.Event, len(ps))
	for i, p := range ps {
		evs[i] = p.ev
	}
	return names(evs)
}

// reseed restarts b's match, before its first command, with the dice
// seeded with seed.
func reseed(b *Battle, seed uint64) {
	b.m = match.New(b.state, seed)
	for side, inbox := range b.turns.inbox {
		b.m.SetController(rules.Side(side), inbox)
	}
}

// predict returns the events cmd would give if it were given now, from a
// copy of b's match re-played from its log.
func predict(t *testing.T, b *Battle, cmd rules.Command) ([]rules.Event, error) {
	t.Helper()
	// Before the first command, from the state as the test may have
	// edited it since the battle began.
	m := match.New(b.state.Clone(), b.m.Seed())
	if log := b.m.Log(); len(log) > 0 {
		cmds := make([]rules.Command, len(log))
		for i, e := range log {
			cmds[i] = e.Command
		}
		var err error
		if m, err = match.Rebuild(b.m.Start(), b.m.Seed(), cmds); err != nil {
			t.Fatal(err)
		}
	}
	r, err := m.Apply(cmd)
	if err != nil {
		return nil, err
	}
	evs := make([]rules.Event, len(r.Events))
	for i, ev := range r.Events {
		evs[i] = ev.Event
	}
	return evs, nil
}

// playOut steps until the playback drains, saving a screenshot named shot
// (when set) at the tick when the event named at has played for delay
// ticks.
func playOut(t *testing.T, h *harness, b *Battle, rec *[]played, at string, delay int, shot string) {
	t.Helper()
	for i := 0; i < 1200 && b.Busy(); i++ {
		h.step()
		if shot == "" {
			continue
		}
		for _, p := range *rec {
			if names([]rules.Event{p.ev})[0] == at && b.look.rend.Units.Tick-p.tick == delay {
				screenshot(t, h, shot)
			}
		}
	}
	if b.Busy() {
		t.Fatal("the playback never drained")
	}
}

func indexOf(list []string, s string, from int) int {
	for i := from; i < len(list); i++ {
		if list[i] == s {
			return i
		}
	}
	return -1
}

// TestBattleMoveIntoOverwatch: Red sets overwatch through the bar, Blue
// walks into the cone; the shot plays where the move paused, under its
// banner, then the move goes on, and the queue drains.
func TestBattleMoveIntoOverwatch(t *testing.T) {
	h, b := rangeBattle(t, `
..............
.B............
..............
..............
..............
..............
..........R...
..............`)
	s := b.State()
	for _, u := range s.Units {
		u.HP, u.MaxHP = 1000, 1000
	}
	h.settle()
	h.step(key(systems.IntentEndTurn)) // asks: Blue could still act
	h.step(key(systems.IntentEndTurn))
	h.settle()
	if s.Side != rules.SideRed {
		t.Fatal("End Turn did not pass to Red")
	}
	rx, ry := b.ScreenOf(s.Unit(2).Pos)
	h.step(hover(rx, ry), click(rx, ry))
	h.step(systems.KeyIntent('5'))
	if b.Mode() != actions.Overwatch {
		t.Fatalf("key 5: mode %v, want Overwatch", b.Mode())
	}
	wx, wy := b.ScreenOf(rules.Point{X: 4, Y: 3})
	h.step(hover(wx, wy))
	h.draw()
	cone, _ := systems.ZoneOf(s, s.Unit(2), false, rules.DirTo(s.Unit(2).Pos, rules.Point{X: 4, Y: 3}))
	if pz := b.ui.zones.Preview; pz == nil || pz.Unit != 2 || pz.Covering || !slices.Equal(pz.Tiles, cone.Tiles) || len(cone.Tiles) == 0 {
		t.Errorf("pointing overwatch at (4,3): preview %+v, want the cone %v", pz, cone.Tiles)
	}
	screenshot(t, h, "overwatch-preview.png")
	h.step(click(wx, wy))
	h.settle()
	if !s.Unit(2).Status.Overwatch {
		t.Fatalf("Red 2 is not on overwatch; log:\n%s", b.Log().Text())
	}
	h.step(key(systems.IntentEndTurn))
	h.settle()
	bx, by := b.ScreenOf(s.Unit(1).Pos)
	h.step(hover(bx, by), click(bx, by))
	h.step()
	if z := b.ui.zones.Zones; len(z) != 1 || z[0].Unit != 2 || z[0].Covering || !b.ui.zones.Has(rules.Point{X: 4, Y: 3}, false) {
		t.Errorf("Red 2's overwatch cone is not drawn toward (4,3): %+v", z)
	}
	h.draw()
	if b.ui.zones.Preview != nil {
		t.Errorf("out of the Overwatch mode the preview cone is still drawn: %+v", b.ui.zones.Preview)
	}
	screenshot(t, h, "overwatch-zone.png")

	// The first reachable tile whose walk is cut by the overwatch shot and
	// then goes on, as the rules will roll it.
	u := s.Unit(1)
	reach := s.Reach(1, rules.MoveBudget(u))
	var dest rules.Point
	var want []string
	for _, p := range reach.Tiles() {
		if reach.Cost(p) == 0 {
			continue
		}
		evs, err := predict(t, b, rules.Move{Unit: 1, To: p})
		n := names(evs)
		if ow := indexOf(n, "attacked:overwatch", 0); err == nil && ow > 0 && n[0] == "moved" && n[len(n)-1] == "moved" {
			dest, want = p, n
			break
		}
	}
	if want == nil {
		t.Fatal("no tile in reach walks through the overwatch cone and on")
	}
	rec := recordPlayback(b)
	dx, dy := b.ScreenOf(dest)
	h.step(hover(dx, dy), click(dx, dy))
	playOut(t, h, b, rec, "attacked:overwatch", 8, "overwatch.png")

	have := playedNames(*rec)
	if !slices.Equal(have, want) {
		t.Fatalf("played %v, the rules said %v", have, want)
	}
	ow := indexOf(have, "attacked:overwatch", 0)
	first := (*rec)[0].ev.(rules.Moved)
	paused := entities.SpaceCenter(s.Board, first.Path[len(first.Path)-1], 1)
	shot := (*rec)[ow]
	if shot.pos[0] != paused {
		t.Errorf("the overwatch shot played with Blue 1 at %v, want it paused at %v (end of the first leg)", shot.pos[0], paused)
	}
	if shot.banner != "OVERWATCH" || !slices.Contains(shot.fx, "tracer") {
		t.Errorf("overwatch shot: banner %q, effects %v; want the OVERWATCH banner and a tracer", shot.banner, shot.fx)
	}
	last := (*rec)[len(*rec)-1]
	if gap := last.tick - shot.tick; gap < 30 {
		t.Errorf("the move went on %d ticks after the shot, want the shot held on screen first", gap)
	}
	if got := b.world.Unit(1).Pos; got != entities.SpaceCenter(s.Board, dest, 1) {
		t.Errorf("Blue 1's token ends at %v, want %v", got, dest)
	}
	log := b.Log().Text()
	for _, frag := range []string{"Red 2 goes on overwatch toward " + b.ui.roster.ConeToward(2, rules.Point{X: 4, Y: 3}), "Red 2 overwatch fires at Blue 1 first", "Red 2's overwatch ends (fired)"} {
		if !strings.Contains(log, frag) {
			t.Errorf("log lacks %q:\n%s", frag, log)
		}
	}
	if i, j := strings.Index(log, "overwatch fires"), strings.LastIndex(log, "Blue 1 moves "+b.ui.roster.Place(dest)); i < 0 || j < i {
		t.Errorf("the log should give the shot before the last leg of the move:\n%s", log)
	}
	for i := 0; i < 120 && b.Effects().Busy(); i++ {
		h.step()
	}
	if b.Effects().Busy() || b.Busy() {
		t.Error("effects still running two seconds after the playback drained")
	}
	if len(b.ui.zones.Zones) != 0 {
		t.Errorf("the spent overwatch is still drawn: %+v", b.ui.zones.Zones)
	}
}

// TestBattlePeekAttackUnderOverwatch: Blue 2 in Full cover attacks Red 1,
// which it sees only by leaning; the peek plays (the token leans), Red's
// overwatch answers it, then Blue's shot; the lean slides back after.
func TestBattlePeekAttackUnderOverwatch(t *testing.T) {
	h, b := rangeBattle(t, `
.....R....
..........
..........
####......
..B.......
..........`)
	s := b.State()
	for _, u := range s.Units {
		u.HP, u.MaxHP = 1000, 1000
	}
	r := s.Unit(1)
	r.Status.Overwatch, r.Status.WatchAt, r.Status.WatchDir = true, rules.Point{X: 2, Y: 4}, rules.DirTo(r.Pos, rules.Point{X: 2, Y: 4})
	h.settle()
	h.step()
	if s.LineOfSight(s.Unit(2), r) {
		t.Fatal("test map: Blue 2 sees Red 1 without leaning")
	}
	if !b.fog.Knows(1) {
		t.Fatal("Blue 2, in Full cover, should glimpse Red 1 by leaning")
	}
	bx, by := b.ScreenOf(s.Unit(2).Pos)
	h.step(hover(bx, by), click(bx, by))
	h.step(systems.KeyIntent('2'))
	rx, ry := b.ScreenOf(r.Pos)
	h.step(hover(rx, ry))
	if tp := b.TargetPanel(); tp == nil || tp.Err != nil || !tp.Preview.Peek {
		t.Fatalf("hovering Red 1: panel %+v, want a legal attack that peeks", tp)
	}
	evs, err := predict(t, b, rules.Attack{Unit: 2, Target: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := names(evs)
	rec := recordPlayback(b)
	home := b.world.Unit(2).Pos
	h.step(hover(rx, ry), click(rx, ry))
	playOut(t, h, b, rec, "attacked:overwatch", 6, "peek-overwatch.png")

	have := playedNames(*rec)
	if !slices.Equal(have, want) {
		t.Fatalf("played %v, the rules said %v", have, want)
	}
	pk, ow, at := indexOf(have, "peeked", 0), indexOf(have, "attacked:overwatch", 0), indexOf(have, "attacked:attack", 0)
	if pk != 0 || ow < pk || at < ow {
		t.Fatalf("order %v: want the peek, then the overwatch, then the attack", have)
	}
	if !slices.Contains((*rec)[pk].fx, "PEEK") {
		t.Errorf("no PEEK caption: %v", (*rec)[pk].fx)
	}
	if lean := (*rec)[ow].pos[1]; lean.X <= home.X {
		t.Errorf("when the overwatch fires Blue 2's token is at %v, want it leaning right of %v", lean, home)
	}
	if (*rec)[ow].banner != "OVERWATCH" || (*rec)[ow].tick-(*rec)[pk].tick < 10 {
		t.Errorf("overwatch: banner %q, %d ticks after the peek", (*rec)[ow].banner, (*rec)[ow].tick-(*rec)[pk].tick)
	}
	if (*rec)[at].tick-(*rec)[ow].tick < 30 {
		t.Errorf("Blue's attack started %d ticks after the overwatch shot", (*rec)[at].tick-(*rec)[ow].tick)
	}
	log := b.Log().Text()
	i := strings.Index(log, "Blue 2 peeks out right, leaning out "+b.ui.roster.Place(rules.Point{X: 3, Y: 4}))
	j := strings.Index(log, "Red 1 overwatch fires at Blue 2 first")
	k := strings.Index(log, "Blue 2 fires the rifle at Red 1")
	if i < 0 || j < i || k < j {
		t.Errorf("log order wrong (peek %d, overwatch %d, attack %d):\n%s", i, j, k, log)
	}
	for n := 0; n < 60; n++ {
		h.step()
	}
	if got := b.world.Unit(2).Pos; got != home {
		t.Errorf("after the playback Blue 2's token is at %v, want back home at %v", got, home)
	}
}

// TestBattleDestroyCover: Blue shoots the wooden door hiding Red until it
// breaks (the seed is searched so one shot does it): chips, the DESTROYED
// caption, the flash, the door leaves the drawn obstacles, the fog opens
// once the removal has played, and the log says so.
func TestBattleDestroyCover(t *testing.T) {
	h, b := rangeBattle(t, `
.....#....
.B...#R...
.....#....`)
	s := b.State()
	for _, u := range s.Units {
		u.HP, u.MaxHP = 1000, 1000
	}
	door := s.Board.Obstacles[1]
	if !door.Shape.CoversTile(rules.Point{X: 5, Y: 1}, s.Board.TileSize) {
		t.Fatalf("obstacle 1 is not the door tile: %+v", door)
	}
	door.Name, door.Material, door.Destructible, door.DE = "wooden door", "wood", true, 3
	b.ui.roster.Note(s)
	h.settle()
	h.step()
	if b.fog.Knows(2) {
		t.Fatal("test map: Blue sees Red through the wall")
	}
	seed := uint64(0)
	var want []string
	for sd := uint64(1); sd <= 500 && want == nil; sd++ {
		evs, err := rules.Apply(s.Clone(), rules.Attack{Unit: 1, Obstacle: door.ID}, rules.NewRNG(sd))
		if err != nil {
			t.Fatal(err)
		}
		if n := names(evs); slices.Contains(n, "obstacle_removed") {
			seed, want = sd, n
		}
	}
	if want == nil {
		t.Fatal("no seed in 1..500 breaks the door in one shot")
	}
	reseed(b, seed)
	bx, by := b.ScreenOf(s.Unit(1).Pos)
	h.step(hover(bx, by), click(bx, by))
	h.step(systems.KeyIntent('2'))
	dx, dy := b.ScreenOf(rules.Point{X: 5, Y: 1})
	h.step(hover(dx, dy))
	if tp := b.TargetPanel(); tp == nil || !strings.Contains(tp.Title, "wooden door") {
		t.Fatalf("hovering the door: panel %+v", tp)
	}
	rec := recordPlayback(b)
	h.step(hover(dx, dy), click(dx, dy))
	playOut(t, h, b, rec, "obstacle_removed", 6, "cover-destroyed.png")

	have := playedNames(*rec)
	if !slices.Equal(have, want) {
		t.Fatalf("played %v, the rules said %v", have, want)
	}
	cd, rm := indexOf(have, "cover_damaged", 0), indexOf(have, "obstacle_removed", 0)
	for cd >= 0 && !(*rec)[cd].ev.(rules.CoverDamaged).Destroyed {
		cd = indexOf(have, "cover_damaged", cd+1)
	}
	if cd < 0 || rm < cd {
		t.Fatalf("order %v: want the destroying cover damage before the removal", have)
	}
	if fx := (*rec)[cd].fx; !slices.Contains(fx, "chips") || !slices.Contains(fx, "DESTROYED") {
		t.Errorf("cover damage effects %v, want chips and DESTROYED", fx)
	}
	if !slices.Contains((*rec)[cd].ghosts, door.ID) || s.Board.Obstacle(door.ID) != nil {
		t.Errorf("before its removal plays the door should be gone from the board but still drawn: ghosts %v", (*rec)[cd].ghosts)
	}
	if slices.Contains((*rec)[rm].ghosts, door.ID) || !slices.Contains((*rec)[rm].fx, "flash") {
		t.Errorf("the removal: ghosts %v, effects %v; want the door no longer drawn and a flash", (*rec)[rm].ghosts, (*rec)[rm].fx)
	}
	h.step()
	if !b.fog.Knows(2) {
		t.Error("with the door gone Blue should see Red 2")
	}
	shown := false
	for _, u := range b.fog.Shown(b.world).Units {
		shown = shown || u.ID == 2
	}
	if !shown {
		t.Error("Red 2 is not drawn after the door broke")
	}
	log := b.Log().Text()
	for _, frag := range []string{"Blue 1 fires the rifle at the wooden door", "— destroyed", "The wooden door is gone: every line through it is open"} {
		if !strings.Contains(log, frag) {
			t.Errorf("log lacks %q:\n%s", frag, log)
		}
	}
}
