package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"slices"
)

// Hash returns a digest of everything the rules hold about the battle
// (turn, side, tiles, obstacles, units and their statuses, covering-fire
// tallies), as 64 hex digits. Two states that play on identically have
// the same hash; replays compare it turn by turn to catch a divergence.
//
// The bytes hashed are the JSON of one struct with those fields in that
// order; the tiles' and the obstacles' parts are spliced in from the
// board's cache of their encodings (tilesJSON, obstaclesJSON), which
// gives the same bytes.
func (s *State) Hash() string {
	head := struct {
		Turn int
		Side Side
	}{s.Turn, s.Side}
	tail := struct {
		Units    []*Unit
		ZoneHits []zoneHit
		// Only battles with objectives hash them, so the hashes of
		// those without stay as they were.
		Objectives []Objective `json:",omitempty"`
		Progress   []int       `json:",omitempty"`
	}{s.Units, s.zoneHits, s.Objectives, s.objectiveProgress}
	h, err := json.Marshal(head)
	if err != nil { // plain data: cannot happen
		panic("rules: hash: " + err.Error())
	}
	t, err := json.Marshal(tail)
	if err != nil { // plain data: cannot happen
		panic("rules: hash: " + err.Error())
	}
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

// obstacleJSON is one obstacle's encoding and a copy of the obstacle it
// was made from (its points copied too); enc nil for none.
type obstacleJSON struct {
	of  Obstacle
	enc []byte
}

// obstaclesJSON writes the JSON of b.Obstacles to w (a digest, which
// never fails to write), as json.Marshal would. Each obstacle's encoding
// is kept, in board order, with a copy of the obstacle, and used again
// while the obstacle still equals the copy (sameObstacle): an obstacle
// changes only when it is wounded, and obstacles come and go seldom, so a
// turn's digest encodes few of them. The kept encodings follow the board
// past removals: where the next kept one differs, the few after it (as
// many as the kept list holds more than the board) are tried before
// encoding anew, so a razed obstacle costs no encoding of those after it.
func (b *Board) obstaclesJSON(w io.Writer) {
	if b.Obstacles == nil {
		io.WriteString(w, "null")
		return
	}
	b.indexMu.Lock()
	defer b.indexMu.Unlock()
	c := b.hashObstacles // read at j, written at i <= j
	j := 0
	io.WriteString(w, "[")
	for i, o := range b.Obstacles {
		if i > 0 {
			io.WriteString(w, ",")
		}
		if o == nil {
			io.WriteString(w, "null")
			c = keepJSON(c, i, obstacleJSON{}) // matches no obstacle
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
			w.Write(c[i].enc)
			continue
		}
		enc, err := json.Marshal(o)
		if err != nil { // plain data: cannot happen
			panic("rules: hash: " + err.Error())
		}
		e := obstacleJSON{of: *o, enc: enc}
		if o.Shape.Points != nil {
			e.of.Shape.Points = append(make([]Vec, 0, len(o.Shape.Points)), o.Shape.Points...)
		}
		c = keepJSON(c, i, e)
		j = max(j, i) + 1
		w.Write(enc)
	}
	b.hashObstacles = c[:len(b.Obstacles)]
	io.WriteString(w, "]")
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
// would. The encoding is kept with a copy of the tiles and used again
// while the tiles equal the copy: floors never change in a battle.
func (b *Board) tilesJSON(w io.Writer) {
	b.indexMu.Lock()
	defer b.indexMu.Unlock()
	if b.hashTilesJSON == nil || (b.Tiles == nil) != (b.hashTiles == nil) || !slices.Equal(b.Tiles, b.hashTiles) {
		enc, err := json.Marshal(b.Tiles)
		if err != nil { // plain data: cannot happen
			panic("rules: hash: " + err.Error())
		}
		b.hashTilesJSON, b.hashTiles = enc, nil
		if b.Tiles != nil {
			b.hashTiles = append(make([]Tile, 0, len(b.Tiles)), b.Tiles...)
		}
	}
	w.Write(b.hashTilesJSON)
}
