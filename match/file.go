package match

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
)

// WriteFile writes r to path atomically: to a temporary file in the same
// folder, synced, then renamed over path, so a crash mid-write leaves the
// old file or the new one, never half of one.
func WriteFile(path string, r *Replay) error {
	var buf bytes.Buffer
	if err := r.Write(&buf); err != nil {
		return err
	}
	return writeAtomic(path, buf.Bytes())
}

// writeAtomic writes data to path through a synced temporary file in the
// same folder and a rename.
func writeAtomic(path string, data []byte) error {
	tmp, err := writeTemp(path, data)
	if err != nil {
		return err
	}
	return commit(tmp, path)
}

// writeTemp writes data to a new temporary file beside path, synced to
// the disk, and returns its name.
func writeTemp(path string, data []byte) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return tmp, nil
}

// commit renames the temporary file tmp over path and syncs the folder,
// so the new name survives a crash.
func commit(tmp, path string) error {
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%s: %w", path, err)
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync() // best effort: not every system syncs a folder
		d.Close()
	}
	return nil
}
