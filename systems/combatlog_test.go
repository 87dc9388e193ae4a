package systems

import (
	"strings"
	"testing"

	"sightline/rules"
)

func TestDescribeEveryEvent(t *testing.T) {
	s := troopers(t, `
		B.l..R`)
	r := NewRoster(s)
	bd := rules.Breakdown{Mods: []rules.Modifier{{Kind: rules.ModDefence, Label: "Base", Value: 10},
		{Kind: rules.ModDefence, Label: "Half cover", Value: 2, Cause: rules.Cause{Obstacle: 1}},
		{Kind: rules.ModAttack, Label: "Attack", Value: 3}}, Threat: 20, Cover: 2}
	p := func(x, y int) rules.Point { return rules.Point{X: x, Y: y} }
	tests := []struct {
		ev   rules.Event
		want string
	}{
		{rules.Moved{Unit: 1, From: p(0, 0), Path: []rules.Point{p(1, 0)}, AP: 1}, "Blue 1 moves beside the low cover (1 AP)"},
		{rules.TurnEnded{Side: rules.SideBlue, Next: rules.SideRed, Turn: 2}, "— Red's turn (turn 2) —"},
		{rules.Attacked{Attacker: 1, Target: 2, Kind: rules.KindAttack, Weapon: "rifle", Chance: 0.45, Breakdown: bd, Roll: 13, Outcome: rules.OutcomeHit, Location: "torso"},
			"Blue 1 fires the rifle at Red 2: 45% — rolled 13 (needs 9), HIT (torso)"},
		{rules.Attacked{Attacker: 2, Target: 1, Kind: rules.KindOverwatch, Weapon: "rifle", Chance: 0.5, Breakdown: bd, Roll: 20, Outcome: rules.OutcomeCritical, Location: "head"},
			"Red 2 overwatch fires at Blue 1 first: 50% — rolled 20, CRITICAL HIT (head)"},
		{rules.Attacked{Attacker: 1, Target: 2, Kind: rules.KindAttack, Weapon: "rifle", Chance: 0.45, Breakdown: bd, Roll: 7, Outcome: rules.OutcomeCover},
			"Blue 1 fires the rifle at Red 2: 45% — rolled 7 (needs 9), MISS — the shot hits the low cover"},
		{rules.Attacked{Attacker: 1, Obstacle: 1, Kind: rules.KindAttack, Weapon: "rifle", Chance: 0.65, Breakdown: bd, Roll: 2, Outcome: rules.OutcomeMiss},
			"Blue 1 fires the rifle at the low cover: 65% — rolled 2 (needs 9), MISS"},
		{rules.Attacked{Attacker: 1, Target: 2, Kind: rules.KindAttack, Weapon: "knife", Chance: 0.5, Breakdown: bd, Roll: 9, Outcome: rules.OutcomeHit, Location: "left arm", Covered: true},
			"Blue 1 strikes at Red 2 with the knife: 50% — rolled 9 (needs 9), HIT (left arm, covered)"},
		{rules.Damaged{Unit: 2, Rolled: 7, Amount: 7, HP: 7}, "Red 2 for 7, 7 HP left"},
		{rules.Damaged{Unit: 2, Rolled: 3, Absorbed: 3, Amount: 0, HP: 14}, "Red 2 — covered limb blocked: the cover absorbs all 3"},
		{rules.CoverDamaged{Obstacle: 1, Damage: 9, DE: 3, Penetrated: 6, Wounds: 2, Rolls: []int{3, 6}, Destroyed: true},
			"The low cover takes 9 vs DE 3: 2 wounds (d6: 3, 6) — destroyed"},
		{rules.CoverDamaged{Obstacle: 1, Damage: 2, DE: 3}, "The low cover shrugs off 2 damage (DE 3)"},
		{rules.CoverDamaged{Obstacle: 1, Damage: 7, DE: 0, Penetrated: 7, Wounds: 1}, "The low cover takes 7 vs DE 0: 7 goes through; it cannot be destroyed"},
		{rules.CoverDamaged{Obstacle: 1, Damage: 5, DE: 3, Penetrated: 2, Wounds: 1, Rolls: []int{2}}, "The low cover takes 5 vs DE 3: 1 wound (d6: 2) — holds"},
		{rules.ObstacleRemoved{Obstacle: 1}, "The low cover is gone: every line through it is open"},
		{rules.Killed{Unit: 2}, "Red 2 is out of the fight"},
		{rules.Peeked{Unit: 1, Lean: rules.LeanLeft, Tile: p(0, 1)}, "Blue 1 peeks out left, leaning out in the open to the south-west"},
		{rules.Peeked{Unit: 1, Lean: rules.LeanOver}, "Blue 1 peeks over the cover"},
		{rules.PeekEnded{Unit: 1}, "Blue 1 ducks back into full cover"},
		{rules.Interrupted{Unit: 1, Reason: "shot at"}, "Blue 1 is stopped: shot at"},
		{rules.StanceChanged{Unit: 1, From: rules.Standing, To: rules.Crouched, AP: 1}, "Blue 1 crouches (1 AP)"},
		{rules.TookCover{Unit: 1, Obstacle: 1, AP: 1}, "Blue 1 takes cover behind the low cover (1 AP)"},
		{rules.Aimed{Unit: 1, AP: 1}, "Blue 1 aims (1 AP)"},
		{rules.OverwatchSet{Unit: 1, At: p(5, 0), AP: 3, Threat: 1}, "Blue 1 goes on overwatch toward the east (3 AP), threat range +1"},
		{rules.OverwatchSet{Unit: 2, At: p(1, 0), AP: 2}, "Red 2 goes on overwatch toward the low cover to the west (2 AP)"},
		{rules.OverwatchEnded{Unit: 1, Reason: "fired"}, "Blue 1's overwatch ends (fired)"},
		{rules.Reloaded{Unit: 1, Weapon: "rifle", Ammo: 20, AP: 1}, "Blue 1 reloads the rifle: 20 rounds (1 AP)"},
		{rules.Drew{Unit: 1, Weapon: "knife", AP: 1}, "Blue 1 draws the knife (1 AP)"},
		{rules.Holstered{Unit: 1, Weapon: "rifle", AP: 1}, "Blue 1 holsters the rifle (1 AP)"},
		{rules.Dropped{Unit: 1, Weapon: "rifle", At: p(0, 0)}, "Blue 1 drops the rifle in the open to the north-west"},
		{rules.Saved{Unit: 2, Kind: "reflex", Roll: 1, Bonus: 2, DC: 15}, "Red 2 Reflex check: rolled 1 +2 vs DC 15 — failed"},
		{rules.Dived{Unit: 2, From: p(5, 0), To: p(3, 0)}, "Red 2 dives for cover beside the low cover"},
		{rules.Dived{Unit: 2, From: p(5, 0), To: p(5, 0), Prone: true}, "Red 2 drops prone"},
		{rules.Suppressed{Unit: 2}, "Red 2 is suppressed: −4 to attacks, half speed"},
		{rules.Fired{Unit: 1, Kind: rules.KindSuppressive, At: p(4, 0), AP: 2, Rounds: 10}, "Blue 1 lays down suppressive fire on the area in the open to the north-east (10 rounds, 2 AP)"},
		{rules.Fired{Unit: 1, Kind: rules.KindCovering, At: p(4, 0), AP: 3, Rounds: 9}, "Blue 1 lays down covering fire toward the east (9 rounds, 3 AP)"},
		{rules.Vaulted{Unit: 1, Obstacle: 1}, "Blue 1 vaults the low cover"},
		{rules.CoveringZoneSet{Unit: 1, At: p(4, 0), Range: 10, Degrees: 90, Actions: 2},
			"Blue 1 holds a covering fire zone toward the east until its next turn: 10 tiles, up to 2 shots at each enemy moving in it"},
		{rules.CoveringZoneEnded{Unit: 1, Reason: "turn started"}, "Blue 1's covering fire zone ends (turn started)"},
		{rules.Attacked{Attacker: 1, Target: 2, Kind: rules.KindCovering, Weapon: "rifle", Chance: 0.45, Breakdown: bd, Roll: 4, Outcome: rules.OutcomeMiss},
			"Blue 1 lays covering fire on Red 2: 45% — rolled 4 (needs 9), MISS"},
		{rules.Fell{Unit: 2, Stunned: true, APLost: 2}, "Red 2 falls prone, stunned: loses 2 AP"},
		{rules.Fell{Unit: 2}, "Red 2 falls prone"},
		{rules.PiledThrough{Unit: 1, Obstacle: 1, Roll: 4, ST: 3, DE: 3, Success: true}, "Blue 1 crashes into the low cover: d6 4 + ST 3 vs DE 3 — smashes through"},
	}
	for _, tc := range tests {
		t.Run(tc.ev.EventName(), func(t *testing.T) {
			if have := Describe(r, tc.ev); have != tc.want {
				t.Errorf("\nhave %q\nwant %q", have, tc.want)
			}
		})
	}
}

func TestCombatLogFromApply(t *testing.T) {
	// A real shot: the log's line carries the chance, the roll and the
	// outcome from the Attacked event, with the damage folded in.
	s := troopers(t, `
		B.....R`)
	log := CombatLog{Roster: NewRoster(s)}
	rng := rules.NewRNG(3)
	var hit bool
	for i := 0; i < 6 && !hit; i++ {
		evs, err := rules.Apply(s, rules.Attack{Unit: 1, Target: 2}, rng)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range evs {
			log.Add(ev)
			if a, ok := ev.(rules.Attacked); ok && a.Outcome == rules.OutcomeHit {
				hit = true
			}
		}
		if s.Units[0].AP == 0 {
			s.Units[0].AP = 3
		}
	}
	if !hit {
		t.Fatal("no hit in six shots with this seed")
	}
	text := log.Text()
	if !strings.Contains(text, "Blue 1 fires the rifle at Red 2: 65% — rolled") || !strings.Contains(text, "HIT (") ||
		!strings.Contains(text, ") for ") || !strings.Contains(text, "HP left") {
		t.Errorf("log does not read as expected:\n%s", text)
	}
	for _, ln := range log.Lines {
		if strings.HasPrefix(ln.Text, "Red 2 for") {
			t.Errorf("damage was not folded into its hit: %q", ln.Text)
		}
	}
}

// The log panel shows whole entries: when the newest lines do not all
// fit, the first shown is the start of an entry, never the tail of one.
func TestLogPanelShowsWholeEntries(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	long := "Blue 1 fires the rifle at Red 2: 45% — rolled 13 (needs 12), HIT (torso) for 7, 7 HP left, and the shot goes on"
	tests := []struct {
		name    string
		entries []string
		rows    int
		want    string // the first line shown
	}{
		{"all fit", []string{"one", "two"}, 5, "one"},
		{"a long entry cut", []string{"first", long, "last"}, 3, "last"},
		{"the cut falls on a start", []string{long, "a", "b"}, 2, "a"},
		{"the newest alone is too tall", []string{"a", long}, 1, ""},
	}
	for _, tc := range tests {
		var l CombatLog
		for _, e := range tc.entries {
			l.Note(-1, e)
		}
		lp := LogPanel{Log: &l, Fonts: fonts, All: true}
		lp.rewrap()
		first := lp.wrap[lp.firstShown(tc.rows)].Text
		if tc.want == "" {
			// Only the last lines fit: the tail of the newest entry.
			if first != lp.wrap[len(lp.wrap)-tc.rows].Text {
				t.Errorf("%s: first shown %q, want the last %d lines", tc.name, first, tc.rows)
			}
			continue
		}
		if first != tc.want {
			t.Errorf("%s: first shown %q, want %q (wrapped: %+v)", tc.name, first, tc.want, lp.wrap)
		}
	}
}

// TestSqueezedLogSaysWhatHappened: a log panel squeezed to its title row
// (a large interface on a small screen) shows the newest line its reader
// may read beside "LOG", and before anything has happened says so, never
// an empty strip.
func TestSqueezedLogSaysWhatHappened(t *testing.T) {
	tests := []struct {
		name  string
		notes []string
		side  rules.Side
		want  string
	}{
		{"nothing yet", nil, rules.SideBlue, logEmpty},
		{"one line", []string{"Ash moves"}, rules.SideBlue, "Ash moves"},
		{"the newest", []string{"Ash moves", "Elm fires"}, rules.SideBlue, "Elm fires"},
		{"not the other side's", []string{"Red's secret"}, rules.SideRed, logEmpty},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lp := &LogPanel{Log: &CombatLog{}, Side: tt.side}
			for _, n := range tt.notes {
				lp.Log.Note(rules.SideBlue, n)
			}
			if have := lp.newest().Text; have != tt.want {
				t.Errorf("have %q, want %q", have, tt.want)
			}
		})
	}
}
