package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"slices"
)

// HashFormat1 returns the digest replay files of format 1 hold (written
// by builds before digest format 2): the SHA-256 of the JSON of one struct
// holding the turn, the side, the tiles, the obstacles, the units, the
// zone hits and the objectives with their progress, in that order, as 64
// hex digits. Its cost grows with the board (6 MB hashed a turn on a
// 256×256 map): Hash is the digest files are written with now.
//
// The tiles' and the obstacles' parts are spliced in from the board's
// cache of their encodings (tilesJSON, obstaclesJSON), which gives the
// same bytes.
func (s *State) HashFormat1() string {
	h, t := s.hashHeadTail()
	d := sha256.New()
	d.Write(h[:len(h)-1]) // without its closing brace
	io.WriteString(d, `,"Tiles":`)
	s.Board.tilesJSON(d)
	io.WriteString(d, `,"Obstacles":`)
	s.Board.obstaclesJSON(d)
	d.Write([]byte{','})
	d.Write(t[1:]) // without its opening brace
	return hex.EncodeToString(d.Sum(nil))
}

// hashHeadTail returns the JSON of the state's parts both digests hash
// whole: the head (turn and side) and the tail (units, zone hits and,
// in battles with objectives, the objectives and their progress).
func (s *State) hashHeadTail() (head, tail []byte) {
	h := struct {
		Turn int
		Side Side
	}{s.Turn, s.Side}
	t := struct {
		Units    []*Unit
		ZoneHits []zoneHit
		// Only battles with objectives hash them, so the hashes of
		// those without stay as they were.
		Objectives []Objective `json:",omitempty"`
		Progress   []int       `json:",omitempty"`
	}{s.Units, s.zoneHits, s.Objectives, s.objectiveProgress}
	head, err := json.Marshal(h)
	if err != nil { // plain data: cannot happen
		panic("rules: hash: " + err.Error())
	}
	tail, err = json.Marshal(t)
	if err != nil { // plain data: cannot happen
		panic("rules: hash: " + err.Error())
	}
	return head, tail
}

// obstacleJSON is one obstacle's encoding, its SHA-256 and a copy of the
// obstacle it was made from (its points copied too); enc nil for a nil
// obstacle, whose sum is that of "null".
type obstacleJSON struct {
	of  Obstacle
	enc []byte
	sum [sha256.Size]byte
}

// nullSum is the SHA-256 of "null", the encoding of a nil obstacle.
var nullSum = sha256.Sum256([]byte("null"))

// obstaclesJSON writes the JSON of b.Obstacles to w (a digest, which
// never fails to write), as json.Marshal would, from the encodings
// followObstacles keeps.
func (b *Board) obstaclesJSON(w io.Writer) {
	if b.Obstacles == nil {
		io.WriteString(w, "null")
		return
	}
	b.indexMu.Lock()
	defer b.indexMu.Unlock()
	io.WriteString(w, "[")
	for i, e := range b.followObstacles() {
		if i > 0 {
			io.WriteString(w, ",")
		}
		if e.enc == nil {
			io.WriteString(w, "null")
			continue
		}
		w.Write(e.enc)
	}
	io.WriteString(w, "]")
}

// followObstacles returns each obstacle's encoding, in board order, under
// indexMu. Each is kept with a copy of the obstacle and used again while
// the obstacle still equals the copy (sameObstacle): an obstacle changes
// only when it is wounded, and obstacles come and go seldom, so a turn's
// digest encodes few of them. The kept encodings follow the board past
// removals: where the next kept one differs, the few after it (as many as
// the kept list holds more than the board) are tried before encoding anew,
// so a razed obstacle costs no encoding of those after it.
func (b *Board) followObstacles() []obstacleJSON {
	c := b.hashObstacles // read at j, written at i <= j
	j := 0
	for i, o := range b.Obstacles {
		if o == nil {
			c = keepJSON(c, i, obstacleJSON{sum: nullSum}) // matches no obstacle
			j = max(j, i) + 1
			continue
		}
		k := j
		for surplus := (len(c) - j) - (len(b.Obstacles) - i); k < len(c) && !(c[k].enc != nil && sameObstacle(&c[k].of, o)); k++ {
			if k-j >= surplus {
				k = len(c) // not a removal: encoded anew
			}
		}
		if k < len(c) {
			c[i], j = c[k], k+1
			continue
		}
		enc, err := json.Marshal(o)
		if err != nil { // plain data: cannot happen
			panic("rules: hash: " + err.Error())
		}
		e := obstacleJSON{of: *o, enc: enc, sum: sha256.Sum256(enc)}
		if o.Shape.Points != nil {
			e.of.Shape.Points = append(make([]Vec, 0, len(o.Shape.Points)), o.Shape.Points...)
		}
		c = keepJSON(c, i, e)
		j = max(j, i) + 1
	}
	b.hashObstacles = c[:len(b.Obstacles)]
	return b.hashObstacles
}

// keepJSON sets c[i] to e, appending when c ends at i.
func keepJSON(c []obstacleJSON, i int, e obstacleJSON) []obstacleJSON {
	if i < len(c) {
		c[i] = e
		return c
	}
	return append(c, e)
}

// sameObstacle reports whether a and b hold the same values in every
// field (TestSameObstacleComparesEveryField keeps it in step with
// Obstacle's fields).
func sameObstacle(a, b *Obstacle) bool {
	if a.ID != b.ID || a.Name != b.Name || a.Class != b.Class || a.Material != b.Material ||
		a.Height != b.Height || a.Base != b.Base || a.BlocksSight != b.BlocksSight ||
		a.BlocksEffect != b.BlocksEffect || a.DE != b.DE || a.Wounds != b.Wounds ||
		a.Destructible != b.Destructible || a.Vaultable != b.Vaultable || a.Walkable != b.Walkable ||
		a.ArrowSlit != b.ArrowSlit || a.Size != b.Size {
		return false
	}
	as, bs := a.Shape, b.Shape
	if as.Kind != bs.Kind || as.Center != bs.Center || as.Radius != bs.Radius || len(as.Points) != len(bs.Points) ||
		(as.Points == nil) != (bs.Points == nil) {
		return false
	}
	for i, p := range as.Points {
		if p != bs.Points[i] {
			return false
		}
	}
	return true
}

// tilesJSON writes the JSON of b.Tiles to w (a digest), as json.Marshal
// would, from the encoding keepTiles keeps.
func (b *Board) tilesJSON(w io.Writer) {
	b.indexMu.Lock()
	defer b.indexMu.Unlock()
	b.keepTiles()
	w.Write(b.hashTilesJSON)
}

// keepTiles makes hashTilesJSON the JSON of b.Tiles and hashTilesSum its
// SHA-256, under indexMu. The encoding is kept with a copy of the tiles
// and made again only when the tiles differ from the copy: floors never
// change in a battle.
func (b *Board) keepTiles() {
	if b.hashTilesJSON == nil || (b.Tiles == nil) != (b.hashTiles == nil) || !slices.Equal(b.Tiles, b.hashTiles) {
		enc, err := json.Marshal(b.Tiles)
		if err != nil { // plain data: cannot happen
			panic("rules: hash: " + err.Error())
		}
		b.hashTilesJSON, b.hashTilesSum, b.hashTiles = enc, sha256.Sum256(enc), nil
		if b.Tiles != nil {
			b.hashTiles = append(make([]Tile, 0, len(b.Tiles)), b.Tiles...)
		}
	}
}
