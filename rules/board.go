package rules

import (
	"crypto/sha256"
	"sync"

	"sightline/rules/sight"
)

// Tile is one square of the board.
type Tile struct {
	// Floor is the tile's floor elevation in bricks.
	Floor int
	// Cost is the movement cost to enter the tile; 0 means impassable.
	Cost int
}

// Obstacle is a piece of cover or wall on the board.
type Obstacle struct {
	// ID is unique on the board; Tiled object ids are kept when they exist.
	ID int
	// Name is the designer's name for the obstacle, if any.
	Name string
	// Class is the Tiled class (for example "Cover").
	Class string
	// Material names what it is made of (wood, brick, concrete, glass...).
	Material string
	// Shape is the footprint in pixels.
	Shape Shape
	// Height is how tall it stands above its base, in bricks.
	Height int
	// Base is the floor elevation it stands on, in bricks.
	Base int
	// BlocksSight is true when lines of sight cannot pass it.
	BlocksSight bool
	// BlocksEffect is true when lines of effect cannot pass it.
	BlocksEffect bool
	// DE is the cover's defence against penetration (seed 004).
	DE int
	// Wounds is how many wounds the obstacle has taken.
	Wounds int
	// Destructible is true when attacks can destroy it.
	Destructible bool
	// Vaultable is true when units can vault over it.
	Vaultable bool
	// Walkable is true when units walk through it as if it were not there
	// (smoke): it fills no tile.
	Walkable bool `json:",omitempty"`
	// ArrowSlit marks improved cover (seed 002).
	ArrowSlit bool
	// Size is the obstacle's size category.
	Size sight.Size
}

// Board is the static battlefield: tiles and obstacles.
type Board struct {
	// Width and Height are the board's size in tiles.
	Width, Height int
	// TileSize is the side of a tile in pixels.
	TileSize int
	// Tiles holds Width*Height tiles, row by row.
	Tiles []Tile
	// Obstacles holds the standing obstacles in the order they were added.
	Obstacles []*Obstacle

	nextID int
	// version counts changes to obstacles and tiles (Version): caches of
	// what the board looks like compare it to know when they are stale.
	version int
	// tileVersion counts changes to tiles (floors) only.
	tileVersion int
	// index is the lazily built sight geometry of the board (oracle.go),
	// built at tile version indexTiles; indexMu lets readers at once find
	// it built. A Board is not copied by value (clone and assign copy its
	// fields).
	index      *sight.Index
	indexTiles int
	indexMu    sync.Mutex
	// indexShared is set on a copy that borrows the index of the board it
	// was copied from (clone): a change of obstacles drops the index
	// instead of changing it under the other board.
	indexShared bool
	// byID finds a standing obstacle by its ID (AddObstacle and
	// RemoveObstacle keep it).
	byID map[int]*Obstacle
	// geo is the board as the sight geometry sees it; SetTile keeps its
	// floors.
	geo sight.Grid
	// order is obstacleOrder of the board at version orderVersion with
	// orderLen obstacles (nil: not built), under indexMu; orderDup
	// whether two obstacles shared an ID then.
	order        map[int]int
	orderVersion int
	orderLen     int
	orderDup     bool
	// contacts keeps the answers of oracleContact and oracleArea
	// (contactmemo.go), glimpses those of CanSeeUnseen by the two units'
	// looks (glimpsememo.go), sightings those of oracleMaySee
	// (sightingmemo.go), each for one version of the board with one
	// number of obstacles, under indexMu.
	contacts  boardMemo[contactKey, contactAnswer]
	glimpses  boardMemo[glimpseKey, bool]
	sightings boardMemo[glimpseKey, bool]
	// hashObstacles keeps each obstacle's JSON and its SHA-256 for the
	// digests, by place (followObstacles), under indexMu; hashLeaves
	// are the sums hashBlocks, the digests of each hashBlock of them,
	// were made from (obstaclesDigest).
	hashObstacles []obstacleJSON
	hashLeaves    [][sha256.Size]byte
	hashBlocks    [][sha256.Size]byte
	// hashTiles is a copy of the tiles whose JSON is hashTilesJSON and
	// its SHA-256 hashTilesSum (keepTiles), under indexMu.
	hashTiles     []Tile
	hashTilesJSON []byte
	hashTilesSum  [sha256.Size]byte
	// hashUnits keeps each unit's sum for Hash, by place, with a copy of
	// the unit (unitsDigest), under indexMu.
	hashUnits []unitSum
	// hashTrust, hashEdits, hashNoted, hashFollows, hashObstaclesSum,
	// hashMark and hashTilesAt are Hash's trusted mode (SetDigestTrust,
	// digesttrust.go), under indexMu.
	hashTrust        bool
	hashEdits        int
	hashNoted        []*Obstacle
	hashFollows      int
	hashObstaclesSum [sha256.Size]byte
	hashMark         digestMark
	hashTilesAt      int
	// removals notes the last obstacles RemoveObstacle took off
	// (removals.go), for answers kept across a removal far from them.
	removals []removal
}

// places returns the places of b's obstacles by ID: obstacleOrder(b),
// built again only when the board changed otherwise than by removals
// (RemoveObstacle), and whether every obstacle's ID was its own then. The
// index is never changed once returned, so readers at once may share it.
func (b *Board) places() (placeIndex, bool) {
	b.indexMu.Lock()
	defer b.indexMu.Unlock()
	if b.order != nil && b.orderLen-(b.version-b.orderVersion) == len(b.Obstacles) {
		// Obstacles removed since (RemoveObstacle notes each): the map
		// holds, and the places after each removed one moved up.
		if since, ok := b.removedSince(b.orderVersion); ok {
			return placeIndex{at: b.order, removed: since}, !b.orderDup
		}
	}
	b.order = obstacleOrder(b)
	b.orderVersion, b.orderLen, b.orderDup = b.version, len(b.Obstacles), len(b.order) != len(b.Obstacles)
	return placeIndex{at: b.order}, !b.orderDup
}

// NewBoard returns a board of open floor tiles with cost 1.
func NewBoard(width, height, tileSize int) *Board {
	b := &Board{Width: width, Height: height, TileSize: tileSize, Tiles: make([]Tile, width*height), nextID: 1}
	for i := range b.Tiles {
		b.Tiles[i].Cost = 1
	}
	b.geo = sight.Grid{Width: width, Height: height, TileSize: tileSize, Floors: make([]int, width*height)}
	return b
}

// grid returns the board as the sight geometry sees it. A board not made
// by NewBoard (a literal) gets a grid read from its tiles each time, not
// kept, so readers stay readers.
func (b *Board) grid() *sight.Grid {
	if g := &b.geo; len(g.Floors) == len(b.Tiles) && g.Width == b.Width && g.TileSize == b.TileSize {
		return g
	}
	return &sight.Grid{Width: b.Width, Height: b.Height, TileSize: b.TileSize, Floors: floorsOf(b.Tiles)}
}

// floorsOf returns the tiles' floors.
func floorsOf(tiles []Tile) []int {
	fs := make([]int, len(tiles))
	for i, t := range tiles {
		fs[i] = t.Floor
	}
	return fs
}

// InBounds reports whether p is on the board.
func (b *Board) InBounds(p Point) bool {
	return p.X >= 0 && p.Y >= 0 && p.X < b.Width && p.Y < b.Height
}

// Tile returns the tile at p; p must be in bounds.
func (b *Board) Tile(p Point) Tile { return b.Tiles[p.Y*b.Width+p.X] }

// SetTile replaces the tile at p; p must be in bounds.
func (b *Board) SetTile(p Point, t Tile) {
	b.Tiles[p.Y*b.Width+p.X] = t
	if len(b.geo.Floors) == len(b.Tiles) {
		b.geo.Floors[p.Y*b.Width+p.X] = t.Floor
	}
	b.version++
	b.tileVersion++
	b.index = nil // floors are baked into the index; rebuild lazily
}

// AddObstacle adds a copy of o to the board and returns it. An obstacle
// without an ID gets the next free one.
func (b *Board) AddObstacle(o Obstacle) *Obstacle {
	if o.ID == 0 {
		o.ID = b.nextID
	}
	if o.ID >= b.nextID {
		b.nextID = o.ID + 1
	}
	ob := &o
	b.Obstacles = append(b.Obstacles, ob)
	if b.byID == nil {
		b.byID = map[int]*Obstacle{}
	}
	b.byID[ob.ID] = ob
	b.version++
	if b.index != nil {
		if b.indexShared {
			b.index, b.indexShared = nil, false
		} else {
			b.index.Add(ob.geometry())
		}
	}
	return ob
}

// geometry returns the obstacle as the sight geometry sees it.
func (o *Obstacle) geometry() sight.Obstacle {
	return sight.Obstacle{ID: o.ID, Shape: o.Shape, Height: o.Height, Base: o.Base,
		BlocksSight: o.BlocksSight, BlocksEffect: o.BlocksEffect, ArrowSlit: o.ArrowSlit, Size: o.Size, Walkable: o.Walkable}
}

// obstacleOf returns the standing obstacle a sight answer names by ID
// (nil for 0, none).
func (b *Board) obstacleOf(id int) *Obstacle {
	if id == 0 {
		return nil
	}
	return b.Obstacle(id)
}

// Obstacle returns the standing obstacle with the given id, or nil.
func (b *Board) Obstacle(id int) *Obstacle {
	if len(b.byID) == len(b.Obstacles) {
		return b.byID[id]
	}
	for _, o := range b.Obstacles { // obstacles appended directly
		if o.ID == id {
			return o
		}
	}
	return nil
}

// RemoveObstacle takes the obstacle with the given id off the board and
// reports whether it was there.
func (b *Board) RemoveObstacle(id int) bool {
	for i, o := range b.Obstacles {
		if o.ID == id {
			// A new slice: one taken before stays as it was (a witness
			// keeps the board's obstacles of before a command so).
			b.Obstacles = append(b.Obstacles[:i:i], b.Obstacles[i+1:]...)
			delete(b.byID, id)
			b.version++
			b.noteRemoval(o, i)
			if b.index != nil {
				if b.indexShared {
					b.index, b.indexShared = nil, false
				} else {
					b.index.Remove(o.ID)
				}
			}
			return true
		}
	}
	return false
}

// Version returns a counter that changes whenever an obstacle is added or
// removed, a tile is replaced, or Invalidate is called. Caches of sight
// answers compare it to know when they are stale.
func (b *Board) Version() int { return b.version }

// Invalidate tells the board that obstacles or tiles were edited in place
// (not through AddObstacle, RemoveObstacle or SetTile): the sight index is
// rebuilt on the next query and every cache keyed on Version is dropped.
func (b *Board) Invalidate() {
	b.version++
	b.tileVersion++
	b.geo = sight.Grid{Width: b.Width, Height: b.Height, TileSize: b.TileSize, Floors: floorsOf(b.Tiles)}
	b.index = nil
}

// Passable reports whether a unit may stand on p: in bounds, enterable, and
// not filled by any obstacle.
func (b *Board) Passable(p Point) bool {
	if !b.InBounds(p) || b.Tile(p).Cost <= 0 {
		return false
	}
	x := b.query()
	defer x.Done()
	return b.passableIn(x, p)
}

// passableIn is Passable asked through a query the caller holds.
func (b *Board) passableIn(x *sight.Query, p Point) bool {
	return b.InBounds(p) && b.Tile(p).Cost > 0 && !x.Fills(p)
}

// TileCenter returns the pixel position of the centre of tile p.
func (b *Board) TileCenter(p Point) Vec {
	ts := float64(b.TileSize)
	return Vec{X: (float64(p.X) + 0.5) * ts, Y: (float64(p.Y) + 0.5) * ts}
}
