package rules

// digestMark is what the board had heard of changes when a digest's sum
// was made: its version (obstacles added or removed, floors set), its
// obstacles changed in place (NoteObstacleChanged) and its list of
// obstacles (length and first element); ok false for none.
type digestMark struct {
	version, edits, n int
	first             *Obstacle
	ok                bool
}

// mark returns the board's digestMark now, under indexMu.
func (b *Board) mark() digestMark {
	m := digestMark{version: b.version, edits: b.hashEdits, n: len(b.Obstacles), ok: true}
	if m.n > 0 {
		m.first = b.Obstacles[0]
	}
	return m
}

// trusted reports, under indexMu, whether the board trusts its digests'
// sums made at m: in the trusted mode, while it has heard of no change.
func (b *Board) trusted(m digestMark) bool {
	return b.hashTrust && m.ok && m == b.mark()
}

// SetDigestTrust turns the digests' trusted mode on or off. By default
// Hash compares every obstacle and tile with the copy its kept sum was
// made from, so it sees any change, however made; on a 256×256 map that
// is 13 000 obstacles read at every turn's digest, most of a long
// re-play's digests. In the trusted mode it takes the tiles' and the
// obstacles' sums as they stand while the board has heard of no change:
// no obstacle added or removed, no floor set (Version), and no obstacle
// changed in place by the rules (their damage calls NoteObstacleChanged).
// The units are always compared. Only a re-play turns it on (match's
// Playback), where the match's Apply alone changes the state;
// TestDigestTrustFollowsCommands checks that every digest of random
// battles with cover shot and razed equals the one made anew.
func (b *Board) SetDigestTrust(on bool) {
	b.indexMu.Lock()
	b.hashTrust = on
	b.indexMu.Unlock()
}

// NoteObstacleChanged tells the board that one of its obstacles changed in
// place (a wound), so that a digest in the trusted mode compares them
// again (SetDigestTrust).
func (b *Board) NoteObstacleChanged() {
	b.indexMu.Lock()
	b.hashEdits++
	b.indexMu.Unlock()
}
