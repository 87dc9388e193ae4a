package actions_test

import (
	"errors"
	"strings"
	"testing"

	"sightline/actions"
	"sightline/internal/ruletest"
	"sightline/rules"
)

// troopers parses an ASCII map of troopers whose low cover is wood.
func troopers(t *testing.T, m string) *rules.State {
	t.Helper()
	return ruletest.Wood(ruletest.Troopers(t, m), "")
}

// TestCatalogue: every action is declared once, at its ID, with its own
// hotkey, a label, a hint for each targeting mode and a preview that
// fits what it takes.
func TestCatalogue(t *testing.T) {
	keys := map[rune]actions.ID{}
	fits := map[actions.Targeting][]actions.Preview{
		actions.TargetNone:  {actions.PreviewNone},
		actions.TargetTile:  {actions.PreviewReach, actions.PreviewPileReach, actions.PreviewDashReach},
		actions.TargetUnit:  {actions.PreviewAttack},
		actions.TargetPoint: {actions.PreviewWatchZone, actions.PreviewCoverZone},
		actions.TargetArea:  {actions.PreviewArea},
	}
	all := actions.All()
	if len(all) == 0 {
		t.Fatal("the catalogue is empty")
	}
	for i, a := range all {
		if a.ID != actions.ID(i) || a.ID.Spec().Label != a.Label {
			t.Errorf("entry %d is %v (%q)", i, a.ID, a.Label)
		}
		if a.Label == "" || a.Key == 0 {
			t.Errorf("%v: label %q, key %q", a.ID, a.Label, a.Key)
		}
		if prev, dup := keys[a.Key]; dup {
			t.Errorf("%v and %v share the key %q", prev, a.ID, a.Key)
		}
		keys[a.Key] = a.ID
		if id, ok := actions.ForKey(a.Key); !ok || id != a.ID {
			t.Errorf("ForKey(%q) = %v, want %v", a.Key, id, a.ID)
		}
		if (a.Takes == actions.TargetNone) != (a.Help == "") && a.ID != actions.Move {
			t.Errorf("%v takes %d with hint %q: a targeting mode needs a hint, an instant action none", a.ID, a.Takes, a.Help)
		}
		ok := false
		for _, pv := range fits[a.Takes] {
			ok = ok || pv == a.Preview
		}
		if !ok {
			t.Errorf("%v takes %d but previews %d", a.ID, a.Takes, a.Preview)
		}
	}
	if _, ok := actions.ForKey('q'); ok {
		t.Error("q is no action's key")
	}
	if c := actions.ID(len(all)).Command(nil, 1, actions.Target{}); c != nil {
		t.Errorf("an unknown action builds %v", c)
	}
}

// TestCommandsAreTheirActions: what an action builds is recognised as
// that action's (Of), for every action, on a board where each applies.
func TestCommandsAreTheirActions(t *testing.T) {
	s := troopers(t, `
		Bl....R
		.......`)
	for _, a := range actions.All() {
		for _, tg := range []actions.Target{{}, {Unit: 2, Tile: rules.Point{X: 6}}, {Tile: rules.Point{X: 3, Y: 1}}} {
			c := a.ID.Command(s, 1, tg)
			if id, ok := actions.Of(c); !ok || id != a.ID {
				t.Errorf("%v builds %#v, which Of gives to %v", a.ID, c, id)
			}
		}
	}
}

// TestCheckTargets: a targeted action is legal when some target is, with
// the first target's failure otherwise, trying only the enemies known.
func TestCheckTargets(t *testing.T) {
	// The enemy hides behind a wall: the attack fails with the rules'
	// reason; with a second, open enemy the attack is legal.
	s := troopers(t, `
		...#.
		B..#R
		...#.`)
	err := actions.Attack.Check(s, 1, nil)
	if err == nil {
		t.Fatal("attack on a hidden enemy: want an error")
	}
	if want := rules.Check(s, rules.Attack{Unit: 1, Target: 2}); want.Error() != err.Error() {
		t.Errorf("have %v, want the first target's failure %v", err, want)
	}
	s = troopers(t, `
		...#.
		B..#R
		...#.
		.....
		....R`)
	if err := actions.Attack.Check(s, 1, nil); err != nil {
		t.Errorf("one enemy in the open: have %v, want legal", err)
	}
	// Under the fog only the enemies the side sees are tried: with the open
	// enemy unknown, the hidden one must not be named.
	walled := func(id int) bool { return id != 3 }
	none := func(id int) bool { return id == 1 }
	if err, want := actions.Attack.Check(s, 1, walled), rules.Check(s, rules.Attack{Unit: 1, Target: 2}); err == nil || err.Error() != want.Error() {
		t.Errorf("only the walled-off enemy known: have %v, want %v", err, want)
	}
	for _, id := range []actions.ID{actions.Attack, actions.Charge, actions.Blind} {
		err := id.Check(s, 1, none)
		if !errors.Is(err, actions.ErrNoTarget) || actions.Reason(err) != "No enemy in sight" {
			t.Errorf("%s with no enemy in sight: have %v, want %q", id, err, "No enemy in sight")
		}
	}
	if err := actions.Overwatch.Check(s, 1, none); err != nil && strings.Contains(err.Error(), "Red") {
		t.Errorf("overwatch with no enemy in sight names one: %v", err)
	}
	if !errors.Is(actions.Charge.Check(troopers(t, `B..`), 1, nil), actions.ErrNoTarget) {
		t.Error("charge with no enemy left should say there is no target")
	}
	if err := actions.Move.Check(s, 9, nil); !errors.Is(err, rules.ErrUnknownUnit) {
		t.Errorf("a move of no unit: have %v, want %v", err, rules.ErrUnknownUnit)
	}
}

// TestCheckMatchesRules: an instant action's check is the rules' check of
// its command.
func TestCheckMatchesRules(t *testing.T) {
	s := troopers(t, `
		Bl....R
		.......`)
	for _, a := range actions.All() {
		if a.Takes != actions.TargetNone {
			continue
		}
		want := rules.Check(s, a.ID.Command(s, 1, actions.Target{}))
		have := a.ID.Check(s, 1, nil)
		if (want == nil) != (have == nil) || want != nil && want.Error() != have.Error() {
			t.Errorf("%v: have %v, want %v", a.ID, have, want)
		}
	}
}

// TestTargetAt: a click finds the known enemy, else (Attack) the cover,
// else nothing; tile actions take the tile.
func TestTargetAt(t *testing.T) {
	s := troopers(t, `
		B..lR
		.....`)
	cover := s.Board.Obstacles[0].ID
	enemy := rules.Point{X: 4}
	tests := []struct {
		id    actions.ID
		at    rules.Point
		known func(int) bool
		want  actions.Target
		ok    bool
	}{
		{actions.Attack, enemy, nil, actions.Target{Unit: 2, Tile: enemy}, true},
		{actions.Attack, enemy, func(id int) bool { return id != 2 }, actions.Target{}, false},
		{actions.Attack, rules.Point{X: 3}, nil, actions.Target{Obstacle: cover, Tile: rules.Point{X: 3}}, true},
		{actions.Charge, rules.Point{X: 3}, nil, actions.Target{}, false},
		{actions.Charge, rules.Point{X: 1, Y: 1}, nil, actions.Target{}, false},
		{actions.Overwatch, enemy, nil, actions.Target{Tile: enemy}, true},
		{actions.Move, rules.Point{X: 1, Y: 1}, nil, actions.Target{Tile: rules.Point{X: 1, Y: 1}}, true},
		{actions.TakeCover, enemy, nil, actions.Target{}, false},
	}
	for _, tt := range tests {
		have, ok := tt.id.TargetAt(s, 1, tt.at, tt.known)
		if have != tt.want || ok != tt.ok {
			t.Errorf("%v at %v: have %+v %v, want %+v %v", tt.id, tt.at, have, ok, tt.want, tt.ok)
		}
	}
	if actions.Attack.Miss() == actions.Charge.Miss() {
		t.Error("a missed Attack click should offer the cover too")
	}
}

// TestPreviewAttack: the hit panel's attack is the rules' own preview;
// a charge shows the plain attack's numbers with its own legality (with
// 1 AP the unit may shoot but not charge).
func TestPreviewAttack(t *testing.T) {
	s := troopers(t, `
		B....R
		......`)
	s.Unit(1).AP = 1
	at := actions.Target{Unit: 2, Tile: rules.Point{X: 5}}
	pv, err := actions.Attack.PreviewAttack(s, 1, at)
	want, werr := s.PreviewAttack(rules.Attack{Unit: 1, Target: 2})
	if err != nil || werr != nil || pv.Chance != want.Chance || pv.Weapon != want.Weapon {
		t.Errorf("attack: have %v %v, want %v %v", pv.Chance, err, want.Chance, werr)
	}
	pv, err = actions.Charge.PreviewAttack(s, 1, at)
	if cerr := rules.Check(s, rules.Charge{Unit: 1, Target: 2}); cerr == nil || err == nil || err.Error() != cerr.Error() {
		t.Errorf("charge with 1 AP: have %v, want the rules' %v", err, cerr)
	}
	if pv.Chance != want.Chance {
		t.Errorf("charge: chance %v, want the plain attack's %v", pv.Chance, want.Chance)
	}
}

// TestTwoWeapons: with a pistol in hand and one stowed, Draw/Holster
// draws the second, and Attack then fires both.
func TestTwoWeapons(t *testing.T) {
	s := troopers(t, `
		B...R
		.....`)
	d := rules.DefaultData()
	pistol, _ := d.Weapon("pistol")
	u := s.Unit(1)
	u.Hand = rules.Carried{Weapon: pistol, Ammo: pistol.Magazine}
	u.Holster = u.Hand
	if have := actions.DrawHolster.Label(s, 1); have != "Two Guns" {
		t.Errorf("label %q, want Two Guns", have)
	}
	if have := actions.DrawHolster.Command(s, 1, actions.Target{}); have != (rules.Draw{Unit: 1, Second: true}) {
		t.Errorf("command %#v, want a second draw", have)
	}
	if _, err := rules.Apply(s, rules.Draw{Unit: 1, Second: true}, rules.NewRNG(1)); err != nil {
		t.Fatal(err)
	}
	if have := actions.Attack.Command(s, 1, actions.Target{Unit: 2}); have != (rules.Attack{Unit: 1, Target: 2, Both: true}) {
		t.Errorf("attack with two pistols: %#v, want both", have)
	}
	if have := actions.DrawHolster.Label(s, 1); have != "Holster" {
		t.Errorf("label with two in hand %q, want Holster", have)
	}
	if have := actions.DrawHolster.Label(s, 9); have != "Draw" {
		t.Errorf("label for no unit %q, want the plain Draw", have)
	}
}

// Every action says what it costs and what it does, in one line each,
// and the actions said to cost 1 AP cost 1 AP under the rules.
func TestCostAndEffect(t *testing.T) {
	for _, a := range actions.All() {
		if a.Cost == "" || a.Effect == "" || len([]rune(a.Cost)) > 24 || len([]rune(a.Effect)) > 76 {
			t.Errorf("%s: cost %q, effect %q; want both, the cost in 24 runes, the effect in 76", a.Label, a.Cost, a.Effect)
		}
	}
	for _, id := range []actions.ID{actions.TakeCover, actions.Stand, actions.Crouch, actions.Prone, actions.Aim} {
		if !strings.HasPrefix(id.Spec().Cost, "1 AP") {
			t.Errorf("%s: cost %q, want 1 AP", id, id.Spec().Cost)
			continue
		}
		s := troopers(t, `
			.....
			.B#..
			....R`)
		u := s.Unit(1)
		if id == actions.Stand {
			u.Stance = rules.Crouched
		}
		before := u.AP
		if _, err := rules.Apply(s, id.Command(s, u.ID, actions.Target{}), rules.NewRNG(1)); err != nil {
			t.Errorf("%s: %v", id, err)
			continue
		}
		if spent := before - u.AP; spent != 1 {
			t.Errorf("%s is said to cost 1 AP, but spent %d", id, spent)
		}
	}
}
