package rules

import (
	"fmt"
	"reflect"
	"testing"

	"sightline/internal/mapgen"
)

// TestRouteWindowIsTheWholeBoardSearch: a search over its window
// (routeWindow) finds exactly what the same search over the whole board
// finds, tile for tile (cost, way there, vaults and piles), for every unit
// of plain and rich random maps, at short and long budgets, walking and
// piling, with every unit in the way and with none.
func TestRouteWindowIsTheWholeBoardSearch(t *testing.T) {
	for _, seed := range mapgen.Seeds(3) {
		for _, s := range []*State{genState(t, 40, 30, 12, seed), genRichState(t, 30, 24, seed)} {
			whole := Rect{Max: Point{X: s.Board.Width, Y: s.Board.Height}}
			none := make([]bool, len(s.Units))
			for _, u := range s.Units {
				for _, budget := range []int{0, 1, 3, 6, 13, 24, -1} {
					for _, pile := range []bool{false, true} {
						for _, known := range [][]bool{nil, none} {
							name := fmt.Sprintf("seed %d unit %d (size %d) budget %d pile %v known %v", seed, u.ID, u.Size, budget, pile, known != nil)
							have, want := s.route(u, budget, pile, known), s.routeIn(whole, u, budget, pile, known)
							if budget >= 0 && budget < 6 && len(have.cost) >= s.Board.Width*s.Board.Height {
								t.Fatalf("%s: a short search over the whole board", name)
							}
							sameRoute(t, name, s.Board, have, want)
						}
					}
				}
			}
		}
	}
}

// sameRoute fails the test unless routes have and want reach the same
// tiles at the same cost by the same steps.
func sameRoute(t *testing.T, name string, b *Board, have, want *route) {
	t.Helper()
	h, w := (&Reach{r: have}).Tiles(), (&Reach{r: want}).Tiles()
	if !reflect.DeepEqual(h, w) {
		t.Fatalf("%s: reaches %v, want %v", name, h, w)
	}
	for y := -1; y <= b.Height; y++ {
		for x := -1; x <= b.Width; x++ {
			p := Point{X: x, Y: y}
			if have.reachable(p) != want.reachable(p) {
				t.Fatalf("%s: %v reachable %v, want %v", name, p, have.reachable(p), want.reachable(p))
			}
			if !want.reachable(p) {
				continue
			}
			if hc, wc := (&Reach{r: have}).Cost(p), (&Reach{r: want}).Cost(p); hc != wc {
				t.Fatalf("%s: %v costs %d, want %d", name, p, hc, wc)
			}
			if hs, ws := have.steps(p), want.steps(p); !reflect.DeepEqual(hs, ws) {
				t.Fatalf("%s: way to %v %+v, want %+v", name, p, hs, ws)
			}
		}
	}
}

// TestContactsInBoardOrder: the obstacles a unit touches, found by their
// places in the board (Board.places), are those a walk of every obstacle
// finds, in the same order, for a unit of each size and stance on every
// tile of plain and rich random maps, after obstacles are removed and
// added, and on a board whose obstacles share IDs (where the walk is
// kept).
func TestContactsInBoardOrder(t *testing.T) {
	check := func(name string, s *State) {
		t.Helper()
		x := s.Board.query()
		defer x.Done()
		for y := 0; y < s.Board.Height; y++ {
			for xx := 0; xx < s.Board.Width; xx++ {
				p := Point{X: xx, Y: y}
				for size := 1; size <= 2; size++ {
					for st := Standing; st <= Prone; st++ {
						u := DefaultUnit(SideBlue, p)
						u.Size, u.Stance = size, st
						ids := x.Contacts(bodyOf(&u), nil)
						have, want := oracleContact(s, &u, p), scanFor(s.Board, ids)
						if !reflect.DeepEqual(have, want) {
							t.Fatalf("%s: size %d %v at %v touches %v, want %v", name, size, st, p, have, want)
						}
					}
				}
			}
		}
	}
	for _, seed := range mapgen.Seeds(3) {
		for _, s := range []*State{genState(t, 24, 20, 6, seed), genRichState(t, 24, 20, seed)} {
			name := fmt.Sprintf("seed %d", seed)
			check(name, s)
			obs := s.Board.Obstacles
			for i := 0; i < len(obs); i += 3 {
				s.Board.RemoveObstacle(obs[i].ID)
			}
			check(name+" with a third removed", s)
			for _, o := range obs[:len(obs)/2] {
				if s.Board.Obstacle(o.ID) == nil {
					s.Board.AddObstacle(*o)
				}
			}
			check(name+" with some put back", s)
			if _, unique := s.Board.places(); !unique {
				t.Fatalf("%s: the board's obstacles share an ID", name)
			}
		}
	}
	s := mustParse(t, "#.#\n...\n#.#\n")
	for _, o := range s.Board.Obstacles {
		c := *o
		c.ID = s.Board.Obstacles[0].ID
		s.Board.Obstacles = append(s.Board.Obstacles, &c)
	}
	if _, unique := s.Board.places(); unique {
		t.Fatal("obstacles sharing IDs were taken for unique")
	}
	check("shared IDs", s)
}
