package rules

// look is what a glimpse (CanSeeUnseen) reads of a unit: its space, its
// stance and its lean. Units never block lines of sight, so the answer for
// two looks on one board does not depend on any other unit.
type look struct {
	Pos, Peek Point
	Size      int
	Stance    Stance
	Lean      Lean
}

// lookOf returns u's look.
func lookOf(u *Unit) look {
	return look{Pos: u.Pos, Peek: u.Status.PeekTile, Size: u.Size, Stance: u.Stance, Lean: u.Status.Lean}
}

// glimpseKey names one glimpse: the looker's look and the target's.
type glimpseKey struct{ A, T look }

// glimpseMemoMax bounds the glimpses a board keeps; past it they are
// dropped and asked again.
const glimpseMemoMax = 1 << 14

// glimpseMemo returns the kept answer to glimpse k on b, if any. Answers
// are kept, as contactMemo's, for one version of the board with one number
// of obstacles, under indexMu.
func (b *Board) glimpseMemo(k glimpseKey) (seen, ok bool) {
	return memoGet(b, &b.glimpses, k)
}

// keepGlimpse keeps answer seen to glimpse k on b, asked at the version
// and number of obstacles given.
func (b *Board) keepGlimpse(k glimpseKey, seen bool, version, n int) {
	memoKeep(b, &b.glimpses, k, seen, version, n, glimpseMemoMax)
}

// Glimpses keeps CanSeeUnseen's answers by pair of units, and
// GlimpsesOnlyLeaners' by unit, for a reader that asks the same pairs
// after every command (the fog of war): an answer stands while the units
// keep their looks and the board its version and number of obstacles, as
// the board's own memo has it, or while every change of the board since
// is an obstacle razed outside the box of what the answer reads (lookBox,
// removedAway); it is found without the board's lock and map. The zero
// value is empty; it is for one goroutine.
type Glimpses struct {
	n     int // units 1..n have slots
	slots []glimpseSlot
	quiet []quietSlot // by unit ID-1
}

// glimpseSlot is the last glimpse asked of one pair of units.
type glimpseSlot struct {
	k          glimpseKey
	version, m int // the board's version and number of obstacles then
	asked      bool
	seen       bool
}

// quietSlot is the last GlimpsesOnlyLeaners asked of one unit.
type quietSlot struct {
	l          look
	version, m int
	asked      bool
	quiet      bool
}

// stands reports whether an answer about looks ls, read from their box
// (lookBox) of board b at the given version and number of obstacles,
// still holds, and if so moves its version and number to the board's.
func stands(b *Board, version, m *int, ls ...look) bool {
	if *version == b.version && *m == len(b.Obstacles) {
		return true
	}
	d := b.version - *version
	if d <= 0 || *m-d != len(b.Obstacles) {
		return false
	}
	if lo, hi := lookBox(b.TileSize, ls...); !b.removedAway(*version, lo, hi) {
		return false
	}
	*version, *m = b.version, len(b.Obstacles)
	return true
}

// size makes room for the units of s, dropping every answer when their
// number changed.
func (g *Glimpses) size(s *State) {
	if n := len(s.Units); n != g.n {
		g.n, g.slots, g.quiet = n, make([]glimpseSlot, n*n), make([]quietSlot, n)
	}
}

// CanSeeUnseen is s.CanSeeUnseen(a, t), kept by the two units' IDs.
func (g *Glimpses) CanSeeUnseen(s *State, a, t *Unit) bool {
	n := len(s.Units)
	if a.ID < 1 || t.ID < 1 || a.ID > n || t.ID > n {
		return s.CanSeeUnseen(a, t)
	}
	g.size(s)
	k := glimpseKey{lookOf(a), lookOf(t)}
	e := &g.slots[(a.ID-1)*n+t.ID-1]
	b := s.Board
	if e.asked && e.k == k && stands(b, &e.version, &e.m, k.A, k.T) {
		return e.seen
	}
	version, m := b.version, len(b.Obstacles)
	seen := s.CanSeeUnseen(a, t)
	*e = glimpseSlot{k: k, version: version, m: m, asked: true, seen: seen}
	return seen
}

// OnlyLeaners is s.GlimpsesOnlyLeaners(a), kept by a's ID.
func (g *Glimpses) OnlyLeaners(s *State, a *Unit) bool {
	if a.ID < 1 || a.ID > len(s.Units) {
		return s.GlimpsesOnlyLeaners(a)
	}
	g.size(s)
	l := lookOf(a)
	e := &g.quiet[a.ID-1]
	b := s.Board
	if e.asked && e.l == l && stands(b, &e.version, &e.m, l) {
		return e.quiet
	}
	version, m := b.version, len(b.Obstacles)
	quiet := s.GlimpsesOnlyLeaners(a)
	*e = quietSlot{l: l, version: version, m: m, asked: true, quiet: quiet}
	return quiet
}
