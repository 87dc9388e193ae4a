package rules

// Movement costs are counted in half tiles so that a diagonal step costs
// 1.5 tiles: an orthogonal step into a tile of cost c costs 2c, a diagonal
// one 3c.
const (
	stepOrth = 2
	stepDiag = 3
)

// Reach is the result of the movement search from a unit's position: the
// cost to every tile the unit can stand on, and how to get there. It is the
// very search Move uses (vaulting low cover on the way, and counting only
// the units the mover's side knows of as in the way), so the range and path
// a player is shown are the ones Move accepts and charges.
type Reach struct {
	r     *route
	speed int
}

// Reach runs the movement search for the unit with the given id up to
// budget half tiles (a negative budget means no limit). Diagonal steps may
// not cut the corner of a blocked tile; very-low and low vaultable cover is
// crossed for free and high vaultable cover for extra tiles (seed 004). The
// search is deterministic: ties resolve by a fixed neighbour order. Units
// the unit's side does not know of (Knows: the fog of war's predicate) are
// treated as absent, so the range shows no hole where a hidden enemy
// stands; a move that runs into one stops in front of it (Move).
func (s *State) Reach(unitID int, budget int) *Reach {
	u := s.Unit(unitID)
	if u == nil {
		n := s.Board.Width * s.Board.Height
		r := &route{win: Rect{Max: Point{X: s.Board.Width, Y: s.Board.Height}}, width: s.Board.Width, cost: make([]int, n)}
		for i := range r.cost {
			r.cost[i] = -1
		}
		return &Reach{r: r, speed: 1}
	}
	return &Reach{r: s.knownRoute(u, budget, false), speed: moveSpeed(u)}
}

// PileReach is Reach for a move that piles through destructible cover on
// the way (Move with Pile): the search that move uses.
func (s *State) PileReach(unitID int, budget int) *Reach {
	u := s.Unit(unitID)
	if u == nil {
		return s.Reach(unitID, budget)
	}
	return &Reach{r: s.knownRoute(u, budget, true), speed: moveSpeed(u)}
}

// DashReach is Reach for a suppressed unit's Move with Dash (full speed,
// Dashed): the search that move uses, up to budget half tiles.
func (s *State) DashReach(unitID int, budget int) *Reach {
	u := s.Unit(unitID)
	if u == nil {
		return s.Reach(unitID, budget)
	}
	return &Reach{r: s.knownRoute(u, budget, false), speed: speedOf(u, true)}
}

// reach is Reach for u with the units known marks (nil: every unit) in
// the way.
func (s *State) reach(u *Unit, budget int, known []bool) *Reach {
	return &Reach{r: s.route(u, budget, false, known), speed: moveSpeed(u)}
}

// Knows reports whether side knows where unit t is: t is one of the side's
// own units, or a living enemy that a living unit of the side has line of
// sight to (LineOfSight, as FieldOfView lists it) or sees by the automatic
// peek an attack from Full cover makes (CanSee), or that a move of the side
// ran into (Status.Revealed). It is the fog of war's predicate, so what a
// side is shown is what its moves are planned with.
func (s *State) Knows(side Side, t *Unit) bool {
	if t.Side == side {
		return true
	}
	if !t.Alive() {
		return false
	}
	if t.Status.Revealed {
		return true
	}
	for _, u := range s.Units {
		if u.Side == side && u.Alive() && (s.LineOfSight(u, t) || s.CanSeeUnseen(u, t)) {
			return true
		}
	}
	return false
}

// knownIn marks, by unit ID-1, the units side knows of (Knows) among
// those whose space meets win; the others are marked unknown without
// asking.
func (s *State) knownIn(side Side, win Rect) []bool {
	k := make([]bool, len(s.Units))
	for i, t := range s.Units {
		n := max(t.Size, 1)
		if t.Pos.X < win.Max.X && t.Pos.Y < win.Max.Y && t.Pos.X+n > win.Min.X && t.Pos.Y+n > win.Min.Y {
			k[i] = s.Knows(side, t)
		}
	}
	return k
}

// knownRoute is route with the units u's side knows of in the way
// (known), asking Knows only of the units in the search's window: the
// search reads no tile outside it, so no other unit is ever in its way.
func (s *State) knownRoute(u *Unit, budget int, pile bool) *route {
	win := routeWindow(s.Board, u, budget)
	return s.routeIn(win, u, budget, pile, s.knownIn(u.Side, win), nil)
}

// knownRouteTo is knownRoute stopped once to's cost is final: only
// to's reachability, cost and steps may be read from it (a move's).
func (s *State) knownRouteTo(u *Unit, budget int, pile bool, to Point) *route {
	win := routeWindow(s.Board, u, budget)
	return s.routeIn(win, u, budget, pile, s.knownIn(u.Side, win), &to)
}

// CanStand reports whether unit u's space would fit with its top-left tile
// at p: every tile passable and no other living unit in the way.
func (s *State) CanStand(u *Unit, p Point) bool { return s.fits(u, p, nil) }

// fits is CanStand counting only the units known marks by ID-1 as in the
// way (nil: every unit).
func (s *State) fits(u *Unit, p Point, known []bool) bool {
	for dy := 0; dy < u.Size; dy++ {
		for dx := 0; dx < u.Size; dx++ {
			t := Point{X: p.X + dx, Y: p.Y + dy}
			if !s.Board.Passable(t) {
				return false
			}
			if o := s.UnitAt(t); o != nil && o.ID != u.ID && blocks(o, known) {
				return false
			}
		}
	}
	return true
}

// blocks reports whether unit o is in a route's way: known marks the units
// the search counts, by ID-1 (nil: every unit).
func blocks(o *Unit, known []bool) bool {
	return known == nil || o.ID < 1 || o.ID > len(known) || known[o.ID-1]
}

// enterCost is the highest tile cost under the unit's space at p.
func (s *State) enterCost(u *Unit, p Point) int {
	c := 1
	for dy := 0; dy < u.Size; dy++ {
		for dx := 0; dx < u.Size; dx++ {
			if tc := s.Board.Tile(Point{X: p.X + dx, Y: p.Y + dy}).Cost; tc > c {
				c = tc
			}
		}
	}
	return c
}

// Reachable reports whether the unit can get to p within the budget.
func (r *Reach) Reachable(p Point) bool { return r.r.reachable(p) }

// Cost returns the cost to reach p in half tiles, or -1.
func (r *Reach) Cost(p Point) int {
	if !r.Reachable(p) {
		return -1
	}
	i, _ := r.r.index(p)
	return r.r.cost[i]
}

// AP returns the action points Move would charge to get to p (0 for the
// start), or -1 when p cannot be reached. It uses the unit's movement speed
// at the time of the search (halved while aiming or suppressed).
func (r *Reach) AP(p Point) int {
	c := r.Cost(p)
	if c < 0 {
		return -1
	}
	return MoveAP(c, r.speed)
}

// Tiles returns every reachable tile in row order, the start included.
func (r *Reach) Tiles() []Point {
	var out []Point
	for i, c := range r.r.cost {
		if c >= 0 {
			out = append(out, r.r.point(i))
		}
	}
	return out
}

// Path returns the positions the unit passes from the start (excluded) to
// p (included), one per step; a vault jumps over the obstacle's tile. It is
// nil when p cannot be reached.
func (r *Reach) Path(p Point) []Point {
	steps := r.r.steps(p)
	if steps == nil {
		return nil
	}
	out := make([]Point, len(steps))
	for i, st := range steps {
		out[i] = st.To
	}
	return out
}

// PiledThrough returns the ids of the obstacles the way to p piles
// through, in the order met (none for a way that piles through nothing).
func (r *Reach) PiledThrough(p Point) []int {
	var out []int
	for _, step := range r.r.steps(p) {
		if step.Pile {
			for _, o := range step.Over {
				out = append(out, o.ID)
			}
		}
	}
	return out
}

// PileOdds returns the chance that a unit with strength st piles through
// every piece of cover on the way to p (d6 + ST above its DE each, seed
// 004), 1 when the way piles through nothing, and 0 when p cannot be
// reached.
func (r *Reach) PileOdds(p Point, st int) float64 {
	steps := r.r.steps(p)
	if steps == nil {
		return 0
	}
	odds := 1.0
	for _, step := range steps {
		if !step.Pile {
			continue
		}
		for _, o := range step.Over {
			odds *= float64(min(max(6-(o.DE-st), 0), 6)) / 6
		}
	}
	return odds
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
