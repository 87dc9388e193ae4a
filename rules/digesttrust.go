package rules

import (
	"crypto/sha256"
	"slices"
)

// digestMark is what the board had heard of changes when the obstacles'
// sums were last made: its version (obstacles added or removed, floors
// set), its obstacles changed in place (NoteObstacleChanged), how many
// times the kept encodings were followed (followObstacles) and its
// obstacles (their number and the first); ok false for none.
type digestMark struct {
	version, edits, follows, n int
	first                      *Obstacle
	ok                         bool
}

// mark returns the board's digestMark now, under indexMu.
func (b *Board) mark() digestMark {
	m := digestMark{version: b.version, edits: b.hashEdits, follows: b.hashFollows, n: len(b.Obstacles), ok: true}
	if m.n > 0 {
		m.first = b.Obstacles[0]
	}
	return m
}

// SetDigestTrust turns the digests' trusted mode on or off. By default
// Hash compares every obstacle and tile with the copy its kept sum was
// made from, so it sees any change, however made; on a 256×256 map that
// is 13 000 obstacles read at every turn's digest, most of a long
// re-play's digests. In the trusted mode it takes the board's word: the
// tiles' sum stands while no floor was set (SetTile, Invalidate, Restore),
// and the obstacles' sums while the board heard of no change, or are
// brought up to date with the changes it heard of (obstaclesTrusted):
// obstacles removed (RemoveObstacle notes each) and obstacles changed in
// place (the rules' damage calls NoteObstacleChanged). Anything else (an
// obstacle added, Invalidate) makes it compare them all again. The units
// are always compared. Only a re-play turns it on (match's Playback),
// where the match's Apply alone changes the state;
// TestDigestTrustFollowsCommands checks that every digest of random
// battles with cover wounded and razed equals the one made anew.
func (b *Board) SetDigestTrust(on bool) {
	b.indexMu.Lock()
	b.hashTrust = on
	b.hashNoted = b.hashNoted[:0]
	b.hashMark, b.hashTilesAt = digestMark{}, -1
	b.indexMu.Unlock()
}

// NoteObstacleChanged tells the board that its obstacle o changed in place
// (a wound), for the digests' trusted mode (SetDigestTrust).
func (b *Board) NoteObstacleChanged(o *Obstacle) {
	b.indexMu.Lock()
	b.hashEdits++
	if b.hashTrust {
		b.hashNoted = append(b.hashNoted, o)
	}
	b.indexMu.Unlock()
}

// tilesTrusted reports, under indexMu, whether the tiles' kept sum stands
// in the trusted mode: no floor set since it was made.
func (b *Board) tilesTrusted() bool {
	return b.hashTrust && b.hashTilesAt == b.tileVersion && b.hashTilesJSON != nil && len(b.hashTiles) == len(b.Tiles)
}

// obstaclesTrusted brings the obstacles' kept sums and blocks up to date,
// in the trusted mode, from the changes the board heard of since they were
// made: the places removed (in order, each as of the list after the ones
// before) and the obstacles noted changed in place, encoded anew. It
// reports false, changing nothing, when it cannot (not trusted, another
// change, the kept encodings followed since by HashFormat1): the caller
// then compares every obstacle. Under indexMu.
func (b *Board) obstaclesTrusted() bool {
	m := b.hashMark
	if !b.hashTrust || !m.ok || b.hashEdits-m.edits != len(b.hashNoted) || b.hashFollows != m.follows {
		return false
	}
	if m == b.mark() {
		return true // nothing changed
	}
	removed, ok := b.removedSince(m.version)
	if !ok || len(b.Obstacles) != m.n-len(removed) || len(b.hashObstacles) != m.n || len(b.hashLeaves) != m.n {
		return false
	}
	c, leaves := b.hashObstacles, b.hashLeaves
	from := len(b.Obstacles) // the first place whose sum moved
	for _, r := range removed {
		c = slices.Delete(c, r.place, r.place+1)
		leaves = slices.Delete(leaves, r.place, r.place+1)
		from = min(from, r.place)
	}
	var blocks []int // blocks holding an obstacle changed in place
	for _, o := range b.hashNoted {
		i := slices.Index(b.Obstacles, o)
		if i < 0 {
			continue // razed since
		}
		e := encodeObstacle(o)
		c[i], leaves[i] = e, e.sum
		blocks = append(blocks, i/hashBlock)
	}
	b.hashObstacles, b.hashLeaves, b.hashNoted = c, leaves, b.hashNoted[:0]
	n := len(c)
	b.hashBlocks = b.hashBlocks[:(n+hashBlock-1)/hashBlock]
	for k := from / hashBlock; k*hashBlock < n; k++ {
		blocks = append(blocks, k)
	}
	d := sha256.New()
	for _, k := range blocks {
		d.Reset()
		for _, sum := range leaves[k*hashBlock : min(n, (k+1)*hashBlock)] {
			d.Write(sum[:])
		}
		d.Sum(b.hashBlocks[k][:0])
	}
	b.hashObstaclesSum = b.blocksDigest(n)
	b.hashMark = b.mark()
	return true
}
