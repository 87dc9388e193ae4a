package rules

// sightingMemoMax bounds the answers of oracleMaySee a board keeps; past
// it they are dropped and asked again.
const sightingMemoMax = 1 << 15

// sightingMemo returns the kept answer of oracleMaySee for the two looks
// of k on b, if any. The answer reads the board (its obstacles, tiles,
// the cover of the looker's area and the tiles it may lean to) and the
// two looks only, never another unit, so a planner asking the enemies'
// shots at the same tiles after every command asks each line once. Kept,
// as contactMemo's, for one version of the board with one number of
// obstacles, under indexMu.
func (b *Board) sightingMemo(k glimpseKey) (seen, ok bool) {
	return memoGet(b, &b.sightings, k)
}

// keepSighting keeps answer seen to k on b, asked at the version and
// number of obstacles given.
func (b *Board) keepSighting(k glimpseKey, seen bool, version, n int) {
	memoKeep(b, &b.sightings, k, seen, version, n, sightingMemoMax)
}
