package systems

import (
	"image/color"
	"math"
	"slices"
	"testing"
	"time"

	"sightline/entities"
	"sightline/rules"
)

func TestEventFXPlaysAKillInOrder(t *testing.T) {
	s := troopers(t, `
		B.l..R`)
	red := s.Unit(2)
	red.HP = 1
	roster := NewRoster(s)
	w := entities.NewWorld(s)
	fx := NewEventFX(w, s.Board, roster)
	pb := Playback{World: w, FX: fx}
	var order []string
	pb.Observe = func(ev rules.Event) { order = append(order, ev.EventName()) }
	// Apply shots until one kills Red 2.
	rng := rules.NewRNG(11)
	var evs []rules.Event
	for i := 0; i < 20 && red.Alive(); i++ {
		s.Units[0].AP = 3
		roster.Note(s)
		w.Sync(s) // the entities show the battle before the command
		got, err := rules.Apply(s, rules.Attack{Unit: 1, Target: 2}, rng)
		if err != nil {
			t.Fatal(err)
		}
		evs = got
	}
	if red.Alive() {
		t.Fatal("Red 2 survived twenty shots")
	}
	fx.Begin(evs)
	e := w.Unit(2)
	if !e.Vitals.Alive || e.Vitals.HP != 1 {
		t.Fatalf("before playback the token must show the old state: alive %v HP %d", e.Vitals.Alive, e.Vitals.HP)
	}
	pb.Queue(evs...)
	ticks := 0
	for pb.Busy() && ticks < 1000 {
		pb.Update()
		fx.Update(pb.Busy())
		ticks++
	}
	if len(order) != len(evs) || fx.Started != len(evs) {
		t.Fatalf("played %v, want %d events", order, len(evs))
	}
	if e.Vitals.Alive || e.Vitals.HP != 0 {
		t.Errorf("after the Killed event the token must be down: alive %v HP %d", e.Vitals.Alive, e.Vitals.HP)
	}
	// Attacked, Damaged and Killed each hold for a while, all well under a
	// few seconds.
	if ticks < holdShot+holdDamage || ticks > 4*60 {
		t.Errorf("playback took %d ticks", ticks)
	}
	if len(w.Corpses) != 1 {
		t.Errorf("have %d corpses, want 1", len(w.Corpses))
	}
}

func TestEventFXGhostsRemovedCover(t *testing.T) {
	s := troopers(t, `
		B.l..R`)
	roster := NewRoster(s)
	w := entities.NewWorld(s)
	fx := NewEventFX(w, s.Board, roster)
	id := s.Board.Obstacles[0].ID
	s.Board.RemoveObstacle(id)
	fx.Begin([]rules.Event{rules.ObstacleRemoved{Obstacle: id}})
	if !slices.Contains(fx.Ghosts(), id) {
		t.Fatal("removed cover must stay drawn until its event plays")
	}
	if fx.Start(rules.ObstacleRemoved{Obstacle: id}) <= 0 {
		t.Error("cover destroyed should hold the playback for its flash")
	}
	if slices.Contains(fx.Ghosts(), id) {
		t.Error("the ghost must go when the removal plays")
	}
	fx.Speed = 2
	if a, b := fx.scaled(holdShot), holdShot; a >= b {
		t.Errorf("at speed 2 a shot holds %d ticks, want fewer than %d", a, b)
	}

	// A removal the side watching does not see leaves no ghost: the fog
	// draws the cover as that side remembers it.
	fx.Know = seeing{saw: func(rules.Event) bool { return false }}
	fx.Begin([]rules.Event{rules.ObstacleRemoved{Obstacle: id}})
	if len(fx.Ghosts()) != 0 {
		t.Errorf("an unseen removal left ghosts %v", fx.Ghosts())
	}
}

func TestEventFXCoveringAndFalls(t *testing.T) {
	s := troopers(t, `
		B.l..R`)
	roster := NewRoster(s)
	w := entities.NewWorld(s)
	fx := NewEventFX(w, s.Board, roster)
	shot := rules.Attacked{Attacker: 2, Target: 1, Kind: rules.KindCovering, Weapon: "rifle", Outcome: rules.OutcomeMiss}

	// Red's zone fires at Blue moving in it: a reaction, with its banner.
	fx.Begin([]rules.Event{shot})
	if fx.Start(shot) < holdReaction || fx.BannerText() != "COVERING FIRE" {
		t.Errorf("covering fire reaction: banner %q", fx.BannerText())
	}
	// The opening burst of Red's own covering fire is no reaction.
	fx = NewEventFX(w, s.Board, roster)
	fired := rules.Fired{Unit: 2, Kind: rules.KindCovering, At: rules.Point{X: 0, Y: 0}}
	fx.Begin([]rules.Event{fired, shot})
	fx.Start(fired)
	fx.Start(shot)
	if fx.BannerText() != "" {
		t.Errorf("the opening burst shows the banner %q", fx.BannerText())
	}

	// A fall: the token stays standing until the event plays, then drops
	// prone under a STUNNED caption.
	s.Unit(1).Stance = rules.Standing
	w.Sync(s)
	roster.Note(s)
	s.Unit(1).Stance = rules.Prone // the command
	fell := rules.Fell{Unit: 1, Stunned: true, APLost: 2}
	fx.Begin([]rules.Event{fell})
	if w.Unit(1).Body.Stance != rules.Standing {
		t.Fatal("before the fall plays the token must stand")
	}
	if fx.Start(fell) <= 0 || w.Unit(1).Body.Stance != rules.Prone {
		t.Error("the fall must hold the playback and drop the token prone")
	}
	if run := fx.Running(); !slices.Contains(run, "STUNNED · −2 AP") || !slices.Contains(run, "ring") {
		t.Errorf("fall effects %v", run)
	}
	zoneSet := rules.CoveringZoneSet{Unit: 2, At: rules.Point{X: 0, Y: 0}, Range: 10, Degrees: 90, Actions: 1}
	if fx.Start(zoneSet) <= 0 || !slices.Contains(fx.Running(), "COVERING ZONE") {
		t.Errorf("zone set effects %v", fx.Running())
	}
}

func TestStackCaptions(t *testing.T) {
	// "HIT · TORSO" (older) and "−9" (newer, overlapping it to the right);
	// a caption far away keeps its place.
	boxes := []captionBox{
		{cx: 100, cy: 80, w: 110, h: 18},
		{cx: 130, cy: 90, w: 40, h: 30},
		{cx: 400, cy: 90, w: 40, h: 30},
	}
	stackCaptions(boxes, 0)
	if boxes[0].lift != 0 || boxes[2].lift != 0 {
		t.Errorf("lifted a caption with nothing under it: %+v", boxes)
	}
	if boxes[1].overlaps(boxes[0], 1) {
		t.Errorf("the damage number still overlaps the hit caption: %+v", boxes)
	}
	if top, bottom := boxes[0].cy-boxes[0].h/2, boxes[1].cy-boxes[1].lift+boxes[1].h/2; bottom > top {
		t.Errorf("the newer caption must sit above the older: bottom %v, top %v", bottom, top)
	}
	// A third caption on the same spot clears both; lifts never shrink.
	boxes = append(boxes[:2], captionBox{cx: 100, cy: 80, w: 60, h: 14})
	before := boxes[1].lift
	stackCaptions(boxes, 0)
	for i := range boxes {
		for j := range i {
			if boxes[i].overlaps(boxes[j], 1) {
				t.Errorf("captions %d and %d overlap: %+v", i, j, boxes)
			}
		}
	}
	boxes[0].lift = 0
	stackCaptions(boxes, 0)
	if boxes[1].lift != before {
		t.Errorf("lift changed from %v to %v with nothing new in the way", before, boxes[1].lift)
	}
}

// TestStackCaptionsEnds: two captions that touch within a rounding error
// once stacked (as two guns' shots at one target did) are laid out in
// finite time.
func TestStackCaptionsEnds(t *testing.T) {
	tests := []struct {
		name  string
		boxes []captionBox
	}{
		{"the two-guns hang", []captionBox{
			{cx: 800, cy: math.Float64frombits(0x406e9ff1daeeb271), w: math.Float64frombits(0x4049940000000000), h: 18},
			{cx: 800, cy: math.Float64frombits(0x406ffe222899ea81), w: math.Float64frombits(0x4049940000000000), h: 18, lift: math.Float64frombits(0x403ef1826d59c078)},
		}},
		{"three at one point", []captionBox{{cx: 10, cy: 10, w: 20, h: 0.1 + 0.2}, {cx: 10, cy: 10, w: 20, h: 0.3}, {cx: 10, cy: 10, w: 20, h: 0.3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan struct{})
			go func() { stackCaptions(tt.boxes, 0); close(done) }()
			select {
			case <-done:
			case <-time.After(time.Minute): // a hang guard: generous for a loaded machine
				t.Fatal("stackCaptions did not return")
			}
			for i := 1; i < len(tt.boxes); i++ {
				for j := range i {
					if tt.boxes[i].overlaps(tt.boxes[j], 1) {
						t.Errorf("box %d still overlaps box %d: %+v, %+v", i, j, tt.boxes[i], tt.boxes[j])
					}
				}
			}
		})
	}
}

// TestCaptionClearsTheBadges: the OVERWATCH caption of a unit going on
// overwatch rises over its OVERWATCH badge and its neighbour's, never
// across them.
func TestCaptionClearsTheBadges(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	s := troopers(t, `
		....
		.BB.
		....`)
	for _, u := range s.Units {
		u.Status.Overwatch = true
	}
	w := entities.NewWorld(s)
	fx := NewEventFX(w, s.Board, NewRoster(s))
	badges := &StatusBadges{State: s, FX: fx}
	fx.Badges = badges
	cam := &Camera{ViewW: 640, ViewH: 480, WorldW: 128, WorldH: 96, Zoom: 2, MinZoom: 1, MaxZoom: 3}
	v := &View{Cam: cam, Board: s.Board, Paint: &Painter{}, Fonts: fonts}
	fx.Start(rules.OverwatchSet{Unit: s.Units[0].ID, At: rules.Point{X: 3, Y: 1}, AP: 1})
	rows := badges.boxes(v)
	if len(rows) != 2 {
		t.Fatalf("%d badge rows, want 2", len(rows))
	}
	for tick := 0; tick < 30; tick++ {
		fx.layoutCaptions(v)
		for _, e := range w.Effects {
			if e.Kind != entities.EffectText {
				continue
			}
			wx, wy := v.ToScreen(e.A)
			age := (fx.tick - e.Start) / float64(max(e.Dur, 1))
			c := captionBox{cx: wx, cy: wy - captionRise(age), w: fonts.Width(e.Text, e.Size, true) + 4, h: e.Size, lift: e.Lift}
			for _, r := range rows {
				if c.overlaps(r, 0) {
					t.Fatalf("tick %d: the caption %q at %+v covers a badge row at %+v", tick, e.Text, c, r)
				}
			}
		}
		fx.Advance(StepSeconds, true)
	}
}

// A hit reads from the seat of the side watching: on its own unit it is
// harm, red, with the damage dealt; on the enemy, or with no side
// watching, it stays good news, green, without the number.
func TestHitCaptionReadsAsHarmToOurSide(t *testing.T) {
	tests := []struct {
		name      string
		shooter   int // Blue 1 or Red 2, shooting at the other
		outcome   string
		amount    int
		know      Knowledge
		wantLabel string
		wantColor color.RGBA
	}{
		{"Red hits Blue, Blue watching", 2, rules.OutcomeHit, 4, seeing{side: rules.SideBlue}, "HIT · TORSO −4", colorHarm},
		{"Red hits Blue, Red watching", 2, rules.OutcomeHit, 4, seeing{side: rules.SideRed}, "HIT · TORSO", colorGood},
		{"Blue hits Red, Blue watching", 1, rules.OutcomeHit, 4, seeing{side: rules.SideBlue}, "HIT · TORSO", colorGood},
		{"Red hits Blue, nobody's side", 2, rules.OutcomeHit, 4, seeing{all: true}, "HIT · TORSO", colorGood},
		{"Red hits Blue, no knowledge", 2, rules.OutcomeHit, 4, nil, "HIT · TORSO", colorGood},
		{"the cover took it all", 2, rules.OutcomeHit, 0, seeing{side: rules.SideBlue}, "HIT · TORSO", colorHarm},
		{"Red crits Blue, Blue watching", 2, rules.OutcomeCritical, 9, seeing{side: rules.SideBlue}, "CRITICAL! −9", colorHarm},
		{"Blue crits Red, Blue watching", 1, rules.OutcomeCritical, 9, seeing{side: rules.SideBlue}, "CRITICAL!", ColorAccent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := troopers(t, `
				B....R`)
			w := entities.NewWorld(s)
			fx := NewEventFX(w, s.Board, NewRoster(s))
			fx.Know = tt.know
			target := 3 - tt.shooter
			evs := []rules.Event{
				rules.Attacked{Attacker: tt.shooter, Target: target, Weapon: "rifle", Outcome: tt.outcome, Location: "torso"},
				rules.Damaged{Unit: target, Amount: tt.amount, Absorbed: 4 - min(tt.amount, 4), HP: 10 - tt.amount},
			}
			fx.Begin(evs)
			fx.Start(evs[0])
			var have []entities.Effect
			for _, e := range w.Effects {
				if e.Kind == entities.EffectText {
					have = append(have, e)
				}
			}
			if len(have) != 1 || have[0].Text != tt.wantLabel || have[0].Color != tt.wantColor {
				t.Fatalf("have captions %+v, want one %q in %v", have, tt.wantLabel, tt.wantColor)
			}
			if len(fx.dealt) != 0 {
				t.Errorf("the hit's damage is still queued: %v", fx.dealt)
			}
		})
	}
}
