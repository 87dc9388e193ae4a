package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// Hash returns a digest of everything the rules hold about the battle
// (turn, side, tiles, obstacles, units and their statuses, covering-fire
// tallies), as 64 hex digits. Two states that play on identically have
// the same hash; replays compare it turn by turn to catch a divergence.
func (s *State) Hash() string {
	snap := struct {
		Turn      int
		Side      Side
		Tiles     []Tile
		Obstacles []*Obstacle
		Units     []*Unit
		ZoneHits  []zoneHit
		// Only battles with objectives hash them, so the hashes of
		// those without stay as they were.
		Objectives []Objective `json:",omitempty"`
		Progress   []int       `json:",omitempty"`
	}{s.Turn, s.Side, s.Board.Tiles, s.Board.Obstacles, s.Units, s.zoneHits, s.Objectives, s.objectiveProgress}
	b, err := json.Marshal(snap)
	if err != nil { // plain data: cannot happen
		panic("rules: hash: " + err.Error())
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
