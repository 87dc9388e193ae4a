package scenario

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func run(t *testing.T, sc string) []map[string]any {
	t.Helper()
	var out bytes.Buffer
	if err := Run(strings.NewReader(sc), &out); err != nil {
		t.Fatal(err)
	}
	var evs []map[string]any
	sc2 := bufio.NewScanner(&out)
	sc2.Buffer(make([]byte, 1<<20), 1<<20)
	for sc2.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc2.Bytes(), &m); err != nil {
			t.Fatalf("line %q: %v", sc2.Text(), err)
		}
		evs = append(evs, m)
	}
	return evs
}

func TestExampleScenario(t *testing.T) {
	b, err := os.ReadFile("testdata/fence.json")
	if err != nil {
		t.Fatal(err)
	}
	evs := run(t, string(b))
	var names []string
	attacks := 0
	for _, e := range evs {
		names = append(names, e["event"].(string))
		if e["event"] == "attacked" {
			attacks++
			for _, k := range []string{"chance", "breakdown", "roll", "outcome"} {
				if _, ok := e[k]; !ok {
					t.Errorf("attack event lacks %q: %v", k, e)
				}
			}
		}
	}
	if attacks < 3 {
		t.Errorf("have %d attacks, want at least 3: %v", attacks, names)
	}
	// Same seed, same output.
	var a, c bytes.Buffer
	if err := Run(bytes.NewReader(b), &a); err != nil {
		t.Fatal(err)
	}
	if err := Run(bytes.NewReader(b), &c); err != nil {
		t.Fatal(err)
	}
	if a.String() != c.String() {
		t.Error("two runs of the same scenario differ")
	}
}

func TestRejectedCommandIsReported(t *testing.T) {
	evs := run(t, `{"seed":1,"map":["B..R"],"commands":[{"do":"reload","unit":1},{"do":"end_turn"}]}`)
	if len(evs) < 2 || evs[0]["event"] != "rejected" || evs[0]["reason"] != "already so" || evs[0]["step"] != float64(0) {
		t.Errorf("have %v", evs)
	}
}

func TestBadScenarios(t *testing.T) {
	tests := []struct {
		name, sc, want string
	}{
		{"not json", `{`, "scenario: unexpected EOF"},
		{"unknown field", `{"mapp":["B.R"]}`, `unknown field "mapp"`},
		{"no map", `{"seed":1}`, "scenario: map: missing"},
		{"both", `{"map":["B.R"],"level":"x.tmx"}`, "map and level"},
		{"bad glyph", `{"map":["B?R"]}`, `scenario: map: ascii map: row 1 column 2: unknown glyph '?'`},
		{"bad legend height", `{"map":["BxR"],"legend":{"x":{"obstacle":{"height":"tall"}}}}`, `legend["x"].obstacle.height: "tall"`},
		{"bad legend material", `{"map":["BxR"],"legend":{"x":{"obstacle":{"height":"low","material":"cheese"}}}}`, `legend["x"].obstacle.material: unknown material "cheese"`},
		{"bad side", `{"map":["B.R"],"units":[{"side":"green","at":[1,0]}]}`, "units[0].side: unknown side"},
		{"unit off map", `{"map":["B.R"],"units":[{"side":"red","at":[5,0]}]}`, "units[0].at: (5,0) is off the 3x1 map"},
		{"unit on unit", `{"map":["B.R"],"units":[{"side":"red","at":[0,0]}]}`, "units[0].at: (0,0) already holds"},
		{"bad type", `{"map":["B.R"],"units":[{"side":"red","at":[1,0],"type":"ninja"}]}`, `units[0].type: unknown unit type "ninja"`},
		{"bad weapon", `{"map":["B.R"],"units":[{"side":"red","at":[1,0],"weapon":"bow"}]}`, `units[0].weapon: unknown weapon "bow"`},
		{"bad command", `{"map":["B.R"],"commands":[{"do":"fly","unit":1}]}`, `commands[0].do: unknown command "fly"`},
		{"missing unit", `{"map":["B.R"],"commands":[{"do":"reload"}]}`, "commands[0].unit: missing"},
		{"no such unit", `{"map":["B.R"],"commands":[{"do":"reload","unit":7}]}`, "commands[0].unit: no unit 7"},
		{"missing to", `{"map":["B.R"],"commands":[{"do":"move","unit":1}]}`, "commands[0].to: missing"},
		{"missing target", `{"map":["B.R"],"commands":[{"do":"attack","unit":1}]}`, "commands[0].target: missing"},
		{"bad stance", `{"map":["B.R"],"commands":[{"do":"stance","unit":1,"stance":"kneeling"}]}`, `commands[0].stance: unknown stance "kneeling"`},
		{"missing level", `{"level":"nope.tmx"}`, "scenario: level:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Run(strings.NewReader(tt.sc), &bytes.Buffer{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("have %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestLevelScenario(t *testing.T) {
	matches, err := os.ReadDir("../../../levels/maps")
	if err != nil {
		t.Fatal(err)
	}
	played := 0
	for _, m := range matches {
		if strings.HasSuffix(m.Name(), ".tmx") {
			evs := run(t, `{"seed":3,"level":"../../../levels/maps/`+m.Name()+`","commands":[{"do":"end_turn"},{"do":"end_turn"}]}`)
			if len(evs) < 2 || evs[0]["event"] != "turn_ended" {
				t.Errorf("%s: have %v", m.Name(), evs)
			}
			played++
		}
	}
	if played == 0 {
		t.Fatal("no level maps in levels/maps")
	}
}

// The example in docs/SCENARIOS.md is the test file, verbatim.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/SCENARIOS.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```json\n")
	ex, _, ok2 := strings.Cut(rest, "\n```")
	if !ok || !ok2 {
		t.Fatal("no json example in docs/SCENARIOS.md")
	}
	file, _ := os.ReadFile("testdata/fence.json")
	if strings.TrimSpace(ex) != strings.TrimSpace(string(file)) {
		t.Error("docs/SCENARIOS.md example differs from testdata/fence.json")
	}
	if err := Run(strings.NewReader(ex), &bytes.Buffer{}); err != nil {
		t.Errorf("doc example: %v", err)
	}
}
