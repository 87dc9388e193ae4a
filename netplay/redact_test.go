//go:build !js

package netplay

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
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

// seatOn makes a match on a new Host and serves it on state s with the
// given seed in place of its level's, both seats joined: the Host checks,
// applies, commits and sends each command as it does on a shipped level.
func seatOn(t *testing.T, s *rules.State, seed uint64) *seated {
	t.Helper()
	ctx := context.Background()
	h := NewHost(NewMemoryStore())
	c, err := h.Create(ctx, "crossroads", 3)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := h.store.Match(ctx, c.Match)
	if err != nil {
		t.Fatal(err)
	}
	g := &game{rec: rec, m: match.New(s, seed)}
	for i := range g.seats {
		g.seats[i] = map[*Seat]bool{}
	}
	h.games[c.Match] = g
	return join(t, h, c)
}

// A Red rifleman behind the end of a wall, whom Blue's unit cannot see,
// leans out (the automatic peek from full cover), shoots Blue's unit
// dead and is out of Blue's sight before and after: the commands go
// through the Host, and the bytes Blue's seat receives tell it that its
// unit was hit and fell, but not by whom, from where or at what odds, nor
// that anyone leaned out; Red's seat gets its whole attack.
func TestHostTellsNothingOfAnUnseenShooter(t *testing.T) {
	ctx := context.Background()
	s := ruletest.Troopers(t, `
.....B....
..........
..........
####......
..R.......
..........`)
	var blue, red *rules.Unit
	for _, u := range s.Units {
		if u.Side == rules.SideBlue {
			blue = u
		} else {
			red = u
		}
	}
	blue.HP = 1 // any hit kills: Blue's last sight of the shooter goes with it
	x := seatOn(t, s, 1)
	g := x.seats[0].g
	if g.m.View(rules.SideBlue).Unit(red.ID) != nil || g.m.View(rules.SideRed).Unit(blue.ID) == nil {
		t.Fatal("test map: Red must see Blue (by its peek) and Blue not Red")
	}
	if err := x.seats[0].Submit(ctx, 0, rules.SpecOf(rules.EndTurn{})); err != nil {
		t.Fatal(err)
	}
	from := [2]int{len(x.in[0].raw), len(x.in[1].raw)}
	if err := x.seats[1].Submit(ctx, 0, rules.SpecOf(rules.Attack{Unit: red.ID, Target: blue.ID})); err != nil {
		t.Fatal(err)
	}
	if blue.Alive() {
		t.Fatal("seed 1: the shot must kill Blue's unit")
	}

	// What the wire carried to each seat for the attack.
	attacks := func(side int) (raw string, evs []map[string]any) {
		for _, b := range x.in[side].raw[from[side]:] {
			raw += string(b) + "\n"
			var m struct {
				Type   string
				Events []struct {
					Type  string
					Event map[string]any
				}
			}
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			for _, e := range m.Events {
				e.Event["type"] = e.Type
				evs = append(evs, e.Event)
			}
		}
		return raw, evs
	}
	raw, evs := attacks(0)
	var kinds []string
	for _, e := range evs {
		kinds = append(kinds, e["type"].(string))
	}
	if want := []string{"attacked", "damaged", "killed"}; !slices.Equal(kinds, want) {
		t.Fatalf("Blue's seat was told %v, want %v (its unit was hit and fell; nothing of the peek)", kinds, want)
	}
	at := evs[0]
	if at["target"] != float64(blue.ID) || at["outcome"] == "" || at["roll"] == float64(0) {
		t.Errorf("Blue's seat was told the attack %v: want its unit hit, with the d20", at)
	}
	for k, want := range map[string]any{"attacker": float64(0), "chance": float64(0), "critChance": float64(0),
		"origin": map[string]any{"x": float64(0), "y": float64(0)}} {
		if got, ok := at[k]; ok && !reflect.DeepEqual(got, want) {
			t.Errorf("Blue's seat was told the attack's %s: %v", k, got)
		}
	}
	if bd, ok := at["breakdown"].(map[string]any); ok && (bd["mods"] != nil || bd["threat"] != float64(0) || bd["cover"] != float64(0)) {
		t.Errorf("Blue's seat was told the attack's breakdown: %v", bd)
	}
	for _, k := range []string{"missRolls", "grade", "flanked"} {
		if v, ok := at[k]; ok && v != "" && v != false {
			t.Errorf("Blue's seat was told the attack's %s: %v", k, v)
		}
	}
	redAt := fmt.Sprintf(`{"x":%d,"y":%d}`, red.Pos.X, red.Pos.Y)
	lean := fmt.Sprintf(`{"x":%d,"y":%d}`, red.Pos.X+1, red.Pos.Y)
	for _, leak := range []string{red.Name, redAt, lean, `"peeked"`, `"attacker":` + fmt.Sprint(red.ID)} {
		if strings.Contains(raw, leak) {
			t.Errorf("Blue's seat received %s:\n%s", leak, raw)
		}
	}
	if v := x.in[0].lastView(t); v.View.Unit(red.ID) != nil || len(v.View.Contacts) != 0 {
		t.Errorf("Blue's last view holds the shooter: %+v", v.View)
	}

	_, own := attacks(1)
	if len(own) < 2 || own[0]["type"] != "peeked" || own[1]["type"] != "attacked" {
		t.Fatalf("Red's seat was told %v, want its peek and its attack", own)
	}
	if a := own[1]; a["attacker"] != float64(red.ID) || a["chance"] == float64(0) || a["origin"] == nil {
		t.Errorf("Red's seat was told its own attack as %v: want its attacker, odds and origin", a)
	}
}
