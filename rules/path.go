package rules

import "container/heap"

// Movement costs are counted in half tiles so that a diagonal step costs
// 1.5 tiles: an orthogonal step into a tile of cost c costs 2c, a diagonal
// one 3c.
const (
	stepOrth = 2
	stepDiag = 3
)

// Reach is the result of a shortest-path search from a unit's position: the
// cost to every tile the unit can stand on, and how to get there.
type Reach struct {
	unit   int
	width  int
	start  Point
	budget int
	cost   []int // half tiles; -1 where unreachable
	prev   []int32
}

// Reach runs a shortest-path search for the unit with the given id over the
// tiles it could stand on, up to budget half tiles (a negative budget means
// no limit). Diagonal steps may not cut the corner of a blocked tile. The
// search is deterministic: ties resolve by a fixed neighbour order.
func (s *State) Reach(unitID int, budget int) *Reach {
	b := s.Board
	u := s.Unit(unitID)
	r := &Reach{unit: unitID, width: b.Width, budget: budget, cost: make([]int, b.Width*b.Height), prev: make([]int32, b.Width*b.Height)}
	for i := range r.cost {
		r.cost[i] = -1
		r.prev[i] = -1
	}
	if u == nil {
		return r
	}
	r.start = u.Pos
	free := func(p Point) bool { return s.CanStand(u, p) }
	si := u.Pos.Y*b.Width + u.Pos.X
	r.cost[si] = 0
	q := &pathQueue{}
	heap.Push(q, pathItem{cost: 0, index: si})
	for q.Len() > 0 {
		it := heap.Pop(q).(pathItem)
		if it.cost != r.cost[it.index] {
			continue
		}
		p := Point{it.index % b.Width, it.index / b.Width}
		for d := North; d <= NorthWest; d++ {
			step := d.Step()
			n := p.Add(step)
			if !b.InBounds(n) || !free(n) {
				continue
			}
			unit := stepOrth
			if step.X != 0 && step.Y != 0 {
				if !free(Point{p.X + step.X, p.Y}) || !free(Point{p.X, p.Y + step.Y}) {
					continue
				}
				unit = stepDiag
			}
			c := it.cost + unit*s.enterCost(u, n)
			if budget >= 0 && c > budget {
				continue
			}
			ni := n.Y*b.Width + n.X
			if r.cost[ni] < 0 || c < r.cost[ni] {
				r.cost[ni] = c
				r.prev[ni] = int32(it.index)
				heap.Push(q, pathItem{cost: c, index: ni})
			}
		}
	}
	return r
}

// CanStand reports whether unit u's space would fit with its top-left tile
// at p: every tile passable and no other living unit in the way.
func (s *State) CanStand(u *Unit, p Point) bool {
	for dy := 0; dy < u.Size; dy++ {
		for dx := 0; dx < u.Size; dx++ {
			t := Point{p.X + dx, p.Y + dy}
			if !s.Board.Passable(t) {
				return false
			}
			if o := s.UnitAt(t); o != nil && o.ID != u.ID {
				return false
			}
		}
	}
	return true
}

// enterCost is the highest tile cost under the unit's space at p.
func (s *State) enterCost(u *Unit, p Point) int {
	c := 1
	for dy := 0; dy < u.Size; dy++ {
		for dx := 0; dx < u.Size; dx++ {
			if tc := s.Board.Tile(Point{p.X + dx, p.Y + dy}).Cost; tc > c {
				c = tc
			}
		}
	}
	return c
}

// Reachable reports whether the unit can get to p within the budget.
func (r *Reach) Reachable(p Point) bool {
	if p.X < 0 || p.Y < 0 || p.X >= r.width || p.Y*r.width+p.X >= len(r.cost) {
		return false
	}
	return r.cost[p.Y*r.width+p.X] >= 0
}

// Cost returns the cost to reach p in half tiles, or -1.
func (r *Reach) Cost(p Point) int {
	if !r.Reachable(p) {
		return -1
	}
	return r.cost[p.Y*r.width+p.X]
}

// Tiles returns every reachable tile in row order, the start included.
func (r *Reach) Tiles() []Point {
	var out []Point
	for i, c := range r.cost {
		if c >= 0 {
			out = append(out, Point{i % r.width, i / r.width})
		}
	}
	return out
}

// Path returns the steps from the start (excluded) to p (included), or nil
// when p cannot be reached.
func (r *Reach) Path(p Point) []Point {
	if !r.Reachable(p) || p == r.start {
		return nil
	}
	var rev []Point
	for i := p.Y*r.width + p.X; i >= 0 && (Point{i % r.width, i / r.width}) != r.start; i = int(r.prev[i]) {
		rev = append(rev, Point{i % r.width, i / r.width})
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// MoveAP returns the action points a move of the given cost (half tiles)
// takes for a unit with the given speed.
func MoveAP(cost, speed int) int {
	if cost <= 0 {
		return 0
	}
	if speed <= 0 {
		speed = 1
	}
	per := speed * stepOrth
	return (cost + per - 1) / per
}

type pathItem struct{ cost, index int }

type pathQueue []pathItem

func (q pathQueue) Len() int { return len(q) }
func (q pathQueue) Less(i, j int) bool {
	if q[i].cost != q[j].cost {
		return q[i].cost < q[j].cost
	}
	return q[i].index < q[j].index
}
func (q pathQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *pathQueue) Push(x any)   { *q = append(*q, x.(pathItem)) }
func (q *pathQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
