package match

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// FuzzReadReplay feeds arbitrary bytes to the replay and save reader: it
// must refuse them or return a replay within the limits that writes back
// and reads again as the same replay, never panic or hang. `make test`
// runs it for a bounded time.
func FuzzReadReplay(f *testing.F) {
	golden, _ := filepath.Glob(filepath.Join("..", "testdata", "replays", "*.json"))
	for _, p := range golden {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	save := sampleSave(f)
	f.Add([]byte(save))
	f.Add([]byte(strings.Replace(save, `"seed": 7,`, `"seed": 7, "Seed": 8,`, 1)))
	f.Add([]byte(`{"format": 1, "commands": [{}, {}, {}]}`))
	f.Add([]byte("{\"format\": 1, \"game\": \"\xff\"}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ReadReplay(bytes.NewReader(data))
		if err != nil {
			return
		}
		if len(r.Commands) > MaxCommands || len(r.Turns) > MaxTurns {
			t.Fatalf("read %d commands, %d turns: over the limits", len(r.Commands), len(r.Turns))
		}
		var b bytes.Buffer
		if err := r.Write(&b); err != nil {
			t.Fatal(err)
		}
		again, err := ReadReplay(&b)
		if err != nil {
			t.Fatalf("a replay read does not read again once written: %v", err)
		}
		if !reflect.DeepEqual(r, again) {
			t.Fatalf("read %+v, written and read again %+v", r, again)
		}
	})
}
