package scenes

import (
	"strings"
	"testing"

	"sightline/levels"
	"sightline/rules"
	"sightline/systems"
)

// A level with objectives opens on a briefing that holds the battle until
// a key; the HUD then shows the side to move's objective and the turns it
// has left, and the result screen says what decided the battle.
func TestObjectivesInBattle(t *testing.T) {
	s, err := rules.ParseASCII(`
B...........
............
..........R.`)
	if err != nil {
		t.Fatal(err)
	}
	zone := rules.Rect{Min: rules.Point{X: 2, Y: 0}, Max: rules.Point{X: 4, Y: 2}}
	s.Objectives = []rules.Objective{
		{Side: rules.SideBlue, Goal: rules.GoalReach, Zone: zone, Turns: 3, Text: "reach the well"},
		{Side: rules.SideRed, Goal: rules.GoalSurvive, Turns: 3},
	}
	env := testEnv(t)
	env.NoBriefing = false
	b := NewBattle(env, SetupFromState("Well", s))
	h := newHarness(t, env, func(*Env) Scene { return b })
	h.settle()

	want := []string{"Blue: Reach the well.", "Red: Hold out to the end of turn 3.", "A side that loses every unit loses the battle."}
	if have := h.briefing(); strings.Join(have, "|") != strings.Join(want, "|") {
		t.Fatalf("briefing %q, want %q", have, want)
	}
	screenshot(t, h, "briefing.png")
	e := []systems.Intent{key(systems.IntentAnyKey), key(systems.IntentEndTurn)} // E, as the input reads it
	h.step(e...)                                                                 // too soon after it opened: ignored
	if len(h.briefing()) == 0 || b.State().Side != rules.SideBlue {
		t.Fatal("the briefing was skipped by a key held as it opened")
	}
	for i := 0; i < 30; i++ {
		h.step()
	}
	h.step(e...) // dismisses the briefing only
	if len(h.briefing()) != 0 || b.State().Side != rules.SideBlue {
		t.Fatalf("after a key: briefing %q, %v to move", h.briefing(), b.State().Side)
	}
	if have := b.look.hudInfo().Objective; have != "Objective: Reach the well · 3 turns left" {
		t.Errorf("HUD objective %q", have)
	}
	screenshot(t, h, "objective.png")

	// Blue ends its turn (asked once: it could still act): Red's line is
	// its own objective.
	h.step(e...)
	h.step(e...)
	h.settle()
	for i := 0; i < 15; i++ {
		h.step()
	}
	h.step(key(systems.IntentAnyKey)) // past the handover screen
	if _, up := h.handover(); up || b.State().Side != rules.SideRed {
		t.Fatalf("handover up %v, %v to move; want Red's turn", up, b.State().Side)
	}
	if have := b.look.hudInfo().Objective; have != "Objective: Hold out to the end of turn 3 · 3 turns left" {
		t.Errorf("Red's HUD objective %q", have)
	}
	// Blue reaches the zone: the result says so.
	b.State().Unit(1).Pos = rules.Point{X: 3, Y: 1}
	for i := 0; i < 200 && h.m.Current() == Scene(b); i++ {
		h.step()
	}
	r, ok := h.m.Current().(*Result)
	if !ok {
		t.Fatalf("scene %s, want the result", h.m.Current().Name())
	}
	if r.Winner() != rules.SideBlue || r.Why != "Blue did it: reach the well." {
		t.Errorf("result: %v wins, why %q", r.Winner(), r.Why)
	}
}

// The HUD line names the side's objectives, or what it must stop, with
// what is done and the turns left. Before the battle (goalLine, the
// level select) it says what each goal is, its length named once ("hold
// 2 turns"), never a count of what is done ("held 0 of 2") or of the
// turns left.
func TestObjectiveLine(t *testing.T) {
	s, err := rules.ParseASCII("B...R")
	if err != nil {
		t.Fatal(err)
	}
	zone := rules.Rect{Max: rules.Point{X: 2, Y: 1}}
	hold := rules.Objective{Side: rules.SideBlue, Goal: rules.GoalHold, Zone: zone, Turns: 2, Text: "take the well"}
	hold1 := hold
	hold1.Turns = 1
	for _, tt := range []struct {
		objs   []rules.Objective
		side   rules.Side
		before bool
		want   string
	}{
		{nil, rules.SideBlue, false, ""},
		{[]rules.Objective{{Side: rules.SideRed, Goal: rules.GoalHold, Zone: zone, Turns: 2}}, rules.SideBlue, false, "Stop Red: Hold (0,0)-(1,0) for 2 turns (held 0 of 2)"},
		{[]rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalEliminate, Turns: 1}}, rules.SideBlue, false, "Objective: Fell every enemy by the end of turn 1 · 1 turn left"},
		{[]rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalProtect, Target: 1}, {Side: rules.SideBlue, Goal: rules.GoalEliminate}}, rules.SideBlue, false,
			"Objective: Keep Blue 1 alive · Fell every enemy"},
		{[]rules.Objective{{Side: rules.SideRed, Goal: rules.GoalHold, Zone: zone, Turns: 2}}, rules.SideBlue, true, "Stop Red: Hold (0,0)-(1,0) for 2 turns"},
		{[]rules.Objective{hold}, rules.SideBlue, true, "Objective: Take the well (hold 2 turns)"},
		{[]rules.Objective{hold1}, rules.SideBlue, true, "Objective: Take the well (hold 1 turn)"},
		{[]rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalEliminate, Turns: 1}}, rules.SideBlue, true, "Objective: Fell every enemy by the end of turn 1"},
		{[]rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalReach, Zone: zone, Turns: 8, Text: "reach the well"}}, rules.SideBlue, true, "Objective: Reach the well · by the end of turn 8"},
		{[]rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalProtect, Target: 1}}, rules.SideBlue, true, "Objective: Keep Blue 1 alive"},
	} {
		s.Objectives = tt.objs
		line := objectiveLine
		if tt.before {
			line = goalLine
		}
		if have := line(s, tt.side); have != tt.want {
			t.Errorf("before the battle %v: have %q\nwant %q", tt.before, have, tt.want)
		}
	}
}

// No shipped level's line before the battle counts, for either side
// (tour pictures 33 and 34: Bridge's "(held 0 of 2)").
func TestGoalLineShippedLevels(t *testing.T) {
	env := testEnv(t)
	for _, e := range env.levelEntries() {
		if e.Err != nil {
			continue // a broken map of the tests' own
		}
		lv, err := levels.Load(env.Levels, e.Path)
		if err != nil {
			t.Fatalf("%s: %v", e.Path, err)
		}
		for _, side := range []rules.Side{rules.SideBlue, rules.SideRed} {
			line := goalLine(lv.State, side)
			if strings.Contains(line, "held") || strings.Contains(line, " left") {
				t.Errorf("%s, %s: %q counts before the battle", e.Path, side, line)
			}
		}
	}
}

// The briefing card opens with the level's lesson, a line a paragraph
// (the card wraps them to its width), then each side's aims; a level with a lesson and no objectives still has a card.
func TestBriefingLesson(t *testing.T) {
	s, err := rules.ParseASCII("B..R")
	if err != nil {
		t.Fatal(err)
	}
	lesson := "Peeking: a unit in full cover at a corner leans out to shoot and ducks back. Overwatch holds a lane.\nWatch the alley."
	var have []string
	for _, l := range briefing(s, lesson) {
		have = append(have, l.text)
	}
	want := []string{
		"Peeking: a unit in full cover at a corner leans out to shoot and ducks back. Overwatch holds a lane.",
		"Watch the alley.",
		"",
		"Blue: Fell every Red unit.",
		"Red: Fell every Blue unit.",
		"A side that loses every unit loses the battle.",
	}
	if strings.Join(have, "|") != strings.Join(want, "|") {
		t.Errorf("have %q\nwant %q", have, want)
	}
	if lines := briefing(s, ""); lines != nil {
		t.Errorf("no lesson, no objectives: have %v, want no card", lines)
	}

	// As drawn on a wide screen's card (752 pixels of text): every row
	// fits, and the lesson's first row fills most of it, no empty band.
	fonts, err := systems.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	const room = 800 - 48
	rows := briefRows(fonts, briefing(s, lesson), systems.Theme{}, room, nil)
	if len(rows) != len(want)+1 {
		t.Errorf("%d rows drawn for %d lines, the first in two: %v", len(rows), len(want), rows)
	}
	for _, r := range rows {
		if w := fonts.Width(r.text, briefSize, false); w > room {
			t.Errorf("%q is %.0f pixels wide, the card has %d", r.text, w, room)
		}
	}
	if w := fonts.Width(rows[0].text, briefSize, false); w < 0.75*room {
		t.Errorf("the first row %q is %.0f pixels of the card's %d: an empty band on its right", rows[0].text, w, room)
	}
	if narrow := briefRows(fonts, briefing(s, lesson), systems.Theme{}, 300, nil); len(narrow) <= len(rows) {
		t.Errorf("a 300-pixel card drew %d rows, the wide one %d: want more", len(narrow), len(rows))
	}
}

// The briefing card keeps its paragraphs wrapped while its width and face
// stay the same: a frame it stays up wraps nothing (no allocation), and a
// new width wraps them again, as systems.WrapText does.
func TestBriefingWrapsOnce(t *testing.T) {
	fonts, err := systems.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	s, err := rules.ParseASCII("B..R")
	if err != nil {
		t.Fatal(err)
	}
	lines := briefing(s, "Peeking: a unit in full cover at a corner leans out to shoot and ducks back. Overwatch holds a lane.")
	var m wrapMemo
	for _, w := range []float64{752, 300, 752, 200} {
		have := briefRows(fonts, lines, systems.Theme{}, w, &m)
		want := briefRows(fonts, lines, systems.Theme{}, w, nil)
		if len(have) != len(want) {
			t.Fatalf("width %.0f: have %d rows, want %d", w, len(have), len(want))
		}
		for i := range have {
			if have[i] != want[i] {
				t.Errorf("width %.0f, row %d: have %q, want %q", w, i, have[i].text, want[i].text)
			}
		}
		text := lines[0].text
		if n := testing.AllocsPerRun(10, func() { m.wrap(fonts, text, briefSize, w) }); n != 0 {
			t.Errorf("width %.0f: a frame wraps again, %.0f allocations", w, n)
		}
		if n := testing.AllocsPerRun(10, func() { (*wrapMemo)(nil).wrap(fonts, text, briefSize, w) }); n == 0 {
			t.Errorf("width %.0f: wrapping anew allocates nothing: the check above proves nothing", w)
		}
	}
}
