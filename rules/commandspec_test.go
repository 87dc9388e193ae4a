package rules

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestCommandSpecRoundTrip writes one command of every kind as replays and
// saves do and reads it back: the JSON is the format on disk (it must not
// change), and every kind of commandKinds has a row.
func TestCommandSpecRoundTrip(t *testing.T) {
	s, err := ParseASCII(`
B.l...R
.......`)
	if err != nil {
		t.Fatal(err)
	}
	cover := s.Board.Obstacles[0].ID
	tests := []struct {
		cmd  Command
		json string
	}{
		{Move{Unit: 1, To: Point{X: 1, Y: 1}, Pile: true, Dash: true}, `{"do":"move","unit":1,"to":[1,1],"pile":true,"dash":true}`},
		{Attack{Unit: 1, Target: 2, Both: true}, `{"do":"attack","unit":1,"target":2,"both":true}`},
		{Attack{Unit: 1, Target: 2, Obstacle: cover}, `{"do":"attack","unit":1,"target":2,"obstacle":1}`},
		{Attack{Unit: 1, Obstacle: cover}, `{"do":"attack","unit":1,"obstacle":1}`},
		{TakeCover{Unit: 1}, `{"do":"take_cover","unit":1}`},
		{ChangeStance{Unit: 1, To: Prone}, `{"do":"stance","unit":1,"stance":"prone"}`},
		{Aim{Unit: 1}, `{"do":"aim","unit":1}`},
		{Overwatch{Unit: 1, At: Point{X: 6}}, `{"do":"overwatch","unit":1,"at":[6,0]}`},
		{CoveringFire{Unit: 1, At: Point{X: 5, Y: 1}}, `{"do":"covering_fire","unit":1,"at":[5,1]}`},
		{SuppressiveFire{Unit: 1, At: Point{X: 5}}, `{"do":"suppressive_fire","unit":1,"at":[5,0]}`},
		{BlindFire{Unit: 1, Target: 2, Spot: true}, `{"do":"blind_fire","unit":1,"target":2,"spot":true}`},
		{Charge{Unit: 1, Target: 2}, `{"do":"charge","unit":1,"target":2}`},
		{Reload{Unit: 1}, `{"do":"reload","unit":1}`},
		{Draw{Unit: 1, Second: true}, `{"do":"draw","unit":1,"second":true}`},
		{Holster{Unit: 1}, `{"do":"holster","unit":1}`},
		{Drop{Unit: 1}, `{"do":"drop","unit":1}`},
		{EndTurn{}, `{"do":"end_turn"}`},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.cmd.CommandName()] = true
		have, err := json.Marshal(SpecOf(tt.cmd))
		if err != nil {
			t.Fatal(err)
		}
		if string(have) != tt.json {
			t.Errorf("%#v: have %s, want %s", tt.cmd, have, tt.json)
		}
		var sp CommandSpec
		if err := json.Unmarshal([]byte(tt.json), &sp); err != nil {
			t.Fatal(err)
		}
		back, err := sp.Command(s)
		if err != nil || !reflect.DeepEqual(back, tt.cmd) {
			t.Errorf("%s: read back %#v, %v; want %#v", tt.json, back, err, tt.cmd)
		}
	}
	for _, k := range commandKinds {
		if !seen[k.CommandName()] {
			t.Errorf("command %q has no row", k.CommandName())
		}
	}
}

// TestCommandSpecErrors: a bad spec names its field; an unknown command
// lists every kind.
func TestCommandSpecErrors(t *testing.T) {
	s, err := ParseASCII(`B.R`)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		spec CommandSpec
		want string
	}{
		{CommandSpec{}, "do: missing"},
		{CommandSpec{Do: "fly"}, "unit: missing"},
		{CommandSpec{Do: "reload", Unit: 9}, "unit: no unit 9 (the battle has 2)"},
		{CommandSpec{Do: "move", Unit: 1}, "to: missing (want [x, y])"},
		{CommandSpec{Do: "attack", Unit: 1}, "target: missing"},
		{CommandSpec{Do: "attack", Unit: 1, Obstacle: 7}, "obstacle: no obstacle 7"},
		{CommandSpec{Do: "stance", Unit: 1, Stance: "kneel"}, "stance: "},
		{CommandSpec{Do: "overwatch", Unit: 1}, "at: missing (want [x, y])"},
		{CommandSpec{Do: "charge", Unit: 1, Target: 5}, "target: no unit 5"},
		{CommandSpec{Do: "fly", Unit: 1}, `do: unknown command "fly" (want move, attack, take_cover, stance, aim, overwatch, covering_fire, suppressive_fire, blind_fire, charge, reload, draw, holster, drop or end_turn)`},
	}
	for _, tt := range tests {
		_, err := tt.spec.Command(s)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%+v: have %v, want %q", tt.spec, err, tt.want)
		}
	}
	_, err = CommandSpec{Do: "fly", Unit: 1}.Command(s)
	for _, k := range commandKinds {
		if !strings.Contains(err.Error(), k.CommandName()) {
			t.Errorf("the unknown command's error %q does not offer %q", err, k.CommandName())
		}
	}
}
