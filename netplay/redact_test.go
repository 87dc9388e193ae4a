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
