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
	b.indexMu.Lock()
	defer b.indexMu.Unlock()
	return b.glimpses.get(k, b.version, len(b.Obstacles))
}

// keepGlimpse keeps answer seen to glimpse k on b, asked at the version
// and number of obstacles given.
func (b *Board) keepGlimpse(k glimpseKey, seen bool, version, n int) {
	b.indexMu.Lock()
	defer b.indexMu.Unlock()
	b.glimpses.keep(k, seen, version, n, b.version, len(b.Obstacles), glimpseMemoMax)
}
