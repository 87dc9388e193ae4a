package netplay

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"sync"
	"time"

	"sightline/levels"
	"sightline/match"
	"sightline/rules"
)

// Limits of a match made on a Host.
const (
	// DefaultTurns is a new match's turn limit when none is asked for.
	DefaultTurns = 30
	// MaxTurns is the most turns a match may be made for.
	MaxTurns = 200
)

// Host is the authoritative server of any number of matches kept in a
// Store: it makes matches, rebuilds one from its stored commands when it
// is first asked for, applies commands and tells each seat what its side
// may know. It is safe for concurrent use.
type Host struct {
	// Timing, when not nil, is told how long each accepted command took
	// the server: checked, applied, committed and handed to the seats.
	// It is called with the match's lock held.
	Timing func(time.Duration)

	store  Store
	random io.Reader
	now    func() time.Time

	mu     sync.Mutex
	games  map[string]*game
	levels map[string]*levels.Level
}

// NewHost returns a Host over store, drawing seeds, IDs and tokens from
// crypto/rand.
func NewHost(store Store) *Host {
	return &Host{store: store, random: rand.Reader, now: time.Now, games: map[string]*game{}, levels: map[string]*levels.Level{}}
}

// Created is what a new match's maker receives: its ID and the two seats'
// tokens, which the server keeps only as hashes.
type Created struct {
	Match string `json:"match"`
	Blue  string `json:"blue"`
	Red   string `json:"red"`
	// Spectator is the token of the match's spectator link.
	Spectator string `json:"spectator"`
}

// levelName is what a level's name may be: a shipped level's base name.
var levelName = regexp.MustCompile(`^[a-z0-9_-]{1,40}$`)

// level returns the shipped level with the given name (its file
// maps/NAME.tmx), loaded once.
func (h *Host) level(name string) (*levels.Level, error) {
	if !levelName.MatchString(name) {
		return nil, refuse(CodeMalformed, "level %q: want the name of a shipped level, such as crossroads", clip(name))
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if lv, ok := h.levels[name]; ok {
		return lv, nil
	}
	lv, err := levels.Load(levels.Embedded(), "maps/"+name+".tmx")
	if err != nil {
		return nil, refuse(CodeMalformed, "level %q: no such level", name)
	}
	h.levels[name] = lv
	return lv, nil
}

// sourcesJSON returns the level's files and digests as JSON.
func sourcesJSON(lv *levels.Level) string {
	b, err := json.Marshal(lv.Sources)
	if err != nil { // plain strings: cannot happen
		panic("netplay: sources: " + err.Error())
	}
	return string(b)
}

// randomHex returns n random bytes in hex.
func (h *Host) randomHex(n int) (string, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(h.random, b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// TokenHash returns the hash a seat's token is stored as.
func TokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Create makes a match on the named shipped level with the given turn
// limit (0: DefaultTurns), whose spectator sees it once it ends, and
// stores it before returning its tokens.
func (h *Host) Create(ctx context.Context, levelName string, turns int) (Created, error) {
	return h.CreateMatch(ctx, NewMatch{Level: levelName, Turns: turns})
}

// Spectate settings of a NewMatch.
const (
	SpectateAtEnd    = "end"      // nothing until the match ends, then its replay
	SpectateProgress = "progress" // its level, turn and side to move meanwhile
)

// CreateMatch makes the match nm asks for and stores it before returning
// its tokens.
func (h *Host) CreateMatch(ctx context.Context, nm NewMatch) (Created, error) {
	levelName, turns := nm.Level, nm.Turns
	spectator := SpectatorAtEnd
	switch nm.Spectate {
	case "", SpectateAtEnd:
	case SpectateProgress:
		spectator = SpectatorProgress
	default:
		return Created{}, refuse(CodeMalformed, "spectate %q: want %q or %q", clip(nm.Spectate), SpectateAtEnd, SpectateProgress)
	}
	if turns == 0 {
		turns = DefaultTurns
	}
	if turns < 1 || turns > MaxTurns {
		return Created{}, refuse(CodeMalformed, "turns %d: want 1 to %d", turns, MaxTurns)
	}
	lv, err := h.level(levelName)
	if err != nil {
		return Created{}, err
	}
	var seed [8]byte
	if _, err := io.ReadFull(h.random, seed[:]); err != nil {
		return Created{}, err
	}
	var c Created
	for _, p := range []*string{&c.Match, &c.Blue, &c.Red, &c.Spectator} {
		n := 16 // 128-bit tokens
		if p == &c.Match {
			n = 8
		}
		if *p, err = h.randomHex(n); err != nil {
			return Created{}, err
		}
	}
	s := lv.State
	rec := MatchRecord{ID: c.Match, Level: levelName, Sources: sourcesJSON(lv), Seed: binary.LittleEndian.Uint64(seed[:]),
		TurnLimit: turns, Created: h.now(), Turn: s.Turn, ToMove: sideName(s.Side)}
	if err := h.store.Create(ctx, rec, []SeatToken{{TokenHash(c.Blue), 0}, {TokenHash(c.Red), 1}, {TokenHash(c.Spectator), spectator}}); err != nil {
		return Created{}, err
	}
	return c, nil
}

// sideName returns "blue" or "red".
func sideName(s rules.Side) string {
	if s == rules.SideRed {
		return "red"
	}
	return "blue"
}

// game is one match being served.
type game struct {
	mu    sync.Mutex
	rec   MatchRecord
	lv    *levels.Level
	m     *match.Match
	seqs  [2]int // commands applied, by side
	seats [2]map[*Seat]bool
	dead  bool // dropped (forget): the store is ahead of it, or behind
}

// game returns the match with the given ID, rebuilding it from the store
// when it is not served yet, or when the store holds more commands than
// the served match (another server sharing the store applied them).
func (h *Host) game(ctx context.Context, id string) (*game, error) {
	h.mu.Lock()
	g := h.games[id]
	h.mu.Unlock()
	if g != nil {
		rec, err := h.store.Match(ctx, id)
		if err != nil {
			return nil, err
		}
		g.mu.Lock()
		// The store read before a command this server committed since
		// holds fewer commands: only more means another server's.
		stale := rec.Commands > g.rec.Commands
		if stale {
			h.forget(g)
		}
		g.mu.Unlock()
		if !stale {
			return g, nil
		}
	}
	g, err := h.load(ctx, id)
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if old := h.games[id]; old != nil {
		return old, nil
	}
	h.games[id] = g
	return g, nil
}

// load rebuilds a match from its stored record and commands, reading
// them again when a command was stored between the two reads.
func (h *Host) load(ctx context.Context, id string) (*game, error) {
	for try := 0; ; try++ {
		g, err := h.loadOnce(ctx, id)
		if !errors.Is(err, errMoved) || try == 10 {
			return g, err
		}
	}
}

// errMoved: the match's stored commands changed while it was read.
var errMoved = errors.New("the match moved on while it was read")

// loadOnce is load without the second try.
func (h *Host) loadOnce(ctx context.Context, id string) (*game, error) {
	rec, err := h.store.Match(ctx, id)
	if err != nil {
		return nil, err
	}
	lv, err := h.level(rec.Level)
	if err != nil {
		return nil, err
	}
	if src := sourcesJSON(lv); src != rec.Sources {
		return nil, fmt.Errorf("match %s: level %s has changed since the match was made", id, rec.Level)
	}
	cmds, err := h.store.Commands(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(cmds) != rec.Commands {
		return nil, fmt.Errorf("match %s: %d commands stored, the match says %d: %w", id, len(cmds), rec.Commands, errMoved)
	}
	g := &game{rec: rec, lv: lv, m: match.New(lv.State.Clone(), rec.Seed)}
	for i := range g.seats {
		g.seats[i] = map[*Seat]bool{}
	}
	for _, c := range cmds {
		var spec rules.CommandSpec
		if err := json.Unmarshal([]byte(c.Spec), &spec); err != nil {
			return nil, fmt.Errorf("match %s: command %d: %w", id, c.Index, err)
		}
		cmd, err := spec.Command(g.m.State())
		if err == nil {
			_, err = g.m.Apply(cmd)
		}
		if err != nil {
			return nil, fmt.Errorf("match %s: command %d does not re-play: %w", id, c.Index, err)
		}
		g.seqs[c.Side]++
	}
	return g, nil
}

// result returns how the match ended, or nil while it is played.
func (g *game) result() *Result {
	s := g.m.State()
	v := g.m.Verdict()
	switch {
	case v.Draw:
		return &Result{Winner: "draw", Turns: s.Turn, End: g.m.Hash(), Why: v.Why}
	case v.Over:
		return &Result{Winner: sideName(v.Winner), Turns: s.Turn, End: g.m.Hash()}
	case s.Turn > g.rec.TurnLimit:
		return &Result{Winner: "draw", Turns: g.rec.TurnLimit, End: g.m.Hash()}
	}
	return nil
}

// Seat is one connection's seat in a match: it submits that side's
// commands and receives that side's messages.
type Seat struct {
	h    *Host
	g    *game
	side rules.Side
	send func(Message)
	last []byte // the JSON of the last view sent
	// tiles and data are the map tiles and data tables of the last view
	// sent whole: the next views leave them out while they stay so.
	tiles []rules.Tile
	data  *rules.Data
	// obstacles are those of the last view sent that held them (known):
	// the next views leave them out while they stay so.
	obstacles []rules.Obstacle
	known     bool
}

// Side returns the seat's side.
func (s *Seat) Side() rules.Side { return s.side }

// Join seats a connection in match id with the seat's token: send
// receives, in order, the seat's hello and view at once, then every
// message for the seat until Leave. send is called with the match's lock
// held: it must not block or call back into the Host.
func (h *Host) Join(ctx context.Context, id, token string, send func(Message)) (*Seat, error) {
	sr, err := h.store.Seat(ctx, TokenHash(token))
	if errors.Is(err, ErrNotFound) || err == nil && (sr.Match != id || sr.Side >= SpectatorAtEnd) {
		return nil, refuse(CodeToken, "no seat of match %s has this token", clip(id))
	}
	if err != nil {
		return nil, err
	}
	g, err := h.game(ctx, id)
	if err != nil {
		return nil, err
	}
	st := &Seat{h: h, g: g, side: rules.Side(sr.Side), send: send}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.seats[st.side][st] = true
	send(Message{V: Version, Type: TypeHello, Match: id, Side: sideName(st.side), Level: g.rec.Level, Turns: g.rec.TurnLimit, Seq: g.seqs[st.side]})
	st.sendView(true)
	return st, nil
}

// Leave stops the seat's messages.
func (s *Seat) Leave() {
	s.g.mu.Lock()
	defer s.g.mu.Unlock()
	delete(s.g.seats[s.side], s)
}

// sendView sends the seat its side's view when it changed since the last
// one sent (always when force), with the result once the match is over.
// The view leaves out its map and tables, and its obstacles, while they
// are those the seat was sent last. The match's lock is held.
func (s *Seat) sendView(force bool) {
	g := s.g
	v := g.m.View(s.side)
	msg := Message{V: Version, Type: TypeView, Seq: g.seqs[s.side], Result: g.result()}
	cut := *v // the match's view is shared: leave it whole
	if s.data != nil && v.Data == s.data && slices.Equal(v.Tiles, s.tiles) {
		cut.Tiles, cut.Data = nil, nil
		msg.Kept = true
	}
	if s.known && sameObstacles(v.Obstacles, s.obstacles) {
		cut.Obstacles = nil
		msg.KeptObstacles = true
	}
	b, err := viewJSON(msg, &cut)
	if err != nil { // a view always marshals
		panic("netplay: view: " + err.Error())
	}
	if !force && bytes.Equal(b, s.last) {
		return
	}
	s.last = b
	if !msg.Kept {
		s.tiles, s.data = slices.Clone(v.Tiles), v.Data
	}
	if !msg.KeptObstacles {
		s.obstacles, s.known = cloneObstacles(v.Obstacles), true
	}
	msg.View, msg.raw = &cut, b
	s.send(msg)
}

// viewJSON returns the JSON of view message msg with view v, written
// once: the view's own JSON goes in as it is, not checked and compacted
// again as json.Marshal does with a Marshaler's.
func viewJSON(msg Message, v *match.View) ([]byte, error) {
	msg.View = nil
	head, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	body, err := v.MarshalJSON()
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(head)+len(body)+len(`,"view":`))
	out = append(out, head[:len(head)-1]...) // without its closing brace
	out = append(out, `,"view":`...)
	out = append(out, body...)
	return append(out, '}'), nil
}

// sameObstacles reports whether a and b hold the same obstacles, field by
// field.
func sameObstacles(a, b []rules.Obstacle) bool {
	return slices.EqualFunc(a, b, sameObstacle)
}

// sameObstacle reports whether x and y are equal in every field (a test
// changes each field in turn).
func sameObstacle(x, y rules.Obstacle) bool {
	return x.ID == y.ID && x.Name == y.Name && x.Class == y.Class && x.Material == y.Material &&
		x.Shape.Kind == y.Shape.Kind && x.Shape.Center == y.Shape.Center && x.Shape.Radius == y.Shape.Radius &&
		slices.Equal(x.Shape.Points, y.Shape.Points) && x.Height == y.Height && x.Base == y.Base &&
		x.BlocksSight == y.BlocksSight && x.BlocksEffect == y.BlocksEffect && x.DE == y.DE && x.Wounds == y.Wounds &&
		x.Destructible == y.Destructible && x.Vaultable == y.Vaultable && x.Walkable == y.Walkable &&
		x.ArrowSlit == y.ArrowSlit && x.Size == y.Size
}

// cloneObstacles returns a copy of obs that shares nothing with it.
func cloneObstacles(obs []rules.Obstacle) []rules.Obstacle {
	out := slices.Clone(obs)
	for i := range out {
		out[i].Shape.Points = slices.Clone(out[i].Shape.Points)
	}
	return out
}

// Submit applies the seat's command with its sequence number seq: it is
// refused, changing nothing, when the match is over, it is not the seat's
// turn, seq is not the number of the seat's commands applied so far, it
// names a unit of the other side or the rules refuse it. Otherwise it is
// committed to the store, then applied, and every seat of the match is
// told what its side witnessed.
func (s *Seat) Submit(ctx context.Context, seq int, spec rules.CommandSpec) error {
	g := s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	began := time.Now()
	st := g.m.State()
	switch want := g.seqs[s.side]; {
	case g.dead:
		return refuse(CodeStale, "the match must be reloaded: connect again")
	case g.result() != nil:
		return refuse(CodeOver, "the match is over")
	case seq < want:
		return refuse(CodeReplayed, "command %d of this seat was applied already (the next is %d)", seq, want)
	case seq > want:
		return refuse(CodeSequence, "command %d of this seat: the next is %d", seq, want)
	case st.Side != s.side:
		return refuse(CodeOutOfTurn, "it is %s's turn", sideName(st.Side))
	}
	if r := unseenRefusal(g.m, s.side, spec); r != nil {
		return r
	}
	cmd, err := spec.Command(st)
	if err != nil {
		return refuse(CodeIllegal, "%v", err)
	}
	b, err := json.Marshal(rules.SpecOf(cmd))
	if err != nil {
		return err
	}
	// Applied here, then committed: a failed commit drops the served
	// match, which the next Join rebuilds from the store as it was.
	res, err := g.m.Apply(cmd)
	if err != nil {
		return refuse(CodeIllegal, "%v", err)
	}
	idx := len(g.m.Log()) - 1
	after := g.rec
	after.Commands, after.Turn, after.ToMove = idx+1, g.m.State().Turn, sideName(g.m.State().Side)
	if r := g.result(); r != nil {
		after.Winner, after.End = r.Winner, r.End
	}
	// The commit goes on when the connection that sent the command drops
	// meanwhile: the command is then stored, or not, and nothing between.
	if err := s.h.store.Append(context.WithoutCancel(ctx), StoredCommand{Index: idx, Side: int(s.side), Seq: seq, Spec: string(b)}, after); err != nil {
		s.h.forget(g) // the served match is ahead of the store: rebuild it from there
		if errors.Is(err, ErrConflict) {
			return refuse(CodeStale, "another server applied a command first: send again on the new view")
		}
		return err
	}
	g.rec = after
	g.seqs[s.side]++
	for side := range g.seats {
		evs := witnessed(rules.Side(side), res)
		for st := range g.seats[side] {
			if len(evs) > 0 || st == s {
				st.send(Message{V: Version, Type: TypeEvents, Seq: g.seqs[side], Events: evs, Ack: st == s})
			}
			st.sendView(st == s) // the giver always learns its new sequence
		}
	}
	if s.h.Timing != nil {
		s.h.Timing(time.Since(began))
	}
	return nil
}

// forget drops a served match, so the next Join rebuilds it from the
// store; its seats are told to connect again. The match's lock is held.
func (h *Host) forget(g *game) {
	g.dead = true
	h.mu.Lock()
	if h.games[g.rec.ID] == g {
		delete(h.games, g.rec.ID)
	}
	h.mu.Unlock()
	for side := range g.seats {
		for st := range g.seats[side] {
			st.send(Message{V: Version, Type: TypeError, Code: CodeStale, Error: "the match must be reloaded: connect again"})
		}
	}
}

// Replay returns the replay of a finished match (a Refusal with CodeOver
// while it is played: a replay would show both sides).
func (h *Host) Replay(ctx context.Context, id string) (*match.Replay, error) {
	g, err := h.game(ctx, id)
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.result() == nil {
		return nil, refuse(CodeOver, "match %s is not over: its replay is served once it ends", id)
	}
	lv := g.lv
	ref := match.LevelRef{Name: lv.Name, File: lv.File, Path: lv.Path}
	for _, src := range lv.Sources {
		ref.Sources = append(ref.Sources, match.Source(src))
	}
	return g.m.Record(ref, [2]string{"online", "online"}), nil
}

// ReplayFor returns the replay of finished match id for the holder of
// one of its tokens: a seat's or its spectator link's. Any other token,
// or none, is refused with CodeToken, whether the match exists or not;
// while the match is played, a Refusal with CodeOver.
func (h *Host) ReplayFor(ctx context.Context, id, token string) (*match.Replay, error) {
	sr, err := h.store.Seat(ctx, TokenHash(token))
	if errors.Is(err, ErrNotFound) || err == nil && sr.Match != id {
		return nil, refuse(CodeToken, "match %s has no seat or spectator link with this token", clip(id))
	}
	if err != nil {
		return nil, err
	}
	return h.Replay(ctx, id)
}

// Status is a match as a seat's owner sees it in a list.
type Status struct {
	Match  string `json:"match"`
	Side   string `json:"side"` // "blue", "red" or "spectator"
	Level  string `json:"level"`
	Turn   int    `json:"turn"`
	ToMove string `json:"toMove"`
	Turns  int    `json:"turns"`
	Winner string `json:"winner,omitempty"`
}

// Status returns the status of the match of the seat with the given token.
func (h *Host) Status(ctx context.Context, token string) (Status, error) {
	sr, err := h.store.Seat(ctx, TokenHash(token))
	if errors.Is(err, ErrNotFound) {
		return Status{}, refuse(CodeToken, "no seat has this token")
	}
	if err != nil {
		return Status{}, err
	}
	m, err := h.store.Match(ctx, sr.Match)
	if err != nil {
		return Status{}, err
	}
	st := Status{Match: m.ID, Side: sideName(rules.Side(sr.Side)), Level: m.Level, Turn: m.Turn, ToMove: m.ToMove, Turns: m.TurnLimit, Winner: m.Winner}
	if sr.Side >= SpectatorAtEnd {
		st.Side = "spectator"
		if sr.Side == SpectatorAtEnd && m.Winner == "" {
			st.Turn, st.ToMove = 0, "" // nothing of a match in progress
		}
	}
	return st, nil
}

// Spectate returns the replay of match id for the holder of its
// spectator token once the match is over; while it is played, a Refusal
// with CodeOver.
func (h *Host) Spectate(ctx context.Context, id, token string) (*match.Replay, error) {
	sr, err := h.store.Seat(ctx, TokenHash(token))
	if errors.Is(err, ErrNotFound) || err == nil && (sr.Match != id || sr.Side < SpectatorAtEnd) {
		return nil, refuse(CodeToken, "match %s has no spectator link with this token", clip(id))
	}
	if err != nil {
		return nil, err
	}
	return h.Replay(ctx, id)
}
