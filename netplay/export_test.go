package netplay

import (
	"crypto/rand"
	"encoding/binary"
	"io"
	"sync"
)

// SetRandom makes h draw its seeds, IDs and tokens from r: a benchmark
// replays one match exactly.
func SetRandom(h *Host, r io.Reader) { h.random = r }

// SameSeed makes every match h creates draw the given seed, and its IDs
// and tokens from crypto/rand: a benchmark plays one recorded match in
// many at once. It knows the order in which CreateMatch draws (the seed,
// then the match ID and the three tokens), so a benchmark using it checks
// that every match ended as the recorded one did.
func SameSeed(h *Host, seed uint64) { h.random = &seedReader{seed: seed} }

// seedReader serves the first of each five reads the seed, the others
// random bytes.
type seedReader struct {
	mu    sync.Mutex
	seed  uint64
	reads int
}

// Read implements io.Reader.
func (r *seedReader) Read(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	k := r.reads % 5
	r.reads++
	if k != 0 {
		return io.ReadFull(rand.Reader, p)
	}
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], r.seed)
	return copy(p, b[:]), nil
}

// SeatsJoined returns how many seats are joined in the matches h serves.
func SeatsJoined(h *Host) int {
	h.mu.Lock()
	games := make([]*game, 0, len(h.games))
	for _, g := range h.games {
		games = append(games, g)
	}
	h.mu.Unlock()
	n := 0
	for _, g := range games {
		g.mu.Lock()
		n += len(g.seats[0]) + len(g.seats[1])
		g.mu.Unlock()
	}
	return n
}
