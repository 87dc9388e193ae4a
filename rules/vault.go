package rules

import (
	"container/heap"
	"slices"
)

// routeStep is one step of a route: the position entered, the obstacles
// vaulted or piled through on the way (seed 004), and the cumulative cost
// in half tiles.
type routeStep struct {
	To    Point
	Over  []*Obstacle
	Pile  bool
	Extra int
	Cost  int
}

// route is a shortest-path search like Reach that also crosses obstacles:
// vaulting very-low and low cover for free and high cover for 3 extra
// tiles, or, when piling, crossing destructible cover at no extra cost.
//
// Its arrays cover a window of the board (win): the tiles a budget can
// reach lie within budget/stepOrth tiles of the start in each axis (every
// tile a step or vault moves costs at least stepOrth), so a short search
// on a large board neither allocates nor clears the whole board. Indexes
// are row-major in the window, which orders tiles as the board's row-major
// indexes do, so ties resolve as on the whole board.
type route struct {
	win   Rect
	width int // win's width
	start Point
	cost  []int
	prev  []int32
	over  [][]*Obstacle
	pile  []bool
	extra []int
}

// routeWindow is the part of b a search from u's space with budget half
// tiles (negative: no limit) may reach or read: the tiles within
// budget/stepOrth of the start, widened by what a fit and a vault look at
// beyond a reached tile.
func routeWindow(b *Board, u *Unit, budget int) Rect {
	all := Rect{Max: Point{X: b.Width, Y: b.Height}}
	if budget < 0 {
		return all
	}
	m := budget/stepOrth + 2*max(u.Size, 1) + 2
	w := Rect{Min: Point{X: u.Pos.X - m, Y: u.Pos.Y - m}, Max: Point{X: u.Pos.X + m + 1, Y: u.Pos.Y + m + 1}}
	w.Min.X, w.Min.Y = max(w.Min.X, 0), max(w.Min.Y, 0)
	w.Max.X, w.Max.Y = min(w.Max.X, b.Width), min(w.Max.Y, b.Height)
	return w
}

// index returns the place of tile p in the route's arrays, or false when p
// lies outside its window.
func (r *route) index(p Point) (int, bool) {
	if !r.win.Contains(p) {
		return 0, false
	}
	return (p.Y-r.win.Min.Y)*r.width + p.X - r.win.Min.X, true
}

// point is the tile at place i of the route's arrays.
func (r *route) point(i int) Point {
	return Point{X: r.win.Min.X + i%r.width, Y: r.win.Min.Y + i/r.width}
}

// route searches from u's position with budget half tiles (negative: no
// limit). Only the units known marks by ID-1 are in the way (nil: every
// unit): a side plans its moves with the units it knows of.
func (s *State) route(u *Unit, budget int, pile bool, known []bool) *route {
	return s.routeIn(routeWindow(s.Board, u, budget), u, budget, pile, known, nil)
}

// routeIn is route with its arrays over window win, which must hold every
// tile the search reaches and reads (routeWindow's, or the whole board).
// With a goal, the search stops once the goal's cost is final (popped:
// every step costs at least stepOrth, so nothing found later is cheaper,
// and a tie never replaces a route): the goal's cost and steps are those
// the whole search gives, other tiles' may be unknown or not final.
func (s *State) routeIn(win Rect, u *Unit, budget int, pile bool, known []bool, goal *Point) *route {
	b := s.Board
	n := (win.Max.X - win.Min.X) * (win.Max.Y - win.Min.Y)
	r := &route{win: win, width: win.Max.X - win.Min.X, start: u.Pos, cost: make([]int, n), prev: make([]int32, n), over: make([][]*Obstacle, n), pile: make([]bool, n), extra: make([]int, n)}
	for i := range r.cost {
		r.cost[i], r.prev[i] = -1, -1
	}
	tn := s.Rules().Tuning
	var at *placeIndex // places, found when first needed
	x := b.query()
	defer x.Done()
	// occ holds, for each tile of the window, 1 + the place in s.Units of
	// the living unit UnitAt finds there (0: none), built once so a step
	// need not walk every unit; tiles outside the window ask UnitAt.
	occ := occupancy(s, win, n, r.width)
	unitAt := func(t Point) *Unit {
		i, ok := r.index(t)
		if !ok {
			return s.UnitAt(t)
		}
		if k := occ[i]; k > 0 {
			return s.Units[k-1]
		}
		return nil
	}
	// free memoises whether u's space may hold each tile (0 not yet
	// asked, 1 yes, 2 no): passable, and no other unit in the way. The
	// search asks about a tile from each of its neighbours, and the
	// answer reads the shapes of the obstacles in the tile's cell.
	free := make([]int8, n)
	freeAt := func(i int, t Point) bool {
		if free[i] == 0 {
			free[i] = 2
			if b.passableIn(x, t) {
				if o := unitAt(t); o == nil || o.ID == u.ID || !blocks(o, known) {
					free[i] = 1
				}
			}
		}
		return free[i] == 1
	}
	fits := func(p Point) bool {
		for dy := 0; dy < u.Size; dy++ {
			for dx := 0; dx < u.Size; dx++ {
				t := Point{X: p.X + dx, Y: p.Y + dy}
				if !b.InBounds(t) {
					return false
				}
				i, ok := r.index(t)
				if !ok {
					if !b.passableIn(x, t) {
						return false
					}
					if o := s.UnitAt(t); o != nil && o.ID != u.ID && blocks(o, known) {
						return false
					}
					continue
				}
				if !freeAt(i, t) {
					return false
				}
			}
		}
		return true
	}
	// bandFree reports whether every tile of the band a vault from p in
	// direction step crosses is free (freeAt): passable, so no obstacle
	// fills it, and crossable would find nothing to cross.
	bandFree := func(p, step Point) bool {
		var buf [4]Point
		for _, t := range sideBand(p, u.Size, step, buf[:0]) {
			if i, ok := r.index(t); !ok || !freeAt(i, t) {
				return false
			}
		}
		return true
	}
	si, ok := r.index(u.Pos)
	if !ok {
		return r // a unit off the board reaches nothing
	}
	r.cost[si] = 0
	gi := -1
	if goal != nil {
		if i, ok := r.index(*goal); ok {
			gi = i
		}
	}
	q := &pathQueue{}
	heap.Push(q, pathItem{cost: 0, index: si})
	relax := func(from int, to Point, c int, over []*Obstacle, piled bool, extra int) {
		if budget >= 0 && c > budget {
			return
		}
		ni, ok := r.index(to)
		if !ok {
			return // beyond the budget (routeWindow)
		}
		if r.cost[ni] < 0 || c < r.cost[ni] {
			r.cost[ni], r.prev[ni], r.over[ni], r.pile[ni], r.extra[ni] = c, int32(from), over, piled, extra
			heap.Push(q, pathItem{cost: c, index: ni})
		}
	}
	for q.Len() > 0 {
		it := heap.Pop(q).(pathItem)
		if it.cost != r.cost[it.index] {
			continue
		}
		if it.index == gi {
			break
		}
		p := r.point(it.index)
		for d := North; d <= NorthWest; d++ {
			step := d.Step()
			nb := p.Add(step)
			if !b.InBounds(nb) || !fits(nb) {
				continue
			}
			unit := stepOrth
			if step.X != 0 && step.Y != 0 {
				if !fits(Point{X: p.X + step.X, Y: p.Y}) || !fits(Point{X: p.X, Y: p.Y + step.Y}) {
					continue
				}
				unit = stepDiag
			}
			relax(it.index, nb, it.cost+unit*s.enterCost(u, nb), nil, false, 0)
		}
		for d := North; d <= NorthWest; d += 2 {
			step := d.Step()
			land := p.Add(Point{X: step.X * (u.Size + 1), Y: step.Y * (u.Size + 1)})
			if !b.InBounds(land) || !fits(land) || bandFree(p, step) {
				continue
			}
			over, piled, ok := s.crossable(u, p, step, pile, known, &at, unitAt)
			if !ok {
				continue
			}
			extra := 0
			if !piled {
				for _, o := range over {
					if o.Height >= HeightHigh {
						extra = tn.HighVaultTiles * stepOrth
					}
				}
			}
			relax(it.index, land, it.cost+(u.Size+1)*stepOrth*s.enterCost(u, land)+extra, over, piled, extra)
		}
	}
	return r
}

// occupancy returns, for each tile of window win (n tiles, width wide,
// row-major), 1 + the place in s.Units of the living unit whose space
// holds it, the first in s.Units as UnitAt finds it (0: none).
func occupancy(s *State, win Rect, n, width int) []int32 {
	occ := make([]int32, n)
	for k, o := range s.Units {
		if !o.Alive() {
			continue
		}
		size := o.Size
		for y := max(o.Pos.Y, win.Min.Y); y < min(o.Pos.Y+size, win.Max.Y); y++ {
			for x := max(o.Pos.X, win.Min.X); x < min(o.Pos.X+size, win.Max.X); x++ {
				if i := (y-win.Min.Y)*width + x - win.Min.X; occ[i] == 0 {
					occ[i] = int32(k + 1)
				}
			}
		}
	}
	return occ
}

// obstacleOrder maps each obstacle's ID to its place in b.Obstacles, so
// that a search finds the obstacles filling a tile in board order without
// walking the whole list for each tile.
func obstacleOrder(b *Board) map[int]int {
	at := make(map[int]int, len(b.Obstacles))
	for i, o := range b.Obstacles {
		if _, dup := at[o.ID]; !dup {
			at[o.ID] = i
		}
	}
	return at
}

// crossable reports whether the band of tiles between u's space at p and
// its space one step beyond in direction step holds only obstacles u can
// vault (or pile through, when pile is set) and no unit known marks (nil:
// no unit at all), and returns them. *at is s.Board's places, or nil
// until a band holds some obstacle; unitAt answers as s.UnitAt does.
func (s *State) crossable(u *Unit, p, step Point, pile bool, known []bool, at **placeIndex, unitAt func(Point) *Unit) ([]*Obstacle, bool, bool) {
	b := s.Board
	var buf [4]Point
	band := sideBand(p, u.Size, step, buf[:0])
	var over []*Obstacle
	canPile, canVault := pile, true
	x := b.query()
	defer x.Done()
	for _, t := range band {
		if !b.InBounds(t) || b.Tile(t).Cost <= 0 {
			return nil, false, false
		}
		if o := unitAt(t); o != nil && blocks(o, known) {
			return nil, false, false
		}
		var buf [4]int
		var ids []int
		if x.Fills(t) { // a count: FilledBy walks the tile's parts
			ids = x.FilledBy(t, buf[:0])
		}
		// The fillers in board order, as a walk of b.Obstacles meets them.
		var places [4]int
		idx := places[:0]
		if len(ids) > 0 && *at == nil {
			pl, _ := b.places()
			*at = &pl
		}
		for _, id := range ids {
			if i, ok := (*at).place(id); ok {
				idx = append(idx, i)
			}
		}
		slices.Sort(idx)
		for _, i := range idx {
			o := b.Obstacles[i]
			canVault = canVault && o.Vaultable && o.Height < HeightFull
			canPile = canPile && o.Destructible
			if !containsObstacle(over, o) {
				over = append(over, o)
			}
		}
	}
	if len(over) == 0 {
		return nil, false, false
	}
	if canPile {
		return over, true, true
	}
	return over, false, canVault
}

// sideBand appends to out the tiles next to the size×size space at p on
// its side toward step (an orthogonal step): the band a unit crosses to
// vault, pile or dive over what stands there.
func sideBand(p Point, size int, step Point, out []Point) []Point {
	for k := 0; k < size; k++ {
		switch {
		case step.X > 0:
			out = append(out, Point{X: p.X + size, Y: p.Y + k})
		case step.X < 0:
			out = append(out, Point{X: p.X - 1, Y: p.Y + k})
		case step.Y > 0:
			out = append(out, Point{X: p.X + k, Y: p.Y + size})
		default:
			out = append(out, Point{X: p.X + k, Y: p.Y - 1})
		}
	}
	return out
}

func containsObstacle(list []*Obstacle, o *Obstacle) bool {
	for _, x := range list {
		if x == o {
			return true
		}
	}
	return false
}

func (r *route) reachable(p Point) bool {
	i, ok := r.index(p)
	return ok && i < len(r.cost) && r.cost[i] >= 0
}

// steps returns the route's steps from the start (excluded) to p.
func (r *route) steps(p Point) []routeStep {
	if !r.reachable(p) || p == r.start {
		return nil
	}
	var rev []routeStep
	i, _ := r.index(p)
	for ; i >= 0; i = int(r.prev[i]) {
		q := r.point(i)
		if q == r.start {
			break
		}
		rev = append(rev, routeStep{To: q, Over: r.over[i], Pile: r.pile[i], Extra: r.extra[i], Cost: r.cost[i]})
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}
