package match

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"sightline/rules"
)

// Match is one battle: the rules state, the gameplay RNG, the log of
// commands, the turn order and what each side knows. Every change goes
// through Apply (or Step, which asks the side to move's Controller), so a
// match re-played from its start, seed and log is the same match.
type Match struct {
	state   *rules.State
	start   *rules.State // the state before the first command
	seed    uint64
	rng     *rules.RNG
	lines   *rules.Sightlines
	know    knowledge
	log     []Entry
	events  []Event  // every command's events, oldest first
	turns   []string // Hash at the end of each turn
	ctrl    [2]Controller
	views   [2]*View // cached until the next command
	version int      // counts changes: Apply and Undo
	lazy    bool     // the fog is lazy (setLazy)
}

// Entry is one command of the log.
type Entry struct {
	// Command is what was applied.
	Command rules.Command
	// Side and Turn say who gave it, when.
	Side rules.Side
	Turn int
	// Final says why the command cannot be taken back ("" when it can):
	// it ended the turn, rolled a die, revealed something new to Side or
	// triggered a reaction.
	Final string
}

// Event is one event of a command, with the sides that witnessed it.
type Event struct {
	rules.Event
	// Seen says, by side, whether the side saw the event (Witness.Sees).
	Seen [2]bool
}

// SeenBy reports whether side witnessed the event.
func (e Event) SeenBy(side rules.Side) bool { return side >= 0 && int(side) < 2 && e.Seen[side] }

// Result is what one command did.
type Result struct {
	Entry
	// Events are the command's events in order, tagged with witnesses.
	Events []Event
	// Witness says what each side saw of the command, for presenters that
	// need more than Event.Seen (the part of a move a side saw).
	Witness *Witness
}

// New starts a match on s (which it owns from now on) with the gameplay
// RNG seeded with seed. Both sides know the level as loaded and see what
// their units see.
func New(s *rules.State, seed uint64) *Match { return newMatch(s, seed, false) }

// newMatch is New; lazy makes its fog lazy from the start (setLazy), so
// that not even the first fields of view sweep the board, and its
// digests trusted (rules.Board.SetDigestTrust): a re-play's.
func newMatch(s *rules.State, seed uint64, lazy bool) *Match {
	m := &Match{state: s, start: s.Clone(), seed: seed, rng: rules.NewRNG(seed), lazy: lazy}
	m.lines = rules.NewSightlines(s, 0)
	m.lines.SetLazy(lazy)
	s.Board.SetDigestTrust(lazy) // a re-play's Apply alone changes s
	m.know = newKnowledge(s, m.lines)
	return m
}

// State returns the rules state, the truth. Only Apply may change it; a
// presenter that draws it must filter it by a side's knowledge.
func (m *Match) State() *rules.State { return m.state }

// Seed returns the seed of the gameplay RNG.
func (m *Match) Seed() uint64 { return m.seed }

// Start returns a copy of the state before the first command.
func (m *Match) Start() *rules.State { return m.start.Clone() }

// Log returns the commands applied so far, oldest first. The slice is
// the match's: do not change it.
func (m *Match) Log() []Entry { return m.log }

// Version returns a number that changes whenever the match does (a
// command applied or taken back): views of it compare it to know when
// they are stale.
func (m *Match) Version() int { return m.version }

// Witnessed returns the events side saw, oldest first, in a new slice.
func (m *Match) Witnessed(side rules.Side) []Event {
	var out []Event
	for _, e := range m.events {
		if e.SeenBy(side) {
			out = append(out, e)
		}
	}
	return out
}

// TurnHashes returns Hash as it was at the end of each turn so far.
func (m *Match) TurnHashes() []string { return m.turns }

// Over reports whether the battle is decided: won by a side or drawn
// (Verdict tells which).
func (m *Match) Over() bool { return m.state.Over() }

// Verdict returns how the battle stands: going on, won by a side, or a
// draw, and why.
func (m *Match) Verdict() rules.Verdict { return m.state.Verdict() }

// Hash returns a digest of the rules state and the RNG's state: two
// matches that go on identically have the same hash. It is the digest of
// ReplayFormat: the SHA-256 of rules.State.Hash's 64 hex digits followed
// by the RNG's state as the PCG marshals it.
func (m *Match) Hash() string { return m.HashOf(ReplayFormat) }

// HashOf returns the match's digest as a replay file of the given format
// holds it: Hash, with rules.State.HashFormat1 in place of
// rules.State.Hash for format 1.
func (m *Match) HashOf(format int) string {
	r, err := m.rng.MarshalBinary()
	if err != nil { // a PCG always marshals
		panic("match: rng: " + err.Error())
	}
	state := m.state.Hash
	if format == 1 {
		state = m.state.HashFormat1
	}
	sum := sha256.Sum256(append([]byte(state()), r...))
	return hex.EncodeToString(sum[:])
}

// Apply checks cmd and, when it is legal, carries it out, updates both
// sides' knowledge and logs it. An illegal command changes nothing and
// returns the rules' error.
func (m *Match) Apply(cmd rules.Command) (*Result, error) {
	s := m.state
	side, turn := s.Side, s.Turn
	before := m.know.now
	w := NewWitness(s, before)
	roll, err := m.rng.MarshalBinary()
	if err != nil {
		return nil, err
	}
	evs, err := rules.Apply(s, cmd, m.rng)
	if err != nil {
		return nil, err
	}
	m.views = [2]*View{}
	m.version++
	memChanged := m.know.update(s, m.lines, evs)
	w.After(s, m.know.now)
	entry := Entry{Command: cmd, Side: side, Turn: turn}
	after, _ := m.rng.MarshalBinary()
	entry.Final = finality(cmd, evs, !bytes.Equal(roll, after), revealed(before[side], m.know.now[side], side, s) || memChanged[side])
	m.log = append(m.log, entry)
	if _, ok := cmd.(rules.EndTurn); ok {
		m.turns = append(m.turns, m.Hash())
	}
	res := &Result{Entry: entry, Witness: w, Events: make([]Event, len(evs))}
	for i, ev := range evs {
		res.Events[i] = Event{Event: ev, Seen: [2]bool{w.Sees(rules.SideBlue, ev), w.Sees(rules.SideRed, ev)}}
	}
	m.events = append(m.events, res.Events...)
	return res, nil
}

// finality returns why a command cannot be taken back, or "".
func finality(cmd rules.Command, evs []rules.Event, rolled, revealed bool) string {
	if _, ok := cmd.(rules.EndTurn); ok {
		return "the turn has passed"
	}
	for _, ev := range evs {
		switch e := ev.(type) {
		case rules.Interrupted:
			return "it triggered a reaction"
		case rules.Attacked:
			if e.Kind == rules.KindOverwatch || e.Kind == rules.KindOpportunity || e.Kind == rules.KindCovering {
				return "it triggered a reaction"
			}
		case rules.MoveInterrupted:
			return "it revealed an enemy"
		}
	}
	switch {
	case revealed:
		return "it revealed something new"
	case rolled:
		return "dice were rolled"
	}
	return ""
}

// revealed reports whether side knows an enemy after that it did not
// know before.
func revealed(before, after *Visibility, side rules.Side, s *rules.State) bool {
	for _, u := range s.Units {
		if u.Side != side && after.Knows(u.ID) && !before.Knows(u.ID) {
			return true
		}
	}
	return false
}

// Controller answers "your side's next command" from a view of its own
// side's knowledge. Human, computer, replay and network controllers are
// interchangeable.
type Controller interface {
	// Next returns the side's next command, or nil while it has none yet
	// (a player still choosing).
	Next(v *View) rules.Command
}

// SetController puts c in charge of side.
func (m *Match) SetController(side rules.Side, c Controller) { m.ctrl[side] = c }

// Controller returns the controller of side (nil: none yet).
func (m *Match) Controller(side rules.Side) Controller { return m.ctrl[side] }

// Step asks the controller of the side to move for its next command and
// applies it. It returns nil and no error when the battle is over or the
// controller has no command yet; an illegal command returns the rules'
// error and changes nothing.
func (m *Match) Step() (*Result, error) {
	if over := m.Over(); over {
		return nil, nil
	}
	c := m.ctrl[m.state.Side]
	if c == nil {
		return nil, nil
	}
	cmd := c.Next(m.View(m.state.Side))
	if cmd == nil {
		return nil, nil
	}
	return m.Apply(cmd)
}

// Inbox is the controller of a player at this machine: the UI pushes the
// commands the player gives, the match takes them in order.
type Inbox struct{ queue []rules.Command }

// Push queues a command.
func (b *Inbox) Push(c rules.Command) { b.queue = append(b.queue, c) }

// Next returns the oldest queued command, or nil.
func (b *Inbox) Next(*View) rules.Command {
	if len(b.queue) == 0 {
		return nil
	}
	c := b.queue[0]
	b.queue = b.queue[1:]
	return c
}

// Script plays a fixed list of commands, whichever side is to move: a
// replay's controller for both sides.
type Script struct {
	Commands []rules.Command
	next     int
}

// Next returns the script's next command, or nil at its end.
func (sc *Script) Next(*View) rules.Command {
	if sc.next >= len(sc.Commands) {
		return nil
	}
	sc.next++
	return sc.Commands[sc.next-1]
}

// Done reports whether every command has been handed out.
func (sc *Script) Done() bool { return sc.next >= len(sc.Commands) }

// Rebuild re-plays commands on a copy of start with seed, failing on the
// first illegal one.
func Rebuild(start *rules.State, seed uint64, cmds []rules.Command) (*Match, error) {
	m := New(start.Clone(), seed)
	for i, c := range cmds {
		if _, err := m.Apply(c); err != nil {
			return nil, fmt.Errorf("command %d (%s): %w", i+1, c.CommandName(), err)
		}
	}
	return m, nil
}

// Undo takes back the side to move's last command when it can be (see
// Entry.Final), by re-playing the log without it, so the match cannot
// diverge from what a replay of it gives. It returns the command taken
// back, or an error that says in words why not.
func (m *Match) Undo() (rules.Command, error) {
	if err := m.CanUndo(); err != nil {
		return nil, err
	}
	last := m.log[len(m.log)-1]
	cmds := make([]rules.Command, len(m.log)-1)
	for i, e := range m.log[:len(m.log)-1] {
		cmds[i] = e.Command
	}
	r, err := Rebuild(m.start, m.seed, cmds)
	if err != nil { // the log replayed once already: a broken invariant
		panic("match: undo: " + err.Error())
	}
	// The match keeps its State (and Board and units) so views bound to
	// them stay valid: the rebuilt state is copied into it.
	m.state.Restore(r.state)
	r.state, r.lines = m.state, rules.NewSightlines(m.state, 0)
	r.ctrl, r.version = m.ctrl, m.version+1
	*m = *r
	return last.Command, nil
}

// CanUndo returns nil when Undo would take a command back, else why not.
func (m *Match) CanUndo() error {
	if len(m.log) == 0 {
		return ErrNoUndo
	}
	last := m.log[len(m.log)-1]
	switch {
	case last.Side != m.state.Side || last.Turn != m.state.Turn:
		return ErrNoUndo
	case last.Final != "":
		return fmt.Errorf("%w: %s", ErrUndoRefused, last.Final)
	}
	return nil
}
