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
	for _, seed := range mapgen.Seeds(routeMaps()) {
		for _, s := range []*State{genState(t, 40, 30, 12, seed), genRichState(t, 30, 24, seed)} {
			whole := Rect{Max: Point{X: s.Board.Width, Y: s.Board.Height}}
			none := make([]bool, len(s.Units))
			for _, u := range s.Units {
				for _, budget := range []int{0, 1, 3, 6, 13, 24, -1} {
					for _, pile := range []bool{false, true} {
						for _, known := range [][]bool{nil, none} {
							name := fmt.Sprintf("seed %d unit %d (size %d) budget %d pile %v known %v", seed, u.ID, u.Size, budget, pile, known != nil)
							have, want := s.route(u, budget, pile, known), s.routeIn(whole, u, budget, pile, known, nil)
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

// TestKnownRouteIsTheKnownSearch: a search that asks Knows only of the
// units in its window (knownRoute) finds what the same search finds with
// every unit asked, for every unit of plain and rich random maps with
// units leaning and some revealed, at short and long budgets, walking and
// piling; and the window leaves some unit unasked.
func TestKnownRouteIsTheKnownSearch(t *testing.T) {
	unasked := 0
	for _, seed := range mapgen.Seeds(routeMaps()) {
		for _, s := range leaningStates(t, seed) {
			for _, u := range s.Units {
				known := make([]bool, len(s.Units))
				for i, o := range s.Units {
					known[i] = s.Knows(u.Side, o)
				}
				for _, budget := range []int{0, 3, 13, 24, -1} {
					for _, pile := range []bool{false, true} {
						name := fmt.Sprintf("seed %d unit %d budget %d pile %v", seed, u.ID, budget, pile)
						sameRoute(t, name, s.Board, s.knownRoute(u, budget, pile), s.route(u, budget, pile, known))
						win := routeWindow(s.Board, u, budget)
						for _, o := range s.Units {
							if !win.Contains(o.Pos) {
								unasked++
							}
						}
					}
				}
			}
		}
	}
	if unasked == 0 {
		t.Error("every unit stood in every window: the test proves nothing")
	}
}

// routeMaps is how many random maps (of each kind) the route property
// tests walk: three, one under -short. The js/wasm lane runs -short, where
// the three took minutes at a loaded make test's pace (2026-11-30); the
// native run walks all three.
func routeMaps() int {
	if testing.Short() {
		return 1
	}
	return 3
}

// leaningStates are a plain and a rich random map of seed with their
// units leaning every way and every fifth one revealed.
func leaningStates(t *testing.T, seed uint64) []*State {
	t.Helper()
	states := []*State{genState(t, 40, 30, 12, seed), genRichState(t, 30, 24, seed)}
	for _, s := range states {
		for i, u := range s.Units {
			u.Status.Lean, u.Status.Revealed = Lean(i%4), i%5 == 0
		}
	}
	return states
}

// TestRouteToGoalIsTheWholeSearch: a search stopped at its goal (a move's,
// knownRouteTo) finds the goal reachable or not, at the same cost and by
// the same steps (vaults, piles, extras) as the whole search, for goals
// spread over the whole board (reachable, out of budget, blocked, off the
// board), for every unit of plain and rich random maps with units leaning
// and some revealed, at short and long budgets, walking and piling.
func TestRouteToGoalIsTheWholeSearch(t *testing.T) {
	stopped := 0
	for _, seed := range mapgen.Seeds(routeMaps()) {
		for _, s := range leaningStates(t, seed) {
			for k, u := range s.Units {
				for _, budget := range []int{3, 13, -1} {
					for _, pile := range []bool{false, true} {
						want := s.knownRoute(u, budget, pile)
						whole := len((&Reach{r: want}).Tiles())
						for y := -1; y <= s.Board.Height; y++ {
							for x := -1; x <= s.Board.Width; x++ {
								if (x+2*y+k)%37 != 0 {
									continue
								}
								p := Point{X: x, Y: y}
								have := s.knownRouteTo(u, budget, pile, p)
								name := fmt.Sprintf("seed %d unit %d budget %d pile %v goal %v", seed, u.ID, budget, pile, p)
								if have.reachable(p) != want.reachable(p) {
									t.Fatalf("%s: reachable %v, want %v", name, have.reachable(p), want.reachable(p))
								}
								if !want.reachable(p) {
									continue
								}
								if hc, wc := (&Reach{r: have}).Cost(p), (&Reach{r: want}).Cost(p); hc != wc {
									t.Fatalf("%s: costs %d, want %d", name, hc, wc)
								}
								if hs, ws := have.steps(p), want.steps(p); !reflect.DeepEqual(hs, ws) {
									t.Fatalf("%s: way %+v, want %+v", name, hs, ws)
								}
								if len((&Reach{r: have}).Tiles()) < whole {
									stopped++
								}
							}
						}
					}
				}
			}
		}
	}
	if stopped == 0 {
		t.Fatal("no search stopped at its goal")
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
		eachPlacement(s.Board, func(u *Unit, p Point) {
			ids := x.Contacts(bodyOf(u), nil)
			have, want := oracleContact(s, u, p), scanFor(s.Board, ids)
			if !reflect.DeepEqual(have, want) {
				t.Fatalf("%s: size %d %v at %v touches %v, want %v", name, u.Size, u.Stance, p, have, want)
			}
		})
	}
	for _, seed := range mapgen.Seeds(3) {
		for _, s := range []*State{genState(t, 24, 20, 6, seed), genRichState(t, 24, 20, seed)} {
			name := fmt.Sprintf("seed %d", seed)
			checkRemovedAndBack(name, s, check)
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

// eachPlacement calls f with a blue unit of each size (1 and 2) and
// stance on every tile of b.
func eachPlacement(b *Board, f func(u *Unit, p Point)) {
	for y := 0; y < b.Height; y++ {
		for x := 0; x < b.Width; x++ {
			p := Point{X: x, Y: y}
			for size := 1; size <= 2; size++ {
				for st := Standing; st <= Prone; st++ {
					u := DefaultUnit(SideBlue, p)
					u.Size, u.Stance = size, st
					f(&u, p)
				}
			}
		}
	}
}

// checkRemovedAndBack runs check on s as it is, with every third of its
// obstacles removed, and with those of the first half put back.
func checkRemovedAndBack(name string, s *State, check func(name string, s *State)) {
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
}

// TestContactMemoIsTheOracle: the obstacles a unit touches and the cover
// of its area, kept on the board (contactmemo.go), are the oracle's
// answers asked afresh, for a unit of each size and stance on every tile
// of plain and rich random maps, asked twice (the second from the memo),
// after obstacles are removed and added and a floor is raised, and on a
// clone.
func TestContactMemoIsTheOracle(t *testing.T) {
	check := func(name string, s *State) {
		t.Helper()
		kept := 0
		eachPlacement(s.Board, func(u *Unit, p Point) {
			want := contactsAt(s, u, p)
			for range 2 {
				if have := oracleContact(s, u, p); !reflect.DeepEqual(have, want) {
					t.Fatalf("%s: size %d %v at %v touches %v, want %v", name, u.Size, u.Stance, p, have, want)
				}
			}
			for st := Standing; st <= Prone; st++ {
				wg, wby := areaAt(s, u, p, st)
				for range 2 {
					if g, by := oracleArea(s, u, p, st); g != wg || by != wby {
						t.Fatalf("%s: size %d %v at %v as %v: area %v by %v, want %v by %v", name, u.Size, u.Stance, p, st, g, by, wg, wby)
					}
				}
			}
		})
		if _, ok := s.Board.contactMemo(contactKey{P: Point{X: s.Board.Width - 1, Y: s.Board.Height - 1}, Size: 2, Own: Prone, contacts: true}); ok {
			kept++
		}
		if kept == 0 {
			t.Fatalf("%s: nothing kept", name)
		}
	}
	for _, seed := range mapgen.Seeds(2) {
		for _, s := range []*State{genState(t, 20, 16, 6, seed), genRichState(t, 20, 16, seed)} {
			name := fmt.Sprintf("seed %d", seed)
			checkRemovedAndBack(name, s, check)
			for y := 0; y < s.Board.Height; y += 3 {
				for x := 0; x < s.Board.Width; x += 2 {
					tl := s.Board.Tile(Point{X: x, Y: y})
					tl.Floor++
					s.Board.SetTile(Point{X: x, Y: y}, tl)
				}
			}
			check(name+" with floors raised", s)
			check(name+" cloned", s.Clone())
		}
	}
}

// TestTrialBorrowsTheIndex: Check tries a command on a copy that borrows
// the board's sight index (trial) and answers as on a copy with its own
// index; a trial that changes obstacles drops the borrowed index and
// leaves the board's as it was; and the board then answers as before.
func TestTrialBorrowsTheIndex(t *testing.T) {
	for _, seed := range mapgen.Seeds(2) {
		s := genState(t, 24, 20, 10, seed)
		sees := func(s *State) []bool {
			var out []bool
			for _, a := range s.Units {
				for _, b := range s.Units {
					out = append(out, s.LineOfSight(a, b), s.CanSee(a, b))
				}
			}
			return out
		}
		before := sees(s)
		idx := s.Board.sightIndex()
		if tr := s.trial(); tr.Board.index != idx {
			t.Fatalf("seed %d: a trial builds its own index", seed)
		}
		checked := 0
		for _, u := range s.Units {
			if u.Side != s.Side {
				continue
			}
			for _, e := range s.Units {
				cmds := []Command{Attack{Unit: u.ID, Target: e.ID}, Move{Unit: u.ID, To: e.Pos}}
				for _, cmd := range cmds {
					have, want := Check(s, cmd), errOf(Apply(s.Clone(), cmd, NewRNG(0)))
					if fmt.Sprint(have) != fmt.Sprint(want) {
						t.Fatalf("seed %d %+v: trial %v, own index %v", seed, cmd, have, want)
					}
					checked++
				}
			}
		}
		for i, o := range s.Board.Obstacles {
			if i%4 != 0 {
				continue
			}
			tr, fresh := s.trial(), s.Clone()
			tr.Board.RemoveObstacle(o.ID)
			fresh.Board.RemoveObstacle(o.ID)
			if tr.Board.index == idx {
				t.Fatalf("seed %d: a trial changed the index it borrowed", seed)
			}
			if !reflect.DeepEqual(sees(tr), sees(fresh)) {
				t.Fatalf("seed %d: without obstacle %d the trial sees otherwise than a copy", seed, o.ID)
			}
		}
		if s.Board.sightIndex() != idx || idx.Len() != len(s.Board.Obstacles) || !reflect.DeepEqual(sees(s), before) {
			t.Fatalf("seed %d: the board's index changed under its trials", seed)
		}
		if checked == 0 {
			t.Fatalf("seed %d: no command tried", seed)
		}
	}
}

// errOf is the error of Apply's answer.
func errOf(_ []Event, err error) error { return err }

// TestForecastShotIsPreviewShot: ForecastShot gives PreviewShot's forecast
// when PreviewShot has one and fails exactly when it does, for every pair
// of units of plain and rich random maps, each attacker also on every
// tile around it and in every stance.
func TestForecastShotIsPreviewShot(t *testing.T) {
	shots, fails := 0, 0
	for _, seed := range mapgen.Seeds(2) {
		for _, s := range []*State{genState(t, 24, 20, 10, seed), genRichState(t, 20, 16, seed)} {
			for _, a := range s.Units {
				for _, tg := range s.Units {
					for dy := -1; dy <= 1; dy++ {
						for dx := -1; dx <= 1; dx++ {
							for st := Standing; st <= Prone; st++ {
								m := *a
								m.Pos, m.Stance = a.Pos.Add(Point{X: dx, Y: dy}), st
								want, err := s.PreviewShot(m, *tg)
								have, ok := s.ForecastShot(m, *tg)
								if ok != (err == nil) || !reflect.DeepEqual(have, want) {
									t.Fatalf("seed %d %d at %v %v -> %d: forecast %+v %v, preview %+v %v", seed, a.ID, m.Pos, st, tg.ID, have, ok, want, err)
								}
								if ok {
									shots++
								} else {
									fails++
								}
							}
						}
					}
				}
			}
		}
	}
	if shots == 0 || fails == 0 {
		t.Fatalf("%d shots, %d without: the maps test one side only", shots, fails)
	}
}

// TestSuppressForecastAsksOnce: the forecast of a suppressive fire, which
// plans the roll from the view its checks asked, is the roll planned
// afresh, for every unit at every other unit's tile of random maps.
func TestSuppressForecastAsksOnce(t *testing.T) {
	rolls := 0
	for _, seed := range mapgen.Seeds(2) {
		for _, s := range []*State{genState(t, 24, 20, 10, seed), genRichState(t, 20, 16, seed)} {
			for _, u := range s.Units {
				if err := s.Rules().Equip(u, "trooper"); err != nil {
					t.Fatal(err)
				}
			}
			for _, u := range s.Units {
				for _, e := range s.Units {
					c := SuppressiveFire{Unit: u.ID, At: e.Pos}
					have, err := s.PreviewFire(c)
					a, w, area, werr := checkSuppress(s, c)
					if (err == nil) != (werr == nil) {
						t.Fatalf("seed %d %+v: forecast %v, check %v", seed, c, err, werr)
					}
					if err != nil {
						continue
					}
					want := previewOf(w, suppressPlan(s, a, w, area))
					want.AP = s.Rules().Tuning.SuppressAP // what the command costs, as the roll says
					if !reflect.DeepEqual(have[0].AttackPreview, want) {
						t.Fatalf("seed %d %+v: forecast %+v, planned afresh %+v", seed, c, have[0].AttackPreview, want)
					}
					rolls++
				}
			}
		}
	}
	if rolls == 0 {
		t.Fatal("no suppressive fire could be laid: the test proves nothing")
	}
}

// TestMaySeeNeverMissesAnArea: the cheap sight test a suppressive fire
// asks first (oracleMaySee) finds every 2x2 area the full test
// (oracleCover) sees, from every unit of rich random maps, leaning every
// way, to an area at every tile.
func TestMaySeeNeverMissesAnArea(t *testing.T) {
	seen, pruned := 0, 0
	for _, seed := range mapgen.Seeds(2) {
		s := genRichState(t, 16, 14, seed)
		for i, u := range s.Units {
			u.Status.Lean = Lean(i % 4)
		}
		for _, u := range s.Units {
			for y := 0; y+1 < s.Board.Height; y++ {
				for x := 0; x+1 < s.Board.Width; x++ {
					area := &Unit{ID: -1, Side: u.Side.Other(), Pos: Point{X: x, Y: y}, Size: 2, Stance: Prone, HP: 1}
					full, cheap := oracleCover(s, u, area).LoS, oracleMaySee(s, u, area)
					if full && !cheap {
						t.Fatalf("seed %d: %d sees the area at %v but the cheap test says not", seed, u.ID, area.Pos)
					}
					if full {
						seen++
					}
					if !cheap {
						pruned++
					}
				}
			}
		}
	}
	if seen == 0 || pruned == 0 {
		t.Fatalf("%d areas seen, %d pruned: the test proves nothing", seen, pruned)
	}
}
