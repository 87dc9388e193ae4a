package systems

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
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

	if have, want := Describe(r, pushed), "Blue 1 is pushed aside in the open to the north: Red 2 dives into its place"; have != want {
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

// eventNames returns the names of the rules' event kinds, read from the
// EventName methods in rules/ (each returns its name as a literal).
func eventNames(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "rules", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Name.Name != "EventName" || len(fn.Body.List) != 1 {
				continue
			}
			ret, ok := fn.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				t.Fatalf("%s: an EventName that does not return one literal", name)
			}
			lit, ok := ret.Results[0].(*ast.BasicLit)
			if !ok {
				t.Fatalf("%s: an EventName that does not return a literal", name)
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
	}
	return out
}

// Every kind of event the rules raise has exactly one presenter in the
// present_*.go files' lists, and the lists name no other kind.
func TestEveryEventHasOnePresenter(t *testing.T) {
	names := eventNames(t)
	if len(names) < 20 {
		t.Fatalf("found %d event kinds in rules/, want them all: %v", len(names), names)
	}
	count := map[string]int{}
	for _, l := range [][]presenter{movePresenters, attackPresenters, statusPresenters} {
		for _, p := range l {
			count[p.event()]++
		}
	}
	for _, n := range names {
		if count[n] != 1 {
			t.Errorf("event %q has %d presenters, want 1", n, count[n])
		}
	}
	for n := range count {
		if !slices.Contains(names, n) {
			t.Errorf("a presenter shows %q, which no rules event is called", n)
		}
	}
	for _, n := range names {
		if p := presenters[n]; p == nil || p.event() != n {
			t.Errorf("presenterOf finds no presenter for %q", n)
		}
	}
}
