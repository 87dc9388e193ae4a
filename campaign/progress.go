package campaign

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"strings"
)

// File is the name progress is kept under in a Storage.
const File = "campaign/progress"

// Version is the progress format this build writes and reads.
const Version = 1

// Result is how one campaign battle ended for the player.
type Result struct {
	// Won says whether the player's side won.
	Won bool
	// Turns is the turn the battle ended on (1: the first).
	Turns int
	// Lost and Felled count the player's units and the enemy's that fell.
	Lost, Felled int
	// Difficulty names the computer's profile it was played against
	// ("easy"; "" when unknown): scores are kept per difficulty too.
	Difficulty string
}

// Score points: a win is worth WinPoints, less TurnPoints a turn after the
// first and LostPoints a unit lost, plus FelledPoints an enemy felled; a
// win scores at least MinScore, a loss nothing.
const (
	WinPoints    = 1000
	TurnPoints   = 25
	LostPoints   = 150
	FelledPoints = 50
	MinScore     = 100
)

// Score is a result's score: fast wins that lose nobody score best.
func Score(r Result) int {
	if !r.Won {
		return 0
	}
	s := WinPoints - TurnPoints*max(r.Turns-1, 0) - LostPoints*r.Lost + FelledPoints*r.Felled
	return max(s, MinScore)
}

// Record is the player's history on one level.
type Record struct {
	// Won says the level has been won at least once.
	Won bool `json:"won"`
	// Best is the best score, and Turns and Lost the battle that made it.
	Best  int `json:"best"`
	Turns int `json:"turns"`
	Lost  int `json:"lost"`
	// Plays counts the battles finished on it, won or lost.
	Plays int `json:"plays"`
	// Bests holds the best win against each difficulty, by the
	// computer's profile's name.
	Bests map[string]Best `json:"bests,omitempty"`
}

// Best is the best win against one difficulty: its score, and the turns
// it took and the units it lost.
type Best struct {
	Score int `json:"score"`
	Turns int `json:"turns"`
	Lost  int `json:"lost"`
}

// BestOn returns the best win against difficulty d, if there is one.
func (r Record) BestOn(d string) (Best, bool) {
	b, ok := r.Bests[d]
	return b, ok
}

// Progress is the player's campaign so far.
type Progress struct {
	// Version is the format (Version).
	Version int `json:"version"`
	// Levels holds each played level's record by its file in the level
	// folder ("maps/outpost.tmx").
	Levels map[string]Record `json:"levels"`
}

// Add records a finished battle on level, returning its score and whether
// it is a new best (a first win counts as one): the best against its
// difficulty when the result names one, else the level's best.
func (p *Progress) Add(level string, r Result) (score int, best bool) {
	if p.Levels == nil {
		p.Levels = map[string]Record{}
	}
	rec := p.Levels[level]
	rec.Plays++
	score = Score(r)
	if r.Won && (!rec.Won || score > rec.Best) {
		rec.Won, rec.Best, rec.Turns, rec.Lost, best = true, score, r.Turns, r.Lost, true
	}
	if r.Difficulty != "" {
		old, had := rec.Bests[r.Difficulty]
		best = r.Won && (!had || score > old.Score)
		if best {
			rec.Bests = maps.Clone(rec.Bests)
			if rec.Bests == nil {
				rec.Bests = map[string]Best{}
			}
			rec.Bests[r.Difficulty] = Best{Score: score, Turns: r.Turns, Lost: r.Lost}
		}
	}
	p.Levels[level] = rec
	return score, best
}

// Unlocked reports whether the level at index i of the campaign order is
// open: the first always, any other once the one before it is won (or
// once it has been won itself, should the order change).
func (p Progress) Unlocked(order []string, i int) bool {
	if i <= 0 {
		return i == 0
	}
	if i >= len(order) {
		return false
	}
	return p.Levels[order[i-1]].Won || p.Levels[order[i]].Won
}

// Marshal returns the progress as the JSON kept in a Storage.
func (p Progress) Marshal() []byte {
	p.Version = Version
	data, _ := json.MarshalIndent(p, "", " ") // a map of plain records cannot fail
	return append(data, '\n')
}

// Limits on a progress file read back: it is untrusted.
const (
	maxFileBytes = 1 << 20
	maxLevels    = 1000
	maxNameBytes = 256
	maxCount     = 1_000_000
	maxBests     = 16
)

// Parse reads progress written by Marshal, refusing anything it did not
// write: another version, unknown fields, impossible numbers.
func Parse(data []byte) (Progress, error) {
	var p Progress
	if len(data) > maxFileBytes {
		return Progress{}, fmt.Errorf("%d bytes, more than the limit of %d", len(data), maxFileBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return Progress{}, err
	}
	if p.Version != Version {
		return Progress{}, fmt.Errorf("version %d, this build reads %d", p.Version, Version)
	}
	if len(p.Levels) > maxLevels {
		return Progress{}, fmt.Errorf("%d levels, more than the limit of %d", len(p.Levels), maxLevels)
	}
	for name, r := range p.Levels {
		switch {
		case name == "" || len(name) > maxNameBytes || strings.ContainsAny(name, "\x00\n"):
			return Progress{}, fmt.Errorf("level %q: not a level's file", name)
		case r.Best < 0 || r.Best > WinPoints+FelledPoints*maxCount || r.Turns < 0 || r.Turns > maxCount ||
			r.Lost < 0 || r.Lost > maxCount || r.Plays < 0 || r.Plays > maxCount:
			return Progress{}, fmt.Errorf("level %q: a count out of range", name)
		case r.Won != (r.Best > 0):
			return Progress{}, fmt.Errorf("level %q: won %v with a best score of %d", name, r.Won, r.Best)
		case len(r.Bests) > maxBests:
			return Progress{}, fmt.Errorf("level %q: %d difficulties, more than the limit of %d", name, len(r.Bests), maxBests)
		}
		for d, b := range r.Bests {
			switch {
			case d == "" || len(d) > 32 || strings.ContainsAny(d, "\x00\n"):
				return Progress{}, fmt.Errorf("level %q: difficulty %q: not a profile's name", name, d)
			case b.Score < MinScore || b.Score > r.Best || b.Turns < 0 || b.Turns > maxCount || b.Lost < 0 || b.Lost > maxCount:
				return Progress{}, fmt.Errorf("level %q: the best on %s is out of range", name, d)
			}
		}
	}
	return p, nil
}

// Storage keeps named files; match.Store is one.
type Storage interface {
	// GetData reads a file; a missing one's error wraps fs.ErrNotExist.
	GetData(name string) ([]byte, error)
	// GetBackup reads the file's previous contents.
	GetBackup(name string) ([]byte, error)
	// PutData replaces a file whole, keeping the old one as its backup.
	PutData(name string, data []byte) error
}

// Load reads the progress kept in s. None yet is a fresh campaign. A file
// that cannot be read falls back on its backup; the error then says what
// was wrong, with the progress the backup held (or a fresh one).
func Load(s Storage) (Progress, error) {
	data, err := s.GetData(File)
	if errors.Is(err, fs.ErrNotExist) {
		return Progress{Version: Version}, nil
	}
	if err == nil {
		var p Progress
		if p, err = Parse(data); err == nil {
			return p, nil
		}
	}
	bad := fmt.Errorf("campaign progress %s: %w", File, err)
	if data, err := s.GetBackup(File); err == nil {
		if p, err := Parse(data); err == nil {
			return p, fmt.Errorf("%w (using its backup)", bad)
		}
	}
	return Progress{Version: Version}, fmt.Errorf("%w (starting afresh)", bad)
}

// Save writes p to s.
func Save(s Storage, p Progress) error { return s.PutData(File, p.Marshal()) }
