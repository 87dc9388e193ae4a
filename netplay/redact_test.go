package netplay

import (
	"encoding/json"
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// A move Red makes from behind a wall into Blue's sight reaches Blue
// without its start: only the tiles Blue saw, and no "from"; Red itself
// gets the whole move.
func TestWitnessedMoveKeepsOnlyWhatTheSideSaw(t *testing.T) {
	s := ruletest.Troopers(t, `
B.........
..........
#########.
..........
.........R`)
	m := match.New(s, 1)
	if _, err := m.Apply(rules.EndTurn{}); err != nil {
		t.Fatal(err)
	}
	red := m.View(rules.SideRed).Units
	var id int
	for _, u := range red {
		if u.Side == rules.SideRed {
			id = u.ID
		}
	}
	if m.View(rules.SideBlue).Unit(id) != nil {
		t.Fatal("Blue sees Red before the move: the map must hide it")
	}
	res, err := m.Apply(rules.Move{Unit: id, To: rules.Point{X: 9, Y: 1}})
	if err != nil {
		t.Fatal(err)
	}
	moved := func(side rules.Side) (rules.Moved, bool) {
		for _, e := range witnessed(side, res) {
			if e.Type == "moved" {
				var mv rules.Moved
				if err := json.Unmarshal(e.Event, &mv); err != nil {
					t.Fatal(err)
				}
				return mv, true
			}
		}
		return rules.Moved{}, false
	}
	whole, ok := moved(rules.SideRed)
	if !ok || whole.From != (rules.Point{X: 9, Y: 4}) || len(whole.Path) < 3 {
		t.Fatalf("Red's own move reached it as %+v, want the whole move from (9,4)", whole)
	}
	part, ok := moved(rules.SideBlue)
	if !ok {
		t.Fatal("Blue, who sees Red at the end of its move, was not told of it")
	}
	if part.From != (rules.Point{X: -1, Y: -1}) {
		t.Errorf("Blue was told the move started at %v, which it did not see", part.From)
	}
	if len(part.Path) == 0 || len(part.Path) >= len(whole.Path) || part.Path[len(part.Path)-1] != whole.Path[len(whole.Path)-1] {
		t.Errorf("Blue was told the path %v of %v: want its seen end only", part.Path, whole.Path)
	}
	for _, p := range part.Path {
		if p.Y > 2 {
			t.Errorf("Blue was told of tile %v behind the wall", p)
		}
	}
}

// Blue is shot, and its move cut short, by a Red unit behind a wall it
// never saw: Blue learns that it was shot and by what kind of attack, but
// not the attacker's ID, origin, odds or breakdown; Red, who made the
// attack, keeps its own attacker, origin and odds.
func TestWitnessedHidesAnUnseenAttacker(t *testing.T) {
	s := ruletest.Troopers(t, `
B.........
..........
##########
..........
.........R`)
	var blue, red *rules.Unit
	for _, u := range s.Units {
		if u.Side == rules.SideBlue {
			blue = u
		} else {
			red = u
		}
	}
	vis := func() [2]*match.Visibility {
		return [2]*match.Visibility{match.ComputeVisibility(s, rules.SideBlue, nil), match.ComputeVisibility(s, rules.SideRed, nil)}
	}
	w := match.NewWitness(s, vis())
	w.After(s, vis())
	if w.SeesUnit(rules.SideBlue, red.ID) {
		t.Fatal("test map: Blue sees Red")
	}
	origin := s.Board.TileCenter(red.Pos)
	evs := []rules.Event{
		rules.Attacked{Attacker: red.ID, Target: blue.ID, Kind: rules.KindOverwatch, Weapon: "rifle", Chance: 0.45, CritChance: 0.05,
			Breakdown: rules.Breakdown{Mods: []rules.Modifier{{Kind: "attack", Label: "range", Value: -2}}, Threat: 20}, Grade: "none",
			Origin: origin, Roll: 17, MissRolls: []int{40}, Outcome: rules.OutcomeHit, Location: "torso"},
		rules.MoveInterrupted{Unit: blue.ID, By: red.ID, At: red.Pos},
		rules.BrokeOut{Unit: blue.ID, By: red.ID},
		rules.Fired{Unit: red.ID, Kind: rules.KindSuppressive, At: blue.Pos, AP: 2, Rounds: 3},
	}
	res := &match.Result{Witness: w}
	for _, e := range evs {
		res.Events = append(res.Events, match.Event{Event: e, Seen: [2]bool{true, true}})
	}
	got := witnessed(rules.SideBlue, res)
	if len(got) != len(evs) {
		t.Fatalf("Blue was told %d events, want %d (it was shot, and knows it)", len(got), len(evs))
	}
	for _, e := range got {
		var f map[string]any
		if err := json.Unmarshal(e.Event, &f); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"attacker", "by"} {
			if v, ok := f[k]; ok && v != float64(0) {
				t.Errorf("Blue's %s event names the unseen unit as %s: %v", e.Type, k, v)
			}
		}
		if e.Type == "fired" && f["unit"] != float64(0) {
			t.Errorf("Blue's fired event names the unseen shooter: %v", f["unit"])
		}
		if e.Type == "move_interrupted" && (f["at"].(map[string]any)["x"] != float64(-1)) {
			t.Errorf("Blue's move_interrupted event names a tile it did not see: %v", f["at"])
		}
	}
	var at rules.Attacked
	if err := json.Unmarshal(got[0].Event, &at); err != nil {
		t.Fatal(err)
	}
	want := rules.Attacked{Target: blue.ID, Kind: rules.KindOverwatch, Weapon: "rifle", Roll: 17, Outcome: rules.OutcomeHit, Location: "torso"}
	if a, b := mustJSON(t, at), mustJSON(t, want); a != b {
		t.Errorf("Blue was told the attack\n%+v\nwant\n%+v", at, want)
	}
	own := witnessed(rules.SideRed, res)
	var shot rules.Attacked
	if len(own) != len(evs) || json.Unmarshal(own[0].Event, &shot) != nil {
		t.Fatalf("Red was told %v, want its own attack first", own)
	}
	if shot.Attacker != red.ID || shot.Origin != origin || shot.Chance != 0.45 || len(shot.Breakdown.Mods) != 1 {
		t.Errorf("Red was told its own attack as %+v: want its attacker, origin and odds", shot)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
