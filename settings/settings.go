package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"slices"
	"strings"
)

// File is the name the settings are kept under in a Storage.
const File = "settings"

// Version is the settings format this build writes and reads.
const Version = 1

// Settings are the player's preferences.
type Settings struct {
	// Version is the format (Version).
	Version int `json:"version"`
	// Master, Effects and Ambient are the sound's volumes, each from 0
	// (silent) to 1.
	Master  float64 `json:"master"`
	Effects float64 `json:"effects"`
	Ambient float64 `json:"ambient"`
	// AnimSpeed multiplies the pace of the battle's animations: one of
	// AnimSpeeds.
	AnimSpeed float64 `json:"animSpeed"`
	// SkipAnimations shows every command's outcome at once.
	SkipAnimations bool `json:"skipAnimations"`
	// StillCamera keeps the camera where the player left it: off (the
	// default), it glides to frame each shot the player did not order
	// before the shot plays.
	StillCamera bool `json:"stillCamera"`
	// Fullscreen fills the screen with the game.
	Fullscreen bool `json:"fullscreen"`
	// UIScale is the size of the panels and their text, in percent: one
	// of UIScales.
	UIScale int `json:"uiScale"`
	// ColorBlind draws the sides in blue and orange, told apart with any
	// colour vision, instead of blue and red.
	ColorBlind bool `json:"colorBlind"`
	// ShowSources names each modifier's rule ("seed 003, Aiming") on the
	// hit panel; off, a line's source shows while the pointer is on it.
	ShowSources bool `json:"showSources"`
	// Difficulty names the computer's profile ("easy", "normal"): the
	// level select starts on it and keeps the player's last choice.
	Difficulty string `json:"difficulty"`
	// Server is the address "Play online" makes matches on ("" for the
	// game's default); see CheckServer.
	Server string `json:"server,omitempty"`
}

// AnimSpeeds are the paces AnimSpeed may take, slowest first.
var AnimSpeeds = []float64{0.5, 0.75, 1, 1.5, 2, 3}

// UIScales are the sizes UIScale may take, in percent, smallest first.
var UIScales = []int{100, 125, 150}

// Default returns the settings of a first start: the volumes of
// systems.DefaultVolumes, animations at their pace, a window, the
// interface at 100%, blue and red sides, rule sources one setting away
// (shown while the pointer is on a line), the computer on normal.
func Default() Settings {
	return Settings{Version: Version, Master: 0.8, Effects: 1, Ambient: 0.5, AnimSpeed: 1, UIScale: 100, Difficulty: "normal"}
}

// Scale returns UIScale as a factor (1.25 for 125%).
func (s Settings) Scale() float64 { return float64(s.UIScale) / 100 }

// Validate reports the first value out of its range, or nil.
func (s Settings) Validate() error {
	for _, v := range []struct {
		name string
		x    float64
	}{{"master", s.Master}, {"effects", s.Effects}, {"ambient", s.Ambient}} {
		if math.IsNaN(v.x) || v.x < 0 || v.x > 1 {
			return fmt.Errorf("%s volume %v: want 0 to 1", v.name, v.x)
		}
	}
	if !slices.Contains(AnimSpeeds, s.AnimSpeed) {
		return fmt.Errorf("animSpeed %v: want one of %v", s.AnimSpeed, AnimSpeeds)
	}
	if !slices.Contains(UIScales, s.UIScale) {
		return fmt.Errorf("uiScale %d: want one of %v", s.UIScale, UIScales)
	}
	if !isName(s.Difficulty) {
		return fmt.Errorf("difficulty %q: want a profile's name (lower-case letters)", s.Difficulty)
	}
	if s.Server != "" {
		if err := CheckServer(s.Server); err != nil {
			return fmt.Errorf("server: %w", err)
		}
	}
	return nil
}

// maxServerLen bounds a server's address.
const maxServerLen = 200

// CheckServer reports why addr cannot be a game server's address, or
// nil: it must be an http:// or https:// address naming a host, with no
// query, no fragment and no trailing slash, and at most 200 characters.
func CheckServer(addr string) error {
	if len(addr) > maxServerLen {
		return fmt.Errorf("%d characters, more than %d", len(addr), maxServerLen)
	}
	if strings.ContainsAny(addr, " \t") {
		return errors.New("want the server's address alone: no spaces")
	}
	u, err := url.Parse(addr)
	switch {
	case err != nil || u.Scheme != "http" && u.Scheme != "https":
		return errors.New("want an http:// or https:// address")
	case u.Host == "" || u.User != nil:
		return errors.New("want a host after http:// (like http://example.org:8090)")
	case u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(addr, "/"):
		return errors.New("want the server's address alone: no ?, # or / at the end")
	}
	return nil
}

// isName reports whether s could name a computer's profile: 1 to 32
// lower-case letters, digits or dashes. (Which profiles exist is the
// computer's business: an unknown one plays as normal.)
func isName(s string) bool {
	if len(s) == 0 || len(s) > 32 {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return true
}

// Marshal returns the settings as the JSON kept in a Storage.
func (s Settings) Marshal() []byte {
	s.Version = Version
	data, _ := json.MarshalIndent(s, "", " ") // plain numbers and booleans cannot fail
	return append(data, '\n')
}

// maxFileBytes bounds a settings file read back: it is untrusted.
const maxFileBytes = 64 << 10

// Parse reads settings written by Marshal. A field missing from the file
// keeps its default, so a file from before a setting existed still
// reads; another version, an unknown field or a value out of range is an
// error.
func Parse(data []byte) (Settings, error) {
	if len(data) > maxFileBytes {
		return Settings{}, fmt.Errorf("%d bytes, more than the limit of %d", len(data), maxFileBytes)
	}
	s := Default()
	s.Version = 0
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Settings{}, err
	}
	if dec.More() {
		return Settings{}, errors.New("more after the settings")
	}
	if s.Version != Version {
		return Settings{}, fmt.Errorf("version %d, this build reads %d", s.Version, Version)
	}
	if err := s.Validate(); err != nil {
		return Settings{}, err
	}
	return s, nil
}

// Storage keeps named files; match.Store is one.
type Storage interface {
	// GetData reads a file; a missing one's error wraps fs.ErrNotExist.
	GetData(name string) ([]byte, error)
	// GetBackup reads the file's previous contents.
	GetBackup(name string) ([]byte, error)
	// PutData replaces a file whole, keeping the old one as its backup.
	PutData(name string, data []byte) error
	// Where says where a file is kept, for messages.
	Where(name string) string
}

// Load reads the settings kept in s. None yet (or no storage) is a first
// start: Default and no error. A file that cannot be read falls back on
// its backup, else on Default; the error then names the file, says what
// was wrong and what is used instead. Load never writes: the bad file
// stays as it was until the settings are next saved (and then is kept as
// the backup).
func Load(s Storage) (Settings, error) {
	if s == nil {
		return Default(), nil
	}
	data, err := s.GetData(File)
	if errors.Is(err, fs.ErrNotExist) {
		return Default(), nil
	}
	if err == nil {
		var st Settings
		if st, err = Parse(data); err == nil {
			return st, nil
		}
	}
	bad := fmt.Errorf("settings %s: %w", s.Where(File), err)
	if data, err := s.GetBackup(File); err == nil {
		if st, err := Parse(data); err == nil {
			return st, fmt.Errorf("%w (using its backup)", bad)
		}
	}
	return Default(), fmt.Errorf("%w (using the defaults)", bad)
}

// Save writes st to s (nothing without a storage).
func Save(s Storage, st Settings) error {
	if s == nil {
		return nil
	}
	return s.PutData(File, st.Marshal())
}
