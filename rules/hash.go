package rules

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
)

// hashBlock is how many obstacles' sums one block digest of
// obstaclesDigest covers.
const hashBlock = 64

// Hash returns a digest of everything the rules hold about the battle
// (turn, side, tiles, obstacles, units and their statuses, covering-fire
// tallies, objectives), as 64 hex digits: digest format 2, which replay
// files of format 2 hold. Two states that play on identically have the
// same hash; replays compare it turn by turn to catch a divergence.
//
// It is the SHA-256 of five parts, in this order: the JSON of the turn
// and side ({"Turn":N,"Side":S}), the SHA-256 of the tiles' JSON, the
// obstacles' digest (obstaclesDigest), the units' digest (unitsDigest)
// and the JSON of the zone hits and, in battles with objectives, the
// objectives and their progress ({"ZoneHits":...}). It catches any
// difference in the state: each JSON encodes the values the rules hold
// one to one (nil and empty lists apart), the first part ends at its only
// closing brace and the next three are 32 bytes each, so two states that
// differ anywhere hash different bytes, and SHA-256 makes a collision of
// those out of reach. Unlike HashFormat1 its cost does not grow with the
// board: the tiles' sum is kept while the tiles are unchanged (the whole
// battle), each obstacle's and each unit's while it is.
func (s *State) Hash() string {
	head, rest := s.hashHeadRest()
	b := s.Board
	tiles, obstacles, units := b.tilesDigest(), b.obstaclesDigest(), b.unitsDigest(s.Units)
	d := sha256.New()
	d.Write(head)
	d.Write(tiles[:])
	d.Write(obstacles[:])
	d.Write(units[:])
	d.Write(rest)
	return hex.EncodeToString(d.Sum(nil))
}

// hashHeadRest returns the JSON of the parts Hash hashes whole: the head
// (turn and side) and the rest (zone hits and, in battles with
// objectives, the objectives and their progress).
func (s *State) hashHeadRest() (head, rest []byte) {
	h := struct {
		Turn int
		Side Side
	}{s.Turn, s.Side}
	r := struct {
		ZoneHits   []zoneHit
		Objectives []Objective `json:",omitempty"`
		Progress   []int       `json:",omitempty"`
	}{s.zoneHits, s.Objectives, s.objectiveProgress}
	head, err := json.Marshal(h)
	if err != nil { // plain data: cannot happen
		panic("rules: hash: " + err.Error())
	}
	rest, err = json.Marshal(r)
	if err != nil { // plain data: cannot happen
		panic("rules: hash: " + err.Error())
	}
	return head, rest
}

// unitSum is a unit's SHA-256 of its JSON and a copy of the unit it was
// made from; ok false for none (a nil unit's sum is that of "null").
type unitSum struct {
	of  Unit
	sum [sha256.Size]byte
	ok  bool
}

// unitsDigest returns the digest of units: the SHA-256 of "null" for a
// nil list, else of "[", the number of units as 8 bytes (big-endian) and
// each unit's sum (the SHA-256 of its JSON, of "null" for a nil one) in
// order. Each sum is kept with a copy of the unit, in place, and made
// again when the unit differs from it. The sums are kept on the board,
// under indexMu, as the tiles' and obstacles' are: they are compared, not
// trusted, so any list of units may be asked.
func (b *Board) unitsDigest(units []*Unit) [sha256.Size]byte {
	if units == nil {
		return nullSum
	}
	b.indexMu.Lock()
	defer b.indexMu.Unlock()
	c := b.hashUnits[:min(len(b.hashUnits), len(units))]
	d := sha256.New()
	d.Write(countPrefix(len(units)))
	for i, u := range units {
		if i == len(c) {
			c = append(c, unitSum{})
		}
		switch {
		case u == nil:
			c[i] = unitSum{sum: nullSum}
		case !c[i].ok || c[i].of != *u:
			enc, err := json.Marshal(u)
			if err != nil { // plain data: cannot happen
				panic("rules: hash: " + err.Error())
			}
			c[i] = unitSum{of: *u, sum: sha256.Sum256(enc), ok: true}
		}
		d.Write(c[i].sum[:])
	}
	b.hashUnits = c
	var sum [sha256.Size]byte
	d.Sum(sum[:0])
	return sum
}

// countPrefix returns "[" and n as 8 bytes, big-endian: the head of a
// list's digest.
func countPrefix(n int) []byte {
	return binary.BigEndian.AppendUint64([]byte{'['}, uint64(n))
}

// tilesDigest returns the SHA-256 of the JSON of b.Tiles.
func (b *Board) tilesDigest() [sha256.Size]byte {
	b.indexMu.Lock()
	defer b.indexMu.Unlock()
	if b.trusted(b.hashTilesMark) {
		return b.hashTilesSum
	}
	b.keepTiles()
	b.hashTilesMark = b.mark()
	return b.hashTilesSum
}

// obstaclesDigest returns the digest of b.Obstacles: the SHA-256 of
// "null" for a nil list, else the SHA-256 of "[", the number of
// obstacles n as 8 bytes (big-endian) and, for each block of hashBlock
// obstacles in board order (the last one holding the rest), the SHA-256 of
// their sums one after the other, where an obstacle's sum is the SHA-256
// of its JSON (of "null" for a nil one). n fixes how many blocks there are
// and how many sums each holds, so the list of sums, and with it every
// obstacle's JSON, is told from the digest alone.
//
// The sums are kept by followObstacles, and each block's digest with the
// sums it was made from: a turn hashes again only the blocks whose sums
// changed (a wound, or a removal, which moves those after it) and the
// blocks' digests, 32 bytes a block.
func (b *Board) obstaclesDigest() [sha256.Size]byte {
	if b.Obstacles == nil {
		return nullSum
	}
	b.indexMu.Lock()
	defer b.indexMu.Unlock()
	if b.trusted(b.hashMark) {
		return b.hashObstaclesSum
	}
	c := b.followObstacles()
	n, was := len(c), len(b.hashLeaves)
	blocks := b.hashBlocks[:min(len(b.hashBlocks), (n+hashBlock-1)/hashBlock)]
	d := sha256.New()
	for lo := 0; lo < n; lo += hashBlock {
		hi := min(n, lo+hashBlock)
		k := lo / hashBlock
		same := k < len(blocks) && min(was, lo+hashBlock) == hi
		for i := lo; same && i < hi; i++ {
			same = c[i].sum == b.hashLeaves[i]
		}
		if same {
			continue
		}
		d.Reset()
		for i := lo; i < hi; i++ {
			d.Write(c[i].sum[:])
			if i < len(b.hashLeaves) {
				b.hashLeaves[i] = c[i].sum
			} else {
				b.hashLeaves = append(b.hashLeaves, c[i].sum)
			}
		}
		if k == len(blocks) {
			blocks = append(blocks, [sha256.Size]byte{})
		}
		d.Sum(blocks[k][:0])
	}
	b.hashBlocks, b.hashLeaves = blocks, b.hashLeaves[:n]
	d.Reset()
	d.Write(countPrefix(n))
	for k := range blocks {
		d.Write(blocks[k][:])
	}
	d.Sum(b.hashObstaclesSum[:0])
	b.hashMark = b.mark()
	return b.hashObstaclesSum
}
