package systems

import (
	"testing"

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
	pb := Playback{Board: s.Board, World: w}
	var order []string
	pb.OnEvent = func(ev rules.Event) {
		order = append(order, ev.EventName())
		pb.Hold(fx.Start(ev))
	}
	// Apply shots until one kills Red 2.
	rng := rules.NewRNG(11)
	var evs []rules.Event
	for i := 0; i < 20 && red.Alive(); i++ {
		s.Units[0].AP = 3
		roster.Note(s)
		got, err := rules.Apply(s, rules.Attack{Unit: 1, Target: 2}, rng)
		if err != nil {
			t.Fatal(err)
		}
		evs = got
	}
	if red.Alive() {
		t.Fatal("Red 2 survived twenty shots")
	}
	w.Sync(s)
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
	if len(fx.corpses) != 1 {
		t.Errorf("have %d corpses, want 1", len(fx.corpses))
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
	if _, ok := fx.ghosts[id]; !ok {
		t.Fatal("removed cover must stay drawn until its event plays")
	}
	if fx.Start(rules.ObstacleRemoved{Obstacle: id}) <= 0 {
		t.Error("cover destroyed should hold the playback for its flash")
	}
	if _, ok := fx.ghosts[id]; ok {
		t.Error("the ghost must go when the removal plays")
	}
	fx.Speed = 2
	if a, b := fx.scaled(holdShot), holdShot; a >= b {
		t.Errorf("at speed 2 a shot holds %d ticks, want fewer than %d", a, b)
	}
}
