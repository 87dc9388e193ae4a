package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// Limits on a replay or save file. Each is well above any real battle
// and small enough that reading a file within them takes little memory,
// and re-playing it little time (docs/PERFORMANCE.md, "Replays and
// saves": the longest battles of the computer against itself on the
// shipped levels ran 408 commands and 36 turns to a win, 160 turns in a
// stand-off stopped at 80 rounds).
const (
	// MaxReplayBytes bounds the size of a replay or save file read.
	MaxReplayBytes = 16 << 20
	// MaxCommands bounds the commands a replay may hold, counted while
	// decoding, before its level is known: twelve times the longest
	// battle measured. Once it is, CommandLimit may bound them lower on a
	// level whose deadline ends every battle sooner, before any command
	// is re-played.
	MaxCommands = 5000
	// MaxTurns bounds the turns a replay may record (500 rounds, six times
	// the longest stand-off measured).
	MaxTurns = 1000
	// maxSources bounds the files a level may be recorded as read from.
	maxSources = 256
	// maxText bounds any string in a replay (names, paths, digests).
	maxText = 4096
)

// Errors of reading a file that are not about its contents; test them
// with errors.Is.
var (
	// ErrTooLarge: the file is over MaxReplayBytes.
	ErrTooLarge = errors.New("too large")
	// ErrNotRegular: the name is a folder, a named pipe, a device or a
	// socket, refused without reading it.
	ErrNotRegular = errors.New("not a regular file")
)

// ReadFile reads a replay (or save) file from a stranger: it must be a
// regular file (a named pipe or a device is refused without being read,
// so it cannot block or pour out data) of at most MaxReplayBytes, read
// through a limit so memory is bounded by the limit, never by the file.
func ReadFile(path string) (*Replay, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := ReadReplay(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", SafeText(path), err)
	}
	r.From = path
	return r, nil
}

// readRegular reads a regular file of at most MaxReplayBytes, refusing
// anything else without reading it.
func readRegular(path string) ([]byte, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxReplayBytes+1))
	if err == nil && len(data) > MaxReplayBytes {
		err = fmt.Errorf("%s: %w", SafeText(path), tooLarge(int64(len(data))))
	}
	return data, err
}

// openRegular opens a regular file of at most MaxReplayBytes, refusing
// anything else without reading it.
func openRegular(path string) (*os.File, error) {
	name := SafeText(path)
	fi, err := os.Stat(path) // follows a symlink; opens nothing
	if err != nil {
		return nil, err
	}
	if err := regularSize(fi); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	// Non-blocking, so a file swapped for a named pipe since the Stat
	// does not block the open; the Stat of the open file checks again.
	f, err := os.OpenFile(path, os.O_RDONLY|openNoBlock, 0)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err == nil {
		err = regularSize(fi)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return f, nil
}

// regularSize refuses what is not a regular file within MaxReplayBytes.
func regularSize(fi os.FileInfo) error {
	m := fi.Mode()
	switch {
	case m.IsDir():
		return fmt.Errorf("%w: a folder", ErrNotRegular)
	case m&os.ModeNamedPipe != 0:
		return fmt.Errorf("%w: a named pipe, refused without reading it", ErrNotRegular)
	case m&os.ModeDevice != 0:
		return fmt.Errorf("%w: a device, refused without reading it", ErrNotRegular)
	case m&os.ModeSocket != 0:
		return fmt.Errorf("%w: a socket, refused without reading it", ErrNotRegular)
	case !m.IsRegular():
		return fmt.Errorf("%w: refused without reading it", ErrNotRegular)
	case fi.Size() > MaxReplayBytes:
		return tooLarge(fi.Size())
	}
	return nil
}

func tooLarge(n int64) error {
	return fmt.Errorf("%w: %d bytes, more than the %d (16 MiB) a replay or save may have", ErrTooLarge, n, MaxReplayBytes)
}

// ReadReplay decodes a replay from a stranger, reading at most
// MaxReplayBytes (a longer one is ErrTooLarge). It refuses a future
// format, invalid UTF-8, unknown, duplicate or wrongly cased keys, more
// than MaxCommands commands or MaxTurns turns (counted while decoding,
// before anything is kept), and values out of range, naming the field.
// Every refusal but ErrTooLarge wraps ErrReplayFormat.
func ReadReplay(r io.Reader) (*Replay, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxReplayBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxReplayBytes {
		return nil, tooLarge(int64(len(data)))
	}
	return decodeReplay(data)
}

// decodeReplay checks data as a replay of this format and decodes it.
func decodeReplay(data []byte) (*Replay, error) {
	if i := invalidUTF8(data); i >= 0 {
		line, col := lineCol(data, i)
		return nil, fmt.Errorf("%w: invalid UTF-8 at line %d, column %d (byte %d)", ErrReplayFormat, line, col, i)
	}
	if err := checkFormat(data); err != nil {
		return nil, err
	}
	if err := checkShape(data); err != nil {
		return nil, err
	}
	var rp Replay
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rp); err != nil { // the shape was checked: cannot happen
		return nil, fmt.Errorf("%w: %v", ErrReplayFormat, err)
	}
	if err := rp.validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrReplayFormat, err)
	}
	return &rp, nil
}

// checkFormat reads the format first, so a file of a later format is
// refused as such whatever else it holds.
func checkFormat(data []byte) error {
	var head struct {
		Format json.RawMessage `json:"format"`
		Game   json.RawMessage `json:"game"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return fmt.Errorf("%w: %s", ErrReplayFormat, syntaxMessage(data, err))
	}
	var game string
	json.Unmarshal(head.Game, &game) // shown if a string; checked later
	if head.Format == nil {
		return fmt.Errorf("%w: format: missing", ErrReplayFormat)
	}
	var f int
	if err := json.Unmarshal(head.Format, &f); err != nil {
		return fmt.Errorf("%w: format: %s is not a format number (this version reads %s)", ErrReplayFormat, SafeText(clipText(string(head.Format))), formatsRead())
	}
	switch {
	case f > ReplayFormat:
		return fmt.Errorf("%w: format %d, written by Sightline %s (this is %s, which reads %s)", ErrReplayFormat, f, SafeText(clipText(game)), GameVersion, formatsRead())
	case f < 1:
		return fmt.Errorf("%w: format: %d is not a format number (formats start at 1; this version reads %s)", ErrReplayFormat, f, formatsRead())
	}
	return nil
}

// formatsRead names the formats this build reads, for messages.
func formatsRead() string { return fmt.Sprintf("formats 1 to %d", ReplayFormat) }

// syntaxMessage says where a JSON syntax error is, by line and column.
func syntaxMessage(data []byte, err error) string {
	if len(bytes.TrimSpace(data)) == 0 {
		return "empty"
	}
	var se *json.SyntaxError
	if errors.As(err, &se) { // Offset is just past the byte at fault
		line, col := lineCol(data, int(se.Offset)-1)
		return fmt.Sprintf("not JSON: line %d, column %d: %v", line, col, err)
	}
	return err.Error()
}

// invalidUTF8 returns the offset of the first byte of data that is not
// UTF-8, or -1.
func invalidUTF8(data []byte) int {
	if utf8.Valid(data) {
		return -1
	}
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

// lineCol returns the line and column (from 1) of offset i in data.
func lineCol(data []byte, i int) (line, col int) {
	i = min(max(i, 0), len(data))
	line = 1 + bytes.Count(data[:i], []byte{'\n'})
	return line, i - bytes.LastIndexByte(data[:i], '\n')
}

// clipText shortens s for a message.
func clipText(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
