package match

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
)

// apply applies cmd to m, failing the test on an illegal command.
func apply(t *testing.T, m *Match, cmd rules.Command) *Result {
	t.Helper()
	r, err := m.Apply(cmd)
	if err != nil {
		t.Fatalf("%s: %v", cmd.CommandName(), err)
	}
	return r
}

// wallMap: Blue 1 and Red 2 stand on either side of a wall with a gap at
// its foot; Red 3 stands in the open, seen by Blue from the start.
const wallMap = `
.....#.....
.B...#...R.
.....#.....
...........
.......R...`

// A view holds what its side knows: its own units and the enemies it sees,
// and no trace of the others.
func TestViewHidesWhatTheSideDoesNotKnow(t *testing.T) {
	m := New(ruletest.Troopers(t, wallMap), 1)
	have := []int{}
	for _, u := range m.View(rules.SideBlue).Units {
		have = append(have, u.ID)
	}
	if want := []int{1, 3}; !slices.Equal(have, want) {
		t.Errorf("Blue's view holds units %v, want %v (Red 2 behind the wall is absent)", have, want)
	}
	if v := m.View(rules.SideBlue); v.Unit(2) != nil || len(v.Contacts) != 0 {
		t.Errorf("Blue's view has a trace of Red 2: %v %v", v.Unit(2), v.Contacts)
	}
}

// Each event is tagged with the sides that saw it: a move behind the wall
// only by its own side.
func TestEventsAreTaggedWithWitnesses(t *testing.T) {
	m := New(ruletest.Troopers(t, wallMap), 1)
	apply(t, m, rules.EndTurn{})
	r := apply(t, m, rules.Move{Unit: 2, To: rules.Point{X: 8, Y: 0}})
	if len(r.Events) == 0 {
		t.Fatal("a move returned no events")
	}
	for _, ev := range r.Events {
		if !ev.SeenBy(rules.SideRed) || ev.SeenBy(rules.SideBlue) {
			t.Errorf("%s: seen %v, want by Red only", ev.EventName(), ev.Seen)
		}
	}
	r = apply(t, m, rules.EndTurn{})
	if ev := r.Events[0]; !ev.SeenBy(rules.SideBlue) || !ev.SeenBy(rules.SideRed) {
		t.Errorf("the turn change is seen %v, want by both", ev.Seen)
	}
	if blue := names(m.Witnessed(rules.SideBlue)); !slices.Equal(blue, []string{"turn_ended", "turn_ended"}) {
		t.Errorf("Blue witnessed %v, want the two turn changes only", blue)
	}
	if red := names(m.Witnessed(rules.SideRed)); len(red) < 3 || !slices.Contains(red, "moved") {
		t.Errorf("Red witnessed %v, want its move and both turn changes", red)
	}
}

// A side remembers where it last saw an enemy, and when.
func TestLastSeen(t *testing.T) {
	m := New(ruletest.Troopers(t, wallMap), 1)
	if s, ok := m.LastSeen(rules.SideBlue, 3); !ok || s.Pos != (rules.Point{X: 7, Y: 4}) || s.Turn != 1 {
		t.Fatalf("Blue's sighting of Red 3: %+v %v", s, ok)
	}
	apply(t, m, rules.EndTurn{})
	// Red 3 walks behind the wall, out of Blue's sight.
	apply(t, m, rules.Move{Unit: 3, To: rules.Point{X: 8, Y: 2}})
	if m.Visibility(rules.SideBlue).Knows(3) {
		t.Fatal("test map: Blue still sees Red 3")
	}
	s, ok := m.LastSeen(rules.SideBlue, 3)
	if !ok || s.Pos == (rules.Point{X: 8, Y: 2}) {
		t.Errorf("Blue's sighting of Red 3 is %+v: it knows where it went unseen", s)
	}
	v := m.View(rules.SideBlue)
	if v.Unit(3) != nil || len(v.Contacts) != 1 || v.Contacts[0].Unit != 3 {
		t.Errorf("Blue's view: unit 3 %v, contacts %+v; want a contact only", v.Unit(3), v.Contacts)
	}
}

// Step asks the controller of the side to move, and only that one.
func TestStepAsksTheSideToMove(t *testing.T) {
	m := New(ruletest.Troopers(t, wallMap), 1)
	var blue, red Inbox
	m.SetController(rules.SideBlue, &blue)
	m.SetController(rules.SideRed, &red)
	red.Push(rules.EndTurn{})
	if r, err := m.Step(); r != nil || err != nil {
		t.Fatalf("Blue has given nothing, yet Step applied %v (%v)", r, err)
	}
	blue.Push(rules.Move{Unit: 1, To: rules.Point{X: 2, Y: 1}})
	blue.Push(rules.EndTurn{})
	for i := 0; i < 3; i++ {
		if _, err := m.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if len(m.Log()) != 3 || m.State().Side != rules.SideBlue || m.State().Turn != 2 {
		t.Errorf("after three steps: %d commands, %v to move on turn %d", len(m.Log()), m.State().Side, m.State().Turn)
	}
	if _, err := m.Step(); err != nil {
		t.Errorf("an empty inbox: %v", err)
	}
}

// Undo takes back a quiet command by re-playing the log, and refuses one
// that revealed an enemy, rolled a die or passed the turn, saying why.
func TestUndo(t *testing.T) {
	quiet := rules.Move{Unit: 1, To: rules.Point{X: 2, Y: 0}}
	tests := []struct {
		name string
		cmds []rules.Command
		want error // nil: undone
		why  string
	}{
		{"a quiet move", []rules.Command{quiet}, nil, ""},
		{"nothing yet", nil, ErrNoUndo, ""},
		{"a move that reveals an enemy", []rules.Command{rules.Move{Unit: 1, To: rules.Point{X: 4, Y: 3}}}, ErrUndoRefused, "revealed"},
		{"an attack", []rules.Command{rules.Attack{Unit: 1, Target: 3}}, ErrUndoRefused, "dice"},
		{"the end of the turn", []rules.Command{rules.EndTurn{}}, ErrNoUndo, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := New(ruletest.Troopers(t, wallMap), 7)
			start := m.Hash()
			for _, c := range tt.cmds {
				apply(t, m, c)
			}
			after, n, st := m.Hash(), len(m.Log()), m.State()
			_, err := m.Undo()
			if m.State() != st || m.State().Units[0] != st.Units[0] {
				t.Error("undo replaced the match's state: views bound to it go stale")
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("undo: %v, want %v", err, tt.want)
			}
			if err != nil {
				if m.Hash() != after || len(m.Log()) != n {
					t.Error("a refused undo changed the match")
				}
				if tt.why != "" && !strings.Contains(err.Error(), tt.why) {
					t.Errorf("undo refused with %q, want it to say %q", err, tt.why)
				}
				return
			}
			if m.Hash() != start || len(m.Log()) != 0 {
				t.Errorf("after undo: hash %s, %d commands; want the start %s", m.Hash(), len(m.Log()), start)
			}
		})
	}
}

// An overwatch shot at a move is a reaction: the move cannot be undone.
func TestUndoRefusesAReaction(t *testing.T) {
	m := New(ruletest.Troopers(t, `
B........
.........
.........
........R`), 3)
	apply(t, m, rules.EndTurn{})
	apply(t, m, rules.Overwatch{Unit: 2, At: rules.Point{X: 2, Y: 0}})
	apply(t, m, rules.EndTurn{})
	r := apply(t, m, rules.Move{Unit: 1, To: rules.Point{X: 3, Y: 2}})
	if r.Final == "" {
		t.Fatalf("a move through an overwatch zone is undoable (events %v)", names(r.Events))
	}
	if _, err := m.Undo(); !errors.Is(err, ErrUndoRefused) {
		t.Errorf("undo after a reaction: %v", err)
	}
}

// The same seed and commands give the same match; Rebuild re-plays a log.
func TestRebuildIsDeterministic(t *testing.T) {
	cmds := []rules.Command{rules.Attack{Unit: 1, Target: 3}, rules.EndTurn{}, rules.Attack{Unit: 3, Target: 1}, rules.EndTurn{}}
	a, err := Rebuild(ruletest.Troopers(t, wallMap), 42, cmds)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Rebuild(ruletest.Troopers(t, wallMap), 42, cmds)
	if err != nil {
		t.Fatal(err)
	}
	if a.Hash() != b.Hash() || !slices.Equal(a.TurnHashes(), b.TurnHashes()) || len(a.TurnHashes()) != 2 {
		t.Errorf("two re-plays differ: %s %v / %s %v", a.Hash(), a.TurnHashes(), b.Hash(), b.TurnHashes())
	}
	c, err := Rebuild(ruletest.Troopers(t, wallMap), 43, cmds)
	if err != nil {
		t.Fatal(err)
	}
	if c.Hash() == a.Hash() {
		t.Error("another seed gave the same hash: the hash does not cover the dice")
	}
}

func names(evs []Event) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.EventName())
	}
	return out
}
