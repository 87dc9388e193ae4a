package match

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
)

// A view sent over the network comes back as it was: every field, and the
// same tiles seen; unseen tiles stay unseen.
func TestViewRoundTripsThroughJSON(t *testing.T) {
	m := New(ruletest.Troopers(t, wallMap), 1)
	apply(t, m, rules.EndTurn{})
	for _, side := range []rules.Side{rules.SideBlue, rules.SideRed} {
		have := m.View(side)
		b, err := json.Marshal(have)
		if err != nil {
			t.Fatal(err)
		}
		var got View
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v", side, err)
		}
		seen := 0
		for y := 0; y < have.Height; y++ {
			for x := 0; x < have.Width; x++ {
				p := rules.Point{X: x, Y: y}
				if got.Seen(p) != have.Seen(p) {
					t.Errorf("%s: tile %v: seen %v after the trip, want %v", side, p, got.Seen(p), have.Seen(p))
				}
				if have.Seen(p) {
					seen++
				}
			}
		}
		if seen == 0 || seen == have.Width*have.Height {
			t.Errorf("%s sees %d of %d tiles: the test needs some seen and some not", side, seen, have.Width*have.Height)
		}
		want := *have
		got.vis = nil
		want.vis = nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the view changed on the trip:\n got  %+v\n want %+v", side, got, want)
		}
	}
}

// A view on the wire (protocol v2) holds View's fields by their names, in
// their order, then Seen, and nothing else.
func TestViewWireKeys(t *testing.T) {
	m := New(ruletest.Troopers(t, wallMap), 1)
	b, err := json.Marshal(m.View(rules.SideBlue))
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %v %v", tok, err)
	}
	var have []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		have = append(have, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"Side", "ToMove", "Turn", "Units", "Contacts", "Obstacles", "Width", "Height", "TileSize", "Tiles", "Data", "Objectives", "Progress", "Hints", "Seen"}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("keys %v, want %v", have, want)
	}
}

// A view from a stranger that does not hold together is refused, naming
// what is wrong.
func TestViewFromJSONRefusesNonsense(t *testing.T) {
	m := New(ruletest.Troopers(t, wallMap), 1)
	b, err := json.Marshal(m.View(rules.SideBlue))
	if err != nil {
		t.Fatal(err)
	}
	good := string(b)
	for _, tc := range []struct{ name, from, to, want string }{
		{"side", `"Side":"Blue"`, `"Side":"Green"`, "unknown side"},
		{"width", `"Width":11`, `"Width":12`, "tiles for a 12x5 board"},
		{"huge", `"Width":11`, `"Width":100000`, "want 1 to 1024"},
		{"seen", `"Seen":"`, `"Seen":"AAAA`, "seen: want base64"},
		{"data", `"Data":{`, `"Nope":{`, "data: missing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := strings.Replace(good, tc.from, tc.to, 1)
			if bad == good {
				t.Fatalf("%q is not in the view's JSON", tc.from)
			}
			var v View
			err := json.Unmarshal([]byte(bad), &v)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// A view whose map and tables were left out comes back whole when fill
// puts them back, and is checked as a whole one when fill does not.
func TestViewFilledFromAnEarlierOne(t *testing.T) {
	m := New(ruletest.Troopers(t, wallMap), 1)
	whole := m.View(rules.SideBlue)
	cut := *whole
	cut.Tiles, cut.Data = nil, nil
	b, err := json.Marshal(&cut)
	if err != nil {
		t.Fatal(err)
	}
	refused := errors.New("refused")
	for _, tc := range []struct {
		name string
		fill func(*View) error
		want string // the error, "" for none
	}{
		{"put back", func(v *View) error { v.Tiles, v.Data = whole.Tiles, whole.Data; return nil }, ""},
		{"no fill", nil, "tiles for a 11x5 board"},
		{"tiles only", func(v *View) error { v.Tiles = whole.Tiles; return nil }, "data: missing"},
		{"refused", func(*View) error { return refused }, "refused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got View
			err := got.UnmarshalFilled(b, tc.fill)
			switch {
			case tc.want != "":
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %v, want one saying %q", err, tc.want)
				}
			case err != nil:
				t.Fatal(err)
			default:
				want := *whole
				got.vis, want.vis = nil, nil
				if !reflect.DeepEqual(got, want) {
					t.Errorf("the filled view is not the whole one:\n got  %+v\n want %+v", got, want)
				}
			}
		})
	}
}
