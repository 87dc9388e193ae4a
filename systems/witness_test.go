package systems

import (
	"strings"
	"testing"

	"sightline/entities"
	"sightline/match"
	"sightline/rules"
)

// witnessed applies cmd to s through a match and logs its events with
// the command's Witness.
func witnessed(t *testing.T, s *rules.State, l *CombatLog, cmd rules.Command) []rules.Event {
	t.Helper()
	r, err := match.New(s, 1).Apply(cmd)
	if err != nil {
		t.Fatal(err)
	}
	l.Witness = r.Witness
	evs := make([]rules.Event, len(r.Events))
	for i, ev := range r.Events {
		evs[i] = ev.Event
		l.Add(ev.Event)
	}
	return evs
}

// Each side reads only what it saw: its own units' actions, and other
// units' only when it saw them at the start or the end, and then only
// that part.
func TestCombatLogBySide(t *testing.T) {
	tests := []struct {
		name      string
		cmd       rules.Command
		side      rules.Side // the side to move
		blue, red string     // a line each side reads, "" for none
		hidden    string     // a line the other side must not read
	}{
		{"a move in the fog", rules.Move{Unit: 1, To: rules.Point{X: 2, Y: 1}}, rules.SideBlue,
			"Blue 1 moves in the open to the north-west", "", "Blue 1 moves"},
		{"a move out of the fog", rules.Move{Unit: 2, To: rules.Point{X: 4, Y: 3}}, rules.SideRed,
			"Red 2 comes into sight in the open to the south-west", "Red 2 moves in the open to the south-west", "Red 2 moves in"},
		{"a reload in the fog", rules.Reload{Unit: 2}, rules.SideRed,
			"", "", "Red 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := troopers(t, `
......#......
.B....#....R.
......#......
.............`)
			s.Side = tt.side
			if tt.name == "a reload in the fog" {
				s.Unit(2).Hand.Ammo--
			}
			l := &CombatLog{Roster: NewRoster(s)}
			witnessed(t, s, l, tt.cmd)
			read := map[rules.Side]string{rules.SideBlue: l.TextFor(rules.SideBlue), rules.SideRed: l.TextFor(rules.SideRed)}
			for side, want := range map[rules.Side]string{rules.SideBlue: tt.blue, rules.SideRed: tt.red} {
				if want != "" && !strings.Contains(read[side], want) {
					t.Errorf("%v's log lacks %q:\n%s", side, want, read[side])
				}
				if side != tt.side && strings.Contains(read[side], tt.hidden) {
					t.Errorf("%v's log reads what it did not see:\n%s", side, read[side])
				}
			}
			if full := l.Text(); strings.Contains(full, "into sight") || full == "" {
				t.Errorf("the full log (fog off) has partial readings or nothing:\n%s", full)
			}
		})
	}
}

// A move that runs into a hidden enemy is logged for the mover's side, and
// for the side it ran into (its unit was in contact).
func TestCombatLogMoveInterrupted(t *testing.T) {
	s := troopers(t, `
#######
B....##
####.##
####R##
####..#`)
	l := &CombatLog{Roster: NewRoster(s)}
	witnessed(t, s, l, rules.Move{Unit: 1, To: rules.Point{X: 4, Y: 4}})
	const want = "Blue 1's move is blocked by a hidden enemy: Red 2 stands in the way (stops beside the wall)"
	for _, side := range []rules.Side{rules.SideBlue, rules.SideRed} {
		if log := l.TextFor(side); !strings.Contains(log, want) {
			t.Errorf("%v's log lacks %q:\n%s", side, want, log)
		}
	}
}

// An event the watching side may not see draws nothing and holds the
// playback for no time.
func TestEventFXDrawsNothingUnseen(t *testing.T) {
	s := troopers(t, `
		B.l..R`)
	w := entities.NewWorld(s)
	fx := NewEventFX(w, s.Board, NewRoster(s))
	shot := rules.Attacked{Attacker: 2, Target: 1, Kind: rules.KindOverwatch, Weapon: "rifle", Outcome: rules.OutcomeHit, Location: "torso"}
	for _, seen := range []bool{true, false} {
		fx.Know = seeing{saw: func(rules.Event) bool { return seen }}
		hold := fx.Start(shot)
		fx.Start(rules.Damaged{Unit: 1, Amount: 3, HP: 7})
		if got := fx.Running(); seen != (len(got) > 0) || seen != (hold > 0) || seen != (fx.banner != "") {
			t.Errorf("shown %v: effects %v, hold %d, banner %q", seen, got, hold, fx.banner)
		}
		if hp := w.Unit(1).Vitals.HP; hp != 7 {
			t.Errorf("shown %v: the token's HP is %d, want 7 either way", seen, hp)
		}
		w.Effects, fx.banner = nil, ""
	}
}
