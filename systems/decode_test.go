package systems

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"sightline/rules"
)

// Every event a few commands raise comes back from its JSON as the same
// rules event, found by its name, as a network client receives it.
func TestDecodeEventRoundTrips(t *testing.T) {
	s := troopers(t, `
		B.....R...`)
	var evs []rules.Event
	for _, cmd := range []rules.Command{
		rules.Move{Unit: 1, To: rules.Point{X: 2, Y: 0}},
		rules.Attack{Unit: 1, Target: 2},
		rules.EndTurn{},
	} {
		got, err := rules.Apply(s, cmd, rules.NewRNG(7))
		if err != nil {
			t.Fatalf("%T: %v", cmd, err)
		}
		evs = append(evs, got...)
	}
	if len(evs) < 3 {
		t.Fatalf("%d events, want a move's, an attack's and a turn's at least", len(evs))
	}
	for _, ev := range evs {
		raw, err := json.Marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		have, err := DecodeEvent(ev.EventName(), raw)
		if err != nil {
			t.Errorf("%s %s: %v", ev.EventName(), raw, err)
			continue
		}
		if !reflect.DeepEqual(have, ev) {
			t.Errorf("%s:\nhave %#v\nwant %#v", ev.EventName(), have, ev)
		}
	}
}

// What a stranger sends that is no event is refused, naming why.
func TestDecodeEventRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, event, raw, want string
	}{
		{"unknown kind", "teleported", `{}`, "no such event"},
		{"unknown field", rules.TurnEnded{}.EventName(), `{"Secret":1}`, "unknown field"},
		{"not an object", "moved", `[1,2]`, "cannot unmarshal"},
		{"two values", "moved", `{} {}`, "more than one"},
		{"a long name", strings.Repeat("x", 500), `{}`, "..."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ev, err := DecodeEvent(tc.event, []byte(tc.raw))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("have %v, %v; want an error saying %q", ev, err, tc.want)
			}
			if err != nil && len(err.Error()) > 200 {
				t.Errorf("error of %d bytes: a stranger's text is clipped", len(err.Error()))
			}
		})
	}
}
