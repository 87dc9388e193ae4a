//go:build unix

package match

import (
	"errors"
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

// A save that cannot be read falls back to its backup, with one note
// saying so; writing over the corrupt save then keeps the good backup
// rather than making the corrupt file the backup.
func TestStoreBackupSavesYou(t *testing.T) {
	s := NewStore(t.TempDir())
	for n := 1; n <= 2; n++ { // the second write keeps the first as the backup
		if err := s.Put("saves/slot", smallReplay(n)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(s.Where("saves/slot"), []byte(`{"format": 1, "seed": `), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := s.Get("saves/slot")
	if err != nil || r.Seed != 1 {
		t.Fatalf("Get of a corrupt save: %+v, %v; want its backup (seed 1)", r, err)
	}
	if !strings.Contains(r.Note, "saves/slot could not be read") || !strings.Contains(r.Note, "backup") || !strings.Contains(r.Note, "not JSON") {
		t.Errorf("the note is %q; want it to say the save could not be read, why, and that its backup was loaded", r.Note)
	}
	if err := s.Put("saves/slot", smallReplay(3)); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Get("saves/slot"); err != nil || r.Seed != 3 || r.Note != "" {
		t.Errorf("after saving again: %+v, %v; want seed 3 and no note", r, err)
	}
	bak, err := ReadFile(s.Where("saves/slot") + ".bak")
	if err != nil || bak.Seed != 1 {
		t.Errorf("the backup after saving over a corrupt save: %v, %v; want the last good one (seed 1)", bak, err)
	}
	// Neither readable: the save's own error, naming it.
	os.WriteFile(s.Where("saves/slot"), []byte("junk"), 0o644)
	os.WriteFile(s.Where("saves/slot")+".bak", []byte("junk"), 0o644)
	if _, err := s.Get("saves/slot"); err == nil || !strings.Contains(err.Error(), "slot.json: not a replay") {
		t.Errorf("both corrupt: %v; want the save's own error", err)
	}
}

// Temporary files a killed writer left are removed once stale (a fresh
// one may be another writer's, and is left alone); a named pipe among the
// saves is not listed and reading it does not block.
func TestStoreCleansAndSkips(t *testing.T) {
	dir := t.TempDir()
	s := NewStore(dir)
	if err := s.Put("saves/slot", smallReplay(1)); err != nil {
		t.Fatal(err)
	}
	saves := filepath.Join(dir, "saves")
	old, fresh := filepath.Join(saves, ".slot.json.tmp123"), filepath.Join(saves, ".slot.json.tmp456")
	for _, f := range []string{old, fresh, filepath.Join(saves, "slot.json.bak.tmp")} {
		if err := os.WriteFile(f, []byte("half a sa"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := time.Now().Add(-time.Hour)
	os.Chtimes(old, long, long)
	os.Chtimes(filepath.Join(saves, "slot.json.bak.tmp"), long, long)
	if err := syscall.Mkfifo(filepath.Join(saves, "pipe.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	names, err := s.List("saves")
	if err != nil || len(names) != 1 || names[0] != "saves/slot" {
		t.Errorf("listed %v (%v); want only saves/slot, not the pipe", names, err)
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("a stale temporary file is still there (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(saves, "slot.json.bak.tmp")); !os.IsNotExist(err) {
		t.Errorf("a stale backup link is still there (%v)", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("a fresh temporary file was removed: %v", err)
	}
	done := make(chan error)
	go func() { _, err := s.Get("saves/pipe"); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("Get of a named pipe: %v; want ErrNotRegular", err)
		}
	case <-time.After(time.Minute): // a hang guard: generous for a loaded machine
		t.Fatal("Get of a named pipe blocks")
	}
}
