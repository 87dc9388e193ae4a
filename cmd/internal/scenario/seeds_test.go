package scenario

import (
	"os"
	"strings"
	"testing"
)

// stepEvents returns the events the command at index step produced.
func stepEvents(evs []map[string]any, step int) []map[string]any {
	var out []map[string]any
	for _, e := range evs {
		if e["step"] == float64(step) {
			out = append(out, e)
		}
	}
	return out
}

// named returns the events called name among evs.
func named(evs []map[string]any, name string) []map[string]any {
	var out []map[string]any
	for _, e := range evs {
		if e["event"] == name {
			out = append(out, e)
		}
	}
	return out
}

// playFile plays a scenario from testdata.
func playFile(t *testing.T, name string) []map[string]any {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return run(t, string(b))
}

// Seed 003, Overwatch: "When the shot is fired the target or targeted
// square must be in the weapon's range (without using range increments)".
// A rifle (range 12) watching east lets Kite walk from 20 to 14 tiles
// away unshot, and fires once Kite steps within 12 tiles.
func TestScenarioOverwatchRange(t *testing.T) {
	evs := playFile(t, "overwatch_range.json")
	if have := named(stepEvents(evs, 2), "attacked"); len(have) != 0 {
		t.Errorf("walking 20 to 14 tiles away: have %d shots, want none: %v", len(have), have)
	}
	shots := named(stepEvents(evs, 3), "attacked")
	if len(shots) != 1 || shots[0]["kind"] != "overwatch" {
		t.Fatalf("walking to 10 tiles away: have %v, want one overwatch shot", shots)
	}
	moved := named(stepEvents(evs, 3), "moved")
	if len(moved) == 0 {
		t.Fatal("no moved event before the shot")
	}
	path := moved[0]["path"].([]any)
	at := path[len(path)-1].(map[string]any)
	if at["x"] != float64(12) {
		t.Errorf("shot when Kite reached %v, want x=12 (the rifle's range)", at)
	}
}

// rejection returns the error of the rejected command at step, or "".
func rejection(evs []map[string]any, step int) string {
	for _, e := range named(stepEvents(evs, step), "rejected") {
		return e["error"].(string)
	}
	return ""
}

// Seed 003, Charge: "A Charge requires a full-round action to use";
// "you must move to the closest space from which you can attack the
// opponent. (If this space is occupied or otherwise blocked, you can't
// Charge)". Blue 1 steps and is refused a charge; Blue 2's closest space
// next to Beech holds Blue 3; next turn Blue 1 charges from where it
// stands and strikes from the space next to Kite.
func TestScenarioCharge(t *testing.T) {
	evs := playFile(t, "charge.json")
	for _, tt := range []struct {
		step int
		want string
	}{
		{1, "full-round action"},
		{2, "closest space next to Beech, (7,2), is occupied"},
	} {
		if have := rejection(evs, tt.step); !strings.Contains(have, tt.want) {
			t.Errorf("step %d: have %q, want a refusal containing %q", tt.step, have, tt.want)
		}
	}
	hits := named(stepEvents(evs, 5), "attacked")
	if len(hits) != 1 || hits[0]["kind"] != "charge" {
		t.Fatalf("step 5: have %v, want one charge strike", hits)
	}
	moved := named(stepEvents(evs, 5), "moved")
	path := moved[len(moved)-1]["path"].([]any)
	if end := path[len(path)-1].(map[string]any); end["x"] != float64(7) || end["y"] != float64(0) {
		t.Errorf("charged to %v, want (7,0), the closest space next to Kite", end)
	}
}

// Seed 004, Piling Through Cover: a unit that "fails to pile through the
// cover ... is immediately halted and may move no further that turn".
// A trooper (ST 3) cannot beat concrete (DE 18): it halts, its next move
// that turn is refused, and on its next turn it walks again.
func TestScenarioPileThroughHalts(t *testing.T) {
	evs := playFile(t, "pile_halt.json")
	piles := named(stepEvents(evs, 0), "piled_through")
	if len(piles) != 1 || piles[0]["success"] != false {
		t.Fatalf("step 0: have %v, want one failed pile-through", piles)
	}
	if have := rejection(evs, 1); !strings.Contains(have, "may move no further this turn") {
		t.Errorf("step 1: have %q, want the halted unit's move refused", have)
	}
	if moved := named(stepEvents(evs, 4), "moved"); len(moved) != 1 {
		t.Errorf("step 4: have %v, want the unit to move on its next turn", stepEvents(evs, 4))
	}
}

// Seed 001, Cover: "Light ... Passive Effect: - ... Active Effect:
// Downgrade 1x". A kerb (very-low) gives a standing unit nothing until it
// takes cover behind it; then the shot across the kerb meets Half (+2),
// an entry naming the kerb.
func TestScenarioTakeCoverBehindLightCover(t *testing.T) {
	evs := playFile(t, "light_cover.json")
	for _, tt := range []struct {
		step      int
		wantCover float64
		wantEntry bool
	}{
		{0, 0, false},
		{4, 2, true},
	} {
		shots := named(stepEvents(evs, tt.step), "attacked")
		if len(shots) != 1 {
			t.Fatalf("step %d: have %v, want one attack", tt.step, shots)
		}
		bd := shots[0]["breakdown"].(map[string]any)
		entry := false
		for _, m := range bd["mods"].([]any) {
			m := m.(map[string]any)
			if m["label"] == "Taking cover behind light cover" && m["value"] == float64(2) {
				entry = m["cause"].(map[string]any)["obstacle"] == float64(1)
			}
		}
		if bd["cover"] != tt.wantCover || entry != tt.wantEntry {
			t.Errorf("step %d: cover %v, entry %v; want %v, %v", tt.step, bd["cover"], entry, tt.wantCover, tt.wantEntry)
		}
	}
}

// Seed 004, Flanking: "If another unit is in the way of where a diving
// unit will land, that unit can be moved enough to make room". Blue 2
// saves against Red's covering fire; both spots behind the wall hold
// friends, so the one on the spot it dives to is moved a tile aside.
func TestScenarioDiveMakesRoom(t *testing.T) {
	evs := stepEvents(playFile(t, "dive_make_room.json"), 1)
	dives := named(evs, "dived")
	if len(dives) != 1 || dives[0]["unit"] != float64(2) || dives[0]["prone"] == true {
		t.Fatalf("have %v, want Blue 2 to dive", dives)
	}
	to := dives[0]["to"].(map[string]any)
	moved := named(evs, "moved")
	if len(moved) != 1 || moved[0]["unit"] != float64(4) || moved[0]["aside"] != float64(2) {
		t.Fatalf("have %v, want Blue 4 moved aside by Blue 2", moved)
	}
	from := moved[0]["from"].(map[string]any)
	if to["x"] != from["x"] || to["y"] != from["y"] {
		t.Errorf("Blue 2 dove to %v, Blue 4 made room from %v: want the same tile", to, from)
	}
}

// Seed 004, Flanking: "A unit can dive over low cover or around a corner
// and if they can do this they are not considered flanked". Red 1,
// against a low wall and fired at from the side, can dive round the
// wall's end: its save carries no Flanked penalty, and it dives there.
func TestScenarioFlankAndDiveAgree(t *testing.T) {
	evs := stepEvents(playFile(t, "flank_dive.json"), 0)
	saves := named(evs, "saved")
	if len(saves) != 1 {
		t.Fatalf("have %v, want one Reflex save", saves)
	}
	for _, m := range saves[0]["mods"].([]any) {
		if m.(map[string]any)["label"] == "Flanked" {
			t.Errorf("save %v: flanked, though a dive round the corner is in reach", saves[0])
		}
	}
	dives := named(evs, "dived")
	if len(dives) != 1 {
		t.Fatalf("have %v, want one dive", dives)
	}
	if to := dives[0]["to"].(map[string]any); to["x"] != float64(0) || to["y"] != float64(0) {
		t.Errorf("dove to %v, want (0,0) round the wall's end", to)
	}
}

// braced returns the "Braced on cover" value of the attack at step (0:
// none).
func braced(t *testing.T, evs []map[string]any, step int) float64 {
	t.Helper()
	shots := named(stepEvents(evs, step), "attacked")
	if len(shots) == 0 {
		t.Fatalf("step %d: no attack", step)
	}
	for _, m := range shots[0]["breakdown"].(map[string]any)["mods"].([]any) {
		if m := m.(map[string]any); m["label"] == "Braced on cover" {
			return m["value"].(float64)
		}
	}
	return 0
}

// Seed 003, Firing from cover: "reduce their total recoil penalty by 1
// for attacks made using the cover element to stabilize the attack".
// Blue 1 has a sandbag wall at its back: no brace. Blue 2 fires over the
// wall in front of it: +1.
func TestScenarioBraceOnCoverInFront(t *testing.T) {
	evs := playFile(t, "brace.json")
	if have := braced(t, evs, 0); have != 0 {
		t.Errorf("wall at the back: braced %+v, want none", have)
	}
	if have := braced(t, evs, 1); have != 1 {
		t.Errorf("wall in front: braced %+v, want +1", have)
	}
}

// Seed 001, Example 3: "A character begins their turn taking heavy cover.
// They emerge and move through an area of medium cover and end in an
// exposed area. Their final cover (-1) is less than both ... so it is one
// higher (0) for this turn." Red's shot at Blue 1 meets Exposed (-2) and
// Moved through cover (+2): 0 in all.
func TestScenarioSeed001Example3(t *testing.T) {
	shots := named(stepEvents(playFile(t, "seed001_example3.json"), 6), "attacked")
	if len(shots) != 1 {
		t.Fatalf("have %v, want one attack", shots)
	}
	have := map[string]float64{}
	for _, m := range shots[0]["breakdown"].(map[string]any)["mods"].([]any) {
		m := m.(map[string]any)
		have[m["source"].(string)] += m["value"].(float64)
	}
	if have["seed 001, Exposed"] != -2 || have["seed 001, Moving to/from/within cover"] != 2 {
		t.Errorf("have %v, want Exposed -2 and Moved through cover +2", have)
	}
}

// Seed 002, Cover: "such as a tree or intervening creature ... the attack
// is instead applied to the obstacle". Blue's shot at Red 3 misses only
// because Red 2 stands in the way: Red 2 takes it.
func TestScenarioMissIntoInterveningCreature(t *testing.T) {
	evs := stepEvents(playFile(t, "intervening.json"), 0)
	shots := named(evs, "attacked")
	if len(shots) != 1 || shots[0]["outcome"] != "cover" || shots[0]["intervening"] != float64(2) {
		t.Fatalf("have %v, want a miss into Red 2", shots)
	}
	dmg := named(evs, "damaged")
	if len(dmg) != 1 || dmg[0]["unit"] != float64(2) {
		t.Errorf("have %v, want Red 2 damaged", dmg)
	}
}

// A data file written before aimConeTiles and coverBonus.corner were
// added still plays: each field takes its default, with one warning
// naming it, before the events.
func TestScenarioOlderDataFile(t *testing.T) {
	evs := playFile(t, "older_data_scenario.json")
	warns := named(evs, "warning")
	want := []string{"tuning.aimConeTiles: missing", "tuning.coverBonus.corner: missing"}
	if len(warns) != len(want) {
		t.Fatalf("have warnings %v, want one for each of %v", warns, want)
	}
	for i, w := range want {
		if msg, _ := warns[i]["warning"].(string); !strings.Contains(msg, w) {
			t.Errorf("warning %d: %q, want it to name %q", i, msg, w)
		}
	}
	if evs[0]["event"] != "warning" || len(named(stepEvents(evs, 0), "attacked")) != 1 {
		t.Errorf("have %v, want the warnings first, then the attack", evs)
	}
}

// Issue 30: a legend glyph with both an obstacle and a floor stands the
// obstacle on its floor. A parapet (low wall) on a roof four bricks up
// gives Kite, behind it, half cover from Beech on the same roof; buried
// under the roof at base 0 it gave nothing.
func TestScenarioObstacleOnItsFloor(t *testing.T) {
	shots := named(playFile(t, "obstacle_on_floor.json"), "attacked")
	if len(shots) != 1 {
		t.Fatalf("have %v, want one attack", shots)
	}
	if shots[0]["grade"] != "half" {
		t.Errorf("Kite's cover behind the parapet: %v, want half", shots[0]["grade"])
	}
}

// Issue 30: the default g glyph is the glass of RULES.md's materials, DE
// 2 and breakable (it was indestructible). Three shots at the pane chip
// it against DE 2 and the last breaks it.
func TestScenarioGlassBreaks(t *testing.T) {
	evs := playFile(t, "glass.json")
	chips := named(evs, "cover_damaged")
	if len(chips) == 0 {
		t.Fatal("no damage to the glass")
	}
	for _, c := range chips {
		if c["de"] != float64(2) {
			t.Errorf("glass took damage against DE %v, want 2: %v", c["de"], c)
		}
	}
	if gone := named(evs, "obstacle_removed"); len(gone) != 1 {
		t.Errorf("have %v, want the glass broken", gone)
	}
}
