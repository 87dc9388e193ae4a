package match

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"sightline/rules"
)

// GameVersion is the version of the game written into replays and saves.
const GameVersion = "0.5.0"

// ReplayFormat is the version of the replay file format this build writes;
// it reads it and every earlier one, and refuses a later one rather than
// guess at it. Format 2 differs from format 1 only in its digests (start,
// turns, end): format 1's hash the JSON of the whole state
// (rules.State.HashFormat1, 6 MB a turn on a 256×256 map), format 2's
// keep the sums of the parts that did not change (rules.State.Hash).
// docs/REPLAYS.md describes the file.
const ReplayFormat = 2

// Replay is a battle as a file: what it was played on, the seed, who
// played each side, every command, and a digest of the match at the end
// of every turn, so a re-play that diverges is caught at the turn it does.
type Replay struct {
	// Format is ReplayFormat when written; a file of format 1 is
	// verified with the digests of format 1.
	Format int `json:"format"`
	// Game is the GameVersion that recorded it.
	Game string `json:"game"`
	// Level names the map and the digest of every file it was loaded from.
	Level LevelRef `json:"level"`
	// Data is the SHA-256 of the weapon, unit and material tables.
	Data string `json:"data"`
	// Seed seeds the gameplay RNG.
	Seed uint64 `json:"seed"`
	// Sides says who controlled each side ("human", "computer:normal"...),
	// Blue first.
	Sides [2]string `json:"sides"`
	// Start is Match.Hash before the first command (as of Format).
	Start string `json:"start"`
	// Commands are the commands in the order applied.
	Commands []rules.CommandSpec `json:"commands"`
	// Turns holds Match.Hash at the end of each turn.
	Turns []string `json:"turns"`
	// End is Match.Hash after the last command.
	End string `json:"end"`
	// Saved is when a save was written, RFC 3339 ("" for a replay).
	Saved string `json:"saved,omitempty"`
	// View is a save's camera and selection (nil for a replay).
	View *SavedView `json:"view,omitempty"`
	// Campaign says the battle is a level of the campaign, whose result
	// is scored and kept (a save resumes as one).
	Campaign bool `json:"campaign,omitempty"`

	// From is the file it was read from ("" when made in this run, or
	// kept in the browser): a level.path is resolved from its folder, and
	// a replay watched says where it came from. Never written.
	From string `json:"-"`
	// Note says how it was read when not as written ("saves/x could not
	// be read: ...; its backup was loaded"), "" when it was. Never written.
	Note string `json:"-"`
}

// SavedView is where a player was looking when they saved.
type SavedView struct {
	// X, Y and Zoom are the camera's; Selected the selected unit (0: none).
	X, Y, Zoom float64
	Selected   int
}

// LevelRef names the level a battle was played on.
type LevelRef struct {
	// Name is the level's name; File its path inside the level folder
	// (the embedded levels, or a folder on disk).
	Name string `json:"name"`
	File string `json:"file"`
	// Path is the map's file on disk when it was not one of the embedded
	// levels ("" when it was).
	Path string `json:"path,omitempty"`
	// Sources are the files it was loaded from, with their SHA-256.
	Sources []Source `json:"sources"`
}

// Digests returns the files' digests by path.
func (l LevelRef) Digests() map[string]string {
	d := make(map[string]string, len(l.Sources))
	for _, s := range l.Sources {
		d[s.Path] = s.SHA256
	}
	return d
}

// Source is one file a level was loaded from (the same fields as
// levels.Source, so one converts to the other).
type Source struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// DataHash returns the SHA-256 of the data tables s plays with.
func DataHash(s *rules.State) string {
	b, err := json.Marshal(s.Rules())
	if err != nil { // plain data: cannot happen
		panic("match: data hash: " + err.Error())
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Record returns the match so far as a replay of a battle on level, with
// sides naming who controlled each side.
func (m *Match) Record(level LevelRef, sides [2]string) *Replay {
	start := New(m.start.Clone(), m.seed)
	r := &Replay{Format: ReplayFormat, Game: GameVersion, Level: level, Data: DataHash(m.state),
		Seed: m.seed, Sides: sides, Start: start.Hash(), Turns: append([]string{}, m.turns...), End: m.Hash()}
	r.Commands = make([]rules.CommandSpec, len(m.log))
	for i, e := range m.log {
		r.Commands[i] = rules.SpecOf(e.Command)
	}
	return r
}

// Errors of reading and verifying replays; test them with errors.Is.
var (
	// ErrReplayFormat: not a replay this build can read.
	ErrReplayFormat = errors.New("not a replay this version can read")
	// ErrMismatch: the data tables differ from the ones recorded.
	ErrMismatch = errors.New("played on something else")
	// ErrDiverged: re-playing gave another match than the one recorded.
	ErrDiverged = errors.New("re-play diverged")
)

// Write encodes the replay, indented, to w.
func (r *Replay) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(r)
}

// CheckData compares the data tables start plays with against the ones
// the replay recorded.
func (r *Replay) CheckData(start *rules.State) error {
	if d := DataHash(start); d != r.Data {
		return fmt.Errorf("%w: the unit, weapon and material tables have changed (sha256 %s, recorded %s)", ErrMismatch, short(d), short(r.Data))
	}
	return nil
}

// Play re-plays the replay from start (the level as loaded) and checks
// the data tables, then the digest at the start, at the end of every turn
// and at the end. It returns the match as far as it got (nil when the
// data differ), and an error naming the first turn whose digest differs
// or the first command that does not decode or is illegal.
func (r *Replay) Play(start *rules.State) (*Match, error) { return r.PlayEach(start, nil) }

// PlayEach is Play, handing each command's result to each (when not nil)
// as it is applied: a resumed battle words its log from them.
func (r *Replay) PlayEach(start *rules.State, each func(*Result)) (*Match, error) {
	p, err := r.Playback(start, each)
	if err != nil {
		return p.Match(), err
	}
	for !p.Done() {
		if err := p.Step(); err != nil {
			return p.Match(), err
		}
	}
	return p.Match(), p.Finish()
}

// Playback re-plays a replay one command at a time, so a caller can
// bound the time it takes or show its progress between steps. The match
// keeps its own digests in ReplayFormat (a save resumed is written so);
// a file of format 1 is compared with the digests of format 1.
type Playback struct {
	r    *Replay
	m    *Match
	next int
	each func(*Result)
}

// hash returns the match's digest in the file's format.
func (p *Playback) hash() string {
	if p.r.Format == ReplayFormat {
		return p.m.Hash()
	}
	return p.m.HashOf(p.r.Format)
}

// Playback checks the data tables, the number of commands against the
// level's CommandLimit and the starting state and returns the
// re-play of r from start, before its first command; each (when not nil)
// gets each command's result. On an error the Playback's Match is the
// match as far as it got (nil when the data differ).
func (r *Replay) Playback(start *rules.State, each func(*Result)) (*Playback, error) {
	p := &Playback{r: r, each: each}
	if err := r.CheckData(start); err != nil {
		return p, err
	}
	if err := r.checkLength(start); err != nil {
		return p, err
	}
	// The re-play's fog is lazy: it reads few of the tiles a field of
	// view decides (Visibility.decide); Match hands out a whole one.
	p.m = newMatch(start, r.Seed, true)
	if h := p.hash(); h != r.Start {
		return p, fmt.Errorf("%w: before the first command: the starting state differs (hash %s, recorded %s)", ErrDiverged, short(h), short(r.Start))
	}
	return p, nil
}

// Match returns the match re-played so far, its fog whole again (made
// anew, once) for the battle that goes on.
func (p *Playback) Match() *Match {
	if p.m != nil {
		p.m.setLazy(false)
	}
	return p.m
}

// Progress returns how many commands have been re-played, of how many.
func (p *Playback) Progress() (done, total int) { return p.next, len(p.r.Commands) }

// Done reports whether every command has been re-played.
func (p *Playback) Done() bool { return p.m == nil || p.next >= len(p.r.Commands) }

// Step re-plays the next command and, when it ends a turn, checks the
// turn's digest. The error names the command's index and turn.
func (p *Playback) Step() error {
	if p.Done() {
		return nil
	}
	m, r, i := p.m, p.r, p.next
	spec := r.Commands[i]
	p.next++
	turn := fmt.Sprintf("%s's turn %d", m.state.Side, m.state.Turn)
	c, err := spec.Command(m.state)
	if err != nil {
		return fmt.Errorf("%w: commands[%d] (%s): %v", ErrDiverged, i, turn, err)
	}
	res, err := m.Apply(c)
	if err != nil {
		return fmt.Errorf("%w: commands[%d] (%s, %s): illegal: %v", ErrDiverged, i, turn, c.CommandName(), err)
	}
	if p.each != nil {
		p.each(res)
	}
	if n := len(m.turns); n > 0 && isEndTurn(c) {
		if n > len(r.Turns) {
			return fmt.Errorf("%w: commands[%d]: %s ended, but the replay records %d turns", ErrDiverged, i, turn, len(r.Turns))
		}
		h := m.turns[n-1]
		if r.Format != ReplayFormat {
			h = p.hash()
		}
		if h != r.Turns[n-1] {
			return fmt.Errorf("%w: commands[%d]: %s: the state at its end differs (hash %s, recorded %s)", ErrDiverged, i, turn, short(h), short(r.Turns[n-1]))
		}
	}
	return nil
}

// Finish checks, once every command is re-played, the number of turns
// and the digest at the end.
func (p *Playback) Finish() error {
	m, r := p.m, p.r
	if m == nil {
		return errors.New("nothing was re-played")
	}
	if !p.Done() {
		return fmt.Errorf("%d of %d commands re-played", p.next, len(r.Commands))
	}
	if len(m.turns) != len(r.Turns) {
		return fmt.Errorf("%w: %d turns played, the replay records %d", ErrDiverged, len(m.turns), len(r.Turns))
	}
	if h := p.hash(); h != r.End {
		what := "the state after the last command differs"
		if len(r.Commands) == 0 {
			what = "the replay has no commands, and its end differs from its start"
		}
		return fmt.Errorf("%w: %s's turn %d: %s (hash %s, recorded %s)", ErrDiverged, m.state.Side, m.state.Turn, what, short(h), short(r.End))
	}
	return nil
}

func isEndTurn(c rules.Command) bool { _, ok := c.(rules.EndTurn); return ok }

// short returns the first 12 digits of a hash, for messages.
func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}
