//go:build !js

package match

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"sightline/rules"
)

// bigReplay returns a replay whose file is a few megabytes, so a write
// takes long enough to be killed in the middle; n tells versions apart.
func bigReplay(n int) *Replay {
	r := smallReplay(n)
	for i := 0; i < MaxCommands; i++ {
		r.Commands = append(r.Commands, rules.SpecOf(rules.Move{Unit: 1 + i%4, To: rules.Point{X: i % 50, Y: n}}))
	}
	return r
}

// TestStoreWriterChild is the writer the kill test starts in a process of
// its own: it saves again and again until it is killed.
func TestStoreWriterChild(t *testing.T) {
	dir := os.Getenv("SIGHTLINE_STORE_CHILD")
	if dir == "" {
		t.Skip("run by TestStoreSurvivesAKilledWriter")
	}
	s := NewStore(dir)
	for n := 1; ; n++ {
		if err := s.Put("saves/slot", bigReplay(n)); err != nil {
			t.Fatal(err)
		}
	}
}

// A process killed while it writes a save loses nothing: the save reads
// back whole (the last version written or the one before), and so does
// its backup.
func TestStoreSurvivesAKilledWriter(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := t.TempDir()
	s := NewStore(dir)
	if err := s.Put("saves/slot", bigReplay(0)); err != nil {
		t.Fatal(err)
	}
	for round, wait := range []time.Duration{150, 260, 410, 530, 700} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestStoreWriterChild$")
		cmd.Env = append(os.Environ(), "SIGHTLINE_STORE_CHILD="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(wait * time.Millisecond)
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		r, err := s.Get("saves/slot")
		if err != nil {
			t.Fatalf("round %d: after the kill the save does not read: %v", round, err)
		}
		if len(r.Commands) != MaxCommands || r.End[:8] != fmt.Sprintf("%08d", r.Seed) {
			t.Fatalf("round %d: the save read back is a mix of versions", round)
		}
		if _, err := ReadFile(s.Where("saves/slot") + ".bak"); err != nil && !os.IsNotExist(err) {
			t.Fatalf("round %d: the backup does not read: %v", round, err)
		}
	}
	// Temporary files a killed writer left behind are not listed as saves.
	names, err := s.List("saves")
	if err != nil || len(names) != 1 {
		t.Errorf("saves listed: %v (%v), want only the slot", names, err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, "saves", ".*"))
	for _, l := range leftovers {
		if !strings.Contains(l, ".tmp") {
			t.Errorf("unexpected file %s", l)
		}
	}
}

// Delete removes a save and its backup, so List no longer names it; a
// name with nothing kept is no error.
func TestStoreDelete(t *testing.T) {
	s := NewStore(t.TempDir())
	for n := range 2 { // twice: the second write keeps a backup
		if err := s.Put("saves/autosave", smallReplay(n)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Put("saves/kept", smallReplay(0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete("saves/autosave"); err != nil {
		t.Fatal(err)
	}
	names, err := s.List("saves")
	if err != nil || len(names) != 1 || names[0] != "saves/kept" {
		t.Errorf("after Delete the saves are %v (%v), want [saves/kept]", names, err)
	}
	if _, err := s.GetBackup("saves/autosave"); err == nil {
		t.Error("the deleted save's backup is still kept")
	}
	if err := s.Delete("saves/never"); err != nil {
		t.Errorf("deleting a name never kept: %v", err)
	}
}
