package systems

import (
	"slices"
	"strings"
	"testing"

	"sightline/entities"
	"sightline/rules"
	"sightline/sound"
)

// Seed 002: a miss that fails only because of an intervening creature
// goes into that creature. Blue 1 fires at Red 3 past Red 2; the shot
// that Red 2 takes is shown, heard and logged as Red 2 taking it, not as
// cover: the tracer ends on Red 2, no ricochet, and Red 2's damage is
// folded into the line.
func TestPresentCreatureInTheWay(t *testing.T) {
	var evs []rules.Event
	var shot rules.Attacked
	for seed := uint64(1); seed < 200 && shot.Intervening == 0; seed++ {
		s := troopers(t, `
			B.....RR..`)
		got, err := rules.Apply(s, rules.Attack{Unit: 1, Target: 3}, rules.NewRNG(seed))
		if err != nil {
			t.Fatal(err)
		}
		if a, ok := got[0].(rules.Attacked); ok && a.Outcome == rules.OutcomeCover {
			evs, shot = got, a
		}
	}
	if shot.Intervening != 2 {
		t.Fatalf("no seed sent a miss into Red 2 (%+v)", shot)
	}
	s := troopers(t, `
		B.....RR..`)
	r := NewRoster(s)

	log := CombatLog{Roster: r}
	for _, ev := range evs {
		log.Add(ev)
	}
	text := log.Text()
	if !strings.Contains(text, "MISS — Red 2 is in the way and takes the shot for ") || strings.Contains(text, "cover") {
		t.Errorf("log:\n%s\nwant Red 2 taking the shot, its damage folded in, and no cover named", text)
	}

	if cues := EventCues(r, shot); slices.Contains(cues, sound.Ricochet) {
		t.Errorf("cues %v: a creature in the way is no ricochet", cues)
	}

	w := entities.NewWorld(s)
	fx := NewEventFX(w, s.Board, r)
	fx.Begin(evs)
	if fx.Start(shot) <= 0 {
		t.Fatal("the shot must hold the playback")
	}
	if run := fx.Running(); !slices.Contains(run, "HITS RED 2 IN THE WAY") || slices.Contains(run, "BLOCKED BY COVER") {
		t.Errorf("effects %v, want the caption naming Red 2", run)
	}
	var tracer *entities.Effect
	for i, e := range w.Effects {
		if e.Kind == entities.EffectTracer {
			tracer = &w.Effects[i]
		}
	}
	if tracer == nil || tracer.B != w.Unit(2).Pos {
		t.Errorf("tracer %+v, want it to end on Red 2 at %v", tracer, w.Unit(2).Pos)
	}
}

// Seed 004, Flanking: a unit in the way of a dive "can be moved enough
// to make room". Its step is shown as being pushed aside: a line naming
// both units and a slide quicker than a walk.
func TestPresentPushedAside(t *testing.T) {
	s := troopers(t, `
		B.R`)
	r := NewRoster(s)
	p := func(x, y int) rules.Point { return rules.Point{X: x, Y: y} }
	pushed := rules.Moved{Unit: 1, From: p(0, 0), Path: []rules.Point{p(1, 0)}, AP: 3, Aside: 2}
	walked := rules.Moved{Unit: 1, From: p(0, 0), Path: []rules.Point{p(1, 0)}, AP: 1}

	if have, want := Describe(r, pushed), "Blue 1 is pushed aside to (1,0): Red 2 dives into its place"; have != want {
		t.Errorf("\nhave %q\nwant %q", have, want)
	}
	ticks := func(ev rules.Moved) (int, []string) {
		w := entities.NewWorld(s)
		fx := NewEventFX(w, s.Board, r)
		fx.Begin([]rules.Event{ev})
		fx.Start(ev)
		u := w.Unit(1)
		n := 0
		for ; u.Tween != nil && n < 1000; n++ {
			u.StepBy(1)
		}
		return n, fx.Running()
	}
	slide, run := ticks(pushed)
	walk, _ := ticks(walked)
	if !slices.Contains(run, "PUSHED ASIDE") {
		t.Errorf("effects %v, want PUSHED ASIDE", run)
	}
	if slide == 0 || slide >= walk {
		t.Errorf("pushed aside slides in %d ticks, a walk takes %d: want a shorter slide", slide, walk)
	}
}
