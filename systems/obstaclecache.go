package systems

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// obstacleCacheSize is how many obstacle layers an ObstacleCache keeps,
// and obstacleCacheMaxPixels the largest it keeps (32 MB: every shipped
// map but the largest, at twice its resolution): a phone's browser holds
// them besides the battle's own images.
const (
	obstacleCacheSize      = 2
	obstacleCacheMaxPixels = 1 << 23
)

// ObstacleCache keeps the obstacle layers battles drew first, by what
// they show, so that a later battle on the same map takes its first
// layer from here instead of drawing it again: under a software renderer
// a map's layer at twice its resolution costs seconds, and every new
// battle, replay or reload starts with one. It keeps the last few
// (obstacleCacheSize), none larger than obstacleCacheMaxPixels; an image
// a layer still shows is freed only when that layer lets it go. The zero
// value is ready to use; one cache serves one graphics context and one
// goroutine.
type ObstacleCache struct {
	entries []*cachedLayer // the most recently used last
}

// cachedLayer is one kept obstacle image and how many layers show it.
type cachedLayer struct {
	key     uint64
	img     *ebiten.Image
	scale   float64
	users   int
	evicted bool
}

// get returns the kept layer of key and counts a user of it, or nil.
func (c *ObstacleCache) get(key uint64) *cachedLayer {
	for i, e := range c.entries {
		if e.key == key {
			copy(c.entries[i:], c.entries[i+1:])
			c.entries[len(c.entries)-1] = e
			e.users++
			return e
		}
	}
	return nil
}

// put keeps img, drawn at scale, as the layer of key, used by one layer
// (the caller), and lets the least recently used go beyond the cache's
// size; it returns nil, keeping nothing, when img is too large to keep.
func (c *ObstacleCache) put(key uint64, img *ebiten.Image, scale float64) *cachedLayer {
	if b := img.Bounds(); b.Dx()*b.Dy() > obstacleCacheMaxPixels {
		return nil
	}
	e := &cachedLayer{key: key, img: img, scale: scale, users: 1}
	c.entries = append(c.entries, e)
	for len(c.entries) > obstacleCacheSize {
		old := c.entries[0]
		c.entries = append(c.entries[:0], c.entries[1:]...)
		old.evicted = true
		old.free()
	}
	return e
}

// done counts one user less of e, and frees its image when e has left
// the cache and nobody shows it.
func (e *cachedLayer) done() {
	e.users--
	e.free()
}

// free deallocates e's image once it is out of the cache and unused.
func (e *cachedLayer) free() {
	if e.evicted && e.users <= 0 && e.img != nil {
		e.img.Deallocate()
		e.img = nil
	}
}

// Release frees the kept images no layer shows; those still shown are
// freed when their layers let them go.
func (c *ObstacleCache) Release() {
	for _, e := range c.entries {
		e.evicted = true
		e.free()
	}
	c.entries = nil
}

// obstacleKey digests everything the obstacle layer's picture of obs on
// b depends on: the board's size, and each obstacle's identity, look,
// height, damage and shape.
func obstacleKey(b *rules.Board, obs []*rules.Obstacle) uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) {
		h ^= v
		h *= 1099511628211
	}
	mixInt := func(v int) { mix(uint64(int64(v))) }
	mixFloat := func(f float64) { mix(math.Float64bits(f)) }
	mixBool := func(v bool) {
		if v {
			mix(1)
		} else {
			mix(2)
		}
	}
	mixInt(b.Width)
	mixInt(b.Height)
	mixInt(b.TileSize)
	mixInt(len(obs))
	for _, o := range obs {
		mixInt(o.ID)
		for _, r := range o.Material {
			mixInt(int(r))
		}
		mixInt(-1)
		mixInt(o.Height)
		mixInt(o.Wounds)
		mixBool(o.BlocksSight)
		mixBool(o.BlocksEffect)
		mixBool(o.ArrowSlit)
		mixInt(int(o.Shape.Kind))
		mixFloat(o.Shape.Center.X)
		mixFloat(o.Shape.Center.Y)
		mixFloat(o.Shape.Radius)
		mixInt(len(o.Shape.Points))
		for _, p := range o.Shape.Points {
			mixFloat(p.X)
			mixFloat(p.Y)
		}
	}
	return h
}
