package systems

import (
	"testing"

	"sightline/match"
	"sightline/rules"
)

// seeing is a Knowledge for tests: saw answers Saw and SawEnd's event
// (nil: every event is seen), known answers Knows (nil: every unit is
// known), side is the side watching unless all.
type seeing struct {
	saw   func(rules.Event) bool
	known func(id int) bool
	side  rules.Side
	all   bool
}

func (k seeing) Viewer() (rules.Side, bool) { return k.side, k.all }

func (k seeing) Knows(id int) bool { return k.known == nil || k.known(id) }

func (k seeing) Saw(ev rules.Event) bool { return k.saw == nil || k.saw(ev) }

func (k seeing) SawEnd(id int) bool { return k.Knows(id) }

func (k seeing) Obstacles(b *rules.Board) []*rules.Obstacle { return b.Obstacles }

// The fog answers for Blue what Blue saw of Red's command: a move out of
// the fog is seen at its end, a reload in the fog not at all; with the
// fog off everything is seen.
func TestFogKnowledge(t *testing.T) {
	tests := []struct {
		name          string
		cmd           rules.Command
		saw, sawEnd   bool
		knowsAfterCmd bool
	}{
		{"a move out of the fog", rules.Move{Unit: 2, To: rules.Point{X: 4, Y: 3}}, true, true, true},
		{"a reload in the fog", rules.Reload{Unit: 2}, false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := troopers(t, `
......#......
.B....#....R.
......#......
.............`)
			s.Side = rules.SideRed
			s.Unit(2).Hand.Ammo--
			m := match.New(s, 1)
			res, err := m.Apply(tt.cmd)
			if err != nil {
				t.Fatal(err)
			}
			var f Fog
			var k Knowledge = &f
			f.Update(m, rules.SideBlue)
			f.Witness = res.Witness
			ev := res.Events[0].Event
			if have := k.Saw(ev); have != tt.saw {
				t.Errorf("Saw(%s): have %v, want %v", ev.EventName(), have, tt.saw)
			}
			if have := k.SawEnd(2); have != tt.sawEnd {
				t.Errorf("SawEnd(Red 2): have %v, want %v", have, tt.sawEnd)
			}
			if have := k.Knows(2); have != tt.knowsAfterCmd {
				t.Errorf("Knows(Red 2): have %v, want %v", have, tt.knowsAfterCmd)
			}
			f.Off = true
			if !k.Saw(ev) || !k.SawEnd(2) || !k.Knows(2) || len(k.Obstacles(s.Board)) != len(s.Board.Obstacles) {
				t.Error("with the fog off something is still hidden")
			}
		})
	}
}
