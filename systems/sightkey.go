package systems

import "sightline/rules"

// boardKey identifies everything the sight and cover answers of a state
// depend on: the board's obstacles and tiles (Board.Version), the side to
// move and turn, and every unit's place, body and status. The caches of
// SightView and Fog recompute only when it changes.
type boardKey struct {
	board, turn int
	side        rules.Side
	units       uint64
}

// keyOf returns the state's boardKey. It walks the units once (no
// allocation), which is cheap enough to do every frame.
func keyOf(s *rules.State) boardKey {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	mix := func(v int) {
		h ^= uint64(v)
		h *= prime
	}
	for _, u := range s.Units {
		alive := 0
		if u.Alive() {
			alive = 1
		}
		mix(u.ID)
		mix(u.Pos.X)
		mix(u.Pos.Y)
		mix(u.Size)
		mix(int(u.Stance))
		mix(int(u.Side))
		mix(alive)
		mix(u.AP)
		mix(u.HP)
		st := u.Status
		mix(int(st.Lean))
		mix(st.PeekTile.X)
		mix(st.PeekTile.Y)
		mix(boolInt(st.TakingCover) | boolInt(st.Peeked)<<1 | boolInt(st.Aiming)<<2 | boolInt(st.Charged)<<3 | boolInt(st.Moved)<<4 | boolInt(st.Revealed)<<5)
	}
	return boardKey{board: s.Board.Version(), turn: s.Turn, side: s.Side, units: h}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
